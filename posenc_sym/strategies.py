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

__all__ = ["alibi_conventions", "dims", "positions", "rope_conventions", "sinusoidal_conventions"]

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
