"""Stretching RoPE to longer contexts: position interpolation, NTK-aware base, YaRN, llama3.

A model trained on L positions is run on L′ = s·L (s > 1):

``linear``  positions are squeezed: m ↦ m·L/L′ = m/s (Chen et al. 2023, "position interpolation").
``ntk``     the base grows instead: b′ = b·s^(d/(d−2)); the highest frequency stays, the lowest is
            divided by exactly s, the ones between by s^(2i/(d−2)).
``yarn``    per frequency, with r = L/λ = L·θ/(2π) rotations over the training context and the ramp
            γ(r) = 0 below α, 1 above β, linear between: θ′ = (1 − γ)·θ/s + γ·θ (Peng et al. 2023;
            α = 1, β = 32 for LLaMA), plus the attention temperature √(1/t) = 0.1·ln s + 1.
``llama3``  the same shape in wavelength terms (Meta's Llama 3.1 rope_scaling): θ unchanged when
            λ < L/high_freq_factor, θ/factor when λ > L/low_freq_factor, and between them
            (1 − σ)·θ/factor + σ·θ with σ = (L/λ − low)/(high − low).

The attention factors of two variants: DeepSeek's YaRN, (0.1·m·ln s + 1)/(0.1·m_all·ln s + 1)
with ``mscale`` m and ``mscale_all_dim`` m_all, and LongRoPE's (Phi-3) √(1 + ln s / ln L).
"""

from __future__ import annotations

import sympy

from .scheme import Scheme

__all__ = [
    "SCHEMES",
    "interpolated_position",
    "llama3_frequency",
    "llama3_middle",
    "longrope_attention_factor",
    "ntk_base",
    "yarn_attention_factor",
    "yarn_correction_index",
    "yarn_frequency",
    "yarn_mscale_ratio",
    "yarn_ramp",
    "yarn_rotations",
]


def interpolated_position(position: sympy.Expr, trained: sympy.Expr, target: sympy.Expr) -> sympy.Expr:
    """Linear position interpolation: position m of a length-L′ input is used as m·L/L′.

    >>> interpolated_position(4096, 2048, 8192)
    1024
    """
    return position * sympy.sympify(trained) / target


def ntk_base(base: sympy.Expr, scale: sympy.Expr, dim: sympy.Expr) -> sympy.Expr:
    """The NTK-aware base b′ = b·s^(d/(d−2)).

    >>> ntk_base(10000, 4, 4)
    160000
    """
    return sympy.sympify(base) * sympy.Pow(scale, sympy.sympify(dim) / (sympy.sympify(dim) - 2))


def yarn_rotations(freq: sympy.Expr, trained: sympy.Expr) -> sympy.Expr:
    """r = L/λ = L·θ/(2π): how many full turns the pair makes over the training context.

    >>> yarn_rotations(1, 2 * sympy.pi)
    1
    """
    return sympy.sympify(trained) * freq / (2 * sympy.pi)


def yarn_ramp(r: sympy.Expr, alpha: sympy.Expr = 1, beta: sympy.Expr = 32) -> sympy.Expr:
    """γ(r): 0 if r < α, 1 if r > β, (r − α)/(β − α) between.

    >>> [yarn_ramp(r) for r in (0, 1, sympy.Rational(33, 2), 32, 40)]
    [0, 0, 1/2, 1, 1]
    """
    r, alpha, beta = sympy.sympify(r), sympy.sympify(alpha), sympy.sympify(beta)
    return sympy.Piecewise((0, r < alpha), (1, r > beta), ((r - alpha) / (beta - alpha), True))


def yarn_frequency(freq: sympy.Expr, scale: sympy.Expr, trained: sympy.Expr,
                   alpha: sympy.Expr = 1, beta: sympy.Expr = 32) -> sympy.Expr:
    """θ′ = (1 − γ)·θ/s + γ·θ with γ = γ(L·θ/(2π)).

    >>> yarn_frequency(1, 4, 2048 * sympy.pi)  # 1024 turns: far above β, kept
    1
    """
    freq, scale = sympy.sympify(freq), sympy.sympify(scale)
    gamma = yarn_ramp(yarn_rotations(freq, trained), alpha, beta)
    return (1 - gamma) * freq / scale + gamma * freq


