"""Decide every link of a read display with the proof engine, and the display from its links.

Each link becomes a :class:`~posenc_sym.proof.claim.Claim` under the document's conditions and
is decided on its own. A display is proven only when every link is; one refuted link refutes
it (and the report points at that row), even if its first and last expressions agree. ``≈`` is
reported with its numeric gap and not decided; ``≠`` is proven only when SymPy shows the
difference is never zero, and is otherwise unknown.

>>> import sympy
>>> from .claims import Link
>>> x = sympy.Symbol("x", real=True)
>>> result = decide_link(Link(3, "==", sympy.sin(x)**2 + sympy.cos(x)**2, sympy.Integer(1), 0, ""), (), "d")
>>> result.status, result.line
('proven', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import sympy

from ..errors import PosencSymError
from ..proof.claim import Claim
from ..proof.engine import decide
from ..proof.verdict import Verdict
from .claims import Link, ReadDisplay

__all__ = ["DisplayResult", "LinkResult", "combine", "decide_display", "decide_link"]

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


def combine(statuses: Sequence[str]) -> str:
    """The display's status from its links' statuses.

    >>> combine(["proven", "refuted", "proven"]), combine(["proven", "checked"]), combine(["proven"] * 2)
    ('refuted', 'checked', 'proven')
    >>> combine(["proven", "approximate"]), combine(["checked", "unknown"])
    ('approximate', 'unknown')
    """
    for status in ("refuted", "unknown", "approximate", "checked"):
        if status in statuses:
            return status
    return "proven" if statuses else "unknown"


def decide_link(link: Link, conditions: Sequence[sympy.Basic], claim_id: str) -> LinkResult:
    """Decide one link (≈ and ≠ are reported, not decided)."""
    if link.relation == "~":
        return LinkResult(link, "approximate", note=_gap(link))
    if link.relation == "!=":
        return _decide_unequal(link)
    try:
        claim = Claim(claim_id, link.source[:80] or "row", link.lhs, link.rhs, relation=link.relation,  # type: ignore[arg-type]
                      conditions=tuple(conditions))
        verdict = decide(claim)
    except (PosencSymError, ValueError, TypeError) as exc:
        return LinkResult(link, "unknown", note=str(exc))
    except Exception as exc:  # an engine bug must not hide the other rows' verdicts
        return LinkResult(link, "unknown", note=f"the proof engine failed with {type(exc).__name__}: {exc}; this "
                          "is a bug in posenc-sym, please report it with this row")
    return LinkResult(link, verdict.status, verdict, verdict.reason)


def decide_display(read: ReadDisplay, conditions: Sequence[sympy.Basic], prefix: str) -> DisplayResult:
    """Decide every link of ``read``; an unreadable display is ``unknown`` with its reason."""
    results = tuple(decide_link(link, _relevant(conditions, link), f"{prefix}.l{link.line}.{n}")
                    for n, link in enumerate(read.links, start=1))
    if read.unreadable:
        return DisplayResult(read, "unknown", results, f"cannot be read: {read.unreadable}")
    status = combine([r.status for r in results])
    weak = [f"line {r.line}: {r.status}" for r in results if r.status != "proven"]
    if status == "proven":
        reason = "proven" if len(results) == 1 else f"each of the {len(results)} rows is proven"
    else:
        reason = "; ".join(weak)
    return DisplayResult(read, status, results, reason)


def _decide_unequal(link: Link) -> LinkResult:
    """``a ≠ b`` is proven when SymPy shows, from the symbols' assumptions, that a - b is never 0."""
    if not isinstance(link.lhs, sympy.Expr) or not isinstance(link.rhs, sympy.Expr):
        return LinkResult(link, "unknown", note="≠ between matrices is not decided")
    try:
        nonzero = sympy.simplify(link.lhs - link.rhs).is_zero is False
    except Exception:  # SymPy failing proves nothing
        nonzero = False
    if nonzero:
        reason = "SymPy shows lhs - rhs is never 0 under the assumptions"
        return LinkResult(link, "proven", Verdict("proven", method="nonzero", reason=reason), reason)
    return LinkResult(link, "unknown", note="≠ not decided: SymPy could not show that lhs - rhs is never 0 (a ≠ "
                      "claim is refuted only by a point where both sides meet, which is not searched for)")


def _relevant(conditions: Sequence[sympy.Basic], link: Link) -> tuple[sympy.Basic, ...]:
    """The conditions on the link's symbols (the others would only slow the search down)."""
    symbols = link.lhs.free_symbols | link.rhs.free_symbols
    return tuple(c for c in conditions if c.free_symbols & symbols)


def _gap(link: Link) -> str:
    difference = link.lhs - link.rhs
    if difference.free_symbols:
        names = ", ".join(sorted(str(s) for s in difference.free_symbols))
        return f"approximate, not decided: the gap depends on {names}"
    with mpmath.workdps(30):
        value = sympy.N(difference, 30)
    return f"approximate, not decided: lhs - rhs = {sympy.Float(value, _GAP_DIGITS)}"
