"""The accurate sin/cos kernel: sin(t·ω) and cos(t·ω) for integer t, within 0.5 + 2^−10 ulp.

Steps (each exact or with a stated error; the bound is derived in ``docs/numerics.md``):

1. **Exact turns.** g = ω/2π modulo 1 is computed by mpmath at 320 bits and stored as a 192-bit
   fixed-point fraction in three uint64 words. For an integer 0 <= t < 2^32, t·g mod 1 is then
   computed *exactly* to 128 bits with uint64 arithmetic (products split into 32-bit halves,
   carries propagated; the integer part wraps away mod 2^64). This is the reduction modulo 2π,
   done in turns instead of radians, so no Cody–Waite constant is needed; the only errors are the
   truncations of g (2^−192·t) and of the product (the low word, < 2^−128 per ``turns`` call, two
   calls when offsets are added), together below 2^−127 turns = 2^−124.3 rad.
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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import mpmath
import numpy

from ..errors import PosencSymError
from ..reference import to_mpf

__all__ = ["MAX_POSITION", "TurnWords", "add_turns", "sincos_turns", "sincos_words", "turn_words", "turns"]

#: Positions must lie in [0, MAX_POSITION): t fits 32 bits, so each 32×32-bit product is exact.
MAX_POSITION = 2**32
_MASK32 = numpy.uint64(0xFFFFFFFF)
_S32, _S55 = numpy.uint64(32), numpy.uint64(55)
_HALF_STEP = numpy.uint64(1 << 54)  # half a table step (2^−10 turns) in units of 2^−64
_TABLE_BITS = 9
_SPLIT = 134217729.0  # 2^27 + 1, Dekker's splitting constant
_TAU = 6.283185307179586  # float(2π); used only in terms below 2^−13 of the result


@dataclass(frozen=True)
class TurnWords:
    """ω/2π mod 1 as a 192-bit fraction, three uint64 words per frequency (most significant first)."""

    w0: numpy.ndarray
    w1: numpy.ndarray
    w2: numpy.ndarray


def turn_words(frequencies: Sequence[Any]) -> TurnWords:
    """Convert exact frequencies (int, Fraction, str, SymPy, mpf) to 192-bit turn fractions.

    >>> words = turn_words([0, mpmath.pi])  # ω = π is half a turn
    >>> [hex(int(w)) for w in words.w0]
    ['0x0', '0x8000000000000000']
    """
    fractions = []
    with mpmath.workprec(320):
        for f in frequencies:
            g = (+f if isinstance(f, mpmath.mpf) else to_mpf(f, 100)) / (2 * mpmath.pi)
            g = g - mpmath.floor(g)
            fractions.append(int(mpmath.floor(g * mpmath.mpf(2) ** 192)))
    mask = (1 << 64) - 1
    w = [numpy.array([(x >> shift) & mask for x in fractions], dtype=numpy.uint64) for shift in (128, 64, 0)]
    return TurnWords(w[0], w[1], w[2])


def _mul_high(t: numpy.ndarray, word: numpy.ndarray) -> numpy.ndarray:
    """floor(t·word / 2^64) for t < 2^32, via 32-bit halves (no product exceeds 2^64)."""
    low = (t * (word & _MASK32)) >> _S32
    return (t * (word >> _S32) + low) >> _S32


def turns(positions: numpy.ndarray, words: TurnWords) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(U, V) with t·g mod 1 = U·2^−64 + V·2^−128 (exact but for the dropped tail), t down, g across."""
    t = numpy.asarray(positions)
    if t.size and (t.min() < 0 or t.max() >= MAX_POSITION):
        raise PosencSymError(
            f"positions span {int(t.min())}..{int(t.max())}; the accurate kernel takes integers in 0..2**32-1"
        )
    tcol = t.astype(numpy.uint64).reshape(-1, 1)
    with numpy.errstate(over="ignore"):
        h2 = _mul_high(tcol, words.w2)
        v = tcol * words.w1 + h2  # wraps mod 2^64 by design
        carry = (v < h2).astype(numpy.uint64)
        u = tcol * words.w0 + _mul_high(tcol, words.w1) + carry
    return u, v


def add_turns(a: tuple[numpy.ndarray, numpy.ndarray],
              b: tuple[numpy.ndarray, numpy.ndarray]) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(t₁ + t₂)·g mod 1 from the turns of t₁ and t₂: a 128-bit addition with carry (broadcasts)."""
    with numpy.errstate(over="ignore"):
        v = a[1] + b[1]
        u = a[0] + b[0] + (v < b[1]).astype(numpy.uint64)
    return u, v


def _two_sum(a: Any, b: Any) -> tuple[Any, Any]:
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


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
                hi = float(value)
                cols[slot].append(hi)
                cols[slot + 1].append(float(value - hi))
                scaled = 2 * mpmath.pi * value
                lead = _round_bits(scaled, 27)
                cols[4 + slot].append(lead)
                cols[5 + slot].append(float(scaled - lead))
    return numpy.array(cols)


def _fast_two_sum(a: Any, b: Any) -> tuple[Any, Any]:
    """Exact a + b = s + err, valid when |a| >= |b| or a == 0 (Dekker's Fast2Sum)."""
    s = a + b
    return s, b - (s - a)


Pair = tuple[numpy.ndarray, numpy.ndarray]


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
    e1 = _SPLIT * e_hi
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


def sincos_words(positions: numpy.ndarray, words: TurnWords) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(sin, cos) of t·ω, shape (len(positions), len(words.w0)), float64; positions integers in [0, 2^32)."""
    return sincos_turns(*turns(positions, words))
