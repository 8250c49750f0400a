"""Decide a claim: probe for a counterexample, try the symbolic strategies, then search.

The order is chosen for soundness first and speed second:

1. a short numeric probe at a few admissible points. A false claim is refuted here without
   spending seconds in SymPy, and a symbolic "proof" of a false claim (a SymPy bug, or a
   claim whose conditions the strategies could not use) can never be reported;
2. symbolic strategies (:mod:`.strategies`, :mod:`.inequality`); success is ``proven``;
3. a wider search (more points). A counterexample is ``refuted``; agreement at every point
   is ``checked``; no evaluable point is ``unknown``.

Claims with floating-point literals skip step 2: SymPy rounds Float arithmetic to the
literal's precision when it builds the expression, so a symbolic zero proves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.matrices import MatrixBase

from .assumptions import require_assumptions
from .claim import Claim, Relation, Term, as_term, explicit, is_matrix, shape_of
from .falsifier import Counterexample, search
from .inequality import prove_inequality
from .strategies import prove_zero
from .verdict import Verdict

__all__ = ["FULL_POINTS", "PROBE_POINTS", "check_identity", "decide"]

#: Points evaluated before any symbolic work, and in the final search.
PROBE_POINTS = 3
PROBE_ENTRIES = 16
FULL_POINTS = 24
#: A numeric-only verdict needs at least this many agreeing points to be called "checked".
MIN_CHECKED_POINTS = 8


def _entries(lhs: Term, rhs: Term) -> list[tuple[tuple[int, ...] | None, sympy.Expr, sympy.Expr]]:
    lhs, rhs = explicit(lhs), explicit(rhs)
    if isinstance(lhs, MatrixBase):
        assert isinstance(rhs, MatrixBase)
        return [((r, c), lhs[r, c], rhs[r, c]) for r in range(lhs.rows) for c in range(lhs.cols)]
    return [(None, lhs, rhs)]


def _symbols_of(*terms: sympy.Basic) -> tuple[sympy.Symbol, ...]:
    found: set[sympy.Basic] = set()
    for term in terms:
        found |= term.free_symbols
    return tuple(sorted((s for s in found if isinstance(s, sympy.Symbol)), key=str))


def _brief(value: str) -> str:
    """An exact value too long for one line (b**1000 at b = 10001), shortened for the reason.

    >>> _brief(str(3**200))[:18]
    '2.656139888759E+95'
    """
    if len(value) <= 60:
        return value
    try:
        number = sympy.Rational(value)
    except (TypeError, ValueError, sympy.SympifyError):
        return value[:40] + "..."
    return f"{sympy.Float(number, 13)} (exact value: {len(value)} characters)"


def _refuted(cex: Counterexample, points: int, dps: int) -> Verdict:
    where = ", ".join(f"{s} = {_brief(str(v))}"
                      for s, v in sorted(cex.point.items(), key=lambda kv: str(kv[0])))
    entry = f" (entry {cex.entry})" if cex.entry is not None else ""
    return Verdict(
        "refuted", method="falsifier",
        reason=(f"fails at {where or 'the given values'}{entry}: lhs = {_brief(cex.lhs_value)}, "
                f"rhs = {_brief(cex.rhs_value)}, lhs - rhs = {_brief(cex.difference)} "
                f"(mpmath, {dps} digits)"),
        counterexample=dict(cex.point), lhs_value=cex.lhs_value, rhs_value=cex.rhs_value,
        difference=cex.difference, points_checked=points,
    )


def _prove(lhs: Term, rhs: Term, relation: Relation, conditions: Sequence[sympy.Basic]) -> str | None:
    try:
        return _prove_unguarded(lhs, rhs, relation, conditions)
    except Exception:  # SymPy failing inside a strategy proves nothing; the search decides
        return None


def _prove_unguarded(lhs: Term, rhs: Term, relation: Relation,
                     conditions: Sequence[sympy.Basic]) -> str | None:
    if relation != "==":
        assert not isinstance(lhs, MatrixBase)
        return prove_inequality(lhs, rhs, relation, conditions)
    methods = []
    for _, left, right in _entries(lhs, rhs):
        method = prove_zero(left - right, conditions=conditions)
        if method is None:
            return None
        methods.append(method)
    distinct = list(dict.fromkeys(methods))
    return distinct[0] if len(distinct) == 1 else "entrywise: " + ", ".join(distinct)


def _decide_statement(lhs: Term, rhs: Term, relation: Relation, conditions: Sequence[sympy.Basic],
                      symbols: Sequence[sympy.Symbol], *, seed: str, dps: int,
                      has_floats: bool) -> Verdict:
    lhs, rhs = explicit(lhs), explicit(rhs)
    entries = _entries(lhs, rhs)
    # The probe is a safety net in front of the symbolic proof, so a large matrix is sampled.
    stride = max(1, len(entries) // PROBE_ENTRIES)
    probe = search(entries[::stride], relation, symbols, conditions, count=PROBE_POINTS, seed=seed,
                   dps=dps)
    if probe.counterexample is not None:
        return _refuted(probe.counterexample, probe.points, dps)
    if not has_floats:
        method = _prove(lhs, rhs, relation, conditions)
        if method is not None:
            gap = "lhs - rhs to 0" if relation == "==" else f"lhs {relation} rhs"
            return Verdict("proven", method=method, reason=f"SymPy reduced {gap} by {method}",
                           points_checked=probe.points)
    full = search(entries, relation, symbols, conditions, count=FULL_POINTS, seed=seed + "/full", dps=dps)
    if full.counterexample is not None:
        return _refuted(full.counterexample, full.points, dps)
    points = probe.points + full.points
    why = ("it holds floating-point literals, which SymPy rounds, so it is never proven"
           if has_floats else "no symbolic strategy closed the gap")
    if points >= MIN_CHECKED_POINTS or (not symbols and points >= 1):
        return Verdict("checked", method="falsifier", points_checked=points,
                       reason=f"not proven ({why}); agrees at {points} admissible points "
                              f"to {dps} digits (mpmath)")
    return Verdict("unknown", method="falsifier", points_checked=points,
                   reason=f"not proven ({why}); only {points} admissible points could be evaluated")


def _decide_chain(claim: Claim, dps: int) -> Verdict:
    links = []
    for n, (left, right, relation, _because) in enumerate(claim.links, start=1):
        verdict = _decide_statement(left, right, relation, claim.conditions, claim.symbols,
                                    seed=f"{claim.id}/step{n}", dps=dps,
                                    has_floats=bool(left.atoms(sympy.Float) or right.atoms(sympy.Float)))
        links.append(verdict)
    if all(v.is_proven for v in links):
        return Verdict("proven", method=f"derivation of {len(links)} steps",
                       reason=f"each of the {len(links)} steps is proven", links=tuple(links))
    direct = _decide_statement(claim.lhs, claim.rhs, claim.relation, claim.conditions, claim.symbols,
                               seed=claim.id, dps=dps, has_floats=claim.has_floats)
    weak = [f"step {n} is {v.status}" for n, v in enumerate(links, start=1) if not v.is_proven]
    return Verdict(direct.status, method=direct.method,
                   reason=f"{direct.reason}; in the derivation, {', '.join(weak)}",
                   counterexample=direct.counterexample, lhs_value=direct.lhs_value,
                   rhs_value=direct.rhs_value, difference=direct.difference,
                   points_checked=direct.points_checked, links=tuple(links))


def decide(claim: Claim, *, dps: int = 50) -> Verdict:
    """Decide ``claim``: proven, refuted (with counterexample), checked or unknown.

    Raises :class:`~posenc_sym.errors.PosencSymError` when a free symbol has no assumptions.

    >>> x = sympy.Symbol("x", real=True)
    >>> decide(Claim("demo.one", "sin^2 + cos^2", sympy.sin(x)**2 + sympy.cos(x)**2, 1)).status
    'proven'
    """
    require_assumptions(claim.symbols, f"claim {claim.id!r}")
    if claim.steps:
        return _decide_chain(claim, dps)
    return _decide_statement(claim.lhs, claim.rhs, claim.relation, claim.conditions, claim.symbols,
                             seed=claim.id, dps=dps, has_floats=claim.has_floats)


def check_identity(lhs: object, rhs: object, *, conditions: Sequence[sympy.Basic] = (),
                   dps: int = 50) -> Verdict:
    """Decide ``lhs == rhs`` for SymPy expressions or matrices whose symbols carry assumptions.

    >>> x, y = sympy.symbols("x y", real=True)
    >>> check_identity(sympy.sin(x + y), sympy.sin(x)*sympy.cos(y) + sympy.cos(x)*sympy.sin(y)).status
    'proven'
    >>> v = check_identity(sympy.cos(x + y), sympy.cos(x)*sympy.cos(y) + sympy.sin(x)*sympy.sin(y))
    >>> v.status, sorted(map(str, v.counterexample))
    ('refuted', ['x', 'y'])
    """
    left, right = as_term(lhs, "lhs"), as_term(rhs, "rhs")
    if is_matrix(left) != is_matrix(right) or (
            is_matrix(left) and shape_of(left) != shape_of(right)):
        raise ValueError("lhs and rhs must both be scalars or matrices of the same shape")
    conds = tuple(sympy.sympify(c) for c in conditions)
    symbols = _symbols_of(left, right, *conds)
    require_assumptions(symbols, "check_identity")
    floats = bool(left.atoms(sympy.Float) or right.atoms(sympy.Float))
    seed = sympy.srepr(left)[:200] + "|" + sympy.srepr(right)[:200]
    return _decide_statement(left, right, "==", conds, symbols, seed=seed, dps=dps, has_floats=floats)
