"""Double-double arithmetic: a real number carried as hi + lo, two float64s, and the error-free
product both sin/cos methods build on.

- :func:`split_mpf` / :func:`split_frequencies`: an mpmath number w as hi = fl(w) and
  lo = fl(w − hi), so |w − (hi + lo)| <= 2^−53·|w − hi| <= 2^−106·|w| (away from the subnormals).
- :func:`two_product`: p = fl(a·b) and e with p + e = a·b exactly (Dekker 1971), the factors split
  into 26- and 27-bit halves by Veltkamp's constant :data:`SPLITTER` = 2^27 + 1.

>>> hi, lo = split_mpf(mpmath.mpf(1) / 3)
>>> hi == 1 / 3, abs(lo) <= 2.0 ** -53 * hi
(True, True)
>>> p, e = two_product(numpy.array([0.1]), numpy.array([3.0]))
>>> bool(p[0] == 0.1 * 3.0), bool(e[0] != 0.0)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import mpmath
import numpy

__all__ = ["SPLITTER", "split_frequencies", "split_mpf", "two_product"]

#: 2^27 + 1: c·a − (c·a − a) is a's leading 26 bits (Veltkamp), so products of halves are exact.
SPLITTER = 134217729.0


def split_frequencies(values: Iterable[Any]) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Double-double (hi, lo) arrays of exact numbers: mpmath numbers (of any precision), their raw
    ``(sign, man, exp, bc)`` tuples (taken exactly), or anything ``mpmath.mpf`` reads.

    >>> hi, lo = split_frequencies([mpmath.mpf(1) / 3])
    >>> bool(abs(lo[0]) <= 2.0**-53 * hi[0])
    True
    """
    pairs = [split_mpf(w) for w in values]
    hi = numpy.array([h for h, _ in pairs], dtype=numpy.float64)
    lo = numpy.array([low for _, low in pairs], dtype=numpy.float64)
    return hi, lo


def split_mpf(value: Any) -> tuple[float, float]:
    """hi = w rounded to float64, lo = w − hi rounded to float64, both correctly rounded (ties to
    even), in exact integer arithmetic on w = ±man·2^exp (mpmath's representation): the same
    numbers as mpmath's float(w) and float(w − hi) away from the subnormals, some 20× faster.
    A w beyond the float64 range gives (±inf, ∓inf).

    >>> split_mpf(mpmath.mpf(0.75)._mpf_)
    (0.75, 0.0)
    """
    raw = value if isinstance(value, tuple) else (value if isinstance(value, mpmath.mpf) else mpmath.mpf(value))._mpf_
    sign, man, exp, _ = raw
    if man == 0:
        return 0.0, 0.0
    signed = -man if sign else man
    hi = math.ldexp(float(signed), exp) if abs(exp) < 900 else math.inf  # inf: take the exact path below
    if not math.isfinite(hi) or abs(hi) < 2.0**-960:  # near the subnormals ldexp could round twice
        return _split_by_division(signed, exp)
    numerator, denominator = hi.as_integer_ratio()  # hi = numerator / 2^k exactly
    k = denominator.bit_length() - 1
    common = min(exp, -k)
    diff = (signed << (exp - common)) - (numerator << (-k - common))
    return hi, math.ldexp(float(diff), common)


def _split_by_division(signed: int, exp: int) -> tuple[float, float]:
    """The same split for any exponent: CPython's int / int is correctly rounded, subnormals included."""
    num, den = (signed << exp, 1) if exp >= 0 else (signed, 1 << -exp)
    try:
        hi = num / den
    except OverflowError:
        return math.copysign(math.inf, signed), math.copysign(math.inf, -signed)
    hi_num, hi_den = hi.as_integer_ratio()
    return hi, (num * hi_den - hi_num * den) / (den * hi_den)


def two_product(a: numpy.ndarray, b: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """p, e with p = fl(a·b) and p + e = a·b exactly (Dekker 1971, Veltkamp split); no overflow."""
    p = a * b
    ca = SPLITTER * a
    a_hi = ca - (ca - a)
    a_lo = a - a_hi
    cb = SPLITTER * b
    b_hi = cb - (cb - b)
    b_lo = b - b_hi
    e = ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    return p, e
