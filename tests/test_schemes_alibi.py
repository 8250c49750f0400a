"""ALiBi slopes: exact values against an independent float re-implementation of the reference rule."""

from __future__ import annotations

import math

import pytest
import sympy

from posenc_sym.errors import PosencSymError
from posenc_sym.schemes import alibi


def _reference_float_slopes(n: int) -> list[float]:
    """The ALiBi reference rule, written from its description in floats (start·ratio^i)."""
    def power_of_two(p: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(p) - 3)))
        return [start * start**h for h in range(p)]

    if math.log2(n).is_integer():
        return power_of_two(n)
    p = 2 ** math.floor(math.log2(n))
    return power_of_two(p) + _reference_float_slopes(2 * p)[0::2][: n - p]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 40, 64, 96])
def test_slopes_match_reference_rule(n: int) -> None:
    exact = alibi.slopes(n)
    floats = _reference_float_slopes(n)
    assert len(exact) == n == len(floats)
    for h, (e, f) in enumerate(zip(exact, floats, strict=True)):
        assert e.is_rational is not None  # an exact SymPy number, no Float inside
        assert not e.atoms(sympy.Float)
        # The float rule does one pow for start and one for start**h, each within 1 ulp for
        # these exact powers of two in CPython's libm; the product adds one rounding. So the
        # relative error is at most (h + 3) units of 2**-52; we allow that bound, no more.
        bound = (h + 3) * 2.0**-52
        assert abs(float(e) - f) <= bound * abs(float(e))


@pytest.mark.parametrize("n", [1, 2, 4, 8, 16, 32])
def test_power_of_two_slopes_are_geometric(n: int) -> None:
    s = alibi.slopes(n)
    ratio = sympy.Integer(2) ** sympy.Rational(-8, n)
    assert s[0] == ratio
    assert all(sympy.simplify(s[h + 1] / s[h] - ratio) == 0 for h in range(n - 1))


@pytest.mark.parametrize("n", [3, 5, 6, 7, 12, 24])
def test_other_head_counts_interleave(n: int) -> None:
    p = 1 << (n.bit_length() - 1)
    s = alibi.slopes(n)
    assert s[:p] == alibi.slopes(p)
    assert s[p:] == alibi.slopes(2 * p)[0 : 2 * (n - p) : 2]
    assert len(set(s)) == n  # no two heads share a slope


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "n_heads=0 is not positive; pass the number of attention heads, e.g. 8"),
        (-4, "n_heads=-4 is not positive; pass the number of attention heads, e.g. 8"),
        (2.0, "n_heads=2.0 is not an integer; pass the number of attention heads, e.g. 8"),
        (True, "n_heads=True is not an integer; pass the number of attention heads, e.g. 8"),
    ],
)
def test_bad_head_counts(value: object, message: str) -> None:
    with pytest.raises(PosencSymError) as err:
        alibi.slopes(value)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_causal_bias_differs_by_a_row_constant() -> None:
    m = sympy.Rational(1, 4)
    full, causal = alibi.bias_matrix(5, m), alibi.bias_matrix(5, m, causal=True)
    for r in range(5):
        offsets = {causal[r, c] - full[r, c] for c in range(r + 1)}
        assert offsets == {m * r}
