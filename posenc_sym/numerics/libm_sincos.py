"""sin and cos of t·ω from a double-double angle and the platform's libm: any float64 position.

The frequencies ω are exact real numbers given as double-doubles ω_hi + ω_lo
(:func:`~posenc_sym.numerics.split_frequencies` of 40 digits or more); the positions t are
float64 integers, exact below 2^53. Where the accurate kernel (:mod:`.sincos`) cannot go
(positions outside 0 … 2^32 − 1) or need not (data narrower than float64), this is the reference.

Error bound of :func:`sincos_from_frequencies` (derived, and tested against mpmath):

1. ω = ω_hi + ω_lo + δ with |δ| ≤ 2^-104·ω (both parts rounded from 40 digits).
2. p + e = t·ω_hi exactly (Dekker's two-product with Veltkamp splitting; no overflow since
   t < 2^53 and ω ≤ 2^10). θ_lo = fl(e + fl(t·ω_lo)) differs from e + t·ω_lo by at most
   2^-104·|θ|, so θ = p + θ_lo + η with |η| ≤ 2^-102·|θ| and |θ_lo| ≤ L = 2^-52·|θ|.
3. The library's float64 sin/cos are within 2 ulp, a relative error ≤ 2^-51 (glibc documents
   < 1 ulp; ``tests/test_crosscheck_reference.py`` measures it against mpmath on large and small
   arguments). So sin(p) and cos(p) are off by at most 2^-51.
4. sin θ = sin p + cos p·θ_lo + R with |R| ≤ |η| + (L + |η|)²/2 + L³/6 (1 − cos δ ≤ δ²/2,
   |sin δ − δ| ≤ |δ|³/6 for δ = θ_lo + η), and the two floating operations that form it add at
   most 2^-52·(|sin p| + L).
5. With |sin p| ≤ |v| + L + |η| for v = sin θ (cos θ likewise):

       |reference − v| ≤ 2^-50·|v| + 2^-100·|θ| + L²/2 + L³/6,     L = 2^-52·|θ|.

For float32, float16 and bfloat16 data this is far below the data's ulp: relative to ulp(v) ≥
2^-24·|v| the first term is ≤ 2^-26 ulp, and for positions below 2^31 (|θ| ≤ 2^31·ω, ω ≤ 1)
the rest is ≤ 2^-41 absolute (L²/2 at t = 2^31; 2^-69 at t = 2^17, a 131072-position cache). An integer position cannot
bring sin(tω) closer to 0 than the best rational approximations of π/ω allow, so smaller |v| are
not met in practice, and :func:`reference_error_bound` is used element by element anyway: the
verdict adds it as slack, so a value it cannot decide is never called wrong (nor right) silently.

For float64 data the first term is up to 4 ulp: the check reports that slack in its notes.

>>> import mpmath
>>> from posenc_sym.numerics import split_frequencies
>>> hi, lo = split_frequencies([mpmath.mpf(1)])
>>> s, c = sincos_from_frequencies(numpy.array([0.0, 1.0]), hi, lo)
>>> bool(s[1, 0] == numpy.sin(1.0)), bool(c[0, 0] == 1.0)
(True, True)
"""

from __future__ import annotations

import math

import numpy

from .double_double import SPLITTER, two_product

__all__ = ["reference_error_bound", "sincos_from_frequencies"]


def sincos_from_frequencies(
    positions: numpy.ndarray, hi: numpy.ndarray, lo: numpy.ndarray
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """sin and cos of positions[:, None]·ω[None, :], within :func:`reference_error_bound`.

    The shapes are (len(positions), len(hi)); everything is float64.
    """
    t = numpy.asarray(positions, dtype=numpy.float64)[:, None]
    if t.size and float(numpy.abs(t).max()) < 2.0**26:
        # t has at most 26 bits, so t·ω_hi's Dekker product needs no split of t: e = (t·h_hi − p) + t·h_lo
        # with t·h_hi exact (26 + 27 bits) — the same exact error term in four operations instead of nine
        c = SPLITTER * hi
        h_hi = (c - (c - hi))[None, :]
        h_lo = hi[None, :] - h_hi
        p = t * hi[None, :]
        theta_lo = t * h_hi
        theta_lo -= p
        theta_lo += t * h_lo
    else:
        p, theta_lo = two_product(t, hi[None, :])
    theta_lo += t * lo[None, :]
    sp, cp = numpy.sin(p), numpy.cos(p)
    s = cp * theta_lo
    s += sp
    sp *= theta_lo
    numpy.subtract(cp, sp, out=cp)
    return s, cp


def reference_error_bound(values: numpy.ndarray, angles: numpy.ndarray | float) -> numpy.ndarray:
    """The bound of the module docstring: 2^-50·|v| + 2^-100·|θ| + L²/2 + L³/6, L = 2^-52·|θ|.

    >>> float(reference_error_bound(numpy.array([1.0]), 0.0)[0]) == 2.0**-50
    True
    """
    theta = numpy.abs(angles)
    low = math.ldexp(1.0, -52) * theta
    return math.ldexp(1.0, -50) * numpy.abs(values) + math.ldexp(1.0, -100) * theta + low**2 / 2.0 + low**3 / 6.0
