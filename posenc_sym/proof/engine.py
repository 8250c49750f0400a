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

from collections.abc import Callable, Sequence

import sympy
from sympy.matrices import MatrixBase

from ..sizes import available_bytes, too_large
from .assumptions import require_assumptions
from .budget import OutOfTime, memory_limit, time_limit
from .chain import decide_chain
from .claim import Claim, Relation, Term, as_term, explicit, is_matrix, shape_of
from .continuity import differentiability_obstacle, is_continuous_in
from .definedness import undefined_parts
from .falsifier import POINT_SECONDS, Counterexample, Search, search
from .inequality import prove_inequality
from .instances import ELEMENTARY, instances_hold, uses_closed_form
from .matrix_sizes import any_size, decide_any_size
from .ranges import ill_formed_ranges, reversed_ranges
from .strategies import held_derivatives, prove_zero
from .verdict import Verdict

__all__ = ["CLAIM_SECONDS", "FULL_POINTS", "PROBE_POINTS", "check_identity", "decide"]

#: Points evaluated before any symbolic work, and in the final search.
PROBE_POINTS = 3
PROBE_ENTRIES = 16
FULL_POINTS = 24
#: A numeric-only verdict needs at least this many agreeing points to be called "checked".
MIN_CHECKED_POINTS = 8
#: The most one claim may take (every step of a derivation included). The whole catalogue
#: takes a few seconds; this only stops a pathological claim from holding up the run.
CLAIM_SECONDS = 60.0
#: The most memory one claim may add to the process (less when less is available). The
#: catalogue's hungriest claim adds a few tens of megabytes.
CLAIM_BYTES = 2 * 2**30


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
        difference=cex.difference, points_checked=points, entry=cex.entry,
    )


def _prove(lhs: Term, rhs: Term, relation: Relation, conditions: Sequence[sympy.Basic],
           closed_forms: bool = True) -> str | None:
    try:
        return _prove_unguarded(lhs, rhs, relation, conditions, closed_forms)
    except Exception:  # SymPy failing inside a strategy proves nothing; the search decides
        return None


def _prove_unguarded(lhs: Term, rhs: Term, relation: Relation,
                     conditions: Sequence[sympy.Basic], closed_forms: bool) -> str | None:
    """The method that proves the statement, or None.

    ``closed_forms=False`` (a range may be reversed, see .ranges) refuses SymPy's closed forms of
    sums (``summand-first``, ``simplify``), which follow Karr's convention; the moves that treat a
    sum by its summand alone (merging two sums, a certified count, a termwise bound) mean the same
    in either reading and stay.
    """
    if relation != "==":
        assert not isinstance(lhs, MatrixBase)
        return prove_inequality(lhs, rhs, relation, conditions)
    methods = []
    for _, left, right in _entries(lhs, rhs):
        method = prove_zero(left - right, conditions=conditions)
        if method is None:
            return None
        if uses_closed_form(method) and (not closed_forms or not instances_hold(
                left - right, conditions, lambda e: prove_zero(e, allow_simplify=False))):
            return None  # SymPy's closed form is wrong at the edge (see .instances), or Karr's
        methods.append(method)
    distinct = list(dict.fromkeys(methods))
    return distinct[0] if len(distinct) == 1 else "entrywise: " + ", ".join(distinct)


def _skipped(*searches: Search, symbols: Sequence[sympy.Symbol] = ()) -> str:
    """What the searches could not look at, in words ("" when nothing was skipped)."""
    notes = []
    ill = sum(s.ill_formed for s in searches)
    if ill:
        example = next(s.ill_formed_example for s in searches if s.ill_formed_example)
        notes.append(f"{ill} sampled points were skipped because a range is not integral there ({example})")
    late = sum(s.timed_out for s in searches)
    if late:
        notes.append(f"{late} sampled points took longer than {POINT_SECONDS:g} s and were skipped")
    refused = sum(s.not_evaluable for s in searches)
    if refused and not sum(s.points for s in searches):
        example = next(s.not_evaluable_example for s in searches if s.not_evaluable_example)
        if symbols:
            notes.append(f"{refused} sampled points could not be evaluated ({example})")
        else:  # one point, the statement itself, however many times it was tried
            notes.append(f"it cannot be evaluated ({example})")
    return "; " + "; ".join(notes) if notes else ""


#: Numbers a statement names that become sampling hints: at most this many, none larger.
MAX_NAMED = 6
NAMED_LIMIT = 10**6


