"""Signs under a claim's assumptions and conditions: is this expression provably nonzero, or ≥ 0?

The rules that keep "proven" true in ordinary mathematics (a side defined at every allowed
point, a sum's range never reversed, a derivative taken away from kinks) each come down to one
question: does an expression keep a sign wherever the assumptions and the conditions allow?
Every answer here is symbolic (SymPy's assumptions system after exact rewrites), never a
comparison of numbers, and ``False`` only means "not shown":

* SymPy's assumptions on the expression itself, raw and expanded (``b**(-2*i/d)`` is positive
  for b > 0), and with floor/ceiling arguments expanded so that integer parts come out
  (``floor(g/(2π) + 4) = floor(g/(2π)) + 4``);
* the same after building the conditions into the symbols (:mod:`.conditions`: ``b > 1``
  makes ``b = 1 + β``, β > 0; ``y < t`` makes ``t = y + g``);
* a condition that states the exclusion itself (``Ne(cos(x), 0)``, ``x ≠ 1`` for ``x − 1``);
* a product is nonzero when every factor is, a power when its base is, a logarithm when its
  argument differs from 1 (``log b ≠ 0`` from ``b ≠ 1``); a sum of positive terms over at least
  one term is positive (softmax's denominator), a product of nonzero factors nonzero;
* **differences of powers**: ``A − B`` with A and B provably positive is nonzero when
  ``log A − log B`` is (log is injective on the positive reals), and ``expand_log`` (without
  ``force``) splits ``log(b^p) = p·log b`` for b > 0 and real p. So ``b^p − 1 ≠ 0`` needs
  b ≠ 1 and p ≠ 0 shown, and ``b^p − b^q ≠ 0`` needs p ≠ q and b ≠ 1: ``b^(2/d) − 1 ≠ 0``
  follows from b > 1 (``(2/d)·log(1 + β)``, a product of nonzero factors), and not from
  b > 0 alone.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Literal

import sympy
from sympy.core.relational import Relational

from .budget import time_limit
from .conditions import shift_conditions

__all__ = ["Sign", "has_sign"]

Sign = Literal["nonzero", "nonnegative", "positive"]

_ROUNDING = (sympy.floor, sympy.ceiling)
#: trigsimp is the one costly step; bounded (a sign it cannot find in time is simply not shown).
TRIGSIMP_SECONDS = 1.0


def _settle(expr: sympy.Basic) -> sympy.Basic:
    """floor(4 + g/(2π)) written as SymPy pulls the integer part out of an expanded argument."""
    if not expr.has(*_ROUNDING):
        return expr
    return expr.replace(lambda e: isinstance(e, _ROUNDING), lambda e: e.func(sympy.expand(e.args[0])))


def _assumed(expr: sympy.Expr, sign: Sign) -> bool:
    if sign == "positive":
        return expr.is_positive is True
    if sign == "nonnegative":
        return expr.is_nonnegative is True
    # is_nonzero means "real and nonzero" in SymPy; exp(i·x) is nonzero without being real.
    return expr.is_zero is False


def _by_assumptions(expr: sympy.Expr, sign: Sign) -> bool:
    if _assumed(expr, sign):
        return True
    settled = _settle(expr)
    return any(form != expr and _assumed(form, sign) for form in (settled, sympy.expand(settled)))


def _stated(expr: sympy.Expr, conditions: Sequence[sympy.Basic], sign: Sign) -> bool:
    """True when a condition says it: ``Ne(e, 0)``, ``e > 0`` (or the same of ``−e``, or ``a ≠ b`` for ``a − b``)."""
    for cond in conditions:
        if not isinstance(cond, Relational):
            continue
        gap = sympy.expand(cond.lhs - cond.rhs)
        for factor, op in ((1, cond.rel_op), (-1, _REVERSED.get(cond.rel_op, cond.rel_op))):
            if sympy.expand(expr - factor * gap) != 0:
                continue
            if op in _IMPLIES[sign]:
                return True
    return False


_REVERSED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
#: Which relations ``e REL 0`` establish each sign of e.
_IMPLIES: dict[Sign, tuple[str, ...]] = {
    "nonzero": ("!=", ">", "<"), "nonnegative": (">", ">="), "positive": (">",),
}


def _log_gap(expr: sympy.Expr) -> sympy.Expr | None:
    """log A − log B for ``expr = A − B`` with A, B two provably positive terms; else None."""
    terms = sympy.Add.make_args(expr)
    if len(terms) != 2:
        return None
    plus = [t for t in terms if t.could_extract_minus_sign() is False]
    minus = [-t for t in terms if t.could_extract_minus_sign() is True]
    if len(plus) != 1 or len(minus) != 1 or not (plus[0].is_positive and minus[0].is_positive):
        return None
    return sympy.expand(sympy.expand_log(sympy.log(plus[0])) - sympy.expand_log(sympy.log(minus[0])))


def _nonzero_by_structure(expr: sympy.Expr, depth: int) -> bool:
    """Factors and differences of positive powers (the rules above), in SymPy's assumptions."""
    if _by_assumptions(expr, "nonzero"):
        return True
    if depth <= 0:
        return False
    if expr.is_Mul:
        return all(_nonzero_by_structure(f, depth - 1) for f in expr.args)
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        return _termwise(expr, "nonzero")
    if expr.is_Pow:
        return bool(expr.exp.is_finite) and _nonzero_by_structure(expr.base, depth - 1)
    if isinstance(expr, sympy.exp):
        return bool(expr.args[0].is_finite)
    if isinstance(expr, sympy.log) and len(expr.args) == 1:
        # The principal log vanishes exactly at 1: log a ≠ 0 once a ≠ 1 (a ≠ 0 is definedness, not this).
        return _nonzero_by_structure(expr.args[0] - 1, depth - 1)
    if expr.is_Add:
        factored = sympy.factor_terms(expr)
        if factored != expr and factored.is_Mul:
            return _nonzero_by_structure(factored, depth - 1)
        gap = _log_gap(expr)
        if gap is not None and _nonzero_by_structure(gap, depth - 1):
            return True
        factored = sympy.factor(expr)
        if factored != expr and factored.is_Mul:
            return all(_nonzero_by_structure(f, depth - 1) for f in factored.args)
        if expr.has(sympy.sin, sympy.cos):
            return _assumed(_trigsimp(expr), "nonzero")  # sin² + cos² (the point of an atan2) is 1
    return False


