"""The proof engine: what earns each verdict, and what never may."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st
from sympy import Rational, cos, exp, log, sin

from posenc_sym import Claim, PosencSymError, Step, Verdict, check_identity, decide

x, y = sympy.symbols("x y", real=True)
b = sympy.Symbol("b", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)


@pytest.mark.parametrize(("lhs", "rhs"), [
    (sin(x + y), sin(x) * cos(y) + cos(x) * sin(y)),
    (cos(x) ** 2 + sin(x) ** 2, 1),
    (exp(2 * x * (-log(b) / 8)), b ** (-x / 4)),
    (sympy.Sum(sin(x * n) ** 2 + cos(x * n) ** 2, (n, 1, 7)), 7),
    (sympy.Matrix([[cos(x), sin(x)], [-sin(x), cos(x)]]) ** 2,
     sympy.Matrix([[cos(2 * x), sin(2 * x)], [-sin(2 * x), cos(2 * x)]])),
], ids=["sin-addition", "pythagoras", "div-term", "finite-sum", "rotation-squared"])
def test_true_identities_are_proven(lhs: object, rhs: object) -> None:
    verdict = check_identity(lhs, rhs)
    assert verdict.status == "proven", verdict.reason
    assert verdict.counterexample is None


def test_float_literal_is_never_proven() -> None:
    # SymPy has already rounded x + 1e-40·x to 1.0·x at 15 digits when it built the expression,
    # so the difference is an exact zero; the verdict must still not be "proven".
    verdict = check_identity(x + sympy.Float("1e-40") * x, x)
    assert verdict.status == "checked"
    assert "floating-point literals" in verdict.reason


def test_exact_tiny_perturbation_is_refuted() -> None:
    verdict = check_identity(x + Rational(1, 10**40) * x, x)
    assert verdict.status == "refuted"
    assert verdict.counterexample is not None and x in verdict.counterexample


@given(numerator=st.integers(1, 10**6), exponent=st.integers(0, 44), sign=st.sampled_from([-1, 1]))
@example(numerator=1, exponent=44, sign=1)
def test_any_exact_perturbation_above_the_precision_is_refuted(numerator: int, exponent: int, sign: int) -> None:
    eps = sign * Rational(numerator, 10**exponent) / 10**6  # |eps| >= 1e-50 relative to x ~ 1
    verdict = check_identity(x * (1 + eps), x)
    assert verdict.status == "refuted", verdict.reason


@given(p=st.integers(-6, 6), q=st.integers(-6, 6))
def test_expanded_angle_sums_are_proven(p: int, q: int) -> None:
    lhs = sin(p * x + q * y)
    assert check_identity(lhs, sympy.expand_trig(sympy.expand(lhs))).status == "proven"


def test_condition_is_used_in_proof_and_in_sampling() -> None:
    with_condition = Claim("demo.log-positive", "log b > 0", log(b), 0, relation=">", conditions=(b > 1,))
    without = Claim("demo.log-positive-any-b", "log b > 0", log(b), 0, relation=">")
    assert decide(with_condition).status == "proven"
    refuted = decide(without)
    assert refuted.status == "refuted"
    assert refuted.counterexample is not None and refuted.counterexample[b] <= 1


def test_strict_inequality_fails_at_equality_exactly() -> None:
    verdict = decide(Claim("demo.square-positive", "x² > 0", x**2, 0, relation=">"))
    assert verdict.status == "refuted"
    assert verdict.counterexample == {x: 0}


def test_missing_assumptions_are_refused_with_the_fix() -> None:
    bare = sympy.Symbol("z")
    with pytest.raises(PosencSymError) as info:
        decide(Claim("demo.bare", "bare symbol", sin(bare) ** 2 + cos(bare) ** 2, 1))
    assert str(info.value) == (
        "claim 'demo.bare': symbol 'z' has no assumptions; declare its domain, e.g. Symbol('z', real=True)")


def test_two_slips_that_cancel_refute_the_derivation() -> None:
    # The conclusion is true, but both steps are false: a derivation is only as good as its
    # steps (issue 11, item 5), so the claim is refuted at step 1, and the conclusion is
    # reported separately as holding.
    claim = Claim(
        "demo.chain", "sin(2x) = 2 sin x cos x", sin(2 * x), 2 * sin(x) * cos(x),
        steps=(Step(2 * sin(x), "a slip"), Step(2 * sin(x) * cos(x), "another slip")),
    )
    verdict = decide(claim)
    assert [link.status for link in verdict.links] == ["refuted", "refuted"]
    assert verdict.status == "refuted"
    assert verdict.counterexample == verdict.links[0].counterexample
    assert verdict.reason == (
        f"step 1 (a slip) is refuted: {verdict.links[0].reason}; also step 2 (another slip) is refuted; "
        "the conclusion itself holds (proven: SymPy reduced lhs - rhs to 0 by expand_trig)")


def test_correct_chain_is_proven_link_by_link() -> None:
    claim = Claim("demo.good-chain", "double angle", sin(2 * x), 2 * sin(x) * cos(x),
                  steps=(Step(sin(x + x), "2x = x + x"), Step(2 * sin(x) * cos(x), "angle addition")))
    verdict = decide(claim)
    assert verdict.status == "proven"
    assert [link.status for link in verdict.links] == ["proven", "proven"]


def test_no_admissible_point_is_unknown() -> None:
    # A true identity stated with Floats cannot be proven, and contradictory conditions leave no point.
    claim = Claim("demo.empty", "empty domain", sympy.Float(0.5) * x, x / 2, conditions=(x > 1, x < 0))
    assert decide(claim).status == "unknown"


def test_float_identity_that_holds_is_checked_not_proven() -> None:
    verdict = decide(Claim("demo.half", "0.5 x = x/2", sympy.Float(0.5) * x, x / 2))
    assert verdict.status == "checked"
    assert verdict.points_checked >= 8


def test_verdict_rejects_unknown_status_and_bare_refutation() -> None:
    with pytest.raises(ValueError, match="is not a verdict"):
        Verdict("maybe")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must carry its counterexample"):
        Verdict("refuted")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"id": "Bad Id"}, "claim id 'Bad Id' must be lower case letters, digits, '.', '_' or '-'"),
    ({"relation": "!="}, "demo.c: relation='!='; use one of ('==', '<', '<=', '>', '>=')"),
    ({"rhs": sympy.ImmutableMatrix([1])}, "demo.c: one side is a matrix and the other is not"),
    ({"steps": (Step(x, "fine", relation="<"),)}, "demo.c: the steps chain to '<' but the claim states '=='"),
])
def test_claim_validation_messages(kwargs: dict, message: str) -> None:
    base = {"id": "demo.c", "title": "t", "lhs": x, "rhs": x}
    with pytest.raises(ValueError) as info:
        Claim(**{**base, **kwargs})
    assert str(info.value) == message


def test_generalisation_never_treats_a_complex_power_as_positive() -> None:
    # sqrt(w**2) = w holds for positive w, but b**(I*x) is complex: the claim is false.
    power = b ** (sympy.I * x)
    verdict = check_identity(sympy.sqrt(power**2), power)
    assert verdict.status == "refuted", verdict.reason


def test_complex_symbols_are_sampled_and_decided() -> None:
    z = sympy.Symbol("z", complex=True)
    assert check_identity(sympy.conjugate(sympy.conjugate(z)), z).status == "proven"
    verdict = check_identity(sympy.conjugate(z), z)
    assert verdict.status == "refuted"
    assert sympy.im(verdict.counterexample[z]) != 0


def test_integer_positions_never_repeat_an_angle() -> None:
    # 2 - 2cos(n) > 0 for a nonzero integer n: cos(n) = 1 would need n in 2πℤ, and π is irrational.
    nz = sympy.Symbol("nz", integer=True, nonzero=True)
    assert decide(Claim("demo.distinct", "2 - 2cos n > 0", 2 - 2 * cos(nz), 0, relation=">")).status == "proven"
    # For a real offset the same statement is false (x = 2π), and must not be proven.
    real = decide(Claim("demo.distinct-real", "2 - 2cos x > 0", 2 - 2 * cos(x), 0, relation=">"))
    assert real.status != "proven"