def _hints(lhs: Term, rhs: Term, relation: Relation) -> tuple[sympy.Basic, ...]:
    """Relations whose numbers the sampler should also try (see sampling.edge_points).

    An inequality between a symbol and a number names the edge where it may fail; a number
    in the statement (the 13 of (n − 13)², the 1/3 of a bump at x = 1/3) names a value where
    a near-miss may show, which no pooled value reaches.
    """
    hints: list[sympy.Basic] = []
    if relation != "==" and not is_matrix(lhs) and (
            (isinstance(lhs, sympy.Symbol) and rhs.is_number) or (isinstance(rhs, sympy.Symbol) and lhs.is_number)):
        hints.append(sympy.Rel(lhs, rhs, relation))
    numbers = sorted({abs(r) for side in (lhs, rhs) for r in side.atoms(sympy.Rational)
                      if abs(r) > 2 or not r.is_Integer}, key=lambda r: (r.q, r.p))
    numbers = [r for r in numbers if r.p <= NAMED_LIMIT and r.q <= NAMED_LIMIT][:MAX_NAMED]
    symbols = sorted(lhs.free_symbols | rhs.free_symbols, key=str)
    hints += [sympy.Gt(s, sign * r) for s in symbols if isinstance(s, sympy.Symbol)
              for r in numbers for sign in (1, -1)]
    return tuple(hints)


def _needs_edges(entries: Sequence[tuple[object, sympy.Expr, sympy.Expr]],
                 symbols: Sequence[sympy.Symbol]) -> bool:
    """True when a strategy may evaluate something in closed form.

    Sums, products, binomials, factorials, floor, Mod, Piecewise, ...: SymPy's closed form of
    Σ_{j=0}^{n-3} (-1)^j C(n-3, j) is 0, wrong at n = 3 only. Such statements get the edge
    points (every small integer, and the edge of the region, where a count is 0, 1, 2 or −1: a
    real t in ⌊t/2π⌋ − 3 included) in the probe, in front of the proof; others only in the search.
    """
    if not symbols:
        return False
    for _, left, right in entries:
        for side in (left, right):
            if side.has(sympy.Sum, sympy.Product, sympy.Integral) or any(
                    not isinstance(f, ELEMENTARY) for f in side.atoms(sympy.Function)):
                return True
    return False


def _why_not_proven(entries: Sequence[tuple[object, sympy.Expr, sympy.Expr]], has_floats: bool,
                    conditions: Sequence[sympy.Basic], undefined: Sequence[str]) -> str:
    if has_floats:
        return "it holds floating-point literals, which SymPy rounds, so it is never proven"
    held = [d for _, left, right in entries
            for d in held_derivatives(left, conditions) + held_derivatives(right, conditions)]
    if held:
        first = held[0]
        names = ", ".join(str(v) for v in dict.fromkeys(first.variables))
        if not is_continuous_in(first.expr, first.variables):
            return (f"{sympy.sstr(first)} is not carried out: {sympy.sstr(first.expr)} is not continuous in {names} "
                    "by construction (a branch cut, a pole or a jump may lie in the way), so a zero derivative "
                    f"would not show that it does not depend on {names}")
        obstacle = differentiability_obstacle(first.expr, first.variables, conditions)
        return (f"{sympy.sstr(first)} is not carried out: {obstacle}, which the assumptions and conditions do "
                f"not exclude, and there it has no derivative; add a condition that excludes it")
    if undefined:
        return undefined[0]
    return "no symbolic strategy closed the gap"


def _distinct_points(searches: Sequence[Search]) -> int:
    """Points evaluated, each counted once: the probe's and the search's may coincide."""
    return len(frozenset().union(*(s.point_keys for s in searches)))


