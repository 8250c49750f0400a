"""Issue 19: "proven" means true in ordinary mathematics, not in SymPy's conventions.

Four classes of statements that SymPy's own reading makes true and a reader's makes false (or
meaningless at an allowed point), each decided with the probe on and off, each verdict exact:

1. sums and products over a range that may be reversed (SymPy's Karr convention reads
   Σ_{j=a}^{b} with b < a − 1 as −Σ_{j=b+1}^{a−1}; a reader means an empty sum);
2. a side undefined at an allowed point (0/0, a pole, log 0, 0^0, 0 to a negative power), and a
   derivative taken at a kink (differentiability, not continuity);
3. closed forms wrong at the edge of the admissible region, which a fixed −10 … 10 grid never
   reaches (a limit through floor, a quadratic limit, conditions past the grid, a symbol whose
   bad value the other symbols' sweeps crowd out);
4. derivations: a refuted early step under a proven last one, a step dividing by zero at an
   allowed point, and expectations that must be met exactly.

The truth of every entry is worked out in its comment, by hand at the named point, independently
of the engine. False entries must never be proven: refuted where a point shows it (the
counterexample is asserted), otherwise ``checked`` or ``unknown`` with the reason asserted whole.
True entries must never be refuted; those the engine can prove must be proven.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import sympy
from sympy import (
    Abs,
    Add,
    Derivative,
    Heaviside,
    Max,
    Min,
    Mul,
    Ne,
    Pow,
    Product,
    Rational,
    Sum,
    binomial,
    cos,
    cot,
    csc,
    exp,
    floor,
    log,
    pi,
    sec,
    sign,
    sin,
    tan,
)

from posenc_sym import Claim, Step, decide
from posenc_sym.cli import main

Entry = tuple[str, object, object, str, tuple]

n = sympy.Symbol("n", integer=True)
n_pos = sympy.Symbol("n", integer=True, positive=True)
n_nn = sympy.Symbol("n", integer=True, nonnegative=True)
m = sympy.Symbol("m", integer=True)
N = sympy.Symbol("N", integer=True, nonnegative=True)
a_nn = sympy.Symbol("a", integer=True, nonnegative=True)
c_nn = sympy.Symbol("c", integer=True, nonnegative=True)
i = sympy.Symbol("i", integer=True)
j = sympy.Symbol("j", integer=True)
s = sympy.Symbol("s", positive=True)
q = sympy.Symbol("q", positive=True)
b = sympy.Symbol("b", positive=True)
p = sympy.Symbol("p", positive=True)
d = sympy.Symbol("d", even=True, positive=True)
x = sympy.Symbol("x", real=True)
x_pos = sympy.Symbol("x", positive=True)
y = sympy.Symbol("y", real=True)
t = sympy.Symbol("t", real=True)
w = sympy.Symbol("omega", positive=True)
mr = sympy.Symbol("m", real=True)

PROBE = pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-only"])


def _claim(name: str, lhs: object, rhs: object, relation: str, conditions: tuple,
           steps: tuple[Step, ...] = (), expect: str = "refuted") -> Claim:
    return Claim(id=f"ordinary.{name}", title=name, lhs=lhs, rhs=rhs, relation=relation,  # type: ignore[arg-type]
                 conditions=conditions, steps=steps, expect=expect)  # type: ignore[arg-type]


def _ids(table: list) -> list[str]:
    return [row[0] if isinstance(row[0], str) else row[0][0] for row in table]


# --- 1. Karr's convention: a reversed range is empty --------------------------------------------
# (entry, the counterexample the falsifier finds). At each point the sum or product is empty (0 or
# 1) and the right side is not, by hand: n = -1 gives 0 against -1, and so on.
KARR: list[tuple[Entry, dict]] = [
    (("count", Sum(1, (j, 0, n - 1)), n, "==", ()), {n: -1}),  # 0 against -1
    (("gauss", Sum(j, (j, 0, n - 1)), n * (n - 1) / 2, "==", ()), {n: -1}),  # 0 against 1
    (("odd-squares", Sum(2 * j - 1, (j, 1, n)), n**2, "==", ()), {n: -1}),  # 0 against 1
    (("product-power", Product(s, (j, 1, n)), s**n, "==", ()), None),  # 1 against 1/s at n = -1
    (("product-of-two", Product(2, (j, 1, n)), 2**n, "==", ()), None),  # 1 against 1/2 at n = -1
    # Σ_{j=0}^{n} q^j = (q^(n+1) − 1)/(q − 1): at n = -2 the sum is empty, the right side −1/q.
    (("geometric", Sum(q**j, (j, 0, n)), (q ** (n + 1) - 1) / (q - 1), "==", (q > 1,)), None),
    # The same with the count n: at n = -1 the sum is empty, (1 − q^(-1))/(1 − q) = −1/q. SymPy's
    # closed form came through "conditions, summand-first" (a closed form behind a prefix).
    (("geometric-to-n-minus-1", Sum(q**j, (j, 0, n - 1)), (1 - q**n) / (1 - q), "==", (q > 1,)), None),
    # Σ_{j=m}^{n} 1 = n − m + 1 fails wherever n < m − 1: 0 against n − m + 1 < 0.
    (("span-count", Sum(1, (j, m, n)), n - m + 1, "==", ()), None),
    # A condition that still allows negative counts: n = -1 satisfies n > -5.
    (("count-loose-condition", Sum(1, (j, 0, n - 1)), n, "==", (n > -5,)), {n: -1}),
    # Σ_{i=0}^{n−1} Σ_{j=0}^{i−2} 1: the inner sum is empty for i < 2, so the count is
    # (n − 1)(n − 2)/2 for n ≥ 1; the statement subtracts 1 (SymPy's −1 from i = 0). n = 2: 0 against −1.
    (("nested-count", Sum(Sum(1, (j, 0, i - 2)), (i, 0, n_pos - 1)), (n_pos - 1) * (n_pos - 2) / 2 - 1, "==", ()),
     None),
    # The same inner range against its Karr closed form under the outer sum: at n = 0 the left
    # side is Σ_{i=0}^{0} 0 = 0, the right side Σ_{i=0}^{0} (i − 3)(i − 2)/2 = 3.
    (("nested-gauss", Sum(Sum(j, (j, 0, i - 3)), (i, 0, n_nn)), Sum((i - 3) * (i - 2) / 2, (i, 0, n_nn)), "==", ()),
     None),
    # The ranges of issue 11 read over a real or an unconstrained end: where they are integral
    # and reversed they are empty. x = -3: Σ_{j=0}^{-3} 1 = 0 against x + 1 = -2.
    (("count-to-real-reversed", Sum(1, (j, 0, x)), x + 1, "==", ()), None),
    # t = -3: an empty product 1 against s^(-3).
    (("product-to-real-reversed", Product(s, (j, 1, t)), s**t, "==", ()), None),
    # n = -6: Σ_{j=0}^{-2} 1 = 0 against -1.
    (("third-width-reversed", Sum(1, (j, 0, n / 3)), n / 3 + 1, "==", ()), None),
]

#: True in ordinary mathematics, with the verdict the engine must give.
KARR_TRUE: list[tuple[Entry, str]] = [
    (("count-nonnegative", Sum(1, (j, 0, n_nn - 1)), n_nn, "==", ()), "proven"),
    (("gauss-condition", Sum(j, (j, 0, n - 1)), n * (n - 1) / 2, "==", (n >= 0,)), "proven"),
    (("odd-squares-nonnegative", Sum(2 * j - 1, (j, 1, n_nn)), n_nn**2, "==", ()), "proven"),
    (("span-condition", Sum(1, (j, m, n)), n - m + 1, "==", (n >= m,)), "proven"),
    (("product-nonnegative", Product(s, (j, 1, n_nn)), s**n_nn, "==", ()), "proven"),
    (("nested-triangle", Sum(Sum(1, (j, 0, i)), (i, 0, n_nn - 1)), n_nn * (n_nn + 1) / 2, "==", ()), "proven"),
    # Merging two sums over one range means the same in either reading: proven for every n.
    (("merged-any-n", Sum(cos(j * x) ** 2, (j, 0, n)) + Sum(sin(j * x) ** 2, (j, 0, n)), Sum(1, (j, 0, n)), "==",
      ()), "proven"),
    # An empty or not, the count of terms is never negative (the refuted-at-n = -1 case).
    (("count-at-least-zero", Sum(1, (j, 0, n - 1)), 0, ">=", ()), "unknown"),
    # The inner sum is empty for i < 2: (n − 1)(n − 2)/2 for every n ≥ 1 (n = 2: 0; n = 3: 1).
    (("nested-empty-inner", Sum(Sum(1, (j, 0, i - 2)), (i, 0, n_pos - 1)), (n_pos - 1) * (n_pos - 2) / 2, "==", ()),
     "unknown"),
]

KARR_REASON = {
    "count-at-least-zero":
        "the sum over j from 0 to n - 1 counts n terms, which the assumptions do not show to be >= 0; where it is "
        "negative a reader means an empty sum (0), and SymPy (Karr's convention) reads minus the sum over the "
        "reversed range; add the condition n >= 0",
    "nested-empty-inner":
        "the sum over j from 0 to i - 2 counts i - 1 terms, which the assumptions do not show to be >= 0 for every "
        "i from 0 to n - 1; where it is negative a reader means an empty sum (0), and SymPy (Karr's convention) "
        "reads minus the sum over the reversed range; start the enclosing range where i - 1 >= 0 for every i it "
        "takes, or split off the values of i where the inner range is empty",
}


def _ordinary(expr: sympy.Basic) -> sympy.Basic:
    """Sums and products with concrete limits as explicit loops, an empty range giving 0 or 1.

    Written here, not taken from the engine, so that each counterexample is re-checked independently.
    """
    def loop(node: sympy.Basic) -> sympy.Basic:
        var, lo, hi = node.limits[-1]
        body = type(node)(node.function, *node.limits[:-1]) if len(node.limits) > 1 else node.function
        values = [_ordinary(body.xreplace({var: lo + k})) for k in range(int(hi - lo) + 1)]  # empty if hi < lo
        return sympy.Add(*values) if isinstance(node, Sum) else sympy.Mul(*values)

    return expr.replace(lambda e: isinstance(e, (Sum, Product)), loop)


@PROBE
@pytest.mark.parametrize(("entry", "where"), KARR, ids=_ids(KARR))
def test_a_reversed_range_is_empty_and_its_karr_closed_form_is_refuted(entry: Entry, where: dict | None,
                                                                       probe: bool) -> None:
    verdict = decide(_claim(*entry), probe=probe)
    assert verdict.status == "refuted", verdict.reason
    if where is not None:
        assert verdict.counterexample == where
    point = dict(verdict.counterexample or {})
    _name, lhs, rhs, _relation, _conditions = entry
    left = _ordinary(sympy.sympify(lhs).xreplace(point))
    right = _ordinary(sympy.sympify(rhs).xreplace(point))
    assert sympy.simplify(left - right) != 0  # the failure, re-checked by explicit loops


@PROBE
@pytest.mark.parametrize(("entry", "status"), KARR_TRUE, ids=_ids(KARR_TRUE))
def test_a_true_statement_about_ordinary_sums_is_never_refuted(entry: Entry, status: str, probe: bool) -> None:
    verdict = decide(_claim(*entry, expect=status), probe=probe)
    assert verdict.status == status, verdict.reason
    if status == "unknown":
        assert verdict.reason == (f"not proven: {KARR_REASON[entry[0]]}; agrees at {verdict.points_checked} "
                                  "admissible points")


# --- 2. a side undefined at an allowed point ------------------------------------------------------
# Each is "proven" by SymPy's cancel, trigsimp or automatic evaluation, which drop a removable
# singularity; each side is undefined at the named point, which the assumptions allow. Built
# unevaluated where SymPy would cancel on construction (x^(−p)·x^p is 1 before any strategy runs).
UNDEFINED: list[tuple[Entry, str]] = [
    # b = 1: 0/0 on the right (b^(8/d) − 1 and b^(2/d) − 1 are both 0).
    (("geometric-at-b-1", Sum(b ** (2 * j / d), (j, 0, 3)), (b ** (8 / d) - 1) / (b ** (2 / d) - 1), "==", ()),
     "the denominator b**(2/d) - 1"),
    (("difference-of-squares-at-b-1", (b ** (2 / d) - 1) / (b ** (1 / d) - 1), b ** (1 / d) + 1, "==", ()),
     "the denominator b**(1/d) - 1"),
    (("log-ratio-at-b-1", log(b**t) / log(b), t, "==", ()), "the denominator log(b)"),  # 0/0 at b = 1
    (("double-angle-ratio", sin(2 * w * t) / (2 * sin(w * t)), cos(w * t), "==", ()),  # 0/0 at t = 0
     "the denominator sin(omega*t)"),
    (("tan-times-cos", tan(x) * cos(x), sin(x), "==", ()), "cos(x) under tan"),  # pole at π/2
    (("cot-times-tan", cot(x) * tan(x), 1, "==", ()), "sin(x) under cot"),  # poles at 0 and π/2
    (("sec-times-cos", sec(x) * cos(x), 1, "==", ()), "cos(x) under sec"),
    (("csc-times-sin", csc(x) * sin(x), 1, "==", ()), "sin(x) under csc"),
    (("power-cancel", Mul(Pow(x, -p), Pow(x, p), evaluate=False), 1, "==", ()), "the base of x**(-p)"),  # x = 0
    (("integer-power-cancel", Mul(Pow(x, n), Pow(x, -n), evaluate=False), 1, "==", ()),  # x = 0, n = 1
     "the base of x**n"),
    (("square-over-x", Mul(x**2, Pow(x, -1), evaluate=False), x, "==", ()), "the denominator x"),  # x = 0
    # Σ_{j=1}^{3} m^j = (m⁴ − m)/(m − 1): 0/0 at m = 1 (the exponents j ≥ 1 keep 0^0 away at m = 0).
    (("geometric-at-m-1", Sum(mr**j, (j, 1, 3)), (mr**4 - mr) / (mr - 1), "==", ()), "the denominator m - 1"),
    # m = 0: the term m^0 of the sum is 0^0.
    (("geometric-at-m-0", Sum(mr**j, (j, 0, 2)), 1 + mr + mr**2, "==", ()), "the base of m**j"),
    (("quotient-at-1", (x**2 - 1) / (x - 1), x + 1, "==", ()), "the denominator x - 1"),  # 0/0 at x = 1
    (("log-of-square", log(x**2), 2 * log(Abs(x)), "==", ()), "the logarithm's argument x**2"),  # log 0 at x = 0
    # j = 1: the summand j(j − 1)/(j − 1) is 0/0 (so only n = 0, an empty sum, can be evaluated).
    (("summand-zero-over-zero", Sum(Mul(j, j - 1, Pow(j - 1, -1), evaluate=False), (j, 1, n_nn)),
      n_nn * (n_nn + 1) / 2, "==", ()), "the denominator j - 1"),
]
# A normaliser Σ_{j=0}^{n−1} e^(jx) over n ≥ 0 terms: at n = 0 the sum is empty, and S/S is 0/0.
NORMALISER = Sum(exp(j * x), (j, 0, n_nn - 1))
UNDEFINED.append((("empty-normaliser", Mul(NORMALISER, Pow(NORMALISER, -1), evaluate=False), 1, "==", ()),
                  "the denominator Sum(exp(j*x), (j, 0, n - 1))"))
#: Undefined at every admissible point but one: too few points to be "checked".
TOO_FEW = {"summand-zero-over-zero"}

#: The same facts where the assumptions or a condition exclude the bad point: proven.
DEFINED: list[Entry] = [
    ("geometric-b-above-1", Sum(b ** (2 * j / d), (j, 0, 3)), (b ** (8 / d) - 1) / (b ** (2 / d) - 1), "==", (b > 1,)),
    ("difference-of-squares-b-above-1", (b ** (2 / d) - 1) / (b ** (1 / d) - 1), b ** (1 / d) + 1, "==", (b > 1,)),
    ("difference-of-powers", (b ** (3 / d) - b ** (1 / d)) / (b ** (2 / d) - 1), b ** (1 / d), "==", (b > 1,)),
    ("log-ratio-b-above-1", log(b**t) / log(b), t, "==", (b > 1,)),
    ("log-ratio-b-not-1", log(b**t) / log(b), t, "==", (Ne(b, 1),)),
    ("power-cancel-positive", Mul(Pow(x_pos, -p), Pow(x_pos, p), evaluate=False), 1, "==", ()),
    ("tan-times-cos-excluded", tan(x) * cos(x), sin(x), "==", (Ne(cos(x), 0),)),
    ("quotient-excluded", (x**2 - 1) / (x - 1), x + 1, "==", (Ne(x, 1),)),
    ("frequency-ratio", b ** (-2 * (i + 1) / d) / b ** (-2 * i / d), b ** (-2 / d), "==", ()),
    # softmax's normaliser over n ≥ 1 terms: a sum of positive terms, never 0.
    ("normaliser", Mul(Sum(exp(j * x), (j, 0, n_pos - 1)), Pow(Sum(exp(j * x), (j, 0, n_pos - 1)), -1),
                       evaluate=False), 1, "==", ()),
]


@PROBE
@pytest.mark.parametrize(("entry", "what"), UNDEFINED, ids=_ids(UNDEFINED))
def test_a_side_undefined_at_an_allowed_point_is_not_proven(entry: Entry, what: str, probe: bool) -> None:
    verdict = decide(_claim(*entry), probe=probe)
    assert verdict.status == ("unknown" if entry[0] in TOO_FEW else "checked"), verdict.reason
    assert verdict.reason.startswith(f"not proven ({what} is not shown ≠ 0")
    assert " where the assumptions allow it, so the side may be undefined there; add the condition " in verdict.reason


@PROBE
@pytest.mark.parametrize("entry", DEFINED, ids=_ids(DEFINED))
def test_the_same_fact_with_the_bad_point_excluded_is_proven(entry: Entry, probe: bool) -> None:
    verdict = decide(_claim(*entry, expect="proven"), probe=probe)
    assert verdict.status == "proven", verdict.reason


# Derivatives at kinks: each derivative formula holds wherever the function is differentiable,
# and the function has no derivative at the named point, which the assumptions allow.
KINKS: list[tuple[Entry, str]] = [
    # −s·|t − y| at y = t
    (("distance-bias", Derivative(-s * Abs(t - y), y), s * sign(t - y), "==", ()),
     "Abs(t - y) has a kink or a jump where t - y = 0"),
    (("relu", Derivative(Max(0, x), x), Heaviside(x), "==", ()), "Max(0, x) has a kink where 0 = x"),  # x = 0
    # |sin ωt| at t = 0 (sin ωt = 0)
    (("abs-sine", Derivative(Abs(sin(w * t)), t), w * cos(w * t) * sign(sin(w * t)), "==", ()),
     "Abs(sin(omega*t)) has a kink or a jump where sin(omega*t) = 0"),
    (("clip", Derivative(Min(x, 1), x), Heaviside(1 - x), "==", ()), "Min(1, x) has a kink where 1 = x"),  # x = 1
    (("abs-minus-abs", Derivative(Add(Abs(x), -Abs(x), evaluate=False), x), 0, "==", ()),
     "Abs(x) has a kink or a jump where x = 0"),
]

#: Differentiable where the assumptions (or conditions) say so, or differentiable although built
#: from a kink (x·|x| has derivative 2|x| everywhere; not proven, never refuted).
SMOOTH: list[tuple[Entry, str]] = [
    (("distance-bias-one-side", Derivative(-s * Abs(t - y), y), s * sign(t - y), "==", (y < t,)), "proven"),
    (("abs-of-positive", Derivative(Abs(x_pos), x_pos), 1, "==", ()), "proven"),
    (("relu-on-the-right", Derivative(Max(0, x_pos), x_pos), 1, "==", ()), "proven"),
    (("x-abs-x", Derivative(x * Abs(x), x), 2 * Abs(x), "==", ()), "checked"),
]


@PROBE
@pytest.mark.parametrize(("entry", "kink"), KINKS, ids=_ids(KINKS))
def test_a_derivative_at_a_kink_is_not_taken(entry: Entry, kink: str, probe: bool) -> None:
    verdict = decide(_claim(*entry), probe=probe)
    assert verdict.status == "checked", verdict.reason
    _name, lhs, *_ = entry
    assert verdict.reason == (
        f"not proven ({sympy.sstr(lhs)} is not carried out: {kink}, which the assumptions and conditions do not "
        f"exclude, and there it has no derivative; add a condition that excludes it); agrees at "
        f"{verdict.points_checked} admissible points to 50 digits (mpmath)")


@PROBE
@pytest.mark.parametrize(("entry", "status"), SMOOTH, ids=_ids(SMOOTH))
def test_a_derivative_away_from_kinks_is_taken(entry: Entry, status: str, probe: bool) -> None:
    verdict = decide(_claim(*entry, expect=status), probe=probe)
    assert verdict.status == status, verdict.reason


def test_a_derivative_at_a_kink_is_still_refuted_where_it_is_wrong() -> None:
    # The falsifier still differentiates a continuous function away from its kink: d/dx |x| is -1 at x = -5/3.
    verdict = decide(_claim("abs-slope-one", Derivative(Abs(x), x), 1, "==", ()), probe=False)
    assert verdict.status == "refuted", verdict.reason
    assert verdict.counterexample is not None and verdict.counterexample[x] < 0


# --- 3. closed forms wrong at the edge of the admissible region ------------------------------------
# Σ_{j=0}^{N} (−1)^j C(N, j) is 1 at N = 0 and 0 for N ≥ 1; its j-weighted form Σ j(−1)^j C(N, j)
# is −1 at N = 1 and 0 for N ≥ 2 (and N = 0). SymPy's closed forms say 0 throughout.
LATE = floor(t / (2 * pi)) - 3  # 0 for 6π ≤ t < 8π
EDGES: list[tuple[Entry, dict | None]] = [
    # 6π ≤ t < 8π: N = 0. The named values around 6π (18, 19, 20) reach it, so does the edge t = 6π.
    (("alternating-floor", Sum((-1) ** j * binomial(LATE, j), (j, 0, LATE)), 0, "==", (t >= 6 * pi,)), None),
    # N = 1 at 8π ≤ t < 10π: the solved edge t = 8π, or t = 31 (10·3 + 1 from the 3 of the statement).
    (("alternating-floor-weighted", Sum(j * (-1) ** j * binomial(LATE, j), (j, 0, LATE)), 0, "==",
      (t >= 6 * pi,)), None),
    # No condition at all: the range is reversed for t < 4π, so no closed form is taken; the edge
    # where the count ⌊t/2π⌋ − 2 is 1 (N = 0) is solved exactly: t = 6π (the sum is 1).
    (("alternating-floor-anywhere", Sum((-1) ** j * binomial(LATE, j), (j, 0, LATE)), 0, "==", ()), {t: 6 * pi}),
    # ... and where it is 2 (N = 1) for the weighted form: t = 8π (the sum is −1).
    (("alternating-floor-weighted-anywhere", Sum(j * (-1) ** j * binomial(LATE, j), (j, 0, LATE)), 0, "==", ()),
     {t: 8 * pi}),
    # N = n − m − 1 = 0 at n = m + 1; the smallest admissible point is m = 21, n = 22.
    (("alternating-past-the-grid", Sum((-1) ** j * binomial(n - m - 1, j), (j, 0, n - m - 1)), 0, "==",
      (m > 20, n > m)), {m: 21, n: 22}),
    (("alternating-weighted-past-the-grid", Sum(j * (-1) ** j * binomial(n - 21, j), (j, 0, n - 21)), 0, "==",
      (n > 20,)), {n: 22}),  # N = 1 at n = 22
    # N = n² − 121 = 0 at n = 11.
    (("alternating-quadratic", Sum((-1) ** j * binomial(n**2 - 121, j), (j, 0, n**2 - 121)), 0, "==", (n > 10,)),
     {n: 11}),
    # N = (n − 9)² = 0 only at n = 9, outside the first 16 small values the old instance check took.
    (("alternating-square", Sum((-1) ** j * binomial((n - 9) ** 2, j), (j, 0, (n - 9) ** 2)), 0, "==", ()),
     {n: 9}),
    # The same with two earlier symbols, each in a limit of its own: Σ_{j=0}^{a} 1 = a + 1 and
    # Σ_{j=0}^{c} 1 = c + 1, so the statement is 1 + (a + 1) + (c + 1) = a + c + 2 at n = 9 (3 against 2).
    (("alternating-square-crowded", Sum((-1) ** j * binomial((n - 9) ** 2, j), (j, 0, (n - 9) ** 2))
      + Sum(1, (j, 0, a_nn)) + Sum(1, (j, 0, c_nn)), a_nn + c_nn + 2, "==", ()), {a_nn: 0, c_nn: 0, n: 9}),
    (("alternating-weighted", Sum(j * (-1) ** j * binomial(N, j), (j, 0, N)), 0, "==", ()), {N: 1}),
]

EDGES_TRUE: list[Entry] = [
    ("alternating-past-the-edge", Sum((-1) ** j * binomial(n - 21, j), (j, 0, n - 21)), 0, "==", (n > 21,)),
    ("alternating-floor-past-the-edge", Sum((-1) ** j * binomial(LATE, j), (j, 0, LATE)), 0, "==", (t >= 8 * pi,)),
    ("alternating-quadratic-past-the-edge", Sum((-1) ** j * binomial(n**2 - 121, j), (j, 0, n**2 - 121)), 0, "==",
     (n > 11,)),
]


@PROBE
@pytest.mark.parametrize(("entry", "where"), EDGES, ids=_ids(EDGES))
def test_a_closed_form_wrong_at_the_edge_is_refuted_there(entry: Entry, where: dict | None, probe: bool) -> None:
    verdict = decide(_claim(*entry), probe=probe)
    assert verdict.status == "refuted", verdict.reason
    if where is not None:
        assert verdict.counterexample == where
    _name, lhs, rhs, _relation, _conditions = entry
    point = dict(verdict.counterexample or {})
    left, right = (_ordinary(sympy.sympify(side).xreplace(point)) for side in (lhs, rhs))
    assert sympy.simplify(left - right) != 0  # the failure, re-checked by explicit loops


@PROBE
@pytest.mark.parametrize("entry", EDGES_TRUE, ids=_ids(EDGES_TRUE))
def test_a_closed_form_that_holds_past_the_edge_stays_proven(entry: Entry, probe: bool) -> None:
    verdict = decide(_claim(*entry, expect="proven"), probe=probe)
    assert verdict.status == "proven", verdict.reason


# --- 4. derivations: every step counts, and a step may not divide by zero -------------------------


def test_a_refuted_early_step_refutes_the_chain_whatever_its_last_step() -> None:
    # (x + 1)² = x² + 2x is false (the 1 is lost; at x = 0: 1 against 0); x² + 2x = x(x + 2) is
    # true. A chain is not proven by its last step (mutant chain-last-step).
    claim = _claim("last-step-only", (x + 1) ** 2, x * (x + 2), "==", (), steps=(Step(x**2 + 2 * x, "expand"),))
    for probe in (True, False):
        verdict = decide(claim, probe=probe)
        assert [link.status for link in verdict.links] == ["refuted", "proven"]
        assert verdict.status == "refuted"
        assert verdict.reason.startswith("step 1 (expand) is refuted: fails at x = ")


def test_an_early_step_only_checked_makes_the_chain_checked_under_a_proven_last_step() -> None:
    # Step 1 divides by sin x (undefined at x = 0), so it is only checked; step 2 is Pythagoras.
    claim = _claim("checked-then-proven", sin(x) ** 2 + cos(x) ** 2, 1, "==", (),
                   steps=(Step(Mul(sin(x) ** 2 + cos(x) ** 2, sin(x), Pow(sin(x), -1), evaluate=False),
                               "times sin x over sin x"), Step(sympy.Integer(1), "Pythagoras")))
    verdict = decide(claim)
    assert [link.status for link in verdict.links] == ["checked", "checked"]
    assert verdict.status == "checked"
    assert verdict.reason.startswith("not every step is proven: step 1 (times sin x over sin x) is checked: not proven "
                                     "(the denominator sin(x) is not shown ≠ 0 where the assumptions allow it")


def test_a_chain_whose_inner_range_runs_below_its_start_is_refuted_at_its_first_step() -> None:
    # Σ_{i=0}^{n−1} Σ_{j=0}^{i−2} 1 = Σ_{i=0}^{n−1} (i − 1) reads the empty inner sum at i = 0 as −1:
    # false for every n ≥ 1 (n = 1: 0 against −1), by 1. The later steps are true algebra.
    claim = _claim("inner-below-start", Sum(Sum(1, (j, 0, i - 2)), (i, 0, n_pos - 1)),
                   (n_pos - 1) * (n_pos - 2) / 2 - 1, "==", (),
                   steps=(Step(Sum(i - 1, (i, 0, n_pos - 1)), "count the inner sum"),
                          Step(n_pos * (n_pos - 1) / 2 - n_pos, "Gauss")))
    for probe in (True, False):
        verdict = decide(claim, probe=probe)
        assert [link.status for link in verdict.links] == ["refuted", "proven", "proven"]
        assert verdict.status == "refuted"
        point = dict(verdict.counterexample or {})
        left, right = (_ordinary(side.xreplace(point)) for side in (claim.lhs, claim.steps[0].expr))
        assert left - right == 1


def test_a_chain_that_divides_by_zero_at_an_allowed_point_is_not_proven() -> None:
    # b^(1/d) + 1 = (b^(2/d) − 1)/(b^(1/d) − 1): 0/0 at b = 1, which b > 0 allows.
    chain = (Step((b ** (2 / d) - 1) / (b ** (1 / d) - 1), "difference of squares"), Step(b ** (1 / d) + 1, "cancel"))
    loose = decide(_claim("divide-at-b-1", b ** (1 / d) + 1, b ** (1 / d) + 1, "==", (), steps=chain,
                          ), probe=False)
    assert [link.status for link in loose.links] == ["checked", "checked"]
    assert loose.status == "checked"
    # b > 1 excludes it: b^(1/d) − 1 ≠ 0 by the rule for differences of powers.
    strict = decide(_claim("divide-b-above-1", b ** (1 / d) + 1, b ** (1 / d) + 1, "==", (b > 1,), steps=chain,
                           expect="proven"), probe=False)
    assert strict.status == "proven", strict.reason


@pytest.mark.parametrize("exponent", [N, d / 2 - 1, n_pos - 1], ids=["N", "half-width-minus-1", "n-minus-1"])
def test_zero_to_a_power_that_may_be_zero_is_refuted(exponent: sympy.Expr) -> None:
    # 0^0 = 1 in SymPy (and the claim is false there either way): N = 0, d = 2, n = 1.
    for probe in (True, False):
        verdict = decide(_claim("zero-power", Pow(0, exponent, evaluate=False), 0, "==", ()), probe=probe)
        assert verdict.status == "refuted", verdict.reason
        assert exponent.xreplace(verdict.counterexample or {}) == 0


CHECKED_ONLY = """\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("exact", "Exact expectations", (
    Claim("exact.pythagoras", "sin^2 + cos^2 = 1", sympy.sin(x)**2 + sympy.cos(x)**2, 1, expect="checked"),
    Claim("exact.tan", "tan x cos x = sin x", sympy.tan(x) * sympy.cos(x), sympy.sin(x)),
))
"""


def test_an_expectation_is_met_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Proven where "checked" was written, and checked (tan has poles) where "proven" was: both reported.
    path = tmp_path / "exact.py"
    path.write_text(textwrap.dedent(CHECKED_ONLY), encoding="utf-8")
    status = main(["verify", str(path), "--jobs", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "exact.pythagoras  sin^2 + cos^2 = 1  [UNEXPECTED: expected checked]" in out
    assert "exact.tan  tan x cos x = sin x  [UNEXPECTED: expected proven; " in out


# --- item 7: the mutants that passed the whole suite ---------------------------------------------
# conditions.py, rule by rule, end to end with the probe on and off: a true claim that needs the
# rule is proven, and a near miss (the same claim where the condition allows the failing point)
# is refuted at that point. The near misses of the non-strict rules fail exactly at the bound, so
# building b ≥ 1 in as b > 1 (mutant conditions-strict) proves them.
CONDITION_RULES: list[tuple[Entry, Entry, dict]] = [
    # x > c: log b > 0 for b > 1; for b > 1/2 it fails at b = 1 (log 1 = 0).
    (("above", log(b), 0, ">", (b > 1,)), ("above-too-low", log(b), 0, ">", (b > Rational(1, 2),)), {b: 1}),
    # x ≥ c: log b ≥ 0 for b ≥ 1; log b > 0 fails at b = 1.
    (("at-least", log(b), 0, ">=", (b >= 1,)), ("at-least-strict", log(b), 0, ">", (b >= 1,)), {b: 1}),
    # x < c: (x − 3)² > 0 for x < 3 (x = 3 − g, g > 0); with x ≤ 3 it fails at x = 3.
    (("below", x**2 - 6 * x + 9, 0, ">", (x < 3,)), ("at-most-strict", x**2 - 6 * x + 9, 0, ">", (x <= 3,)), {x: 3}),
    # x ≤ c: (3 − x)·e^x ≥ 0 for x ≤ 3; > 0 fails at x = 3.
    (("at-most", (3 - x) * exp(x), 0, ">=", (x <= 3,)), ("at-most-positive", (3 - x) * exp(x), 0, ">", (x <= 3,)),
     {x: 3}),
    # An integer gap: n > 2 means n ≥ 3 for an integer; n − 3 > 0 fails at n = 3.
    (("integer-gap", n - 3, 0, ">=", (n > 2,)), ("integer-gap-strict", n - 3, 0, ">", (n > 2,)), {n: 3}),
    # An even gap: d > 2 means d ≥ 4 for an even d; d − 4 > 0 fails at d = 4.
    (("even-gap", d - 4, 0, ">=", (d > 2,)), ("even-gap-strict", d - 4, 0, ">", (d > 2,)), {d: 4}),
    # y > x for two symbols: e^y > e^x; with y ≥ x it fails where y = x.
    (("between", exp(y), exp(x), ">", (y > x,)), ("between-non-strict", exp(y), exp(x), ">", (y >= x,)), None),
    # x ≠ 0: x² > 0; with x ≠ 1 it fails at x = 0.
    (("nonzero", x**2, 0, ">", (Ne(x, 0),)), ("nonzero-elsewhere", x**2, 0, ">", (Ne(x, 1),)), {x: 0}),
    # x ≠ c: (x − 1)² > 0 for x ≠ 1 (x = 1 + g, g ≠ 0); (x − 3)² > 0 for x ≠ 2 fails at x = 3.
    (("not-one", (x - 1) ** 2, 0, ">", (Ne(x, 1),)), ("not-two", (x - 3) ** 2, 0, ">", (Ne(x, 2),)), {x: 3}),
]


@PROBE
@pytest.mark.parametrize(("true", "false", "where"), CONDITION_RULES, ids=[r[0][0] for r in CONDITION_RULES])
def test_each_rule_of_conditions_proves_its_claim_and_not_its_near_miss(true: Entry, false: Entry,
                                                                        where: dict | None, probe: bool) -> None:
    proven = decide(_claim(*true, expect="proven"), probe=probe)
    assert proven.status == "proven", proven.reason
    assert proven.method.startswith("conditions, ")
    refuted = decide(_claim(*false), probe=probe)
    assert refuted.status == "refuted", refuted.reason
    if where is not None:
        assert refuted.counterexample == where
    else:
        assert refuted.counterexample is not None and refuted.counterexample[x] == refuted.counterexample[y]


@pytest.mark.parametrize(("roots", "points"), [((0, 1, 2), 3), ((0, 1, 2, 3, 4), 5)], ids=["three", "five"])
def test_too_few_distinct_points_are_unknown_and_each_counts_once(roots: tuple[int, ...], points: int) -> None:
    # ∏ (n − r) = 0 on the integers r: true, and only len(roots) admissible points exist. The probe
    # and the search meet the same points: counted twice, five would pass for ten (≥
    # MIN_CHECKED_POINTS = 8); one point would do under mutant min-checked-one. n's upper bound goes
    # through a second symbol N = roots[-1], so that no rule proves it (the exhaustion of integer
    # values reads bounds on n alone; with them it proves the claim, the test below).
    product = sympy.Mul(*(n - r for r in roots))
    top = sympy.Symbol("N", integer=True)
    conditions = (n >= roots[0], n <= top, top >= roots[-1], top <= roots[-1])
    claim = _claim("few-points", product, 0, "==", conditions, expect="unknown")
    verdict = decide(claim)
    assert verdict.status == "unknown"
    assert verdict.points_checked == points
    assert verdict.reason == (f"not proven (no symbolic strategy closed the gap); only {points} admissible points "
                              "could be evaluated")


@pytest.mark.parametrize("roots", [(0, 1, 2), (0, 1, 2, 3, 4)], ids=["three", "five"])
def test_few_integer_values_bounded_on_their_own_are_proven_by_listing_them(roots: tuple[int, ...]) -> None:
    product = sympy.Mul(*(n - r for r in roots))
    verdict = decide(_claim("few-values", product, 0, "==", (n >= roots[0], n <= roots[-1])))
    assert (verdict.status, verdict.method) == (
        "proven", f"each admissible integer value ({len(roots)} cases): structural")


_t = sympy.Symbol("t", real=True)
_s = sympy.Symbol("s", real=True)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "point"), [
    # a second red team: strict inequalities false at one point only, where the difference touches 0 (t = 1);
    # random rationals never land there and the claims came back "checked"
    (_t**2 + 1, ">", 2 * _t, {"t": "1"}),
    ((_t - 1)**2, ">", sympy.Integer(0), {"t": "1"}),
    ((_t**2 - 2)**2, ">", sympy.Integer(0), None),  # the root is √2, an algebraic point
    (_t**2 + _s**2, ">", 2 * _t * _s, None),  # two symbols: t = s, found with s at a point and t at its root
])
@pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-first"])
def test_a_strict_inequality_false_at_an_isolated_point_is_refuted(lhs: sympy.Expr, relation: str, rhs: sympy.Expr,
                                                                   point: dict | None, probe: bool) -> None:
    verdict = decide(Claim("touch", "touches zero", lhs, rhs, relation=relation), probe=probe)  # type: ignore[arg-type]
    assert verdict.status == "refuted"
    if point is not None:
        assert {str(k): str(v) for k, v in (verdict.counterexample or {}).items()} == point


@pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-first"])
def test_a_strict_inequality_that_holds_is_not_refuted_by_its_critical_points(probe: bool) -> None:
    verdict = decide(Claim("no-touch", "never touches", _t**2 + 2, 2 * _t, relation=">"), probe=probe)
    assert verdict.status in ("proven", "checked")
