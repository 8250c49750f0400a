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
