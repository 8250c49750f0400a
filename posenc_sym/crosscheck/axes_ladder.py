"""Which axis each pair of a multi-axis RoPE cache follows, and the frequency ladder of each axis.

A pair (one cos and one sin column) follows axis a when its values are a function of the tokens'
ids on that axis: tokens with equal ids there hold equal values (the same computation). The
pairs of one axis form one block of consecutive pairs, the blocks in the order of the ids'
columns. Within a block, pair j turns at

    ω_j = θ^(−2(s + t·j)/D)

(``AxisLadder``): Flux restarts a ladder in every axis (s = 0, t = 1, D = the axis's width);
Qwen2-VL's M-RoPE splits one ladder θ^(−2k/R) of the whole rotary width R into consecutive
sections (``mrope_section`` [16, 24, 24]: s = 0, 16, 40, t = 1); Pixtral's 2-D RoPE deals it out
(the h axis the even k, the w axis the odd k: s = 0, 1, t = 2). The data fix each block's first
frequency and its ratio; the ladder that explains all blocks with whole numbers s, t is named as
the codes above write it, and the base θ as a known base or the shortest number that reproduces
the data (:mod:`.names`), scored against the data like every other name.

Each pair's ω is read off the phase atan2(sin, cos) over the distinct ids of its axis, unwrapped
with the increments a step of 1 id predicts (ids may skip values: Qwen2-VL's temporal ids jump
past an image), then fitted by least squares.

>>> AxisLadder(10000.0, 8, 1, 2, 2).indices()
[1, 3]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import numpy

from ..numerics import sincos_from_frequencies, split_frequencies
from .common import best_candidate
from .fit import KNOWN_BASES
from .grids import follows
from .names import short_values
from .precision import angle_constant
from .rope_extras import denominator_for

__all__ = ["AxisLadder", "AxisSamples", "name_ladders", "pair_axes", "pair_frequencies"]


@dataclass(frozen=True)
class AxisLadder:
    """Pair j of an axis turns at θ^(−2(start + step·j)/denominator), j = 0 … pairs − 1."""

    theta: float
    denominator: int
    start: int
    step: int
    pairs: int

    def indices(self) -> list[int]:
        return [self.start + self.step * j for j in range(self.pairs)]

    def frequencies(self) -> list[mpmath.mpf]:
        """The exact frequencies (40 digits; θ read as the decimal it is written as)."""
        with mpmath.workdps(40):
            theta = mpmath.mpf(repr(float(self.theta)))
            return [theta ** (-2 * mpmath.mpf(k) / self.denominator) for k in self.indices()]


@dataclass(frozen=True)
class AxisSamples:
    """One axis's block at its distinct ids: positions (K,), cos and sin (K, pairs), float64."""

    positions: numpy.ndarray
    cos: numpy.ndarray
    sin: numpy.ndarray


def pair_axes(cos: numpy.ndarray, sin: numpy.ndarray, ids: numpy.ndarray) -> list[set[int]]:
    """For each pair (column of the compact cos/sin), the axes whose ids determine its values
    (:func:`.grids.follows`: to within 10^-3, so that one wrong element is measured, not misread)."""
    pairs = cos.shape[1]
    found: list[set[int]] = [set() for _ in range(pairs)]
    for axis in range(ids.shape[1]):
        same = follows(cos, ids[:, axis]) & follows(sin, ids[:, axis])
        for p in numpy.flatnonzero(same):
            found[int(p)].add(axis)
    return found


def _wrap(x: numpy.ndarray) -> numpy.ndarray:
    return numpy.remainder(x + math.pi, 2 * math.pi) - math.pi


