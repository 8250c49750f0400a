"""Written forms: telling what an author wrote (unevaluated) from what SymPy built, for the writer.

A sum or product its author wrote (``evaluate=False``, ``as_written``) prints in the author's order,
with the author's signs and grouping; one SymPy built prints in SymPy's order. The two are told apart
by what SymPy would have done on construction, without rebuilding the expression.

>>> import sympy
>>> t, k = sympy.symbols("t k")
>>> is_written(sympy.Add(t, k, evaluate=False)), is_written(t + k), is_written(sympy.Mul(t, t, evaluate=False))
(True, False, True)
>>> negated(sympy.Mul(-1, t, k, evaluate=False)), negated(sympy.Add(k, -t, evaluate=False)), negated(-t)
(k*t, None, t)
"""

from __future__ import annotations

import functools
from typing import Any

import sympy
from sympy.core.basic import Basic

__all__ = ["divisor", "is_written", "negated"]

#: The order SymPy sorts the commutative arguments of a sum or product in (Basic.compare).
_ARGS_ORDER = functools.cmp_to_key(Basic.compare)


def is_written(expr: sympy.Add | sympy.Mul) -> bool:
    """True if an Add or Mul was built unevaluated: SymPy would have merged numbers, flattened a
    nested sum or product, dropped a neutral term, collected like terms (t + t, t·t²), or sorted
    the arguments; or it holds a written sum or product (or a power of one), which SymPy's own
    printing of the whole would evaluate. Checked without rebuilding the expression, which would
    cost a full evaluation per node."""
    args = list(expr.args)
    kind = type(expr)
    if sum(1 for a in args if a.is_Number) > 1 or any(isinstance(a, (kind, sympy.UnevaluatedExpr)) for a in args):
        return True  # an UnevaluatedExpr part says so outright: cos(ω k)·sin(ω t) is in SymPy's order too
    inner = [a.base if a.is_Pow else a for a in args]
    if any(isinstance(a, (sympy.Add, sympy.Mul)) and is_written(a) for a in inner):
        return True
    if any(a == (0 if kind is sympy.Add else 1) for a in args):
        return True
    commutative = [a for a in args if a.is_commutative]
    # Like terms: a sum collects those with one non-numeric part, a product the rational powers of
    # one base (t·t², not e^{x} e^{y} or x^{2} x^{y}, which SymPy keeps apart).
    if kind is sympy.Mul:
        alike = [b for b, e in (a.as_base_exp() for a in commutative if not a.is_Number) if e.is_Rational]
    else:
        alike = [a.as_coeff_Mul()[1] for a in commutative if not a.is_Number]
    if len(set(alike)) < len(alike):
        return True
    # A sum sorts every term, matrices (non-commutative symbols) included: x + p as written is p + x built.
    ordered = args if kind is sympy.Add else commutative
    return ordered != sorted(ordered, key=_ARGS_ORDER)


def divisor(factor: Any) -> Any | None:
    """What a factor of a written product puts in the fraction's denominator: ``b`` for ``b^{-1}``,
    ``b^{n}`` for ``b^{-n}`` (a scalar's negative integer power, as SymPy's own fractions do), else None."""
    if factor.is_Pow and factor.exp.is_Integer and factor.exp < 0 and factor.is_commutative:
        return factor.base if factor.exp == -1 else sympy.Pow(factor.base, -factor.exp, evaluate=False)
    return None


def negated(term: Any) -> Any | None:
    """What a term of a sum prints as after a minus, or None if it prints after a plus.

    A written product is negative when its first factor is a negative number (``-k``, ``-3·(-1)``,
    as its author wrote them); the rest stays as written. Anything else is negative when SymPy can
    take a minus out of it, and prints as SymPy negates it.
    """
    if isinstance(term, sympy.Add) and is_written(term):
        return None  # a written sum is added whole, in parentheses: t + (k - x), never t - (-k + x)
    if isinstance(term, sympy.Mul) and is_written(term):
        first, *rest = term.args
        if not (first.is_Number and first.is_negative):
            return None
        factors = rest if first == -1 else [-first, *rest]
        return factors[0] if len(factors) == 1 else sympy.Mul(*factors, evaluate=False)
    return -term if term.could_extract_minus_sign() else None
