"""The checker on PyTorch implementations (skipped, and failed in CI, when torch is not installed).

Expected verdicts: float32 angles at positions in the thousands are rounded to spacings of
2^-12 rad and more, so some elements are off by far more than 1 ulp: "mismatch" under --strict
(the faithful model), explained by angle:float32, and "matches" under that model — the default
for float32 data, which bounds exactly this computation. Tables
computed in float64 and cast down "match" the angle:float64 model (derived in precision.py).
"""

from __future__ import annotations

import numpy
import pytest

from .conftest import require_module

torch = require_module(
    "torch", "torch is not installed (pip install torch==2.13.0); the PyTorch implementations need it"
)

from posenc_sym.crosscheck import (  # noqa: E402
    ErrorModel,
    check_alibi,
    check_rope,
    check_rope_axes,
    check_sinusoidal,
    check_xpos,
)
from posenc_sym.testing import assert_alibi_slopes, assert_rope_cache, assert_sinusoidal  # noqa: E402

from .implementations import torch_impls as impl  # noqa: E402


@pytest.mark.parametrize(("layout", "denominator"), [("interleaved", "d"), ("split", "d-2")])
def test_float32_torch_table(layout: str, denominator: str) -> None:
    table = impl.sinusoidal(4096, 64, layout=layout, denominator=denominator)
    assert check_sinusoidal(table).verdict == "matches"  # the default: a float32 table in its own precision
    result = check_sinusoidal(table, model=ErrorModel())  # --strict
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
    assert check_rope(cos, sin).verdict == "matches"  # the default: its own (float32) precision
    r32 = check_rope(cos, sin, model=ErrorModel())  # --strict
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


# --- conventions of real code, computed as those libraries do (issue 14, item 6) ----------------
#
# MPT, BLOOM, Hugging Face's rope-init functions, Transformer-XL, Funnel and torchscale compute in
# float32: their data are within the angle:float32 model (for ALiBi: powers formed in float32;
# for xPos: the amplitude's float32 rounding added, derived in crosscheck/xpos.py). diffusers'
# FluxPosEmbed computes in float64 on CPU: within angle:float64.


@pytest.mark.parametrize(
    ("n", "bias", "rule"),
    [(8, 8, "power-of-two"), (12, 8, "interpolated"), (16, 16, "power-of-two"), (24, 4, "interpolated")],
)
def test_torch_mpt_slopes(n: int, bias: int, rule: str) -> None:
    assert_alibi_slopes(impl.mpt_slopes(n, bias), model="angle:float32", heads=n, rule=rule, max_bias=bias)


@pytest.mark.parametrize("n", [12, 40, 64])
def test_torch_bloom_slopes(n: int) -> None:
    rule = "power-of-two" if n == 64 else "interpolated"
    assert_alibi_slopes(impl.bloom_slopes(n), model="angle:float32", rule=rule, max_bias=8)


def test_torch_partial_rotary_and_unrotated_pairs() -> None:
    assert_rope_cache(*impl.rope_partial(1024, 32, 128), model="angle:float32", exponent_denominator=128, base=10000)
    assert_rope_cache(*impl.rope_unrotated(1024, 64, 20), model="angle:float32", unrotated_pairs=tuple(range(20, 32)))


YARN = {"beta_fast": 32, "beta_slow": 1, "original_max_position_embeddings": 4096}