def pair_frequencies(samples: AxisSamples) -> numpy.ndarray:
    """Each pair's ω over the distinct ids (module docstring); 0 for a pair that does not turn."""
    u = samples.positions
    phi = numpy.arctan2(samples.sin, samples.cos)
    if u.size < 2:
        return numpy.zeros(phi.shape[1])
    du = numpy.diff(u)[:, None]
    dphi = _wrap(numpy.diff(phi, axis=0))
    unit = du[:, 0] == 1
    rough = numpy.median(dphi[unit], axis=0) if unit.any() else numpy.median(dphi / du, axis=0)
    step = rough * du + _wrap(dphi - rough * du)
    turned = numpy.concatenate([phi[:1], phi[:1] + numpy.cumsum(step, axis=0)])
    uc = u - u.mean()
    return (uc[:, None] * (turned - turned.mean(axis=0))).sum(axis=0) / float((uc * uc).sum())


def _sample_error(ladder: AxisLadder, samples: AxisSamples) -> float:
    hi, lo = split_frequencies(ladder.frequencies())
    s, c = sincos_from_frequencies(samples.positions, hi, lo)
    return max(float(numpy.abs(samples.cos - c).max()), float(numpy.abs(samples.sin - s).max()))


def _log_steps(omega: numpy.ndarray, span: float) -> tuple[float, float] | None:
    """(−ln ω of the first pair, −Δ ln ω per pair) over the pairs that turn at least 10^-3 radian
    across the ids: a phase is read to a relative precision of a few unit roundoffs whatever its
    size (sin carries it), so even slow pairs place ln ω on the line; slower ones may be all
    rounding."""
    if omega.size == 0 or omega[0] <= 0:
        return None
    first = -math.log(float(omega[0]))
    if omega.size == 1:
        return first, 0.0
    j = numpy.arange(omega.size, dtype=numpy.float64)
    keep = (omega > 0) & (omega * span >= 1e-3)
    if keep.sum() < 2:
        return None
    slope = float(numpy.polyfit(j[keep], numpy.log(omega[keep]), 1)[0])
    return first, -slope


def _shared(steps: list[tuple[float, float]], sizes: list[int]) -> tuple[float, list[int], list[int]] | None:
    """One ladder step c with whole starts s_a = σ_a/c and steps t_a = ρ_a/c whose indices cover
    0 … P − 1 once each, the smallest step t that does; None when no t ≤ 4 does."""
    total = sum(sizes)
    ref = next((rho for (_, rho), n in zip(steps, sizes, strict=True) if n > 1 and rho > 0), None)
    if ref is None:
        return None
    for t in range(1, 5):
        c = ref / t
        starts = [sigma / c for sigma, _ in steps]
        strides = [rho / c if n > 1 else 1.0 for (_, rho), n in zip(steps, sizes, strict=True)]
        if any(abs(v - round(v)) > 0.05 for v in [*starts, *strides]):
            continue
        s_int, t_int = [round(v) for v in starts], [max(1, round(v)) for v in strides]
        covered = sorted(s + k * st for s, st, n in zip(s_int, t_int, sizes, strict=True) for k in range(n))
        if covered == list(range(total)):
            return c, s_int, t_int
    return None


def _theta_names(estimate: float, width: int) -> list[tuple[tuple[float, int], bool | str]]:
    """((θ, D), kind) for a ladder whose step reads θ ≈ ``estimate`` over D = ``width``: known
    bases (with their own integer D when they reproduce the step), short numbers, the estimate."""
    out: list[tuple[tuple[float, int], bool | str]] = [
        ((b, width), True) for b in KNOWN_BASES if abs(math.log(b / estimate)) < 0.05
    ]
    for b in KNOWN_BASES:
        den = denominator_for(estimate, width, b)
        if den is not None and den != width:
            out.append(((b, den), True))
    out.extend(((v, width), "short") for v in short_values(estimate) if v > 1 and ((v, width), True) not in out)
    return [*dict.fromkeys(out), ((estimate, width), False)]


def _noise(samples: Sequence[AxisSamples | None], floor: float) -> float:
    """The largest sample error a right ladder can leave in data whose angles were formed in their
    own format: a few ulps plus K·t·ω·u at the largest id (ω ≤ 1; K at base 10^7; u = floor/2)."""
    t_max = max((float(numpy.abs(s.positions).max()) for s in samples if s is not None), default=0.0)
    return 8 * floor + angle_constant(1e7) * floor / 2 * t_max


