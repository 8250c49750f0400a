"""The checker on PyTorch implementations (skipped, and failed in CI, when torch is not installed).

Expected verdicts: float32 angles at positions in the thousands are rounded to spacings of
2^-12 rad and more, so some elements are off by far more than 1 ulp: "mismatch", explained by
angle:float32, and "matches" under that model, which bounds exactly this computation. Tables
computed in float64 and cast down "match" the angle:float64 model (derived in precision.py).
"""

from __future__ import annotations

import pytest

from .conftest import require_module

torch = require_module("torch", "torch is not installed (pip install torch==2.13.0); the PyTorch implementations need it")

from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal  # noqa: E402

from .implementations import torch_impls as impl  # noqa: E402


@pytest.mark.parametrize(("layout", "denominator"), [("interleaved", "d"), ("split", "d-2")])
def test_float32_torch_table(layout: str, denominator: str) -> None:
    table = impl.sinusoidal(4096, 64, layout=layout, denominator=denominator)
    result = check_sinusoidal(table)
    conv = result.convention_dict()
    assert (conv["layout"], conv["exponent_denominator"], conv["base"]) == (layout, denominator, 10000)
    assert result.verdict == "mismatch"
    assert result.growth is not None and result.growth.explained_by == "angle:float32"
    assert check_sinusoidal(table, model=ErrorModel("float32")).verdict == "matches"


def test_float64_torch_table_cast_to_float32_matches_the_float64_angle_model() -> None:
    table = impl.sinusoidal(512, 64, dtype=torch.float64).to(torch.float32)
    assert check_sinusoidal(table, model=ErrorModel("float64")).verdict == "matches"


@pytest.mark.parametrize("pairing", ["halves", "adjacent"])
def test_torch_rope_cache_in_float32_and_float64(pairing: str) -> None:
    cos, sin = impl.rope_cache(8192, 64, pairing=pairing)
    r32 = check_rope(cos, sin)
    assert (r32.convention_dict()["pairing"], r32.verdict) == (pairing, "mismatch")
    assert r32.growth is not None and r32.growth.explained_by == "angle:float32"
    cos, sin = impl.rope_cache(2048, 64, pairing=pairing, angle_dtype=torch.float64)
    assert check_rope(cos, sin, model=ErrorModel("float64")).verdict == "matches"


def test_bfloat16_cache_is_measured_in_bfloat16_ulps() -> None:
    cos, sin = impl.rope_cache(256, 32, angle_dtype=torch.float64, out_dtype=torch.bfloat16)
    result = check_rope(cos, sin, model=ErrorModel("float64"))
    assert (result.dtype, result.verdict) == ("bfloat16", "matches")
    assert result.max_abs_error is not None and result.max_abs_error > 1e-4  # a bfloat16 ulp near 1 is 2^-7


@pytest.mark.parametrize("n", [8, 12])
def test_torch_alibi(n: int) -> None:
    result = check_alibi(impl.alibi(n))
    assert (result.verdict, result.convention_dict()["rule"]) == (
        "matches",
        "power-of-two" if n == 8 else "interpolated",
    )
