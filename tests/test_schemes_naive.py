"""The rejected encodings, the learned table, and the float32 distinctness measurement."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sympy

from posenc_sym.errors import PosencSymError
from posenc_sym.schemes.learned import learned_lookup, learned_table
from posenc_sym.schemes.naive import (
    binary_encoding,
    float32_row_error,
    nearest_offset_distance,
    sin_only_encoding,
    unit_interval_encoding,
)


@pytest.mark.parametrize("width", [1, 2, 3, 5])
def test_binary_encoding_is_the_bits_of_t(width: int) -> None:
    for t in range(3 * 2**width):
        bits = [int(b) for b in binary_encoding(t, width)]
        assert bits == [int(c) for c in format(t % 2**width, f"0{width}b")]


def test_unit_interval_matches_the_document_example_except_its_slip() -> None:
    # 003_750a8455e46b047a.txt lists [0, 0.5, 1] and [0, 0.33, 0.69, 1]: the third of four is 2/3.
    assert [unit_interval_encoding(t, 3) for t in range(3)] == [0, sympy.Rational(1, 2), 1]
    assert [round(float(unit_interval_encoding(t, 4)), 2) for t in range(4)] == [0.0, 0.33, 0.67, 1.0]


@pytest.mark.parametrize(("kind", "base"), [("pow2", 10000), ("geometric", 10000), ("geometric", 100)])
def test_sin_only_frequencies(kind: str, base: int) -> None:
    t = sympy.Symbol("t", real=True)
    row = sin_only_encoding(t, 4, kind, base)  # type: ignore[arg-type]
    omegas = [sympy.diff(e, t).subs(t, 0) for e in row]
    if kind == "pow2":
        assert omegas == [1, sympy.Rational(1, 2), sympy.Rational(1, 4), sympy.Rational(1, 8)]
    else:
        assert omegas[0] == 1 and sympy.simplify(omegas[-1] - sympy.Rational(1, base)) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: binary_encoding(3, 0), "width=0 is not a positive int; pass the number of columns, e.g. 4"),
        (lambda: unit_interval_encoding(0, 1),
         "length=1 is too short; the [0, 1] encoding needs at least 2 tokens"),
        (lambda: sin_only_encoding(1, 2, "cos"),  # type: ignore[arg-type]
         "frequencies='cos' is unknown; use 'pow2' or 'geometric'"),
        (lambda: learned_lookup(learned_table(2), 2),
         "position=2 is past the 2-row learned table; it has no row for that position"),
        (lambda: learned_table(0), "length=0 is not a positive int; pass e.g. 4"),
    ],
)
def test_bad_input(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PosencSymError) as err:
        call()
    assert str(err.value) == message


def test_nearest_row_is_the_neighbour_for_d512() -> None:
    # Independent check: the distance to the neighbour is sqrt(Σ 2 − 2cos ω_i), computed here
    # directly; the scan over offsets must find nothing nearer.
    dist, offset = nearest_offset_distance(512, max_offset=5000)
    w = 10000.0 ** (-np.arange(0, 512, 2) / 512)
    assert offset == 1
    assert dist == pytest.approx(math.sqrt(float(np.sum(2 - 2 * np.cos(w)))), rel=1e-12)


@pytest.mark.parametrize("t", [10**3, 10**4, 10**5])
def test_float32_row_error_grows_with_the_angle_rounding(t: int) -> None:
    # A priori bound: the float32 angle t·ω_i carries relative error <= 3·2^-24 (rounding of t,
    # of div_term's exp and of the product, plus exp's own error ~1 ulp), so each angle is off
    # by at most 4·2^-24·t·ω_i; sin/cos add 2^-24 each. Summed in quadrature over the pairs.
    w = 10000.0 ** (-np.arange(0, 512, 2) / 512)
    angle_bound = 4 * 2.0**-24 * t * w + 2 * 2.0**-24
    bound = math.sqrt(float(np.sum(angle_bound**2)))
    err = float32_row_error(t, 512)
    assert 0 < err <= bound
