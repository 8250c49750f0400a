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

import numpy
import pytest

from posenc_sym.crosscheck import check_alibi
from posenc_sym.testing import assert_alibi_slopes

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
