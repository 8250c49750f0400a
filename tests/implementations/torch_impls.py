"""The same conventions in PyTorch, computed the way PyTorch code usually does: in float32.

Requires torch; the tests that use this module skip without it.
"""

from __future__ import annotations

import math

import torch


def sinusoidal(
    n: int, d: int, *, dtype: torch.dtype = torch.float32, layout: str = "interleaved", denominator: str = "d"
) -> torch.Tensor:
    """The log-space form (exp of 2i·(−ln 10000/den)) with float32 positions and angles."""
    half = d // 2
    den = d if denominator == "d" else d - 2
    position = torch.arange(n, dtype=dtype).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, 2 * half, 2, dtype=dtype) * (-math.log(10000.0) / den))
    out = torch.zeros(n, d, dtype=dtype)
    if layout == "interleaved":
        out[:, 0::2] = torch.sin(position * div_term)
        out[:, 1::2] = torch.cos(position * div_term)
    else:
        out[:, :half] = torch.sin(position * div_term)
        out[:, half:] = torch.cos(position * div_term)
    return out


def rope_cache(
    n: int,
    dim: int,
    *,
    base: float = 10000.0,
    pairing: str = "halves",
    angle_dtype: torch.dtype = torch.float32,
    out_dtype: torch.dtype = torch.float32,
) -> tuple[torch.Tensor, torch.Tensor]:
    """inv_freq = 1/base^(arange(0, dim, 2)/dim); freqs = outer(t, inv_freq) in ``angle_dtype``."""
    inv_freq = 1.0 / base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    t = torch.arange(n, dtype=angle_dtype)
    freqs = torch.outer(t, inv_freq.to(angle_dtype))
    emb = torch.cat((freqs, freqs), dim=-1) if pairing == "halves" else freqs.repeat_interleave(2, dim=-1)
    return emb.cos().to(out_dtype), emb.sin().to(out_dtype)


def alibi(n: int) -> torch.Tensor:
    """The paper's slopes (interpolated for n not a power of two), as a float32 tensor."""

    def geometric(k: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(k) - 3)))
        return [start * start**i for i in range(k)]

    if n & (n - 1) == 0:
        return torch.tensor(geometric(n))
    c = 2 ** math.floor(math.log2(n))
    return torch.tensor(geometric(c) + geometric(2 * c)[0::2][: n - c])


# --- conventions of real code (issue 14, item 6), computed as those libraries do ------------------


def mpt_slopes(n_heads: int, alibi_bias_max: float = 8.0) -> torch.Tensor:
    """MPT's ``gen_slopes``: float32 exponents arange(1, N+1)·(B/N), N = 2^⌈log2 n⌉, slopes 1/2^m;
    for n < N the odd-indexed slopes, then the even-indexed ones."""
    big = 2 ** math.ceil(math.log2(n_heads))
    m = torch.arange(1, big + 1, dtype=torch.float32).mul(alibi_bias_max / big)
    slopes = 1.0 / torch.pow(2, m)
    if big != n_heads:
        slopes = torch.cat([slopes[1::2], slopes[::2]])[:n_heads]
    return slopes


def bloom_slopes(num_heads: int) -> torch.Tensor:
    """BLOOM's ``build_alibi_tensor`` slopes: float32 powers of 2^(−2^−(log2 c − 3)), c the closest
    power of two, then odd powers of the 2c-head base for the remaining heads."""
    closest = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(2 ** (-(2 ** -(math.log2(closest) - 3))), dtype=torch.float32)
    slopes = torch.pow(base, torch.arange(1, 1 + closest, dtype=torch.int32))
    if closest != num_heads:
        extra = torch.tensor(2 ** (-(2 ** -(math.log2(2 * closest) - 3))), dtype=torch.float32)
        remaining = min(closest, num_heads - closest)
        slopes = torch.cat([slopes, torch.pow(extra, torch.arange(1, 1 + 2 * remaining, 2, dtype=torch.int32))])
    return slopes


