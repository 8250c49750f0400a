"""Definite integrals in closed form, each closed form checked by quadrature before it is used.

SymPy's ``Integral.doit`` finds the value of ∫_0^π sin x dx, and of ∫_a^b x dx for symbolic limits; but its definite
integration has known slips (a branch of a piecewise antiderivative, a discontinuity inside the interval: it gives
∫_0^{3π} |sin x| dx as 2, not 6). So a closed form is used, by the prover and by the evaluator, only where it agrees
with mpmath's quadrature of the integral, to 20 digits, at three points of the names it holds (small and large), and
never for a parameter's integral with a kink (|x|, min, a step), whose closed form may hold on one piece only. An
integral SymPy does not close, or whose closed form fails that check, is kept as it is: a row about it is then not
proven (no strategy may integrate it unchecked), and it is not evaluated at a point.

>>> x = sympy.Symbol("x", real=True)
>>> closed_form(sympy.Integral(x**2, (x, 0, 1))), closed_form(sympy.Integral(sympy.sin(x), (x, 0, sympy.pi)))
(1/3, 2)
>>> f = sympy.Function("f")
>>> closed_form(sympy.Integral(f(x), (x, 0, 1))) is None
True
"""

from __future__ import annotations

import mpmath
import sympy

__all__ = ["closed_form", "evaluate_integrals"]

#: What makes an integrand or a closed form piecewise: with a parameter, a closed form SymPy gives is often right
#: on one piece only, which no finite set of points can vouch for.
_KINKED = (sympy.Abs, sympy.sign, sympy.Piecewise, sympy.Min, sympy.Max, sympy.floor, sympy.ceiling,
           sympy.Heaviside, sympy.frac)

#: Digits of the quadrature check, and how close the closed form must come to it, relative to the value's size.
_DIGITS = 30
_CLOSE = mpmath.mpf(10) ** -20


def closed_form(integral: sympy.Integral) -> sympy.Expr | None:
    """The value of a definite ``integral`` in one variable, checked by quadrature; None where there is none."""
    if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
        return None
    try:
        value = integral.doit()
    except Exception:  # SymPy failing to integrate: no closed form
        return None
    if value.has(sympy.Integral, sympy.Piecewise, sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None
    if (integral.free_symbols - {integral.limits[0][0]}) and (integral.function.has(*_KINKED) or value.has(*_KINKED)):
        return None  # ∫_0^t |sin x| dx for every t: SymPy's closed form is right below π only; points cannot vouch
    if not all(_agrees(integral, value, point) for point in _points(integral.free_symbols)):
        return None
    return sympy.sympify(value)


def evaluate_integrals(expr: sympy.Basic) -> sympy.Basic:
    """``expr`` with each definite integral that has a checked closed form replaced by it."""
    if not expr.has(sympy.Integral):
        return expr
    return expr.replace(lambda e: isinstance(e, sympy.Integral) and closed_form(e) is not None,
                        lambda e: closed_form(e))


def _points(names: set[sympy.Basic]) -> list[dict[sympy.Basic, sympy.Expr]]:
    """Three points of ``names`` in their domains (an integer 2, 3, 7; a positive 7/5, 13/7, 23/2; any other 3/7,
    -5/4, -31/3), or one empty point where there are none."""
    ordered = sorted(names, key=str)
    points = []
    for integer, positive, other in ((2, sympy.Rational(7, 5), sympy.Rational(3, 7)),
                                     (3, sympy.Rational(13, 7), sympy.Rational(-5, 4)),
                                     (7, sympy.Rational(23, 2), sympy.Rational(-31, 3))):
        point: dict[sympy.Basic, sympy.Expr] = {}
        for name in ordered:
            if getattr(name, "is_integer", False):
                point[name] = sympy.Integer(integer)
            elif getattr(name, "is_positive", False) or getattr(name, "is_nonnegative", False):
                point[name] = positive
            else:
                point[name] = other
        points.append(point)
    return points if ordered else points[:1]


def _agrees(integral: sympy.Integral, value: sympy.Expr, point: dict[sympy.Basic, sympy.Expr]) -> bool:
    """True if ``value`` and the quadrature of ``integral`` agree at ``point``."""
    variable, lower, upper = integral.limits[0]
    body = integral.function.xreplace(point)
    try:
        with mpmath.workdps(_DIGITS):
            lo, hi = (mpmath.mpmathify(sympy.N(limit.xreplace(point), _DIGITS)) for limit in (lower, upper))
            integrand = sympy.lambdify(variable, body, modules="mpmath")
            quadrature = mpmath.quad(integrand, [lo, hi])
            closed = mpmath.mpmathify(sympy.N(value.xreplace(point), _DIGITS))
            return bool(abs(closed - quadrature) <= _CLOSE * max(1, abs(closed)))
    except Exception:  # a point where either side cannot be evaluated (a pole, a complex limit): no agreement shown
        return False
