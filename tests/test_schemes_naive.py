"""The rejected encodings, the learned table, and the float32 distinctness measurement."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
import sympy

from posenc_sym.accuracy import NUMPY_SINCOS_ULPS
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
    # Independent check: the distance to the neighbour, sqrt(Σ_i 2 − 2cos ω_i), in mpmath (30 digits).
    dist, offset = nearest_offset_distance(512, max_offset=5000)
    assert offset == 1
    with mpmath.workdps(30):
        total = mpmath.fsum(2 - 2 * mpmath.cos(mpmath.power(10000, -mpmath.mpf(2 * i) / 512)) for i in range(256))
        exact = float(mpmath.sqrt(total))
    # The function sums in float64: ω̂_i = 10000^(−x̂) is within (x·ln b + 3)·u of ω_i (the "direct"
    # model, docs/numerics.md), so cos ω̂_i moves by at most ω_i·(x·ln b + 3)·u, and NumPy's cos adds
    # 1 ulp <= 2u; each term 2 − 2cos is off by twice that plus its own rounding (u·term <= 4u); the
    # running sum of 256 terms adds at most 255·u·Σ. |√a − √b| <= |a − b|/√b, and √ rounds once more.
    u, n = 2.0**-53, 256
    x = np.arange(0, 512, 2) / 512
    w = 10000.0 ** (-x)
    term_error = float(np.sum(2 * (w * (x * math.log(10000) + 3) * u + 2 * u) + 4 * u))
    total_error = term_error + (n - 1) * u * exact**2 * (1 + 1e-12)
    assert abs(dist - exact) <= total_error / exact + u * exact


# NumPy's float32 exp is within 3 ulps: the tolerance its own accuracy suite enforces
# (numpy/_core/tests/data/umath-validation-set-exp.csv, float32 rows), like NUMPY_SINCOS_ULPS.
NUMPY_EXP32_ULPS = 3


def _float32_row(t: int, dim: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What float32_row_error evaluates, spelled out: fl32(t) × exp(fl32(2k)·fl32(−ln b/d)), sin, cos."""
    f32 = np.float32
    angle = f32(t) * np.exp(np.arange(0, dim, 2, dtype=f32) * f32(-math.log(10000.0) / dim))
    return angle, np.sin(angle), np.cos(angle)


def _angle_relative_bound(dim: int) -> np.ndarray:
    """ε_k: |θ̂_k − θ_k| <= ε_k·θ_k for θ_k = t·ω_k computed as above, for t < 2^24 (exact in float32).

    a_k = −2k·ln b/d: the constant −ln b/d is rounded to float64 then float32, and the product with
    2k (exact) once more, so â = a(1 + η), η <= (1 + 2^-53)(1 + u)² − 1. exp turns that into a
    factor e^{|a|·η}, and adds NUMPY_EXP32_ULPS ulps <= 2u·NUMPY_EXP32_ULPS relative (ulp(y) <= 2u|y|).
    The product with t rounds once more. This is the per-angle form of precision.py's K·u.
    """
    u = 2.0**-24
    eta = (1 + 2.0**-53) * (1 + u) ** 2 - 1
    a = np.arange(0, dim, 2) * math.log(10000.0) / dim
    return (np.exp(a * eta) * (1 + 2 * NUMPY_EXP32_ULPS * u) * (1 + u) - 1) * (1 + 1e-12)


@pytest.mark.parametrize("t", [10**3, 10**4, 10**5])
def test_float32_angles_and_entries_meet_their_per_angle_bound(t: int) -> None:
    dim, u = 512, 2.0**-24
    angle, sin32, cos32 = _float32_row(t, dim)
    eps = _angle_relative_bound(dim)
    with mpmath.workdps(30):
        exact = [mpmath.mpf(t) * mpmath.power(10000, -mpmath.mpf(2 * k) / dim) for k in range(dim // 2)]
        angle_err = np.array([float(abs(mpmath.mpf(float(a)) - e)) for a, e in zip(angle, exact, strict=True)])
        sin_err = np.array([float(abs(mpmath.mpf(float(v)) - mpmath.sin(e))) for v, e in zip(sin32, exact, strict=True)])
        cos_err = np.array([float(abs(mpmath.mpf(float(v)) - mpmath.cos(e))) for v, e in zip(cos32, exact, strict=True)])
    theta = np.array([float(e) for e in exact])
    assert (angle_err <= eps * theta).all(), np.nonzero(angle_err > eps * theta)
    # sin/cos are 1-Lipschitz, and NumPy's float32 sin/cos add 2 ulps <= 4u (values <= 1).
    entry_bound = eps * theta + 2 * NUMPY_SINCOS_ULPS[np.dtype(np.float32)] * u
    assert (entry_bound < 1).all()  # the bound says something: it is below the values' range
    assert (sin_err <= entry_bound).all() and (cos_err <= entry_bound).all()
    # float32_row_error is the norm of exactly these entry errors: it sums their squares in mpmath,
    # this sums them after rounding each error to float64 (2^-53 relative) and squares in float64
    # (512 terms, each rounding 2^-53): the two norms agree within 2^-53·(1 + 512)/2 + 2^-53 < 2^-43.
    norm = math.sqrt(float(np.sum(sin_err**2 + cos_err**2)))
    assert float32_row_error(t, dim) == pytest.approx(norm, rel=2.0**-43)
