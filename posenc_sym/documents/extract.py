"""Find what a document says to check: declaration lines and displays, with their line numbers.

Markdown (``.md``, ``.markdown``, ``.txt``): a fenced block with the info string ``posenc`` holds
declarations; other fenced blocks are code and are skipped; displays are ``$$…$$``, ``\\[…\\]``
and the display environments (or, in a page copied from a KaTeX rendering, which has no
delimiters, the LaTeX source of each display line: see :mod:`.katex`). LaTeX (``.tex``):
declarations are the comment lines after a ``% posenc`` line. A display preceded by
``<!-- posenc: expect refuted -->`` (Markdown) or ``% posenc: expect refuted`` (LaTeX) on the line
before is a claim the document expects to fail.

>>> items = extract("Intro\\n```posenc\\nassume x real\\n```\\n$$ x = x $$\\n", "markdown")
>>> [(type(i).__name__, i.line) for i in items]
[('Declaration', 3), ('Display', 5)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .katex import katex_source

__all__ = ["Declaration", "Display", "Item", "Kind", "extract", "kind_of"]

Kind = Literal["markdown", "latex"]

_SUFFIXES: dict[str, Kind] = {".md": "markdown", ".markdown": "markdown", ".txt": "markdown", ".tex": "latex"}
_ENVIRONMENTS = "equation|align|gather|multline|eqnarray|flalign|alignat"
_OPEN = re.compile(r"\$\$|\\\[|\\begin\{(" + _ENVIRONMENTS + r")(\*?)\}")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([^\s`]*)")
_EXPECT_MD = re.compile(r"^\s*<!--\s*posenc:\s*expect\s+refuted\s*-->\s*$")
_EXPECT_TEX = re.compile(r"^\s*%\s*posenc:\s*expect\s+refuted\s*$")
_TEX_BLOCK = re.compile(r"^\s*%\s*posenc\s*$")


@dataclass(frozen=True)
class Declaration:
    """One declaration line (``assume …`` or ``let …``) and its line number (1-based)."""

    text: str
    line: int


@dataclass(frozen=True)
class Display:
    """A display: its body (delimiters removed), the line of its opening, the line its body starts on.

    ``body_line`` and ``body_column`` locate ``body[0]``; :meth:`line_of` maps an offset in ``body``.
    """

    body: str
    line: int
    body_line: int
    expect_refuted: bool
    end_line: int
    problem: str = ""

    def line_of(self, offset: int) -> int:
        """The document line of ``body[offset]``."""
        return self.body_line + self.body.count("\n", 0, max(0, offset))


Item = Declaration | Display


def kind_of(suffix: str) -> Kind | None:
    """``"markdown"`` or ``"latex"`` for a file suffix, None for anything else.

    >>> kind_of(".tex"), kind_of(".py")
    ('latex', None)
    """
    return _SUFFIXES.get(suffix.lower())


def extract(text: str, kind: Kind) -> list[Item]:
    """The declarations and displays of ``text`` in document order."""
    blanked, declarations = (_markdown_blocks if kind == "markdown" else _latex_blocks)(text)
    if kind == "latex":
        blanked = _strip_tex_comments(blanked)
    items: list[Item] = list(declarations)
    displays = _displays(text, blanked, kind)
    if not displays and kind == "markdown":
        displays = _katex_displays(text, blanked)
    items.extend(displays)
    return sorted(items, key=lambda item: item.line)


def _katex_displays(original: str, blanked: str) -> list[Display]:
    """Displays of a page copied from a KaTeX rendering (no delimiters; see :mod:`.katex`)."""
    found = []
    lines = original.split("\n")
    for n, line in enumerate(blanked.split("\n"), start=1):
        source = katex_source(line)
        if source is not None:
            found.append(Display(source, n, n, _expected(lines, n, "markdown"), n))
    return found


def _markdown_blocks(text: str) -> tuple[str, list[Declaration]]:
    """Declarations from ``posenc`` fences; every fenced block blanked out so no display is found there."""
    lines = text.split("\n")
    declarations: list[Declaration] = []
    fence: str | None = None
    is_posenc = False
    for n, line in enumerate(lines):
        match = _FENCE.match(line)
        if fence is None and match:
            fence, is_posenc = match.group(1), match.group(2).strip().lower() == "posenc"
            lines[n] = " " * len(line)
            continue
        if fence is not None:
            if line.strip().startswith(fence) and not line.strip()[len(fence):].strip():
                fence = None
            elif is_posenc and line.strip():
                declarations.append(Declaration(line.strip(), n + 1))
            lines[n] = " " * len(line)
    _indented_code_blanked(lines)
    # Inline code spans can hold dollar signs that are not math; a display in an HTML comment was
    # taken out by its writer (the expect-refuted marker is read from the original lines).
    blanked = re.sub(r"`[^`\n]*`", _spaces, "\n".join(lines))
    blanked = re.sub(r"<!--.*?-->", _spaces, blanked, flags=re.DOTALL)
    return _blockquote_markers_blanked(blanked), declarations


_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)")


def _indent(line: str) -> int:
    """The width of the leading white space, a tab reaching the next multiple of four (CommonMark)."""
    width = 0
    for char in line:
        if char == " ":
            width += 1
        elif char == "\t":
            width += 4 - width % 4
        else:
            break
    return width


def _indented_code_blanked(lines: list[str]) -> None:
    """Blank, in place, the indented code blocks: CommonMark renders them verbatim, so a ``$$`` there
    is code, never a display.

    A block is a run of lines indented by four columns or more that starts after a blank line (an
    indented line cannot interrupt a paragraph). Inside a list, indented lines continue the item
    (they render, so they are kept) until a line at the left margin that opens no item ends the list.
    """
    after_blank, in_list, in_code = True, False, False
    for n, line in enumerate(lines):
        if not line.strip():
            after_blank = True
            continue
        indented = _indent(line) >= 4
        if indented and (in_code or (after_blank and not in_list)):
            in_code = True
            lines[n] = " " * len(line)
        else:
            in_code = False
            if _LIST_ITEM.match(line):
                in_list = True
            elif _indent(line) == 0 and after_blank:
                in_list = False
        after_blank = False


def _spaces(match: re.Match[str]) -> str:
    """The match as spaces, its line breaks kept, so offsets and line numbers stay right."""
    return re.sub(r"[^\n]", " ", match.group())


_QUOTED = re.compile(r"^([ \t]*>)+", re.MULTILINE)


def _blockquote_markers_blanked(text: str) -> str:
    """The ``>`` markers of a block quote blanked, so a quoted display reads as it renders.

    A display whose own lines start with ``>`` is inside a quote; that ``>`` is never a relation.
    The markers are blanked only on lines of a quote (the previous line quoted, or this one opening
    with ``> $$``/``> \\[``/``> \\begin``), so a row of a display that starts with ``> 0`` is kept.
    """
    lines = text.split("\n")
    quoted = False
    for n, line in enumerate(lines):
        match = _QUOTED.match(line)
        opens = match is not None and re.match(r"\s*(\$\$|\\\[|\\begin)", line[match.end():]) is not None
        if match is not None and (quoted or opens):
            lines[n] = " " * match.end() + line[match.end():]
            quoted = True
        else:
            quoted = match is not None and quoted
    return "\n".join(lines)


def _latex_blocks(text: str) -> tuple[str, list[Declaration]]:
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
    text = _VERBATIM.sub(_spaces, text)
    text = re.sub(r"(?<!\\)%[^\n]*", _spaces, text)
    return _IFFALSE.sub(_spaces, text)


def _displays(original: str, blanked: str, kind: Kind) -> list[Display]:
    displays: list[Display] = []
    position = 0
    lines = original.split("\n")
    while (match := _OPEN.search(blanked, position)) is not None:
        if match.group() == "$$":
            closing = "$$"
        elif match.group() == "\\[":
            closing = "\\]"
        else:
            closing = f"\\end{{{match.group(1)}{match.group(2)}}}"
        end = blanked.find(closing, match.end())
        line = blanked.count("\n", 0, match.start()) + 1
        if end < 0:
            # An unclosed display: nothing after it could be trusted as a display either.
            displays.append(Display("", line, line, False, line,
                                    problem=f"this display is never closed; add {closing}"))
            break
        body = blanked[match.end():end]
        displays.append(Display(
            body=body, line=line, body_line=blanked.count("\n", 0, match.end()) + 1,
            expect_refuted=_expected(lines, line, kind),
            end_line=blanked.count("\n", 0, end + len(closing)) + 1,
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
