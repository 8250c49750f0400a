"""``check_alibi_function``: ALiBi bias builders fn(q_len, k_len), right and wrong.

Right ones (the reference code's slopes as float32 powers; causal with the mask built in,
symmetric, and BLOOM's one row slope·j) match with rule, form and rows named; each wrong one is a
mismatch whose first note names its bug, compared whole. A bias is read up to a per-row constant
(what softmax sees): BLOOM's slope·j is the same bias as −slope·(i − j) under a causal mask.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest
from hypothesis import given, settings

from posenc_sym import check_alibi, check_alibi_function
from posenc_sym.crosscheck import parse_error_model
from posenc_sym.errors import PosencSymError
from posenc_sym.strategies import alibi_sizes
from posenc_sym.testing import assert_alibi_function

from .implementations import alibi_functions as impl

# (name, heads, options, convention keys named)
RIGHT = [
    ("causal, 12 heads (interpolated)", 12, {}, {"rule": "interpolated", "form": "causal", "rows": "per-query"}),
    ("symmetric, 8 heads", 8, {"form": "symmetric"}, {"rule": "power-of-two", "form": "symmetric"}),
    ("one row slope·j (BLOOM's form), 16 heads", 16, {"form": "row"}, {"form": "linear", "rows": "one-row"}),
    ("MPT alibi_bias_max=16, 12 heads", 12, {"form": "row", "max_bias": 16.0}, {"max_bias": 16, "rule": "interpolated"}),
    ("one head", 1, {"form": "symmetric"}, {"heads": 1, "rule": "power-of-two"}),
    ("causal, masked with -1e4", 8, {"mask": -1e4}, {"form": "causal", "rows": "per-query"}),
    ("causal, masked with -1e9", 8, {"mask": -1e9}, {"form": "causal", "rows": "per-query"}),
]


@pytest.mark.parametrize(("name", "heads", "options", "convention"), RIGHT, ids=[r[0] for r in RIGHT])
def test_right_builders_match_with_their_convention(
    name: str, heads: int, options: dict[str, Any], convention: dict[str, Any]
) -> None:
    result = check_alibi_function(impl.make(heads, **options), heads=heads)
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert {k: found[k] for k in convention} == convention
    assert result.as_json()["function"]["bugs"] == []


# (name, heads, options, bug tag, first note whole)
WRONG = [
    ("the distance rewarded (causal)", 8, {"sign": -1.0}, "bias-sign",
     "wrong sign: the bias grows with the distance to earlier keys (+m·(i − j) up to a row constant), so attention "
     "is pushed toward far tokens; ALiBi subtracts m·(i − j)"),
    ("the distance rewarded (symmetric)", 8, {"sign": -1.0, "form": "symmetric"}, "bias-sign",
     "wrong sign: the bias grows with the distance (+m·|i − j|), so attention is pushed toward far tokens; ALiBi "
     "subtracts m·|i − j|"),
    ("slopes reversed", 12, {"reverse": True, "form": "row"}, "reversed-slopes",
     "slopes in reverse head order: head h has the slope the rule gives head 11−h (the steepest last)"),
    ("2^(−8h/n): slopes from 1", 8, {"start_one": True, "form": "symmetric"}, "slope-rule",
     "the slopes follow no ALiBi rule: they are 2^−(b + a·h) with ratio 2^−a, a = 1, and first slope 2^−b, b = 0; "
     "the power-of-two rule has a = b = 8/n = 1 for n = 8 heads (the first slope equals the ratio)"),
    ("the query one key late (symmetric)", 8, {"form": "symmetric", "query_shift": 1}, "query-position",
     "fn(8, 8), head 0, row 0: the query sits on key 1, not on key 0: the distances are off by +1"),
    ("the query two keys late (causal: the mask too)", 8, {"query_shift": 2}, "query-position",
     "fn(8, 8), head 0, row 0: the query sits on key 2, not on key 0: the distances are off by +2"),
    ("the queries on the first keys (symmetric)", 8, {"form": "symmetric", "first_queries": True}, "query-position",
     "fn(3, 300), head 0, row 0: the query sits on key 0, not on key 297: the distances are off by -297"),
]


@pytest.mark.parametrize(("name", "heads", "options", "tag", "note"), WRONG, ids=[w[0] for w in WRONG])
def test_wrong_builders_are_mismatches_naming_the_bug(
    name: str, heads: int, options: dict[str, Any], tag: str, note: str
) -> None:
    result = check_alibi_function(impl.make(heads, **options), heads=heads)
    assert result.verdict == "mismatch"
    assert result.as_json()["function"]["bugs"] == [tag]
    assert result.notes[0] == note


@pytest.mark.parametrize("form", ["causal", "symmetric"])
def test_a_wrong_sign_is_measured_with_its_sign_turned_and_says_so(form: str) -> None:
    # the slopes are named from the bias read with its sign turned; its elements are measured so too
    result = check_alibi_function(impl.make(8, form=form, sign=-1.0), heads=8)
    assert result.verdict == "mismatch"
    assert result.notes[-1] == ("with the sign turned, every element is within the model of its row's exact bias, "
                                "up to the row's constant")


# (name, options for square calls, for the others, first note whole): each call is an ALiBi bias, the
# function is not one
VARYING = [
    ("symmetric when square, causal otherwise", {"form": "symmetric"}, {},
     "the calls build different forms: fn(8, 8) symmetric, fn(64, 64) symmetric, fn(3, 300) causal, "
     "fn(1, 65536) linear"),
    ("max_bias 16 when not square", {"form": "row"}, {"form": "row", "max_bias": 16.0},
     "the calls give different slopes: fn(8, 8) max_bias=8, fn(3, 300) max_bias=16"),
]


@pytest.mark.parametrize(("name", "square", "other", "note"), VARYING, ids=[v[0] for v in VARYING])
def test_calls_that_disagree_are_named(name: str, square: dict[str, Any], other: dict[str, Any], note: str) -> None:
    result = check_alibi_function(impl.varying(8, square, other), heads=8)
    assert result.verdict == "mismatch"
    assert result.as_json()["function"]["bugs"] == ["inconsistent-calls"]
    assert result.notes[0] == note


def test_a_call_with_one_key_says_nothing() -> None:
    # softmax over a single key is 1 whatever the bias: no form to read, no bug
    result = check_alibi_function(impl.make(8), heads=8, calls=((8, 8), (1, 1)))
    assert result.verdict == "matches", result.summary()


@pytest.mark.parametrize("form", ["symmetric", "row"])
def test_a_constant_added_to_each_row_changes_nothing(form: str) -> None:
    # softmax over a row is unchanged by adding a constant to it: ALiBi is read up to one
    right = impl.make(8, form=form)

    def shifted(q_len: int, k_len: int) -> numpy.ndarray:
        bias = right(q_len, k_len)
        return (bias + numpy.float32(0.25) * numpy.arange(bias.shape[1], dtype=numpy.float32)[:, None] + 3).astype(
            numpy.float32)

    result = check_alibi_function(shifted, heads=8)
    assert result.verdict == "matches", result.summary()


@settings(max_examples=20)
@given(size=alibi_sizes(512))
def test_any_sizes_read_the_same_convention(size: tuple[int, int]) -> None:
    calls = ((8, 8), size)
    for form in ("causal", "symmetric", "row"):
        result = check_alibi_function(impl.make(12, form=form), heads=12, calls=calls)
        assert result.verdict == "matches", (form, result.summary())


def test_expected_maximum_bias_refuses_another() -> None:
    result = check_alibi_function(impl.make(8, max_bias=4.0, form="row"), heads=8, expect="max_bias=8")
    assert result.verdict == "mismatch"
    assert result.notes[0] == "expected max_bias=8, found max_bias=4"


def test_assertion_names_the_bugs() -> None:
    assert_alibi_function(impl.make(8, form="symmetric"), heads=8, form="symmetric", rule="power-of-two")
    with pytest.raises(AssertionError) as raised:
        assert_alibi_function(impl.make(8, reverse=True), heads=8)
    assert str(raised.value).startswith("alibi function has 1 bug(s) (reversed-slopes): slopes in reverse head order")


def _shaped(shape_of: Any) -> Any:
    def fn(q_len: int, k_len: int) -> numpy.ndarray:
        return numpy.zeros(shape_of(q_len, k_len), dtype=numpy.float32)

    return fn


def _failing(q_len: int, k_len: int) -> numpy.ndarray:
    raise ValueError("k_len must not exceed 2048")


ERRORS = [
    ({"fn": impl.make(8), "heads": 0}, "heads=0: pass the number of heads H ≥ 1 the bias has"),
    ({"fn": impl.make(8), "heads": 12},
     "fn(8, 8) returned shape (8, 8, 8); expected (12, 8, 8) or (12, 1, 8): (heads, q_len, k_len), or one row "
     "broadcast over the queries"),
    ({"fn": _shaped(lambda q, k: (k, q)), "heads": 4},
     "fn(8, 8) returned shape (8, 8); expected (4, 8, 8) or (4, 1, 8): (heads, q_len, k_len), or one row "
     "broadcast over the queries"),
    ({"fn": _failing, "heads": 4},
     "fn(8, 8) failed (ValueError: k_len must not exceed 2048); fn(q_len, k_len) must return the bias, (heads, "
     "q_len, k_len) or (heads, 1, k_len)"),
    ({"fn": lambda q, k: numpy.full((4, q, k), numpy.nan, dtype=numpy.float32), "heads": 4},
     "fn(q_len, k_len) returned no usable bias over the calls [(8, 8), (64, 64), (3, 300), (1, 65536)] (fn(8, 8) "
     "holds NaN or +infinity (first at head, row, key (0, 0, 0)))"),
    ({"fn": lambda q, k: numpy.zeros((4, q, k), dtype=numpy.int64), "heads": 4},
     "fn(8, 8) returned dtype int64; return floats (float64, float32, float16 or bfloat16)"),
]


@pytest.mark.parametrize(("arguments", "message"), ERRORS)
def test_bad_input_is_one_clear_error(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(PosencSymError) as raised:
        check_alibi_function(**arguments)
    assert str(raised.value) == message


@pytest.mark.parametrize("model", ["native", "faithful", "angle:float32", None])
@pytest.mark.parametrize("check", ["function", "bias array"])
def test_the_models_name_is_taken_as_the_model(check: str, model: str | None) -> None:
    # as every other check function: model="faithful" is the model parse_error_model names
    def run(m: Any) -> Any:
        if check == "function":
            return check_alibi_function(impl.make(8), heads=8, model=m)
        return check_alibi(impl.make(8)(16, 16), model=m)

    by_name, by_object = run(model), run(parse_error_model(model or "native"))
    assert (by_name.verdict, by_name.error_model) == (by_object.verdict, by_object.error_model)
    assert by_name.error_model == (parse_error_model(model).name if model not in (None, "native") else
                                   "native (angle:float32)")
