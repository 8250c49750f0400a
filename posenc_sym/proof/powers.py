"""Common roots: powers of one positive base with related exponents, as powers of one fresh symbol.

``b^(2/d) − b^(2/d − 1)`` and ``1 − b^(−2/d)`` are rational functions of W = b^(1/d) and b, but
SymPy sees three unrelated powers. For a positive base B and a real exponent split as
q + Σ c_k·m_k (q and c_k rational numbers, m_k real and symbolic),

    B^(q + Σ c_k·m_k) = B^q · ∏ (B^(m_k))^(c_k)     (B > 0, m_k real),

and each B^(m_k) becomes a fresh positive symbol W_k, shared by every power with the same B and
m_k. The result is a *generalisation*: W_k is independent of B, so an identity (or a sign)
proven for every positive W_k holds in particular for W_k = B^(m_k). Powers of a summation
index are left alone: b^j inside Σ_j varies with j, and one symbol in its place would not.
"""

from __future__ import annotations

import sympy

__all__ = ["common_roots"]


def _bound_symbols(expr: sympy.Basic) -> set[sympy.Basic]:
    return {v for node in sympy.preorder_traversal(expr) for v in getattr(node, "bound_symbols", ())}


def _split_exponent(exponent: sympy.Expr) -> tuple[sympy.Expr, list[tuple[sympy.Expr, sympy.Expr]]] | None:
    """(q, [(c_k, m_k)]) with exponent = q + Σ c_k·m_k, or None if a part is not of that shape."""
    q: sympy.Expr = sympy.S.Zero
    parts = []
    for term in sympy.Add.make_args(sympy.expand(exponent)):
        if term.is_Rational:
            q += term
            continue
        c, m = term.as_coeff_Mul()
        if not (c.is_Rational and m.is_real):
            return None
        parts.append((c, m))
    return q, parts


def common_roots(expr: sympy.Basic) -> sympy.Basic | None:
    """``expr`` with the powers of each positive base over a common root symbol; None if nothing is shared.

    >>> b = sympy.Symbol("b", positive=True); d = sympy.Symbol("d", even=True, positive=True)
    >>> general = common_roots((b**(2/d) - b**(2/d - 1))/(b**(2/d) - 1) - (1 - 1/b)/(1 - b**(-2/d)))
    >>> sympy.cancel(general)
    0
    >>> common_roots(b**(2/d) + 1) is None  # one power alone: nothing to relate
    True
    """
    bound = _bound_symbols(expr)
    roots: dict[tuple[sympy.Expr, sympy.Expr], sympy.Dummy] = {}
    mapping: dict[sympy.Basic, sympy.Expr] = {}
    for p in expr.atoms(sympy.Pow):
        if not (p.base.is_positive and not p.exp.is_number and p.exp.is_real) or (p.free_symbols & bound):
            continue
        split = _split_exponent(p.exp)
        if split is None:
            continue
        q, parts = split
        value = p.base ** q
        for c, m in parts:
            root = roots.setdefault((p.base, m), sympy.Dummy("W", positive=True))
            value *= root ** c
        mapping[p] = value
    if len(mapping) < 2 or len(roots) >= len(mapping):
        return None  # no two powers share a root: the rewrite relates nothing
    return expr.xreplace(mapping)
