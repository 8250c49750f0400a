"""Decide every link of a read display with the proof engine, and the display from its links.

Each link becomes a :class:`~posenc_sym.proof.claim.Claim` under the document's conditions and
is decided on its own. A display is proven only when every link is; one refuted link refutes
it (and the report points at that row), even if its first and last expressions agree. ``≈`` is
reported with its numeric gap and not decided; ``≠`` is proven only when SymPy shows the
difference is never zero, and is otherwise unknown.

A definition or a condition of the text is reported as such, not decided. A row about names the
text does not define (:func:`~.scope.undefined_names`) is proven only when it holds whatever they
are (the difference of its sides reduces to 0 with them left free, vectors and matrices
noncommutative), and is never refuted: it may be a condition on them. A row is decided where it is
defined: a divisor (or the cosine under a tangent) that may vanish where the assumptions allow
makes a proof "proven where defined", reported unknown, and a counterexample where it vanishes is
no counterexample.

>>> import sympy
>>> from .links import Link
>>> x = sympy.Symbol("x", real=True)
>>> result = decide_link(Link(3, "==", sympy.sin(x)**2 + sympy.cos(x)**2, sympy.Integer(1), 0, ""), (), "d")
>>> result.status, result.line
('proven', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import mpmath
import sympy

from ..errors import PosencSymError
from ..proof.claim import Claim
from ..proof.engine import decide
from ..proof.verdict import Verdict
from .asides import ASIDE
from .conventions import Convention
from .counts import at_a_negative_count
from .divisors import open_divisors
from .links import Link, ReadDisplay
from .renumbered import bounds, holds, of_its_domain, two_readings
from .rounding import (
    beyond_rounding,
    decimal_units,
    from_rounded_data,
    rounding_explains,
    rounding_explains_as_written,
)
from .scope import undefined_names
from .stated import a_condition, hold_together, sets_through_declared
from .undefined_rows import as_written, not_defined, varying_in_derivative, zero_whatever_they_are

__all__ = ["STATED", "DisplayResult", "LinkResult", "combine", "decide_display", "decide_link", "display_result"]

#: Digits of the numeric gap printed for ≈ (the gap itself is computed at 30).
_GAP_DIGITS = 6


@dataclass(frozen=True)
class LinkResult:
    """A decided link: ``status`` is a verdict, ``approximate`` for ≈, or ``unknown``."""

    link: Link
    status: str
    verdict: Verdict | None = None
    note: str = ""

    @property
    def line(self) -> int:
        return self.link.line


@dataclass(frozen=True)
class DisplayResult:
    """A display's verdict, its links' verdicts, and whether the document expects it to fail."""

    read: ReadDisplay
    status: str
    links: tuple[LinkResult, ...]
    reason: str
    conventions: tuple[Convention, ...] = ()  # the readings first made for this display (said once)

    @property
    def line(self) -> int:
        return self.read.display.line

    @property
    def expected_refuted(self) -> bool:
        return self.read.display.expect_refuted

    @property
    def unexpected(self) -> bool:
        if self.status == "refuted":
            return not self.expected_refuted
        return self.expected_refuted and self.status == "proven"


#: The statuses of links the text states rather than claims: a display made of them takes theirs.
STATED = ("definition", "condition", "argument")


def combine(statuses: Sequence[str]) -> str:
    """The display's status from its links' statuses (definitions and conditions are not claims).

    >>> combine(["proven", "refuted", "proven"]), combine(["proven", "checked"]), combine(["proven"] * 2)
    ('refuted', 'checked', 'proven')
    >>> combine(["proven", "approximate"]), combine(["checked", "unknown"])
    ('approximate', 'unknown')
    >>> combine(["definition", "proven"]), combine(["definition", "condition"]), combine(["condition"])
    ('proven', 'definition', 'condition')
    >>> combine(["proven", "argument"]), combine(["definition", "argument"]), combine(["argument"])
    ('proven', 'definition', 'argument')
    """
    claims = [s for s in statuses if s not in STATED]
    for status in ("refuted", "unknown", "approximate", "checked"):
        if status in claims:
            return status
    if claims:
        return "proven"
    return next((s for s in STATED if s in statuses), "unknown")


def decide_link(link: Link, conditions: Sequence[sympy.Basic], claim_id: str,
                declared: frozenset[sympy.Basic] | None = None) -> LinkResult:
    """Decide one link (≈ and ≠ are reported, not decided; definitions and conditions are stated).

    ``declared`` are the symbols the document declares; the others were read by a convention, and a
    comparison of those alone that fails somewhere is taken for a condition the text states (``m > 1``,
    ``1/k < 1``), not refuted. None: every symbol is declared."""
    if link.role in STATED:
        return LinkResult(link, link.role, note=link.note)
    if link.role in ("ellipsis", "undecided", "again"):
        return LinkResult(link, "unknown", note=link.note)
    if _unstated_terms(link):
        return LinkResult(link, "unknown", note="a sum that ends in + … leaves its further terms unstated: the row is "
                          "not decided from what it does not say; write the sum with its last term, or Σ")
    if link.relation == "~":
        units = decimal_units(link.source)
        if beyond_rounding(link.lhs, link.rhs, units) or beyond_rounding(link.rhs, link.lhs, units):
            gap = _difference(link.lhs - link.rhs)
            reason = (f"no rounding or truncation to the decimals written gives it: lhs - rhs = {gap}, more than one "
                      "unit of the last place written")
            return LinkResult(link, "refuted", Verdict("refuted", method="decimals", reason=reason, counterexample={},
                                                       difference=gap), reason)
        return LinkResult(link, "approximate", note=_gap(link))
    undefined = sorted(undefined_names(link.lhs) | undefined_names(link.rhs))
    if undefined:
        return _decide_abstract(link, undefined, conditions)
    if link.relation == "!=":
        return _decide_unequal(link)
    undefined_at = open_divisors(link.nonzero, conditions)
    try:
        claim = Claim(claim_id, link.source[:80] or "row", link.lhs, link.rhs, relation=link.relation,  # type: ignore[arg-type]
                      conditions=tuple(conditions))
        verdict = decide(claim)
    except (PosencSymError, ValueError, TypeError) as exc:
        # The claim's id is this row's internal name (doc.d3.l3.1): the reader sees the row's line instead.
        return LinkResult(link, "unknown", note=str(exc).removeprefix(f"{claim_id}: "))
    except Exception as exc:  # an engine bug must not hide the other rows' verdicts
        return LinkResult(link, "unknown", note=f"the proof engine failed with {type(exc).__name__}: {exc}; this "
                          "is a bug in posenc-sym, please report it with this row")
    result = _where_defined(link, verdict, undefined_at)
    if result.status == "refuted" and (counted := at_a_negative_count(link.lhs, link.rhs, link.relation, verdict,
                                                                       conditions, declared, claim_id)) is not None:
        status, again, note = counted
        result = LinkResult(link, status, again, note)
    explained = result.status == "refuted" and link.relation == "==" and not _free(link) and (
        rounding_explains(link.lhs, link.rhs, decimal_units(link.source))
        or rounding_explains_as_written(link.source, link.lhs))
    from_data = result.status == "refuted" and link.relation == "==" and not _free(link) and not explained and \
        from_rounded_data(link.lhs, link.rhs, decimal_units(link.source), link.source)
    if explained or from_data:
        gap = _difference(link.lhs - link.rhs)
        off = "at most two units of the last digit off, as a value computed from data the text rounded" if from_data \
            else "less than one unit of the last digit off"
        return LinkResult(link, "approximate", note=f"two readings: as an exact equality it fails (lhs - rhs = {gap}); "
                          f"with its decimals as values to the digits written ({off}) it holds; write \\approx for "
                          "the second, or exact values for the first")
    if result.status == "refuted" and link.across:
        return LinkResult(link, "unknown", note=f"it continues the display above across the words “{link.across}”, "
                          f"which may say it continues a part of it (a numerator, one side); read as the whole right "
                          f"side above it fails{_at_point(verdict)}; not refuted: write the step in the "
                          "display above, or restate its left side")
    if result.status == "refuted" and link.supposed:
        return LinkResult(link, "unknown", note="it bounds a declared name that nothing gives a value, by a number its "
                          "declaration does not imply: what the text supposes from here on (\"a constant s < 1\"), "
                          "not a claim for every value; later rows are not refuted where it fails; declare it "
                          "(assume …) to have them decided under it")
    if result.status == "refuted" and link.implied:
        return LinkResult(link, "unknown", note=f"the display joins its statements by {link.implied}: each may hold "
                          f"only under another (a supposition, an equation being solved); read alone it fails"
                          f"{_at_point(verdict)}; not refuted: state it as a claim of its own, or the "
                          "supposition as a condition")
    if result.status == "refuted" and link.renumbered:
        result = _renumbered(result, conditions)
    if result.status == "refuted" and link.names_too:
        named = link.names_too
        if "*" in named:  # q_1^* of a real q_1: a declaration cannot name it; a new spelling can
            base = named.split("^", 1)[0].strip()
            fix = f"rename it ({base}' or \\tilde{{{base}}}) for a name of its own, or write the conjugate as " \
                  f"\\overline{{{base}}}"
        else:
            fix = f"declare {named} (assume {named} complex, or let {named} = …) for a name, or write the conjugate " \
                  "as z^*"
        return LinkResult(link, "unknown", note=f"{link.source} has two readings: a claim about the complex conjugate, "
                          f"which fails{_at_point(verdict)}; or the definition of a name {named} of its "
                          f"own (a mean, a new variable); say which is meant: {fix}")
    if result.status == "refuted" and declared is not None and a_condition(link.lhs, link.relation, link.rhs,
                                                                         link.because, declared):
        names = ", ".join(sorted(str(x) for x in _free(link) if x not in declared))
        if link.relation == "==" and sets_through_declared(link.lhs, link.rhs, declared):
            return LinkResult(link, "condition", verdict, f"{verdict.reason}; it gives {names} (read by a convention) "
                              "as a function of declared names, so it is read as the text's choice of it, a condition "
                              f"it states, not a claim for every {names}; declare {names} to have it checked")
        return LinkResult(link, "condition", verdict, f"{verdict.reason}; so it is read as a condition the text states "
                          f"on {names} (read by a convention, with nothing declared of the values it holds for), "
                          "not as a claim; declare them to have it checked")
    return result


def _renumbered(result: LinkResult, conditions: Sequence[sympy.Basic]) -> LinkResult:
    """A refuted row that holds with its index shifted by one has two readings: unknown, both named."""
    link = result.link
    for shifted in link.renumbered:
        where = holds(shifted, link.rhs, link.relation, conditions, link.source)
        if where is not None:
            return LinkResult(link, "unknown", note=two_readings(shifted, where, link.lhs, link.source, result.verdict))
    return result


def _free(link: Link) -> set[sympy.Basic]:
    return set(getattr(link.lhs, "free_symbols", set())) | set(getattr(link.rhs, "free_symbols", set()))


def _where_defined(link: Link, verdict: Verdict, undefined_at: Sequence[sympy.Expr]) -> LinkResult:
    """A verdict read against what must not vanish: no proof for all values, no counterexample where
    the row is undefined."""
    if not undefined_at:
        return LinkResult(link, verdict.status, verdict, verdict.reason)
    shown = ", ".join(dict.fromkeys(sympy.sstr(v) for v in undefined_at))
    if verdict.status == "refuted" and verdict.counterexample is not None:
        point = dict(verdict.counterexample)
        if all(sympy.N(v.xreplace(point), 30) != 0 for v in undefined_at):
            return LinkResult(link, verdict.status, verdict, verdict.reason)
        return LinkResult(link, "unknown", note=f"the only point found against it is one where {shown} is 0, where "
                          "the row is not defined")
    if verdict.status in ("proven", "checked"):
        return LinkResult(link, "unknown", note=f"{verdict.status} where the row is defined, but the assumptions "
                          f"allow {shown} = 0, where it is not (a division by zero); state the claim where "
                          f"{shown} is not 0")
    return LinkResult(link, verdict.status, verdict, verdict.reason)


def _unstated_terms(link: Link) -> bool:
    """True if a side of ``link`` ends in ``+ \\dots`` (the reader's ⋯, :mod:`~posenc_sym.notation.read_grammar`)."""
    return any(isinstance(s, sympy.Dummy) and s.name == "⋯" for side in (link.lhs, link.rhs)
               for s in getattr(side, "free_symbols", ()))


def _at_point(verdict: Verdict) -> str:
    """`` at x = 1, y = 2``, the counterexample of a refutation held back, as a note says where it fails; or ""."""
    point = ", ".join(f"{k} = {v}" for k, v in (verdict.counterexample or {}).items())
    return f" at {point}" if point else ""


def _decide_abstract(link: Link, undefined: Sequence[str], conditions: Sequence[sympy.Basic]) -> LinkResult:
    """A row about names the text does not define: proven only if it holds whatever they are."""
    names = ", ".join(as_written(name) for name in undefined)
    if (varying := varying_in_derivative(link)) is not None:
        return LinkResult(link, "unknown", note=varying)
    unknown = LinkResult(link, "unknown", note=not_defined(undefined))
    if link.relation != "==":
        return unknown
    try:
        entries = (list(sympy.Matrix(link.lhs - link.rhs)) if isinstance(link.lhs, sympy.MatrixBase)
                   else [link.lhs - link.rhs])
        methods = [zero_whatever_they_are(e) for e in entries]
    except Exception:  # SymPy failing, or shapes that do not match, proves nothing
        return unknown
    if any(m is None for m in methods):
        return unknown
    if open_divisors(link.nonzero, conditions):
        return unknown
    reason = f"holds whatever {names} {'is' if len(undefined) == 1 else 'are'} (not defined in the text): the two " \
             f"sides are equal for every value ({methods[0]})"
    return LinkResult(link, "proven", Verdict("proven", method=f"{methods[0]}, undefined names left free",
                                              reason=reason), reason)


def decide_display(read: ReadDisplay, conditions: Sequence[sympy.Basic], prefix: str,
                   conventions: tuple[Convention, ...] = (),
                   declared: frozenset[sympy.Basic] | None = None) -> DisplayResult:
    """Decide every link of ``read``; a display with a part that cannot be read is ``unknown`` with its reason."""
    results = _chains_claimed(tuple(decide_link(link, _relevant((*conditions, *bounds(link.renumbered)), link),
                                                f"{prefix}.l{link.line}.{n}", declared)
                                    for n, link in enumerate(read.links, start=1)))
    results = tuple(_under_stated(r, results, conditions, f"{prefix}.l{r.line}.c{n}", declared)
                    for n, r in enumerate(results, start=1))
    return display_result(read, results, conventions)


def display_result(read: ReadDisplay, results: tuple[LinkResult, ...],
                   conventions: tuple[Convention, ...] = ()) -> DisplayResult:
    """The display's verdict from its links' (``unknown`` with its reason where a part cannot be read)."""
    if read.unreadable:
        return DisplayResult(read, "unknown", results, f"cannot be read: {read.unreadable}", conventions)
    status = combine([r.status for r in results])
    weak = [f"line {r.line}: {r.status}" for r in results if r.status not in ("proven", *STATED)]
    if status in STATED:
        reason = "; ".join(dict.fromkeys(r.note for r in results))  # two arguments of one call say the same
    elif status == "proven":
        claims = sum(r.status == "proven" for r in results)
        reason = "proven" if claims == 1 else f"each of the {claims} rows is proven"
    else:
        reason = "; ".join(weak)
    return DisplayResult(read, status, results, reason, conventions)


def _chains_claimed(results: tuple[LinkResult, ...]) -> tuple[LinkResult, ...]:
    """A chain is claimed as a whole: a link of it taken for a condition (it failed somewhere) beside links
    that are claims is no condition the text states, and the chain is not proven (``0 \\le t < 1 + t``
    read as a claim and a condition would be proven): that link is unknown, saying why."""
    claimed = {r.link.statement for r in results if r.link.role == "claim" and r.status not in STATED}
    return tuple(replace(r, status="unknown", note=f"{r.note}; but it is a link of a chain whose other links are "
                         "claims, so it is no condition the text states apart from them, and the chain is not "
                         "proven: declare its names (assume ...) to have it checked")
                 if r.status == "condition" and r.link.role == "claim" and r.link.statement in claimed else r
                 for r in results)


_BOUNDS = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}


