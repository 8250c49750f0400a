"""The function check on Hugging Face transformers' own rotary and ALiBi code (no weights: configs).

Real HF Llama (plain and llama3-scaled ``rope_type``), GPT-NeoX (partial rotary), GPT-J
(interleaved, partial) and BLOOM's ``build_alibi_tensor`` must match with the convention each was
configured with; each convention expected below is the configuration given to transformers. The
faithful re-implementations of ``tests/implementations/torch_functions.py`` (used where
transformers is absent) are held here to the library's own output, bit for bit.

Skipped where transformers is not installed (fails in CI unless the lead installs it: see
tests/README.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from posenc_sym import check_alibi_function, check_rotary_function

from .conftest import require_module

torch = require_module("torch", "torch is not installed (pip install torch==2.13.0)")
require_module("transformers", "transformers is not installed (optional: pip install transformers)")

from .implementations import torch_functions as faithful  # noqa: E402
from .implementations import transformers_functions as hf  # noqa: E402

LLAMA3 = {"scaling": "llama3", "base": 500000, "factor": 8, "low_freq_factor": 1, "high_freq_factor": 4,
          "original_max_position_embeddings": 8192}

# (name, the library's function, its faithful re-implementation, max_position, convention configured)
ROTARY: list[tuple[str, Callable[[], Any], Callable[[], Any], int, dict[str, Any]]] = [
    ("Llama", lambda: hf.llama(), lambda: faithful.llama(faithful.llama_inv_freq(128)), 1 << 20,
     {"pairing": "halves", "base": 10000, "scaling": "none", "rotary_dim": 128}),
    ("Llama 3.1 (llama3 rope_type)", lambda: hf.llama3(), lambda: faithful.llama(faithful.llama3_inv_freq(128)),
     1 << 20, {"pairing": "halves", "rotary_dim": 128, **LLAMA3}),
    ("GPT-NeoX, rotary_pct 0.25", lambda: hf.gpt_neox(), lambda: faithful.llama(faithful.llama_inv_freq(32)), 1 << 20,
     {"pairing": "halves", "base": 10000, "rotary_dim": 32, "exponent_denominator": 32}),
    ("GPT-J, rotary_dim 32", lambda: hf.gptj(), lambda: faithful.gptj(128, 32), 4096,
     {"pairing": "adjacent", "base": 10000, "rotary_dim": 32}),
]


@pytest.mark.parametrize(("name", "library", "_faithful", "max_position", "convention"), ROTARY,
                         ids=[r[0] for r in ROTARY])
def test_library_rotary_functions_match_with_their_convention(
    name: str, library: Callable[[], Any], _faithful: Any, max_position: int, convention: dict[str, Any]
) -> None:
    result = check_rotary_function(library(), dim=128, max_position=max_position)
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    flat = {**found, **found["scaling_params"]}
    assert {k: flat[k] for k in convention} == convention
    assert result.as_json()["function"]["called_with"] == "torch"


@pytest.mark.parametrize(("name", "library", "faithful_fn", "max_position", "_convention"), ROTARY,
                         ids=[r[0] for r in ROTARY])
def test_faithful_rotary_reimplementations_are_the_library_bit_for_bit(
    name: str, library: Callable[[], Any], faithful_fn: Callable[[], Any], max_position: int, _convention: Any
) -> None:
    generator = torch.Generator().manual_seed(21)
    x = torch.randn(512, 128, generator=generator)
    positions = torch.randint(0, max_position, (512,), generator=generator)
    assert torch.equal(library()(x, positions), faithful_fn()(x, positions))


@pytest.mark.parametrize(("heads", "rule"), [(12, "interpolated"), (16, "power-of-two"), (30, "interpolated")])
def test_bloom_alibi_matches_and_is_its_faithful_reimplementation(heads: int, rule: str) -> None:
    result = check_alibi_function(hf.bloom_alibi(heads), heads=heads)
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert (found["rule"], found["max_bias"], found["form"], found["rows"]) == (rule, 8, "linear", "one-row")
    assert torch.equal(hf.bloom_alibi(heads)(5, 300), faithful.bloom_alibi(heads)(5, 300))


def test_bloom_alibi_in_bfloat16_matches_in_its_precision() -> None:
    result = check_alibi_function(hf.bloom_alibi(8, torch.bfloat16), heads=8)
    assert result.verdict == "matches", result.summary()
    assert result.dtype == "bfloat16"
