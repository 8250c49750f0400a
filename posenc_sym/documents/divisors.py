"""What must not vanish for a row to be defined: the divisors its assumptions do not keep from 0.

>>> t = sympy.Symbol("t", real=True)
>>> open_divisors([t - 1, t + 2], [sympy.Gt(t, 1)]), open_divisors([t - 1, t + 2], [])
([], [t - 1, t + 2])
>>> s1, s2 = sympy.symbols("s_1 s_2", real=True)
>>> open_divisors([s2 - s1], [sympy.Lt(s1, s2)])
[]
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy

__all__ = ["open_divisors"]


def open_divisors(nonzero: Sequence[sympy.Expr], conditions: Sequence[sympy.Basic]) -> list[sympy.Expr]:
    """The divisors of a row that its assumptions do not show to be nonzero."""
    found = []
    for value in nonzero:
        try:
            known = value.is_zero is False or any(c == sympy.Ne(value, 0) for c in conditions) or \
                _excluded_zero(value, conditions)
        except Exception:  # SymPy failing to decide the sign shows nothing
            known = False
        if not known:
            found.append(value)
    return found


def _excluded_zero(value: sympy.Expr, conditions: Sequence[sympy.Basic]) -> bool:
    """True if ``value`` vanishes only where a condition excludes: linear in one symbol, at a point the condition
    leaves out (t under t > 1), or ± the difference of a strict condition's sides (s_2 - s_1 under s_1 < s_2)."""
    strict = (sympy.StrictLessThan, sympy.StrictGreaterThan, sympy.Unequality)
    if any(isinstance(c, strict) and sympy.expand(value**2 - (c.lhs - c.rhs)**2) == 0 for c in conditions):
        return True  # s_2 - s_1 under s_1 < s_2: the condition's own difference, never 0
    symbols = value.free_symbols
    if len(symbols) != 1:
        return False
    symbol = next(iter(symbols))
    if not value.is_polynomial(symbol) or sympy.degree(value, symbol) != 1:
        return False
    zero = sympy.solve(value, symbol)[0]
    return any(isinstance(c, sympy.core.relational.Relational) and c.free_symbols == symbols and
               c.subs(symbol, zero) is sympy.false for c in conditions)
