"""Sinusoidal tables, RoPE caches and ALiBi slopes in NumPy, one function per convention.

All compute angles in float64 unless ``angle_dtype`` says otherwise; the result is cast to
``dtype``. The formulas are written from the conventions' definitions (see each docstring),
not copied from any seed document.
"""

from __future__ import annotations

import math

import numpy


def _angles(n: int, omega: numpy.ndarray, start: int, angle_dtype: type) -> numpy.ndarray:
    t = numpy.arange(start, start + n, dtype=angle_dtype)[:, None]
    return t * omega.astype(angle_dtype)[None, :]


def sinusoidal(
    n: int,
    d: int,
    *,
    base: float = 10000.0,
    layout: str = "interleaved",
    order: str = "sin-first",
    denominator: str = "d",
    start: int = 0,
    scale: float = 1.0,
    dtype: type = numpy.float32,
    angle_dtype: type = numpy.float64,
    zero_row: int | None = None,
) -> numpy.ndarray:
    """The sinusoidal table in any of the conventions; odd d gets a zero last column (fairseq)."""
    half = d // 2
    den = 2 * half if denominator == "d" else 2 * half - 2
    # the log-space form most code uses: exp(2i · (−ln b / den))
    omega = numpy.exp(numpy.arange(half, dtype=angle_dtype) * 2 * (-math.log(base) / den)).astype(angle_dtype)
    ang = _angles(n, omega, start, angle_dtype)
    s, c = numpy.sin(ang), numpy.cos(ang)
    first, second = (s, c) if order == "sin-first" else (c, s)
    out = numpy.zeros((n, d), dtype=numpy.float64)
    if layout == "interleaved":
        out[:, 0 : 2 * half : 2], out[:, 1 : 2 * half : 2] = first, second
    else:
        out[:, :half], out[:, half : 2 * half] = first, second
    out *= scale
    if zero_row is not None:
        out[zero_row] = 0.0
    return out.astype(dtype)


def sin_only(n: int, d: int, base: float = 10000.0, dtype: type = numpy.float64) -> numpy.ndarray:
    """Broken: every column a sine, ω_i = base^(−i/(d−1)) (no cos partners, no rotation T_k)."""
    t = numpy.arange(n, dtype=numpy.float64)[:, None]
    return numpy.sin(t / base ** (numpy.arange(d) / (d - 1))).astype(dtype)


def wrong_exponent(n: int, d: int, dtype: type = numpy.float64) -> numpy.ndarray:
    """Broken: 10000^(2·j/d) with j the *column* index (2i where the formula wants i), a common slip."""
    t = numpy.arange(n, dtype=numpy.float64)[:, None]
    out = numpy.empty((n, d))
    j = numpy.arange(0, d, 2)
    out[:, 0::2] = numpy.sin(t / 10000 ** (2 * j / d))
    out[:, 1::2] = numpy.cos(t / 10000 ** (2 * j / d))
    return out.astype(dtype)


