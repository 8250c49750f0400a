"""The functions issue 4 appended to schemes/rope.py: pairing permutation and the decay bound."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
import sympy

from posenc_sym.schemes.rope import (
    adjacent_to_halves,
    decay_bound,
    decay_bound_expr,
    pairing_permutation,
    partner,
    rotation_matrix,
)


@pytest.mark.parametrize("dim", [2, 4, 6, 8, 16])
def test_sigma_maps_adjacent_pairs_to_halves_pairs(dim: int) -> None:
    sigma = adjacent_to_halves(dim)
    assert sorted(sigma) == list(range(dim))
    for a in range(dim):
        assert sigma[partner(a, dim, "adjacent")] == partner(sigma[a], dim, "halves")


@pytest.mark.parametrize("dim", [2, 4, 6])
def test_permutation_conjugates_the_rotations(dim: int) -> None:
    m = sympy.Symbol("m", real=True)
    p = pairing_permutation(dim)
    assert p * p.T == sympy.eye(dim)
    assert rotation_matrix(m, dim, 100, "halves") == p * rotation_matrix(m, dim, 100, "adjacent") * p.T


@pytest.mark.parametrize(("distance", "dim"), [(0, 8), (3, 8), (4, 8), (7, 16), (100, 16)])
def test_decay_bound_matches_the_exact_expression(distance: int, dim: int) -> None:
    # Both are the same sum; the exact one is evaluated by SymPy at 40 digits, the mpmath one at
    # 40: they must agree to far better than 1e-30 (each has error below 1e-38 per term).
    exact = sympy.N(decay_bound_expr(distance, dim, 10000), 40)
    fast = decay_bound(distance, dim, 10000, dps=40)
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(str(exact)) - fast) < mpmath.mpf("1e-30")


def test_decay_bound_at_zero_is_the_mean_of_1_to_d_over_2() -> None:
    # |S_j| = j at r = 0, so the bound is (1/(d/2))·Σ_{j=1}^{d/2} j = (d/2 + 1)/2.
    for dim in (2, 8, 128):
        assert decay_bound(0, dim) == mpmath.mpf(dim // 2 + 1) / 2


def _decay_float64(distance: int, dim: int = 128, base: float = 10000.0) -> tuple[float, float]:
    """RoFormer's bound (1/(d/2))·Σ_j |Σ_{p<j} e^{i·r·θ_p}| in plain float64, and a bound on its error.

    Error: θ̂_p = base^(−x̂) is within (x·ln b + 3)·u of θ_p (the "direct" model, docs/numerics.md), so
    the angle r·θ̂_p is off by at most r·θ_p·(x·ln b + 3)·u + u·r·θ_p; cos and sin add 1 ulp (<= 2u)
    each: a term is off by at most √2 times the sum. The j-th partial sum adds j − 1 complex
    additions (each <= √2·u·|S| <= √2·u·j) and |·| rounds (<= 2u·j); the mean of d/2 sums rounds
    d/2 more times (<= u·d/2·max). All are summed, not combined, so the bound is a safe overestimate.
    """
    u, pairs = 2.0**-53, dim // 2
    x = np.arange(0, dim, 2) / dim
    theta = base ** (-x)
    angle = distance * theta
    terms = np.exp(1j * angle)
    partial = np.cumsum(terms)
    value = float(np.abs(partial).sum() / pairs)
    term_error = math.sqrt(2) * (distance * theta * (x * math.log(base) + 4) * u + 2 * u)
    j = np.arange(1, pairs + 1)
    sum_error = np.cumsum(term_error) + math.sqrt(2) * u * j * (j - 1) + 2 * u * j
    error = float(sum_error.sum() / pairs + u * pairs * value) * (1 + 1e-9)
    return value, error


@pytest.mark.parametrize("distance", [*range(40), 1000, 1740, 30950])
def test_decay_bound_matches_an_independent_float64_sum(distance: int) -> None:
    value, error = _decay_float64(distance)
    assert abs(float(decay_bound(distance, 128)) - value) <= error


def test_decay_bound_is_not_monotone_for_roformer_setting() -> None:
    # Where the bound first rises, worked out from the independent float64 sum: a step counts only
    # when it exceeds both values' error bounds, and every earlier step must be a certain fall.
    steps = [(_decay_float64(r), _decay_float64(r + 1)) for r in range(40)]
    certain = [(b[0] - a[0] > a[1] + b[1]) - (a[0] - b[0] > a[1] + b[1]) for a, b in steps]
    first_rise = certain.index(1)
    assert all(c == -1 for c in certain[:first_rise])
    values = [decay_bound(r, 128) for r in range(40)]
    rises = [r for r in range(39) if values[r + 1] > values[r]]
    assert rises[0] == first_rise
    # decay_bound's docstring states where it first rises; it must say the same.
    assert f"rises from r = {first_rise} to {first_rise + 1}" in " ".join((decay_bound.__doc__ or "").split())
    assert values[-1] < values[0]  # it does fall on the whole


def test_decay_bound_comes_back_far_out() -> None:
    # Stated in docs/encodings.md (a float64 scan of r <= 60000); checked here with the independent
    # float64 sum, each comparison by more than both error bounds, and with mpmath.
    (far, far_err), (near, near_err) = _decay_float64(30950), _decay_float64(24)
    assert far - near > far_err + near_err
    (late, late_err), (early, early_err) = _decay_float64(1740), _decay_float64(1000)
    assert late - 2 * early > late_err + 2 * early_err
    assert decay_bound(30950, 128) > decay_bound(24, 128)
    assert decay_bound(1740, 128) > 2 * decay_bound(1000, 128)
