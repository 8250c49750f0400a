"""A name the text defines again: whether the new formula is the old one, or shown to differ from it.

>>> import sympy
>>> t, s = sympy.symbols("t s", real=True)
>>> same_formula(sympy.sin(t)**2, 1 - sympy.cos(s)**2, {t: s}), shown_different(t**2, s**2 + 1, {t: s})
(True, True)
"""

from __future__ import annotations

import sympy

from ..notation.read import Term
from .scope import undefined_names
from .screen import differs_somewhere

__all__ = ["same_formula", "shown_different"]


def shown_different(old: Term, new: Term, renamed: dict[sympy.Expr, sympy.Expr],
                    variables: tuple[sympy.Expr, ...] = ()) -> bool:
    """True if the two formulas differ at a value of their names (an entry, for matrices of one shape).

    Formulas in terms of other names the text does not define (f_q = (W_q x_m) e^{imθ}, then f_q = R_m q) are not
    shown different: the names of one may well be such that it is the other. The definition's own ``variables``
    (the x of g(x), the k of a_k) are no such names: both formulas are of them, whatever their domain.

    >>> a, b, t, x = sympy.symbols("a b t x")
    >>> shown_different(a * t, a * t + 1, {}), shown_different(a * t, b * t, {})
    (True, False)
    >>> shown_different(x**2 + 1, sympy.Integer(5), {}), shown_different(x**2 + 1, sympy.Integer(5), {}, (x,))
    (False, True)
    """
    own = {str(getattr(v, "label", v)) for v in variables}
    try:
        if undefined_names(old.xreplace(renamed)) - own != undefined_names(new) - own:
            return False
        difference = old.xreplace(renamed) - new
    except Exception:  # matrices of other shapes, SymPy failing: not shown
        return False
    entries = list(difference) if isinstance(difference, sympy.MatrixBase) else [difference]
    return any(differs_somewhere(e) for e in entries)


def same_formula(old: Term, new: Term, renamed: dict[sympy.Expr, sympy.Expr]) -> bool:
    """True if SymPy shows the two formulas equal (``renamed`` maps the old one's names to the new one's)."""
    try:
        difference = old.xreplace(renamed) - new
        entries = list(difference) if isinstance(difference, sympy.MatrixBase) else [difference]
        # non-zero at a point of the names' domains: not the same, and simplify, which may take seconds on a
        # product of trigonometric terms, need not run. A parity is a domain the point does not keep: no screen then.
        if not _parity(difference) and any(differs_somewhere(e, complex_free=True) for e in entries):
            return False  # a name of no stated domain may be complex, as simplify takes it: not the same there
        if any(getattr(e, "is_commutative", True) is False for e in entries):
            # names that may be matrices (x_j W^V + a_ij^V): simplify took 14 s on one such difference of 32
            # operations; expanding shows the same formula written in another order, which is what a text restates
            expanded = [sympy.expand(e) for e in entries]
            return all(e == 0 for e in expanded)
        # expanded, then with sums of angles expanded (cos(θ(m - n)) as cos mθ cos nθ + …): exact rewritings, which
        # show most restatements (a rotation written out again) in milliseconds where simplify took 3.7 s
        rest = [e for e in entries if not _expands_to_zero(e)]
        return all(sympy.simplify(e) == 0 for e in rest)
    except Exception:  # matrices of other shapes, SymPy failing: not shown to be the same
        return False


def _expands_to_zero(entry: sympy.Expr) -> bool:
    """True if ``entry`` expands to 0, as it is or with its sums of angles expanded."""
    expanded = sympy.expand(entry)
    return expanded == 0 or sympy.expand(sympy.expand_trig(expanded)) == 0


def _parity(difference: Term) -> bool:
    """True if a name of ``difference`` is declared even or odd (a point of :func:`differs_somewhere` may not be)."""
    return any(s.is_even or s.is_odd for s in getattr(difference, "free_symbols", ()))
