"""The three ways to fill (sin t·ω_p, cos t·ω_p) for consecutive positions, chunk by chunk.

Each fills rows r0..r1−1 of the (n_positions, pairs) sin and cos blocks straight into destination
views of the final array that the caller provides (``dest(r0, r1) -> (sin_view, cos_view)``), so
memory stays bounded by one chunk and nothing half-done is ever returned.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy

from ..codegen import compile_kernel
from ..numerics import TurnWords, add_turns, sincos_turns, turn_words, turns
from ..reference import exact_frequency

__all__ = ["Dest", "encoding_words", "fast_rotations", "fill_pairs"]

Dest = Callable[[int, int], tuple[numpy.ndarray, numpy.ndarray]]
#: Elements per chunk: small enough that the kernel's temporaries stay in cache.
_CHUNK_ELEMENTS = 1 << 14


@lru_cache(maxsize=16)
def encoding_words(width: int, base: Any) -> TurnWords:
    """The turn words of ω_p = base^(−2p/width), p < width/2, exact from mpmath (cached)."""
    return turn_words([exact_frequency(p, width, base, dps=60) for p in range(width // 2)])


def _rows_per_chunk(pairs: int) -> int:
    return max(1, _CHUNK_ELEMENTS // max(pairs, 1))


def _direct(n: int, start: int, width: int, base: Any, dtype: numpy.dtype, dest: Dest) -> None:
    """The lambdified formula as it stands, evaluated in ``dtype`` (positions cast to it too)."""
    kernel = compile_kernel("sinusoidal_interleaved")
    b = base if isinstance(base, int) else float(base)
    i = numpy.arange(width // 2).astype(dtype)[None, :]
    step = _rows_per_chunk(width // 2)
    for r0 in range(0, n, step):
        r1 = min(n, r0 + step)
        t = numpy.arange(start + r0, start + r1).astype(dtype)[:, None]
        sin_view, cos_view = dest(r0, r1)
        sin_view[...], cos_view[...] = kernel(t, i, width, b)


def _accurate(n: int, start: int, words: TurnWords, dest: Dest) -> None:
    """Exact turns for the chunk's first row, plus exact turns of the offsets 0..rows−1 (added with
    carry: (t₀ + j)·g = t₀·g + j·g exactly), then the correctly rounded kernel."""
    step = _rows_per_chunk(len(words.w0))
    offsets = turns(numpy.arange(min(step, n)), words)
    for r0 in range(0, n, step):
        r1 = min(n, r0 + step)
        first = turns(numpy.array([start + r0]), words)
        u, v = add_turns((offsets[0][: r1 - r0], offsets[1][: r1 - r0]), first)
        sincos_turns(u, v, out=dest(r0, r1))


def fast_rotations(n: int, start: int, words: TurnWords) -> tuple[int, numpy.ndarray, numpy.ndarray]:
    """(block, w̄, z₀) for blockwise T_k, in the complex form of a (sin, cos) pair z = sin + i·cos.

    The proven rotation block [[cos jω, sin jω], [−sin jω, cos jω]] acting on (S, C) is exactly the
    complex product (cos jω − i·sin jω)·(S + i·C): the same two products and one sum per component
    (checked symbolically in the tests). w̄[j] = e^{−ijω} for the offsets j of a block and z₀[k] =
    the row at block start start + k·block, all from the accurate kernel.
    """
    # Block length ~√n balances the accurate evaluations (block offsets + n/block starts), capped
    # so the block of rotations (complex128) stays within ~1 MiB of cache.
    block = max(1, min(math.isqrt(max(n, 1)), (1 << 16) // max(len(words.w0), 1)))
    off_sin, off_cos = sincos_turns(*turns(numpy.arange(block), words))
    starts_sin, starts_cos = sincos_turns(*turns(numpy.arange(start, start + n, block), words))
    conj_w = off_cos - 1j * off_sin
    return block, conj_w, starts_sin + 1j * starts_cos


def _fast(n: int, start: int, words: TurnWords, dest: Dest) -> None:
    """Row start + k·block + j = T_j applied to the accurate row at start + k·block."""
    block, conj_w, z0 = fast_rotations(n, start, words)
    for k, r0 in enumerate(range(0, n, block)):
        r1 = min(n, r0 + block)
        z = conj_w[: r1 - r0] * z0[k]
        sin_view, cos_view = dest(r0, r1)
        sin_view[...], cos_view[...] = z.real, z.imag


def fill_pairs(method: str, n: int, start: int, width: int, base: Any, dtype: numpy.dtype,
               dest: Dest) -> None:
    """Fill (sin, cos)(t·ω_p) for t = start..start+n−1, ω_p = base^(−2p/width), chunk by chunk."""
    if method == "direct":
        _direct(n, start, width, base, dtype, dest)
    elif method == "accurate":
        _accurate(n, start, encoding_words(width, base), dest)
    else:
        _fast(n, start, encoding_words(width, base), dest)
