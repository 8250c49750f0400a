"""Inequalities for sums, term by term: Σ_{j=lo}^{hi} f(j) < R from f(j) ≤ R/N and one strict term.

``Σ_i cos(ω_i·K) < d/2`` for an integer K ≠ 0: every term is at most 1, and the term i = 0,
cos(K), is strictly less than 1 (cos K = 1 only at multiples of 2π, and a nonzero integer is
not one because π is irrational; SymPy knows sin(K/2) ≠ 0 for a nonzero rational K/2, so
1 − cos K = 2·sin²(K/2) > 0). The rule, for a sum over N terms with U = R/N:

* N = hi − lo + 1 must be provably a positive integer and lo an integer (:func:`.series.term_count`);
* U − f(lo + g) ≥ 0 must be proven for a fresh integer g ≥ 0 (every index the sum takes, and more);
* for ``<``, U − f(j₀) > 0 must be proven for the first or the last index j₀;

then Σ f ≤ N·U = R, and strictly so when one term is strictly below U. A lower bound
Σ f > R is the same rule for Σ (−f) < −R, and Σ f < Σ g over one range is Σ (f − g) < 0
(PE(t)·PE(t + K) < ‖PE(t)‖² for an integer K ≠ 0).
"""

from __future__ import annotations

from collections.abc import Callable

import sympy

from .series import term_count

__all__ = ["SignProver", "prove_sum_bound"]

#: Proves ``gap > 0`` (strict) or ``gap ≥ 0`` from SymPy's assumptions; returns a method name or None.
SignProver = Callable[[sympy.Expr, bool], "str | None"]


def _upper_bound(total: sympy.Sum, bound: sympy.Expr, strict: bool, sign: SignProver) -> str | None:
    if len(total.limits) != 1:
        return None
    j, lo, hi = total.limits[0]
    count = term_count(lo, hi)
    if count is None or not count.is_positive or bound.has(j):
        return None
    each = sympy.cancel(bound / count)
    g = sympy.Dummy("g", integer=True, nonnegative=True)
    every = sign(each - total.function.xreplace({j: lo + g}), False)
    if every is None:
        return None
    if not strict:
        return f"termwise ({every})"
    for edge in (lo, hi):
        one = sign(each - total.function.xreplace({j: edge}), True)
        if one is not None:
            return f"termwise ({every}; strict at one end: {one})"
    return None


def _sums_compared(big: sympy.Sum, small: sympy.Sum, strict: bool, sign: SignProver) -> str | None:
    """Σ f < Σ g over one range: Σ (f − g) < 0 term by term (each term's bound is 0/N = 0)."""
    if len(big.limits) != 1 or len(small.limits) != 1:
        return None
    (jb, lo_b, hi_b), (js, lo_s, hi_s) = big.limits[0], small.limits[0]
    if (lo_b, hi_b) != (lo_s, hi_s):
        return None
    # The same index for both summands; a fresh one, so that no free symbol is captured.
    j = sympy.Dummy("j", integer=True)
    gap = small.function.xreplace({js: j}) - big.function.xreplace({jb: j})
    return _upper_bound(sympy.Sum(gap, (j, lo_s, hi_s)), sympy.S.Zero, strict, sign)


def _scaled(side: sympy.Expr) -> sympy.Expr:
    """c·Σ f as Σ (c·f) for a c free of the index (the mean (2/d)·Σ f): the same finite sum."""
    coeff, rest = side.as_independent(sympy.Sum, as_Add=False)
    if not isinstance(rest, sympy.Sum) or coeff == 1 or coeff.has(*rest.variables):
        return side  # a free symbol named like the index would be captured inside
    return sympy.Sum(coeff * rest.function, *rest.limits)


def prove_sum_bound(big: sympy.Expr, small: sympy.Expr, strict: bool, sign: SignProver) -> str | None:
    """Prove ``small < big`` (``≤`` when not strict) where one side is a single sum; else None.

    >>> K = sympy.Symbol("K", integer=True, nonzero=True); i = sympy.Dummy("i", integer=True)
    >>> n = sympy.Symbol("n", integer=True, positive=True)
    >>> def sign(e, strict):
    ...     e = sympy.factor(sympy.expand(e.replace(
    ...         lambda c: isinstance(c, sympy.cos), lambda c: 1 - 2*sympy.sin(c.args[0]/2)**2)))
    ...     return "half-angle" if (e.is_positive if strict else e.is_nonnegative) else None
    >>> prove_sum_bound(n, sympy.Sum(sympy.cos(K/(i + 1)), (i, 0, n - 1)), True, sign)
    'termwise (half-angle; strict at one end: half-angle)'
    """
    small, big = _scaled(small), _scaled(big)
    if isinstance(small, sympy.Sum) and isinstance(big, sympy.Sum):
        return _sums_compared(big, small, strict, sign)
    if isinstance(small, sympy.Sum):
        return _upper_bound(small, big, strict, sign)
    if isinstance(big, sympy.Sum):
        negated = sympy.Sum(-big.function, *big.limits)
        return _upper_bound(negated, -small, strict, sign)
    return None
