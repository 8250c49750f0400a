"""Faithful re-implementations, in torch, of the rotary and ALiBi code of Hugging Face transformers
(written from transformers 5.x: ``models/llama/modeling_llama.py`` — ``LlamaRotaryEmbedding``,
``rotate_half``, ``apply_rotary_pos_emb``; ``modeling_rope_utils._compute_llama3_parameters``;
``models/gpt_neox/modeling_gpt_neox.py`` — partial rotary; ``models/gptj/modeling_gptj.py`` —
``create_sinusoidal_positions``, ``rotate_every_two``; ``models/bloom/modeling_bloom.py`` —
``_get_alibi_slopes``, ``build_alibi_tensor``), for where transformers is not installed. The same
float32 operations in the same order; ``tests/test_check_function_transformers.py`` holds them to
the library's own output where it is installed.

Besides, torch-only bugs: positions cast to bfloat16 (``position_ids.to(torch.bfloat16)`` before
the angles), and BLOOM's builder with its slopes reversed or its sign flipped.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch

Fn = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


def llama_inv_freq(dim: int, base: float = 10000.0) -> torch.Tensor:
    """``1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))``."""
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=torch.float) / dim))


def llama3_inv_freq(
    dim: int, base: float = 500000.0, factor: float = 8.0, low: float = 1.0, high: float = 4.0, context: int = 8192
) -> torch.Tensor:
    """``_compute_llama3_parameters``: wavelengths beyond context/low divided by factor, below
    context/high kept, and smoothly interpolated between."""
    inv_freq = llama_inv_freq(dim, base)
    low_wavelen, high_wavelen = context / low, context / high
    wavelen = 2 * math.pi / inv_freq
    scaled = torch.where(wavelen > low_wavelen, inv_freq / factor, inv_freq)
    smooth = (context / wavelen - low) / (high - low)
    smoothed = (1 - smooth) * scaled / factor + smooth * scaled
    medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
    return torch.where(medium, smoothed, scaled)


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rotate_every_two(x: torch.Tensor) -> torch.Tensor:
    return torch.stack((-x[..., 1::2], x[..., ::2]), dim=-1).flatten(-2)


def llama(inv_freq: torch.Tensor, position_dtype: torch.dtype = torch.float32) -> Fn:
    """``LlamaRotaryEmbedding.forward`` then ``apply_rotary_pos_emb``, over x (tokens, D), with
    the rotary dimension 2·len(inv_freq) first and the rest passed through (GPT-NeoX's partial
    rotary when shorter than D). ``position_dtype`` bfloat16 is the slip of casting positions to
    the model's dtype."""

    def fn(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        freqs = positions.to(position_dtype)[:, None].float() * inv_freq.float()
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos().to(x.dtype), emb.sin().to(x.dtype)
        rot, rest = x[:, : cos.shape[-1]], x[:, cos.shape[-1] :]
        return torch.cat([rot * cos + rotate_half(rot) * sin, rest], dim=-1)

    return fn


def gptj(dim: int, rotary_dim: int, max_positions: int = 4097) -> Fn:
    """``create_sinusoidal_positions`` (sin | cos of t·inv_freq), indexed by the positions, then
    ``apply_rotary_pos_emb`` with ``repeat_interleave``: adjacent pairs over the first rotary_dim."""
    inv_freq = 1.0 / (10000 ** (torch.arange(0, rotary_dim, 2, dtype=torch.int64) / rotary_dim))
    sinusoid = torch.arange(max_positions, dtype=torch.int64).float()[:, None] * inv_freq
    table = torch.cat((torch.sin(sinusoid), torch.cos(sinusoid)), dim=1)

    def fn(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        sin, cos = torch.split(table[positions], rotary_dim // 2, dim=-1)
        sin, cos = torch.repeat_interleave(sin, 2, -1), torch.repeat_interleave(cos, 2, -1)
        rot = x[:, :rotary_dim]
        return torch.cat([rot * cos + rotate_every_two(rot) * sin, x[:, rotary_dim:]], dim=-1)

    return fn


def bloom_slopes(num_heads: int) -> torch.Tensor:
    """``_get_alibi_slopes``: float32 powers of 2^(−8/c), then every other power of 2^(−8/2c)."""
    closest = 2 ** math.floor(math.log2(num_heads))
    base = torch.full((), 2 ** (-(2 ** -(math.log2(closest) - 3))), dtype=torch.float32)
    slopes = torch.pow(base, torch.arange(1, 1 + closest, dtype=torch.int32))
    if closest != num_heads:
        extra_base = torch.full((), 2 ** (-(2 ** -(math.log2(2 * closest) - 3))), dtype=torch.float32)
        remaining = min(closest, num_heads - closest)
        slopes = torch.cat([slopes, torch.pow(extra_base, torch.arange(1, 1 + 2 * remaining, 2, dtype=torch.int32))])
    return slopes


def bloom_alibi(
    heads: int, dtype: torch.dtype = torch.float32, reverse: bool = False, sign: float = 1.0
) -> Callable[[int, int], torch.Tensor]:
    """``build_alibi_tensor`` over an all-ones mask: slope·j of shape (heads, 1, k_len);
    ``reverse`` and ``sign`` plant the two bugs."""

    def fn(q_len: int, k_len: int) -> torch.Tensor:
        mask = torch.ones(1, k_len, dtype=torch.long)
        slopes = bloom_slopes(heads)
        if reverse:
            slopes = slopes.flip(0)
        arange = ((mask.cumsum(dim=-1) - 1) * mask)[:, None, :]
        alibi = sign * slopes[..., None] * arange
        return alibi.reshape(heads, 1, k_len).to(dtype)

    return fn
