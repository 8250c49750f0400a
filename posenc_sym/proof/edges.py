"""The edge of the admissible region: where a closed form of a sum or product degenerates.

A closed form SymPy gives for Σ_{j=0}^{N} (−1)^j C(N, j) is wrong only where the sum has one
term (N = 0). A fixed grid of small integers never gets there when N = ⌊t/2π⌋ − 3 (t is real),
when the conditions start past the grid (m > 20, n > m: N = n − m − 1 is 0 at n = 22), or when
N = n² − 121 (0 at n = 11). So the points are computed, not drawn:

* :func:`smallest_admissible`: each symbol at the smallest value its assumptions and the
  conditions allow, symbols bounded by others after those (m = 21, then n = m + 1 = 22);
* :func:`count_targets`: the counts hi − lo + 1 of the sums and products, and the arguments of
  binomials and factorials, whose small values (0, 1, 2, and −1: a reversed range) are where
  closed forms break;
* :func:`solutions`: the values of one symbol that give such an expression a chosen value, by
  solving it exactly (a polynomial, or floor/ceiling of one: ⌊u(t)⌋ = K at u(t) = K + 1/2).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import sympy
from sympy.core.relational import Relational

from .budget import time_limit
from .sampling import Point, fits, satisfies

__all__ = ["EDGE_COUNTS", "count_targets", "region_edges", "smallest_admissible", "solutions", "solved_edges"]

#: Small values tried for a symbol without a bound, smallest magnitude first.
_SMALL = tuple(sorted(range(-10, 11), key=lambda v: (abs(v), v < 0)))
_HALF = sympy.Rational(1, 2)
#: Solving is exact but may be slow on an unlucky expression: it then gives nothing.
SOLVE_SECONDS = 1.0
#: Values of a count (or a binomial argument) where closed forms degenerate; −1 is the first
#: reversed range, empty to a reader and negative to SymPy's Karr convention.
EDGE_COUNTS = (0, 1, 2, -1)


def count_targets(expr: sympy.Basic) -> list[sympy.Expr]:
    """hi − lo + 1 of every Sum/Product limit free of other indices, and the arguments of binomial/factorial.

    >>> n, j = sympy.symbols("n j", integer=True)
    >>> count_targets(sympy.Sum(sympy.binomial(n - 3, j), (j, 0, n - 3)))
    [n - 2, n - 3]
    """
    out: list[sympy.Expr] = []
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Sum, sympy.Product)):
            bound = set(node.variables)
            for _, lo, hi in node.limits:
                if not ((lo.free_symbols | hi.free_symbols) & bound):
                    out.append(sympy.expand(hi - lo + 1))
        elif isinstance(node, (sympy.binomial, sympy.factorial)):
            out.append(sympy.expand(node.args[0]))
    free = expr.free_symbols
    return list(dict.fromkeys(c for c in out if c.free_symbols and c.free_symbols <= free))


def _bounds(sym: sympy.Symbol, conditions: Sequence[sympy.Basic], point: Point) -> list[sympy.Expr]:
    """The edge values each condition ``sym REL e`` (e known at ``point``) allows, nearest first."""
    out: list[sympy.Expr] = []
    for cond in conditions:
        if not isinstance(cond, Relational) or cond.rel_op not in ("<", "<=", ">", ">="):
            continue
        if cond.lhs == sym:
            op, other = cond.rel_op, cond.rhs
        elif cond.rhs == sym:
            op, other = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[cond.rel_op], cond.lhs
        else:
            continue
        edge = other.xreplace(point)
        if not (edge.is_number and edge.is_extended_real and edge.is_finite):
            continue
        strict = op in ("<", ">")
        if sym.is_integer:
            value = (sympy.floor(edge) + 1 if strict or not edge.is_integer else edge) if op[0] == ">" else \
                (sympy.ceiling(edge) - 1 if strict or not edge.is_integer else edge)
        else:
            value = (edge + _HALF if strict else edge) if op[0] == ">" else (edge - _HALF if strict else edge)
        out.append(value)
    return out


def smallest_admissible(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic]) -> Point | None:
    """A point at the edge of the region: each symbol at a bound a condition names, or at its smallest value.

    Symbols bounded only by numbers come first, then those bounded by them; a condition is
    checked as soon as its symbols have values. None when no such point is found.

    >>> m, n = sympy.symbols("m n", integer=True)
    >>> smallest_admissible([m, n], [m > 20, n > m])
    {m: 21, n: 22}
    """
    point: Point = {}
    todo = list(symbols)
    while todo:
        ready = [s for s in todo if all(
            (c.free_symbols - {s}) <= set(point) for c in conditions if s in c.free_symbols)] or todo[:1]
        sym = ready[0]
        todo.remove(sym)
        candidates = _bounds(sym, conditions, point) + [sympy.Integer(v) for v in _SMALL]
        known = [c for c in conditions if c.free_symbols <= {*point, sym}]
        value = next((v for v in candidates if fits(sym, v) and satisfies(known, {**point, sym: v})), None)
        if value is None:
            return None
        point[sym] = value
    return point if satisfies(conditions, point) else None


def _roots(equation: sympy.Expr, sym: sympy.Symbol) -> list[sympy.Expr]:
    try:
        with time_limit(SOLVE_SECONDS):
            found = sympy.solve(equation, sym, dict=False)
    except Exception:  # out of time, or SymPy cannot solve it: no value
        return []
    return [r for r in found if isinstance(r, sympy.Expr) and r.is_extended_real]


def solutions(expr: sympy.Expr, sym: sympy.Symbol, value: sympy.Expr, point: Point) -> list[sympy.Expr]:
    """Values of ``sym`` (fitting its assumptions) where ``expr`` equals ``value``, the other symbols at ``point``.

    >>> t = sympy.Symbol("t", real=True); n = sympy.Symbol("n", integer=True)
    >>> solutions(sympy.floor(t / (2 * sympy.pi)) - 3, t, sympy.S.Zero, {})
    [6*pi, 7*pi]
    >>> solutions(n**2 - 121, n, sympy.S.Zero, {})
    [-11, 11]
    """
    others = {s: v for s, v in point.items() if s != sym}
    target = expr.xreplace(others)
    if not target.has(sym):
        return []
    rounding = [f for f in target.atoms(sympy.floor, sympy.ceiling) if f.has(sym)]
    candidates: list[sympy.Expr] = []
    if len(rounding) == 1:
        (node,) = rounding
        k = sympy.Dummy("K", integer=True)
        reduced = target.xreplace({node: k})
        if not reduced.has(sym):
            offset = _HALF if isinstance(node, sympy.floor) else -_HALF
            for whole in _roots(reduced - value, k):
                if whole.is_integer:
                    candidates += _roots(node.args[0] - whole - offset, sym) + _roots(node.args[0] - whole, sym)
    elif not rounding:
        candidates = _roots(target - value, sym)
    exact = [c for c in dict.fromkeys(candidates)
             if fits(sym, c) and sympy.expand(target.xreplace({sym: c}) - value) == 0]
    return sorted(exact, key=sympy.default_sort_key)


def solved_edges(exprs: Sequence[sympy.Basic], symbols: Sequence[sympy.Symbol], base: Point) -> Iterator[Point]:
    """``base`` with one symbol moved to where a count or binomial argument is 0, 1, 2 or −1 (not yet
    checked against the conditions).

    >>> n, j = sympy.symbols("n j", integer=True)
    >>> [p[n] for p in solved_edges([sympy.Sum(1, (j, 0, n**2 - 121))], [n], {n: sympy.Integer(12)})]
    [-11, 11]
    """
    targets = list(dict.fromkeys(c for e in exprs if isinstance(e, sympy.Basic) for c in count_targets(e)))
    for count in targets:
        for value, sym in itertools.product(EDGE_COUNTS, symbols):
            if sym in count.free_symbols:
                for solved in solutions(count, sym, sympy.Integer(value), base):
                    yield {**base, sym: solved}


def region_edges(exprs: Sequence[sympy.Basic], symbols: Sequence[sympy.Symbol],
                 conditions: Sequence[sympy.Basic], others: Sequence[Point] = ()) -> Iterator[Point]:
    """Admissible points at the edge of the region: the smallest point and the solved edges around it,
    then the solved edges around each of ``others`` (a typical point: at the smallest one b may be 1,
    where b^t = 1 hides what a reversed product does).

    >>> m, n, j = sympy.symbols("m n j", integer=True)
    >>> [(p[m], p[n]) for p in region_edges([sympy.Sum(1, (j, 0, n - m - 1))], [m, n], [m > 20, n > m])]
    [(21, 22), (21, 23)]
    """
    smallest = smallest_admissible(symbols, conditions)
    bases = ([smallest] if smallest is not None else []) + list(others)
    seen: set[tuple[sympy.Expr, ...]] = set()
    for base in bases:
        for point in itertools.chain([base], solved_edges(exprs, symbols, base)):
            key = tuple(point[s] for s in symbols)
            if key not in seen and satisfies(conditions, point):
                seen.add(key)
                yield point
