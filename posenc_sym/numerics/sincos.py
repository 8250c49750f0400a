"""The accurate sin/cos kernel: sin(t·ω) and cos(t·ω) for integer t, within 0.5 + 2^−10 ulp.

Steps (each exact or with a stated error; the bound is derived in ``docs/numerics.md``):

1. **Exact turns** (:mod:`.turns`): t·ω/2π mod 1 to 128 bits, off by less than 2^−124.3 rad.
2. **Table point.** The top 9 bits (rounded) give j: the angle is 2π(j/512 + e) with
   |e| <= 2^−10 turns, e a double-double e_hi + e_lo; e₁ = the leading 26 bits of e_hi.
3. **Angle addition.** sin 2π(a + e) = S + C·2πe + S·(cos 2πe − 1) + C·(sin 2πe − 2πe), with S, C the
   sine and cosine of 2πj/512 from mpmath (as double-doubles) and 2πS, 2πC rounded to 27 bits so
   that their products with e₁ are exact. The two leading terms are added error-free (two-sum);
   everything else is below 2^−13 of the result (or the result is tiny and the leading term carries
   it exactly), so the only sizeable error is the final rounding: 0.5 ulp.

No quadrant logic is needed: the table spans the whole turn, and sin/cos of 2πj/512 are exactly 0
where they should be (``mpmath.sinpi``), so results near a zero never come from a cancellation.
The bound 0.5 + 2^−10 ulp holds whenever the result y has |y| >= 2^−60: the reduction error
2^−124.3 rad is then below 2^−11 ulp (ulp(y) > 2^−53·|y|). For smaller |y| add 2^−71.3/|y| ulp. A
heuristic count: over all positions below 2^31 and 2048 frequencies, about 10^−5 entries are
expected below 2^−60 (the closest approach to a zero of sin for ω = 1 and t < 2^32 is 4.5·10^−10).

>>> s, c = sincos_words(numpy.array([1, 2**31 - 1]), turn_words([1]))
>>> s[:, 0].tolist(), c[:, 0].tolist()
([0.8414709848078965, -0.7249165551445564], [0.5403023058681398, -0.6888366918779438])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

import mpmath
import numpy

from ..errors import PosencSymError
from .double_double import SPLITTER, split_mpf
from .formats import check_dtype
from .turns import MAX_POSITION, TurnWords, turn_words, turns

__all__ = ["accurate_error_bound", "accurate_sincos", "accurate_ulp_bound", "sincos_turns", "sincos_words"]

_S55 = numpy.uint64(55)
_MASK32 = numpy.uint64(0xFFFFFFFF)
_S32 = numpy.uint64(32)
_HALF_STEP = numpy.uint64(1 << 54)  # half a table step (2^−10 turns) in units of 2^−64
_TABLE_BITS = 9
_TAU = 6.283185307179586  # float(2π); used only in terms below 2^−13 of the result
_ROWS = 1 << 14  # entries per accurate_sincos block: the kernel's temporaries stay in cache

Pair = tuple[numpy.ndarray, numpy.ndarray]


def accurate_sincos(positions: Sequence[int] | numpy.ndarray, frequencies: Sequence[Any],
                    dtype: Any = numpy.float64) -> Pair:
    """(sin, cos) of t·ω for every integer position t (rows) and exact frequency ω (columns).

    Frequencies are exact numbers: int, Fraction, decimal str, SymPy expressions (e.g.
    ``theta(p, d - 2, b)`` for the d−2 convention, or a scaled RoPE frequency) or mpmath values
    (taken as exact). A Python float is taken as the binary number it is. Positions are integers
    in 0..2**32−1. Bound: float64 within 0.5 + 2^−10 ulp of the exact sin/cos of t·ω (results of
    magnitude >= 2^−60; below that add 2^−71.3/|y| ulp); float32
    within 0.5 + 2^−28 ulp (:func:`accurate_ulp_bound`). The frequency
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


