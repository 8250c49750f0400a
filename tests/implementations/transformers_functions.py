"""Hugging Face transformers' own rotary and ALiBi code, wrapped into the shapes the function check drives.

Nothing here re-implements the library: each builder constructs the library's rotary-embedding
class from a config (no weights) and calls its ``apply_rotary_pos_emb`` (or BLOOM's
``build_alibi_tensor``), only moving axes so that ``fn(x, positions)`` takes x of shape
(tokens, D) and positions of shape (tokens,), as the check passes them (torch tensors: these
functions refuse NumPy arrays). Requires torch and transformers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

Fn = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]

#: rope_parameters of the llama3-scaled configuration (Llama 3.1's): base 500000, factor 8.
LLAMA3_ROPE = {
    "rope_type": "llama3",
    "rope_theta": 500000.0,
    "factor": 8.0,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192,
}


def llama(head_dim: int = 128, **config: Any) -> Fn:
    """``LlamaRotaryEmbedding(config)`` and ``modeling_llama.apply_rotary_pos_emb`` (rotate_half)."""
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

    emb = LlamaRotaryEmbedding(config=LlamaConfig(hidden_size=8 * head_dim, num_attention_heads=8, **config))

    def fn(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        cos, sin = emb(x, positions[None])  # (1, tokens, D)
        q = x[None, None]  # (batch, heads, tokens, D)
        return apply_rotary_pos_emb(q, q, cos, sin)[0][0, 0]

    return fn


def llama3(head_dim: int = 128) -> Fn:
    """Llama with the llama3 ``rope_type`` (Llama 3.1's rope_parameters)."""
    return llama(head_dim, rope_parameters=dict(LLAMA3_ROPE), max_position_embeddings=131072)


def gpt_neox(head_dim: int = 128, rotary_pct: float = 0.25) -> Fn:
    """``GPTNeoXRotaryEmbedding`` and ``modeling_gpt_neox.apply_rotary_pos_emb``: rotate_half over
    the first rotary_pct·head_dim dimensions, the rest passed through (partial rotary)."""
    from transformers import GPTNeoXConfig
    from transformers.models.gpt_neox.modeling_gpt_neox import GPTNeoXRotaryEmbedding, apply_rotary_pos_emb

    config = GPTNeoXConfig(hidden_size=4 * head_dim, num_attention_heads=4, rotary_pct=rotary_pct)
    emb = GPTNeoXRotaryEmbedding(config=config)

    def fn(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        cos, sin = emb(x, positions[None])
        q = x[None, None]
        return apply_rotary_pos_emb(q, q, cos, sin)[0][0, 0]

    return fn


def gptj(head_dim: int = 128, rotary_dim: int = 32, max_positions: int = 4097) -> Fn:
    """``GPTJRotaryEmbedding`` (its sin/cos table over ``max_positions`` positions) and
    ``modeling_gptj.apply_rotary_pos_emb`` (rotate_every_two: adjacent pairs) over the first
    ``rotary_dim`` dimensions, concatenated with the rest as ``GPTJAttention.forward`` does."""
    from transformers import GPTJConfig
    from transformers.models.gptj.modeling_gptj import GPTJRotaryEmbedding, apply_rotary_pos_emb

    emb = GPTJRotaryEmbedding(GPTJConfig(n_embd=4 * head_dim, n_head=4, rotary_dim=rotary_dim,
                                         n_positions=max_positions))

    def fn(x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        sin, cos = emb(x, positions[None])
        q = x[None, :, None, :]  # (batch, tokens, heads, head_dim), GPT-J's layout
        rotated = apply_rotary_pos_emb(q[..., :rotary_dim], sin, cos)
        return torch.cat([rotated, q[..., rotary_dim:]], dim=-1)[0, :, 0]

    return fn


def bloom_alibi(heads: int, dtype: torch.dtype = torch.float32) -> Callable[[int, int], torch.Tensor]:
    """``modeling_bloom.build_alibi_tensor`` over an all-ones attention mask of k_len keys: the
    bias (heads, 1, k_len) = slope·j, broadcast over the queries (q_len does not enter)."""
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor

    def fn(q_len: int, k_len: int) -> torch.Tensor:
        return build_alibi_tensor(torch.ones(1, k_len, dtype=torch.long), heads, dtype)

    return fn
