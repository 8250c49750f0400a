"""Exact angle reduction in turns: t·ω/2π mod 1 for integer positions, to 128 bits.

g = ω/2π mod 1 is computed by mpmath at 320 bits and stored as a 192-bit fixed-point fraction in
three uint64 words. For an integer 0 <= t < 2^32, t·g mod 1 is then computed *exactly* to 128 bits
with uint64 arithmetic (products split into 32-bit halves, carries propagated; the integer part
wraps away mod 2^64). This is the reduction modulo 2π, done in turns instead of radians, so no
Cody–Waite constant is needed; the only errors are the truncations of g (2^−192·t) and of the
product (the low word, < 2^−128 per :func:`turns` call, two calls when offsets are added by
:func:`add_turns`), together below 2^−127 turns = 2^−124.3 rad.

>>> words = turn_words([1])
>>> u, v = turns(numpy.array([3]), words)
>>> float(u[0, 0]) / 2.0**64  # 3 rad = 0.477... turns
0.477464829275686
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy

from ..errors import PosencSymError
from .exact import to_mpf

__all__ = ["MAX_POSITION", "TurnWords", "add_turns", "turn_words", "turns"]

#: Positions must lie in [0, MAX_POSITION): t fits 32 bits, so each 32×32-bit product is exact.
MAX_POSITION = 2**32
_MASK32 = numpy.uint64(0xFFFFFFFF)
_S32 = numpy.uint64(32)


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