def sincos_words(positions: numpy.ndarray, words: TurnWords) -> Pair:
    """(sin, cos) of t·ω, shape (len(positions), len(words.w0)), float64; positions integers in [0, 2^32)."""
    return sincos_turns(*turns(positions, words))


def sincos_turns(u: numpy.ndarray, v: numpy.ndarray, out: Pair | None = None) -> Pair:
    """sin and cos of 2π·(U·2^−64 + V·2^−128) within 0.5 + 2^−10 ulp (float64).

    ``out`` = (sin, cos) destinations (views of the final table, float64 or float32): the last
    addition writes there directly, so a float32 result is the float64 value rounded once.
    """
    with numpy.errstate(over="ignore"):
        j = u + _HALF_STEP
        j >>= _S55
        rem = (u - (j << _S55)).view(numpy.int64)  # in [−2^54, 2^54): e = rem·2^−64 + V·2^−128
    e1, rest, cm = _reduced_turns(rem, v)  # three arrays
    # One gather of all eight table columns (8, rows, pairs): about twice as fast as eight gathers.
    table = numpy.take(_table(), j.astype(numpy.intp), axis=1)
    sin_out, cos_out = (None, None) if out is None else out
    return _assemble(table, e1, rest, cm, sin_out, cos_out)


def _round_bits(x: mpmath.mpf, bits: int) -> float:
    if x == 0:
        return 0.0
    _, e = mpmath.frexp(x)
    scale = mpmath.mpf(2) ** (bits - int(e))
    return float(mpmath.nint(x * scale) / scale)


@cache
def _table() -> numpy.ndarray:
    """(8, 512): for a = j/512 turns, S_hi, S_lo, C_hi, C_lo, (2πS)₂₇, rest, (2πC)₂₇, rest."""
    cols: list[list[float]] = [[] for _ in range(8)]
    with mpmath.workprec(200):
        for j in range(1 << _TABLE_BITS):
            x = mpmath.mpf(j) / (1 << (_TABLE_BITS - 1))
            for slot, value in ((0, mpmath.sinpi(x)), (2, mpmath.cospi(x))):
                hi, lo = split_mpf(value)
                cols[slot].append(hi)
                cols[slot + 1].append(lo)
                scaled = 2 * mpmath.pi * value
                lead = _round_bits(scaled, 27)
                cols[4 + slot].append(lead)
                cols[5 + slot].append(float(scaled - lead))
    return numpy.array(cols)


def _reduced_turns(rem: numpy.ndarray, v: numpy.ndarray) -> tuple[numpy.ndarray, ...]:
    """e = rem·2^−64 + V·2^−128 turns as e₁ (26 bits) + e_rest, and the series cos x − 1, sin x − x."""
    rounded = rem.astype(numpy.float64)  # nearest 53-bit value of a 55-bit integer
    e_lo = (rem - rounded.astype(numpy.int64)).astype(numpy.float64)  # |·| <= 2, exact
    e_lo *= 2.0**-64
    rounded *= 2.0**-64  # e_hi, exact scaling
    e_hi = rounded
    part = (v >> _S32).astype(numpy.float64)
    part *= 2.0**-96
    e_lo += part
    numpy.multiply(v & _MASK32, 2.0**-128, out=part)
    e_lo += part
    e1 = SPLITTER * e_hi
    numpy.subtract(e1, e_hi, out=part)
    e1 -= part  # Veltkamp: the leading 26 bits, exact products with the 27-bit table entries
    numpy.subtract(e_hi, e1, out=part)
    part += e_lo  # e_rest
    x = _TAU * e_hi
    z = x * x
    cm = z * (-1.0 / 720)
    cm += 1.0 / 24
    cm *= z
    cm -= 0.5
    cm *= z  # cos x − 1
    st = z * (-1.0 / 5040)
    st += 1.0 / 120
    st *= z
    st -= 1.0 / 6
    st *= z
    st *= x  # sin x − x
    part *= _TAU
    part += st  # 2π·e_rest + (sin x − x): both multiply C in sin, S in cos
    return e1, part, cm


