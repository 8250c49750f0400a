r"""Where the index i ends: a note that indexes with i in one section (``PE_{(pos,2i)}``) and writes the complex
form of RoPE in another (``q_m e^{\mathrm{i} m\theta}`` typed ``e^{im\theta}``) means the imaginary unit there.

The index reading of ``i`` (:mod:`.conventions`) is the document's; inside a section (a Markdown heading, a
LaTeX ``\section``) that has not yet indexed with i, up to a display, ``i`` is read as the imaginary unit
instead, said with the line. Where the section has indexed with i before the display, or the display itself
does (``e^{i m\theta_i}``), the reading stays the index's, and an ``e^{i…}`` is refused as before. A declared
``i`` is never read by a convention. A notebook is one section (its cells' lines are the cells' own).

>>> text = "# A\n$$PE_{(pos,2i)} = \\sin(pos)$$\n# B\n$$e^{i t} = \\cos t + i \\sin t$$\n"
>>> sections = IndexSections(text, "markdown", [(2, "PE_{(pos,2i)} = \\sin(pos)"), (4, "e^{i t} = \\cos t")])
>>> sections.indexes_i_by(2), sections.indexes_i_by(4)
(True, False)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from .prose import counted_names
from .survey import survey

__all__ = ["IndexSections", "heading_lines"]

_MARKDOWN_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_LATEX_HEADING = re.compile(r"^\s*\\(?:part|chapter|section|subsection|subsubsection)\*?\{")


def heading_lines(text: str, kind: str) -> list[int]:
    """The lines (1-based) of the document's headings; a ``#`` line inside fenced code is code, not a heading."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if kind == "markdown":
            if _FENCE.match(line):
                fenced = not fenced
            elif not fenced and _MARKDOWN_HEADING.match(line):
                lines.append(number)
        elif _LATEX_HEADING.match(line):
            lines.append(number)
    return lines


def _indexes_i(formula: str) -> bool:
    """True if ``formula`` indexes with i outside a sum (a subscript, a range, a pair 2i, 10000^{2i/d})."""
    roles = survey([formula])
    return ("i" in roles.indices and "i" not in roles.summed) or "i" in roles.ranged or "i" in roles.pairs


class IndexSections:
    """For each line, whether the section it is in has indexed with i by then."""

    def __init__(self, text: str, kind: str, formulas: Iterable[tuple[int, str]]) -> None:
        self.starts = [0, *heading_lines(text, kind)]
        lines = text.splitlines()
        self.first: dict[int, int] = {}  # section -> the first line that indexes with i in it
        for line, formula in sorted(formulas):
            section = self._section(line)
            if section not in self.first and _indexes_i(formula):
                self.first[section] = line
        for n, start in enumerate(self.starts):  # "the $i$-th token" in the section's prose
            end = self.starts[n + 1] if n + 1 < len(self.starts) else len(lines) + 1
            prose = "\n".join(lines[max(start - 1, 0):end - 1])
            if "i" in counted_names(prose):
                self.first[n] = min(self.first.get(n, start), start)

    def _section(self, line: int) -> int:
        return bisect.bisect_right(self.starts, line) - 1

    def indexes_i_by(self, line: int) -> bool:
        """True if the section of ``line`` indexes with i at or before it."""
        first = self.first.get(self._section(line))
        return first is not None and first <= line

    def heading(self, line: int) -> int:
        """The line of the heading that opens the section of ``line`` (0 before the first heading)."""
        return self.starts[self._section(line)]
