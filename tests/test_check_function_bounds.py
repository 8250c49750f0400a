"""The function checks' bounds hold to their word: an error planted at 3× the derived bound is a
mismatch that names the element, one at half the bound is not — so a check whose bounds were 10×
wider would let the 3× cases through (``tools/mutants.py``, mutant ``function-wide``, makes every
test below that expects a mismatch fail).

The planted distances come from the bound formulas, not from trial:

* rotary (``crosscheck/precision.py``, the native model of float32 data): an element of the cos/sin
  the function uses, at position t and frequency ω, may be ulp(v) + K·|t·ω|·2^-24 from the exact
  value v, K = 3·ln(base) + 4 (``angle_constant``). The function here rotates with a correctly
  rounded float32 cache (``rope_cache(..., method="accurate")``: within 0.5 + 2^-28 ulp), one
  element moved by f·bound and rounded to float32 (one more half ulp): its error lies within
  f·bound ± 1 ulp, and K·|t·ω|·u is over 100 ulps at the element chosen, so 3× is outside and
  below 10×, ½× inside;
* ALiBi (``crosscheck/alibi_bias.py``, which reads every bias the builder returns): element
  (h, i, j) at distance Δ from the query, of head h with slope m (the k-th non-zero slope, k = h + 1
  here), is within ulp(m·Δ) + |Δ|·(ulp(m) + K·k·m·2^-24) + 2^-52·(|m·Δ| + |Δ|·m) of m·Δ, K =
  angle_constant(2); planted at f times that (the element's own rounding to float32, at most half
  an ulp of m·Δ, is within the ½× and 3× margins).
"""

from __future__ import annotations

import numpy
import pytest

from posenc_sym import check_alibi_function, check_rotary_function
from posenc_sym.crosscheck.precision import angle_constant
from posenc_sym.numerics import ulp
from posenc_sym.tables import rope_cache

from .implementations import alibi_functions

D, T0, COLUMN = 32, 1001, 0  # position 1001, frequency 1 (pair 0): K·t·ω·u ≈ 1.9e-3, ~3e4 ulp of sin there
EXACT_COS, EXACT_SIN = rope_cache(T0 + 4, D, pairing="halves", dtype="float32", method="accurate")


def _rotary_bound(value: float) -> float:
    return float(ulp(value, "float32")) + angle_constant(10000.0) * T0 * 1.0 * 2.0**-24


def _planted_rotary(array: str, factor: float) -> object:
    cos, sin = EXACT_COS.copy(), EXACT_SIN.copy()
    target = cos if array == "cos" else sin
    value = float(target[T0, COLUMN])
    target[T0, COLUMN] = numpy.float32(value + factor * _rotary_bound(value))

    def fn(x: numpy.ndarray, positions: numpy.ndarray) -> numpy.ndarray:
        # positions beyond the cache are never asked for: max_position below
        c, s, h = cos[positions], sin[positions], D // 2
        return x * c + numpy.concatenate([-x[:, h:], x[:, :h]], 1) * s

    return fn


@pytest.mark.parametrize(("array", "factor", "verdict"), [
    ("cos", 0.5, "matches"), ("cos", 3.0, "mismatch"), ("sin", 0.5, "matches"), ("sin", 3.0, "mismatch"),
    ("sin", -3.0, "mismatch"),
])
def test_rotary_element_beyond_the_bound_is_a_mismatch(array: str, factor: float, verdict: str) -> None:
    result = check_rotary_function(_planted_rotary(array, factor), dim=D, max_position=T0 + 3, offsets=[T0 - 1])
    assert result.verdict == verdict, result.summary()
    if verdict == "mismatch":
        assert result.notes[-1] == (
            f"1 element(s) outside the native (angle:float32) error model; first: {result.worst.describe()}"
            if result.worst is not None else ""
        )
        assert result.worst is not None
        assert (result.worst.array, result.worst.row, result.worst.column) == (array, T0, COLUMN)


def _alibi_bound(heads: int, h: int, row: int, key: int) -> float:
    """ulp(m·Δ) + |Δ|·(ulp(m) + K·k·m·u) + 2^-52·(|m·Δ| + |Δ|·m) for the symmetric form of the test
    builder: the queries are the last ones, so row i sits on key i when q_len = k_len."""
    m = 2.0 ** (-8 * (h + 1) / heads)
    distance = abs(row - key)
    slope = float(ulp(m, "float32")) + angle_constant(2.0) * (h + 1) * m * 2.0**-24
    return float(ulp(m * distance, "float32")) + distance * slope + 2.0**-52 * (m * distance + distance * m)


@pytest.mark.parametrize(("factor", "verdict"), [(0.5, "matches"), (3.0, "mismatch"), (-3.0, "mismatch")])
def test_alibi_element_beyond_the_bound_is_a_mismatch(factor: float, verdict: str) -> None:
    heads, h, row, key = 8, 0, 5, 2
    amount = factor * _alibi_bound(heads, h, row, key)
    builder = alibi_functions.make(heads, form="symmetric", plant=(h, row, key, amount))
    result = check_alibi_function(builder, heads=heads)
    assert result.verdict == verdict, result.summary()
    if verdict == "mismatch":  # planted in both square calls, (8, 8) and (64, 64): same distance, same bound
        assert result.notes[-1].startswith("2 element(s) outside the native (angle:float32) error model; first: "
                                           f"fn(8, 8)[{h}][{row}, {key}]")
