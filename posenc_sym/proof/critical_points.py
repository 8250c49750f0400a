"""The values of a real symbol where a rational difference touches zero or is undefined.

A strict inequality such as t² + 1 > 2t fails at one point only, t = 1, where (t − 1)² touches 0: random
rationals and the pool never land there, and a false claim came back "checked". Where the difference of the
two sides is a rational function of one real symbol (the others at the values of one admissible point), the
real roots of its numerator and of its denominator are where it can change sign, vanish or be undefined; the
falsifier tries them.

>>> t = sympy.Symbol("t", real=True)
>>> critical_values(t, [t**2 + 1 - 2*t], {t: sympy.Integer(3)})
[1]
>>> critical_values(t, [sympy.sin(t) - t], {t: sympy.Integer(3)})
[]
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy

__all__ = ["critical_values"]

#: Polynomials of higher degree are not solved (their roots cost more than the points they would give).
MAX_DEGREE = 8
#: At most this many values per symbol.
MAX_VALUES = 8


def critical_values(sym: sympy.Symbol, differences: Sequence[sympy.Basic],
                    point: dict[sympy.Symbol, sympy.Expr]) -> list[sympy.Expr]:
    """Real roots of the numerators and denominators of ``differences`` in ``sym`` (other symbols at ``point``),
    for a real, non-integer symbol and differences that are rational functions of it; [] otherwise."""
    if not sym.is_real or sym.is_integer:
        return []
    others = {s: v for s, v in point.items() if s != sym}
    found: list[sympy.Expr] = []
    for difference in differences:
        if not isinstance(difference, sympy.Expr):
            continue
        try:
            expr = sympy.together(difference.xreplace(others))
            if sym not in expr.free_symbols or not expr.is_rational_function(sym) or len(expr.free_symbols) > 1:
                continue
            for part in expr.as_numer_denom():
                poly = sympy.Poly(part, sym)
                if 0 < poly.degree() <= MAX_DEGREE:
                    found.extend(r for r in poly.real_roots() if r not in found)
        except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
            continue
    return found[:MAX_VALUES]
