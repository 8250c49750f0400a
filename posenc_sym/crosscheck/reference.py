"""The exact frequencies of a checked table's convention, base^(−2i/D), and their double-doubles.

A check scores several candidate conventions on the same table, and a table may be 10⁵ columns
wide, so the frequencies are computed once per (base, D, count), cached, and kept as mpmath's raw
tuples until a number is needed. The reference sin/cos of t·ω comes from the engine of
:mod:`posenc_sym.numerics`: :func:`~posenc_sym.numerics.sincos_from_frequencies` on the
double-doubles of :func:`power_split` (any position, within 2^-50·|v| + …), or the accurate kernel
on the exact frequencies (float64 data; :mod:`.measure` chooses).

>>> hi, lo = power_split(10000.0, 4.0, 2)
>>> hi.tolist(), lo.tolist()  # lo = 1/100 − float(0.01), rounded
([1.0, 0.01], [0.0, -2.0816681711721684e-19])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import mpmath
import numpy
from mpmath.libmp import mpf_mul, round_nearest

from ..numerics import split_frequencies

__all__ = ["power_frequencies", "power_split"]


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
    """:func:`~posenc_sym.numerics.split_frequencies` of :func:`power_frequencies`, cached
    (read-only arrays), taken from the raw tuples without making numbers."""
    exact = power_frequencies(base, denominator, count)
    assert isinstance(exact, _Exact)
    hi, lo = split_frequencies(exact.raw)
    hi.flags.writeable = lo.flags.writeable = False
    return hi, lo
