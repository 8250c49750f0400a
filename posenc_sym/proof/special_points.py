"""The values of a real symbol that put a trigonometric argument on a special angle.

A random rational never lands where sin is exactly 1 or exp(i·x) crosses the branch cut of a
power: sin(x)**2 < 1 held at every pooled rational and fails only at x = π/2 + kπ. When a symbol
appears linearly in the argument of a trigonometric function (or of exp with an imaginary
argument), the falsifier also tries the values that make that argument a rational multiple of π.
Other symbols of the argument take the values of the point being varied, so ω·p = π/2 is reached
by p = π/(2ω) for the ω of that point: two symbols varied together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sympy

__all__ = ["SPECIAL_ANGLES", "angle_arguments", "special_values"]

_pi = sympy.pi
#: Where sin, cos and tan take their exact values, their extremes and their poles; π and 3π/2
#: are past the principal branch of log and of non-integer powers of exp(i·x).
SPECIAL_ANGLES: tuple[sympy.Expr, ...] = (
    sympy.S.Zero, _pi / 2, _pi, 3 * _pi / 2, -_pi / 2, _pi / 6, _pi / 4, _pi / 3, 2 * _pi / 3, 2 * _pi, -_pi,
)
#: At most this many distinct arguments per symbol: a sum of many trig terms would otherwise
#: multiply the points (each is a full evaluation of the statement).
MAX_ARGUMENTS = 3


def angle_arguments(exprs: Iterable[sympy.Basic]) -> list[sympy.Expr]:
    """The arguments of trig functions, and the real angle θ of each exp(i·θ), in the expressions.

    >>> x = sympy.Symbol("x", real=True)
    >>> sorted(angle_arguments([sympy.sin(2 * x) + sympy.exp(sympy.I * x)]), key=str)
    [2*x, x]
    """
    out: list[sympy.Expr] = []
    for expr in exprs:
        if not isinstance(expr, sympy.Basic):
            continue
        for atom in sympy.preorder_traversal(expr):
            if isinstance(atom, sympy.functions.elementary.trigonometric.TrigonometricFunction):
                out.append(atom.args[0])
            elif isinstance(atom, sympy.exp):
                theta = sympy.expand(atom.args[0] / sympy.I)
                if theta.free_symbols and theta.is_real:
                    out.append(theta)
    return list(dict.fromkeys(out))


def special_values(sym: sympy.Symbol, arguments: Sequence[sympy.Expr],
                   point: dict[sympy.Symbol, sympy.Expr]) -> list[sympy.Expr]:
    """Values of ``sym`` that make an argument ``c·sym + a`` (c, a taken at ``point``) a special angle.

    >>> x, w = sympy.symbols("x omega", positive=True)
    >>> special_values(x, [w * x], {x: sympy.Integer(1), w: sympy.Integer(2)})[:3]
    [0, pi/4, pi/2]
    """
    if not sym.is_real or sym.is_integer:
        return []
    others = {s: v for s, v in point.items() if s != sym}
    out: list[sympy.Expr] = []
    used = 0
    for arg in arguments:
        if used >= MAX_ARGUMENTS or sym not in arg.free_symbols:
            continue
        poly = sympy.Poly(arg, sym) if arg.is_polynomial(sym) else None
        if poly is None or poly.degree() != 1:
            continue
        c, a = (coeff.xreplace(others) for coeff in poly.all_coeffs())
        if not (c.is_number and a.is_number and c.is_real and a.is_real) or c.is_zero:
            continue
        used += 1
        out += [(angle - a) / c for angle in SPECIAL_ANGLES]
    return list(dict.fromkeys(out))
