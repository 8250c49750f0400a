"""ALiBi as the attention sees it (issue 21, item 2): bias arrays (heads, queries, keys) and (heads,
1, keys), partial-head ALiBi (zero slopes), and the notes issue 21 found misleading (item 3).

The biases are BLOOM's ``build_alibi_tensor``, MPT's ``build_mpt_alibi_tensor``, x-transformers'
``AlibiPositionalBias`` and a causal decoder bias, re-implemented in ``tests/implementations/
bias_impls.py`` and, where installed, the libraries themselves. Elements are float32 products of
a float32 slope and an integer distance: within |Δ|·(the slope model's bound) + ulp(m·Δ), the
model ``crosscheck/alibi_bias.py`` derives.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.crosscheck import check_alibi, check_sinusoidal
from posenc_sym.errors import PosencSymError
from posenc_sym.testing import assert_alibi_slopes

from .implementations import bias_impls as bias
from .implementations import numpy_impls as impl


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (bias.bloom_alibi(8, 64), {"form": "linear", "row_offset": 0, "rule": "power-of-two", "heads": 8}),
        (bias.bloom_alibi(12, 64), {"form": "linear", "row_offset": 0, "rule": "interpolated", "heads": 12}),
        (bias.x_transformers_alibi(8, 12, 32, 32),
         {"form": "symmetric", "alibi_heads": 8, "zero_slope_heads": (8, 9, 10, 11), "rule": "power-of-two"}),
        (bias.x_transformers_alibi(6, 6, 16, 48), {"form": "symmetric", "rule": "interpolated", "queries": 16}),
        (bias.causal_alibi(8, 64), {"form": "causal", "row_offset": "query"}),
        (bias.causal_alibi(12, 64, mask=float(numpy.finfo(numpy.float32).min)), {"form": "causal", "heads": 12}),
        (bias.bloom_alibi(8, 64)[None], {"form": "linear", "heads": 8}),  # (batch = 1, heads, 1, keys)
    ],
)
def test_bias_forms_are_named(data: numpy.ndarray, expected: dict[str, Any]) -> None:
    assert_alibi_slopes(data, **expected)


@pytest.mark.parametrize(
    ("data", "note"),
    [
        (bias.bloom_wrong_sign(8, 64),
         "no ALiBi form fits: the bias falls toward later keys (−m·j): the wrong sign, ALiBi rises toward the query"),
        (bias.symmetric_growing(8, 32),
         "no ALiBi form fits: the bias has a valley or a peak away from the query: −m·|i − j| has its maximum 0 at "
         "the query's own key, and a bias growing with the distance is the wrong sign"),
        (bias.bloom_reversed_heads(8, 64),
         "8 of 8 slopes are off the power-of-two rule by more than rounding explains; the data are a geometric "
         "sequence with ratio 2 starting at 0.00390625"),
    ],
)
def test_bias_bugs_are_mismatches_naming_them(data: numpy.ndarray, note: str) -> None:
    result = check_alibi(data)
    assert result.verdict == "mismatch"
    assert note in result.notes


def test_a_2d_bias_is_refused_as_ambiguous() -> None:
    message = ("the ALiBi bias has shape (8, 64), which is ambiguous: save it as (heads, queries, keys), or "
               "(heads, 1, keys) for one row per head (BLOOM's slope·j)")
    with pytest.raises(PosencSymError, match=f"^{re.escape(message)}$"):
        check_alibi(bias.bloom_alibi(8, 64)[:, 0, :])


def test_a_bias_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bias.npy"
    numpy.save(path, bias.bloom_alibi(12, 128))
    assert cli.main(["check", str(path), "--scheme", "alibi", "--heads", "12", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["convention"]
    assert (found["form"], found["rule"], found["heads"]) == ("linear", "interpolated", 12)
    assert cli.main(["check", str(path), "--scheme", "alibi", "--heads", "8"]) == 2
    assert capsys.readouterr().err.strip().endswith("--heads 8 does not match the data, which have 12 (slopes, "
                                                     "shape (12, 1, 128)); drop --heads or fix it")


def test_transformers_and_x_transformers_themselves() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed")
    bloom = pytest.importorskip("transformers.models.bloom.modeling_bloom", reason="transformers (optional)")
    mpt = pytest.importorskip("transformers.models.mpt.modeling_mpt", reason="transformers (optional)")
    for heads in (8, 12):
        built = bloom.build_alibi_tensor(torch.ones(1, 64, dtype=torch.long), heads, torch.float32)
        assert_alibi_slopes(built, form="linear", row_offset=0, heads=heads)
        assert_alibi_slopes(mpt.build_mpt_alibi_tensor(heads, 64), form="linear", row_offset=63, max_bias=8)
    xt = pytest.importorskip("x_transformers.x_transformers", reason="x-transformers is not installed (optional)")
    produced = xt.AlibiPositionalBias(heads=8, total_heads=12)(32, 32)
    assert numpy.array_equal(produced.numpy(), bias.x_transformers_alibi(8, 12, 32, 32))
    assert_alibi_slopes(produced, form="symmetric", alibi_heads=8, zero_slope_heads=(8, 9, 10, 11))


# --- partial-head ALiBi and the notes of item 3 --------------------------------------------------


def test_zero_slopes_are_partial_head_alibi_without_a_numpy_warning() -> None:
    slopes = numpy.concatenate([bias.reference_slopes(8), numpy.zeros(4)]).astype(numpy.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the NumPy divide warning issue 21 saw
        result = assert_alibi_slopes(slopes, heads=12, alibi_heads=8, rule="power-of-two")
    assert (
        "heads [8, 9, 10, 11] have slope 0: no position bias on them (ALiBi on 8 of 12 heads, as x-transformers' "
        "alibi_num_heads=8 pads the other heads with 0); the 8 others are checked against the rule for 8 heads"
    ) in result.notes


def test_all_zero_and_negative_slopes_say_what_they_are() -> None:
    zero = check_alibi(numpy.zeros(8))
    assert (zero.verdict, zero.notes) == ("mismatch", ("every one of the 8 slopes is 0: no head carries an ALiBi bias",))
    negative = check_alibi(-numpy.array(bias.reference_slopes(8)))
    assert negative.verdict == "mismatch"
    assert negative.notes[0] == (
        "every non-zero slope is negative: the bias −m·distance would grow with the distance (the wrong sign); "
        "their magnitudes are the power-of-two rule with max_bias 8"
    )


@pytest.mark.parametrize("slopes", [impl.alibi_ascending(8).astype(numpy.float32), numpy.float32([0.5, 0.25, 2.0**-4])])
def test_power_of_two_slopes_are_not_called_bfloat16_data(slopes: numpy.ndarray) -> None:
    # 2^-k is a number of every format: that the slopes are bfloat16 numbers says nothing about
    # the precision they were computed in, and checking them as bfloat16 would not match either
    result = check_alibi(slopes)
    assert result.verdict == "mismatch"
    assert not any("bfloat16" in note for note in result.notes), result.notes


def test_bfloat16_values_in_float32_are_still_named_when_that_explains_them() -> None:
    from posenc_sym import rope_cache

    cos, sin = rope_cache(512, 64, dtype=numpy.float64)

    def bf16(x: numpy.ndarray) -> numpy.ndarray:  # round to nearest bfloat16 (ties away are fine here)
        bits = x.astype(numpy.float32).view(numpy.uint32)
        return ((bits + numpy.uint32(0x8000)) & numpy.uint32(0xFFFF0000)).view(numpy.float32)

    from posenc_sym.crosscheck import check_rope

    result = check_rope(bf16(cos), bf16(sin))
    assert result.notes[0].startswith("the values are all bfloat16 numbers though stored as float32")


def test_one_pair_names_one_base_once() -> None:
    result = check_sinusoidal(impl.sinusoidal(3, 2, dtype=numpy.float16))
    assert not any("cannot tell apart base 10000 with exponent denominator d and base 10000" in n for n in result.notes)
    assert ("one sin/cos pair: its frequency is 1 whatever the base, so the data cannot show a base; base 10000 is "
            "the paper's, not read from the data") in result.notes
