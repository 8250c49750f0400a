"""A sum refuted only where it counts fewer than no terms: ``\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}`` with n free.

Every reader takes the upper limit of such a sum for a count: n ≥ 0, the sum at least empty. A counterexample at
n = -3 (an empty sum, 0, against 3) refutes the row for every n, which no one claimed; a counterexample at a count
refutes what the text says. So a refutation whose point gives a sum an upper limit below its lower limit minus one,
on names the author did not declare, is tried again with every such sum at least empty: refuted there, it stands
with the new point; proven or undecided there, the row is unknown, both named. Never proven: the count is the
reader's assumption, not the text's (Σ_{k=0}^{n-1} 1 = n stays unproven for a free n, as an empty sum is empty).
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy

from ..proof.claim import Claim
from ..proof.engine import decide
from ..proof.verdict import Verdict

__all__ = ["at_a_negative_count"]


def _limits(expression: sympy.Basic) -> list[tuple[sympy.Expr, sympy.Expr]]:
    """The (lower, upper) limits of every sum and product in ``expression`` whose count depends on a name."""
    found = []
    for big in expression.atoms(sympy.Sum, sympy.Product):
        for _, lower, upper in big.limits:
            if (upper - lower).free_symbols:
                found.append((lower, upper))
    return found


def at_a_negative_count(lhs: sympy.Basic, rhs: sympy.Basic, relation: str, verdict: Verdict,
                        conditions: Sequence[sympy.Basic], declared: frozenset[sympy.Basic] | None,
                        claim_id: str) -> tuple[str, Verdict | None, str] | None:
    """``(status, verdict, note)`` for a refutation found only at a negative count (see the module), or None to keep
    ``verdict``. ``declared``: the symbols the author declared (a declared n may be negative: the refutation stands).

    >>> n, k = sympy.Symbol("n", real=True), sympy.Symbol("k", integer=True)
    >>> gauss = sympy.Sum(k, (k, 1, n))
    >>> refuted = Verdict("refuted", method="sample", reason="", counterexample={n: -3})
    >>> at_a_negative_count(gauss, n * (n + 1) / 2, "==", refuted, (), frozenset(), "c")[0]
    'unknown'
    """
    point = verdict.counterexample or {}
    limits = [(lo, hi) for side in (lhs, rhs) if isinstance(side, sympy.Basic) for lo, hi in _limits(side)]
    if not point or not limits or declared is None:
        return None
    names = {s for lo, hi in limits for s in (hi - lo).free_symbols}
    if names & set(declared):
        return None  # the author's n may be negative
    negative = []
    for lower, upper in limits:
        try:
            count = sympy.N((upper - lower + 1).xreplace(point), 30)
        except (TypeError, ValueError, ArithmeticError):
            return None
        if count.is_number and count < 0:
            negative.append((lower, upper))
    if not negative:
        return None
    counts = tuple(sympy.Ge(hi, lo - 1) for lo, hi in limits)
    shown = ", ".join(f"{sympy.sstr(hi)} ≥ {sympy.sstr(lo - 1)}" for lo, hi in limits)
    at = ", ".join(f"{k} = {v}" for k, v in point.items())
    try:
        again = decide(Claim(f"{claim_id}.count", "row", lhs, rhs, relation=relation,  # type: ignore[arg-type]
                             conditions=(*conditions, *counts)))
    except Exception:  # the engine failing shows nothing either way
        return "unknown", None, (f"false only at {at}, where a sum's upper limit is below its lower limit (a negative "
                                 f"count); not decided where every sum counts at least zero terms ({shown})")
    if again.status == "refuted":
        return "refuted", again, again.reason
    said = "holds" if again.status == "proven" else "is not decided"
    return "unknown", None, (f"false at {at}, where a sum's upper limit is below its lower limit (a negative "
                             f"count, an empty sum being 0); it {said} wherever every sum counts at least zero terms "
                             f"({shown}), as a reader takes the limit for; declare it (assume n nonnegative integer, "
                             "or a bound) to have it decided there")
