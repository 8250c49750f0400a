"""Hypothesis strategies for positions, widths and conventions, for property tests of encodings.

This module imports hypothesis at import time: it is importable only where hypothesis is
installed (the ``test`` extra). Nothing else in posenc_sym imports it, so hypothesis stays out
of the runtime dependencies.

>>> from hypothesis import given
>>> @given(sinusoidal_conventions())
... def test(conv):
...     assert conv["layout"] in ("interleaved", "split")
>>> test()
"""

from __future__ import annotations

from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - exercised only without the test extra
    raise ImportError("posenc_sym.strategies needs hypothesis: pip install 'posenc-sym[test]'") from exc

__all__ = [
    "alibi_conventions",
    "alibi_sizes",
    "dims",
    "positions",
    "rope_conventions",
    "rotary_offsets",
    "sinusoidal_conventions",
]

#: bases seen in practice
BASES = (10000, 500000, 1000000, 100000)


def positions(max_position: int = 2**31 - 1) -> st.SearchStrategy[int]:
    """Integer positions from 0 to ``max_position``, small ones and powers of two favoured."""
    return st.one_of(
        st.integers(0, 64),
        st.integers(0, max_position),
        st.integers(0, 30).map(lambda e: min(2**e, max_position)),
    )


def dims(max_dim: int = 4096, even: bool = True) -> st.SearchStrategy[int]:
    """Widths 2 … max_dim (even by default: sin/cos pairs)."""
    if even:
        return st.integers(1, max_dim // 2).map(lambda h: 2 * h)
    return st.integers(1, max_dim)


def sinusoidal_conventions() -> st.SearchStrategy[dict[str, Any]]:
    """Keyword dicts naming a sinusoidal convention (the keys ``check_sinusoidal`` reports)."""
    return st.fixed_dictionaries(
        {
            "layout": st.sampled_from(("interleaved", "split")),
            "order": st.sampled_from(("sin-first", "cos-first")),
            "base": st.sampled_from(BASES),
            "exponent_denominator": st.sampled_from(("d", "d-2")),
            "start": st.sampled_from((0, 1, 2)),
        }
    )


def rope_conventions() -> st.SearchStrategy[dict[str, Any]]:
    """Keyword dicts naming a RoPE convention: pairing, base, scaling and its parameters."""
    scaling: st.SearchStrategy[tuple[str, dict[str, float]]] = st.one_of(
        st.just(("none", {})),
        st.sampled_from((2.0, 4.0, 8.0)).map(lambda f: ("linear", {"factor": f})),
        st.sampled_from((2.0, 4.0, 8.0)).map(lambda a: ("ntk", {"alpha": a})),
        st.sampled_from((4096, 8192)).map(
            lambda c: (
                "llama3",
                {
                    "factor": 8.0,
                    "low_freq_factor": 1.0,
                    "high_freq_factor": 4.0,
                    "original_max_position_embeddings": c,
                },
            )
        ),
        st.sampled_from((2048, 4096)).map(
            lambda c: ("yarn", {"factor": 4.0, "original_max_position_embeddings": c})
        ),
    )
    return st.builds(
        lambda pairing, base, sc: {
            "pairing": pairing,
            "base": base,
            "scaling": sc[0],
            "scaling_params": sc[1],
        },
        st.sampled_from(("adjacent", "halves")),
        st.sampled_from(BASES),
        scaling,
    )


def alibi_conventions(max_heads: int = 64) -> st.SearchStrategy[dict[str, Any]]:
    """Head counts with the rule ALiBi uses for them."""
    return st.integers(1, max_heads).map(
        lambda n: {"heads": n, "rule": "power-of-two" if n & (n - 1) == 0 else "interpolated"}
    )


def rotary_offsets(max_position: int = 2**20, block: int = 4) -> st.SearchStrategy[int]:
    """First positions of blocks of ``block`` consecutive positions, all within 0 … ``max_position``,
    drawn where rotary code goes wrong (``check_rotary_function(..., offsets=...)`` probes them):
    small positions; just past 256, where bfloat16 stops holding every integer; past 2048, where
    float16 does (odd positions there are the ones a float16 cast moves); around powers of two;
    near float16's overflow at 65520; and anywhere up to ``max_position``.

    >>> from hypothesis import given
    >>> @given(rotary_offsets(4096))
    ... def test(offset):
    ...     assert 0 <= offset <= 4096 - 3
    >>> test()
    """
    last = max_position - block + 1
    if last < 0:
        raise ValueError(f"max_position={max_position} holds no block of {block} positions")

    def within(lo: int, hi: int) -> st.SearchStrategy[int]:
        # a zone beyond max_position shrinks to its last block; one below 0 starts at 0
        low = max(0, min(lo, last))
        return st.integers(low, max(low, min(hi, last)))

    powers = [k for k in range(1, 64) if 2**k <= max_position]
    return st.one_of(
        within(0, 255),
        within(257, 2047).map(lambda t: min(t | 1, last)),  # bfloat16 moves the odd ones
        within(2049, 65503).map(lambda t: min(t | 1, last)),  # float16 does too
        st.sampled_from(powers).flatmap(lambda k: within(2**k - block, 2**k + 1)),
        within(65504 - block, 65521),
        within(0, last),
    )


def alibi_sizes(max_keys: int = 4096) -> st.SearchStrategy[tuple[int, int]]:
    """(q_len, k_len) with 1 ≤ q_len ≤ k_len ≤ ``max_keys``, k_len ≥ 2: the sizes an ALiBi builder
    is called with (a prompt, a few queries over a cache, one query over many keys).

    >>> from hypothesis import given
    >>> @given(alibi_sizes(64))
    ... def test(size):
    ...     assert 1 <= size[0] <= size[1] <= 64
    >>> test()
    """
    return st.integers(2, max_keys).flatmap(lambda k: st.tuples(st.integers(1, min(k, 64)), st.just(k)))
