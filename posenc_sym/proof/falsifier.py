"""The falsifier: look for a point where a statement fails, evaluated with mpmath.

A point is a counterexample only if the failure is certain at the stated precision: an
exact rational comparison, or a difference that two evaluations at very different
precisions agree on and that exceeds 10^-dps relative to the operands.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import sympy

from ..sizes import too_large
from .budget import time_limit
from .critical_points import critical_values
from .edges import region_edges
from .numeric import Evaluation, IllFormedRange, NotEvaluable, evaluate, expand_sums
from .sampling import Point, admissible_points, edge_points
from .special_points import angle_arguments
from .strategies import sample_derivatives

__all__ = ["Counterexample", "Search", "search"]

Entry = tuple[sympy.Expr, sympy.Expr]


@dataclass(frozen=True)
class Counterexample:
    """Where and by how much a statement fails."""

    point: dict[sympy.Symbol, sympy.Expr]
    lhs_value: str
    rhs_value: str
    difference: str
    entry: tuple[int, ...] | None = None  # (row, column) of a matrix statement


@dataclass(frozen=True)
class Search:
    """The outcome of a search: a counterexample, or how many points agreed.

    ``ill_formed`` counts the points where a Sum/Product range was not integral (the first
    such range in ``ill_formed_example``), ``timed_out`` those that ran out of time,
    ``not_evaluable`` those the evaluator refused (the first reason in ``not_evaluable_example``):
    all are no evidence either way, and the verdict says so rather than skipping them silently.
    """

    counterexample: Counterexample | None
    points: int
    ill_formed: int = 0
    ill_formed_example: str = ""
    timed_out: int = 0
    not_evaluable: int = 0
    not_evaluable_example: str = ""
    #: The points evaluated, as sorted (symbol, value) pairs: two searches may meet the same point,
    #: and a point counts once however many searches evaluated it.
    point_keys: frozenset[tuple[tuple[sympy.Symbol, sympy.Expr], ...]] = frozenset()


def _exact_violation(lhs: sympy.Expr, rhs: sympy.Expr, relation: str) -> bool | None:
    """Decide exactly when both sides became rationals; None when they did not."""
    if not (lhs.is_Rational and rhs.is_Rational):
        return None
    holds = {"==": lhs == rhs, "<": lhs < rhs, "<=": lhs <= rhs, ">": lhs > rhs, ">=": lhs >= rhs}
    return not bool(holds[relation])


def _numeric_violation(ev: Evaluation, relation: str, dps: int) -> bool:
    """Certain failure only; equality (the boundary of a strict inequality) is never seen numerically."""
    if relation == "==":
        return ev.clearly_nonzero(dps)
    if isinstance(ev.value, mpmath.mpc) or not ev.stable:
        return False
    excess = float(ev.value) / ev.scale
    if relation in ("<", "<="):
        return excess > 10.0 ** (-dps)  # lhs - rhs clearly positive
    return excess < -(10.0 ** (-dps))  # lhs - rhs clearly negative


def _not_real(ev: Evaluation, lhs: sympy.Expr, rhs: sympy.Expr, relation: str, dps: int) -> bool:
    """An inequality fails where a side is certainly not real (I·x ≥ 0 at x = 1/2).

    Only a stable, clearly nonzero imaginary part counts: rounding noise of a real value does not.
    """
    if relation == "==" or not any(isinstance(v, mpmath.mpc) for v in (ev.lhs, ev.rhs)):
        return False
    return any(evaluate(sympy.im(side), sympy.S.Zero, dps).clearly_nonzero(dps) for side in (lhs, rhs))


def _exact_text(value: sympy.Rational) -> str:
    """An exact rational as text; one too long to print whole (Python prints at most 4300 digits)
    by its value to 15 digits."""
    bits = max(int(value.p).bit_length(), int(value.q).bit_length())
    if bits <= 4000:
        return str(value)
    return f"{sympy.Float(value, 15)} (exact value: about {round(bits * 0.30103)} digits)"


def _fmt(value: Any, dps: int) -> str:
    return str(mpmath.nstr(value, dps, min_fixed=-5, max_fixed=20))


def _check_entry(lhs: sympy.Expr, rhs: sympy.Expr, relation: str, point: Point,
                 dps: int) -> tuple[bool, Counterexample | None]:
    """(evaluated, counterexample) for one entry at one point."""
    _refuse_too_large(lhs, rhs, point)
    left = expand_sums(lhs.xreplace(point))
    right = expand_sums(rhs.xreplace(point))
    exact = _exact_violation(left, right, relation)
    if exact is not None:
        if not exact:
            return True, None
        return True, Counterexample(dict(point), _exact_text(left), _exact_text(right), _exact_text(left - right))
    ev = evaluate(left, right, dps)
    if _numeric_violation(ev, relation, dps) or _not_real(ev, left, right, relation, dps):
        with mpmath.workdps(dps + 5):
            return True, Counterexample(dict(point), _fmt(ev.lhs, dps), _fmt(ev.rhs, dps),
                                        _fmt(ev.value, 12))
    if relation in ("<", ">") and not _clearly_strict(ev, relation, dps):
        # Noise around 0 is what an exact equality looks like, and equality fails a strict
        # inequality: such a point is evidence neither way (sin²x + cos²x < 1 was "checked").
        return False, None
    return True, None


def _clearly_strict(ev: Evaluation, relation: str, dps: int) -> bool:
    if isinstance(ev.value, mpmath.mpc) or not ev.stable:
        return False
    excess = float(ev.value) / ev.scale
    return excess < -(10.0 ** (-dps)) if relation == "<" else excess > 10.0 ** (-dps)


def _refuse_too_large(lhs: sympy.Expr, rhs: sympy.Expr, point: Point) -> None:
    """Substituting the point would build numbers too large to hold: (3/7)**(10**9) is gigabytes."""
    for side in (lhs, rhs):
        why = too_large(side, point)
        if why is not None:
            raise NotEvaluable(f"too large to evaluate: {why}")


def _exact_floats(expr: sympy.Basic) -> sympy.Basic:
    """Give each Float literal its exact binary value, as a Rational.

    Substituting a point into ``1.0*x`` would otherwise round the product to the literal's
    53 bits inside SymPy and fabricate a "counterexample" to the true ``1.0*x = x``.
    """
    floats = expr.atoms(sympy.Float)
    return expr.xreplace({f: sympy.Rational(f) for f in floats}) if floats else expr


#: The most one point may take (every entry of a matrix at that point); beyond it the point
#: is skipped and counted. Generous: the catalogue's slowest point takes a few tenths of a second.
POINT_SECONDS = 10.0


def _points(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic], count: int, seed: str,
            edges: str, hints: Sequence[sympy.Basic], arguments: Sequence[sympy.Expr],
            sides: Sequence[sympy.Basic]) -> Iterator[Point]:
    yield from admissible_points(symbols, conditions, count, seed, hints)
    if edges != "none":
        # The edge of the region (.edges): where a count or a binomial argument is smallest, which
        # neither random draws nor the −10 … 10 sweep reach under m > 20, n > m or for n² − 121.
        typical = list(itertools.islice(admissible_points(symbols, conditions, 1, seed, hints), 1))
        yield from region_edges(sides, symbols, conditions, typical)
        yield from edge_points(symbols, conditions, seed, hints, integers_only=edges == "integers",
                               arguments=arguments)
        yield from _critical_points(symbols, conditions, typical, sides)


def _critical_points(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic], typical: list[Point],
                     sides: Sequence[sympy.Basic]) -> Iterator[Point]:
    """Each real symbol at the roots of a rational difference of the sides (:mod:`.critical_points`), the others
    at one admissible point; only points the conditions admit."""
    if not typical:
        return
    base = typical[0]
    differences = [lhs - rhs for lhs, rhs in zip(sides[::2], sides[1::2], strict=True)
                   if isinstance(lhs, sympy.Expr) and isinstance(rhs, sympy.Expr)]
    for sym in symbols:
        for value in critical_values(sym, differences, base):
            point = {**base, sym: value}
            if all(c.xreplace(point) is not sympy.false for c in conditions):
                yield point


def search(entries: Sequence[tuple[tuple[int, ...] | None, sympy.Expr, sympy.Expr]], relation: str,
           symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic], *,
           count: int, seed: str, dps: int = 50, edges: str = "none",
           hints: Sequence[sympy.Basic] = ()) -> Search:
    """Evaluate ``lhs relation rhs`` for every entry at up to ``count`` admissible points.

    ``edges`` adds :func:`~.sampling.edge_points`: ``"all"`` (each symbol at the values the
    conditions and ``hints`` name, integers also at −10 … 10), ``"integers"`` (integer symbols
    only) or ``"none"``; ``hints`` are relations whose numbers join the pools.

    >>> x = sympy.Symbol("x", real=True)
    >>> found = search([(None, x + x * sympy.Rational(1, 10**40), x)], "==", [x], [], count=4, seed="s")
    >>> found.counterexample is not None
    True
    """
    prepared = [(pos, _exact_floats(sample_derivatives(lhs)), _exact_floats(sample_derivatives(rhs)))
                for pos, lhs, rhs in entries]
    # A Float in a condition stands for its exact value too: SymPy decides 1 + 5·10⁻²¹ > 1.0 at
    # the Float's 53 bits (False), which would exclude the very points where b > 1.0 matters.
    conditions = [_exact_floats(c) for c in conditions]
    evaluated = ill_formed = timed_out = refused = 0
    example = why = ""
    seen: set[tuple[tuple[sympy.Symbol, sympy.Expr], ...]] = set()
    agreed: set[tuple[tuple[sympy.Symbol, sympy.Expr], ...]] = set()
    arguments = angle_arguments(side for _, lhs, rhs in prepared for side in (lhs, rhs))
    sides = [side for _, lhs, rhs in prepared for side in (lhs, rhs)]
    for point in _points(symbols, conditions, count, seed, edges, hints, arguments, sides):
        key = tuple(sorted(point.items(), key=lambda kv: str(kv[0])))
        if key in seen:
            continue
        seen.add(key)
        try:
            with time_limit(POINT_SECONDS):
                done, found = _check_point(prepared, relation, point, dps)
        except IllFormedRange as exc:
            ill_formed += 1
            example = example or f"at {_where(point)}: {exc}"
            continue
        except TimeoutError:
            timed_out += 1
            continue
        except NotEvaluable as exc:
            refused += 1
            why = why or (f"at {_where(point)}: {exc}" if point else str(exc))
            continue
        if found is not None:
            return Search(found, evaluated + 1, ill_formed, example, timed_out, refused, why, frozenset(agreed | {key}))
        if done:
            evaluated += 1
            agreed.add(key)
    return Search(None, evaluated, ill_formed, example, timed_out, refused, why, frozenset(agreed))


def _where(point: Point) -> str:
    return ", ".join(f"{s} = {v}" for s, v in sorted(point.items(), key=lambda kv: str(kv[0])))


def _check_point(prepared: Sequence[tuple[tuple[int, ...] | None, sympy.Expr, sympy.Expr]], relation: str,
                 point: Point, dps: int) -> tuple[bool, Counterexample | None]:
    """(every entry evaluated, the first counterexample) at one point."""
    ok = True
    for pos, lhs, rhs in prepared:
        try:
            done, found = _check_entry(lhs, rhs, relation, point, dps)
        except (IllFormedRange, TimeoutError):
            raise
        except NotEvaluable:
            raise  # counted by the caller, with its reason
        except Exception:  # SymPy/mpmath failing at this point
            # A point where either side cannot be evaluated is no evidence either way.
            return False, None
        if found is not None:
            return True, Counterexample(found.point, found.lhs_value, found.rhs_value, found.difference, pos)
        ok = ok and done
    return ok, None
