"""The functions issue 4 appended to schemes/rope.py: pairing permutation and the decay bound."""

from __future__ import annotations

import mpmath
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


def test_decay_bound_is_not_monotone_for_roformer_setting() -> None:
    values = [decay_bound(r, 128) for r in range(40)]
    rises = [r for r in range(39) if values[r + 1] > values[r]]
    assert rises[0] == 18
    assert values[-1] < values[0]  # it does fall on the whole


def test_decay_bound_comes_back_far_out() -> None:
    # Stated in docs/encodings.md: found by a float64 scan of r <= 60000, confirmed here in mpmath.
    assert decay_bound(30950, 128) > decay_bound(24, 128)
    assert decay_bound(1740, 128) > 2 * decay_bound(1000, 128)
