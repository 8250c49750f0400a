"""Sums and products as a reader means them: over a range of whole steps, and empty below it.

Σ_{j=lo}^{hi} f has a meaning only when hi − lo is an integer: the index runs lo, lo + 1, …
and must land on hi. SymPy's ``doit`` does not check: it counts hi − lo + 1 terms whatever hi
is, so Σ_{j=0}^{D/2−1} 1 = D/2 comes out "true" for an odd D, and Π_{j=1}^{t} s = s^t for a
real t. No proof may go through such a sum (:func:`ill_formed_ranges`).

A range with hi < lo is empty to a reader: the sum is 0, the product 1. SymPy follows Karr's
convention instead, Σ_{lo}^{hi} f = −Σ_{hi+1}^{lo−1} f for hi < lo − 1, so its closed forms
(Σ_{j=0}^{n−1} 1 = n, Π_{j=1}^{n} s = s^n) hold for every integer n only in that reading. No
proof may go through a sum or product whose count hi − lo + 1 the assumptions and conditions do
not show to be ≥ 0 (:func:`reversed_ranges`); for a nested one, for every value of the
enclosing indices (written lo + g or hi − g, as in :mod:`.definedness`). Where the count is
≥ 0 the two readings agree, so every closed form SymPy knows is then the reader's.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy

from .definedness import Range, Requirement, holds
from .strategies import rebind_indices

__all__ = ["ill_formed_ranges", "reversed_ranges"]


def _fix(span: sympy.Expr) -> str:
    loose = sorted((s for s in span.free_symbols if s.is_integer is not True), key=str)
    if loose:
        names = ", ".join(str(s) for s in loose)
        return f"declare {names} integer (integer=True), or make the bounds integers"
    denominator = sympy.denom(sympy.together(span))
    symbols = sorted(span.free_symbols, key=str)
    names = ", ".join(str(s) for s in symbols) or "the bounds"
    if denominator == 2:
        return f"declare {names} even (even=True)"
    return f"make {sympy.sstr(span)} an integer (a multiple of {denominator} for {names})"


def _describe(node: sympy.Basic, var: sympy.Basic, lo: sympy.Expr, hi: sympy.Expr) -> str:
    kind = "sum" if isinstance(node, sympy.Sum) else "product"
    span = sympy.expand(hi - lo)
    name = getattr(var, "name", var)
    return (f"the {kind} over {name} from {sympy.sstr(lo)} to {sympy.sstr(hi)} is well formed only if "
            f"{sympy.sstr(span)} is an integer, which the assumptions do not guarantee; {_fix(span)}")


def ill_formed_ranges(*terms: sympy.Basic) -> tuple[str, ...]:
    """One sentence for each Sum/Product range whose length is not known to be an integer.

    >>> D = sympy.Symbol("D", integer=True, positive=True); j = sympy.Symbol("j", integer=True)
    >>> ill_formed_ranges(sympy.Sum(1, (j, 0, D/2 - 1)))
    ('the sum over j from 0 to D/2 - 1 is well formed only if D/2 - 1 is an integer, which the \
assumptions do not guarantee; declare D even (even=True)',)
    >>> ill_formed_ranges(sympy.Sum(1, (j, 0, sympy.Symbol("d", even=True)/2 - 1)))
    ()
    """
    found: list[str] = []
    for term in terms:
        if not isinstance(term, sympy.Basic):
            continue
        # Indices renamed to what their ranges guarantee: an inner bound j + 1 is an integer
        # when the outer index j runs over integers, whatever j was declared.
        rebound = rebind_indices(term)
        for node in sympy.preorder_traversal(rebound):
            if not isinstance(node, (sympy.Sum, sympy.Product)):
                continue
            for var, lo, hi in node.limits:
                if sympy.expand(hi - lo).is_integer is not True:
                    found.append(_describe(node, var, lo, hi))
    return tuple(dict.fromkeys(found))


def _counts(expr: sympy.Basic, enclosing: tuple[Range, ...],
            out: list[tuple[sympy.Basic, Range, tuple[Range, ...]]]) -> None:
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        inner = enclosing
        for var, lo, hi in reversed(expr.limits):  # outermost first
            _counts(lo, inner, out)
            _counts(hi, inner, out)
            out.append((expr, (var, lo, hi), inner))
            inner = (*inner, (var, lo, hi))
        _counts(expr.function, inner, out)
        return
    for arg in expr.args:
        _counts(arg, enclosing, out)


def _condition_for(count: sympy.Expr, enclosing: tuple[Range, ...]) -> str:
    """The fix: the condition that makes ``count`` ≥ 0, in the simplest words available."""
    bound = [var for var, _, _ in enclosing if var in count.free_symbols]
    if bound:
        names = ", ".join(str(v) for v in bound)
        return (f"start the enclosing range where {sympy.sstr(count)} >= 0 for every {names} it takes, "
                f"or split off the values of {names} where the inner range is empty")
    free = sorted(count.free_symbols, key=str)
    if len(free) == 1:
        s = free[0]
        poly = count.as_poly(s)
        if poly is not None and poly.degree() == 1 and all(c.is_Rational for c in poly.all_coeffs()):
            slope, offset = poly.all_coeffs()
            edge = -offset / slope
            if s.is_integer:
                edge = sympy.ceiling(edge) if slope > 0 else sympy.floor(edge)
            return f"add the condition {s} >= {edge}" if slope > 0 else f"add the condition {s} <= {edge}"
    return f"add the condition {sympy.sstr(count)} >= 0"


def _reversed(node: sympy.Basic, limit: Range, enclosing: tuple[Range, ...]) -> str:
    kind = "sum" if isinstance(node, sympy.Sum) else "product"
    var, lo, hi = limit
    count = sympy.expand(hi - lo + 1)
    where = "".join(f" for every {v} from {sympy.sstr(a)} to {sympy.sstr(b)}" for v, a, b in enclosing)
    empty, karr = ("0", "reads minus the sum") if kind == "sum" else ("1", "reads the reciprocal of the product")
    return (f"the {kind} over {getattr(var, 'name', var)} from {sympy.sstr(lo)} to {sympy.sstr(hi)} counts "
            f"{sympy.sstr(count)} terms, which the assumptions do not show to be >= 0{where}; where it is negative a "
            f"reader means an empty {kind} ({empty}), and SymPy (Karr's convention) {karr} over the reversed "
            f"range; {_condition_for(count, enclosing)}")


def reversed_ranges(terms: Sequence[sympy.Basic], conditions: Sequence[sympy.Basic]) -> tuple[str, ...]:
    """One sentence for each Sum/Product range whose count hi − lo + 1 is not shown ≥ 0.

    >>> n = sympy.Symbol("n", integer=True); j = sympy.Symbol("j", integer=True)
    >>> reversed_ranges([sympy.Sum(1, (j, 0, n - 1))], [n >= 0])
    ()
    >>> reversed_ranges([sympy.Sum(1, (j, 0, n - 1))], [])[0]
    "the sum over j from 0 to n - 1 counts n terms, which the assumptions do not show to be >= 0; where it is \
negative a reader means an empty sum (0), and SymPy (Karr's convention) reads minus the sum over the reversed \
range; add the condition n >= 0"
    """
    found: list[str] = []
    for term in terms:
        if not isinstance(term, sympy.Basic) or not term.has(sympy.Sum, sympy.Product):
            continue
        nodes: list[tuple[sympy.Basic, Range, tuple[Range, ...]]] = []
        _counts(term, (), nodes)
        for node, (var, lo, hi), enclosing in nodes:
            count = sympy.expand(hi - lo + 1)
            need = Requirement(((count, "nonnegative"),), "the count", enclosing)
            if not (count.is_number and count.is_nonnegative) and not holds(need, conditions):
                found.append(_reversed(node, (var, lo, hi), enclosing))
    return tuple(dict.fromkeys(found))
