"""ALiBi bias arrays as the attention sees them, re-implemented in NumPy from how each library builds
them (library, file and function in each docstring; the arithmetic in float32 as they do), and
broken variants naming their bug. The tests also run the real libraries where installed.
"""

from __future__ import annotations

import math

import numpy

F32 = numpy.float32


def _power_of_two_slopes(n: int) -> list[float]:
    start = 2 ** (-(2 ** -(math.log2(n) - 3)))
    return [start * start**i for i in range(n)]


def reference_slopes(n: int) -> list[float]:
    """ofirpress/attention_with_linear_biases ``get_slopes`` (float64): n a power of two, or the
    closest power of two's slopes then every other slope of twice as many."""
    if math.log2(n).is_integer():
        return _power_of_two_slopes(n)
    c = 2 ** math.floor(math.log2(n))
    return _power_of_two_slopes(c) + _power_of_two_slopes(2 * c)[0::2][: n - c]


def bloom_alibi(num_heads: int, keys: int) -> numpy.ndarray:
    """transformers ``models/bloom/modeling_bloom.py: build_alibi_tensor`` for one unpadded sequence:
    slopes as float32 powers of 2^(−2^−(log2 c − 3)), times ((mask.cumsum − 1)·mask) = key index j,
    shape (heads, 1, keys): m·j, the query left out."""
    c = 2 ** math.floor(math.log2(num_heads))
    base = F32(2 ** (-(2 ** -(math.log2(c) - 3))))
    slopes = base ** numpy.arange(1, 1 + c, dtype=F32)
    if c != num_heads:
        extra = F32(2 ** (-(2 ** -(math.log2(2 * c) - 3))))
        slopes = numpy.concatenate([slopes, extra ** numpy.arange(1, 1 + 2 * (num_heads - c), 2, dtype=F32)])
    return (slopes.astype(F32)[:, None] * numpy.arange(keys, dtype=F32)[None, :])[:, None, :].astype(F32)


def x_transformers_alibi(heads: int, total_heads: int, queries: int, keys: int) -> numpy.ndarray:
    """x-transformers ``AlibiPositionalBias(heads, total_heads)(i, j)``: −|j − i| over keys
    arange(j) and queries arange(j − i, j), times the reference slopes (a float32 tensor), the heads
    beyond ``heads`` padded with 0 (``alibi_num_heads`` below the head count)."""
    slopes = numpy.array(reference_slopes(heads), dtype=F32)[:, None, None]
    q = numpy.arange(keys - queries, keys)[:, None]
    bias = -numpy.abs(numpy.arange(keys)[None, :] - q).astype(F32)[None] * slopes
    return numpy.concatenate([bias, numpy.zeros((total_heads - heads, queries, keys), F32)]).astype(F32)


def causal_alibi(heads: int, length: int, mask: float = -numpy.inf) -> numpy.ndarray:
    """A causal ALiBi bias as decoders add it: m·(j − i) at and below the diagonal (float32 slopes
    times the integer distance), ``mask`` above (−inf, or torch.finfo(float32).min)."""
    slopes = numpy.array(reference_slopes(heads), dtype=F32)[:, None, None]
    distance = (numpy.arange(length)[None, :] - numpy.arange(length)[:, None]).astype(F32)
    bias = (slopes * distance[None]).astype(F32)
    bias[:, distance > 0] = mask
    return bias


def bloom_wrong_sign(num_heads: int, keys: int) -> numpy.ndarray:
    """Broken: BLOOM's bias with the slopes negated (−m·j: later keys penalised)."""
    return -bloom_alibi(num_heads, keys)


def bloom_reversed_heads(num_heads: int, keys: int) -> numpy.ndarray:
    """Broken: BLOOM's bias with the heads in reverse order (the smallest slope first)."""
    return bloom_alibi(num_heads, keys)[::-1].copy()


def symmetric_growing(heads: int, length: int) -> numpy.ndarray:
    """Broken: +m·|i − j|, a bias that grows with the distance."""
    return -x_transformers_alibi(heads, heads, length, length)
