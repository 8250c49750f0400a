"""The property table of the encodings (issue 4's :mod:`posenc_sym.report.table`) as LaTeX and Markdown.

The table comes from whoever builds the notes (:mod:`posenc_sym.app.notes`); rendering needs only
what :class:`Table` and :class:`TableCell` describe, so render does not import report, its sibling.

Each cell is the answer the verdicts give (yes, no, checked yes, ...) with the badge of the
claim that decided it (✓ proven, ✗ refuted, ≈ checked numerically, ? unknown), and the
list below the table names that claim. In the complete document each cell links to its claim;
a fragment has no links, because the claims' sections may not be in the same document.
"""

from __future__ import annotations

from typing import Protocol

from ..notation.escape import escape_latex, escape_markdown
from .inline import text_latex, text_markdown
from .options import claim_label
from .verdicts import BADGES

__all__ = ["LEGEND", "Table", "TableCell", "table_latex", "table_markdown"]


class TableCell(Protocol):
    """One cell as the rendering reads it (:class:`posenc_sym.report.table.Cell` is one)."""

    @property
    def answer(self) -> str: ...

    @property
    def status(self) -> str | None: ...

    @property
    def claim_id(self) -> str | None: ...


class Table(Protocol):
    """The table as the rendering reads it (:class:`posenc_sym.report.table.PropertyTable` is one):
    rows (key, label), columns (key, short label, meaning), and a cell per row and column."""

    @property
    def encodings(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def properties(self) -> tuple[tuple[str, str, str], ...]: ...

    def cell(self, encoding: str, prop: str) -> TableCell: ...

LEGEND = ("✓ proven, ✗ refuted, ≈ checked numerically (not proven), ? unknown; "
          "– means no claim decides the cell.")


LEGEND_LATEX = (r"\posencproven{} proven, \posencrefuted{} refuted, \posencchecked{} checked numerically "
                r"(not proven), \posencunknown{} unknown; \textendash{} means no claim decides the cell.")


def _cell_text(cell: TableCell, latex: bool = False) -> str:
    """The answer and the badge of the claim that decided it (LaTeX: the preamble's badge macro)."""
    if cell.status is None:
        return "\\textendash{}" if latex else "–"
    macro, sign = BADGES[cell.status]
    return f"{escape_latex(cell.answer)} {macro}{{}}" if latex else f"{cell.answer} {sign}"


def _claim_line(table: Table, encoding: str, label: str, prop: str, plabel: str,
                latex: bool = False) -> tuple[str, str, str | None]:
    cell = table.cell(encoding, prop)
    return f"{label} / {plabel}", _cell_text(cell, latex), cell.claim_id


def table_latex(table: Table, *, links: bool) -> str:
    """A booktabs tabular and the claim behind every decided cell."""
    props = table.properties
    head = " & ".join(["encoding", *(text_latex(p[1]) for p in props)]) + r" \\"
    rows = []
    for encoding, label in table.encodings:
        cells = []
        for prop, *_ in props:
            cell = table.cell(encoding, prop)
            text = _cell_text(cell, latex=True)
            if links and cell.claim_id is not None:
                text = rf"\hyperref[{claim_label(cell.claim_id)}]{{{text}}}"
            cells.append(text)
        rows.append(" & ".join([text_latex(label), *cells]) + r" \\")
    tabular = (
        "\\begin{tabular}{l" + "c" * len(props) + "}\n\\toprule\n" + head + "\n\\midrule\n"
        + "\n".join(rows) + "\n\\bottomrule\n\\end{tabular}"
    )
    meanings = [rf"\item[{text_latex(p[1])}] {text_latex(p[2])}" for p in props if p[2]]
    behind = []
    for encoding, label in table.encodings:
        for prop, plabel, _ in props:
            where, text, claim_id = _claim_line(table, encoding, label, prop, plabel, latex=True)
            if claim_id is not None:
                behind.append(rf"\item {text_latex(where)}: {text}, "
                              rf"\texttt{{{escape_latex(claim_id)}}}")
    parts = [
        # Seven short columns fit the line in \small with narrower gaps: nothing is scaled.
        "\\begin{center}\n\\small\\setlength{\\tabcolsep}{4pt}\n" + tabular + "\n\\end{center}",
        rf"\noindent\emph{{{LEGEND_LATEX}}}",
    ]
    if meanings:
        parts.append("\\begin{description}\n" + "\n".join(meanings) + "\n\\end{description}")
    if behind:
        parts.append("\\noindent\\textbf{The claims behind the cells.}\n{\\small\\begin{itemize}\n"
                     + "\n".join(behind) + "\n\\end{itemize}}")
    return "\n\n".join(parts)


def table_markdown(table: Table) -> str:
    """A pipe table and the claim behind every decided cell."""
    props = table.properties
    lines = [
        "| " + " | ".join(["encoding", *(text_markdown(p[1]) for p in props)]) + " |",
        "|" + "---|" * (len(props) + 1),
    ]
    for encoding, label in table.encodings:
        cells = [escape_markdown(_cell_text(table.cell(encoding, p[0]))) for p in props]
        lines.append("| " + " | ".join([text_markdown(label), *cells]) + " |")
    out = ["\n".join(lines), f"*{escape_markdown(LEGEND)}*"]
    meanings = [f"- **{text_markdown(p[1])}**: {text_markdown(p[2])}" for p in props if p[2]]
    if meanings:
        out.append("\n".join(meanings))
    behind = []
    for encoding, label in table.encodings:
        for prop, plabel, _ in props:
            where, text, claim_id = _claim_line(table, encoding, label, prop, plabel)
            if claim_id is not None:
                behind.append(f"- {text_markdown(where)}: {escape_markdown(text)}, `{claim_id}`")
    if behind:
        out.append("**The claims behind the cells.**\n\n" + "\n".join(behind))
    return "\n\n".join(out)