@pytest.mark.parametrize(
    ("kwargs", "params"),
    [
        ({"factor": 40}, {**YARN, "factor": 40}),
        ({"factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0}, {**YARN, "factor": 40, "attention_factor": 1}),
        ({"factor": 32, "truncate": False, "base": 150000.0}, {**YARN, "factor": 32, "truncate": False}),
    ],
)
def test_torch_yarn_variants(kwargs: dict, params: dict) -> None:
    assert_rope_cache(*impl.yarn(2048, 64, **kwargs), model="angle:float32", scaling="yarn", scaling_params=params)


def test_torch_longrope() -> None:
    from .implementations.numpy_impls import phi3_factors

    result = assert_rope_cache(
        *impl.longrope(2048, 96, phi3_factors(48, 12.0)), model="angle:float32", scaling="longrope"
    )
    params = result.convention_dict()["scaling_params"]
    assert (params["factor"], params["original_max_position_embeddings"], len(params["factors"])) == (32, 4096, 48)


@pytest.mark.parametrize(
    ("table", "start", "step"), [(impl.transfo_xl(512, 64), 511, -1), (impl.funnel(128, 64), -256, 1)]
)
def test_torch_relative_tables(table: torch.Tensor, start: int, step: int) -> None:
    assert_sinusoidal(table, model="angle:float32", layout="split", start=start, position_step=step)


def test_torch_flux_pos_embed() -> None:
    from .implementations.numpy_impls import flux_ids

    ids = torch.from_numpy(flux_ids(32, 32, text=16))
    result = check_rope_axes(*impl.flux_pos_embed(ids), ids, model=ErrorModel("float64"))
    conv = result.convention_dict()
    assert (result.verdict, conv["axes_dim"], conv["axes_theta"]) == ("matches", [16, 56, 56], [10000] * 3)


@pytest.mark.parametrize("downscale", [False, True])
def test_torch_xpos(downscale: bool) -> None:
    result = check_xpos(*impl.xpos(2048, 64, downscale=downscale), model=ErrorModel("float32"))
    conv = result.convention_dict()
    assert (result.verdict, conv["scale_base"], conv["amplitude_centre"], conv["amplitude_sign"]) == (
        "matches",
        512,
        1024,
        -1 if downscale else 1,
    ), result.summary()


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0}, {"scaling": "yarn", "base": 10000}),
        ({"factor": 32, "truncate": False, "base": 150000.0}, {"scaling": "yarn", "base": 150000}),
    ],
)
def test_bfloat16_yarn_caches_are_still_named(kwargs: dict, expected: dict) -> None:
    # float64 angles rounded to bfloat16: within half a bfloat16 ulp plus the float64 angle
    # error, inside angle:float32 (whose angle term is far larger than float64's)
    from .implementations import numpy_impls

    cos, sin = (
        torch.from_numpy(x).to(torch.bfloat16) for x in numpy_impls.rope_yarn(1024, 64, dtype=numpy.float64, **kwargs)
    )
    result = assert_rope_cache(cos, sin, model="angle:float32", **expected)
    assert result.dtype == "bfloat16"
    assert result.convention_dict()["scaling_params"].get("truncate", True) == kwargs.get("truncate", True)


@pytest.mark.parametrize("n", [12, 24, 40])
@pytest.mark.parametrize("rule", ["interpolated", "geometric"])
def test_bfloat16_slopes_keep_their_rule(n: int, rule: str) -> None:
    # rounded to bfloat16 (2^-8 relative): the bias tie-break must not cross rules, which differ
    # at head c − 1 (c the power of two below n) by 2^(8(1 − c/n)) ≥ 2^(8/(c+1)), 18 % for c = 32
    from .implementations import numpy_impls

    slopes = torch.tensor(numpy_impls.alibi(n, rule), dtype=torch.float32).to(torch.bfloat16)
    assert_alibi_slopes(slopes, rule=rule, max_bias=8, heads=n)


def test_torch_broken_variants() -> None:
    swapped = check_alibi(impl.mpt_slopes_swapped(12))
    assert (swapped.verdict, swapped.convention_dict()["rule"]) == ("mismatch", "unknown")
    # the frequencies are YaRN's, the amplitude 1: named with the attention factor it has
    with pytest.raises(
        AssertionError, match=r"expected scaling_params=.*found scaling_params={'attention_factor': 1, "
    ):
        assert_rope_cache(
            *impl.yarn_without_attention_factor(2048, 64),
            model="angle:float32",
            scaling_params={**YARN, "factor": 16},
        )
    slip = check_xpos(*impl.xpos_pair_index_slip(2048, 64), model=ErrorModel("float32"))
    assert slip.verdict == "mismatch"
