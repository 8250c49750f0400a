"""Sums and products are well formed only over a range of whole steps.

Σ_{j=lo}^{hi} f has a meaning only when hi − lo is an integer: the index runs lo, lo + 1, …
and must land on hi. SymPy's ``doit`` does not check: it counts hi − lo + 1 terms whatever hi
is, so Σ_{j=0}^{D/2−1} 1 = D/2 comes out "true" for an odd D, and Π_{j=1}^{t} s = s^t for a
real t. No proof may go through such a sum. This module finds every range that the
assumptions do not make integral, and says what to declare to make it so.
"""

from __future__ import annotations

import sympy

from .strategies import rebind_indices

__all__ = ["ill_formed_ranges"]


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
