"""``--annotate OUT``: the document written back with a verdict after each display.

After each checked display comes a badge (✓ proven, ✗ refuted, ≈ checked, ? unknown,
~ approximate), the reason, and each row as the reader understood it, with the counterexample of
a refuted row. Markdown gets a block quote; LaTeX a paragraph (user text escaped, never executed);
a notebook gets the Markdown block in the cell of the display, and stays a notebook.
"""

from __future__ import annotations

from typing import Any

import sympy

from ..notation.definitions import Notation
from ..notation.escape import escape_latex
from ..notation.vocabulary import RELATION_LATEX
from .decide import DisplayResult, LinkResult
from .decide_document import DocumentReport
from .notebook import annotated_notebook
from .report import _counterexample, latex_of, link_latex

__all__ = ["BADGES", "annotate"]

BADGES = {"proven": "✓", "refuted": "✗", "checked": "≈", "unknown": "?", "approximate": "~", "definition": "≔",
          "condition": "▹", "argument": "↪"}
_TEX_BADGES = {"proven": "proven", "refuted": "REFUTED", "checked": "checked numerically, not proven",
               "unknown": "unknown", "approximate": "approximate", "definition": "a definition",
               "condition": "a condition (not checked)", "argument": "a named argument (not a relation)"}


def annotate(report: DocumentReport) -> str:
    """The document's text with the verdicts inserted after each display.

    >>> from .decide_document import DocumentReport
    >>> annotate(DocumentReport("n.md", (), (), 0.0, "no math\\n", "markdown"))
    'no math\\n'
    """
    after: dict[int, list[str]] = {}
    in_cells: dict[tuple[int, int], list[str]] = {}
    for result in report.displays:
        block = _markdown(result) if report.kind == "markdown" else _latex(result)
        display = result.read.display
        if display.cell is None:
            after.setdefault(display.end_line, []).extend(block)
        else:
            in_cells.setdefault((display.cell.index, display.end_line), []).extend(block)
    if report.file_format == "notebook":
        return annotated_notebook(report.text, in_cells)
    lines = report.text.split("\n")
    out: list[str] = []
    for n, line in enumerate(lines, start=1):
        out.append(line)
        out.extend(after.get(n, []))
    return "\n".join(out)


def _link_extra(link: LinkResult) -> str:
    return _counterexample(link) or (link.note if link.status in ("unknown", "approximate") else "")


def _markdown(result: DisplayResult) -> list[str]:
    head = f"> **posenc-sym {BADGES[result.status]} {result.status}**"
    if result.expected_refuted:
        head += " (the document expects this to be refuted)"
    lines = ["", f"{head}: {result.reason}"]
    if result.read.unreadable:
        lines.append(f"> - line {result.read.unreadable_line}: {result.read.unreadable}")
    for link in result.links:
        extra = _link_extra(link)
        because = f" ({link.link.because})" if link.link.because else ""
        lines.append(f"> - line {link.line} {BADGES[link.status]} {link.status}{because}: read as "
                     f"${link_latex(link, result.read.notation)}$" + (f"; {extra}" if extra else ""))
    lines.append("")
    return lines


#: Characters of LaTeX source a line of the "read as" display holds before it is broken.
LINE = 75


def _broken(link: LinkResult, notation: Notation | None) -> list[str]:
    """The link as read, in ``align*``, each side broken between its terms so no line runs off the page."""
    sides = [_side_lines(link.link.lhs, notation), _side_lines(link.link.rhs, notation)]
    rel = RELATION_LATEX.get(link.link.relation, link.link.relation)
    rows = [f"& {sides[0][0]}", *(f"& \\quad {line}" for line in sides[0][1:]),
            f"& {rel} {sides[1][0]}", *(f"& \\quad {line}" for line in sides[1][1:])]
    return ["\\begin{align*}", " \\\\\n".join(rows), "\\end{align*}"]


def _side_lines(term: Any, notation: Notation | None) -> list[str]:
    """A side's LaTeX, as lines of whole terms (a sum is broken only between its terms)."""
    if not isinstance(term, sympy.Add):
        return [latex_of(term, notation)]
    lines: list[str] = []
    for piece in (latex_of(t, notation) for t in sympy.Add.make_args(term)):
        joined = piece if piece.startswith("-") else f"+ {piece}"
        if lines and len(lines[-1]) + len(joined) < LINE:
            lines[-1] += f" {joined}"
        else:
            lines.append(joined if lines else piece)
    return lines


def _latex(result: DisplayResult) -> list[str]:
    expected = " (the document expects this to be refuted)" if result.expected_refuted else ""
    head = (f"\\par\\noindent\\textbf{{posenc-sym: {_TEX_BADGES[result.status]}.}}{expected} "
            f"{escape_latex(result.reason)}")
    lines = [head]
    items = []
    if result.read.unreadable:
        items.append(f"\\item line {result.read.unreadable_line}: {escape_latex(result.read.unreadable)}")
    for link in result.links:
        extra = _link_extra(link)
        because = f" ({escape_latex(link.link.because)})" if link.link.because else ""
        items.append(f"\\item line {link.line}, {_TEX_BADGES[link.status]}{because}: read as")
        items += _broken(link, result.read.notation)
        if extra:
            items.append(escape_latex(extra[:1].upper() + extra[1:]) + ".")
    if items:
        lines += ["\\begin{itemize}", *items, "\\end{itemize}"]
    return [*lines, "\\par"]
