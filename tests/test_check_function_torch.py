"""The function check on torch code: the faithful re-implementations of transformers' rotary and
ALiBi functions (``tests/implementations/torch_functions.py``, held to the library bit for bit in
``test_check_function_transformers.py``), and torch-only bugs: positions cast to bfloat16, and
BLOOM's builder with its slopes reversed or its sign flipped. Requires torch (CI installs it).
"""

from __future__ import annotations

from typing import Any

import pytest

from posenc_sym import check_alibi_function, check_rotary_function

from .conftest import require_module

torch = require_module("torch", "torch is not installed (pip install torch==2.13.0)")

from .implementations import torch_functions as impl  # noqa: E402


@pytest.mark.parametrize(("name", "fn", "max_position", "convention"), [
    ("Llama", impl.llama(impl.llama_inv_freq(64)), 1 << 20, {"pairing": "halves", "rotary_dim": 64}),
    ("Llama 3.1", impl.llama(impl.llama3_inv_freq(64)), 1 << 20, {"scaling": "llama3", "base": 500000}),
    ("GPT-NeoX partial", impl.llama(impl.llama_inv_freq(16)), 1 << 20, {"pairing": "halves", "rotary_dim": 16}),
    ("GPT-J", impl.gptj(64, 16), 4096, {"pairing": "adjacent", "rotary_dim": 16}),
], ids=lambda v: v if isinstance(v, str) else "")
def test_faithful_rotary_functions_match(name: str, fn: Any, max_position: int, convention: dict[str, Any]) -> None:
    result = check_rotary_function(fn, dim=64, max_position=max_position)
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert {k: found[k] for k in convention} == convention


def test_bfloat16_positions_are_named() -> None:
    result = check_rotary_function(impl.llama(impl.llama_inv_freq(64), position_dtype=torch.bfloat16), dim=64)
    assert result.as_json()["function"]["bugs"] == ["position-precision"]
    assert result.notes[0] == (
        "positions pass through bfloat16: position t is rotated by the angles of t rounded to bfloat16 (position "
        "257 as 256; bfloat16 holds every integer only up to 256), as when positions are cast to the model's dtype "
        "before the angles are formed; cast them to float32 or wider"
    )


@pytest.mark.parametrize(("options", "tag"), [({"reverse": True}, "reversed-slopes"), ({"sign": -1.0}, "bias-sign")])
def test_bloom_builder_bugs_are_named(options: dict[str, Any], tag: str) -> None:
    result = check_alibi_function(impl.bloom_alibi(12, **options), heads=12)
    assert result.verdict == "mismatch"
    assert result.as_json()["function"]["bugs"] == [tag]


def test_bloom_builder_matches() -> None:
    result = check_alibi_function(impl.bloom_alibi(12), heads=12)
    assert result.verdict == "matches", result.summary()
