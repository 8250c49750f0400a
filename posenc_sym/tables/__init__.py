"""Numeric generators built from the proven expressions: sinusoidal tables and RoPE caches.

Three methods, each with a derived error bound (see :mod:`posenc_sym.accuracy` and
``docs/numerics.md``):

``"direct"``    the lambdified formula ``sin(b**(-2*i/d)*t)`` evaluated in the output dtype. Its
                error grows with the angle t·ω (:func:`posenc_sym.accuracy.direct_bound`).
``"accurate"``  exact angle reduction in 128-bit fixed point, then a table-driven sin/cos with an
                error-free leading term: within 0.5 + 2^−10 ulp in float64 for every position
                below 2^32 (for results of magnitude >= 2^−60; see ``_kernel``); float32 is the
                float64 result rounded once more (0.5 + 2^−28 ulp).
``"fast"``      the proven shift T_k applied blockwise to accurate rows: absolute error at most
                (2√2·(0.5 + 2^−10) + 2)·2^−53·(1 + 2^−51) in float64, independent of the position.

>>> table = sinusoidal_table(3, 4)
>>> [float(x) for x in table[1]]
[0.8414709848078965, 0.5403023058681398, 0.009999833334166664, 0.9999500004166653]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from ..accuracy import check_dtype
from ..errors import PosencSymError
from ._kernel import MAX_POSITION, sincos_words, turn_words
from .rope_cache import rope_cache
from .sinusoidal_table import sinusoidal_table

__all__ = ["MAX_POSITION", "accurate_sincos", "rope_cache", "sinusoidal_table"]

_ROWS = 1 << 14


def accurate_sincos(positions: Sequence[int] | numpy.ndarray, frequencies: Sequence[Any],
                    dtype: Any = numpy.float64) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(sin, cos) of t·ω for every integer position t (rows) and exact frequency ω (columns).

    Frequencies are exact numbers: int, Fraction, decimal str, SymPy expressions (e.g.
    ``theta(p, d - 2, b)`` for the d−2 convention, or a scaled RoPE frequency) or mpmath values
    (taken as exact). A Python float is taken as the binary number it is. Positions are integers
    in 0..2**32−1. Bound: float64 within 0.5 + 2^−10 ulp of the exact sin/cos of t·ω (results of
    magnitude >= 2^−60; below that add 2^−71.3/|y| ulp); float32
    within 0.5 + 2^−28 ulp (see :func:`posenc_sym.accuracy.accurate_ulp_bound`). The frequency
    conversion costs a few mpmath operations per frequency.

    >>> import sympy
    >>> s, c = accurate_sincos([0, 2], [1, sympy.Rational(1, 2)])
    >>> [float(x) for x in s[1]], [float(x) for x in c[1]]
    ([0.9092974268256817, 0.8414709848078965], [-0.4161468365471424, 0.5403023058681398])
    """
    dt = check_dtype(dtype)
    t = numpy.asarray(positions)
    if t.dtype.kind not in "iu":
        t = numpy.array([int(x) for x in t.ravel()], dtype=numpy.int64).reshape(t.shape)
    t = t.ravel()
    if t.size and (t.min() < 0 or t.max() >= MAX_POSITION):
        raise PosencSymError(
            f"positions span {int(t.min())}..{int(t.max())}; accurate_sincos takes integers in 0..2**32-1"
        )
    words = turn_words(list(frequencies))
    sin = numpy.empty((t.size, len(frequencies)), dtype=dt)
    cos = numpy.empty_like(sin)
    rows = max(1, _ROWS // max(len(frequencies), 1))
    for r0 in range(0, t.size, rows):
        s, c = sincos_words(t[r0 : r0 + rows], words)
        sin[r0 : r0 + rows], cos[r0 : r0 + rows] = s, c
    return sin, cos
