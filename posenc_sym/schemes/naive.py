"""The encodings rejected on the way to sinusoids, and a measurement of how distinct positions stay.

``integer``   p(t) = t: unbounded, and its values beyond the training length were never seen.
``unit``      p(t) = t/(n − 1) in [0, 1] for a sequence of n tokens: the step 1/(n − 1) changes
              with the length.
``binary``    the bits of t (most significant first) in ``width`` columns: bounded, but repeats
              after 2^width positions and moves in jumps.
``sin_pow2``  sin(t/2^i), i = 0..width−1: sines only, halving frequencies.
``sin_geom``  sin(t/b^(i/(width−1))): sines only, the geometric frequencies of
              ``003_750a8455e46b047a.txt`` (its 1/10000^(i/(d_model−1))).

Sines alone vanish at t = 0, so no linear map takes p(0) to p(k); sine and cosine pairs fix that.
"""

from __future__ import annotations

import math
from typing import Literal

import mpmath
import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from .scheme import Scheme

__all__ = [
    "SCHEMES",
    "binary_encoding",
    "float32_row_error",
    "integer_encoding",
    "nearest_offset_distance",
    "sin_only_encoding",
    "unit_interval_encoding",
]


def _width(width: int) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise PosencSymError(f"width={width!r} is not a positive int; pass the number of columns, e.g. 4")
    return width


def integer_encoding(position: sympy.Expr | int) -> sympy.Expr:
    """p(t) = t.

    >>> integer_encoding(7)
    7
    """
    return sympy.sympify(position)


def unit_interval_encoding(position: sympy.Expr | int, length: sympy.Expr | int) -> sympy.Expr:
    """p(t) = t/(n − 1): 0 for the first token, 1 for the last of n.

    >>> [unit_interval_encoding(t, 4) for t in range(4)]
    [0, 1/3, 2/3, 1]
    """
    if isinstance(length, int) and length < 2:
        raise PosencSymError(f"length={length} is too short; the [0, 1] encoding needs at least 2 tokens")
    return sympy.sympify(position) / (sympy.sympify(length) - 1)


def binary_encoding(position: sympy.Expr | int, width: int) -> ImmutableMatrix:
    """The bits of t, most significant first: column c is ⌊t/2^(width−1−c)⌋ mod 2.

    >>> binary_encoding(6, 3).T
    Matrix([[1, 1, 0]])
    >>> binary_encoding(14, 3).T  # 14 = 8 + 6: the code repeats after 2^3 positions
    Matrix([[1, 1, 0]])
    """
    _width(width)
    t = sympy.sympify(position)
    return ImmutableMatrix([sympy.Mod(sympy.floor(t / 2 ** (width - 1 - c)), 2) for c in range(width)])


def sin_only_encoding(position: sympy.Expr | int, width: int,
                      frequencies: Literal["pow2", "geometric"] = "pow2",
                      base: sympy.Expr | int = 10000) -> ImmutableMatrix:
    """sin(ω_i t) for i = 0..width−1, with ω_i = 1/2^i or ω_i = base^(−i/(width−1)).

    >>> sin_only_encoding(sympy.Symbol("t"), 2).T
    Matrix([[sin(t), sin(t/2)]])
    >>> sin_only_encoding(sympy.Symbol("t"), 2, "geometric").T
    Matrix([[sin(t), sin(t/10000)]])
    """
    _width(width)
    t = sympy.sympify(position)
    if frequencies == "pow2":
        omegas = [sympy.Rational(1, 2**c) for c in range(width)]
    elif frequencies == "geometric":
        if width < 2:
            raise PosencSymError("width=1 leaves i/(width−1) undefined; pass width >= 2")
        omegas = [sympy.Pow(base, -sympy.Rational(c, width - 1)) for c in range(width)]
    else:
        raise PosencSymError(f"frequencies={frequencies!r} is unknown; use 'pow2' or 'geometric'")
    return ImmutableMatrix([sympy.sin(w * t) for w in omegas])


def nearest_offset_distance(dim: int, base: float = 10000.0, max_offset: int = 100_000) -> tuple[float, int]:
    """min over offsets 1 ≤ δ < max_offset of |PE(t + δ) − PE(t)| for the sinusoidal encoding.

    |PE(t+δ) − PE(t)|² = Σ_i (2 − 2 cos δω_i) does not depend on t (proven in the sinusoidal
    derivations), so this is the distance from any row to its nearest other row. Float64.

    >>> dist, offset = nearest_offset_distance(512, max_offset=1000)
    >>> round(dist, 4), offset
    (3.7143, 1)
    """
    import numpy as np  # here: the symbolic definitions load without NumPy

    _width(dim)
    deltas = np.arange(1, max_offset, dtype=np.float64)
    total = np.zeros_like(deltas)
    for w in base ** (-np.arange(0, dim, 2) / dim):
        total += 2.0 - 2.0 * np.cos(deltas * w)
    dist = np.sqrt(total)
    return float(dist.min()), int(deltas[dist.argmin()])


def float32_row_error(position: int, dim: int, base: float = 10000.0) -> float:
    """|PE₃₂(t) − PE(t)|: the row computed the usual way in float32 against the exact row.

    float32 position × float32 exp(2i·(−ln b/d)), then float32 sin/cos (NumPy), against mpmath
    at 30 digits. The angle's rounding grows with t, so this grows roughly linearly in t.

    >>> float32_row_error(0, 8)
    0.0
    """
    import numpy as np  # here: the symbolic definitions load without NumPy

    _width(dim)
    f32 = np.float32
    div = np.exp(np.arange(0, dim, 2, dtype=f32) * f32(-math.log(base) / dim))
    angle = f32(position) * div
    sin32, cos32 = np.sin(angle), np.cos(angle)
    total = mpmath.mpf(0)
    with mpmath.workdps(30):
        for p in range(dim // 2):
            exact = mpmath.mpf(position) * mpmath.power(mpmath.mpf(base), -mpmath.mpf(2 * p) / dim)
            total += (mpmath.sin(exact) - mpmath.mpf(float(sin32[p]))) ** 2
            total += (mpmath.cos(exact) - mpmath.mpf(float(cos32[p]))) ** 2
        return float(mpmath.sqrt(total))


#: The property table's rows for the naive encodings (one derivation file covers all five).
SCHEMES: tuple[Scheme, ...] = tuple(
    Scheme(name, label, course=10, derivations=("naive_encodings",))
    for name, label in (
        ("integer", "integer index $t$"),
        ("unit_interval", "$t/(n−1)$ in [0, 1]"),
        ("binary", "binary code"),
        ("sin_pow2", "sin only, $1/2^i$"),
        ("sin_geometric", "sin only, $b^{−i/(d−1)}$"),
    )
)