def _under_stated(result: LinkResult, results: tuple[LinkResult, ...], conditions: Sequence[sympy.Basic],
                  claim_id: str, declared: frozenset[sympy.Basic] | None) -> LinkResult:
    """A refuted claim with a condition the text states beside it on its row (``\\sqrt{t^2} = t, \\quad t
    \\ge 0``) is decided again under that condition: the row claims it only there. A condition that sets
    a name (``t = 1``) is not applied: the claim is then unknown, never refuted."""
    if result.status != "refuted" or result.link.role != "claim":
        return result
    names = _free(result.link)
    beside = [r for r in results if r.link.statement != result.link.statement and (
        r.line == result.line or _aside_before(r, result))]
    stated = [r.link for r in beside if r.status == "condition" and _free(r.link) & names]
    setting = [r.link for r in beside if r.status == "definition" and str(r.link.lhs) in {str(s) for s in names}]
    if not stated and not setting:
        return result
    shown = ", ".join(dict.fromkeys(link.source for link in [*stated, *setting]))  # t \in (0, 1) is two bounds
    beside_it = all(link.line == result.line for link in [*stated, *setting])
    aside = "before it, in a clause of prose"
    which = "which the row states beside it" if beside_it else f"which the text states {aside}"
    said = f"the row states {shown} beside it" if beside_it else f"the text states {shown} {aside}"
    if unread := [link.source for link in stated if link.relation == "in"]:
        return LinkResult(result.link, "unknown", note=f"{said}: {', '.join(unread)}, a set posenc-sym does not "
                          "read, so the claim is not decided under it: write its bounds as order relations (0 \\le t "
                          "\\le 1), or declare them")
    if setting or any(link.relation not in _BOUNDS for link in stated):
        return LinkResult(result.link, "unknown", note=f"{said}, which sets a name this "
                          "claim may be meant for; not decided: state the claim at that value, or declare it")
    bounds = tuple(_BOUNDS[link.relation](link.lhs, link.rhs) for link in stated)
    if not hold_together(bounds):
        return LinkResult(result.link, "unknown", note=f"{said}, which hold together at no "
                          "point tried; not decided under them")
    again = decide_link(result.link, (*_relevant(conditions, result.link), *bounds), claim_id, declared)
    return replace(again, note=f"decided under {shown}, {which}"
                   + (f"; {again.note}" if again.note else ""))


