"""Exact RoPE frequencies under each scaling rule, as mpmath numbers (40 digits).

The formulas are the symbolic definitions of :mod:`posenc_sym.schemes.rope` (θ_p = b^(−2p/R)) and
:mod:`posenc_sym.schemes.interpolation` (NTK base, llama3, YaRN), turned into mpmath functions once
(``sympy.lambdify``, cached) so that a few hundred frequencies cost milliseconds:

``none``     θ_p.
``linear``   θ_p / factor: position interpolation m ↦ m/s is the same angle m·θ_p/s.
``ntk``      θ_p with the base b·α^(R/(R−2)) (``ntk_base``).
``llama3``   ``llama3_frequency`` with the factor, low/high frequency factors and original context.
``yarn``     as implementations compute it (Hugging Face ``_compute_yarn_parameters``): the ramp
             runs over the pair *index* between ⌊c(β_fast)⌋ and ⌈c(β_slow)⌉, c being
             ``yarn_correction_index``, which is the paper's ramp in rotations up to that rounding;
             θ′_p = θ_p/factor·r_p + θ_p·(1 − r_p). cos and sin carry ``yarn_attention_factor``.

>>> [float(w) for w in frequencies(4, 10000, "linear", {"factor": 2})]
[0.5, 0.005]
>>> attention_factor("yarn", {"factor": 1.0})
1.0
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import mpmath
import sympy

from ..schemes.interpolation import llama3_frequency, ntk_base, yarn_attention_factor, yarn_correction_index
from ..schemes.rope import theta

__all__ = ["SCALINGS", "attention_factor", "frequencies"]

SCALINGS = ("none", "linear", "ntk", "llama3", "yarn")


@functools.cache
def _numeric(name: str) -> Callable[..., Any]:
    """The symbolic definition ``name`` as an mpmath function of its arguments (built once)."""
    w, p, r, b, s, lo, hi, ctx = sympy.symbols("w p r b s lo hi ctx", positive=True)
    exprs: dict[str, tuple[tuple[sympy.Symbol, ...], sympy.Expr]] = {
        "theta": ((p, r, b), theta(p, r, b)),
        "ntk_base": ((b, s, r), ntk_base(b, s, r)),
        "llama3": ((w, s, lo, hi, ctx), llama3_frequency(w, s, lo, hi, ctx)),
        "yarn_index": ((s, r, b, ctx), yarn_correction_index(s, r, b, ctx)),
        "yarn_factor": ((s,), yarn_attention_factor(s)),
    }
    args, expr = exprs[name]
    return sympy.lambdify(args, expr, "mpmath")


def frequencies(rotary_dim: int, base: float, scaling: str, params: Mapping[str, float]) -> list[mpmath.mpf]:
    """The exact per-pair frequencies for ``scaling`` with ``params``."""
    with mpmath.workdps(40):
        b = mpmath.mpf(base)
        if scaling == "ntk":
            b = _numeric("ntk_base")(b, mpmath.mpf(params["alpha"]), rotary_dim)
        th = [_numeric("theta")(p, rotary_dim, b) for p in range(rotary_dim // 2)]
        if scaling in ("none", "ntk"):
            return th
        factor = mpmath.mpf(params["factor"])
        if scaling == "linear":
            return [w / factor for w in th]
        if scaling == "llama3":
            low, high = mpmath.mpf(params["low_freq_factor"]), mpmath.mpf(params["high_freq_factor"])
            context = mpmath.mpf(params["original_max_position_embeddings"])
            return [_numeric("llama3")(w, factor, low, high, context) for w in th]
        if scaling == "yarn":
            return _yarn(th, rotary_dim, b, factor, params)
    raise ValueError(f"unknown scaling {scaling!r}")


def _yarn(
    th: list[mpmath.mpf], dim: int, base: mpmath.mpf, factor: mpmath.mpf, params: Mapping[str, float]
) -> list[mpmath.mpf]:
    context = mpmath.mpf(params["original_max_position_embeddings"])
    index = _numeric("yarn_index")
    low = max(int(mpmath.floor(index(mpmath.mpf(params.get("beta_fast", 32)), dim, base, context))), 0)
    high = min(int(mpmath.ceil(index(mpmath.mpf(params.get("beta_slow", 1)), dim, base, context))), dim - 1)
    span = mpmath.mpf(high - low) if high != low else mpmath.mpf("0.001")  # as the implementations do
    out = []
    for p, w in enumerate(th):
        ramp = min(max((p - low) / span, 0), 1)  # 0 keeps θ (extrapolate), 1 divides it (interpolate)
        out.append(w / factor * ramp + w * (1 - ramp))
    return out


def attention_factor(scaling: str, params: Mapping[str, float]) -> float:
    """The factor YaRN multiplies cos and sin by (1 for every other rule), rounded to float64."""
    if scaling == "yarn" and params["factor"] > 1:
        with mpmath.workdps(40):
            return float(_numeric("yarn_factor")(mpmath.mpf(params["factor"])))
    return 1.0