def _trigsimp(expr: sympy.Expr) -> sympy.Expr:
    try:
        with time_limit(TRIGSIMP_SECONDS):
            return sympy.trigsimp(expr)
    except Exception:  # out of time or SymPy failing: nothing shown
        return expr


def _termwise(expr: sympy.Expr, sign: Sign) -> bool:
    """A sum of positive terms over a count ≥ 1 is positive (≥ 0 terms over a count ≥ 0: ≥ 0); a
    product of nonzero (positive) factors over a count ≥ 0 likewise. Each term is taken at index
    lo + g for an integer g ≥ 0 (softmax's Σ_j exp(s_j) is positive for n ≥ 1 terms)."""
    if len(expr.limits) != 1:
        return False
    j, lo, hi = expr.limits[0]
    count = sympy.expand(hi - lo + 1)
    g = sympy.Dummy("g", integer=True, nonnegative=True)
    term = expr.function.xreplace({j: lo + g})
    if isinstance(expr, sympy.Sum):
        # ≥ 0 terms over ≥ 0 of them sum to ≥ 0; > 0 (hence ≠ 0) needs > 0 terms and at least one.
        need: Sign = "nonnegative" if sign == "nonnegative" else "positive"
        return _by_assumptions(count, need) and _holds(term, need)
    return _by_assumptions(count, "nonnegative") and _holds(term, sign)


def _holds(expr: sympy.Expr, sign: Sign) -> bool:
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        return _termwise(expr, sign)
    if sign == "nonzero":
        return _nonzero_by_structure(expr, 3)
    return _by_assumptions(expr, sign)


@functools.lru_cache(maxsize=4096)
def _has_sign(expr: sympy.Expr, conditions: tuple[sympy.Basic, ...], sign: Sign) -> bool:
    if expr.is_number:
        return _holds(expr, sign)  # a number's sign is known exactly or not at all
    if _holds(expr, sign) or _stated(expr, conditions, sign):
        return True
    shift = {s: v for s, v in shift_conditions(conditions).items() if s in expr.free_symbols}
    return bool(shift) and _holds(expr.xreplace(shift), sign)


def has_sign(expr: sympy.Basic, conditions: Sequence[sympy.Basic], sign: Sign) -> bool:
    """True when ``expr`` is provably nonzero (``≥ 0``, ``> 0``) wherever the assumptions and conditions allow.

    >>> b = sympy.Symbol("b", positive=True); d = sympy.Symbol("d", even=True, positive=True)
    >>> has_sign(b**(2/d) - 1, [b > 1], "nonzero"), has_sign(b**(2/d) - 1, [], "nonzero")
    (True, False)
    >>> x = sympy.Symbol("x", real=True)
    >>> has_sign(sympy.cos(x), [sympy.Ne(sympy.cos(x), 0)], "nonzero"), has_sign(x - 1, [sympy.Ne(x, 1)], "nonzero")
    (True, True)
    >>> n = sympy.Symbol("n", integer=True)
    >>> has_sign(n**2 - 120, [n > 11], "nonnegative"), has_sign(n - 1, [n > -5], "nonnegative")
    (True, False)
    >>> j = sympy.Symbol("j", integer=True)
    >>> has_sign(sympy.Sum(sympy.exp(x * j), (j, 0, n - 1)), [n > 0], "nonzero")
    True
    """
    try:
        return _has_sign(sympy.sympify(expr), tuple(conditions), sign)
    except Exception:  # SymPy failing to decide a sign shows nothing
        return False
