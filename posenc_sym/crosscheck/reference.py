"""Our reference for a table being checked: sin and cos of t·ω from the exact frequencies.

The frequencies ω are exact real numbers (b^(−2i/D) and the scaled variants); mpmath evaluates
them at 40 digits and we carry each as a double-double ω_hi + ω_lo. The positions t are integers,
exact in float64 below 2^53.

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
>>> hi, lo = split_frequencies([mpmath.mpf(1)])
>>> s, c = sincos_from_frequencies(numpy.array([0.0, 1.0]), hi, lo)
>>> bool(s[1, 0] == numpy.sin(1.0)), bool(c[0, 0] == 1.0)
(True, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import mpmath
import numpy
from mpmath.libmp import mpf_mul, round_nearest

__all__ = ["power_frequencies", "power_split", "reference_error_bound", "sincos_from_frequencies", "split_frequencies"]

_SPLITTER = float(2**27 + 1)


@functools.lru_cache(maxsize=32)
def power_frequencies(base: float, denominator: float, count: int) -> Sequence[mpmath.mpf]:
    """base^(−2i/denominator) for i = 0 … count−1 to 40 digits or better, cached (a check scores
    several candidate conventions on the same table, and a table may be 10⁵ columns wide).

    Each block of 64 starts from a power evaluated directly and continues by multiplying by the
    ratio r = base^(−2/denominator), at 170 bits (51 digits): the 63 products add at most
    64·2^-170 relative error, far below the 10^-40 promised. The products use mpmath's low-level
    multiplication (no number objects in between), which makes a 10⁵-wide table cheap.

    >>> ws = power_frequencies(10000.0, 8.0, 130)
    >>> with mpmath.workdps(40):
    ...     bool(abs(ws[129] - mpmath.mpf(10000) ** (-mpmath.mpf(258) / 8)) <= mpmath.mpf(10) ** -39 * ws[129])
    True
    """
    prec = 170
    with mpmath.workprec(prec):
        b, den = mpmath.mpf(base), mpmath.mpf(denominator)
        ratio = (b ** (-2 / den))._mpf_
        anchors = [(b ** (-2 * mpmath.mpf(i) / den))._mpf_ for i in range(0, count, 64)]
    out: list[tuple[Any, ...]] = []
    for i in range(count):
        out.append(anchors[i // 64] if i % 64 == 0 else mpf_mul(out[-1], ratio, prec, round_nearest))
    return _Exact(tuple(out), prec)


class _Exact(Sequence[mpmath.mpf]):
    """Frequencies kept as mpmath's raw (sign, man, exp, bc) tuples, made numbers only when read:
    most checks need only their double-double split (:func:`power_split`), taken from the tuples."""

    def __init__(self, raw: tuple[tuple[Any, ...], ...], prec: int) -> None:
        self.raw = raw
        self.prec = prec

    def __len__(self) -> int:
        return len(self.raw)

    def __getitem__(self, index: Any) -> Any:
        with mpmath.workprec(self.prec):  # mpf() rounds to the working precision
            if isinstance(index, slice):
                return [mpmath.mpf(w) for w in self.raw[index]]
            return mpmath.mpf(self.raw[index])


@functools.lru_cache(maxsize=32)
def power_split(base: float, denominator: float, count: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    """:func:`split_frequencies` of :func:`power_frequencies`, cached (read-only arrays)."""
    exact = power_frequencies(base, denominator, count)
    assert isinstance(exact, _Exact)
    pairs = [_split_raw(w) for w in exact.raw]
    hi = numpy.array([h for h, _ in pairs], dtype=numpy.float64)
    lo = numpy.array([low for _, low in pairs], dtype=numpy.float64)
    hi.flags.writeable = lo.flags.writeable = False
    return hi, lo


def split_frequencies(frequencies: Sequence[mpmath.mpf]) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Double-double (hi, lo) arrays of exact frequencies given as mpmath numbers (≥ 40 digits).

    >>> hi, lo = split_frequencies([mpmath.mpf(1) / 3])
    >>> bool(abs(lo[0]) <= 2.0**-53 * hi[0])
    True
    """
    pairs = [_split_raw((w if isinstance(w, mpmath.mpf) else mpmath.mpf(w))._mpf_) for w in frequencies]
    hi = numpy.array([h for h, _ in pairs], dtype=numpy.float64)
    lo = numpy.array([low for _, low in pairs], dtype=numpy.float64)
    return hi, lo


def _split_raw(raw: tuple[Any, ...]) -> tuple[float, float]:
    """hi = w rounded to float64, lo = w − hi rounded to float64, in exact integer arithmetic on
    w = ±man·2^exp (mpmath's representation): CPython converts an int to the nearest float
    (ties to even), so hi is correctly rounded, and w − hi is formed exactly before its own
    rounding — the same numbers as mpmath's float(w) and float(w − hi), some 20× faster.

    >>> _split_raw(mpmath.mpf(0.75)._mpf_)
    (0.75, 0.0)
    """
    sign, man, exp, _ = raw
    if man == 0:
        return 0.0, 0.0
    value = -man if sign else man
    hi = math.ldexp(float(value), exp) if abs(exp) < 900 else math.inf  # inf: take the slow path below
    if not math.isfinite(hi) or abs(hi) < 2.0**-960:  # near the subnormals ldexp could round twice
        with mpmath.workprec(max(200, man.bit_length() + 10)):
            w = mpmath.mpf(raw)
            hi = float(w)
            return hi, float(w - hi)
    numerator, denominator = hi.as_integer_ratio()  # hi = numerator / 2^k exactly
    k = denominator.bit_length() - 1
    common = min(exp, -k)
    diff = (value << (exp - common)) - (numerator << (-k - common))
    return hi, math.ldexp(float(diff), common)


def _two_product(a: numpy.ndarray, b: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """p, e with p = fl(a·b) and p + e = a·b exactly (Dekker 1971, Veltkamp split)."""
    p = a * b
    ca = _SPLITTER * a
    a_hi = ca - (ca - a)
    a_lo = a - a_hi
    cb = _SPLITTER * b
    b_hi = cb - (cb - b)
    b_lo = b - b_hi
    e = ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    return p, e


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
        c = _SPLITTER * hi
        h_hi = (c - (c - hi))[None, :]
        h_lo = hi[None, :] - h_hi
        p = t * hi[None, :]
        theta_lo = t * h_hi
        theta_lo -= p
        theta_lo += t * h_lo
    else:
        p, theta_lo = _two_product(t, hi[None, :])
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
