"""The checker names the convention of implementations written here, and judges their accuracy.

Expected verdicts are derived, not tuned: the NumPy implementations form angles in float64
(error ≤ a few·t·ω·2^-53 ≤ 2^-40 for t < 512) and round to float32; every exact value met here is
0 exactly (t = 0) or has |v| ≥ 2^-16 (min |sin(tω)| over these t and ω), whose float32 ulp is
≥ 2^-39, so each element is within 0.5 ulp + 2^-40 < 1 ulp: "matches" under the faithful model.
Angles formed in float32 are off by up to t·ω·2^-24 ≫ 1 ulp at large t: "mismatch", explained
by the angle:float32 model (and "matches" under it).
"""

from __future__ import annotations

import numpy
import pytest

from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal
from posenc_sym.testing import assert_alibi_slopes, assert_rope_cache, assert_sinusoidal

from .implementations import numpy_impls as impl

BASE = {"layout": "interleaved", "order": "sin-first", "base": 10000, "exponent_denominator": "d", "start": 0}

SINUSOIDAL = [
    ({}, {}),
    ({"layout": "split"}, {"layout": "split"}),
    ({"order": "cos-first"}, {"order": "cos-first"}),
    ({"layout": "split", "order": "cos-first"}, {"layout": "split", "order": "cos-first"}),
    ({"base": 500000.0}, {"base": 500000}),
    ({"base": 1000000.0, "layout": "split"}, {"base": 1000000, "layout": "split"}),
    ({"denominator": "d-2"}, {"exponent_denominator": "d-2"}),
    ({"denominator": "d-2", "layout": "split"}, {"exponent_denominator": "d-2", "layout": "split"}),
    ({"start": 2}, {"start": 2}),  # fairseq-style positions from padding_idx + 1
    (
        {"start": 1, "layout": "split", "denominator": "d-2"},
        {"start": 1, "layout": "split", "exponent_denominator": "d-2"},
    ),
    ({"scale": 2.0}, {"scale": 2}),
    (
        {"zero_row": 1, "layout": "split", "denominator": "d-2"},  # fairseq get_embedding(padding_idx=1)
        {"layout": "split", "exponent_denominator": "d-2", "zero_rows": (1,)},
    ),
]


@pytest.mark.parametrize(("kwargs", "changed"), SINUSOIDAL)
@pytest.mark.parametrize("width", [64, 65])
def test_sinusoidal_conventions_are_named_and_match(kwargs: dict, changed: dict, width: int) -> None:
    table = impl.sinusoidal(512, width, **kwargs)
    result = assert_sinusoidal(table, **{**BASE, **changed})
    assert result.max_ulp_error is not None and result.max_ulp_error < 1.0
    assert result.convention_dict()["odd_width"] == ("zero last column" if width % 2 else None)


@pytest.mark.parametrize("kwargs", [{}, {"layout": "split", "denominator": "d-2"}])
def test_float32_angles_are_a_mismatch_explained_by_float32(kwargs: dict) -> None:
    table = impl.sinusoidal(4096, 64, angle_dtype=numpy.float32, **kwargs)
    result = check_sinusoidal(table)
    assert result.verdict == "mismatch"
    assert result.growth is not None and result.growth.explained_by == "angle:float32"
    assert any("angles t·ω computed in float32" in note for note in result.notes)
    assert check_sinusoidal(table, model=ErrorModel("float32")).verdict == "matches"


def test_float64_table_from_the_direct_formula_shows_float64_angle_rounding() -> None:
    result = check_sinusoidal(impl.sinusoidal(2048, 32, dtype=numpy.float64))
    assert (result.verdict, result.growth.explained_by if result.growth else None) == (
        "mismatch",
        "angle:float64",
    )
    assert (
        check_sinusoidal(impl.sinusoidal(2048, 32, dtype=numpy.float64), model=ErrorModel("float64")).verdict
        == "matches"
    )


