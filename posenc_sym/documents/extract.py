"""Find what a document says to check: declaration lines and displays, with their line numbers.

Markdown (``.md``, ``.markdown``, ``.txt``, and a notebook's or Quarto page's Markdown): a fenced
block with the info string ``posenc`` holds declarations; other fenced blocks are code and are
skipped, except ```` ```math ```` blocks, which are displays (see :mod:`.markdown`); displays are
``$$…$$`` (inside a line of prose too: kramdown and MathJax set it as math), ``\\[…\\]`` and the
display environments (or, in a page copied from a KaTeX rendering, which has no delimiters, the
LaTeX source of each display line: see :mod:`.katex`). LaTeX (``.tex``): declarations are the
comment lines after a ``% posenc`` line. A display preceded by ``<!-- posenc: expect refuted -->``
(Markdown) or ``% posenc: expect refuted`` (LaTeX) on the line before is a claim the document
expects to fail. The document's own macros are expanded first (:mod:`.macros`).

A display that is opened and never closed is a :class:`DocumentError`: nothing after it can be
trusted to be a display either.

>>> items = extract("Intro\\n```posenc\\nassume x real\\n```\\n$$ x = x $$\\n", "markdown")
>>> [(type(i).__name__, i.line) for i in items]
[('Declaration', 3), ('Display', 5)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..errors import PosencSymError
from .component_subscripts import component_as_argument
from .frames import unframed
from .katex import katex_source
from .macros import Expanded, Macros
from .markdown import MarkdownError, markdown_blocks, spaces
from .places import Cell, Place, place_of

__all__ = ["Declaration", "Display", "DocumentError", "Item", "Kind", "extract", "kind_of"]

Kind = Literal["markdown", "latex"]

_SUFFIXES: dict[str, Kind] = {".md": "markdown", ".markdown": "markdown", ".txt": "markdown", ".tex": "latex"}
_ENVIRONMENTS = "equation|align|gather|multline|eqnarray|flalign|alignat"
# Not after a backslash: \\[2pt] is a line break with its spacing, \\$ a dollar sign.
_OPEN = re.compile(r"(?<!\\)(?:\$\$|\\\[|\\begin\{(" + _ENVIRONMENTS + r")(\*?)\})")
_EXPECT_MD = re.compile(r"^\s*<!--\s*posenc:\s*expect\s+refuted\s*-->\s*$")
_EXPECT_TEX = re.compile(r"^\s*%\s*posenc:\s*expect\s+refuted\s*$")
_TEX_BLOCK = re.compile(r"^\s*%\s*posenc\s*$")


@dataclass(frozen=True)
class Declaration:
    """One declaration line (``assume …`` or ``let …``), its line number (1-based), and its notebook cell."""

    text: str
    line: int
    cell: Cell | None = None


@dataclass(frozen=True)
class Display:
    """A display: its body (delimiters removed, macros expanded), the line of its opening, the line its
    body starts on; in a notebook, its cell (the lines are then the cell's).

    ``body_line`` and ``body_column`` locate ``body[0]``; :meth:`line_of` maps an offset in ``body``.
    """

    body: str
    line: int
    body_line: int
    expect_refuted: bool
    end_line: int
    problem: str = ""
    cell: Cell | None = None

    def line_of(self, offset: int) -> int:
        """The document line of ``body[offset]``."""
        return self.body_line + self.body.count("\n", 0, max(0, offset))


Item = Declaration | Display


class DocumentError(PosencSymError):
    """A document that cannot be read as written (a display never closed), and where."""

    def __init__(self, message: str, place: Place) -> None:
        super().__init__(message)
        self.message = message
        self.place = place


def kind_of(suffix: str) -> Kind | None:
    """``"markdown"`` or ``"latex"`` for the suffix of a text file, None for anything else.

    >>> kind_of(".tex"), kind_of(".py")
    ('latex', None)
    """
    return _SUFFIXES.get(suffix.lower())


def extract(text: str, kind: Kind, *, macros: Macros | None = None, cell: Cell | None = None) -> list[Item]:
    """The declarations and displays of ``text`` in document order.

    ``macros`` are the macros in force before ``text`` (a notebook's earlier cells), updated with the
    ones it defines; ``cell`` is the notebook cell ``text`` is the source of (a cell is never a copy
    of a KaTeX page: one without a display has none).
    """
    macros = Macros() if macros is None else macros
    if kind == "markdown":
        try:
            blanked, found = markdown_blocks(text)
        except MarkdownError as exc:
            raise DocumentError(str(exc), place_of(cell, exc.line)) from None
        declarations = [Declaration(line_text, line, cell) for line_text, line in found]
    else:
        blanked, declarations = _latex_blocks(text)
        blanked = _strip_tex_comments(blanked)

    def where(offset: int) -> str:
        return place_of(cell, blanked.count("\n", 0, offset) + 1).label()

    expanded = macros.expand(blanked, where)
    items: list[Item] = list(declarations)
    displays = _displays(text, expanded, kind, cell)
    if not displays and kind == "markdown" and cell is None:
        displays = _katex_displays(text, expanded.text, cell)
    items.extend(displays)
    return sorted(items, key=lambda item: item.line)


def _katex_displays(original: str, blanked: str, cell: Cell | None) -> list[Display]:
    """Displays of a page copied from a KaTeX rendering (no delimiters; see :mod:`.katex`)."""
    found = []
    lines = original.split("\n")
    for n, line in enumerate(blanked.split("\n"), start=1):
        source = katex_source(line)
        if source is not None:
            found.append(Display(source, n, n, _expected(lines, n, "markdown"), n, cell=cell))
    return found


def _latex_blocks(text: str) -> tuple[str, list[Declaration]]:
    """The declarations of the ``% posenc`` comment blocks of a LaTeX document."""
    lines = text.split("\n")
    declarations: list[Declaration] = []
    in_block = False
    for n, line in enumerate(lines):
        if _TEX_BLOCK.match(line):
            in_block = True
            continue
        stripped = line.strip()
        if in_block and stripped.startswith("%"):
            content = stripped.lstrip("%").strip()
            if content:
                declarations.append(Declaration(content, n + 1))
            continue
        in_block = False
    return text, declarations


_VERBATIM = re.compile(r"\\begin\{(verbatim|lstlisting|minted|comment|Verbatim)\*?\}.*?\\end\{\1\*?\}"
                       r"|\\verb\*?([^A-Za-z\s*])[^\n]*?\2", re.DOTALL)  # \verb ends on its line
_IFFALSE = re.compile(r"\\iffalse\b.*?\\fi\b", re.DOTALL)


def _strip_tex_comments(text: str) -> str:
    """Comments, verbatim text and ``\\iffalse … \\fi`` blanked out (offsets and lines kept), ``\\%`` kept:
    none of them is typeset, so none holds a claim."""
    text = _VERBATIM.sub(spaces, text)
    text = re.sub(r"(?<!\\)%[^\n]*", spaces, text)
    return _IFFALSE.sub(spaces, text)


def _displays(original: str, expanded: Expanded, kind: Kind, cell: Cell | None) -> list[Display]:
    displays: list[Display] = []
    position = 0
    lines = original.split("\n")
    blanked = expanded.text
    while (match := _OPEN.search(blanked, position)) is not None:
        if match.group() == "$$":
            closing = "$$"
        elif match.group() == "\\[":
            closing = "\\]"
        else:
            closing = f"\\end{{{match.group(1)}{match.group(2)}}}"
        end = blanked.find(closing, match.end())
        line = blanked.count("\n", 0, match.start()) + 1
        if end < 0 and kind == "markdown" and closing == "\\]":
            position = match.end()  # in Markdown, \[ alone is an escaped bracket ("\[1]"), not math
            continue
        if end < 0:
            raise DocumentError(f"the display opened here with {match.group()} is never closed; close it with "
                                f"{closing}", place_of(cell, line))
        refused = [r.reason for r in expanded.refusals if match.end() <= r.start < end]
        displays.append(Display(
            body=component_as_argument(unframed(blanked[match.end():end])), line=line,
            body_line=blanked.count("\n", 0, match.end()) + 1,
            expect_refuted=_expected(lines, line, kind),
            end_line=blanked.count("\n", 0, end + len(closing)) + 1,
            problem=refused[0] if refused else "", cell=cell,
        ))
        position = end + len(closing)
    return displays


def _expected(lines: list[str], line: int, kind: Kind) -> bool:
    """True if the line before the display (line numbers are 1-based) marks it as expected to fail."""
    if line < 2:
        return False
    before = lines[line - 2]
    pattern = _EXPECT_MD if kind == "markdown" else _EXPECT_TEX
    return bool(pattern.match(before))
