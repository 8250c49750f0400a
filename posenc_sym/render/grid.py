r"""A document's printed table (claims ``prefix.r0c0``, ``prefix.r0c1``, ...) as one table.

Seed 000 prints a 4×10 tensor; each printed entry is a claim. Forty subsections would bury the
point, so the entries are one table: the printed value and its verdict's badge in each cell, then
the entries that are not proven, each with its verdict in full.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..proof.claim import Claim
from ..proof.verdict import Verdict
from .markup import Flavour
from .options import Options, claim_label
from .verdict_text import badge, verdict_text

__all__ = ["render_grid"]

_ENTRY = re.compile(r"\.r(\d+)c(\d+)$")


def _position(claim: Claim) -> tuple[int, int]:
    match = _ENTRY.search(claim.id)
    assert match is not None, claim.id
    return int(match.group(1)), int(match.group(2))


def _cell(claim: Claim, verdict: Verdict | None, fl: Flavour) -> str:
    value = claim.source.quote if claim.source is not None else claim.id
    status = verdict.status if verdict is not None else "unknown"
    label = rf"\label{{{claim_label(claim.id)}}}" if fl.name == "latex" else ""
    return f"{fl.literal(value)}{label} {badge(status, fl)}"


def render_grid(claims: tuple[Claim, ...], verdicts: Mapping[str, Verdict], fl: Flavour,
                options: Options) -> str:
    """The claims as one table (rows and columns from their ids), then the entries not proven."""
    if not claims:
        return ""
    cells = {_position(c): c for c in claims}
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    first = claims[0]
    prefix = _ENTRY.sub("", first.id)
    title = f"The printed table: {len(rows)} rows, {len(cols)} columns, one claim per entry"
    parts = [fl.heading(options.level + 1, title, claim_label(prefix))]
    if options.ids:
        parts.append(fl.small(fl.code(prefix + ".r<row>c<column>")))
    statuses = [verdicts[c.id].status if c.id in verdicts else "unknown" for c in claims]
    counts = ", ".join(f"{statuses.count(s)} {s}" for s in ("proven", "refuted", "checked", "unknown")
                       if statuses.count(s))
    parts.append(fl.text(
        "Each entry is claimed to be the exact value of the formula, rounded as printed: it lies within "
        f"half a unit of its last printed digit of the exact value. Verdicts: {counts}. "
        f"Example, entry [{_position(first)[0]},{_position(first)[1]}]: {first.prose or first.title}"))
    # A wide table (4 rows of 10 printed numbers) is set transposed: one line per printed column.
    flip = len(cols) > 6 and len(rows) < len(cols)
    outer, inner = (cols, rows) if flip else (rows, cols)
    table = []
    for a in outer:
        table.append([str(a)] + [_cell(cells[key], verdicts.get(cells[key].id), fl) if key in cells else ""
                                 for b in inner for key in [(b, a) if flip else (a, b)]])
    corner = "column / row" if flip else "row / column"
    parts.append(_table([corner, *(str(b) for b in inner)], table, fl))
    for claim, status in zip(claims, statuses, strict=True):
        if status != "proven":
            r, c = _position(claim)
            said = verdict_text(claim, verdicts.get(claim.id), fl, ids=options.ids)
            parts.append(fl.paragraph(f"Entry [{r},{c}].", said or f"{badge(status, fl)}"))
    return "\n\n".join(parts)


def _table(head: list[str], rows: list[list[str]], fl: Flavour) -> str:
    if fl.name != "latex":
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    # Ten columns of "8.4147e-01 ✓" fit the line in \footnotesize (measured: 390pt of 455pt).
    body = "\n".join(" & ".join(row) + r" \\" for row in rows)
    return ("\\begin{center}\\small\n\\begin{tabular}{r"
            + "l" * (len(head) - 1) + "}\n\\toprule\n" + " & ".join(head) + " \\\\\n\\midrule\n"
            + body + "\n\\bottomrule\n\\end{tabular}\n\\end{center}")
