"""Position encodings of vision and multimodal models, re-implemented in NumPy from how each library
computes them (the library, file and function are named in each docstring), with the arithmetic in
the precision the library uses; and broken variants, each naming its bug. Written from the
libraries' definitions for the tests, not copied; the tests also run the real libraries where they
are installed (transformers, diffusers, x-transformers).
"""

from __future__ import annotations

import math

import numpy

F32 = numpy.float32


# --- Qwen2-VL: M-RoPE ------------------------------------------------------------------------------


def qwen2_vl_position_ids(text_before: int, grid_thw: tuple[int, int, int], text_after: int,
                          spatial_merge_size: int = 2) -> numpy.ndarray:
    """transformers ``Qwen2VLModel.get_rope_index`` (models/qwen2_vl/modeling_qwen2_vl.py) for one
    text–image–text sequence, as (tokens, 3) ids (temporal, height, width): text tokens at
    (p, p, p); the image's tokens at (s, s + row, s + column), s the next position, over the grid
    merged by ``spatial_merge_size``; the text after it from s + max(rows, columns) on."""
    t, h, w = grid_thw[0], grid_thw[1] // spatial_merge_size, grid_thw[2] // spatial_merge_size
    parts = [numpy.repeat(numpy.arange(text_before)[:, None], 3, 1)]
    s = text_before
    tt, hh, ww = numpy.meshgrid(numpy.arange(t), numpy.arange(h), numpy.arange(w), indexing="ij")
    parts.append(numpy.stack([tt.ravel() + s, hh.ravel() + s, ww.ravel() + s], 1))
    s += max(h, w)
    parts.append(numpy.repeat(numpy.arange(s, s + text_after)[:, None], 3, 1))
    return numpy.concatenate(parts).astype(numpy.int64)


def qwen2_vl_rotary(ids: numpy.ndarray, head_dim: int = 128, theta: float = 1e6,
                    mrope_section: tuple[int, ...] = (16, 24, 24)) -> tuple[numpy.ndarray, numpy.ndarray]:
    """transformers ``Qwen2VLRotaryEmbedding.forward`` with ``recomposition_frequencies``: one
    inverse-frequency ladder 1/θ^(arange(0, D, 2)/D) in float32, angles id·ω in float32 per axis,
    then pair j taken from axis i % 3 of the section i it falls in, and the halves concatenated."""
    inv = (F32(1.0) / F32(theta) ** (numpy.arange(0, head_dim, 2, dtype=F32) / F32(head_dim))).astype(F32)
    angles = ids.T.astype(F32)[:, :, None] * inv[None, None, :]  # (3, tokens, D/2) in float32
    bounds = numpy.cumsum([0, *mrope_section])
    picked = numpy.concatenate([angles[i % 3][:, bounds[i]:bounds[i + 1]] for i in range(len(mrope_section))], 1)
    cos, sin = numpy.cos(picked).astype(F32), numpy.sin(picked).astype(F32)
    return numpy.concatenate([cos, cos], 1), numpy.concatenate([sin, sin], 1)


def qwen2_vl_sections_restarting(ids: numpy.ndarray, head_dim: int = 128, theta: float = 1e6,
                                 mrope_section: tuple[int, ...] = (16, 24, 24)) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Broken: every section takes the ladder from its start (pairs 0 … n − 1 of the ladder) instead
    of its own pairs: the height and width sections turn at the temporal section's frequencies."""
    inv = (F32(1.0) / F32(theta) ** (numpy.arange(0, head_dim, 2, dtype=F32) / F32(head_dim))).astype(F32)
    angles = ids.T.astype(F32)[:, :, None] * inv[None, None, :]
    picked = numpy.concatenate([angles[i % 3][:, :n] for i, n in enumerate(mrope_section)], 1)
    cos, sin = numpy.cos(picked).astype(F32), numpy.sin(picked).astype(F32)
    return numpy.concatenate([cos, cos], 1), numpy.concatenate([sin, sin], 1)


# --- Pixtral: 2-D RoPE -----------------------------------------------------------------------------


def pixtral_ids(height: int, width: int) -> numpy.ndarray:
    """``PixtralVisionModel.forward``'s positions: meshgrid(rows, columns, indexing="ij"), (tokens, 2)."""
    hh, ww = numpy.meshgrid(numpy.arange(height), numpy.arange(width), indexing="ij")
    return numpy.stack([hh.ravel(), ww.ravel()], 1).astype(numpy.int64)


def pixtral_rotary(ids: numpy.ndarray, head_dim: int = 64, theta: float = 10000.0,
                   w_on: str = "odd") -> tuple[numpy.ndarray, numpy.ndarray]:
    """transformers ``PixtralVisionRotaryEmbedding`` (models/pixtral/modeling_pixtral.py): the ladder
    1/θ^(arange(0, D, 2)/D) in float32 reordered as [even pairs, odd pairs], the row id on the even
    pairs and the column id on the odd ones, angles in float32, halves concatenated.
    ``w_on="even"`` is broken: the column id on the even pairs as well (h and w turn alike)."""
    inv = (F32(1.0) / F32(theta) ** (numpy.arange(0, head_dim, 2, dtype=F32) / F32(head_dim))).astype(F32)
    h = ids[:, [0]].astype(F32) * inv[0::2][None, :]
    w = ids[:, [1]].astype(F32) * (inv[1::2] if w_on == "odd" else inv[0::2])[None, :]
    angle = numpy.concatenate([h, w], 1)
    cos, sin = numpy.cos(angle).astype(F32), numpy.sin(angle).astype(F32)
    return numpy.concatenate([cos, cos], 1), numpy.concatenate([sin, sin], 1)


# --- 2-D sin-cos tables ----------------------------------------------------------------------------


