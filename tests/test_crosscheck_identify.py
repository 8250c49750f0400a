"""The checker names the convention of implementations written here, and judges their accuracy.

Expected verdicts are derived, not tuned:

* The NumPy implementations compute ω as exp(2i·(−ln b/den)) and the angles in float64, then
  round: exactly the computation the ``angle:float64`` model bounds (``precision.py``), so they
  "match" under that model whatever the position. (Under the faithful model they need not: near
  the zeros of sin/cos the float64 angle error can exceed half a float32 ulp.)
* Tables from the accurate kernel (``posenc_sym.accurate_sincos``, 0.5 + 2^-28 ulp in float32)
  are faithful by that kernel's bound: "matches" under the default model.
* Angles formed in float32 at positions in the thousands are rounded to a spacing of
  2^-12 … 2^-11 rad, so some of the 10^5 elements are off by far more than a float32 ulp (the
  rounding errors of the angles are spread over their whole range): "mismatch", explained by the
  angle:float32 model and "matches" under it (its bound is derived for that computation).
"""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

from posenc_sym import accurate_sincos
from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal
from posenc_sym.crosscheck.fit import KNOWN_BASES
from posenc_sym.strategies import rope_conventions, sinusoidal_conventions
from posenc_sym.testing import assert_alibi_slopes, assert_rope_cache, assert_sinusoidal

from .implementations import numpy_impls as impl

BASE = {"layout": "interleaved", "order": "sin-first", "base": 10000, "exponent_denominator": "d", "start": 0}

SINUSOIDAL = [
    ({}, {}),
    ({"layout": "split"}, {"layout": "split"}),
    ({"order": "cos-first"}, {"order": "cos-first"}),
    ({"layout": "split", "order": "cos-first"}, {"layout": "split", "order": "cos-first"}),
    ({"base": 500000.0}, {"base": 500000}),
    ({"base": 1000000.0, "layout": "split"}, {"base": 1000000, "layout": "split"}),
    ({"denominator": "d-2"}, {"exponent_denominator": "d-2"}),
    ({"denominator": "d-2", "layout": "split"}, {"exponent_denominator": "d-2", "layout": "split"}),
    ({"start": 2}, {"start": 2}),  # fairseq-style positions from padding_idx + 1
    ({"start": 100000}, {"start": 100000}),  # a window far into a sequence: t0·ω_min is many turns
    (
        {"start": 1, "layout": "split", "denominator": "d-2"},
        {"start": 1, "layout": "split", "exponent_denominator": "d-2"},
    ),
    ({"scale": 2.0}, {"scale": 2}),
    (
        {"zero_row": 1, "layout": "split", "denominator": "d-2"},  # fairseq get_embedding(padding_idx=1)
        {"layout": "split", "exponent_denominator": "d-2", "zero_rows": (1,)},
    ),
]


@pytest.mark.parametrize(("kwargs", "changed"), SINUSOIDAL)
@pytest.mark.parametrize("width", [64, 65])
def test_sinusoidal_conventions_are_named_and_match(kwargs: dict, changed: dict, width: int) -> None:
    table = impl.sinusoidal(512, width, **kwargs)
    result = assert_sinusoidal(table, model="angle:float64", **{**BASE, **changed})
    assert result.convention_dict()["odd_width"] == ("zero last column" if width % 2 else None)


@pytest.mark.parametrize("kwargs", [{}, {"layout": "split", "denominator": "d-2"}])
def test_float32_angles_match_in_their_own_precision_and_fail_strict(kwargs: dict) -> None:
    table = impl.sinusoidal(4096, 64, angle_dtype=numpy.float32, **kwargs)
    default = check_sinusoidal(table)
    assert (default.verdict, default.error_model) == ("matches", "native (angle:float32)")
    assert any(note.startswith("correct in its own precision: errors up to ") for note in default.notes)
    assert any('posenc_sym.sinusoidal_table(..., method="accurate")' in note for note in default.notes)
    strict = check_sinusoidal(table, model=ErrorModel())
    assert strict.verdict == "mismatch"
    assert strict.growth is not None and strict.growth.explained_by == "angle:float32"
    assert any("angles t·ω computed in float32" in note for note in strict.notes)