def _decide_statement(lhs: Term, rhs: Term, relation: Relation, conditions: Sequence[sympy.Basic],
                      symbols: Sequence[sympy.Symbol], *, seed: str, dps: int,
                      has_floats: bool, probe: bool = True, symbolic: bool = True, full: bool = True) -> Verdict:
    if any_size(lhs) or any_size(rhs):  # matrices of any size: matrix algebra, searched at concrete sizes
        def numeric(left: Term, right: Term, rel: str, conds: Sequence[sympy.Basic],
                    syms: Sequence[sympy.Symbol], at: str, whole: bool) -> Verdict:
            return _decide_statement(left, right, rel, conds, syms, seed=at, dps=dps,  # type: ignore[arg-type]
                                     has_floats=has_floats, symbolic=False, full=whole)
        return decide_any_size(lhs, rhs, relation, conditions, seed=seed, numeric=numeric, probe=probe)
    lhs, rhs = explicit(lhs), explicit(rhs)
    # Any SymPy operation on a side may build the numbers it holds (Add evaluates a power of
    # numbers): a side too large to build is not touched at all.
    huge = too_large(lhs, sums=False) or too_large(rhs, sums=False)
    if huge is not None:
        return Verdict("unknown", method="size", reason=f"too large to evaluate: {huge}")
    entries = _entries(lhs, rhs)
    hints = _hints(lhs, rhs, relation)
    searches: list[Search] = []
    if probe:
        # The probe is a safety net in front of the symbolic proof, so a large matrix is
        # sampled; each integer symbol also takes every small value and each edge a condition
        # names, where a SymPy closed form may break (see sampling.edge_points).
        stride = max(1, len(entries) // PROBE_ENTRIES)
        searches.append(search(entries[::stride], relation, symbols, conditions, count=PROBE_POINTS,
                               seed=seed, dps=dps, edges="integers" if _needs_edges(entries, symbols) else "none",
                               hints=hints))
        if searches[-1].counterexample is not None:
            return _refuted(searches[-1].counterexample, _distinct_points(searches), dps)
        if not full:  # the probe alone, as evidence for a caller that decides the rest
            return Verdict("unknown", method="probe", points_checked=_distinct_points(searches),
                           reason=f"no counterexample at {_distinct_points(searches)} probe points")
    sides = [side for _, left, right in entries for side in (left, right)]
    # Sums and products as a reader means them (.ranges) and both sides defined at every
    # admissible point (.definedness), or no strategy may run; a range that may be reversed
    # only keeps SymPy's (Karr's) closed forms out.
    ill_formed = ill_formed_ranges(lhs, rhs)
    ranges = ill_formed or reversed_ranges(sides, conditions)
    undefined = () if ill_formed or has_floats else undefined_parts(sides, conditions)
    if symbolic and not has_floats and not ill_formed and not undefined:
        method = _prove(lhs, rhs, relation, conditions, closed_forms=not ranges)
        if method is not None:
            gap = "lhs - rhs to 0" if relation == "==" else f"lhs {relation} rhs"
            return Verdict("proven", method=method, reason=f"SymPy reduced {gap} by {method}",
                           points_checked=_distinct_points(searches))
    searches.append(search(entries, relation, symbols, conditions, count=FULL_POINTS, seed=seed + "/full",
                           dps=dps, edges="all", hints=hints))
    points = _distinct_points(searches)
    if searches[-1].counterexample is not None:
        return _refuted(searches[-1].counterexample, points, dps)
    skipped = _skipped(*searches, symbols=symbols)
    if ranges:
        return Verdict("unknown", method="ranges", points_checked=points,
                       reason=f"not proven: {ranges[0]}; agrees at {points} admissible points{skipped}")
    why = _why_not_proven(entries, has_floats, conditions, undefined)
    if points >= MIN_CHECKED_POINTS or (not symbols and points >= 1):
        return Verdict("checked", method="falsifier", points_checked=points,
                       reason=f"not proven ({why}); agrees at {points} admissible points "
                              f"to {dps} digits (mpmath){skipped}")
    return Verdict("unknown", method="falsifier", points_checked=points,
                   reason=f"not proven ({why}); only {points} admissible points could be evaluated{skipped}")


def _bounded(seconds: float | None, run: Callable[[], Verdict]) -> Verdict:
    # Looked up at each call, so a test may shorten the budget of a whole run.
    seconds = CLAIM_SECONDS if seconds is None else seconds
    extra = min(CLAIM_BYTES, available_bytes())
    try:
        with memory_limit(extra), time_limit(seconds, hard=True):
            return run()
    except OutOfTime as exc:
        return Verdict("unknown", method="timeout",
                       reason=f"{exc} (the claim's time budget); neither proven nor refuted in that time")
    except MemoryError:
        return Verdict("unknown", method="memory",
                       reason=f"too large to evaluate: deciding it needed more than {extra / 2**30:.3g} GiB of memory "
                              "(the claim's memory budget); neither proven nor refuted")


def decide(claim: Claim, *, dps: int = 50, probe: bool = True, seconds: float | None = None) -> Verdict:
    """Decide ``claim``: proven, refuted (with counterexample), checked or unknown.

    Raises :class:`~posenc_sym.errors.PosencSymError` when a free symbol has no assumptions.
    ``probe=False`` skips the numeric probe in front of the symbolic strategies: for tests
    that hold the symbolic layer alone to account (the final search still runs).
    ``seconds`` bounds the whole decision (default :data:`CLAIM_SECONDS`); a claim that runs out
    of time is ``unknown``.

    >>> x = sympy.Symbol("x", real=True)
    >>> decide(Claim("demo.one", "sin^2 + cos^2", sympy.sin(x)**2 + sympy.cos(x)**2, 1)).status
    'proven'
    """
    require_assumptions(claim.symbols, f"claim {claim.id!r}")

    def statement(lhs: Term, rhs: Term, relation: Relation, seed: str) -> Verdict:
        floats = bool(lhs.atoms(sympy.Float) or rhs.atoms(sympy.Float))
        return _decide_statement(lhs, rhs, relation, claim.conditions, claim.symbols, seed=seed, dps=dps,
                                 has_floats=floats, probe=probe)

    if claim.steps:
        return _bounded(seconds, lambda: decide_chain(claim, statement))
    return _bounded(seconds, lambda: _decide_statement(
        claim.lhs, claim.rhs, claim.relation, claim.conditions, claim.symbols, seed=claim.id, dps=dps,
        has_floats=claim.has_floats, probe=probe))


def check_identity(lhs: object, rhs: object, *, conditions: Sequence[sympy.Basic] = (),
                   dps: int = 50, probe: bool = True, seconds: float | None = None) -> Verdict:
    """Decide ``lhs == rhs`` for SymPy expressions or matrices whose symbols carry assumptions.

    ``probe`` and ``seconds`` as for :func:`decide`.

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
    return _bounded(seconds, lambda: _decide_statement(left, right, "==", conds, symbols, seed=seed, dps=dps,
                                                       has_floats=floats, probe=probe))
