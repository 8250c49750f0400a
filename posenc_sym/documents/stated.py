r"""Which failing rows are conditions the text states, not claims it makes.

A note writes ``t > 0`` or ``0 \le i < d/2`` to restrict its names, and ``m = n`` or ``k = 8`` to set
one for a case: such a row fails somewhere, but it is not a claim to refute. Only a row that can be
such a restriction is read as one:

- its names are all read by conventions (nothing declared says which values they take), and it is
  rational in them (a formula with a function or an exponential in it is a claim);
- no universal quantifier in words comes with it (``t \ge 0 \quad \text{for all } t`` is a claim);
- it bounds or sets names, it does not relate a formula to itself: its two sides share no name
  (``m = n``, ``i - j < w``), and an equation sets a name (``k = 8``; ``i^4 = 1`` is claimed);
  ``(t+1)^2 = t^2 + 1`` is an identity the text claims and ``3mn \le m^2 + n^2`` an inequality it
  claims, both refuted;
- it holds somewhere: a relation that holds at no point tried (``t^2 < 0``, ``t + 1 < t``) restricts
  nothing; it is a false statement, refuted.

>>> import sympy
>>> t = sympy.Symbol("t", real=True)
>>> satisfiable(sympy.Gt, t, sympy.Integer(1)), satisfiable(sympy.Lt, t**2, sympy.Integer(0))
(True, False)
>>> shares_a_name((t + 1)**2, t**2 + 1), shares_a_name(t**2, sympy.Integer(4))
(True, False)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from fractions import Fraction

import sympy

__all__ = ["QUANTIFIED", "a_condition", "hold_together", "satisfiable", "sets_through_declared", "shares_a_name"]

#: A universal quantifier in the words that come with a row: the row is claimed for every value.
QUANTIFIED = re.compile(r"\b(?:for\s+(?:all|every|any|each)|whatever)\b|\\forall", re.IGNORECASE)
_RELATIONS: dict[str, Callable[..., sympy.Basic]] = {
    "==": sympy.Eq, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}
# Points tried for each name: integers of both signs (even ones among them), fractions, a large value.
_SAMPLES = (*(Fraction(v) for v in ("0", "1", "-1", "2", "-2", "1/2", "-1/3", "3", "4", "-4", "5/2", "7", "10", "64",
                                     "512", "1000", "-1000", "1/1000")),
            *(Fraction(sign * 10**power) for power in (6, 12) for sign in (1, -1)))
_MAX_POINTS = 2000


def shares_a_name(lhs: sympy.Basic, rhs: sympy.Basic) -> bool:
    """True if both sides of a relation name a common symbol: it relates a formula to another, it
    does not set or bound a name."""
    return bool(getattr(lhs, "free_symbols", set()) & getattr(rhs, "free_symbols", set()))


def _values(symbol: sympy.Symbol) -> list[sympy.Rational]:
    found = []
    for value in _SAMPLES:
        number = sympy.Rational(value.numerator, value.denominator)
        if symbol.is_integer and value.denominator != 1:
            continue
        if symbol.is_even and value.numerator % 2:
            continue
        if symbol.is_odd and not value.numerator % 2:
            continue
        if (symbol.is_positive and number <= 0) or (symbol.is_nonnegative and number < 0):
            continue
        found.append(number)
    return found


def satisfiable(relation: Callable[..., sympy.Basic], lhs: sympy.Expr, rhs: sympy.Expr) -> bool:
    """True if ``relation(lhs, rhs)`` holds at some point tried (each symbol within its domain);
    False when it holds at none of them (then it is taken for a false statement, not a restriction)."""
    symbols = sorted(lhs.free_symbols | rhs.free_symbols, key=str)
    per_name = max(2, int(_MAX_POINTS ** (1 / max(1, len(symbols)))))  # every name gets values of each kind
    grids = [_values(s)[:per_name] for s in symbols]
    for point in itertools.islice(itertools.product(*grids), _MAX_POINTS):
        values = dict(zip(symbols, point, strict=True))
        try:
            left, right = lhs.xreplace(values), rhs.xreplace(values)
            if not (left.is_finite and right.is_finite and left.is_real and right.is_real):
                continue
            if relation(left, right) is sympy.true:
                return True
        except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
            continue
    return False


def hold_together(relations: tuple[sympy.Basic, ...]) -> bool:
    """True if every relation of ``relations`` holds at one point tried (each symbol within its domain): the
    conditions a row states may be applied to a claim; False (none found) leaves it undecided, never proven
    vacuously under conditions that contradict each other (t > 1, t < 0).

    >>> t = sympy.Symbol("t", real=True)
    >>> hold_together((t > 1, t < 3)), hold_together((t > 1, t < 0))
    (True, False)

    The points are the samples of :func:`satisfiable`: bounds that leave only a narrow interval between
    them (1 < t < 2) may be missed, and the claim is then left undecided, the safe side.
    """
    symbols = sorted(set().union(*(r.free_symbols for r in relations)), key=str)
    per_name = max(2, int(_MAX_POINTS ** (1 / max(1, len(symbols)))))
    grids = [_values(s)[:per_name] for s in symbols]
    for point in itertools.islice(itertools.product(*grids), _MAX_POINTS):
        values = dict(zip(symbols, point, strict=True))
        try:
            if all(r.xreplace(values) is sympy.true for r in relations):
                return True
        except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
            continue
    return False


def sets_through_declared(lhs: sympy.Basic, rhs: sympy.Basic, declared: frozenset[sympy.Basic]) -> bool:
    """True for an equation that gives one name read by a convention as a function of declared ones: one side
    holds that name alone (``\\sqrt{1/t}``), the other only declared names (``0.1 \\ln s + 1``, s declared), and
    the equation can be solved for it. YaRN's recommended temperature is written so: it chooses t for each s,
    it is not a claim for every t.

    >>> s, t = sympy.Symbol("s", positive=True), sympy.Symbol("t", real=True)
    >>> sets_through_declared(sympy.sqrt(1 / t), sympy.log(s) / 10 + 1, frozenset({s}))
    True
    >>> sets_through_declared(t**4, sympy.Integer(1), frozenset({s})), sets_through_declared(t, s * t, frozenset({s}))
    (False, False)
    """
    for one, other in ((lhs, rhs), (rhs, lhs)):
        names: set[sympy.Basic] = getattr(one, "free_symbols", set())
        given: set[sympy.Basic] = getattr(other, "free_symbols", set())
        if len(names) != 1 or names & declared or not given or not given <= declared:
            continue
        try:
            return bool(sympy.solve(sympy.Eq(one, other), next(iter(names))))
        except Exception:  # SymPy failing to solve shows nothing: a claim
            return False
    return False


def a_condition(lhs: sympy.Basic, relation: str, rhs: sympy.Basic, because: str,
                declared: frozenset[sympy.Basic]) -> bool:
    """True if the failing row ``lhs relation rhs`` (said with the words ``because``) is a condition the
    text states on names read by conventions (see the module docstring), not a claim."""
    free = set(getattr(lhs, "free_symbols", set())) | set(getattr(rhs, "free_symbols", set()))
    if relation == "==" and not QUANTIFIED.search(because) and sets_through_declared(lhs, rhs, declared):
        return True
    if not free or free & declared or isinstance(lhs, sympy.MatrixBase) or relation not in _RELATIONS:
        return False
    if QUANTIFIED.search(because):
        return False
    if shares_a_name(lhs, rhs):
        return False
    if relation == "==" and not (isinstance(lhs, sympy.Symbol) or isinstance(rhs, sympy.Symbol)):
        return False  # i^4 = 1, d^2 = 262144: an equation claimed, not a name set (m = n, k = 8)
    try:
        if not (lhs - rhs).is_rational_function(*free):
            return False
        return satisfiable(_RELATIONS[relation], lhs, rhs)
    except Exception:  # SymPy failing to say shows nothing
        return False
