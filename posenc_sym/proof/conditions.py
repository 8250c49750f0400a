"""Build a claim's conditions into its symbols, so that SymPy's assumptions system can use them.

A condition such as ``b > 1`` is not something SymPy's assumptions can hold, but the
substitution ``b = 1 + β`` with a fresh ``β > 0`` says the same thing in assumptions. Proving
the substituted statement for every β > 0 proves the original for every b > 1. The rules:

* ``x > c``, ``x ≥ c``, ``x < c``, ``x ≤ c`` for a symbol x and an exact real number c become
  ``x = c ± g`` with g positive (strict) or nonnegative; g is an integer when x and c are,
  and even when both are even (``d > 2`` with d even gives d = 2 + g, g even and positive,
  so that d/2 is still known to be an integer);
* ``y > x`` (or ≥) for two real symbols becomes ``y = x + g`` likewise, unless one of them is
  already rewritten (no chains of substitutions);
* ``x ≠ 0`` becomes a copy of x that also assumes ``nonzero``; ``x ≠ c`` for another exact c
  becomes ``x = c + g`` with g nonzero (and an integer when x and c are).

A substitution only ever *adds* knowledge that the conditions state, or forgets some of what
the symbol assumed: either way the substituted statement is at least as general as the
original on the admissible points, so a proof of it is a proof of the original. Conditions
of any other shape are left out (the proof is then of a more general statement, or fails).
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.core.relational import Relational

__all__ = ["build_in_conditions", "shift_conditions"]

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _symbol_first(cond: Relational) -> tuple[sympy.Basic, str, sympy.Basic]:
    left, op, right = cond.lhs, cond.rel_op, cond.rhs
    if isinstance(right, sympy.Symbol) and left.is_number:
        left, op, right = right, _FLIP.get(op, op), left
    return left, op, right


def _exact_real(value: sympy.Basic) -> bool:
    # b = 1.0 + β would round: SymPy makes 1.0 − (1 + 10⁻²⁰) the Float 0.0, which "proves"
    # b > 1 + 10⁻²⁰ from b > 1.0. A Float bound is therefore never built in.
    return bool(value.is_number and value.is_real and not value.has(sympy.Float))


def _order_gap(left: sympy.Symbol, op: str, right: sympy.Expr) -> sympy.Expr:
    integral = bool(left.is_integer and right.is_integer)
    even = bool(integral and left.is_even and right.is_even)
    strict = op in ("<", ">")
    gap = sympy.Dummy(f"{left}_gap", integer=integral or None, even=even or None,
                      positive=strict or None, nonnegative=(not strict) or None)
    return right + gap if op in (">", ">=") else right - gap


def _nonzero_gap(left: sympy.Symbol, right: sympy.Expr) -> sympy.Expr | None:
    if right == 0:
        try:
            return sympy.Dummy(str(left), **{**left.assumptions0, "nonzero": True, "zero": False})
        except Exception:  # the symbol assumed zero: the condition contradicts it, build nothing in
            return None
    integral = bool(left.is_integer and right.is_integer)
    return right + sympy.Dummy(f"{left}_gap", integer=integral or None, nonzero=True,
                               real=bool(left.is_real) or None)


def shift_conditions(conditions: Sequence[sympy.Basic]) -> dict[sympy.Symbol, sympy.Expr]:
    """Substitutions that build ``symbol REL number`` conditions into fresh symbols.

    The first condition on a symbol wins; the others are left out.

    >>> b = sympy.Symbol("b", positive=True)
    >>> sub = shift_conditions([b > 1]); sub[b] - 1 == list(sub[b].free_symbols)[0]
    True
    >>> d = sympy.Symbol("d", even=True, positive=True)
    >>> (shift_conditions([d > 2])[d] / 2).is_integer
    True
    >>> k = sympy.Symbol("k", integer=True)
    >>> shift_conditions([sympy.Ne(k, 0)])[k].is_nonzero
    True
    >>> lo, hi = sympy.symbols("lo hi", real=True)
    >>> (shift_conditions([hi > lo])[hi] - lo).is_positive
    True
    """
    out: dict[sympy.Symbol, sympy.Expr] = {}
    between: list[Relational] = []
    for cond in conditions:
        if not isinstance(cond, Relational) or cond.rel_op not in (*_FLIP, "!="):
            continue
        left, op, right = _symbol_first(cond)
        if isinstance(left, sympy.Symbol) and isinstance(right, sympy.Symbol) and op in _FLIP:
            between.append(cond)
            continue
        if not isinstance(left, sympy.Symbol) or left in out or not _exact_real(right):
            continue
        if op == "!=":
            shifted = _nonzero_gap(left, right)
            if shifted is not None:
                out[left] = shifted
        else:
            out[left] = _order_gap(left, op, right)
    for cond in between:
        _between_symbols(cond, out)
    return out


def _between_symbols(cond: Relational, out: dict[sympy.Symbol, sympy.Expr]) -> None:
    """``high > low`` for two symbols: high = low + g, g > 0, unless either is already rewritten."""
    op = cond.rel_op
    high, low = (cond.lhs, cond.rhs) if op in (">", ">=") else (cond.rhs, cond.lhs)
    taken = set(out) | {s for value in out.values() for s in value.free_symbols}
    if high in taken or low in taken or not (high.is_real and low.is_real):
        return  # one rewrite per symbol, and no chains: each substitution stays a single step
    out[high] = _order_gap(high, ">" if op in ("<", ">") else ">=", low)


def build_in_conditions(expr: sympy.Basic, conditions: Sequence[sympy.Basic]) -> sympy.Basic | None:
    """``expr`` with the conditions built in (see :func:`shift_conditions`), or None if none apply.

    >>> b = sympy.Symbol("b", positive=True)
    >>> build_in_conditions(sympy.log(b), [b > 1]).is_positive
    True
    >>> build_in_conditions(sympy.log(b), []) is None
    True
    """
    shift = {s: v for s, v in shift_conditions(conditions).items() if s in expr.free_symbols}
    return expr.xreplace(shift) if shift else None
