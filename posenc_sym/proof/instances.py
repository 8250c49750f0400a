"""SymPy's closed forms of sums and products are checked at the edge of the admissible region before they count.

Most strategies are equivalence transforms (expand, expand_trig, ...), valid for every value
the assumptions allow. Two are not: evaluating a Sum or Product in closed form
(``summand-first``) and ``simplify``. SymPy sums Σ_{j=0}^{m} (−1)^j C(m, j) to 0 through
(1 − 1)^m = 0^m, wrong at m = 0 where the sum is 1, and simplifies binomial(n, n) to 1, wrong
at n = −1. Such a closed form is accepted only if the statement also holds, *exactly and
symbolically*, at instances where every symbol that feeds a limit (or a binomial, factorial,
gamma or other non-elementary function) is given a value, and the rest stay symbolic: each
instance is a finite sum, expanded term by term (never by ``doit``; an empty range is 0), and
reduced to 0 by the equivalence transforms alone. The instances are where closed forms
degenerate (:mod:`.edges`), smallest first:

1. for each count hi − lo + 1 and each binomial or factorial argument, the values 0, 1, 2 and −1,
   solved for each symbol in it (⌊t/2π⌋ − 3 = 0 at t = 7π; n² − 121 = 0 at n = 11), the other
   symbols at the edge point below;
2. the edge point itself: each symbol at the smallest value the conditions allow (m > 20 and
   n > m give m = 21, n = 22), not a fixed grid that such conditions exclude;
3. each symbol alone at the small values −10 … 10, the others at the edge point, one symbol
   after the other, so that no symbol uses up the budget of the others.

Only the conditions on these symbols alone are checked at an instance (b > 1 says nothing about
an integer n). A closed form that cannot be checked at a single instance is not trusted: the
proof does not count, and the claim is at best ``checked``. The numeric probe looks at the
small values independently.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

import sympy

from ..sizes import too_large
from .edges import smallest_admissible, solved_edges
from .numeric import NotEvaluable, expand_sums
from .sampling import Point, fits, satisfies

__all__ = ["CLOSED_FORM_METHODS", "ELEMENTARY", "instances_hold", "uses_closed_form"]

#: Strategy names that evaluate sums in closed form (anywhere in a method's name).
CLOSED_FORM_METHODS = ("summand-first", "simplify")
#: The most instances checked: the solved edges first, then the sweeps.
MAX_INSTANCES = 24
_SMALL = tuple(sorted(range(-10, 11), key=lambda v: (abs(v), v < 0)))


def uses_closed_form(method: str) -> bool:
    """True for a strategy that may have relied on SymPy's closed form of a sum or product.

    A method name is a chain of moves ("generalized conditions, summand-first expand", "residues (2
    cases): simplify"): a closed form anywhere in it counts.

    >>> uses_closed_form("generalized summand-first expand"), uses_closed_form("summand expand")
    (True, False)
    >>> uses_closed_form("conditions, summand-first expand"), uses_closed_form("residues (2 cases): simplify")
    (True, True)
    """
    return any(name in method for name in CLOSED_FORM_METHODS)


#: Functions SymPy never rewrites into a closed form that could be wrong at one integer.
ELEMENTARY: tuple[type[sympy.Basic], ...] = (
    sympy.sin, sympy.cos, sympy.tan, sympy.exp, sympy.log, sympy.sinh, sympy.cosh, sympy.tanh,
    sympy.atan, sympy.asin, sympy.acos, sympy.atan2, sympy.Abs, sympy.re, sympy.im, sympy.conjugate,
    sympy.sign, sympy.Max, sympy.Min, sympy.Derivative,
)


def _limit_symbols(expr: sympy.Basic) -> list[sympy.Symbol]:
    """The symbols a closed form may depend on: in the limits of a sum or product (a real t in
    ⌊t/2π⌋ included), or in the arguments of a combinatorial or special function (binomial(n, n)
    = 1 is SymPy's simplification, and binomial(−1, −1) is 0), integers only there."""
    found: set[sympy.Basic] = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Sum, sympy.Product)):
            for _, lo, hi in node.limits:
                found |= lo.free_symbols | hi.free_symbols
        elif isinstance(node, sympy.Function) and not isinstance(node, ELEMENTARY):
            found |= {s for s in node.free_symbols if s.is_integer}
    # Only free symbols: an inner limit may name an outer index, which the expansion supplies.
    found &= expr.free_symbols
    return sorted((s for s in found if isinstance(s, sympy.Symbol)), key=str)


def _candidates(expr: sympy.Basic, symbols: Sequence[sympy.Symbol], base: Point) -> Iterator[Point]:
    yield from solved_edges([expr], symbols, base)
    yield base
    # One symbol after the other at each small value (round robin), the rest at the edge point.
    sweeps = [[{**base, sym: sympy.Integer(v)} for v in _SMALL if fits(sym, sympy.Integer(v))] for sym in symbols]
    for layer in itertools.zip_longest(*sweeps):
        yield from (p for p in layer if p is not None)


def _instances(expr: sympy.Basic, symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic]) -> list[Point]:
    # Only conditions on these symbols alone can be decided at an instance; others are left out,
    # which checks more instances than needed, never fewer.
    own = [c for c in conditions if c.free_symbols <= set(symbols)]
    base = smallest_admissible(symbols, own)
    if base is None:
        return []
    out: list[Point] = []
    seen: set[tuple[sympy.Expr, ...]] = set()
    for point in _candidates(expr, symbols, base):
        key = tuple(point[s] for s in symbols)
        if key in seen or not satisfies(own, point):
            continue
        seen.add(key)
        out.append(point)
        if len(out) >= MAX_INSTANCES:
            break
    return out


def instances_hold(expr: sympy.Expr, conditions: Sequence[sympy.Basic],
                   prove: Callable[[sympy.Expr], str | None]) -> bool:
    """True when ``expr`` (claimed 0) is proven 0 exactly at every instance, and at least one was checked.

    ``prove`` is the equivalence-only prover for the finite instances.

    >>> m = sympy.Symbol("m", integer=True, nonnegative=True); j = sympy.Symbol("j", integer=True)
    >>> alternating = sympy.Sum((-1)**j * sympy.binomial(m, j), (j, 0, m))
    >>> instances_hold(alternating, [], lambda e: "expand" if sympy.expand(e) == 0 else None)
    False
    >>> instances_hold(sympy.Sum(1, (j, 0, m - 1)) - m, [], lambda e: "expand" if sympy.expand(e) == 0 else None)
    True
    >>> t = sympy.Symbol("t", real=True); late = sympy.floor(t / (2 * sympy.pi)) - 3
    >>> instances_hold(sympy.Sum((-1)**j * sympy.binomial(late, j), (j, 0, late)), [t >= 8 * sympy.pi],
    ...                lambda e: "expand" if sympy.expand(e) == 0 else None)
    True
    """
    symbols = _limit_symbols(expr)
    if not symbols:
        return True
    checked = 0
    for point in _instances(expr, symbols, conditions):
        if too_large(expr, point) is not None:
            continue  # an instance that cannot be built confirms nothing (and is not counted)
        try:
            finite = expand_sums(expr.xreplace(point))
        except NotEvaluable:
            continue  # not a finite sum at this instance (too many terms): nothing to check
        if finite.has(sympy.zoo, sympy.nan) or prove(finite) is None:
            return False
        checked += 1
    return checked > 0
