"""The mpmath oracle (the ulp arithmetic is tested in test_numerics.py).

Expected values here are computed independently: mpmath called directly on the formula typed
from the paper (not through the lambdified schemes), or exact powers of two.
"""

from __future__ import annotations

import mpmath
import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st

from posenc_sym.errors import PosencSymError
from posenc_sym.reference import (
    exact_frequency,
    rope_reference,
    rope_value,
    sinusoidal_column,
    sinusoidal_reference,
    sinusoidal_value,
)
from posenc_sym.schemes import rope, sinusoidal


@pytest.mark.parametrize("layout", ["interleaved", "split"])
@pytest.mark.parametrize("width", [2, 4, 10])
def test_column_mapping_agrees_with_pe_entry(layout: str, width: int) -> None:
    t, b = sinusoidal.t, sinusoidal.b
    for column in range(width):
        pair, is_cos = sinusoidal_column(column, width, layout)
        expected = sinusoidal.pe_pair(t, pair, width, b)[1 if is_cos else 0]
        assert sinusoidal.pe_entry(t, column, width, b, layout) == expected


def _independent(position: int, pair: int, denominator: int, base: int, cos: bool) -> mpmath.mpf:
    with mpmath.workdps(80):
        angle = position * mpmath.power(base, -mpmath.mpf(2 * pair) / denominator)
        return mpmath.cos(angle) if cos else mpmath.sin(angle)


@pytest.mark.parametrize(("position", "column", "d_model", "base", "denominator"), [
    (0, 0, 4, 10000, "d"), (1, 1, 4, 10000, "d"), (2**31 - 1, 0, 8, 10000, "d"),
    (2**31 - 1, 5, 8, 500000, "d"), (123456, 3, 6, 10000, "d-2"), (10**6, 7, 1024, 10000, "d"),
])
def test_sinusoidal_value_matches_an_independent_formula(position: int, column: int, d_model: int,
                                                         base: int, denominator: str) -> None:
    width = d_model if denominator == "d" else d_model - 2
    expected = _independent(position, column // 2, width, base, bool(column % 2))
    got = sinusoidal_value(position, column, d_model, base=base, denominator=denominator)  # type: ignore[arg-type]
    with mpmath.workdps(80):
        assert abs(got - expected) <= mpmath.mpf(10) ** -48 * max(abs(expected), mpmath.mpf(10) ** -10)


def test_precision_is_restored() -> None:
    before = mpmath.mp.dps
    sinusoidal_value(5, 1, 4, dps=80)
    rope_value(5, 1, 4, dps=80)
    assert mpmath.mp.dps == before


def test_cos_first_swaps_each_pair() -> None:
    assert sinusoidal_value(3, 0, 4, cos_first=True) == sinusoidal_value(3, 1, 4)


@pytest.mark.parametrize("pairing", ["adjacent", "halves"])
def test_rope_reference_uses_the_pairing_of_the_scheme(pairing: str) -> None:
    cos, sin = rope_reference([7], 6, pairing=pairing)  # type: ignore[arg-type]
    for c in range(6):
        pair = rope.pair_of_column(c, 6, pairing)  # type: ignore[arg-type]
        assert cos[0, c] == sinusoidal_value(7, 2 * pair + 1, 6)
        assert sin[0, c] == sinusoidal_value(7, 2 * pair, 6)


def test_rope_scaling_of_positions_and_base() -> None:
    # Linear interpolation by 4 at position 8 is position 2.
    # A base scale of 4 multiplies the base; column 2 (adjacent pairing) is pair 1.
    assert rope_value(8, 0, 4, position_scale=sympy.Rational(1, 4)) == rope_value(2, 0, 4)
    expected = _independent(9, 1, 4, 40000, True)
    with mpmath.workdps(60):
        assert abs(rope_value(9, 2, 4, base_scale=4, pairing="adjacent") - expected) < mpmath.mpf(10) ** -48


def test_exact_frequency_keeps_integer_exponents_exact() -> None:
    # 2i/d with ints must not become a float division (a bug the lambdified code had).
    with mpmath.workdps(60):
        assert abs(exact_frequency(1, 6, 10000, dps=60) - mpmath.cbrt(10000) ** -1) < mpmath.mpf(10) ** -58


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"column": 4}, "column=4 is outside 0..3 for d_model=4"),
    ({"layout": "rows"}, "layout='rows' is unknown; use 'interleaved' or 'split'"),
    ({"denominator": "d-1"}, "denominator='d-1' is unknown; use 'd' or 'd-2'"),
])
def test_bad_reference_arguments(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"column": 0, **kwargs}
    column = args.pop("column")
    with pytest.raises(PosencSymError) as info:
        sinusoidal_value(1, column, 4, **args)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_sinusoidal_reference_shape_and_columns() -> None:
    ref = sinusoidal_reference([0, 1, 2], 8, columns=[1, 6])
    assert ref.shape == (3, 2)
    assert ref[2, 1] == sinusoidal_value(2, 6, 8)


@given(position=st.integers(0, 2**31 - 1), pair=st.integers(0, 63), half=st.integers(1, 64),
       base=st.sampled_from([10000, 500000, 10, 3]), cos=st.booleans())
@example(position=1, pair=1, half=3, base=10000, cos=False)  # 2i/d = 1/3: the float-division bug
def test_oracle_matches_the_typed_formula(position: int, pair: int, half: int, base: int, cos: bool) -> None:
    pair = pair % half
    expected = _independent(position, pair, 2 * half, base, cos)
    got = sinusoidal_value(position, 2 * pair + int(cos), 2 * half, base=base)
    with mpmath.workdps(80):
        assert abs(got - expected) <= mpmath.mpf(10) ** -48 * max(abs(expected), mpmath.mpf(10) ** -10)