def yarn_correction_index(rotations: sympy.Expr, dim: sympy.Expr, base: sympy.Expr,
                          trained: sympy.Expr) -> sympy.Expr:
    """The (real) pair index i at which pair i makes exactly ``rotations`` turns over L.

    Solving L·b^(−2i/d)/(2π) = r gives i = d·ln(L/(2π r)) / (2 ln b). Implementations round this
    down (low end) and up (high end) to whole dimensions and ramp linearly in i between them,
    which is the paper's ramp in r up to that rounding.

    >>> sympy.expand_log(yarn_correction_index(1, 128, 10000, 2 * sympy.pi * 100), force=True)
    32
    """
    return dim * sympy.log(trained / (2 * sympy.pi * rotations)) / (2 * sympy.log(base))


def yarn_attention_factor(scale: sympy.Expr) -> sympy.Expr:
    """√(1/t) = 0.1·ln s + 1, YaRN's recommended attention temperature (exactly 1/10).

    >>> yarn_attention_factor(1)
    1
    """
    return sympy.Rational(1, 10) * sympy.log(scale) + 1


def yarn_mscale_ratio(scale: sympy.Expr, mscale: sympy.Expr, mscale_all_dim: sympy.Expr) -> sympy.Expr:
    """DeepSeek's YaRN attention factor: (0.1·m·ln s + 1)/(0.1·m_all·ln s + 1); 1 when m = m_all.

    >>> yarn_mscale_ratio(40, 1, 1)
    1
    """

    def get_mscale(m: sympy.Expr) -> sympy.Expr:
        return sympy.Rational(1, 10) * m * sympy.log(scale) + 1

    return get_mscale(sympy.sympify(mscale)) / get_mscale(sympy.sympify(mscale_all_dim))


def longrope_attention_factor(scale: sympy.Expr, trained: sympy.Expr) -> sympy.Expr:
    """LongRoPE's (Phi-3) attention factor √(1 + ln s / ln L) for s = L′/L > 1.

    >>> sympy.simplify(longrope_attention_factor(32, 4096))
    sqrt(51)/6
    """
    return sympy.sqrt(1 + sympy.log(scale) / sympy.log(trained))


def llama3_middle(freq: sympy.Expr, factor: sympy.Expr, low: sympy.Expr, high: sympy.Expr,
                  trained: sympy.Expr) -> sympy.Expr:
    """The middle branch of llama3 scaling: (1 − σ)·θ/factor + σ·θ, σ = (L/λ − low)/(high − low).

    >>> llama3_middle(2 * sympy.pi * 4 / 8192, 8, 1, 4, 8192) == 2 * sympy.pi * 4 / 8192
    True
    """
    freq, factor, low, high = (sympy.sympify(v) for v in (freq, factor, low, high))
    wavelength = 2 * sympy.pi / freq
    smooth = (trained / wavelength - low) / (high - low)
    return (1 - smooth) * freq / factor + smooth * freq


def llama3_frequency(freq: sympy.Expr, factor: sympy.Expr = 8, low: sympy.Expr = 1,
                     high: sympy.Expr = 4, trained: sympy.Expr = 8192) -> sympy.Expr:
    """llama3 frequency scaling, all three branches (Llama 3.1 defaults: 8, 1, 4, 8192).

    >>> llama3_frequency(1)  # wavelength 2π < 2048: unchanged
    1
    >>> llama3_frequency(sympy.Rational(1, 10000))  # wavelength ≈ 62832 > 8192: divided by 8
    1/80000
    """
    freq, factor, low, high = (sympy.sympify(v) for v in (freq, factor, low, high))
    wavelength = 2 * sympy.pi / freq
    return sympy.Piecewise(
        (freq, wavelength < trained / high),
        (freq / factor, wavelength > trained / low),
        (llama3_middle(freq, factor, low, high, trained), True),
    )


#: RoPE stretched to longer contexts: its derivation in the course.
SCHEMES: tuple[Scheme, ...] = (Scheme("rope_scaling", None, course=60, derivations=("long_context",)),)
