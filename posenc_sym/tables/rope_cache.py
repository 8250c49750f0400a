"""``rope_cache``: the RoPE cos/sin caches as NumPy arrays, by one of three methods."""

from __future__ import annotations

from typing import Any

import numpy

from ..schemes.sinusoidal import validate_width
from ._methods import fill_pairs
from ._validate import METHODS, check_base, check_choice, check_count, check_memory, check_positions

__all__ = ["rope_cache"]


def rope_cache(n_positions: int, dim: int, *, base: Any = 10000, pairing: str = "halves", start: int = 0,
               dtype: Any = numpy.float64, method: str = "accurate") -> tuple[numpy.ndarray, numpy.ndarray]:
    """(cos, sin), each (n_positions, dim): column c holds cos/sin(m·θ_p), p the pair of c.

    ``pairing="halves"`` (GPT-NeoX, Hugging Face ``rotate_half``): column c uses pair c mod dim/2;
    ``"adjacent"`` (RoFormer, GPT-J): column c uses pair c // 2. θ_p = base^(−2p/dim). The bounds
    are those of :func:`posenc_sym.tables.sinusoidal_table` (same kernels, same frequencies).

    >>> cos, sin = rope_cache(2, 4, pairing="adjacent")
    >>> cos[1].round(6).tolist(), sin[1].round(6).tolist()
    ([0.540302, 0.540302, 0.99995, 0.99995], [0.841471, 0.841471, 0.01, 0.01])
    """
    n = check_count(n_positions, "n_positions")
    first = check_count(start, "start")
    validate_width(dim, "dim")
    check_base(base)
    check_choice(pairing, "pairing", ("adjacent", "halves"))
    check_choice(method, "method", METHODS)
    check_positions(first, n)
    dt = check_memory(n, dim, dtype, 2, "cos/sin cache pair")
    half = dim // 2
    cos_out = numpy.empty((n, dim), dtype=dt)
    sin_out = numpy.empty((n, dim), dtype=dt)
    first_cols, second_cols = ((slice(0, None, 2), slice(1, None, 2)) if pairing == "adjacent"
                               else (slice(0, half), slice(half, None)))
    fill_pairs(method, n, first, dim, base, dt,
               lambda r0, r1: (sin_out[r0:r1, first_cols], cos_out[r0:r1, first_cols]))
    # Both members of a pair share the frequency: the second copy is the first.
    cos_out[:, second_cols] = cos_out[:, first_cols]
    sin_out[:, second_cols] = sin_out[:, first_cols]
    return cos_out, sin_out
