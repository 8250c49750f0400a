"""The property table of the encodings (issue 4's :mod:`posenc_sym.report.table`) as LaTeX and Markdown.

The table comes from whoever builds the notes (:mod:`posenc_sym.app.notes`); rendering needs only
what :class:`Table` and :class:`TableCell` describe, so render does not import report, its sibling.

Each cell is the answer the verdicts give, as one sign: ✓ the encoding has the property, ✗ it
does not, ≈ in front when the deciding claim was only checked numerically, – when no claim
decides it; a legend under the table says so once. In the complete document each sign links to
the claim that decided it (the appendix "How each statement was checked" lists the claims); a
fragment has no links, because the claims' sections may not be in the same document.
"""

from __future__ import annotations

from typing import Protocol

from ..notation.escape import escape_latex, escape_markdown
from .inline import text_latex, text_markdown
from .options import claim_label

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

#: What a cell says: the answer, ✓ yes and ✗ no (each established by the claim the cell links to).
_SIGNS = {"yes": "✓", "no": "✗", "checked yes": "≈✓", "checked no": "≈✗", "?": "?", "conflict": "!"}
_MACROS = {"✓": r"\posencyes{}", "✗": r"\posencno{}", "≈": r"\posencchecked{}", "?": r"\posencunknown{}",
           "!": r"\textbf{!}", "–": r"\textendash{}"}

#: The legend, said once under the table: each sign and what it means.
_LEGEND = (
    ("✓", "the encoding has the property"),
    ("✗", "it does not (each proven, or refuted by a counterexample, in the statement the sign links to)"),
    ("≈", "checked numerically only"),
    ("?", "not decided"),
    ("–", "no statement decides the cell"),
)
LEGEND = "; ".join(f"{sign} {words}" for sign, words in _LEGEND) + "."


def _sign(cell: TableCell) -> str:
    """The cell as one sign: ✓, ✗ (≈ in front when only checked numerically), ?, or – without a claim."""
    if cell.status is None:
        return "–"
    return _SIGNS.get(cell.answer, "?")


def _latex_sign(sign: str) -> str:
    return "".join(_MACROS[ch] for ch in sign)


def table_latex(table: Table, *, links: bool) -> str:
    """A booktabs tabular of ✓/✗/– (each sign a link to its claim when ``links``), and its legend."""
    props = table.properties
    head = " & ".join(["encoding", *(text_latex(p[1]) for p in props)]) + r" \\"
    rows = []
    for encoding, label in table.encodings:
        cells = []
        for prop, *_ in props:
            cell = table.cell(encoding, prop)
            text = _latex_sign(_sign(cell))
            if links and cell.claim_id is not None:
                text = rf"\hyperref[{claim_label(cell.claim_id)}]{{{text}}}"
            cells.append(text)
        rows.append(" & ".join([text_latex(label), *cells]) + r" \\")
    tabular = (
        "\\begin{tabular}{l" + "c" * len(props) + "}\n\\toprule\n" + head + "\n\\midrule\n"
        + "\n".join(rows) + "\n\\bottomrule\n\\end{tabular}"
    )
    legend = "; ".join(f"{_MACROS[sign]} {escape_latex(words)}" for sign, words in _LEGEND) + "."
    meanings = [rf"\item[{text_latex(p[1])}] {text_latex(p[2])}" for p in props if p[2]]
    parts = [
        "\\begin{center}\n\\small\\setlength{\\tabcolsep}{6pt}\n" + tabular + "\n\\end{center}",
        rf"\noindent\emph{{{legend}}}",
    ]
    if meanings:
        parts.append("\\begin{description}\n" + "\n".join(meanings) + "\n\\end{description}")
    return "\n\n".join(parts)


def table_markdown(table: Table) -> str:
    """A pipe table of ✓/✗/– and its legend."""
    props = table.properties
    lines = [
        "| " + " | ".join(["encoding", *(text_markdown(p[1]) for p in props)]) + " |",
        "|" + "---|" * (len(props) + 1),
    ]
    for encoding, label in table.encodings:
        cells = [_sign(table.cell(encoding, p[0])) for p in props]
        lines.append("| " + " | ".join([text_markdown(label), *cells]) + " |")
    out = ["\n".join(lines), f"*{escape_markdown(LEGEND)}*"]
    meanings = [f"- **{text_markdown(p[1])}**: {text_markdown(p[2])}" for p in props if p[2]]
    if meanings:
        out.append("\n".join(meanings))
    return "\n\n".join(out)