def test_float64_table_from_the_direct_formula_matches_in_float64_and_fails_strict() -> None:
    table = impl.sinusoidal(2048, 32, dtype=numpy.float64)
    assert (check_sinusoidal(table).verdict, check_sinusoidal(table).error_model) == (
        "matches",
        "native (angle:float64)",
    )
    strict = check_sinusoidal(table, model=ErrorModel())
    assert (strict.verdict, strict.growth.explained_by if strict.growth else None) == ("mismatch", "angle:float64")


def test_sin_only_table_has_no_convention_and_no_shift_map() -> None:
    result = check_sinusoidal(impl.sin_only(300, 16))
    assert result.verdict == "mismatch"
    assert result.convention_dict()["layout"] is None
    structure = result.as_json()["structure"]
    assert structure["columns_with_partner"] == 0
    # sin-only: no linear map takes row t to t+1. Were the table a rotatable one (a block rotation
    # T, ‖T‖₂ = 1, as every sinusoidal table's shift map is) plus rounding E, |E| ≤ ulp(v) +
    # 2^-53·|θ| with |θ| ≤ t (ω ≤ 1), the least residual of any map would be ≤ ‖E₁‖ + ‖E₀‖; the
    # least residual of this table, computed exactly (_fitted_residual), is far beyond it
    table = impl.sin_only(300, 16)
    t = numpy.arange(table.shape[0], dtype=numpy.float64)[:, None]
    error = numpy.ldexp(numpy.abs(table), -52) + numpy.ldexp(numpy.broadcast_to(t, table.shape), -53)
    rotatable = (float(numpy.linalg.norm(error[1:])) + float(numpy.linalg.norm(error[:-1]))) * (
        1 + _gamma(table.size + 2)
    )
    _, _, least = _fitted_residual(table[:-1], table[1:])
    assert least > rotatable
    # and what the diagnosis reports is that residual (relative to ‖B‖), not one of another map
    b_norm = float(numpy.linalg.norm(table[1:]))
    assert structure["shift_map_residual"] >= least / b_norm * (1 - _gamma(table.size + 2)) ** 2


SLIP = (
    "known slip: the frequencies are (10000²)^(−2i/d) = 10000^(−4i/d), the common base 10000 with the "
    "exponent doubled, as when the column index 2i is used where the pair index i belongs; if that is "
    "what you meant, pass --expect base={found}"
)


@pytest.mark.parametrize(("d", "found"), [(64, 100000000), (16, 10000000)])
def test_doubled_exponent_is_a_mismatch_unless_expected(d: int, found: int) -> None:
    # 10000^(2j/d) with j the column index: base 10000² = 10^8 with denominator d; at d = 16 the
    # same numbers are 10^7 with d − 2 (10000^(4i/16) = (10^7)^(2i/14)), a common base, reported so
    table = impl.wrong_exponent(300, d)
    result = check_sinusoidal(table)
    assert (result.verdict, result.convention_dict()["base"]) == ("mismatch", found)
    assert result.notes[0] == SLIP.format(found=found)
    assert check_sinusoidal(table, expect={"base": found}).verdict == "matches"
    with pytest.raises(AssertionError, match=f"expected base=10000, found base={found}"):
        assert_sinusoidal(table, base=10000)


ROPE = [
    ({}, {"pairing": "halves", "scaling": "none"}),
    ({"pairing": "adjacent"}, {"pairing": "adjacent"}),
    ({"base": 500000.0}, {"base": 500000}),
    ({"start": 3}, {"start": 3}),
    ({"start": 65536}, {"start": 65536}),
    ({"scaling": "linear", "factor": 4.0}, {"scaling": "linear", "scaling_params": {"factor": 4}}),
    ({"scaling": "ntk", "alpha": 8.0}, {"scaling": "ntk", "scaling_params": {"alpha": 8}}),
    (
        {
            "scaling": "llama3",
            "base": 500000.0,
            "factor": 8.0,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": 8192,
        },
        {"scaling": "llama3", "base": 500000},
    ),
    ({"scaling": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}, {"scaling": "yarn"}),
]


