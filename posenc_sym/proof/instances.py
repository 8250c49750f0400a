"""SymPy's closed forms of sums and products are checked at the small integers before they count.

Most strategies are equivalence transforms (expand, expand_trig, ...), valid for every value
the assumptions allow. Two are not: evaluating a Sum or Product in closed form
(``summand-first``) and ``simplify``. SymPy sums Σ_{j=0}^{m} (−1)^j C(m, j) to 0 through
(1 − 1)^m = 0^m, wrong at m = 0 where the sum is 1, and simplifies binomial(n, n) to 1, wrong
at n = −1. Such a closed form is accepted only if the statement also holds, *exactly and
symbolically*, at the instances where the integer symbols of the limits (and of binomials,
factorials, gamma and other non-elementary functions) take the small values −10 … 10 that fit their assumptions and the
conditions (the first 16, smallest first): each instance is a finite sum, expanded term by term (never by ``doit``), and
reduced to 0 by the equivalence transforms alone. This is the symbolic layer's own check;
the numeric probe looks at the same values independently.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import sympy

from ..sizes import too_large
from .numeric import NotEvaluable, expand_sums
from .sampling import Point, fits, satisfies

__all__ = ["CLOSED_FORM_METHODS", "ELEMENTARY", "instances_hold", "uses_closed_form"]

#: Strategy names (prefixes, after an optional "generalized ") that evaluate sums in closed form.
CLOSED_FORM_METHODS = ("summand-first", "simplify")
#: The most instances checked, smallest values first: a closed form breaks where it
#: degenerates (0^0, a zero denominator), at the first values its range allows.
MAX_INSTANCES = 16
_SMALL = tuple(sorted(range(-10, 11), key=lambda v: (abs(v), v < 0)))


def uses_closed_form(method: str) -> bool:
    """True for a strategy that may have relied on SymPy's closed form of a sum or product.

    >>> uses_closed_form("generalized summand-first expand"), uses_closed_form("summand expand")
    (True, False)
    """
    return method.removeprefix("generalized ").startswith(CLOSED_FORM_METHODS)


#: Functions SymPy never rewrites into a closed form that could be wrong at one integer.
ELEMENTARY: tuple[type[sympy.Basic], ...] = (
    sympy.sin, sympy.cos, sympy.tan, sympy.exp, sympy.log, sympy.sinh, sympy.cosh, sympy.tanh,
    sympy.atan, sympy.asin, sympy.acos, sympy.atan2, sympy.Abs, sympy.re, sympy.im, sympy.conjugate,
    sympy.sign, sympy.Max, sympy.Min, sympy.Derivative,
)


def _limit_symbols(expr: sympy.Basic) -> list[sympy.Symbol]:
    """The integer symbols a closed form may depend on: in the limits of a sum or product, or in
    the arguments of a combinatorial or special function (binomial(n, n) = 1 is SymPy's
    simplification, and binomial(−1, −1) is 0)."""
    found: set[sympy.Basic] = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Sum, sympy.Product)):
            for _, lo, hi in node.limits:
                found |= lo.free_symbols | hi.free_symbols
        elif isinstance(node, sympy.Function) and not isinstance(node, ELEMENTARY):
            found |= node.free_symbols
    # Only free symbols: an inner limit may name an outer index, which the expansion supplies.
    found &= expr.free_symbols
    return sorted((s for s in found if isinstance(s, sympy.Symbol) and s.is_integer), key=str)


def _instances(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic]) -> list[Point]:
    pools = [[sympy.Integer(v) for v in _SMALL if fits(s, sympy.Integer(v))] for s in symbols]
    # Only conditions on these symbols alone can be decided at an instance; others are left out,
    # which checks more instances than needed, never fewer.
    own = [c for c in conditions if c.free_symbols <= set(symbols)]
    points = (dict(zip(symbols, values, strict=True)) for values in itertools.product(*pools))
    return list(itertools.islice((p for p in points if satisfies(own, p)), MAX_INSTANCES))


def instances_hold(expr: sympy.Expr, conditions: Sequence[sympy.Basic],
                   prove: Callable[[sympy.Expr], str | None]) -> bool:
    """True unless an instance at small integers of ``expr`` (claimed 0) is not proven 0 exactly.

    ``prove`` is the equivalence-only prover for the finite instances.

    >>> m = sympy.Symbol("m", integer=True, nonnegative=True); j = sympy.Symbol("j", integer=True)
    >>> alternating = sympy.Sum((-1)**j * sympy.binomial(m, j), (j, 0, m))
    >>> instances_hold(alternating, [], lambda e: "expand" if sympy.expand(e) == 0 else None)
    False
    >>> instances_hold(sympy.Sum(1, (j, 0, m - 1)) - m, [], lambda e: "expand" if sympy.expand(e) == 0 else None)
    True
    """
    symbols = _limit_symbols(expr)
    if not symbols:
        return True
    for point in _instances(symbols, conditions):
        if too_large(expr, point) is not None:
            return False  # an instance that cannot be built cannot confirm the closed form
        try:
            finite = expand_sums(expr.xreplace(point))
        except NotEvaluable:
            continue  # not a finite sum at this instance (a limit still symbolic): nothing to check
        if finite.has(sympy.zoo, sympy.nan) or prove(finite) is None:
            return False
    return True