def name_ladders(
    samples: Sequence[AxisSamples | None], floor: float
) -> tuple[list[AxisLadder | None], list[str]] | str:
    """The ladder of every axis whose ids vary (None for the others), with notes; or why none fits."""
    sizes = [0 if s is None else s.cos.shape[1] for s in samples]
    steps: list[tuple[float, float]] = []
    for axis, s in enumerate(samples):
        if s is None:
            continue
        found = _log_steps(pair_frequencies(s), float(numpy.ptp(s.positions)))
        if found is None:
            return f"the pairs of axis {axis} do not turn steadily with its ids: not cos/sin of id·ω"
        steps.append(found)
    live = [a for a, s in enumerate(samples) if s is not None]
    if all(abs(sigma) < 0.01 for sigma, _ in steps):  # every axis starts at ω = 1: one ladder each (Flux)
        return _per_axis(samples, steps, live, floor), []
    shared = _shared(steps, [sizes[a] for a in live])
    if shared is None:
        return (
            "the axes' first pairs do not all turn at 1 radian per id, and no one frequency ladder shared by the "
            "axes explains where each starts"
        )
    return _shared_ladders(samples, live, shared, floor)


def _per_axis(
    samples: Sequence[AxisSamples | None], steps: list[tuple[float, float]], live: list[int], floor: float
) -> list[AxisLadder | None]:
    ladders: list[AxisLadder | None] = [None] * len(samples)
    for (_, rho), axis in zip(steps, live, strict=True):
        s = samples[axis]
        assert s is not None
        pairs = s.cos.shape[1]
        estimate = math.exp(rho * pairs) if rho > 0 else 10000.0
        scored = []
        for (theta, den), kind in _theta_names(estimate, 2 * pairs):
            ladder = AxisLadder(theta, den, 0, 1, pairs)
            scored.append((ladder, _sample_error(ladder, s), kind))
        ladders[axis] = best_candidate(scored, 8 * floor, _noise(samples, floor))[0]
    return ladders


def _shared_ladders(
    samples: Sequence[AxisSamples | None], live: list[int], shared: tuple[float, list[int], list[int]], floor: float
) -> tuple[list[AxisLadder | None], list[str]]:
    c, starts, strides = shared
    total = sum(samples[a].cos.shape[1] for a in live)  # type: ignore[union-attr]
    scored = []
    for (theta, den), kind in _theta_names(math.exp(c * total), 2 * total):
        ladders: list[AxisLadder | None] = [None] * len(samples)
        error = 0.0
        for axis, s0, t0 in zip(live, starts, strides, strict=True):
            s = samples[axis]
            assert s is not None
            ladders[axis] = AxisLadder(theta, den, s0, t0, s.cos.shape[1])
            error = max(error, _sample_error(ladders[axis], s))  # type: ignore[arg-type]
        scored.append((tuple(ladders), error, kind))
    chosen = list(best_candidate(scored, 8 * floor, _noise(samples, floor))[0])
    first = next(x for x in chosen if x is not None)
    parts = []
    for axis, ladder in enumerate(chosen):
        if ladder is not None:
            k = ladder.indices()
            span = f"k = {k[0]} … {k[-1]}" if ladder.step == 1 else f"every {_nth(ladder.step)} k from {k[0]}"
            parts.append(f"axis {axis} {span}")
    note = (
        f"the axes share one frequency ladder θ^(−2k/{first.denominator}) with θ = {first.theta:.15g}: "
        f"{', '.join(parts)}"
    )
    if all(x is None or x.step == 1 for x in chosen):
        sections = [x.pairs for x in chosen if x is not None]
        note += f" (consecutive sections {sections}, as Qwen2-VL's M-RoPE mrope_section)"
    else:
        note += " (dealt out in turn, as Pixtral's 2-D RoPE gives the h axis the even k and the w axis the odd k)"
    return chosen, [note]


def _nth(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")
