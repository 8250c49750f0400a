"""Continuity and differentiability by construction: the licences to differentiate.

"Depends only on k" is stated as ``Derivative(expr, t) == 0``. A zero derivative proves that
``expr`` does not depend on ``t`` only if ``expr`` is continuous in ``t``: SymPy
differentiates a step branch by branch, and the principal branch of a multivalued function
piece by piece, so d/dθ [atan2(sin θ, cos θ) − θ] = 0 and d/dθ [log(e^(iθ)) − iθ] = 0
although both jump by 2π. The derivative is taken in the sense of distributions (the
derivative of a unit step is a Dirac delta, not 0), and for a continuous, piecewise smooth
function that is the derivative SymPy computes.

So the rule is a *whitelist*, not a list of known offenders: an expression is continuous in
``t`` when every node on the way from ``t`` up is built from continuous pieces:

* anything that does not depend on ``t``; sums, products and entire functions (exp, sin,
  cos, sinh, cosh) of continuous arguments; Abs, re, im, conjugate, Max, Min;
* powers: a nonnegative integer exponent; a base known positive (b^e = exp(e·log b));
  a base free of ``t`` and known nonzero; an integer exponent over a base known nonzero;
  a positive constant exponent over a base known nonnegative (√(x²));
* functions continuous on part of their domain, where the argument is known to stay there:
  log of a positive argument, atan/tanh/asinh of a real one, atan2(y, x) with x positive;
* a Piecewise whose conditions do not mention ``t``; a Sum or Product whose limits do not.

Everything else (tan, cot, sec, csc and their poles, acot, asin, acos, arg, atan2 and log off
those domains, non-integer powers of an argument that can leave the positive reals, sign,
floor, ceiling, frac, Mod, Heaviside, a Piecewise in ``t``, unknown functions, integrals) is
a possible jump: the derivative is left unevaluated and nothing is proven through it.

Continuity is what the *falsifier* needs: SymPy's derivative of a continuous, piecewise smooth
expression is right wherever the expression is differentiable, and at a kink it holds sign,
Heaviside or a 0/0 at exactly the kink, which the evaluator refuses to evaluate there. A *proof*
needs more: d/dy (−s·|t − y|) = s·sign(t − y) and d/dx max(0, x) = H(x) are "proven" by SymPy for
every y and x, although neither function has a derivative at its kink. So the licence to carry
out a derivative on the way to "proven" is differentiability by construction
(:func:`differentiability_obstacle`), under the assumptions and the conditions: sums, products and
entire functions; Abs(a), sign(a) and Heaviside(a) only where a is provably nonzero; Max and Min
only where their arguments provably differ; powers with a nonnegative integer exponent, a
positive base, a constant nonzero base, an integer exponent over a nonzero base, or a constant
exponent ≥ 1 over a nonnegative base (|x|^(3/2), not √(x²)); log of a positive argument; tan,
sec (cot, csc) where cos (sin) is provably nonzero; atan, tanh, asinh of a real argument; atan2
with a positive second argument; Piecewise, Sum and Product as above. floor, ceiling, frac, Mod
and anything else are never differentiated.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import ClassVar

import sympy

from .signs import has_sign

__all__ = ["differentiability_obstacle", "is_continuous_in"]

_ENTIRE: tuple[type[sympy.Basic], ...] = (
    sympy.exp, sympy.sin, sympy.cos, sympy.sinh, sympy.cosh,
    sympy.Abs, sympy.re, sympy.im, sympy.conjugate, sympy.Max, sympy.Min,
)

#: Functions continuous where every argument satisfies the test (a sufficient condition).
_ON_A_DOMAIN: dict[type[sympy.Basic], Callable[[tuple[sympy.Basic, ...]], bool]] = {
    sympy.log: lambda args: len(args) == 1 and args[0].is_positive is True,
    sympy.atan: lambda args: args[0].is_extended_real is True,
    sympy.tanh: lambda args: args[0].is_extended_real is True,
    sympy.asinh: lambda args: args[0].is_extended_real is True,
    sympy.atan2: lambda args: args[1].is_positive is True,
}


def _power_is_continuous(power: sympy.Pow, variables: Collection[sympy.Basic]) -> bool:
    base, exponent = power.args
    if not (_continuous(base, variables) and _continuous(exponent, variables)):
        return False
    if exponent.is_integer and exponent.is_nonnegative and not (exponent.free_symbols & set(variables)):
        return True
    if base.is_positive:
        return True
    if not (base.free_symbols & set(variables)):
        return bool(base.is_nonzero)
    if exponent.free_symbols & set(variables):
        return False  # x**t with x free to reach 0 or the negative axis
    if exponent.is_integer:
        return bool(base.is_nonzero)  # a pole where the base vanishes
    return bool(exponent.is_number and exponent.is_positive and base.is_nonnegative)


def _continuous(expr: sympy.Basic, variables: Collection[sympy.Basic]) -> bool:
    if not (expr.free_symbols & set(variables)):
        return True
    if isinstance(expr, sympy.Symbol):
        return True
    if isinstance(expr, (sympy.Add, sympy.Mul, *_ENTIRE)):
        assert isinstance(expr, sympy.Basic)
        return all(_continuous(a, variables) for a in expr.args)
    if isinstance(expr, sympy.Pow):
        return _power_is_continuous(expr, variables)
    domain = _ON_A_DOMAIN.get(type(expr))
    if domain is not None:
        return domain(expr.args) and all(_continuous(a, variables) for a in expr.args)
    if isinstance(expr, sympy.Piecewise):
        return all(not (c.free_symbols & set(variables)) and _continuous(v, variables) for v, c in expr.args)
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        limits_free = all(not ((lo.free_symbols | hi.free_symbols) & set(variables)) for _, lo, hi in expr.limits)
        return limits_free and _continuous(expr.function, variables)
    return False


def is_continuous_in(expr: sympy.Basic, variables: Collection[sympy.Basic]) -> bool:
    """True when ``expr`` is continuous in each of ``variables`` by construction (see the module doc).

    >>> t = sympy.Symbol("t", real=True); b = sympy.Symbol("b", positive=True)
    >>> is_continuous_in(sympy.sin(b**(-t) * t) + sympy.Abs(t), [t])
    True
    >>> is_continuous_in(sympy.atan2(sympy.sin(t), sympy.cos(t)), [t])
    False
    >>> is_continuous_in(sympy.sqrt(sympy.exp(2 * sympy.I * t)), [t])
    False
    """
    return _continuous(expr, variables)


#: Smooth wherever their arguments are.
_SMOOTH: tuple[type[sympy.Basic], ...] = (
    sympy.Add, sympy.Mul, sympy.exp, sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.re, sympy.im, sympy.conjugate,
)
_POLES = {sympy.tan: sympy.cos, sympy.sec: sympy.cos, sympy.cot: sympy.sin, sympy.csc: sympy.sin}


class _Rules:
    """Differentiability in ``variables`` by construction, under ``conditions`` (see the module doc)."""

    def __init__(self, variables: Collection[sympy.Basic], conditions: Sequence[sympy.Basic]) -> None:
        self.variables, self.conditions = set(variables), tuple(conditions)
        # f^p with f ≥ 0 is differentiable k times at f = 0 only for p ≥ k (|x|^(3/2) once, not twice).
        self.order = max((list(variables).count(v) for v in self.variables), default=1)

    def nonzero(self, e: sympy.Expr) -> bool:
        return has_sign(e, self.conditions, "nonzero")

    def obstacle(self, expr: sympy.Basic) -> str | None:
        """None when ``expr`` is differentiable by construction, else where it may not be."""
        if not (expr.free_symbols & self.variables) or isinstance(expr, sympy.Symbol):
            return None
        if isinstance(expr, sympy.Piecewise):
            if any(c.free_symbols & self.variables for _, c in expr.args):
                return f"{sympy.sstr(expr)} may jump or kink where its conditions change"
            return self._first(v for v, _ in expr.args)
        if isinstance(expr, (sympy.Sum, sympy.Product)):
            if any((lo.free_symbols | hi.free_symbols) & self.variables for _, lo, hi in expr.limits):
                return f"the limits of {sympy.sstr(expr)} depend on the variable"
            return self.obstacle(expr.function)
        inner = self._first(expr.args)
        if inner is not None:
            return inner
        if isinstance(expr, _SMOOTH):
            return None
        check = self._RULES.get(type(expr))
        if check is not None:
            return check(self, expr)
        for kind, vanishing in _POLES.items():
            if isinstance(expr, kind):
                where = vanishing(expr.args[0])
                return None if self.nonzero(where) else f"{sympy.sstr(expr)} has a pole where {sympy.sstr(where)} = 0"
        return f"{sympy.sstr(expr)} is not differentiable by construction"

    def _first(self, exprs: Iterable[sympy.Basic]) -> str | None:
        return next((o for o in map(self.obstacle, exprs) if o is not None), None)

    def _kink(self, expr: sympy.Basic) -> str | None:
        a = expr.args[0]
        return None if self.nonzero(a) else f"{sympy.sstr(expr)} has a kink or a jump where {sympy.sstr(a)} = 0"

    def _lattice(self, expr: sympy.Basic) -> str | None:
        for a, b in itertools.combinations(expr.args, 2):
            if not self.nonzero(a - b):
                return f"{sympy.sstr(expr)} has a kink where {sympy.sstr(a)} = {sympy.sstr(b)}"
        return None

    def _power(self, expr: sympy.Basic) -> str | None:
        base, exponent = expr.args
        constant = not (exponent.free_symbols & self.variables)
        if constant and exponent.is_integer and exponent.is_nonnegative:
            return None
        if has_sign(base, self.conditions, "positive"):
            return None
        if not (base.free_symbols & self.variables):
            return None if self.nonzero(base) else f"{sympy.sstr(expr)} at {sympy.sstr(base)} = 0"
        if constant and exponent.is_integer and self.nonzero(base):
            return None
        if constant and bool((exponent - self.order).is_nonnegative) and has_sign(base, self.conditions, "nonnegative"):
            return None
        return f"{sympy.sstr(expr)} is not differentiable where {sympy.sstr(base)} = 0 or off the positive reals"

    def _log(self, expr: sympy.Basic) -> str | None:
        if len(expr.args) == 1 and has_sign(expr.args[0], self.conditions, "positive"):
            return None
        return f"{sympy.sstr(expr)} is not differentiable where its argument leaves the positive reals"

    def _real_smooth(self, expr: sympy.Basic) -> str | None:
        return None if expr.args[0].is_extended_real else f"{sympy.sstr(expr)} of a complex argument"

    def _atan2(self, expr: sympy.Basic) -> str | None:
        x = expr.args[1]
        return None if has_sign(x, self.conditions, "positive") else f"{sympy.sstr(expr)} may cross its cut"

    _RULES: ClassVar[dict[type[sympy.Basic], Callable[[_Rules, sympy.Basic], str | None]]] = {
        sympy.Abs: _kink, sympy.sign: _kink, sympy.Heaviside: _kink,
        sympy.Max: _lattice, sympy.Min: _lattice, sympy.Pow: _power, sympy.log: _log,
        sympy.atan: _real_smooth, sympy.tanh: _real_smooth, sympy.asinh: _real_smooth, sympy.atan2: _atan2,
    }


def differentiability_obstacle(expr: sympy.Basic, variables: Collection[sympy.Basic],
                               conditions: Sequence[sympy.Basic] = ()) -> str | None:
    """None when ``expr`` is differentiable in ``variables`` by construction; else where it may not be.

    >>> t, y = sympy.symbols("t y", real=True)
    >>> differentiability_obstacle(sympy.Abs(t - y), [y])
    'Abs(t - y) has a kink or a jump where t - y = 0'
    >>> differentiability_obstacle(sympy.Abs(t - y), [y], [y < t]) is None
    True
    >>> differentiability_obstacle(sympy.sin(y)**2 + sympy.exp(y), [y]) is None
    True
    """
    return _Rules(variables, conditions).obstacle(expr)