def _aside_before(stated: LinkResult, result: LinkResult) -> bool:
    """True if ``stated`` comes from a clause of prose on a row of its own above ``result`` in its display
    (``&\\text{where } y = 1``): the rows after it are claimed under it (:mod:`.asides`)."""
    # the chain it interrupts goes on with its own (earlier) statement number; a chain begun after it has a later one
    return stated.link.note.startswith(ASIDE) and stated.link.offset < result.link.offset and \
        result.link.statement < stated.link.statement


def _decide_unequal(link: Link) -> LinkResult:
    """``a ≠ b`` is proven when SymPy shows, from the symbols' assumptions, that a - b is never 0."""
    # SymPy's immutable matrices are Exprs too: matrices are kept out by their own type, never by Expr's
    if any(isinstance(side, sympy.MatrixBase) or not isinstance(side, sympy.Expr) for side in (link.lhs, link.rhs)):
        if _equal_entries(link.lhs, link.rhs):
            reason = "the two sides are equal entry by entry for every value (SymPy simplifies each difference to 0)"
            point = {s: _a_value_of(s) for s in sorted(link.lhs.free_symbols | link.rhs.free_symbols, key=str)}
            return LinkResult(link, "refuted", Verdict("refuted", method="entries equal", reason=reason,
                                                       counterexample=point, difference="0"), reason)
        return LinkResult(link, "unknown", note="≠ between vectors or matrices is not decided")
    try:
        nonzero = sympy.simplify(link.lhs - link.rhs).is_zero is False
    except Exception:  # SymPy failing proves nothing
        nonzero = False
    if nonzero:
        reason = "SymPy shows lhs - rhs is never 0 under the assumptions"
        return LinkResult(link, "proven", Verdict("proven", method="nonzero", reason=reason), reason)
    return LinkResult(link, "unknown", note="≠ not decided: SymPy could not show that lhs - rhs is never 0 (a ≠ "
                      "claim is refuted only by a point where both sides meet, which is not searched for)")


