"""Conventions of real code, expressed and named in the JSON convention (issue 14, item 6).

Each implementation of ``tests/implementations/numpy_impls.py`` is written from how the library
named in its docstring computes it; the expected verdicts are derived:

* ALiBi slopes computed as float32 powers are within the ``angle:float32`` reading of the ALiBi
  model (K·(h+1)·|m|·u, derived in ``crosscheck/alibi.py``), and a float64 evaluation of
  2^(−B(h+1)/n) is within a few float64 ulps, which the default model of the data's own
  precision (float64 powers for float64 data) accepts.
* A broken variant either fits no rule (``mismatch``) or fits a different parameter, which the
  expectation names: "expected KEY=…, found KEY=…".
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy
import pytest

from posenc_sym.crosscheck import CheckResult, ErrorModel, check_alibi, check_rope, check_sinusoidal
from posenc_sym.crosscheck.axes import check_rope_axes
from posenc_sym.crosscheck.xpos import check_xpos
from posenc_sym.errors import PosencSymError
from posenc_sym.testing import assert_alibi_slopes, assert_rope_cache, assert_sinusoidal

from .implementations import numpy_impls as impl

# --- ALiBi: maximum bias and the two rules for non-power-of-two head counts -------------------


@pytest.mark.parametrize(
    ("n", "max_bias", "rule"),
    [
        (8, 8, "power-of-two"),
        (16, 8, "power-of-two"),
        (8, 16, "power-of-two"),
        (32, 4, "power-of-two"),
        (12, 8, "interpolated"),
        (12, 16, "interpolated"),
        (6, 4, "interpolated"),
        (40, 8, "interpolated"),
    ],
)
def test_mpt_slopes_name_rule_and_max_bias(n: int, max_bias: int, rule: str) -> None:
    assert_alibi_slopes(impl.alibi_mpt(n, max_bias), model="angle:float32", heads=n, rule=rule, max_bias=max_bias)


@pytest.mark.parametrize("n", [8, 12, 24, 40])
def test_bloom_slopes_are_the_interpolated_rule(n: int) -> None:
    rule = "power-of-two" if n == 8 else "interpolated"
    result = assert_alibi_slopes(impl.alibi_bloom(n), model="angle:float32", heads=n, rule=rule, max_bias=8)
    if rule == "interpolated":
        c = 1 << (n.bit_length() - 1)
        assert (
            f"{n} is not a power of two: these are the interpolated rule of the reference code (BLOOM, MPT): "
            f"the {c}-head slopes, then every other slope of the {2 * c}-head sequence; the paper's formula "
            f"as written, 2^(−B(h+1)/{n}), would be rule 'geometric'"
        ) in result.notes


@pytest.mark.parametrize(("n", "max_bias"), [(12, 8), (6, 8), (12, 16)])
def test_the_formula_as_written_is_named_geometric(n: int, max_bias: int) -> None:
    result = assert_alibi_slopes(
        impl.alibi_as_written(n, max_bias), model="angle:float64", rule="geometric", max_bias=max_bias
    )
    assert (
        f"{n} is not a power of two: these are the paper's formula as written, 2^(−B(h+1)/n) with n = {n}, "
        "not the interpolated rule of the reference code (BLOOM, MPT), which released ALiBi models use"
    ) in result.notes


@pytest.mark.parametrize(
    ("slopes", "expected", "message"),
    [
        (impl.alibi_mpt(8, 16), {"max_bias": 8}, "expected max_bias=8, found max_bias=16"),
        (impl.alibi_mpt(12, 4), {"max_bias": 8}, "expected max_bias=8, found max_bias=4"),
        (impl.alibi_as_written(12), {"rule": "interpolated"}, "expected rule='interpolated', found rule='geometric'"),
        (impl.alibi_bloom(12), {"rule": "geometric"}, "expected rule='geometric', found rule='interpolated'"),
    ],
)
def test_a_different_parameter_is_named(slopes: numpy.ndarray, expected: dict, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        assert_alibi_slopes(slopes, model="angle:float32", **expected)


def test_mpt_halves_swapped_fit_no_rule() -> None:
    result = check_alibi(impl.alibi_mpt_swapped(12))
    assert (result.verdict, result.convention_dict()["rule"]) == ("mismatch", "unknown")


# --- RoPE: exponent denominators, unrotated pairs, YaRN variants, LongRoPE ---------------------
#
# The caches are Hugging Face's forward in float64 (angles t·θ in float64, cos/sin, times the
# attention factor), cast to float32: within the angle:float64 model, as derived for
# test_crosscheck_identify.py. Each broken variant must differ in the key the expectation names.

F64 = "angle:float64"


@pytest.mark.parametrize(
    ("rotary_dim", "head_dim", "base"),
    [(32, 128, 10000.0), (64, 96, 500000.0), (16, 64, 10000.0), (64, 80, 1000000.0)],
)
def test_partial_rotary_over_the_head_width_names_the_denominator(rotary_dim: int, head_dim: int, base: float) -> None:
    cos, sin = impl.rope_partial(512, rotary_dim, head_dim, base=base)
    assert_rope_cache(
        cos, sin, model=F64, base=base, rotary_dim=rotary_dim, exponent_denominator=head_dim, scaling="none"
    )


def test_the_rotary_width_is_the_default_denominator() -> None:
    cos, sin = impl.rope_cache(512, 64)
    assert_rope_cache(cos, sin, model=F64, exponent_denominator=64, unrotated_pairs=())
    with pytest.raises(AssertionError, match="expected exponent_denominator=128, found exponent_denominator=64"):
        assert_rope_cache(cos, sin, model=F64, exponent_denominator=128)


@pytest.mark.parametrize(("keep", "pairing"), [(24, "halves"), (24, "adjacent"), (31, "halves"), (8, "halves")])
def test_unrotated_pairs_are_named(keep: int, pairing: str) -> None:
    cos, sin = impl.rope_unrotated(512, 64, keep, pairing=pairing)
    result = assert_rope_cache(cos, sin, model=F64, pairing=pairing, base=10000, unrotated_pairs=tuple(range(keep, 32)))
    assert f"pairs {list(range(keep, 32))} are not rotated (cos constant, sin 0): frequency 0" in result.notes


def test_unrotated_highest_frequencies_are_a_mismatch_saying_why() -> None:
    result = check_rope(*impl.rope_unrotated_leading(512, 64))
    assert (result.verdict, result.convention_dict()["pairing"]) == ("mismatch", None)
    assert (
        "pairs [0, 1] are not rotated but are followed by rotated pairs: only trailing unrotated pairs (the "
        "lowest frequencies set to 0) are a convention we know"
    ) in result.notes


YARN = {"beta_fast": 32, "beta_slow": 1, "original_max_position_embeddings": 4096}


@pytest.mark.parametrize(
    ("kwargs", "params"),
    [
        ({"factor": 40}, {**YARN, "factor": 40}),
        ({"factor": 8, "pairing": "adjacent"}, {**YARN, "factor": 8}),
        # DeepSeek-V3: mscale = mscale_all_dim = 1, so the ratio is 1: cos and sin unscaled
        ({"factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0}, {**YARN, "factor": 40, "attention_factor": 1}),
        (
            {"factor": 40, "mscale": 1.0, "mscale_all_dim": 0.707},
            {**YARN, "factor": 40, "mscale": 1, "mscale_all_dim": 0.707},
        ),
        ({"factor": 16, "attention_factor": 1.25}, {**YARN, "factor": 16, "attention_factor": 1.25}),
        # gpt-oss: factor 32 over a 4096 context, ramp ends not rounded
        ({"factor": 32, "truncate": False}, {**YARN, "factor": 32, "truncate": False}),
        ({"factor": 32, "truncate": False, "base": 500000.0}, {**YARN, "factor": 32, "truncate": False}),
        # gpt-oss's base 150000 is no standard base: named as the short number that reproduces it
        ({"factor": 32, "truncate": False, "base": 150000.0}, {**YARN, "factor": 32, "truncate": False}),
    ],
)
def test_yarn_variants_are_named(kwargs: dict, params: dict) -> None:
    cos, sin = impl.rope_yarn(1024, 64, **kwargs)
    base = kwargs.get("base", 10000.0)
    assert_rope_cache(cos, sin, model=F64, base=base, scaling="yarn", scaling_params=params)


@pytest.mark.parametrize(
    ("kwargs", "expected", "message"),
    [
        (
            {"factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0},
            {"scaling_params": {**YARN, "factor": 40}},
            "scaling_params",
        ),
        ({"factor": 32, "truncate": False}, {"scaling_params": {**YARN, "factor": 32}}, "'truncate': False"),
        ({"factor": 32}, {"scaling_params": {**YARN, "factor": 32, "truncate": False}}, "found scaling_params"),
    ],
)
def test_yarn_with_another_attention_factor_or_truncation_differs(kwargs: dict, expected: dict, message: str) -> None:
    cos, sin = impl.rope_yarn(1024, 64, **kwargs)
    with pytest.raises(AssertionError, match=message):
        assert_rope_cache(cos, sin, model=F64, **expected)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize(("dim", "top"), [(64, 40.0), (96, 12.0)])
def test_longrope_factors_are_named_pair_by_pair(dtype: type, dim: int, top: float) -> None:
    factors = impl.phi3_factors(dim // 2, top)
    cos, sin = impl.rope_longrope(2048, dim, factors, dtype=dtype)
    result = assert_rope_cache(cos, sin, model=F64, scaling="longrope", base=10000)
    params = result.convention_dict()["scaling_params"]
    # Hugging Face holds the factors in a float32 tensor: the float32 roundings of the decimals
    assert params == {
        "factors": [float(numpy.float32(f)) if f != int(f) else int(f) for f in factors],
        "factor": 32,
        "original_max_position_embeddings": 4096,
    }
    # and a note says which decimal each such value is the float32 rounding of
    inexact = [f for f in factors if float(numpy.float32(f)) != f]
    first = inexact[0]
    note = next(n for n in result.notes if "LongRoPE factors are the float32 roundings" in n)
    assert note.startswith(
        f"{len(inexact)} LongRoPE factors are the float32 roundings of short decimals "
        f"({float(numpy.float32(first))!r} = float32({first:g})"
    )


def test_longrope_with_one_factor_changed_names_the_other_value() -> None:
    factors = impl.phi3_factors(32)
    wrong = [*factors[:10], factors[10] * 1.5, *factors[11:]]
    cos, sin = impl.rope_longrope(2048, 64, wrong)
    found = check_rope(cos, sin, model=ErrorModel("float64")).convention_dict()["scaling_params"]["factors"]
    assert found[10] == float(numpy.float32(round(factors[10] * 1.5, 3)))
    assert found[:10] + found[11:] == [
        float(numpy.float32(f)) if f != int(f) else int(f) for f in factors[:10] + factors[11:]
    ]


# --- sinusoidal tables whose positions descend or go below zero --------------------------------
#
# Angles in float64, values cast to float32 (or kept in float64): within angle:float64.

SPLIT = {"layout": "split", "order": "sin-first", "base": 10000, "exponent_denominator": "d"}


@pytest.mark.parametrize(
    ("table", "start", "step", "note"),
    [
        (
            impl.transfo_xl_table(512, 64),
            511,
            -1,
            "row r holds position 511 − r: the positions descend from 511 to 0, as in Transformer-XL's and "
            "XLNet's relative tables (pos_seq = arange(klen − 1, −1, −1))",
        ),
        (
            impl.xlnet_table(100, 300, 64, dtype=numpy.float64),
            300,
            -1,
            "row r holds position 300 − r: the positions descend from 300 to -99, as in Transformer-XL's and "
            "XLNet's relative tables (pos_seq = arange(klen − 1, −1, −1))",
        ),
        (
            impl.funnel_table(128, 64),
            -256,
            1,
            "the positions run from -256 to 255, negative ones included, as in relative tables such as Funnel "
            "Transformer's (arange(−2L, 2L))",
        ),
        (impl.funnel_table(300, 32, dtype=numpy.float64), -600, 1, None),
    ],
)
def test_descending_and_negative_positions_are_named(
    table: numpy.ndarray, start: int, step: int, note: str | None
) -> None:
    result = assert_sinusoidal(table, model=F64, start=start, position_step=step, **SPLIT)
    assert note is None or note in result.notes


def test_the_worst_element_of_a_descending_table_is_reported_in_the_table_as_given() -> None:
    table = impl.transfo_xl_table(256, 32, dtype=numpy.float64)
    table[10, 3] += 1e-6  # position 245
    result = check_sinusoidal(table, model=ErrorModel("float64"))
    assert result.worst is not None
    assert (result.worst.row, result.worst.column, result.worst.position) == (10, 3, 245)


@pytest.mark.parametrize(
    ("table", "expected", "message"),
    [
        (impl.transfo_xl_table(128, 32), {"position_step": 1}, "expected position_step=1, found position_step=-1"),
        (impl.funnel_table(64, 32), {"start": 0}, "expected start=0, found start=-128"),
        (impl.sinusoidal(128, 32), {"position_step": -1}, "expected position_step=-1, found position_step=1"),
    ],
)
def test_a_different_position_sequence_is_named(table: numpy.ndarray, expected: dict, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        assert_sinusoidal(table, model=F64, **expected)


def test_descending_positions_with_the_cos_half_off_by_one_fit_no_convention() -> None:
    result = check_sinusoidal(impl.transfo_xl_off_by_one(256, 32))
    assert (result.verdict, result.convention_dict()["layout"]) == ("mismatch", None)


# --- multi-axis RoPE (Flux) --------------------------------------------------------------------
#
# diffusers' FluxPosEmbed computes the frequencies and the angles in float64 and casts to float32
# (the implementation here does the same): within angle:float64.

FLUX_IDS = impl.flux_ids(32, 32, text=64)
VIDEO_IDS = numpy.stack(
    [
        numpy.repeat(numpy.arange(4), 64),
        numpy.tile(numpy.repeat(numpy.arange(8), 8), 4),
        numpy.tile(numpy.arange(8), 32),
    ],
    axis=1,
)


def _axes(cos: Any, sin: Any, ids: Any, given: Any = None, **expected: Any) -> CheckResult:
    result = check_rope_axes(cos, sin, ids, axes_dim=given, model=ErrorModel("float64"))
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert {k: found[k] for k in expected} == expected
    return result


@pytest.mark.parametrize(
    ("ids", "kwargs", "expected"),
    [
        (FLUX_IDS, {}, {"pairing": "adjacent", "axes_dim": [16, 56, 56], "axes_theta": [10000] * 3}),
        (FLUX_IDS, {"theta": 2000.0}, {"axes_dim": [16, 56, 56], "axes_theta": [2000] * 3}),
        (
            FLUX_IDS,
            {"theta": (10000.0, 2000.0, 500.0)},
            {"axes_theta": [2000, 2000, 500], "axes_exponent_denominator": [16, 56, 56]},
        ),
        (VIDEO_IDS, {"axes_dim": (16, 24, 24)}, {"axes_dim": [16, 24, 24], "axes_theta": [10000] * 3}),
        (VIDEO_IDS, {"axes_dim": (8, 28, 28), "theta": 256.0}, {"axes_dim": [8, 28, 28], "axes_theta": [256] * 3}),
    ],
)
def test_flux_pos_embed_is_named_with_its_axis_widths(ids: numpy.ndarray, kwargs: dict, expected: dict) -> None:
    _axes(*impl.flux_pos_embed(ids, **kwargs), ids, **expected)


def test_an_axis_with_constant_ids_says_what_cannot_be_read() -> None:
    result = _axes(*impl.flux_pos_embed(FLUX_IDS), FLUX_IDS, axes_dim=[16, 56, 56])
    assert (
        "the ids of axis 0 are all 0: its frequencies cannot be read from the data; its columns are checked "
        "with theta 10000 (axis 1's) — at id 0 every theta gives cos 1, sin 0"
    ) in result.notes


def test_black_forest_labs_rotation_matrices_are_read_one_column_per_pair() -> None:
    m = impl.flux_rope_matrices(FLUX_IDS)
    _axes(m[..., 0, 0], m[..., 1, 0], FLUX_IDS, pairing="compact", axes_dim=[16, 56, 56])


def test_dividing_by_the_whole_rotary_width_in_every_axis_is_named() -> None:
    cos, sin = impl.flux_pos_embed(FLUX_IDS, denominator="total")
    _axes(cos, sin, FLUX_IDS, axes_theta=[10000] * 3, axes_exponent_denominator=[128, 128, 128])


def test_swapped_row_and_column_ids_fit_no_block_order() -> None:
    result = check_rope_axes(*impl.flux_axes_swapped(FLUX_IDS), FLUX_IDS)
    assert result.verdict == "mismatch"
    assert (
        "the pairs follow the axes out of order (pair 36 turns with axis 1's ids after pairs of axis 2): each axis "
        "must own one block of pairs, in the order of the ids' columns"
    ) in result.notes


@pytest.mark.parametrize(
    ("ids", "axes_dim", "message"),
    [
        (FLUX_IDS[:-1], None, "ids has 1087 rows but the cache has 1088; pass one id row per token"),
        (
            FLUX_IDS + 0.5,
            None,
            "ids holds non-integer positions; pass the integer grid positions the cache was built from",
        ),
    ],
)
def test_bad_ids_are_refused_with_the_fix(ids: numpy.ndarray, axes_dim: Any, message: str) -> None:
    cos, sin = impl.flux_pos_embed(FLUX_IDS)
    with pytest.raises(PosencSymError, match=f"^{re.escape(message)}$"):
        check_rope_axes(cos, sin, ids, axes_dim=axes_dim)


def test_constant_last_axis_needs_axes_dim() -> None:
    ids = FLUX_IDS[:, [1, 2, 0]]
    cos, sin = impl.flux_pos_embed(ids, (56, 56, 16))
    result = check_rope_axes(cos, sin, ids)
    assert (
        "the ids of axis 2 are constant, so its block cannot be told from its neighbour's: pass axes_dim"
        in result.notes
    )
    _axes(cos, sin, ids, given=(56, 56, 16), axes_dim=[56, 56, 16], axes_theta=[10000] * 3)


# --- xPos amplitudes ---------------------------------------------------------------------------
#
# The amplitudes ζ^x and the angles in float64, the products cast to float32 (or kept): within
# angle:float64 extended by the amplitude's own rounding (derived in crosscheck/xpos.py).


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, {"scale_base": 512, "amplitude_centre": 512, "amplitude_sign": 1, "pairing": "adjacent"}),
        ({"downscale": True}, {"scale_base": 512, "amplitude_centre": 512, "amplitude_sign": -1}),
        (
            {"centre": 1024, "pairing": "halves", "scale_base": 256.0, "n": 2048},
            {"scale_base": 256, "amplitude_centre": 1024, "pairing": "halves"},
        ),
        ({"dtype": numpy.float64}, {"scale_base": 512, "amplitude_centre": 512, "base": 10000}),
    ],
)
def test_xpos_amplitudes_are_named(kwargs: dict, expected: dict) -> None:
    n = kwargs.pop("n", 1024)
    result = check_xpos(*impl.xpos_cache(n, 64, **kwargs), model=ErrorModel("float64"))
    found = result.convention_dict()
    assert (result.verdict, {k: found[k] for k in expected}) == ("matches", expected), result.summary()


def test_xpos_with_the_pair_index_in_the_scale_is_a_mismatch() -> None:
    result = check_xpos(*impl.xpos_cache(1024, 64, zeta_index="p"), model=ErrorModel("float64"))
    assert result.verdict == "mismatch"
    assert result.growth is not None and result.growth.explained_by == "none"


def test_a_cache_without_amplitude_is_sent_to_the_rope_check() -> None:
    result = check_xpos(*impl.rope_cache(256, 32))
    assert result.verdict == "mismatch"
    assert "the amplitude is the same at every position: not xPos (check it as a RoPE cache)" in result.notes


def test_a_multi_axis_npz_is_read_by_its_array_names(tmp_path: Any) -> None:
    from posenc_sym.crosscheck import load_source
    from posenc_sym.crosscheck.axes import axes_arrays

    cos, sin = impl.flux_pos_embed(FLUX_IDS)
    path = tmp_path / "flux.npz"
    numpy.savez(path, cos=cos, sin=sin, ids=FLUX_IDS)
    c, s, ids, dims = axes_arrays(load_source(str(path), {}))
    assert dims is None
    assert check_rope_axes(c, s, ids, model=ErrorModel("float64")).verdict == "matches"


@pytest.mark.parametrize(
    ("scaling", "params", "direct"),
    [
        # DeepSeek's get_mscale ratio in float arithmetic: a handful of roundings (log within 1 ulp,
        # four products/sums, one division), so within 2^-49 relative of the exact value
        (
            "yarn",
            {"factor": 40, "mscale": 1.0, "mscale_all_dim": 0.707},
            (0.1 * math.log(40) + 1) / (0.1 * 0.707 * math.log(40) + 1),
        ),
        ("yarn", {"factor": 40, "mscale": 0.707, "mscale_all_dim": 0.707}, 1.0),
        ("yarn", {"factor": 16}, 0.1 * math.log(16) + 1),
        ("longrope", {"factor": 32, "original_max_position_embeddings": 4096}, math.sqrt(17 / 12)),  # 1 + 5/12
        ("longrope", {"factors": (1.0, 2.0)}, 1.0),
    ],
)
def test_attention_factors_agree_with_the_formulas_written_out(scaling: str, params: dict, direct: float) -> None:
    from posenc_sym.crosscheck.rope_scaling import attention_factor

    assert math.isclose(attention_factor(scaling, params), direct, rel_tol=2.0**-49)