@pytest.mark.parametrize(("kwargs", "expected"), ROPE)
@pytest.mark.parametrize("pairing", ["halves", "adjacent"])
def test_rope_conventions_are_named_and_match(kwargs: dict, expected: dict, pairing: str) -> None:
    kwargs = {"pairing": pairing, **kwargs}
    expected = {**expected, "pairing": kwargs["pairing"]}
    cos, sin = impl.rope_cache(2048, 128, **kwargs)
    assert_rope_cache(cos, sin, model="angle:float64", **expected)


def test_rope_float32_angles_match_natively_and_fail_strict() -> None:
    cos, sin = impl.rope_cache(8192, 64, angle_dtype=numpy.float32)
    assert check_rope(cos, sin).verdict == "matches"
    result = check_rope(cos, sin, model=ErrorModel())
    assert result.verdict == "mismatch"
    assert result.growth is not None and result.growth.explained_by == "angle:float32"
    assert result.worst is not None and result.worst.position > 1000


@pytest.mark.parametrize(
    ("n", "rule"),
    [
        (8, "power-of-two"),
        (16, "power-of-two"),
        (6, "interpolated"),
        (12, "interpolated"),
        (24, "interpolated"),
    ],
)
def test_alibi_rules_in_float32(n: int, rule: str) -> None:
    assert_alibi_slopes(impl.alibi(n).astype(numpy.float32), heads=n, rule=rule)


def test_alibi_geometric_slip_for_non_power_of_two_is_named() -> None:
    result = check_alibi(impl.alibi(12, "geometric"))
    assert result.convention_dict()["rule"] == "geometric"
    with pytest.raises(AssertionError, match="expected rule='interpolated', found rule='geometric'"):
        assert_alibi_slopes(impl.alibi(12, "geometric"), rule="interpolated")


def test_alibi_slopes_not_a_rule_are_unknown() -> None:
    result = check_alibi(numpy.array([0.5 ** (h / 3 + 1) for h in range(8)]))
    assert (result.verdict, result.convention_dict()["rule"]) == ("mismatch", "unknown")


def test_assertion_message_names_convention_and_worst_element() -> None:
    table = impl.sinusoidal(4096, 16, angle_dtype=numpy.float32)
    with pytest.raises(AssertionError) as info:
        assert_sinusoidal(table, model="faithful", layout="interleaved")
    message = str(info.value)
    assert message.startswith(
        "sinusoidal data do not meet the faithful error model (convention found: "
        "layout=interleaved, order=sin-first, base=10000"
    )
    assert "worst element [" in message and "ulp" in message


