"""Breakpoint splits: decide Piecewise, Min, Max, Abs, sign and Heaviside in one real variable by cases.

A ramp such as YaRN's γ(r) (0 below α, 1 above β, linear between) is a Piecewise whose
conditions are linear in one real variable r. Min, Max, Abs, sign and Heaviside of real
arguments are rewritten to the same shape. Each condition a·r + c REL 0 (a provably nonzero) changes truth
only at its breakpoint −c/a. With the breakpoints p_1 < … < p_m in a proven order, the real
line is covered exactly by

* r = p_1 − v and r = p_m + v for a fresh v > 0 (the two outer rays),
* r = p_k (each breakpoint), and
* r = (p_k + p_(k+1)·v)/(1 + v) for v > 0 (each open interval between neighbours).

In each case every condition is decided by the sign of its two sides' difference, which
SymPy's assumptions must *know* (a condition left undecided refuses the split), so every
Piecewise collapses to one branch, and the case is an ordinary statement in v. The claim holds
for every real r exactly when each case holds for every v > 0.
"""

from __future__ import annotations

import functools
import itertools

import sympy
from sympy.core.relational import Relational

__all__ = ["breakpoint_cases", "decide_relation"]

_MAX_BREAKPOINTS = 8


def _as_piecewise(expr: sympy.Basic) -> sympy.Basic:
    def rewrite(node: sympy.Basic) -> sympy.Basic:
        if not all(a.is_real for a in node.args):
            return node  # Min/Max/Abs of complex values are not ramps on the real line
        return node.rewrite(sympy.Piecewise)

    # SymPy's own rewrites, faithful to its values at the jump: sign(0) = 0, Heaviside(0) = 1/2
    # (or the second argument when one is given).
    kinds = (sympy.Min, sympy.Max, sympy.Abs, sympy.sign, sympy.Heaviside)
    return expr.replace(lambda e: isinstance(e, kinds), rewrite)


def decide_relation(rel: Relational) -> bool | None:
    """The truth of ``rel`` for every value of its symbols, from the sign of lhs − rhs; else None.

    >>> v = sympy.Symbol("v", positive=True)
    >>> point = (1 + 32*v)/(1 + v)  # strictly between 1 and 32 for every v > 0
    >>> decide_relation(sympy.Lt(point, 32, evaluate=False)), decide_relation(sympy.Lt(point, 2, evaluate=False))
    (True, None)
    """
    gap = sympy.factor(sympy.together(rel.lhs - rel.rhs))
    if gap.is_zero:
        sign = 0
    elif gap.is_positive:
        sign = 1
    elif gap.is_negative:
        sign = -1
    else:
        return None
    return {"==": sign == 0, "!=": sign != 0, "<": sign < 0, "<=": sign <= 0,
            ">": sign > 0, ">=": sign >= 0}.get(rel.rel_op)


def _breakpoint(rel: Relational, r: sympy.Symbol) -> sympy.Expr | None:
    poly = (rel.lhs - rel.rhs).as_poly(r)
    if poly is None or poly.degree() != 1 or any(c.has(r) for c in poly.coeffs()):
        return None
    slope, offset = poly.all_coeffs()
    return -offset / slope if slope.is_nonzero else None


def _variables(relations: list[Relational]) -> list[sympy.Symbol]:
    """The real symbols that every condition involves: candidates for the ramp variable."""
    common = functools.reduce(lambda acc, rel: acc & rel.free_symbols, relations[1:], relations[0].free_symbols)
    return sorted((s for s in common if isinstance(s, sympy.Symbol) and s.is_real), key=str)


def _ordered(points: list[sympy.Expr]) -> list[sympy.Expr] | None:
    """The distinct breakpoints in increasing order, or None if some order is not proven."""
    out: list[sympy.Expr] = []
    for p in points:
        position = 0
        for q in out:
            relation = sympy.factor(sympy.together(p - q))
            if relation.is_zero:
                break
            if relation.is_positive:
                position += 1
            elif not relation.is_negative:
                return None
        else:
            out.insert(position, p)
    return out


def _collapse(expr: sympy.Basic, r: sympy.Symbol, value: sympy.Expr) -> sympy.Basic | None:
    substituted = expr.xreplace({r: value})
    relations = [rel for rel in substituted.atoms(Relational)]
    truth = {rel: decide_relation(rel) for rel in relations}
    if any(t is None for t in truth.values()):
        return None
    collapsed = substituted.xreplace({rel: sympy.true if t else sympy.false for rel, t in truth.items()})
    return None if collapsed.has(sympy.Piecewise) else collapsed


def breakpoint_cases(expr: sympy.Basic) -> list[sympy.Basic] | None:
    """The cases that together cover the real line of the ramp variable, or None if no split applies.

    >>> r = sympy.Symbol("r", real=True)
    >>> ramp = sympy.Piecewise((0, r < 1), (1, r > 32), ((r - 1)/31, True))
    >>> [sympy.simplify(c) for c in breakpoint_cases(ramp - sympy.Min(1, sympy.Max(0, (r - 1)/31)))]
    [0, 0, 0, 0, 0]
    """
    expr = _as_piecewise(expr)
    relations = [rel for pw in expr.atoms(sympy.Piecewise) for _, cond in pw.args
                 for rel in getattr(cond, "atoms", lambda *_: set())(Relational)]
    if not relations:
        return None
    for r in _variables(relations):
        cases = _split_at_breakpoints(expr, relations, r)
        if cases is not None:
            return cases
    return None


def _split_at_breakpoints(expr: sympy.Basic, relations: list[Relational],
                          r: sympy.Symbol) -> list[sympy.Basic] | None:
    points = [_breakpoint(rel, r) for rel in relations]
    if any(p is None for p in points):
        return None
    ordered = _ordered([p for p in points if p is not None])
    if ordered is None or len(ordered) > _MAX_BREAKPOINTS:
        return None
    v = sympy.Dummy("v", positive=True)
    values = [ordered[0] - v, *ordered, ordered[-1] + v]
    values += [(lo + hi * v) / (1 + v) for lo, hi in itertools.pairwise(ordered)]
    cases = [_collapse(expr, r, value) for value in values]
    return None if any(c is None for c in cases) else cases