def _hf_forward(n: int, inv_freq: torch.Tensor, attention: float = 1.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Hugging Face's rotary forward: float32 inv_freq @ float32 positions, cat(freqs, freqs)."""
    positions = torch.arange(n, dtype=torch.float32)
    freqs = torch.outer(positions, inv_freq.float())
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos() * attention, emb.sin() * attention


def rope_partial(n: int, rotary_dim: int, head_dim: int, base: float = 10000.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Partial rotary with the head width as exponent denominator, float32 throughout."""
    inv = 1.0 / (base ** (torch.arange(0, rotary_dim, 2, dtype=torch.int64).float() / head_dim))
    return _hf_forward(n, inv)


def rope_unrotated(n: int, dim: int, keep: int, base: float = 10000.0) -> tuple[torch.Tensor, torch.Tensor]:
    """p-RoPE: the lowest frequencies (pairs keep … dim/2 − 1) set to 0."""
    inv = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    inv[keep:] = 0.0
    return _hf_forward(n, inv)


def yarn(
    n: int,
    dim: int,
    *,
    base: float = 10000.0,
    factor: float = 40.0,
    original: int = 4096,
    truncate: bool = True,
    mscale: float | None = None,
    mscale_all_dim: float | None = None,
    beta_fast: float = 32.0,
    beta_slow: float = 1.0,
) -> tuple[torch.Tensor, torch.Tensor]:
    """``_compute_yarn_parameters`` in float32 (DeepSeek's mscale ratio, gpt-oss's truncate=False)."""

    def get_mscale(scale: float, m: float = 1.0) -> float:
        return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0

    def corr(rot: float) -> float:
        return (dim * math.log(original / (rot * 2 * math.pi))) / (2 * math.log(base))

    low, high = corr(beta_fast), corr(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    if low == high:
        high += 0.001
    ramp = torch.clamp((torch.arange(dim // 2, dtype=torch.float32) - low) / (high - low), 0, 1)
    pos_freqs = base ** (torch.arange(0, dim, 2).float() / dim)
    extrapolation = 1 - ramp
    inv = (1.0 / (factor * pos_freqs)) * (1 - extrapolation) + (1.0 / pos_freqs) * extrapolation
    attention = (
        get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
        if mscale and mscale_all_dim
        else get_mscale(factor)
    )
    return _hf_forward(n, inv, attention)


def longrope(
    n: int, dim: int, factors: list[float], *, base: float = 10000.0, max_pos: int = 131072, original: int = 4096
) -> tuple[torch.Tensor, torch.Tensor]:
    """``_compute_longrope_parameters``: 1/(ext_factors·base^(arange(0, dim, 2)/dim)) in float32."""
    s = max_pos / original
    attention = math.sqrt(1 + math.log(s) / math.log(original)) if s > 1 else 1.0
    ext = torch.tensor(factors, dtype=torch.float32)
    inv = 1.0 / (ext * base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    return _hf_forward(n, inv, attention)


def transfo_xl(klen: int, d: int) -> torch.Tensor:
    """Transformer-XL's PositionalEmbedding over pos_seq = arange(klen − 1, −1, −1.0), float32."""
    inv_freq = 1 / (10000 ** (torch.arange(0.0, d, 2.0) / d))
    pos_seq = torch.arange(klen - 1, -1, -1.0)
    sinusoid = torch.outer(pos_seq, inv_freq)
    return torch.cat([sinusoid.sin(), sinusoid.cos()], dim=-1)


def funnel(seq_len: int, d: int) -> torch.Tensor:
    """Funnel's relative_shift table over arange(−2L, 2L), float32."""
    inv_freq = 1 / (10000 ** (torch.arange(0, d // 2, 1.0) / (d // 2)))
    rel_pos_id = torch.arange(-seq_len * 2, seq_len * 2, 1.0)
    sinusoid = rel_pos_id[:, None] * inv_freq[None]
    return torch.cat([torch.sin(sinusoid), torch.cos(sinusoid)], dim=-1)


def flux_pos_embed(
    ids: torch.Tensor, axes_dim: tuple[int, ...] = (16, 56, 56), theta: float = 10000.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """diffusers' FluxPosEmbed on CPU: float64 frequencies and angles, repeat-interleaved, float32."""
    pos = ids.double()
    cos_out, sin_out = [], []
    for i, dim in enumerate(axes_dim):
        freqs = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
        angle = torch.outer(pos[:, i], freqs)
        cos_out.append(angle.cos().repeat_interleave(2, dim=1).float())
        sin_out.append(angle.sin().repeat_interleave(2, dim=1).float())
    return torch.cat(cos_out, dim=-1), torch.cat(sin_out, dim=-1)


def xpos(
    n: int, head_dim: int, scale_base: float = 512.0, downscale: bool = False
) -> tuple[torch.Tensor, torch.Tensor]:
    """torchscale's XPOS in float32: scale^((t − n//2)/scale_base) times sin/cos of t·10000^(−2j/d),
    duplicate-interleaved; inverted for keys."""
    scale = (torch.arange(0, head_dim, 2) + 0.4 * head_dim) / (1.4 * head_dim)
    min_pos = -n // 2
    power = torch.arange(min_pos, min_pos + n, 1).to(scale).div(scale_base)[:, None]
    amp = scale**power
    if downscale:
        amp = 1 / amp
    half = head_dim // 2
    inv_freq = 1.0 / (10000 ** (torch.arange(0, half) / half))
    sinusoid = torch.einsum("i , j -> i j", torch.arange(0, n, dtype=torch.float), inv_freq)
    cos, sin = sinusoid.cos() * amp, sinusoid.sin() * amp
    return cos.repeat_interleave(2, dim=-1), sin.repeat_interleave(2, dim=-1)


# --- broken variants ------------------------------------------------------------------------------


def mpt_slopes_swapped(n_heads: int) -> torch.Tensor:
    """Broken: MPT's rule with the even-indexed slopes taken first."""
    big = 2 ** math.ceil(math.log2(n_heads))
    slopes = 1.0 / torch.pow(2, torch.arange(1, big + 1, dtype=torch.float32).mul(8.0 / big))
    return torch.cat([slopes[::2], slopes[1::2]])[:n_heads]


def yarn_without_attention_factor(n: int, dim: int, factor: float = 16.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Broken: YaRN's frequencies, but cos and sin left unscaled (the attention factor forgotten)."""
    cos, sin = yarn(n, dim, factor=factor)
    scale = 0.1 * math.log(factor) + 1.0
    return cos / scale, sin / scale


def xpos_pair_index_slip(n: int, head_dim: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Broken: torchscale's xPos with arange(0, head_dim/2) in the scale's numerator."""
    scale = (torch.arange(0, head_dim // 2) + 0.4 * head_dim) / (1.4 * head_dim)
    power = torch.arange(-n // 2, -n // 2 + n, 1).to(scale).div(512.0)[:, None]
    half = head_dim // 2
    inv_freq = 1.0 / (10000 ** (torch.arange(0, half) / half))
    sinusoid = torch.einsum("i , j -> i j", torch.arange(0, n, dtype=torch.float), inv_freq)
    amp = scale**power
    return (sinusoid.cos() * amp).repeat_interleave(2, dim=-1), (sinusoid.sin() * amp).repeat_interleave(2, dim=-1)
