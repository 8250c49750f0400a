"""Exact RoPE frequencies under each scaling rule, as mpmath numbers (40 digits).

θ_p = b^(−2p/R) for pair p of a rotary width R, then:

``none``     θ_p.
``linear``   θ_p / factor (position interpolation, Chen et al. 2023).
``ntk``      the base becomes b·α^(R/(R−2)) ("NTK-aware", bloc97 2023): θ'_p = (b·α^(R/(R−2)))^(−2p/R).
``llama3``   wavelengths λ = 2π/θ below L/high_freq_factor kept, above L/low_freq_factor divided
             by ``factor``, and in between s·θ + (1−s)·θ/factor with
             s = (L/λ − low_freq_factor)/(high_freq_factor − low_freq_factor), L the original context
             (Hugging Face ``_compute_llama3_parameters``).
``yarn``     a ramp over pair index between ⌊c(β_fast)⌋ and ⌈c(β_slow)⌉, with
             c(β) = R·ln(L/(2πβ))/(2 ln b): θ'_p = θ_p/factor·r_p + θ_p·(1 − r_p), r_p the clamped
             ramp; cos and sin are multiplied by 0.1·ln(factor) + 1 (Peng et al. 2023, Hugging Face
             ``_compute_yarn_parameters`` with its defaults β_fast = 32, β_slow = 1).

>>> [float(w) for w in frequencies(4, 10000, "linear", {"factor": 2})]
[0.5, 0.005]
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import mpmath

__all__ = ["SCALINGS", "attention_factor", "frequencies"]

SCALINGS = ("none", "linear", "ntk", "llama3", "yarn")


def frequencies(rotary_dim: int, base: float, scaling: str, params: Mapping[str, float]) -> list[mpmath.mpf]:
    """The exact per-pair frequencies for ``scaling`` with ``params``."""
    with mpmath.workdps(40):
        b = mpmath.mpf(base)
        half = rotary_dim // 2
        if scaling == "ntk":
            alpha = mpmath.mpf(params["alpha"])
            b = b * alpha ** (mpmath.mpf(rotary_dim) / (rotary_dim - 2))
        theta = [b ** (-mpmath.mpf(2 * p) / rotary_dim) for p in range(half)]
        if scaling in ("none", "ntk"):
            return theta
        factor = mpmath.mpf(params["factor"])
        if scaling == "linear":
            return [w / factor for w in theta]
        if scaling == "llama3":
            return [_llama3(w, factor, params) for w in theta]
        if scaling == "yarn":
            return _yarn(theta, rotary_dim, b, factor, params)
    raise ValueError(f"unknown scaling {scaling!r}")


def _llama3(w: mpmath.mpf, factor: mpmath.mpf, params: Mapping[str, float]) -> mpmath.mpf:
    low, high = mpmath.mpf(params["low_freq_factor"]), mpmath.mpf(params["high_freq_factor"])
    context = mpmath.mpf(params["original_max_position_embeddings"])
    wavelength = 2 * mpmath.pi / w
    if wavelength < context / high:
        return w
    if wavelength > context / low:
        return w / factor
    smooth = (context / wavelength - low) / (high - low)
    return (1 - smooth) * w / factor + smooth * w


def _yarn(
    theta: list[mpmath.mpf], dim: int, base: mpmath.mpf, factor: mpmath.mpf, params: Mapping[str, float]
) -> list[mpmath.mpf]:
    context = mpmath.mpf(params["original_max_position_embeddings"])

    def correction(rotations: float) -> mpmath.mpf:
        return dim * mpmath.log(context / (rotations * 2 * mpmath.pi)) / (2 * mpmath.log(base))

    low = max(int(mpmath.floor(correction(params.get("beta_fast", 32)))), 0)
    high = min(int(mpmath.ceil(correction(params.get("beta_slow", 1)))), dim - 1)
    span = mpmath.mpf(high - low) if high != low else mpmath.mpf("0.001")
    out = []
    for p, w in enumerate(theta):
        ramp = min(max((p - low) / span, 0), 1)  # 0 keeps θ (extrapolate), 1 divides it (interpolate)
        out.append(w / factor * ramp + w * (1 - ramp))
    return out


def attention_factor(scaling: str, params: Mapping[str, float]) -> float:
    """The factor YaRN multiplies cos and sin by (1 for every other rule)."""
    if scaling == "yarn" and params["factor"] > 1:
        return 0.1 * math.log(params["factor"]) + 1.0  # the float formula implementations use
    return 1.0
