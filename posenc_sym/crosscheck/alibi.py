"""Identify and measure an ALiBi slope vector (one slope per head).

Rules (Press et al. 2022 and their reference code):

``power-of-two``  n = 2^k heads: m_h = 2^(−8(h+1)/n), h = 0 … n−1 (a geometric sequence whose
                  start and ratio are both 2^(−8/n)).
``interpolated``  n not a power of two: the slopes for the closest power of two c < n, followed by
                  every other slope of the 2c-head sequence, n − c of them.
``geometric``     the power-of-two formula applied to an n that is not a power of two — a common
                  slip: it is a valid decreasing sequence, but not the slopes ALiBi was trained with.

The slopes are exact numbers 2^(−8j/n); mpmath evaluates them (rounded to float64 they are
within 2^-52 relative, the slack the verdict allows). The error model is the one of
:mod:`.precision`: faithful (every slope within 1 ulp), or ``angle:FORMAT``, read here as "the
slopes were computed as powers in FORMAT": a power x^(h+1) of a rounded x carries relative error
(h+1)·u from x plus one rounding, within K·(h+1)·|m|·u with K = 2·ln 2 + 4 ≥ 5.

>>> check_alibi(numpy.array([2.0 ** (-8 * (h + 1) / 8) for h in range(8)])).convention_dict()["rule"]
'power-of-two'
"""

from __future__ import annotations

import math
from typing import Any

import mpmath
import numpy

from .load import as_float_array, require_ndim
from .precision import FORMATS, ErrorModel, data_format, ulp
from .result import CheckResult, Worst

__all__ = ["RULES", "check_alibi", "slopes_exact"]

RULES = ("power-of-two", "interpolated", "geometric")


def _geometric(n: int) -> list[mpmath.mpf]:
    return [mpmath.mpf(2) ** (-mpmath.mpf(8) * (h + 1) / n) for h in range(n)]


def slopes_exact(n_heads: int, rule: str) -> list[mpmath.mpf]:
    """The slopes of ``rule`` for ``n_heads`` heads, exactly (40 digits).

    >>> [float(s) for s in slopes_exact(6, "interpolated")]  # 4 heads, then 2 of the 8-head sequence
    [0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125]
    """
    with mpmath.workdps(40):
        if rule == "interpolated" and n_heads & (n_heads - 1):
            closest = 1 << (n_heads.bit_length() - 1)
            return _geometric(closest) + _geometric(2 * closest)[0::2][: n_heads - closest]
        return _geometric(n_heads)


def check_alibi(slopes: Any, *, model: ErrorModel | None = None) -> CheckResult:
    """Identify the slope rule of a vector of per-head slopes and measure it."""
    model = model or ErrorModel()
    array, fmt_name = as_float_array(slopes, "the slope vector")
    notes: list[str] = []
    if array.ndim > 1 and sum(s > 1 for s in array.shape) <= 1:
        notes.append(f"shape {array.shape} squeezed to one axis of heads")
        array = array.reshape(-1)
    array = require_ndim(array, 1, "the slope vector", "(heads)")
    fmt = data_format(fmt_name)
    n = array.size
    power = n & (n - 1) == 0
    rules = ["power-of-two"] if power else ["interpolated", "geometric"]
    x = array.astype(numpy.float64)
    scored = []
    for rule in rules:
        ref = numpy.array([float(s) for s in slopes_exact(n, rule)])
        scored.append((float(numpy.abs(x - ref).max()), rule, ref))
    _, rule, ref = min(scored, key=lambda s: s[0])
    err = numpy.abs(x - ref)
    unit = ulp(ref, fmt)
    ratio = err / unit
    exponent = numpy.arange(1, n + 1) * numpy.abs(ref)  # plays the role of the angle in the bound
    slack = numpy.ldexp(numpy.abs(ref), -52)
    allowed = model.bound(ref, exponent, 2.0, fmt) + slack
    outside = int((err > allowed).sum())
    k = 2.0 * math.log(2.0) + 4.0
    needed = float(numpy.max(numpy.maximum(err - unit - slack, 0.0) / (k * exponent)))
    w = int(numpy.argmax(ratio))
    worst = Worst(float(w), w, w, float(x[w]), float(ref[w]), float(err[w]), float(ratio[w]), "")
    if outside:
        order = "ascending" if numpy.all(numpy.diff(x) > 0) else "not ordered by head"
        start = float(x[0])
        ratios = x[1:] / x[:-1] if n > 1 else numpy.array([])
        shape = (f"a geometric sequence with ratio {float(ratios.mean()):.6g} starting at {start:.6g}"
                 if n > 2 and numpy.ptp(ratios) <= 1e-6 * abs(float(ratios.mean())) else
                 f"not a geometric sequence ({order if numpy.any(numpy.diff(x) >= 0) else 'decreasing'})")
        notes.append(f"{outside} of {n} slopes are off the {rule} rule by more than the model allows; "
                     f"the data are {shape}")
        rule_name = "unknown"
    else:
        rule_name = rule
        kind = "exact" if not err.any() else f"within {float(ratio.max()):.3g} ulp"
        notes.append(f"{n} heads: every slope is {kind} of the {rule} rule")
    if needed > 0:
        fits = next((name for name, f in FORMATS.items() if needed <= f.unit_roundoff
                     and all(needed > g.unit_roundoff for g in FORMATS.values() if g.precision > f.precision)),
                    None)
        notes.append(f"slopes off by up to {float(ratio.max()):.3g} ulp: " + (
            f"consistent with computing them as powers in {fits} (error grows with the head index)"
            if fits else "more than rounding in any format explains"))
    if rule == "geometric" and not outside:
        notes.append(f"{n} is not a power of two, and these slopes apply 2^(−8(h+1)/n) directly instead of "
                     "the interpolated rule of the ALiBi paper")
    convention = (("heads", n), ("rule", rule_name), ("closest_rule", rule))
    return CheckResult("alibi", "matches" if not outside else "mismatch", convention,
                       float(err.max()), float(ratio.max()), worst, tuple(notes), model.name, fmt_name,
                       (n,), None)