def _a_value_of(symbol: sympy.Symbol) -> sympy.Expr:
    """A value the symbol's signs and parity allow (1, 2, -1 or -2): a point where two sides equal everywhere meet."""
    return sympy.Integer(next((v for v in (1, 2, -1, -2) if of_its_domain(symbol, v)), 1))


def _equal_entries(lhs: object, rhs: object) -> bool:
    """True if ``lhs`` and ``rhs`` are matrices of one shape whose entries SymPy shows equal for every value."""
    if not (isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase)) or lhs.shape != rhs.shape:
        return False
    try:
        return all(sympy.simplify(sympy.expand_trig(a - b)) == 0 for a, b in zip(lhs, rhs, strict=True))
    except Exception:  # SymPy failing shows nothing
        return False


def _relevant(conditions: Sequence[sympy.Basic], link: Link) -> tuple[sympy.Basic, ...]:
    """The conditions on the link's symbols only: one that also names a symbol the link does not hold
    (``i < d/2`` beside ``\\sum_{i=0}^{1} (i + d)``, whose i is the sum's own) says nothing of its points,
    and would leave the search with none it can evaluate."""
    symbols = link.lhs.free_symbols | link.rhs.free_symbols
    return tuple(c for c in conditions if c.free_symbols and c.free_symbols <= symbols)


def _gap(link: Link) -> str:
    """What ≈ is reported with: the numeric gap of its sides (of each entry, between vectors or matrices)."""
    try:
        difference = link.lhs - link.rhs
    except (TypeError, ValueError, ArithmeticError, sympy.ShapeError):
        return ("approximate, not decided: its sides cannot be subtracted (a vector beside a number, or shapes "
                "that differ)")
    if difference.free_symbols:
        names = ", ".join(sorted(str(s) for s in difference.free_symbols))
        return f"approximate, not decided: the gap depends on {names}"
    return f"approximate, not decided: lhs - rhs = {_difference(difference)}"


def _difference(difference: sympy.Basic) -> str:
    """A difference of sides free of names, in decimals (entry by entry for vectors and matrices)."""
    with mpmath.workdps(30):
        value = sympy.N(difference, 30)
    if isinstance(value, sympy.MatrixBase):
        return f"[{', '.join(_shown(entry) for entry in value)}]"
    return _shown(value)


def _shown(value: sympy.Basic) -> str:
    """A numeric gap to :data:`_GAP_DIGITS` significant digits (a complex one as a + b·I)."""
    return str(sympy.Float(value, _GAP_DIGITS) if value.is_real else sympy.N(value, _GAP_DIGITS))
