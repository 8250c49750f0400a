"""Candidate RoPE conventions beyond a base and a standard scaling rule, read off the fitted pairs.

Real code also uses (each named in the JSON convention, see ``docs/check.md``):

* an **exponent denominator** D other than the rotary width R (partial rotary code dividing by
  the head width): θ_p = b^(−2p/D). The data fix only b^(−2/D), so a known base b is named with
  D = R·ln b / ln B_R whenever that D is an integer (B_R: the base read with denominator R);
* **unrotated pairs**: columns with cos constant and sin exactly 0 (θ = 0, identity rotations);
* YaRN with an **attention factor** other than 0.1·ln s + 1 (DeepSeek's ``mscale`` /
  ``mscale_all_dim``, or an explicit ``attention_factor``) and **without truncation** of the ramp
  ends (gpt-oss);
* **LongRoPE** (Phi-3): one divisor per pair, f_p = θ_p / ω_p, each named as the shortest decimal
  (or the float32 rounding of one: configs hold decimals, code stores them as float32) that
  reproduces that pair's columns.

These are candidates only: :func:`.common.best_candidate` picks among them by their error on
sampled rows, and the verdict measures the chosen one against the exact reference.

>>> unrotated_pairs(numpy.array([[1.0, 1.0], [0.5, 1.0]]), numpy.array([[0.0, 0.0], [0.8, 0.0]]))
(1,)
>>> denominator_for(10000.0 ** (32 / 128), 32, 10000.0)
128
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import mpmath
import numpy

from ..numerics import FloatFormat, sincos_from_frequencies, split_frequencies, ulp
from .fit import KNOWN_BASES
from .names import short_values
from .precision import angle_constant
from .rope_scaling import attention_factor

__all__ = [
    "Candidate",
    "denominator_for",
    "float32_note",
    "float32_readings",
    "longrope_candidates",
    "more_candidates",
    "unrotated_pairs",
]

#: (scaling, base, params, known, exponent denominator or None for the rotary width)
Candidate = tuple[str, float, dict[str, Any], bool | str, int | None]  # known: True, False or "short"

_CONTEXTS = (2048, 4096, 8192, 16384, 32768)
_MSCALES = ((1.0, 0.707), (0.707, 1.0))  # DeepSeek's mscale / mscale_all_dim pairs (equal ones give 1)


def unrotated_pairs(cos_pairs: numpy.ndarray, sin_pairs: numpy.ndarray) -> tuple[int, ...]:
    """Pairs (one column each of cos and sin, rows = positions) whose sin is exactly 0 and whose
    cos is one constant: θ = 0, the identity rotation, whatever the position."""
    flat = ~sin_pairs.any(axis=0) & (numpy.ptp(cos_pairs, axis=0) == 0) & (cos_pairs[0] != 0)
    return tuple(int(p) for p in numpy.nonzero(flat)[0])


def denominator_for(base_r: float, rotary_dim: int, base: float) -> int | None:
    """The integer D with base^(−2/D) = base_r^(−2/R), if one is within 10^-4 (else None)."""
    if base_r <= 1 or base <= 1:
        return None
    d = rotary_dim * math.log(base) / math.log(base_r)
    near = round(d)
    return near if near >= 2 and abs(d - near) <= 1e-4 * d else None


def float32_readings(factors: Sequence[float]) -> list[tuple[float, float]]:
    """(short decimal, factor) for each factor named as the float32 rounding of a short decimal
    (:func:`_name_factor` reads a factor as written or as its float32 rounding, whichever the data
    are closer to: libraries keep LongRoPE's factors in a float32 tensor), so a note can say
    which ``1.149999976158142`` is ``float32(1.15)``.

    >>> float32_readings([1.0, 1.149999976158142, 1.15])
    [(1.15, 1.149999976158142)]
    """
    out = []
    for f in factors:
        for v in short_values(f, 7):
            if v != f and float(numpy.float32(v)) == f:
                out.append((v, f))
                break
    return out


def float32_note(factors: Sequence[float]) -> list[str]:
    """The note naming the factors that are float32 roundings of short decimals, if any."""
    readings = float32_readings(factors)
    if not readings:
        return []
    shown = ", ".join(f"{f!r} = float32({v:g})" for v, f in readings[:4])
    return [
        f"{len(readings)} LongRoPE factors are the float32 roundings of short decimals ({shown}"
        f"{', …' if len(readings) > 4 else ''}): the data were computed with factors stored in float32, "
        "and are measured against those values"
    ]


def _attention_variants(scaling: str, params: dict[str, Any], amplitude: float) -> list[dict[str, Any]]:
    """Parameter sets whose attention factor is the measured ``amplitude`` (none when the rule's
    own factor already is, to within 10^-3 relative: the verdict decides finer differences)."""
    if abs(attention_factor(scaling, params) / amplitude - 1) <= 1e-3:
        return []
    out: list[dict[str, Any]] = []
    if scaling == "yarn":
        for m, m_all in _MSCALES:
            trial = {**params, "mscale": m, "mscale_all_dim": m_all}
            if abs(attention_factor(scaling, trial) / amplitude - 1) <= 1e-3:
                out.append(trial)
    if scaling == "longrope":
        for s in (2, 4, 8, 16, 32, 64, 128):
            for context in _CONTEXTS:
                trial = {**params, "factor": s, "original_max_position_embeddings": context}
                if abs(attention_factor(scaling, trial) / amplitude - 1) <= 1e-3:
                    out.append(trial)
    out.extend({**params, "attention_factor": a} for a in short_values(amplitude, 7))
    return out


def more_candidates(standard: list[Candidate], base_r: float, rotary_dim: int, amplitude: float) -> list[Candidate]:
    """The standard candidates with, in order of preference: known bases with another exponent
    denominator, short numbers for an estimated base; then YaRN without truncation and YaRN with
    the measured attention factor for every YaRN candidate."""
    # in order of preference (the first known candidate that fits wins): known bases; a known
    # base with another exponent denominator; then the rule's candidates at the estimated base,
    # and their short names (gpt-oss's YaRN at 150000), judged as every short name is
    # (:func:`.common.best_candidate`, kind "short"); the plain estimate's short names come
    # from :func:`.rope._candidates` already
    known_base = [c for c in standard if c[1] in KNOWN_BASES]
    estimated = [c for c in standard if c[1] not in KNOWN_BASES]
    denominators: list[Candidate] = []
    for b in KNOWN_BASES:
        d = denominator_for(base_r, rotary_dim, b)
        if d is not None and d != rotary_dim:
            denominators.append(("none", b, {}, True, d))
    shorts: list[Candidate] = [
        (scaling, short, params, "short", den)
        for scaling, base, params, known, den in estimated
        if known is False and scaling not in ("none", "linear")  # a scaling rule at the estimated base
        for short in short_values(base)
        if short != base and short > 1
    ]
    based = [*known_base, *denominators, *shorts, *estimated]
    out = list(based)
    for scaling, base, params, known, den in based:
        if scaling != "yarn":
            continue
        for variant in (params, {**params, "truncate": False}):
            if variant is not params:
                out.append((scaling, base, variant, known, den))
            out.extend((scaling, base, v, known, den) for v in _attention_variants(scaling, variant, amplitude))
    return out


def _pair_error(
    pairs: tuple[numpy.ndarray, numpy.ndarray],
    positions: numpy.ndarray,
    omega: mpmath.mpf,
    scale: float,
    fmt: FloatFormat,
) -> tuple[float, float]:
    """The largest error of one pair's cos and sin columns in units of the bound of the data's
    own precision, ulp(v) + K·|t·ω|·u (angles formed in the data's format, :mod:`.precision`;
    K at base 10^7, the largest known): ≤ 1 for a right reading, whatever the position, where
    an absolute error would hide a 1-ulp difference in a column of values near 0. Second: the
    plain error in ulps, which tells apart readings that bound cannot."""
    hi, lo = split_frequencies([omega])
    s, c = sincos_from_frequencies(positions, hi, lo)
    allowed_angle = angle_constant(1e7) * fmt.unit_roundoff * numpy.abs(positions * hi[0])
    worst, worst_ulp = 0.0, 0.0
    for column, ref in ((pairs[0], scale * c[:, 0]), (pairs[1], scale * s[:, 0])):
        err, unit = numpy.abs(column - ref), ulp(ref, fmt)
        worst = max(worst, float((err / (unit + allowed_angle * scale)).max()))
        worst_ulp = max(worst_ulp, float((err / unit).max()))
    return worst, worst_ulp


def _name_factor(
    estimate: float, error_of: Callable[[float], tuple[float, float]], tolerance: float
) -> tuple[float, bool]:
    """The shortest decimal whose error (first of ``error_of``) is within ``tolerance`` or twice
    the best, read as written or as its float32 rounding — whichever is closer in plain ulps
    (the two differ by 2^-24 relative, too little for the tolerance to tell, not too little for
    the verdict); the raw estimate (and False) when no decimal is within."""
    best = error_of(estimate)[0]
    scored = []
    for v in short_values(estimate, 7):
        readings = sorted((error_of(x)[::-1], x) for x in dict.fromkeys((v, float(numpy.float32(v)))))
        (_plain, bound), value = readings[0]
        scored.append((bound, value))
        best = min(best, bound)
    for err, v in scored:
        if err <= max(2 * best, tolerance):
            return v, True
    return estimate, False


def longrope_candidates(
    cos_pairs: numpy.ndarray,
    sin_pairs: numpy.ndarray,
    positions: numpy.ndarray,
    omega: numpy.ndarray,
    rotary_dim: int,
    amplitude: float,
    fmt: FloatFormat,
) -> list[Candidate]:
    """Per-pair factors f_p = θ_p/ω_p for each known base, named pair by pair (module docstring).

    ``cos_pairs``/``sin_pairs`` hold one column per pair at the sampled ``positions``. The
    attention factor is named first (from the measured amplitude), so that each factor is judged
    against the exact amplitude: the measured one is off by more than a factor's last digit."""
    variants = _attention_variants("longrope", {}, amplitude) or [{}]
    scale = attention_factor("longrope", variants[0])
    out: list[Candidate] = []
    for b in KNOWN_BASES[:3]:
        with mpmath.workdps(40):
            theta = [mpmath.mpf(b) ** (-mpmath.mpf(2 * p) / rotary_dim) for p in range(omega.size)]
        factors, all_named = [], True
        for p, th in enumerate(theta):

            def error_of(f: float, p: int = p, th: mpmath.mpf = th) -> tuple[float, float]:
                with mpmath.workdps(40):
                    w = th / mpmath.mpf(repr(f))
                return _pair_error((cos_pairs[:, p], sin_pairs[:, p]), positions, w, scale, fmt)

            # within the data's own error bound: a reading that explains this pair
            value, named = _name_factor(float(th) / float(omega[p]), error_of, 1.0)
            factors.append(value)
            all_named &= named
        out.extend(("longrope", b, {**v, "factors": tuple(factors)}, all_named, None) for v in variants)
    return out
