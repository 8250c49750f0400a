"""Which expressions are continuous in a variable, by construction: the licence to differentiate.

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
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import sympy

__all__ = ["is_continuous_in"]

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
