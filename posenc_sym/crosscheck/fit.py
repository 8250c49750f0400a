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

__all__ = ["KNOWN_BASES", "PairFit", "estimate_start", "fit_pairs", "ruled_out", "snap"]

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


def estimate_start(fit: PairFit, omega: numpy.ndarray | None = None, max_start: int = 2**24) -> int:
    """The integer start t0 ≥ 0 whose angles t0·ω best match the intercepts (mod 2π).

    The lowest frequency gives t0 up to multiples of 2π/ω_min; each such candidate (rounded to
    an integer, and its neighbours) is scored on the lowest and highest frequencies together —
    a vernier that is unambiguous over far more than one period. ``omega`` are the exact
    frequencies of a candidate convention when known (better than the fitted slopes).
    """
    w = numpy.asarray(fit.omega if omega is None else omega, dtype=numpy.float64)
    alpha = numpy.asarray(fit.intercept, dtype=numpy.float64)
    keep = w > 0
    if not keep.any():
        return 0
    w, alpha = w[keep], alpha[keep]
    order = numpy.argsort(w)
    probe = numpy.unique(numpy.concatenate([order[:8], order[-8:]]))  # a handful of frequencies
    lowest = float(w[order[0]])
    first = float(numpy.mod(alpha[order[0]], 2 * math.pi)) / lowest
    branches = min(int(max_start * lowest / (2 * math.pi)) + 1, 1 << 20)
    centres = numpy.rint(first + 2 * math.pi * numpy.arange(-1, branches) / lowest)  # -1: α just below 0
    # each centre and its neighbours; centres are 2π/ω_min ≥ 2 apart (ω ≤ π), so this is sorted and
    # repeats at most a neighbour, which the argmin below does not mind (no sort of 3·10⁶ values)
    candidates = (centres[:, None] + numpy.array([-1.0, 0.0, 1.0])[None, :]).ravel()
    candidates = candidates[candidates >= 0]
    found = _best_start(candidates, w[probe], alpha[probe], _PRUNE)
    if found is None:  # no candidate within the pruning threshold: score them all
        found = _best_start(candidates, w[probe], alpha[probe], math.inf)
    assert found is not None
    return found


def ruled_out(fit: PairFit, omega: numpy.ndarray, rows: int) -> bool:
    """Whether frequencies ``omega`` cannot explain data whose pairs turn at the fitted slopes over
    ``rows`` consecutive rows, whatever the start: a start t0 shifts every phase by t0·ω but leaves
    its slope over the rows, so a pair whose slope differs by Δ (mod 2π) drifts by |Δ|·(rows − 1)
    against the data; beyond π some row is a quarter turn or more off, where |Δcos|² + |Δsin|² ≥ 2
    (times the amplitude) — far outside any error model, and no start is worth searching for.

    >>> angle = numpy.arange(64.0)[:, None] * [1.0, 0.1]
    >>> fit = fit_pairs(numpy.sin(angle), numpy.cos(angle))
    >>> ruled_out(fit, numpy.array([1.0, 0.1]), 64), ruled_out(fit, numpy.array([1.0, 0.2]), 64)
    (False, True)
    """
    if rows < 2 or omega.shape != fit.omega.shape:
        return False
    drift = numpy.remainder(omega - fit.omega + math.pi, 2 * math.pi) - math.pi
    return bool(float(numpy.abs(drift).max()) * (rows - 1) > math.pi)


#: Phase residual (radians) beyond which a start is dropped after one probe frequency. The result
#: is the argmin of the largest residual over the probes, so dropping candidates whose residual on
#: some probe exceeds the threshold changes nothing whenever the winner's largest residual is within
#: it; when none is, every candidate is scored in full (:func:`estimate_start`). A quarter turn
#: keeps about 1/4 of the wrong starts per probe, so the work falls from 16 probes to about 1.3.
_PRUNE = math.pi / 2


def _phase_residual(starts: numpy.ndarray, w: float, alpha: float) -> numpy.ndarray:
    phase = starts * w - alpha
    return numpy.abs(numpy.remainder(phase + math.pi, 2 * math.pi) - math.pi)


def _best_start(candidates: numpy.ndarray, w: numpy.ndarray, alpha: numpy.ndarray, prune: float) -> int | None:
    """The candidate start with the least largest phase residual over the probes, among those whose
    residual stays within ``prune`` on every probe (None if there are none)."""
    best: int | None = None
    best_residual = math.inf
    for block in numpy.array_split(candidates, max(1, candidates.size // 65536)):
        worst = numpy.zeros(block.size)
        for j in range(w.size):
            numpy.maximum(worst, _phase_residual(block, float(w[j]), float(alpha[j])), out=worst)
            keep = worst <= prune
            if not keep.all():
                block, worst = block[keep], worst[keep]
                if block.size == 0:
                    break
        if block.size:
            k = int(numpy.argmin(worst))
            if worst[k] < best_residual:
                best, best_residual = int(block[k]), float(worst[k])
    return best


def snap(value: float, candidates: tuple[float, ...], rel: float) -> float | None:
    """The candidate within relative distance ``rel`` of ``value``, if any.

    >>> snap(10000.2, KNOWN_BASES, 1e-4), snap(9647.0, KNOWN_BASES, 1e-4)
    (10000.0, None)
    """
    for c in candidates:
        if abs(value - c) <= rel * abs(c):
            return c
    return None
