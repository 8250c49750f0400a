"""``check_rotary_function``: rotary functions fn(x, positions), right and wrong, in NumPy.

Right ones (each convention as code writes it, float32 arithmetic) match with their convention
named; each wrong one is a mismatch whose first note names its bug, compared whole. The bug
names come from what the probe reads back (the map's structure, each row's direction, the
positions the angles belong to), not from a list of these functions: hypothesis draws the
offset k of the off-by-k bug and the blocks of positions probed.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from posenc_sym import check_rotary_function
from posenc_sym.crosscheck import parse_error_model
from posenc_sym.crosscheck.function_positions import IDENTIFY, default_offsets, plan_positions, round_position
from posenc_sym.errors import PosencSymError
from posenc_sym.strategies import rotary_offsets
from posenc_sym.testing import assert_rotary_function

from .conftest import has_module, require_module
from .implementations import rotary_functions as impl

D = 64
#: positions in the default plan (one call of fn holds them all at D = 64: 2^15 tokens a call)
PROBED = numpy.unique(numpy.concatenate([IDENTIFY, *plan_positions(default_offsets())])).size

# (name, options of impl.make, convention keys the check must name)
RIGHT = [
    ("rotate_half (Llama, GPT-NeoX)", {}, {"pairing": "halves", "base": 10000, "rotary_dim": 64, "start": 0}),
    ("rotate_every_two (GPT-J)", {"pairing": "adjacent"}, {"pairing": "adjacent", "base": 10000, "rotary_dim": 64}),
    ("partial rotary, 32 of 64", {"rotary_dim": 32}, {"rotary_dim": 32, "exponent_denominator": 32}),
    ("partial rotary over the head width", {"rotary_dim": 32, "denominator": 64},
     {"rotary_dim": 32, "exponent_denominator": 64}),
    ("base 500000 (Llama 3)", {"base": 500000.0}, {"base": 500000, "scaling": "none"}),
    ("base 1000 (a known base, not a bug by itself)", {"base": 1000.0}, {"base": 1000}),
]


@pytest.mark.parametrize(("name", "options", "convention"), RIGHT, ids=[r[0] for r in RIGHT])
def test_right_functions_match_with_their_convention(name: str, options: dict[str, Any], convention: dict[str, Any]) -> None:
    result = check_rotary_function(impl.make(**options), dim=D)
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert {k: found[k] for k in convention} == convention
    assert result.as_json()["function"]["bugs"] == []
    assert result.error_model == "native (angle:float32)"


# (name, options, bug tag, the first note, whole)
WRONG = [
    ("rotate_half with the wrong sign", {"sign": -1.0}, "rotation-sign",
     "rotation sign reversed: every pair turns by −θ·t, not θ·t (the sin terms carry the opposite sign, as "
     "rotate_half returning (x2, −x1) instead of (−x2, x1) does, or the positions are negated); read below "
     "with the sign corrected"),
    ("one half's sign dropped", {"second_sign": -1.0}, "not-a-rotation",
     "not a rotation: rows 0 and 32 of a pair turn in opposite directions (the sin term enters both with the "
     "same sign: y_0 = x_0·cos ± x_32·sin and y_32 = x_32·cos ± x_0·sin with one sign), a map that does not "
     "keep |x| (32 of 64 rows turn backwards); read below with those rows' sign flipped"),
    ("position_ids + 1", {"offset": 1}, "position-offset",
     "positions off by +1: position t is rotated by the angles of t + 1 (e.g. position 16 as 17), as when "
     "position_ids + 1 reach the rotation"),
    ("positions cast to float16", {"position_dtype": numpy.float16}, "non-finite",
     "the output holds NaN or infinity from position 65520 on (the first position probed from 65520 on, where "
     "a float16 position overflows to infinity: positions pass through float16); those positions are not measured"),
    ("rotate_every_two over a rotate_half cache", {"pairing": "adjacent", "layout": "halves"}, "mis-paired",
     "mis-paired dimensions: the rotation pairs adjacent dimensions (2i, 2i+1), as rotate_every_two or a complex "
     "product does, but its cos/sin are laid out for halves (i, i + R/2): column j at θ_(j mod R/2); the two "
     "rows of a pair turn at different frequencies (rows 0 and 1, and 29 more pairs), so the map is not a rotation"),
    ("rotate_half over an interleaved cache", {"pairing": "halves", "layout": "adjacent"}, "mis-paired",
     "mis-paired dimensions: the rotation pairs dimension i with i + R/2, as rotate_half does, but its cos/sin "
     "are laid out for adjacent pairs (2i, 2i+1): column j at θ_(j//2); the two rows of a pair turn at "
     "different frequencies (rows 0 and 32, and 31 more pairs), so the map is not a rotation"),
]


@pytest.mark.parametrize(("name", "options", "tag", "note"), WRONG, ids=[w[0] for w in WRONG])
def test_wrong_functions_are_mismatches_naming_the_bug(name: str, options: dict[str, Any], tag: str, note: str) -> None:
    result = check_rotary_function(impl.make(**options), dim=D)
    assert result.verdict == "mismatch"
    assert result.as_json()["function"]["bugs"][0] == tag
    assert result.notes[0] == note


def test_float16_positions_are_named_where_they_still_exist() -> None:
    result = check_rotary_function(impl.make(position_dtype=numpy.float16), dim=D)
    assert result.as_json()["function"]["bugs"] == ["non-finite", "position-precision"]
    assert result.notes[1] == (
        "positions pass through float16: position t is rotated by the angles of t rounded to float16 (position "
        "2049 as 2048; float16 holds every integer only up to 2048), as when positions are cast to the model's "
        "dtype before the angles are formed; cast them to float32 or wider"
    )


@settings(max_examples=25)  # each example is a whole check (about 0.1 s)
@given(k=st.integers(-16, 40).filter(lambda k: k != 0))
def test_any_position_offset_is_named_with_its_value(k: int) -> None:
    result = check_rotary_function(impl.make(offset=k), dim=16, max_position=4096)
    sign = "+" if k > 0 else "−"
    assert result.as_json()["function"]["bugs"] == ["position-offset"]
    assert result.notes[0].startswith(f"positions off by {sign}{abs(k)}: position t is rotated by the angles of t {sign} {abs(k)}")
    assert result.convention_dict()["start"] == k


@settings(max_examples=25)
@given(offsets=st.lists(rotary_offsets(), min_size=1, max_size=3))
def test_right_function_matches_at_any_drawn_positions(offsets: list[int]) -> None:
    # the native bound grows with the position (derived in crosscheck/precision.py): no position
    # up to 2^20 may push a correct float32 function outside it
    result = check_rotary_function(impl.make(pairing="adjacent"), dim=16, offsets=offsets)
    assert result.verdict == "matches", result.summary()


@given(offset=rotary_offsets())
def test_positions_rounded_as_float16_and_bfloat16_round_them(offset: int) -> None:
    # the names "positions pass through float16/bfloat16" rest on round_position; NumPy's float16
    # and torch's bfloat16 are the independent oracles
    block = numpy.arange(offset, offset + 4)
    with numpy.errstate(over="ignore"):
        assert round_position(block, "float16").tolist() == block.astype(numpy.float16).astype(float).tolist()
    torch = require_module("torch", "torch is not installed (pip install torch==2.13.0): bfloat16's oracle")
    expected = torch.tensor(block).to(torch.bfloat16).double().tolist()
    assert round_position(block, "bfloat16").tolist() == expected


def test_a_function_that_is_not_linear_is_named() -> None:
    result = check_rotary_function(impl.make(normalised=True), dim=D)
    assert result.as_json()["function"]["bugs"] == ["not-linear"]
    assert result.notes[0].startswith("not linear in x: for random x, fn(x, positions) differs from M(t)·x")


def test_a_function_that_mixes_tokens_is_not_a_rotation() -> None:
    result = check_rotary_function(impl.make(leak=1e-3), dim=D)
    assert result.verdict == "mismatch"
    assert result.as_json()["function"]["bugs"] == ["not-a-rotation"]
    assert result.notes[0].startswith("row 0 of the map mixes 2 other dimensions (1, 32): not a rotation")


def test_expected_base_refuses_another_one() -> None:
    result = check_rotary_function(impl.make(base=1000.0), dim=D, expect="base=10000")
    assert result.verdict == "mismatch"
    assert result.notes[0] == "expected base=10000, found base=1000"


def test_assertion_names_the_bugs() -> None:
    assert_rotary_function(impl.make(), dim=D, pairing="halves", base=10000)
    with pytest.raises(AssertionError) as raised:
        assert_rotary_function(impl.make(sign=-1.0), dim=D)
    assert str(raised.value).startswith("rope function has 1 bug(s) (rotation-sign): rotation sign reversed")


def _returns(value: Any) -> Any:
    def fn(x: numpy.ndarray, positions: numpy.ndarray) -> Any:
        return value(x)

    return fn


def _raises_beyond(limit: int) -> Any:
    right = impl.make()

    def fn(x: numpy.ndarray, positions: numpy.ndarray) -> numpy.ndarray:
        if positions.max() >= limit:
            raise IndexError(f"index {int(positions.max())} is out of bounds for dimension 0 with size {limit}")
        return right(x, positions)

    return fn


_TUPLE = "PosencSymError: fn(x, positions) returned a tuple, not an array; return the result as one array"
# with torch installed, tensors are tried when NumPy arrays fail
TUPLE_MESSAGE = (
    f"calling fn(x, positions) failed with NumPy arrays ({_TUPLE}) and with torch tensors ({_TUPLE}); fn must "
    "take x float32 of shape (tokens, 64) and positions int64 of shape (tokens,) and return x rotated"
    if has_module("torch") else
    f"calling fn(x, positions) with NumPy arrays (x float32 of shape (2, 64), positions int64) failed ({_TUPLE}) "
    "and torch is not installed to try tensors; make fn accept NumPy arrays"
)

ERRORS = [
    ({"fn": impl.make(), "dim": 1}, "dim=1: a rotary function rotates pairs of dimensions; pass the width D ≥ 2 of x"),
    ({"fn": impl.make(), "dim": D, "max_position": 100},
     "max_position=100 is below 255, the end of the identification block (positions 16 … 255); pass at least 255"),
    ({"fn": impl.make(), "dim": D, "max_position": 4096, "offsets": [4095]},
     "offsets [4095] fall outside 0 … 4093: each starts 4 consecutive positions up to max_position=4096; drop "
     "them or raise max_position"),
    ({"fn": 3, "dim": D}, "3 is not callable; pass a function fn(x, positions)"),
    ({"fn": _returns(lambda x: x[:1]), "dim": D},
     f"fn(x, positions) at positions 0…1048576 returned shape (1, 64) for x of shape ({PROBED * D}, 64); return "
     "x rotated, of the same shape (tokens, D)"),
    ({"fn": _returns(lambda x: (x, x)), "dim": D}, TUPLE_MESSAGE),
    ({"fn": _raises_beyond(4096), "dim": D},
     "fn(x, positions) at positions 0…1048576 failed (IndexError: index 1048576 is out of bounds for "
     "dimension 0 with size 4096); if it handles fewer positions, pass --positions N (max_position=N) to probe "
     "below N"),
]


@pytest.mark.parametrize(("arguments", "message"), ERRORS)
def test_bad_input_is_one_clear_error(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(PosencSymError) as raised:
        check_rotary_function(**arguments)
    assert str(raised.value) == message


def test_a_position_limit_is_honoured() -> None:
    result = check_rotary_function(_raises_beyond(4096), dim=D, max_position=4095)
    assert result.verdict == "matches"
    assert result.as_json()["function"]["largest_position"] == 4095


class _ArrayLike:
    """An array of another library (JAX, TensorFlow): NumPy reads it through ``__array__``."""

    def __init__(self, values: numpy.ndarray) -> None:
        self.values = values

    def __array__(self, dtype: Any = None, copy: Any = None) -> numpy.ndarray:
        return self.values if dtype is None else self.values.astype(dtype)


def test_a_result_of_another_array_library_is_read_through_its_array_interface() -> None:
    right = impl.make()
    result = check_rotary_function(lambda x, t: _ArrayLike(right(x, t)), dim=16, max_position=4096)
    assert result.verdict == "matches", result.summary()


@pytest.mark.parametrize("max_position", [3, 255, 300, 4096, 65536, 2**20])
@given(data=st.data())
def test_drawn_offsets_start_blocks_within_the_positions(max_position: int, data: st.DataObject) -> None:
    # a block of 4 must fit in 0 … max_position whatever zone the offset is drawn from (a
    # power of two minus 4 once gave −2)
    offset = data.draw(rotary_offsets(max_position))
    assert 0 <= offset <= max_position - 3


@pytest.mark.parametrize("model", ["native", "faithful", "angle:float32", None])
def test_the_models_name_is_taken_as_the_model(model: str | None) -> None:
    # as every other check function: model="faithful" is the model parse_error_model names
    by_name = check_rotary_function(impl.make(), dim=16, max_position=4096, model=model)
    by_object = check_rotary_function(impl.make(), dim=16, max_position=4096,
                                      model=parse_error_model(model or "native"))
    assert (by_name.verdict, by_name.error_model) == (by_object.verdict, by_object.error_model)
    assert by_name.error_model == (parse_error_model(model).name if model not in (None, "native") else
                                   "native (angle:float32)")