def _assemble(table: numpy.ndarray, e1: numpy.ndarray, rest: numpy.ndarray, cm: numpy.ndarray,
              sin_out: numpy.ndarray | None, cos_out: numpy.ndarray | None) -> Pair:
    """sin = S + 2πC·e₁ + [S_lo + (2πC)_rest·e₁ + S·cm + C·rest], cos likewise; one final rounding.

    Fast2Sum is exact here: away from the zeros of sin (j = 0, 256, where s_hi = 0 exactly)
    |s_hi| >= sin(2π/512) > 0.0123 > 2π·2^−10 >= |tc1·e1|; likewise for cos at j = ±128.
    """
    s_hi, s_lo, c_hi, c_lo, ts1, ts2, tc1, tc2 = table
    p = tc1 * e1
    hi = s_hi + p
    lo = hi - s_hi
    numpy.subtract(p, lo, out=lo)  # Fast2Sum error of s_hi + p
    tail = tc2 * e1
    tail += s_lo
    numpy.multiply(s_hi, cm, out=p)
    tail += p
    numpy.multiply(c_hi, rest, out=p)
    tail += p
    lo += tail
    sin = numpy.add(hi, lo, out=sin_out, casting="same_kind")
    numpy.multiply(ts1, e1, out=p)
    numpy.subtract(c_hi, p, out=hi)
    numpy.subtract(c_hi, hi, out=lo)
    lo -= p  # Fast2Sum error of c_hi − p
    numpy.multiply(ts2, e1, out=tail)
    numpy.subtract(c_lo, tail, out=tail)
    numpy.multiply(c_hi, cm, out=p)
    tail += p
    numpy.multiply(s_hi, rest, out=p)
    tail -= p
    lo += tail
    cos = numpy.add(hi, lo, out=cos_out, casting="same_kind")
    return sin, cos


def accurate_ulp_bound(dtype: Any) -> float:
    """Bound of the kernel (tables' method "accurate"), in ulps at the exact value y.

    float64: 0.5 (the one final rounding) + 2^−11 (the tail terms, each computed with relative
    error <= ~6u on values below 2^−14.3·|y|, series truncation, table rounding) + 2^−11 (the
    reduction error, below 2^−124.3 rad, divided by ulp(y) > 2^−53·|y|; this part needs
    |y| >= 2^−60, see the module docstring). float32: the float64 result rounded
    once more: 0.5 ulp32 + 2·(0.5 + 2^−10)·ulp64, and ulp64/ulp32 = 2^−29.

    >>> accurate_ulp_bound(numpy.float64), accurate_ulp_bound(numpy.float32) < 0.5 + 2 ** -28
    (0.5009765625, True)
    """
    inner = 0.5 + 2.0 ** -10
    if check_dtype(dtype) == numpy.dtype(numpy.float64):
        return inner
    return 0.5 + 2 * inner * 2.0 ** -29


def accurate_error_bound(values: numpy.ndarray, angles: numpy.ndarray | float) -> numpy.ndarray:
    """Absolute bound of the kernel in float64 when the frequencies are 40-digit approximations.

    0.5 + 2^-10 ulp for |y| ≥ 2^-60 and 2^-71.3/|y| ulp more below that (module docstring). A
    float64 ulp of v is at most 2^-52·|v|, so this is at most 2^-52·|v| + 2^-123. Frequencies
    given to 40 digits move the angle by at most t·ω·10^-40 < 2^-100 (t < 2^32, ω ≤ 2^10): the
    bound is 2^-52·|v| + 2^-100 + 2^-123 (``angles`` is unused: the bound does not grow with it).

    >>> float(accurate_error_bound(numpy.array([1.0]), 0.0)[0]) == 2.0**-52 + 2.0**-100 + 2.0**-123
    True
    """
    return numpy.ldexp(numpy.abs(values), -52) + (math.ldexp(1.0, -123) + math.ldexp(1.0, -100))