def test_sin_only_table_has_no_convention_and_no_shift_map() -> None:
    result = check_sinusoidal(impl.sin_only(300, 16))
    assert result.verdict == "mismatch"
    assert result.convention_dict()["layout"] is None
    structure = result.as_json()["structure"]
    assert structure["columns_with_partner"] == 0
    assert structure["shift_map_residual"] > 1e-3  # sin-only: no linear map takes row t to t+1


def test_wrong_exponent_is_not_base_10000() -> None:
    # 10000^(2j/d) with j the column index is base 10000^2 (= 10^8, den d) or 10^7 with den d-2
    # for d = 16: 10000^(4i/16) = (10^7)^(2i/14). Either way not the paper's base.
    result = check_sinusoidal(impl.wrong_exponent(300, 16))
    assert result.convention_dict()["base"] != 10000


ROPE = [
    ({}, {"pairing": "halves", "scaling": "none"}),
    ({"pairing": "adjacent"}, {"pairing": "adjacent"}),
    ({"base": 500000.0}, {"base": 500000}),
    ({"start": 3}, {"start": 3}),
    ({"scaling": "linear", "factor": 4.0}, {"scaling": "linear", "scaling_params": {"factor": 4}}),
    ({"scaling": "ntk", "alpha": 8.0}, {"scaling": "ntk", "scaling_params": {"alpha": 8}}),
    (
        {
            "scaling": "llama3",
            "base": 500000.0,
            "factor": 8.0,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": 8192,
        },
        {"scaling": "llama3", "base": 500000},
    ),
    ({"scaling": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}, {"scaling": "yarn"}),
]


@pytest.mark.parametrize(("kwargs", "expected"), ROPE)
@pytest.mark.parametrize("pairing", ["halves", "adjacent"])
def test_rope_conventions_are_named_and_match(kwargs: dict, expected: dict, pairing: str) -> None:
    kwargs = {"pairing": pairing, **kwargs}
    expected = {**expected, "pairing": kwargs["pairing"]}
    cos, sin = impl.rope_cache(2048, 128, **kwargs)
    assert_rope_cache(cos, sin, **expected)


def test_rope_float32_angles_mismatch() -> None:
    cos, sin = impl.rope_cache(8192, 64, angle_dtype=numpy.float32)
    result = check_rope(cos, sin)
    assert result.verdict == "mismatch"
    assert result.growth is not None and result.growth.explained_by == "angle:float32"
    assert result.worst is not None and result.worst.position > 1000


@pytest.mark.parametrize(
    ("n", "rule"),
    [
        (8, "power-of-two"),
        (16, "power-of-two"),
        (6, "interpolated"),
        (12, "interpolated"),
        (24, "interpolated"),
    ],
)
def test_alibi_rules_in_float32(n: int, rule: str) -> None:
    assert_alibi_slopes(impl.alibi(n).astype(numpy.float32), heads=n, rule=rule)


def test_alibi_geometric_slip_for_non_power_of_two_is_named() -> None:
    result = check_alibi(impl.alibi(12, "geometric"))
    assert result.convention_dict()["rule"] == "geometric"
    with pytest.raises(AssertionError, match="expected rule='interpolated', found rule='geometric'"):
        assert_alibi_slopes(impl.alibi(12, "geometric"), rule="interpolated")


def test_alibi_slopes_not_a_rule_are_unknown() -> None:
    result = check_alibi(numpy.array([0.5 ** (h / 3 + 1) for h in range(8)]))
    assert (result.verdict, result.convention_dict()["rule"]) == ("mismatch", "unknown")


def test_assertion_message_names_convention_and_worst_element() -> None:
    table = impl.sinusoidal(4096, 16, angle_dtype=numpy.float32)
    with pytest.raises(AssertionError) as info:
        assert_sinusoidal(table, layout="interleaved")
    message = str(info.value)
    assert message.startswith(
        "sinusoidal data do not meet the faithful error model (convention found: "
        "layout=interleaved, order=sin-first, base=10000"
    )
    assert "worst element [" in message and "ulp" in message
