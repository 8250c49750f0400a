"""Read frequencies, phases, scale and start position off sin/cos column pairs.

For a pair of columns a = s·sin(θ_t), b = s·cos(θ_t) with θ_t = (t0 + r)·ω at row r, the angle
atan2(a, b) unwrapped along the rows is a straight line: slope ω, intercept t0·ω (mod 2π). A
least-squares line through all rows reads ω to far better than one ulp of a single value, and
the lowest frequency pins the start t0 without the 2π ambiguity the highest one has.

These are *estimates* used to pick a candidate convention; the verdict is always decided by
measuring the data against the exact reference of the candidate (:mod:`.measure`).

>>> r = numpy.arange(50.0)[:, None]
>>> w = numpy.array([1.0, 0.01])
>>> fit = fit_pairs(numpy.sin((r + 3) * w), numpy.cos((r + 3) * w))
>>> numpy.allclose(fit.omega, w), estimate_start(fit)
(True, 3)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy

__all__ = ["KNOWN_BASES", "PairFit", "estimate_start", "fit_pairs", "snap"]

#: Bases used in practice (the paper's 10000; LLaMA-3's 500000; Code Llama's 1000000, …).
KNOWN_BASES: tuple[float, ...] = (10000.0, 500000.0, 1000000.0, 100000.0, 1000.0, 10000000.0, 50000.0)


@dataclass(frozen=True)
class PairFit:
    """Per pair: angular frequency, intercept (angle at row 0), scale, and the line's residual."""

    omega: numpy.ndarray
    intercept: numpy.ndarray
    scale: numpy.ndarray
    residual: numpy.ndarray  # max |θ − line| per pair, radians


def fit_pairs(sin_part: numpy.ndarray, cos_part: numpy.ndarray) -> PairFit:
    """Fit θ = intercept + ω·r to atan2(sin, cos) for each column pair (rows r = 0, 1, …)."""
    theta = numpy.unwrap(numpy.arctan2(sin_part, cos_part), axis=0)
    r = numpy.arange(theta.shape[0], dtype=numpy.float64)
    rc = r - r.mean()
    denom = float((rc * rc).sum()) or 1.0
    omega = (rc[:, None] * (theta - theta.mean(axis=0))).sum(axis=0) / denom
    intercept = theta.mean(axis=0) - omega * r.mean()
    residual = numpy.abs(theta - (intercept + omega * r[:, None])).max(axis=0)
    scale = numpy.hypot(sin_part, cos_part).mean(axis=0)
    return PairFit(omega, intercept, scale, residual)


def estimate_start(fit: PairFit) -> int:
    """The integer start position t0 consistent with the intercepts t0·ω (mod 2π).

    Start from the lowest frequency (unambiguous while |t0·ω| < π), then let each higher frequency
    pick the 2π branch nearest to the current estimate and refine it.
    """
    order = numpy.argsort(numpy.abs(fit.omega))
    estimate = 0.0
    first = True
    for j in order:
        w = float(fit.omega[j])
        if abs(w) < 1e-300:
            continue
        a = float(fit.intercept[j])
        if first:
            estimate = math.remainder(a, 2 * math.pi) / w
            first = False
            continue
        branch = round((estimate * w - a) / (2 * math.pi))
        estimate = (a + 2 * math.pi * branch) / w
    return round(estimate)


def snap(value: float, candidates: tuple[float, ...], rel: float) -> float | None:
    """The candidate within relative distance ``rel`` of ``value``, if any.

    >>> snap(10000.2, KNOWN_BASES, 1e-4), snap(9647.0, KNOWN_BASES, 1e-4)
    (10000.0, None)
    """
    for c in candidates:
        if abs(value - c) <= rel * abs(c):
            return c
    return None
