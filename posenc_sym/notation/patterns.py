"""Applied notations and the patterns they match: what ``PE_{(t, 2i+1)}`` binds, and when.

A subscript pattern is ``c*s + e`` (one parameter s, a nonzero integer c, a constant e). An
argument binds ``s = (arg - e)/c``, and the binding counts only if the value is known to keep every
assumption of ``s``: ``2i + 1`` never matches ``2i`` for an integer i (i + 1/2 is not an integer),
whatever SymPy could solve.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import sympy
from sympy.core.function import AppliedUndef
from sympy.matrices import MatrixBase
from sympy.matrices.expressions import MatrixExpr

from ..errors import PosencSymError
from .applied import AppliedMatrix

__all__ = [
    "Form", "NotationError", "applied_arguments", "applied_name", "bind", "check_pattern", "is_matrix",
    "keeps_assumptions", "param_symbols",
]

Form = Literal["subscript", "call", "value"]

#: The assumptions a bound parameter must be known to keep (those SymPy can establish for sums).
_CHECKED = ("integer", "even", "odd", "real", "positive", "nonnegative", "negative", "nonpositive",
            "nonzero", "finite", "rational")


class NotationError(PosencSymError):
    """A definition or an application that cannot be read unambiguously; the message says the fix.

    >>> issubclass(NotationError, PosencSymError), issubclass(NotationError, ValueError)
    (True, True)
    """


def is_matrix(term: object) -> bool:
    """True for an explicit matrix or a matrix expression."""
    return isinstance(term, (MatrixBase, MatrixExpr))


def applied_name(expr: sympy.Basic) -> tuple[Form, str] | None:
    """The form and name of an applied notation, or None for anything else.

    >>> import sympy
    >>> applied_name(sympy.IndexedBase("PE")[sympy.Symbol("t"), 0]), applied_name(sympy.Function("R")(1))
    (('subscript', 'PE'), ('call', 'R'))
    """
    if isinstance(expr, sympy.Indexed):
        return "subscript", str(expr.base.label)
    if isinstance(expr, AppliedMatrix):
        return expr.form, expr.name  # type: ignore[return-value]
    if isinstance(expr, AppliedUndef):
        return "call", expr.func.__name__
    if isinstance(expr, (sympy.Symbol, sympy.MatrixSymbol)) and not isinstance(expr, sympy.Dummy):
        return "value", str(expr.name)
    return None


def applied_arguments(expr: sympy.Basic) -> tuple[sympy.Basic, ...]:
    """The subscripts or arguments of an applied notation (none for a value).

    >>> import sympy
    >>> applied_arguments(sympy.IndexedBase("PE")[sympy.Symbol("t"), 0]), applied_arguments(sympy.Function("R")(1))
    ((t, 0), (1,))
    """
    if isinstance(expr, sympy.Indexed):
        return tuple(expr.indices)
    if isinstance(expr, AppliedMatrix):
        return expr.arguments
    if isinstance(expr, AppliedUndef):
        return tuple(expr.args)
    return ()


def param_symbols(params: Sequence[sympy.Expr]) -> tuple[sympy.Symbol, ...]:
    """The symbols a definition's patterns bind, in order of first appearance."""
    seen: list[sympy.Symbol] = []
    for p in params:
        for s in sorted(p.free_symbols, key=str):
            if isinstance(s, sympy.Symbol) and s not in seen:
                seen.append(s)
    return tuple(seen)


def keeps_assumptions(param: sympy.Symbol, value: sympy.Expr) -> bool:
    """True if ``value`` is known to have every checked assumption that ``param`` carries."""
    facts = param.assumptions0
    return all(getattr(value, f"is_{fact}") is True for fact in _CHECKED if facts.get(fact) is True)


def check_pattern(name: str, pattern: sympy.Expr) -> None:
    symbols = [s for s in pattern.free_symbols if isinstance(s, sympy.Symbol)]
    if len(symbols) > 1:
        raise NotationError(f"{name}: the index pattern {pattern} has several symbols; "
                            "write one symbol per index, e.g. PE_{(t,2i)}")
    if not symbols:
        return
    (s,) = symbols
    linear = _linear(pattern, s)
    if linear is None or not (linear[0].is_integer and linear[0] != 0) or linear[1].free_symbols:
        raise NotationError(f"{name}: the index pattern {pattern} must be c*{s} + e with a nonzero "
                            f"integer c and a constant e, e.g. 2*{s} + 1")


def _linear(pattern: sympy.Expr, s: sympy.Symbol) -> tuple[sympy.Expr, sympy.Expr] | None:
    """``(c, e)`` with ``pattern == c*s + e`` and neither depending on ``s``, or None."""
    expanded = sympy.expand(pattern)
    coeff = expanded.coeff(s, 1)
    rest = sympy.expand(expanded - coeff * s)
    if s in coeff.free_symbols or s in rest.free_symbols:
        return None
    return coeff, rest


def bind(pattern: sympy.Expr, arg: sympy.Expr, bound: dict[sympy.Symbol, sympy.Expr]) -> bool:
    if isinstance(pattern, sympy.MatrixSymbol):  # a matrix argument binds any matrix of its shape
        if getattr(arg, "shape", None) != pattern.shape:
            return False
        bound[pattern] = arg
        return True
    symbols = [s for s in pattern.free_symbols if isinstance(s, sympy.Symbol)]
    if not symbols:
        return sympy.expand(arg - pattern) == 0
    (s,) = symbols
    if pattern == s:
        value = arg
    else:
        coeff, rest = _linear(pattern, s) or (sympy.Integer(1), sympy.Integer(0))  # checked on definition
        value = sympy.expand((arg - rest) / coeff)
    if s in bound:
        return sympy.expand(bound[s] - value) == 0
    if not keeps_assumptions(s, value):
        return False
    bound[s] = value
    return True
