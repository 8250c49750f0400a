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
             θ′_p = θ_p/factor·r_p + θ_p·(1 − r_p). With ``truncate: 0`` (gpt-oss's
             ``truncate=False``) the ends c(β_fast), c(β_slow) are used unrounded. cos and sin
             carry the attention factor: ``yarn_attention_factor`` (0.1·ln s + 1) unless
             ``attention_factor`` is given, or DeepSeek's ``mscale``/``mscale_all_dim`` are:
             (0.1·mscale·ln s + 1)/(0.1·mscale_all_dim·ln s + 1).
``longrope`` Phi-3's LongRoPE: θ_p / f_p with one factor f_p per pair (``factors``: the model's
             ``short_factor`` or ``long_factor`` list); cos and sin carry ``attention_factor``,
             by default √(1 + ln s/ln L) for s = ``factor`` > 1 and L =
             ``original_max_position_embeddings`` (1 when no factor is given).

The exponent denominator D (θ_p = b^(−2p/D)) is the rotary width R unless given: partial rotary
code that divides by the head width uses D > R. Pairs listed in ``unrotated`` have θ = 0 (cos 1,
sin 0: identity columns).

>>> [float(w) for w in frequencies(4, 10000, "linear", {"factor": 2})]
[0.5, 0.005]
>>> attention_factor("yarn", {"factor": 1.0})
1.0
>>> attention_factor("yarn", {"factor": 40, "mscale": 1, "mscale_all_dim": 1})  # DeepSeek-V3
1.0
>>> [float(w) for w in frequencies(4, 100, "longrope", {"factors": (1, 2)})]
[1.0, 0.05]
>>> [float(w) for w in frequencies(4, 10000, "none", {}, denominator=8, unrotated=(1,))]
[1.0, 0.0]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import mpmath
import sympy

from ..schemes.interpolation import (
    llama3_frequency,
    longrope_attention_factor,
    ntk_base,
    yarn_attention_factor,
    yarn_correction_index,
    yarn_mscale_ratio,
)
from ..schemes.rope import theta

__all__ = ["SCALINGS", "attention_factor", "frequencies"]

SCALINGS = ("none", "linear", "ntk", "llama3", "yarn", "longrope")


@functools.cache
def _numeric(name: str) -> Callable[..., Any]:
    """The symbolic definition ``name`` as an mpmath function of its arguments (built once)."""
    w, p, r, b, s, lo, hi, ctx, m, m_all = sympy.symbols("w p r b s lo hi ctx m m_all", positive=True)
    exprs: dict[str, tuple[tuple[sympy.Symbol, ...], sympy.Expr]] = {
        "theta": ((p, r, b), theta(p, r, b)),
        "ntk_base": ((b, s, r), ntk_base(b, s, r)),
        "llama3": ((w, s, lo, hi, ctx), llama3_frequency(w, s, lo, hi, ctx)),
        "yarn_index": ((s, r, b, ctx), yarn_correction_index(s, r, b, ctx)),
        "yarn_factor": ((s,), yarn_attention_factor(s)),
        "yarn_mscale": ((s, m, m_all), yarn_mscale_ratio(s, m, m_all)),
        "longrope_factor": ((s, ctx), longrope_attention_factor(s, ctx)),
    }
    args, expr = exprs[name]
    return sympy.lambdify(args, expr, "mpmath")


def frequencies(
    rotary_dim: int,
    base: float,
    scaling: str,
    params: Mapping[str, Any],
    *,
    denominator: int | None = None,
    unrotated: tuple[int, ...] = (),
) -> list[mpmath.mpf]:
    """The exact per-pair frequencies for ``scaling`` with ``params`` (module docstring)."""
    dim = denominator or rotary_dim
    with mpmath.workdps(40):
        out = _scaled(rotary_dim // 2, dim, mpmath.mpf(base), scaling, params)
        return [mpmath.mpf(0) if p in unrotated else w for p, w in enumerate(out)]


def _scaled(pairs: int, dim: int, b: mpmath.mpf, scaling: str, params: Mapping[str, Any]) -> list[mpmath.mpf]:
    if scaling == "ntk":
        b = _numeric("ntk_base")(b, _exact(params["alpha"]), dim)
    th = [_numeric("theta")(p, dim, b) for p in range(pairs)]
    if scaling in ("none", "ntk"):
        return th
    if scaling == "longrope":
        factors = params["factors"]
        if len(factors) != pairs:
            raise ValueError(f"longrope needs one factor per pair: {len(factors)} factors for {pairs} pairs")
        return [w / _exact(f) for w, f in zip(th, factors, strict=True)]
    factor = _exact(params["factor"])
    if scaling == "linear":
        return [w / factor for w in th]
    if scaling == "llama3":
        low, high = _exact(params["low_freq_factor"]), _exact(params["high_freq_factor"])
        context = _exact(params["original_max_position_embeddings"])
        return [_numeric("llama3")(w, factor, low, high, context) for w in th]
    if scaling == "yarn":
        return _yarn(th, dim, b, factor, params)
    raise ValueError(f"unknown scaling {scaling!r}")


def _exact(x: Any) -> mpmath.mpf:
    """A parameter as the exact decimal it is written as (0.1 is 1/10, not its binary neighbour)."""
    return mpmath.mpf(repr(float(x))) if isinstance(x, float) else mpmath.mpf(x)


def _yarn(
    th: list[mpmath.mpf], dim: int, base: mpmath.mpf, factor: mpmath.mpf, params: Mapping[str, float]
) -> list[mpmath.mpf]:
    context = mpmath.mpf(params["original_max_position_embeddings"])
    index = _numeric("yarn_index")
    low = index(_exact(params.get("beta_fast", 32)), dim, base, context)
    high = index(_exact(params.get("beta_slow", 1)), dim, base, context)
    if params.get("truncate", 1):
        low, high = mpmath.floor(low), mpmath.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    span = high - low if high != low else mpmath.mpf("0.001")  # as the implementations do
    out = []
    for p, w in enumerate(th):
        ramp = min(max((p - low) / span, 0), 1)  # 0 keeps θ (extrapolate), 1 divides it (interpolate)
        out.append(w / factor * ramp + w * (1 - ramp))
    return out


def attention_factor(scaling: str, params: Mapping[str, Any]) -> float:
    """The factor cos and sin are multiplied by (module docstring), rounded to float64."""
    if "attention_factor" in params:
        return float(params["attention_factor"])
    with mpmath.workdps(40):
        return float(_attention_exact(scaling, params))


def _attention_exact(scaling: str, params: Mapping[str, Any]) -> mpmath.mpf:
    if scaling == "yarn" and params["factor"] > 1:
        s = _exact(params["factor"])
        if params.get("mscale") and params.get("mscale_all_dim"):  # DeepSeek's get_mscale ratio
            return _numeric("yarn_mscale")(s, _exact(params["mscale"]), _exact(params["mscale_all_dim"]))
        return _numeric("yarn_factor")(s)
    if scaling == "longrope" and params.get("factor", 1) > 1:
        s, context = _exact(params["factor"]), _exact(params["original_max_position_embeddings"])
        return _numeric("longrope_factor")(s, context)
    return mpmath.mpf(1)