def _accurate_table(n: int, d: int, conv: dict, dtype: type) -> numpy.ndarray:
    """A table in convention ``conv`` from exact frequencies through the accurate kernel."""
    den = d if conv["exponent_denominator"] == "d" else d - 2
    with mpmath.workdps(50):
        freqs = [mpmath.mpf(conv["base"]) ** (-mpmath.mpf(2 * i) / den) for i in range(d // 2)]
    s, c = accurate_sincos(numpy.arange(conv["start"], conv["start"] + n), freqs, dtype=dtype)
    first, second = (s, c) if conv["order"] == "sin-first" else (c, s)
    out = numpy.empty((n, d), dtype=dtype)
    if conv["layout"] == "interleaved":
        out[:, 0::2], out[:, 1::2] = first, second
    else:
        out[:, : d // 2], out[:, d // 2 :] = first, second
    return out


@given(
    sinusoidal_conventions(),
    st.integers(2, 32).map(lambda h: 2 * h),
    st.integers(16, 300),
    st.sampled_from([numpy.float32, numpy.float64]),
)
def test_accurate_tables_are_named_and_match(conv: dict, d: int, n: int, dtype: type) -> None:
    table = _accurate_table(n, d, conv, dtype)
    result = check_sinusoidal(table)
    found = result.convention_dict()
    doubled = _doubled_common_base(conv, d)
    assert result.verdict == ("mismatch" if doubled else "matches"), result.summary()
    if doubled:  # the slip of the doubled exponent, named unless expected
        assert result.notes[0].startswith(f"known slip: the frequencies are ({doubled:g}²)^(−2i/d)")
        assert check_sinusoidal(table, expect={"base": found["base"]}).verdict == "matches"
    assert {k: found[k] for k in ("layout", "order", "start")} == {k: conv[k] for k in ("layout", "order", "start")}

    # base and denominator trade off exactly (b^(-2i/(d-2)) = (b^(d/(d-2)))^(-2i/d)): the frequencies
    # agree iff ln(b1)/den1 = ln(b2)/den2, i.e. b1^den2 = b2^den1 — exact in integers (every common
    # base and every short name the check gives is an integer here)
    def den(name: str) -> int:
        return d if name == "d" else d - 2

    assert int(found["base"]) ** den(conv["exponent_denominator"]) == int(conv["base"]) ** den(
        found["exponent_denominator"]
    )


def _doubled_common_base(conv: dict, d: int) -> int | None:
    """The common base c whose square, with denominator d, gives conv's frequencies, when no
    convention in use names them (a common base with denominator d; 10000 with d − 2): the rule
    of the known slip, written out again with integers (b^(d/den) = c² ⟺ b^d = c^(2·den))."""
    den = d if conv["exponent_denominator"] == "d" else d - 2
    b = int(conv["base"])
    common = [int(c) for c in KNOWN_BASES]
    if any(b**d == c**den for c in common) or (b == 10000 and den == d - 2):
        return None
    return next((c for c in common if b**d == c ** (2 * den)), None)


def test_rope_with_disagreeing_pairings_is_not_a_cache() -> None:
    cos, sin = impl.rope_mixed_pairing(512, 64)
    result = check_rope(cos, sin)
    assert (result.verdict, result.convention_dict()["pairing"]) == ("mismatch", None)
    # what still holds: every cos column has a sin partner somewhere (the same frequencies, in
    # other columns), so rows of (cos | sin) advance by one fixed rotation
    structure = result.as_json()["structure"]
    assert structure["columns_with_partner"] == structure["columns"] == 128


def test_sinusoidal_with_cosines_one_position_ahead_is_not_the_paper() -> None:
    # sin(tω) beside cos((t+1)ω): sin² + cos² is not constant, so no column pairs into one angle
    result = check_sinusoidal(impl.sinusoidal_shifted_cos(600, 16))
    assert (result.verdict, result.convention_dict()["layout"]) == ("mismatch", None)
    structure = result.as_json()["structure"]
    # a fixed linear map still exists (each column is a sinusoid with a cos/sin-pair partner at
    # the same frequency, shifted in phase): the diagnosis reports T_1 at the rounding level
    assert structure["shift_map_residual"] <= _shift_residual_bound(impl.sinusoidal_shifted_cos(600, 16), 16)


def _gamma(k: int) -> float:
    """Higham's γ_k = k·u/(1 − k·u), u = 2^-53: the relative error of k float64 operations in a row
    (*Accuracy and Stability of Numerical Algorithms*, Lemma 3.1) — a count, no tuned constant."""
    u = 2.0**-53
    return k * u / (1 - k * u)


def _exact(x: numpy.ndarray) -> list[list[Fraction]]:
    return [[Fraction(float(v)) for v in row] for row in numpy.atleast_2d(x)]


def _matmul(a: list[list[Fraction]], b: list[list[Fraction]]) -> list[list[Fraction]]:
    cols = list(zip(*b, strict=True))
    return [[sum((p * q for p, q in zip(row, col, strict=True)), Fraction(0)) for col in cols] for row in a]


def _solve(g: list[list[Fraction]], c: list[list[Fraction]]) -> list[list[Fraction]]:
    """G·X = C in exact rational arithmetic (Gauss–Jordan; G symmetric positive definite here)."""
    n = len(g)
    aug = [list(g[i]) + list(c[i]) for i in range(n)]
    for k in range(n):
        pivot = next(i for i in range(k, n) if aug[i][k] != 0)
        aug[k], aug[pivot] = aug[pivot], aug[k]
        inv = 1 / aug[k][k]
        aug[k] = [v * inv for v in aug[k]]
        for i in range(n):
            if i != k and aug[i][k] != 0:
                f = aug[i][k]
                aug[i] = [v - f * w for v, w in zip(aug[i], aug[k], strict=True)]
    return [row[n:] for row in aug]


def _fitted_residual(a: numpy.ndarray, b: numpy.ndarray) -> tuple[float, float, float]:
    """For the diagnosis's fit (numpy.linalg.lstsq, crosscheck/diagnose.py): the largest relative
    residual its float64 evaluation can report, given the exact residual of the map it fits;
    that exact residual ‖R̂‖; and the least residual of any map, ‖R*‖ — the last two exactly, in
    rationals, so no bound on the solver (and no constant of its backward error) is needed:

    * R̂ = B − A·M̂ for the computed M̂, exactly; R* = R̂ − P_A·R̂ (the least-squares residual
      is R̂ minus its projection on the range of A), and by Pythagoras ‖R*‖² = ‖R̂‖² − ‖P_A R̂‖²
      with ‖P_A R̂‖² = tr(Cᵀ G⁻¹ C), G = AᵀA, C = AᵀR̂, all exact;
    * the diagnosis evaluates fl(B − A·M̂): each entry a length-n dot product and a subtraction,
      off by at most γ_{n+1}·(|B| + |A|·|M̂|) (Higham (3.5)); each Frobenius norm is a sum of N
      squares and a square root, relative error ≤ γ_{N+2}; the division adds u.
    """
    m_hat = numpy.linalg.lstsq(a, b, rcond=None)[0]
    ea, eb, em = _exact(a), _exact(b), _exact(m_hat)
    am = _matmul(ea, em)
    r = [[p - q for p, q in zip(rb, ra, strict=True)] for rb, ra in zip(eb, am, strict=True)]
    at = [list(col) for col in zip(*ea, strict=True)]
    g, c = _matmul(at, ea), _matmul(at, r)
    x = _solve(g, c)
    projected = sum((ci * xi for rc, rx in zip(c, x, strict=True) for ci, xi in zip(rc, rx, strict=True)), Fraction(0))
    r_sq = sum((v * v for row in r for v in row), Fraction(0))
    b_norm = math.sqrt(sum((v * v for row in eb for v in row), Fraction(0)))
    n_terms = b.size
    entry = _gamma(a.shape[1] + 1) * (numpy.abs(b) + numpy.abs(a) @ numpy.abs(m_hat))
    evaluated = (math.sqrt(r_sq) + float(numpy.linalg.norm(entry))) * (1 + _gamma(n_terms + 2))
    reported = evaluated / (b_norm * (1 - _gamma(n_terms + 2))) * (1 + 2.0**-53)
    return reported, math.sqrt(r_sq), math.sqrt(max(r_sq - projected, 0))


def _shift_residual_bound(x: numpy.ndarray, d: int) -> float:
    """Largest relative residual the diagnosis's least-squares T_1 can report on ``x`` (sin(tω)
    beside cos((t+1)ω) in float64, ω as the implementation computes it), derived:

    * the exact map T exists: per pair, (s_t, c_{t+1}) ↦ (s_{t+1}, c_{t+2}) is the block
      [[1/cos ω, −tan ω], [tan ω, cos 2ω/cos ω]] (from the angle-addition formulas); on the data
      X̃ = X + E it leaves ‖E₁ − E₀T‖ ≤ ‖E₁‖ + ‖T‖₂‖E₀‖, with |E| ≤ ulp(v) + 2^-53·|θ| per element
      (NumPy's float64 sin/cos within 1 ulp, docs/numerics.md; the angle t·ω rounded once), so the
      least residual of any map, ‖R*‖, is at most that;
    * ‖R*‖ and the fitted map's ‖R̂‖ are computed exactly (:func:`_fitted_residual`), so the
      solver's excess over the least residual needs no bound of ours (no backward-error constant):
      what is returned bounds the float64 evaluation of the fitted map's residual, the number the
      diagnosis reports.
    """
    t = numpy.arange(x.shape[0], dtype=numpy.float64)[:, None]
    w = numpy.exp(numpy.arange(0, d, 2) * (-math.log(10000.0) / d))  # the implementation's ω, exactly
    block = numpy.zeros((d, d))
    for i, wi in enumerate(w):
        c, s = math.cos(wi), math.sin(wi)
        block[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[1 / c, -s / c], [s / c, math.cos(2 * wi) / c]]
    theta = numpy.empty_like(x)
    theta[:, 0::2], theta[:, 1::2] = t * w, (t + 1) * w
    error = numpy.ldexp(numpy.abs(x), -52) + numpy.ldexp(numpy.abs(theta), -53)  # ulp(v) ≤ 2^-52|v|
    a, b = x[:-1], x[1:]  # the diagnosis fits on all rows of a table this short (600 ≤ 4096)
    # the norms of the bound, in float64, are inflated by their own evaluation error (γ_{N+2})
    exact_map = (
        float(numpy.linalg.norm(error[1:])) + float(numpy.linalg.norm(block, 2)) * float(numpy.linalg.norm(error[:-1]))
    ) * (1 + _gamma(x.size + 2)) ** 2
    reported, _, least = _fitted_residual(a, b)
    assert least <= exact_map, (least, exact_map)  # a map exists, up to the data's rounding
    return reported


def test_alibi_in_reverse_head_order_is_unknown() -> None:
    result = check_alibi(impl.alibi_ascending(8))
    assert (result.verdict, result.convention_dict()["rule"]) == ("mismatch", "unknown")


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_constant_tables_have_no_convention_and_no_partners(value: float) -> None:
    result = check_sinusoidal(numpy.full((100, 16), value))
    assert (result.verdict, result.convention_dict()["layout"]) == ("mismatch", None)
    assert result.as_json()["structure"]["columns_with_partner"] == 0
    assert "16 of 16 columns are constant: no position information in them" in result.notes


@given(rope_conventions(), st.sampled_from([32, 64, 128]), st.integers(64, 1024))
def test_rope_conventions_from_the_strategy_are_reproduced(conv: dict, dim: int, n: int) -> None:
    # the implementation's float64 angles are bounded by the angle:float64 model; whichever
    # convention is named must reproduce the data within it (equal frequencies may have two names)
    params = {k: float(v) for k, v in conv["scaling_params"].items()}
    cos, sin = impl.rope_cache(
        n, dim, base=float(conv["base"]), pairing=conv["pairing"], scaling=conv["scaling"], **params
    )
    result = check_rope(cos, sin, model=ErrorModel("float64"))
    assert (result.verdict, result.convention_dict()["pairing"]) == ("matches", conv["pairing"]), result.summary()


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 8, 12, 16, 24, 32, 48, 64])
def test_alibi_exact_slopes_agree_with_an_independent_evaluation(n: int) -> None:
    # the rule written out again with Python's exact rationals for the exponents, evaluated by
    # mpmath at 60 digits: ALiBi's slope for head h of a power-of-two count c is 2^(-8(h+1)/c)
    from fractions import Fraction

    from posenc_sym.crosscheck.alibi import slopes_exact

    c = 1 << (n.bit_length() - 1)
    exponents = [Fraction(-8 * (h + 1), c) for h in range(c)]
    exponents += [Fraction(-8 * (h + 1), 2 * c) for h in range(0, 2 * c, 2)][: n - c]
    with mpmath.workdps(60):
        expected = [mpmath.mpf(2) ** (mpmath.mpf(e.numerator) / e.denominator) for e in exponents]
        got = slopes_exact(n, "interpolated")
        assert all(abs(g - e) <= mpmath.mpf(10) ** -38 * e for g, e in zip(got, expected, strict=True))


def test_a_transposed_table_is_named_as_such() -> None:
    table = impl.sinusoidal(64, 16)
    result = check_sinusoidal(table.T)
    assert result.verdict == "mismatch"
    assert (
        "the transpose, shape (64, 16), is a sinusoidal table: axis 0 must run over positions and axis 1 "
        "over dims, so pass table.T"
    ) in result.notes
