"""Attention without positions, and the interpolation schemes, numerically against their formulas."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sympy

from posenc_sym.errors import PosencSymError
from posenc_sym.schemes.attention import attention, permutation_matrix, softmax
from posenc_sym.schemes.interpolation import llama3_frequency, ntk_base, yarn_frequency, yarn_ramp


def _numpy_attention(x: np.ndarray, wq: np.ndarray, wk: np.ndarray, wv: np.ndarray) -> np.ndarray:
    s = (x @ wq) @ (x @ wk).T / math.sqrt(wk.shape[1])
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)) @ (x @ wv)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_attention_matches_an_independent_numpy_version(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x, wq, wk, wv = (rng.integers(-3, 4, size=shape) for shape in ((3, 2), (2, 2), (2, 2), (2, 2)))
    exact = attention(*(sympy.Matrix(a.tolist()) for a in (x, wq, wk, wv)))
    ours = np.array(exact.evalf(30).tolist(), dtype=float)
    # float64 softmax of O(10) scores: relative error a few ulps; 1e-12 is a loose, derived cap.
    np.testing.assert_allclose(ours, _numpy_attention(x, wq, wk, wv), rtol=1e-12, atol=1e-12)


def test_permutation_matrix_rejects_non_permutations() -> None:
    with pytest.raises(PosencSymError) as err:
        permutation_matrix([0, 0, 1])
    assert str(err.value) == "order=[0, 0, 1] is not a permutation of 0..2"


def test_softmax_of_empty_row() -> None:
    with pytest.raises(PosencSymError) as err:
        softmax([])
    assert str(err.value) == "softmax of an empty row; pass at least one score"


def test_ntk_base_keeps_highest_and_scales_lowest() -> None:
    b2 = ntk_base(10000, 8, 128)
    hi, lo = 1, sympy.Integer(10000) ** sympy.Rational(-126, 128)
    assert sympy.Integer(b2) ** 0 == hi
    assert sympy.simplify(b2 ** sympy.Rational(-126, 128) - lo / 8) == 0


@pytest.mark.parametrize("r", [sympy.Rational(1, 2), 1, 2, 16, 32, 33])
def test_yarn_ramp_is_clamped_linear(r: sympy.Expr) -> None:
    expected = min(max((r - 1) / sympy.Integer(31), 0), 1)
    assert yarn_ramp(r) == expected


def test_yarn_and_llama3_at_the_extremes() -> None:
    s = sympy.Integer(4)
    assert yarn_frequency(sympy.Rational(1, 10**6), s, 4096) == sympy.Rational(1, 4 * 10**6)
    # llama3: wavelength 2π·10 = 62.8 < 2048 kept; 2π·10^5 > 8192 divided by 8
    assert llama3_frequency(sympy.Rational(1, 10)) == sympy.Rational(1, 10)
    assert llama3_frequency(sympy.Rational(1, 10**5)) == sympy.Rational(1, 8 * 10**5)
