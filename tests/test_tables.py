"""The public generators: shapes, layouts, bad input, and each method's derived bound.

The exact values come from the mpmath oracle (posenc_sym.reference); the bounds from
posenc_sym.accuracy and posenc_sym.numerics, derived in docs/numerics.md. No tolerance here is tuned.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import numpy
import pytest
import sympy

from posenc_sym import accurate_sincos, rope_cache, sinusoidal_table
from posenc_sym.accuracy import NUMPY_SINCOS_ULPS, fast_bound, method_bounds
from posenc_sym.errors import PosencSymError
from posenc_sym.numerics import abs_error, accurate_ulp_bound, to_mpf, ulp_error
from posenc_sym.reference import rope_reference, sinusoidal_column, sinusoidal_reference
from posenc_sym.schemes import rope, sinusoidal

DTYPES = [numpy.float64, numpy.float32]
METHODS = ["accurate", "fast", "direct"]


def direct_angles(positions: list[int], pairs: list[int], width: int, base: Any, dtype: Any) -> numpy.ndarray:
    """θ̂[r, c] as the generated code forms it in ``dtype``: b**(−2·i/d)·t, every step in dtype.

    The same operations as ``_pe_pair`` in tests/golden/codegen/sinusoidal_interleaved.txt (NumPy
    keeps the dtype when a Python int meets a dtype array).
    """
    dt = numpy.dtype(dtype)
    i = numpy.array(pairs).astype(dt)[None, :]
    t = numpy.array(positions).astype(dt)[:, None]
    b = base if isinstance(base, int) else float(base)
    return b ** (-2 * i / width) * t


def assert_direct_is_sin_of_its_angle(values: numpy.ndarray, dtype: Any, positions: list[int], pairs: list[int],
                                      is_cos: list[bool], width: int, base: Any = 10000) -> None:
    """"direct" stores sin/cos of its float angle θ̂ within NumPy's own error (NUMPY_SINCOS_ULPS ulps).

    This can fail where the direct bound cannot: far out the bound exceeds 2, the width of [−1, 1].
    A wrong position, pair or sin/cos role changes θ̂ by far more than an ulp's worth.
    """
    dt = numpy.dtype(dtype)
    angles = direct_angles(positions, pairs, width, base, dt)
    with mpmath.workdps(40):
        exact = numpy.array([[(mpmath.cos if is_cos[c] else mpmath.sin)(mpmath.mpf(float(a)))
                              for c, a in enumerate(row)] for row in angles], dtype=object)
    # NumPy's accuracy suite allows E ulps from the correctly rounded value fl(y); measured at y, as
    # ulp_error does: E·ulp(fl y) + 0.5·ulp(y) <= (2E + 0.5)·ulp(y) (ulp(fl y) <= 2·ulp(y)).
    allowed = 2 * NUMPY_SINCOS_ULPS[dt] + 0.5
    assert ulp_error(values, exact, dt).max() <= allowed


def assert_within_bound(values: numpy.ndarray, exact: numpy.ndarray, method: str, dtype: Any,
                        positions: list[int], pairs: list[int], is_cos: list[bool], width: int,
                        base: Any = 10000) -> None:
    """values[r, c] against exact[r, c] at position positions[r] and pair pairs[c], per method.

    An absolute bound of 2 or more says nothing about values in [−1, 1]; only the bounds below 2 are
    checked, and "direct" entries are also checked against the sin/cos of their own float angle.
    """
    errors = abs_error(values, exact)
    bounds = method_bounds(exact, method, dtype, positions, pairs, width, base)
    meaningful = bounds < 2
    worst = numpy.unravel_index(numpy.argmax(numpy.where(meaningful, errors / bounds, 0)), errors.shape)
    assert (errors <= bounds)[meaningful].all(), (worst, errors[worst], bounds[worst])
    if method == "accurate":  # the same check in ulps, as the docstrings state it
        assert meaningful.all()
        assert ulp_error(values, exact, dtype).max() <= accurate_ulp_bound(dtype)
    if method == "direct":
        assert_direct_is_sin_of_its_angle(values, dtype, positions, pairs, is_cos, width, base)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["interleaved", "split"])
@pytest.mark.parametrize("start", [0, 1000, 10**5, 10**6, 2**31 - 3])
def test_sinusoidal_table_meets_its_bound(method: str, dtype: Any, layout: str, start: int) -> None:
    d_model, n = 16, 3
    table = sinusoidal_table(n, d_model, start=start, dtype=dtype, layout=layout, method=method)
    assert table.shape == (n, d_model) and table.dtype == dtype
    positions = list(range(start, start + n))
    exact = sinusoidal_reference(positions, d_model, layout=layout)
    roles = [sinusoidal_column(c, d_model, layout) for c in range(d_model)]  # type: ignore[arg-type]
    pairs, is_cos = [pair for pair, _ in roles], [cos for _, cos in roles]
    assert_within_bound(table, exact, method, dtype, positions, pairs, is_cos, d_model)


@pytest.mark.slow
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_wide_table_sampled_rows_meet_the_bound(method: str, dtype: Any) -> None:
    d_model = 1024
    columns = [*range(0, d_model, 37), d_model - 1]
    for start in (0, 1000, 10**5, 10**6, 2**31 - 1):
        row = sinusoidal_table(1, d_model, start=start, dtype=dtype, method=method)[:, columns]
        exact = sinusoidal_reference([start], d_model, columns=columns)
        assert_within_bound(row, exact, method, dtype, [start], [c // 2 for c in columns],
                            [c % 2 == 1 for c in columns], d_model)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("pairing", ["adjacent", "halves"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_rope_cache_meets_its_bound(method: str, pairing: str, dtype: Any) -> None:
    dim, start, n = 8, 131069, 3
    cos, sin = rope_cache(n, dim, start=start, pairing=pairing, dtype=dtype, method=method)
    assert cos.shape == sin.shape == (n, dim) and cos.dtype == sin.dtype == dtype
    positions = list(range(start, start + n))
    exact_cos, exact_sin = rope_reference(positions, dim, pairing=pairing)  # type: ignore[arg-type]
    pairs = [rope.pair_of_column(c, dim, pairing) for c in range(dim)]  # type: ignore[arg-type]
    assert_within_bound(cos, exact_cos, method, dtype, positions, pairs, [True] * dim, dim)
    assert_within_bound(sin, exact_sin, method, dtype, positions, pairs, [False] * dim, dim)


@pytest.mark.parametrize("method", METHODS)
def test_long_tables_are_chunked_consistently(method: str) -> None:
    # Many chunks and blocks: every row must equal the same row generated on its own.
    whole = sinusoidal_table(700, 64, start=12345, method=method)
    for r in (0, 255, 256, 511, 699):
        alone = sinusoidal_table(1, 64, start=12345 + r, method=method)[0]
        if method == "fast":  # a different block start: both within fast_bound of the exact row
            assert numpy.abs(whole[r] - alone).max() <= 2 * fast_bound([0.5], numpy.float64)[0]
        else:
            assert numpy.array_equal(whole[r], alone)


def test_layouts_hold_the_same_numbers() -> None:
    interleaved = sinusoidal_table(5, 8, start=9)
    split = sinusoidal_table(5, 8, start=9, layout="split")
    assert numpy.array_equal(interleaved[:, 0::2], split[:, :4])
    assert numpy.array_equal(interleaved[:, 1::2], split[:, 4:])


def test_rope_pairings_hold_the_same_numbers() -> None:
    cos_h, sin_h = rope_cache(4, 8, pairing="halves")
    cos_a, sin_a = rope_cache(4, 8, pairing="adjacent")
    assert numpy.array_equal(cos_h[:, :4], cos_a[:, 0::2]) and numpy.array_equal(sin_h[:, 4:], sin_a[:, 1::2])


def test_empty_table() -> None:
    assert sinusoidal_table(0, 4).shape == (0, 4)


@pytest.mark.parametrize("dtype", DTYPES)
def test_accurate_sincos_other_conventions(dtype: Any) -> None:
    # d−2 exponent and linear-scaled RoPE frequencies, given as exact SymPy expressions.
    scaled = sympy.Rational(1, 4) * rope.theta(1, 8, 500000)
    frequencies = [*(rope.theta(p, 6, 10000) for p in range(3)), scaled]
    positions = [0, 7, 2**31 - 1]
    sin, cos = accurate_sincos(positions, frequencies, dtype)
    with mpmath.workdps(60):
        omegas = [to_mpf(f, 60) for f in frequencies]
        exact_sin = numpy.array([[mpmath.sin(t * w) for w in omegas] for t in positions], dtype=object)
        exact_cos = numpy.array([[mpmath.cos(t * w) for w in omegas] for t in positions], dtype=object)
    assert ulp_error(sin, exact_sin).max() <= accurate_ulp_bound(dtype)
    assert ulp_error(cos, exact_cos).max() <= accurate_ulp_bound(dtype)


def test_accurate_sincos_rejects_positions_out_of_range() -> None:
    with pytest.raises(PosencSymError) as info:
        accurate_sincos([0, 2**32], [1])
    assert str(info.value) == "positions span 0..4294967296; accurate_sincos takes integers in 0..2**32-1"


MEMORY = ("n_positions=1000000000 × width 1000000 float64 table needs 8000000000000000 bytes (7.5e+06 GiB), "
          "more than the memory available; generate it in pieces with start= and a smaller n_positions, "
          "or use float32")


BASE_FIX = "the frequencies base^(-2i/d) need a base above 1, e.g. 10000"


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    ((3, 7), {}, "d_model=7 is odd; the sinusoidal encoding pairs columns, so d_model must be even"),
    ((3, 0), {}, "d_model=0 is not positive; pass a positive even int such as 512"),
    ((3, 8.0), {}, "d_model=8.0 is not an integer; pass a positive even int"),
    ((-1, 8), {}, "n_positions=-1 is negative; pass an integer >= 0"),
    ((2.5, 8), {}, "n_positions=2.5 is not an integer; pass an integer >= 0"),
    ((True, 8), {}, "n_positions=True is not an integer; pass an integer >= 0"),
    ((3, 8), {"start": -3}, "start=-3 is negative; pass an integer >= 0"),
    ((3, 8), {"start": 1.0}, "start=1.0 is not an integer; pass an integer >= 0"),
    ((3, 8), {"base": 1}, "base=1 is not > 1; " + BASE_FIX),
    ((3, 8), {"base": 0.5}, "base=0.5 is not > 1; " + BASE_FIX),
    ((3, 8), {"base": "10000"}, "base='10000' is not a real number; pass a number above 1, e.g. 10000"),
    ((3, 8), {"base": float("inf")}, "base=inf is not finite; pass a number above 1, e.g. 10000"),
    ((3, 8), {"base": sympy.Symbol("b")}, "base=b is not a real number; pass a number above 1, e.g. 10000"),
    ((3, 8), {"dtype": numpy.float16}, "dtype=float16 is not supported; use numpy.float32 or numpy.float64"),
    ((3, 8), {"dtype": "nope"}, "dtype='nope' is not a NumPy dtype; use numpy.float32 or numpy.float64"),
    ((3, 8), {"layout": "rows"}, "layout='rows' is unknown; use one of 'interleaved', 'split'"),
    ((3, 8), {"method": "slow"}, "method='slow' is unknown; use one of 'accurate', 'direct', 'fast'"),
    ((2, 8), {"start": 2**32 - 1},
     "positions 4294967295..4294967296 go past 2**32-1=4294967295; the exact "
     "angle reduction takes positions below 2**32, so lower start or n_positions"),
    ((10**9, 10**6), {}, MEMORY),
])
def test_bad_table_arguments(args: tuple[Any, ...], kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(PosencSymError) as info:
        sinusoidal_table(*args, **kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"pairing": "middle"}, "pairing='middle' is unknown; use one of 'adjacent', 'halves'"),
    ({"dim": 6.5}, "dim=6.5 is not an integer; pass a positive even int"),
    ({"base": Fraction(1, 2)}, "base=Fraction(1, 2) is not > 1; the frequencies base^(-2i/d) need a base "
                               "above 1, e.g. 10000"),
])
def test_bad_rope_arguments(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"n_positions": 4, "dim": 8, **kwargs}
    with pytest.raises(PosencSymError) as info:
        rope_cache(**args)
    assert str(info.value) == message


def test_exact_bases_are_accepted() -> None:
    a = sinusoidal_table(2, 4, base=Fraction(10000))
    b = sinusoidal_table(2, 4, base=sympy.Integer(10000))
    assert numpy.array_equal(a, b) and numpy.array_equal(a, sinusoidal_table(2, 4))


def test_schemes_symbols_unchanged() -> None:
    # The generators are built on these definitions; a change there must show up here.
    assert sinusoidal.frequency(1, 4, 10000) == sympy.Rational(1, 100)


def _convergent_numerators(x: mpmath.mpf, limit: int) -> list[int]:
    """Numerators p of the continued-fraction convergents p/q of x, p < limit (mpmath, 80 digits)."""
    out, h_prev, h = [], 0, 1
    with mpmath.workdps(80):
        y = x
        while True:
            a = int(mpmath.floor(y))
            h_prev, h = h, a * h + h_prev
            if h >= limit:
                return out
            out.append(h)
            y = 1 / (y - a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_accurate_at_positions_closest_to_the_zeros_of_sin_and_cos(dtype: Any) -> None:
    # Pair 0 has ω = 1, so t = numerators of convergents of π and π/2 put t·ω within ~1/t of a
    # multiple of π/2: |sin t| or |cos t| down to 1e-10, where a fixed absolute error is many ulps.
    with mpmath.workdps(80):
        positions = sorted(set(_convergent_numerators(mpmath.pi, 2**32)
                               + _convergent_numerators(mpmath.pi / 2, 2**32)))
    sin, cos = accurate_sincos(positions, [1], dtype)
    with mpmath.workdps(80):
        exact_sin = numpy.array([[mpmath.sin(t)] for t in positions], dtype=object)
        exact_cos = numpy.array([[mpmath.cos(t)] for t in positions], dtype=object)
    assert min(abs(float(e)) for e in exact_sin.ravel()) < 1e-9  # the test does reach the hard cases
    assert ulp_error(sin, exact_sin).max() <= accurate_ulp_bound(dtype)
    assert ulp_error(cos, exact_cos).max() <= accurate_ulp_bound(dtype)


@pytest.mark.slow
def test_accurate_kernel_bulk_random_entries() -> None:
    # 2000 random (position, frequency) entries over widths up to 4096 and several bases.
    rng = numpy.random.default_rng(20261121)
    positions = [int(t) for t in rng.integers(0, 2**31, 40)]
    frequencies = [rope.theta(int(rng.integers(0, w // 2)), w, b)
                   for w, b in zip(rng.choice([64, 1024, 4096], 50), rng.choice([10000, 500000, 10], 50),
                                   strict=True)]
    sin, cos = accurate_sincos(positions, frequencies)
    with mpmath.workdps(60):
        omegas = [to_mpf(f, 60) for f in frequencies]
        exact_sin = numpy.array([[mpmath.sin(t * w) for w in omegas] for t in positions], dtype=object)
        exact_cos = numpy.array([[mpmath.cos(t * w) for w in omegas] for t in positions], dtype=object)
    assert ulp_error(sin, exact_sin).max() <= accurate_ulp_bound(numpy.float64)
    assert ulp_error(cos, exact_cos).max() <= accurate_ulp_bound(numpy.float64)
