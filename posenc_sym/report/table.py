"""The property table: encodings × properties, every cell a verdict and the claim behind it.

A claim joins the table through a tag ``table:<encoding>:<property>`` (the claim states the
property) or ``table:<encoding>:<property>:negated`` (the claim states its negation). The cell's
answer follows from the verdict:

=========  ===========================  ===========================
verdict    claim states the property    claim states its negation
=========  ===========================  ===========================
proven     yes                          no
refuted    no                           yes
checked    yes (checked, not proven)    no (checked, not proven)
unknown    ?                            ?
=========  ===========================  ===========================

A cell without a claim says ``?`` and names no claim. Two claims that settle a cell in opposite
ways make it ``conflict``: a bug in a derivation, shown rather than hidden.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ..runner import ClaimResult, RunReport
from ..schemes import registry

__all__ = [
    "PROPERTIES",
    "Answer",
    "Cell",
    "PropertyTable",
    "build_table",
    "encodings",
    "plain_label",
    "table_document",
    "table_lines",
]

Answer = Literal["yes", "no", "checked yes", "checked no", "?", "conflict"]

def encodings() -> tuple[tuple[str, str], ...]:
    """Rows, in course order: (key used in tags, label), one per scheme the registry gives a label
    (:func:`posenc_sym.schemes.registry.table_rows`). A label's ``$...$`` is math in the notes;
    :func:`plain_label` spells it for a terminal.

    >>> encodings()[:2]
    (('integer', 'integer index $t$'), ('unit_interval', '$t/(n−1)$ in [0, 1]'))
    """
    return registry.table_rows()


#: Columns: (key used in tags, short label, what it means); ``$...$`` as in :func:`encodings`.
PROPERTIES: tuple[tuple[str, str, str], ...] = (
    ("bounded", "bounded", "the values stay within a bound for every position"),
    ("distinct", "distinct", "distinct positions get distinct encodings"),
    ("spacing", "spacing", "the step between neighbours does not depend on the sequence length"),
    ("extrapolates", "past $L$", "defined beyond the training length $L$ by the same rule"),
    ("linear_shift", "linear shift", "a fixed linear map takes position $t$ to $t + k$"),
    ("inner_product_offset", "offset only", "the inner product (or score) depends only on the offset"),
)

_PREFIX = "table:"
_NEGATED = "negated"
_POSITIVE: dict[str, Answer] = {"proven": "yes", "refuted": "no", "checked": "checked yes", "unknown": "?"}
_NEGATIVE: dict[str, Answer] = {"proven": "no", "refuted": "yes", "checked": "checked no", "unknown": "?"}
_STRENGTH = {"proven": 2, "refuted": 2, "checked": 1, "unknown": 0}


@dataclass(frozen=True)
class Evidence:
    """One claim bearing on a cell: its id, verdict status, and whether it states the negation."""

    claim_id: str
    status: str
    negated: bool

    @property
    def answer(self) -> Answer:
        return (_NEGATIVE if self.negated else _POSITIVE)[self.status]


@dataclass(frozen=True)
class Cell:
    """One cell: the answer, the status of the claim that decided it, and that claim's id.

    >>> Cell("rope", "bounded", (Evidence("rope.norm", "proven", False),)).summary
    'yes (proven, rope.norm)'
    >>> Cell("alibi", "bounded", ()).summary
    '? (no claim)'
    """

    encoding: str
    prop: str  # the property's key
    evidence: tuple[Evidence, ...]

    @property
    def deciding(self) -> Evidence | None:
        """The strongest evidence (proven/refuted before checked before unknown), first in order."""
        if not self.evidence:
            return None
        return max(self.evidence, key=lambda e: _STRENGTH[e.status])

    @property
    def answer(self) -> Answer:
        best = self.deciding
        if best is None:
            return "?"
        strong = {e.answer for e in self.evidence if _STRENGTH[e.status] == _STRENGTH[best.status]}
        return "conflict" if len(strong) > 1 else best.answer

    @property
    def status(self) -> str | None:
        best = self.deciding
        return None if best is None else best.status

    @property
    def claim_id(self) -> str | None:
        best = self.deciding
        return None if best is None else best.claim_id

    @property
    def summary(self) -> str:
        if self.deciding is None:
            return "? (no claim)"
        return f"{self.answer} ({self.status}, {self.claim_id})"


@dataclass(frozen=True)
class PropertyTable:
    """Rows (encodings) × columns (properties), with every known row and column present."""

    encodings: tuple[tuple[str, str], ...]
    properties: tuple[tuple[str, str, str], ...]
    cells: tuple[Cell, ...]

    def cell(self, encoding: str, prop: str) -> Cell:
        """The cell of one encoding and property (a cell with no claim if none was tagged).

        >>> empty_table().cell("rope", "bounded").answer
        '?'
        """
        for c in self.cells:
            if c.encoding == encoding and c.prop == prop:
                return c
        raise KeyError(f"no cell for encoding {encoding!r} and property {prop!r}")


def _parse_tag(tag: str) -> tuple[str, str, bool] | None:
    if not tag.startswith(_PREFIX):
        return None
    parts = tag[len(_PREFIX):].split(":")
    if len(parts) == 2 and all(parts):
        return parts[0], parts[1], False
    if len(parts) == 3 and parts[2] == _NEGATED and parts[0] and parts[1]:
        return parts[0], parts[1], True
    return None


def _extend(known: tuple[tuple[str, ...], ...], keys: Iterable[str], width: int) -> tuple[Any, ...]:
    """The known rows/columns, then any other key found in tags, labelled by the key itself."""
    names = [k[0] for k in known]
    extra = [k for k in dict.fromkeys(keys) if k not in names]
    return tuple(known) + tuple((k,) + (k,) + ("",) * (width - 2) for k in extra)


def build_table(results: RunReport | Iterable[ClaimResult]) -> PropertyTable:
    """Collect every ``table:`` tag of a run into the table.

    >>> build_table(()).cell("integer", "bounded").summary
    '? (no claim)'
    """
    found: dict[tuple[str, str], list[Evidence]] = {}
    items = results.results if isinstance(results, RunReport) else tuple(results)
    for result in items:
        for tag in result.claim.tags:
            parsed = _parse_tag(tag)
            if parsed is None:
                continue
            enc, prop, negated = parsed
            found.setdefault((enc, prop), []).append(
                Evidence(result.claim.id, result.verdict.status, negated)
            )
    rows = _extend(encodings(), (e for e, _ in found), 2)
    properties = _extend(PROPERTIES, (p for _, p in found), 3)
    cells = tuple(
        Cell(enc, prop, tuple(found.get((enc, prop), ())))
        for enc, _ in rows
        for prop, *_ in properties
    )
    return PropertyTable(rows, properties, cells)


def empty_table() -> PropertyTable:
    """The table with no claims: every cell ``?``."""
    return build_table(())


_MARK = {"proven": "P", "refuted": "R", "checked": "C", "unknown": "U"}


def _short(cell: Cell) -> str:
    if cell.status is None:
        return "?"
    return f"{cell.answer} [{_MARK[cell.status]}]"


def plain_label(label: str) -> str:
    """A row label as plain text: its math without dollars, a braced exponent in parentheses.

    >>> plain_label("sin only, $b^{−i/(d−1)}$"), plain_label("integer index $t$")
    ('sin only, b^(−i/(d−1))', 'integer index t')
    """
    return re.sub(r"\^\{([^{}]*)\}", r"^(\1)", label.replace("$", ""))


def table_lines(table: PropertyTable) -> list[str]:
    """The grid (answer and [P]roven/[R]efuted/[C]hecked/[U]nknown), then the claim of every cell.

    >>> print("\\n".join(table_lines(build_table(()))[:2]))
    encoding               | bounded | distinct | spacing | past L | linear shift | offset only
    -----------------------+---------+----------+---------+--------+--------------+------------
    """
    labels = [plain_label(p[1]) for p in table.properties]
    rows = [(enc, plain_label(label)) for enc, label in table.encodings]
    first = max(len("encoding"), *(len(label) for _, label in rows))
    widths = [max(len(label), *(len(_short(table.cell(e, p[0]))) for e, _ in table.encodings))
              for label, p in zip(labels, table.properties, strict=True)]
    header = " | ".join([f"{'encoding':<{first}}",
                         *(f"{lab:<{w}}" for lab, w in zip(labels, widths, strict=True))])
    lines = [header.rstrip(), "-+-".join(["-" * first, *("-" * w for w in widths)])]
    for enc, label in rows:
        cells = [f"{_short(table.cell(enc, p[0])):<{w}}" for p, w in zip(table.properties, widths, strict=True)]
        lines.append(" | ".join([f"{label:<{first}}", *cells]).rstrip())
    lines.append("")
    lines.append("[P] proven  [R] refuted  [C] checked numerically, not proven  [U] unknown  ? no claim")
    for p in table.properties:
        if p[2]:
            lines.append(f"  {plain_label(p[1])}: {plain_label(p[2])}")
    lines.append("")
    lines.append("claims behind the cells:")
    for enc, label in rows:
        for prop, plabel, _ in table.properties:
            cell = table.cell(enc, prop)
            lines.append(f"  {label} / {plain_label(plabel)}: {cell.summary}")
    return lines


def table_document(table: PropertyTable) -> dict[str, Any]:
    """The table for ``verify --json``: rows, columns and one record per cell.

    >>> doc = table_document(build_table(()))
    >>> sorted(doc), sorted(doc["cells"][0].items())[:3]
    (['cells', 'encodings', 'properties'], [('answer', '?'), ('claim', None), ('claims', [])])
    """
    return {
        "encodings": [{"key": k, "label": plain_label(label)} for k, label in table.encodings],
        "properties": [{"key": k, "label": plain_label(label), "meaning": plain_label(meaning)}
                       for k, label, meaning in table.properties],
        "cells": [
            {
                "encoding": c.encoding,
                "property": c.prop,
                "answer": c.answer,
                "status": c.status,
                "claim": c.claim_id,
                "claims": [
                    {"id": e.claim_id, "status": e.status, "negated": e.negated} for e in c.evidence
                ],
            }
            for c in table.cells
        ],
    }