def rope_theta(dim: int, base: float, scaling: str = "none", **p: float) -> numpy.ndarray:
    """Per-pair inverse frequencies, following the Hugging Face rope-init functions' definitions."""
    inv = 1.0 / base ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim)
    if scaling == "linear":
        return inv / p["factor"]
    if scaling == "ntk":
        b = base * p["alpha"] ** (dim / (dim - 2))
        return 1.0 / b ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim)
    if scaling == "llama3":
        ctx, f = p["original_max_position_embeddings"], p["factor"]
        low, high = p["low_freq_factor"], p["high_freq_factor"]
        wavelen = 2 * math.pi / inv
        smooth = (ctx / wavelen - low) / (high - low)
        out = numpy.where(wavelen > ctx / low, inv / f, inv)
        medium = (wavelen >= ctx / high) & (wavelen <= ctx / low)
        return numpy.where(medium, (1 - smooth) * inv / f + smooth * inv, out)
    if scaling == "yarn":
        ctx, f = p["original_max_position_embeddings"], p["factor"]

        def corr(rot: float) -> float:
            return dim * math.log(ctx / (rot * 2 * math.pi)) / (2 * math.log(base))

        lo, hi = max(math.floor(corr(32)), 0), min(math.ceil(corr(1)), dim - 1)
        ramp = numpy.clip((numpy.arange(dim // 2) - lo) / ((hi - lo) or 0.001), 0, 1)
        return inv / f * ramp + inv * (1 - ramp)
    return inv


def rope_cache(
    n: int,
    dim: int,
    *,
    base: float = 10000.0,
    pairing: str = "halves",
    scaling: str = "none",
    start: int = 0,
    dtype: type = numpy.float32,
    angle_dtype: type = numpy.float64,
    **params: float,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(cos, sin) caches of width dim: halves = cat(freqs, freqs), adjacent = repeat_interleave."""
    inv = rope_theta(dim, base, scaling, **params)
    ang = _angles(n, inv, start, angle_dtype)
    ang = numpy.concatenate([ang, ang], axis=1) if pairing == "halves" else numpy.repeat(ang, 2, axis=1)
    factor = 0.1 * math.log(params["factor"]) + 1.0 if scaling == "yarn" else 1.0
    return ((numpy.cos(ang) * factor).astype(dtype), (numpy.sin(ang) * factor).astype(dtype))


def alibi(n: int, rule: str = "interpolated") -> numpy.ndarray:
    """ALiBi slopes by the paper's rule (interpolated for n not a power of two) or the naive one."""

    def geometric(k: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(k) - 3)))
        return [start * start**i for i in range(k)]

    if rule == "geometric" or n & (n - 1) == 0:
        return numpy.array([2 ** (-8 * (h + 1) / n) for h in range(n)])
    c = 2 ** math.floor(math.log2(n))
    return numpy.array(geometric(c) + geometric(2 * c)[0::2][: n - c])


def rope_mixed_pairing(n: int, dim: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Broken: cos laid out rotate-half style, sin rotate-every-two (two code paths disagreeing)."""
    cos, _ = rope_cache(n, dim, pairing="halves", dtype=numpy.float64)
    _, sin = rope_cache(n, dim, pairing="adjacent", dtype=numpy.float64)
    return cos, sin


def sinusoidal_shifted_cos(n: int, d: int) -> numpy.ndarray:
    """Broken: the cosines one position ahead of the sines (an off-by-one in one of two arange calls)."""
    t = numpy.arange(n, dtype=numpy.float64)[:, None]
    w = numpy.exp(numpy.arange(0, d, 2) * (-math.log(10000.0) / d))
    out = numpy.empty((n, d))
    out[:, 0::2] = numpy.sin(t * w)
    out[:, 1::2] = numpy.cos((t + 1) * w)
    return out


def alibi_ascending(n: int) -> numpy.ndarray:
    """Broken: the paper's slopes in reverse head order."""
    return alibi(n)[::-1].copy()


# --- conventions of real code (issue 14, item 6) -------------------------------------------------


def alibi_mpt(n: int, max_bias: float = 8.0, dtype: type = numpy.float32) -> numpy.ndarray:
    """MPT's ``gen_slopes``: exponents arange(1, N+1)·(B/N) for N = 2^⌈log2 n⌉ in float32, slopes
    1/2^m; for n < N the odd-indexed slopes (the N/2-head sequence) then the even-indexed ones."""
    big = 1 << (n - 1).bit_length()
    m = numpy.arange(1, big + 1, dtype=dtype) * dtype(max_bias / big)
    slopes = (dtype(1.0) / numpy.power(dtype(2.0), m)).astype(dtype)
    if big != n:
        slopes = numpy.concatenate([slopes[1::2], slopes[0::2]])[:n]
    return slopes


def alibi_mpt_swapped(n: int) -> numpy.ndarray:
    """Broken: MPT's rule with the two halves taken in the other order (even-indexed first)."""
    big = 1 << (n - 1).bit_length()
    slopes = 1.0 / 2.0 ** (numpy.arange(1, big + 1) * (8.0 / big))
    return numpy.concatenate([slopes[0::2], slopes[1::2]])[:n]


def alibi_bloom(n: int, dtype: type = numpy.float32) -> numpy.ndarray:
    """BLOOM's ``build_alibi_tensor``: float32 powers of base = 2^(−2^−(log2 c − 3)) for the closest
    power of two c ≤ n, then odd powers of the 2c-head base for the remaining heads."""
    c = 1 << (n.bit_length() - 1)
    base = dtype(2 ** (-(2 ** -(math.log2(c) - 3))))
    slopes = numpy.power(base, numpy.arange(1, c + 1).astype(dtype))
    if c != n:
        extra = dtype(2 ** (-(2 ** -(math.log2(2 * c) - 3))))
        rest = min(c, n - c)
        slopes = numpy.concatenate([slopes, numpy.power(extra, numpy.arange(1, 2 * rest, 2).astype(dtype))])
    return slopes.astype(dtype)


def alibi_as_written(n: int, max_bias: float = 8.0) -> numpy.ndarray:
    """The paper's formula as written, 2^(−B(h+1)/n), for any n (float64)."""
    return numpy.array([2.0 ** (-max_bias * (h + 1) / n) for h in range(n)])


def _hf_cache(
    n: int, inv_freq: numpy.ndarray, pairing: str, attention: float, dtype: type, start: int = 0
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Hugging Face's forward: freqs = outer(t, inv_freq) in float64 here, cat(freqs, freqs) for
    rotate_half (``halves``) or repeat-interleave (``adjacent``), times the attention factor."""
    ang = numpy.arange(start, start + n, dtype=numpy.float64)[:, None] * inv_freq[None, :]
    ang = numpy.concatenate([ang, ang], axis=1) if pairing == "halves" else numpy.repeat(ang, 2, axis=1)
    return (numpy.cos(ang) * attention).astype(dtype), (numpy.sin(ang) * attention).astype(dtype)


def rope_partial(
    n: int, rotary_dim: int, head_dim: int, *, base: float = 10000.0, dtype: type = numpy.float32
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Partial rotary whose exponent divides by the head width: 1/base^(arange(0, R, 2)/head_dim)."""
    inv = 1.0 / base ** (numpy.arange(0, rotary_dim, 2, dtype=numpy.float64) / head_dim)
    return _hf_cache(n, inv, "halves", 1.0, dtype)


def rope_unrotated(
    n: int, dim: int, keep: int, *, base: float = 10000.0, pairing: str = "halves", dtype: type = numpy.float32
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """p-RoPE style: the standard frequencies for the first ``keep`` pairs, 0 for the rest."""
    inv = 1.0 / base ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim)
    inv[keep:] = 0.0
    return _hf_cache(n, inv, pairing, 1.0, dtype)


def rope_unrotated_leading(n: int, dim: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Broken: the *highest* frequencies zeroed (the slice taken from the wrong end)."""
    inv = 1.0 / 10000.0 ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim)
    inv[:2] = 0.0
    return _hf_cache(n, inv, "halves", 1.0, numpy.float32)


def _yarn_mscale(scale: float, mscale: float = 1.0) -> float:
    return 1.0 if scale <= 1 else 0.1 * mscale * math.log(scale) + 1.0


def yarn_inv_freq(
    dim: int,
    base: float,
    factor: float,
    context: int,
    *,
    truncate: bool = True,
    beta_fast: float = 32,
    beta_slow: float = 1,
) -> numpy.ndarray:
    """``_compute_yarn_parameters``: correction range from β_fast/β_slow rotations (floored and
    ceiled unless ``truncate`` is False, as gpt-oss sets), linear ramp over the pair index."""

    def corr(rot: float) -> float:
        return dim * math.log(context / (rot * 2 * math.pi)) / (2 * math.log(base))

    low, high = corr(beta_fast), corr(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    pos = base ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim)
    ramp = numpy.clip((numpy.arange(dim // 2) - low) / ((high - low) or 0.001), 0, 1)
    extrapolation = 1 - ramp
    return (1 / (factor * pos)) * (1 - extrapolation) + (1 / pos) * extrapolation


def rope_yarn(
    n: int,
    dim: int,
    *,
    base: float = 10000.0,
    factor: float = 40.0,
    context: int = 4096,
    truncate: bool = True,
    mscale: float | None = None,
    mscale_all_dim: float | None = None,
    attention_factor: float | None = None,
    pairing: str = "halves",
    dtype: type = numpy.float32,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """YaRN as Hugging Face computes it, with DeepSeek's mscale ratio when both are given."""
    inv = yarn_inv_freq(dim, base, factor, context, truncate=truncate)
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = _yarn_mscale(factor, mscale) / _yarn_mscale(factor, mscale_all_dim)
        else:
            attention_factor = _yarn_mscale(factor)
    return _hf_cache(n, inv, pairing, attention_factor, dtype)


def phi3_factors(pairs: int, top: float = 40.0) -> list[float]:
    """A LongRoPE factor list of the shape Phi-3's configs hold: decimals rising from 1 to ``top``."""
    return [round(1.0 + (top - 1.0) * (p / (pairs - 1)) ** 3, 2) for p in range(pairs)]


def rope_longrope(
    n: int,
    dim: int,
    factors: list[float],
    *,
    base: float = 10000.0,
    max_position_embeddings: int = 131072,
    original_max_position_embeddings: int = 4096,
    dtype: type = numpy.float32,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """``_compute_longrope_parameters``: inv_freq = 1/(ext_factors·base^(arange(0, dim, 2)/dim))
    with the factors as a float32 tensor, and attention factor √(1 + ln s/ln L)."""
    s = max_position_embeddings / original_max_position_embeddings
    attention = math.sqrt(1 + math.log(s) / math.log(original_max_position_embeddings)) if s > 1 else 1.0
    ext = numpy.asarray(factors, dtype=numpy.float32).astype(numpy.float64)
    inv = 1.0 / (ext * base ** (numpy.arange(0, dim, 2, dtype=numpy.float64) / dim))
    return _hf_cache(n, inv, "halves", attention, dtype)


def transfo_xl_table(klen: int, d: int, dtype: type = numpy.float32) -> numpy.ndarray:
    """Transformer-XL's relative table: pos_seq = arange(klen − 1, −1, −1), inv_freq =
    1/10000^(arange(0, d, 2)/d), cat([sin, cos], −1) of their outer product."""
    pos_seq = numpy.arange(klen - 1, -1, -1.0)
    inv_freq = 1 / 10000 ** (numpy.arange(0.0, d, 2.0) / d)
    sinusoid = numpy.outer(pos_seq, inv_freq)
    return numpy.concatenate([numpy.sin(sinusoid), numpy.cos(sinusoid)], axis=-1).astype(dtype)


def xlnet_table(qlen: int, klen: int, d: int, dtype: type = numpy.float32) -> numpy.ndarray:
    """XLNet's bidirectional table: pos_seq = arange(klen, −qlen, −1), the same sin/cos halves."""
    pos_seq = numpy.arange(klen, -qlen, -1.0)
    inv_freq = 1 / 10000 ** (numpy.arange(0.0, d, 2.0) / d)
    sinusoid = numpy.outer(pos_seq, inv_freq)
    return numpy.concatenate([numpy.sin(sinusoid), numpy.cos(sinusoid)], axis=-1).astype(dtype)


def funnel_table(seq_len: int, d: int, dtype: type = numpy.float32) -> numpy.ndarray:
    """Funnel Transformer's relative_shift table: rel_pos_id = arange(−2L, 2L), inv_freq =
    1/10000^(arange(d/2)/(d/2)), cat([sin, cos], −1)."""
    rel_pos_id = numpy.arange(-seq_len * 2, seq_len * 2, 1.0)
    inv_freq = 1 / 10000 ** (numpy.arange(0.0, d // 2) / (d // 2))
    sinusoid = rel_pos_id[:, None] * inv_freq[None]
    return numpy.concatenate([numpy.sin(sinusoid), numpy.cos(sinusoid)], axis=-1).astype(dtype)


def transfo_xl_off_by_one(klen: int, d: int) -> numpy.ndarray:
    """Broken: the descending positions with the cos half one position behind the sin half."""
    table = transfo_xl_table(klen, d, numpy.float64)
    table[:, d // 2 :] = transfo_xl_table(klen + 1, d, numpy.float64)[:-1, d // 2 :]
    return table


def flux_ids(height: int, width: int, text: int = 0, frame: int = 0) -> numpy.ndarray:
    """Flux's ids: ``text`` text tokens at (0, 0, 0), then image tokens at (frame, row, column)."""
    rows, cols = numpy.meshgrid(numpy.arange(height), numpy.arange(width), indexing="ij")
    image = numpy.stack([numpy.full(rows.size, frame), rows.ravel(), cols.ravel()], axis=1)
    return numpy.concatenate([numpy.zeros((text, 3), dtype=numpy.int64), image]).astype(numpy.int64)


def flux_pos_embed(
    ids: numpy.ndarray,
    axes_dim: tuple[int, ...] = (16, 56, 56),
    theta: float | tuple[float, ...] = 10000.0,
    *,
    denominator: str = "axis",
    dtype: type = numpy.float32,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """diffusers' ``FluxPosEmbed``: per axis, 1/θ^(arange(0, d, 2)/d) in float64, outer product with
    that axis's ids, cos/sin repeat-interleaved, blocks concatenated. ``denominator="total"`` is
    the slip of dividing by the whole rotary width instead of the axis width."""
    thetas = theta if isinstance(theta, tuple) else (theta,) * len(axes_dim)
    total = sum(axes_dim)
    cos_out, sin_out = [], []
    for a, d in enumerate(axes_dim):
        den = d if denominator == "axis" else total
        freqs = 1.0 / thetas[a] ** (numpy.arange(0, d, 2, dtype=numpy.float64) / den)
        angle = numpy.outer(ids[:, a].astype(numpy.float64), freqs)
        cos_out.append(numpy.repeat(numpy.cos(angle), 2, axis=1))
        sin_out.append(numpy.repeat(numpy.sin(angle), 2, axis=1))
    return numpy.concatenate(cos_out, 1).astype(dtype), numpy.concatenate(sin_out, 1).astype(dtype)


def flux_rope_matrices(
    ids: numpy.ndarray, axes_dim: tuple[int, ...] = (16, 56, 56), theta: float = 10000.0
) -> numpy.ndarray:
    """Black Forest Labs' ``EmbedND``: per pair the 2×2 rotation [[cos, −sin], [sin, cos]], shape
    (tokens, pairs, 2, 2), in float64 then float32."""
    blocks = []
    for a, d in enumerate(axes_dim):
        omega = 1.0 / theta ** (numpy.arange(0, d, 2, dtype=numpy.float64) / d)
        angle = numpy.einsum("n,d->nd", ids[:, a].astype(numpy.float64), omega)
        blocks.append(numpy.stack([numpy.cos(angle), -numpy.sin(angle), numpy.sin(angle), numpy.cos(angle)], -1))
    return numpy.concatenate(blocks, 1).reshape(ids.shape[0], -1, 2, 2).astype(numpy.float32)


def flux_axes_swapped(ids: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Broken: the row and column ids exchanged (ids[:, [0, 2, 1]]) when building the cache."""
    return flux_pos_embed(ids[:, [0, 2, 1]])


def xpos_cache(
    n: int,
    dim: int,
    *,
    scale_base: float = 512.0,
    centre: int | None = None,
    downscale: bool = False,
    pairing: str = "adjacent",
    zeta_index: str = "2p",
    dtype: type = numpy.float32,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """torchscale's XPOS as the attention sees it: scale = (arange(0, dim, 2) + 0.4·dim)/(1.4·dim)
    raised to (t − centre)/scale_base (centre n // 2 by default, as rotary-embedding-torch's
    len(t) // 2), inverted for keys (``downscale``), times cos/sin of t·10000^(−2p/dim), each pair's
    value repeated (``adjacent``) or the halves concatenated. ``zeta_index="p"`` is the slip of
    arange(0, dim/2) in the scale's numerator (every ζ but the first too small)."""
    centre = n // 2 if centre is None else centre
    p = numpy.arange(dim // 2, dtype=numpy.float64)
    zeta = ((2 * p if zeta_index == "2p" else p) + 0.4 * dim) / (1.4 * dim)
    t = numpy.arange(n, dtype=numpy.float64)[:, None]
    amp = zeta[None, :] ** ((t - centre) / scale_base)
    if downscale:
        amp = 1 / amp
    angle = t * (1.0 / 10000.0 ** (2 * p / dim))[None, :]
    cos, sin = numpy.cos(angle) * amp, numpy.sin(angle) * amp
    if pairing == "adjacent":
        cos, sin = numpy.repeat(cos, 2, axis=1), numpy.repeat(sin, 2, axis=1)
    else:
        cos, sin = numpy.concatenate([cos, cos], 1), numpy.concatenate([sin, sin], 1)
    return cos.astype(dtype), sin.astype(dtype)
