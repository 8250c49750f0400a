"""Attention without positions, and the interpolation schemes, numerically against their formulas."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy

from posenc_sym.errors import PosencSymError
from posenc_sym.schemes.attention import attention, permutation_matrix, softmax
from posenc_sym.schemes.interpolation import llama3_frequency, ntk_base, yarn_frequency, yarn_ramp


def _mpmath_attention(x: np.ndarray, wq: np.ndarray, wk: np.ndarray, wv: np.ndarray) -> mpmath.matrix:
    """softmax(XW_q (XW_k)^T / √d_k) XW_v written out independently, in mpmath at the working precision."""
    x_m = mpmath.matrix(x.tolist())
    q, k, v = (x_m * mpmath.matrix(w.tolist()) for w in (wq, wk, wv))
    s = q * k.T / mpmath.sqrt(wk.shape[1])
    out = mpmath.matrix(s.rows, v.cols)
    for r in range(s.rows):
        top = max(s[r, c] for c in range(s.cols))
        e = [mpmath.exp(s[r, c] - top) for c in range(s.cols)]
        total = mpmath.fsum(e)
        for c in range(v.cols):
            out[r, c] = mpmath.fsum(e[j] / total * v[j, c] for j in range(s.cols))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_attention_matches_an_independent_mpmath_version(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x, wq, wk, wv = (rng.integers(-3, 4, size=shape) for shape in ((3, 2), (2, 2), (2, 2), (2, 2)))
    exact = attention(*(sympy.Matrix(a.tolist()) for a in (x, wq, wk, wv)))
    ours = exact.evalf(30)
    # evalf(30) promises 30 correct digits: error below a unit in the 30th, 10^-29·|value|. The
    # mpmath version at 40 digits makes a few dozen roundings of 10^-40, amplified by exp at most
    # by |score| <= 2·18·18/√2 < 500 (|x|, |w| <= 3): below 10^-35 relative to the largest |XW_v|.
    with mpmath.workdps(40):
        independent = _mpmath_attention(x, wq, wk, wv)
        scale = max(abs(int(v)) for v in (x @ wv).ravel())
        for r in range(independent.rows):
            for c in range(independent.cols):
                value = mpmath.mpf(str(ours[r, c]))
                assert abs(value - independent[r, c]) <= mpmath.mpf(10) ** -29 * abs(value) + mpmath.mpf(10) ** -35 * scale


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