def _sincos_1d(embed_dim: int, pos: numpy.ndarray) -> numpy.ndarray:
    """MAE's ``get_1d_sincos_pos_embed_from_grid``: ω = 1/10000^(arange(D/2)/(D/2)) in float64,
    [sin(pos·ω) | cos(pos·ω)]."""
    omega = 1.0 / 10000 ** (numpy.arange(embed_dim // 2, dtype=numpy.float64) / (embed_dim / 2.0))
    out = numpy.einsum("m,d->md", pos.reshape(-1).astype(numpy.float64), omega)
    return numpy.concatenate([numpy.sin(out), numpy.cos(out)], axis=1)


def mae_2d_sincos(embed_dim: int, grid_size: int, cls_token: bool = False) -> numpy.ndarray:
    """facebookresearch/mae ``util/pos_embed.py: get_2d_sincos_pos_embed``: meshgrid(grid_w, grid_h)
    (w goes first), emb_h from grid[0] (so the first half encodes w), a zero row for the cls token;
    float64, then the float32 ``pos_embed`` buffer MAE copies it into."""
    grid = numpy.stack(numpy.meshgrid(numpy.arange(grid_size, dtype=F32), numpy.arange(grid_size, dtype=F32)), 0)
    emb = numpy.concatenate([_sincos_1d(embed_dim // 2, grid[0]), _sincos_1d(embed_dim // 2, grid[1])], 1)
    if cls_token:
        emb = numpy.concatenate([numpy.zeros([1, embed_dim]), emb], 0)
    return emb.astype(F32)


def diffusers_2d_sincos(embed_dim: int, grid_size: int, base_size: int = 16,
                        interpolation_scale: float = 1.0) -> numpy.ndarray:
    """diffusers ``models/embeddings.py: get_2d_sincos_pos_embed``: positions arange(g) divided by
    g/base_size and by interpolation_scale in float32 (PixArt: interpolation_scale 2), then MAE's
    layout in float64; float32 as ``PatchEmbed`` registers it."""
    pos = numpy.arange(grid_size, dtype=F32) / F32(grid_size / base_size) / F32(interpolation_scale)
    grid = numpy.stack(numpy.meshgrid(pos, pos), 0)
    return numpy.concatenate([_sincos_1d(embed_dim // 2, grid[0]), _sincos_1d(embed_dim // 2, grid[1])], 1).astype(F32)


def timm_sincos2d(feat_shape: tuple[int, int], dim: int, temperature: float = 10000.0,
                  interleave_sin_cos: bool = False) -> numpy.ndarray:
    """timm ``layers/pos_embed_sincos.py: build_sincos2d_pos_embed``: bands 1/T^(arange(D/4)/(D/4))
    in float32, grid (h, w) by ndgrid (ij), pos·band in float32, stacked [sin, cos] then coordinate
    (sin h, sin w, cos h, cos w) or, interleaved, coordinate then [sin, cos] (sin h, cos h, sin w, cos w)."""
    pos_dim = dim // 4
    bands = (F32(1.0) / F32(temperature) ** (numpy.arange(pos_dim, dtype=F32) / F32(pos_dim))).astype(F32)
    hh, ww = numpy.meshgrid(numpy.arange(feat_shape[0], dtype=F32), numpy.arange(feat_shape[1], dtype=F32),
                            indexing="ij")
    grid = numpy.stack([hh.ravel(), ww.ravel()], 1)  # (HW, 2)
    pos2 = grid[:, :, None] * bands[None, None, :]  # (HW, 2, pos_dim)
    stacked = numpy.stack([numpy.sin(pos2), numpy.cos(pos2)], axis=2 if interleave_sin_cos else 1)
    return stacked.reshape(grid.shape[0], -1).astype(F32)


# --- scaled 1-D sinusoids --------------------------------------------------------------------------


def t2t_timing_signal_1d(length: int, channels: int, min_timescale: float = 1.0, max_timescale: float = 1.0e4,
                         start_index: int = 0) -> numpy.ndarray:
    """tensor2tensor ``layers/common_attention.py: get_timing_signal_1d``: positions arange + start,
    inv_timescales = min_timescale·exp(arange(n)·−ln(max/min)/(n − 1)) (the minimum multiplies),
    [sin | cos] of position·inv_timescales, all in float32 (TensorFlow's to_float)."""
    position = (numpy.arange(length) + start_index).astype(F32)
    n = channels // 2
    increment = math.log(float(max_timescale) / float(min_timescale)) / max(n - 1, 1)
    inv = (F32(min_timescale) * numpy.exp(numpy.arange(n, dtype=F32) * F32(-increment))).astype(F32)
    scaled = position[:, None] * inv[None, :]
    signal = numpy.concatenate([numpy.sin(scaled), numpy.cos(scaled)], 1)
    return numpy.pad(signal, [[0, 0], [0, channels % 2]]).astype(F32)


def x_transformers_scaled_sinusoidal(length: int, dim: int, theta: float = 10000.0) -> numpy.ndarray:
    """x-transformers ``ScaledSinusoidalEmbedding`` (x_transformers/x_transformers.py): the scale
    parameter dim ** -0.5 in float32, inv_freq = θ^(−arange(D/2)/(D/2)) in float32, [sin | cos] of
    pos·inv_freq in float32, times the scale."""
    scale = F32(dim ** -0.5)
    half = dim // 2
    inv = (F32(theta) ** -(numpy.arange(half, dtype=F32) / F32(half))).astype(F32)
    emb = numpy.arange(length, dtype=F32)[:, None] * inv[None, :]
    return (numpy.concatenate([numpy.sin(emb), numpy.cos(emb)], 1) * scale).astype(F32)
