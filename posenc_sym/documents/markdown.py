"""What in a Markdown page is not math: code, comments, front matter, quote markers; and its declarations.

:func:`markdown_blocks` blanks them out (spaces of the same length, line breaks kept, so offsets
and line numbers stay right) and returns the declarations of ``posenc`` fences. A fenced block is
code (Quarto's ```` ```{python} ```` chunks too), except a ```` ```math ```` block (GitHub and
GitLab): that is a display, so its fences become ``$$`` and its body is kept. Front matter (a YAML
block between ``---`` lines at the top, as Jekyll, Hugo and Quarto write it) is metadata.

>>> blanked, declarations = markdown_blocks("```posenc\\nassume x real\\n```\\n```math\\nx = x\\n```\\n")
>>> blanked.split("\\n")[3:6], declarations
(['$$     ', 'x = x', '$$ '], [('assume x real', 2)])
"""

from __future__ import annotations

import re

from ..errors import PosencSymError

__all__ = ["MarkdownError", "markdown_blocks", "spaces"]

_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([^\s`]*)")
_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)")
_QUOTED = re.compile(r"^([ \t]*>)+", re.MULTILINE)
_FRONT_MATTER_END = re.compile(r"^(---|\.\.\.)\s*$")
#: A line of YAML as front matter holds it: a key, a list item, an indented or commented line.
_YAML_LINE = re.compile(r"^(?:\s|-|#|[\w\"'.-]+\s*:|$)")


class MarkdownError(PosencSymError):
    """A page that cannot be read as written (a math block never closed), at a line."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def markdown_blocks(text: str) -> tuple[str, list[tuple[str, int]]]:
    """The page with everything that is not math blanked, and the declaration lines of ``posenc``
    fences with their line numbers."""
    lines = text.split("\n")
    _front_matter_blanked(lines)
    declarations = _fences_blanked(lines)
    _indented_code_blanked(lines)
    # Inline code spans can hold dollar signs that are not math; a display in an HTML comment was
    # taken out by its writer (the expect-refuted marker is read from the original lines).
    blanked = re.sub(r"`[^`\n]*`", spaces, "\n".join(lines))
    blanked = re.sub(r"<!--.*?-->", spaces, blanked, flags=re.DOTALL)
    return _blockquote_markers_blanked(blanked), declarations


def _front_matter_blanked(lines: list[str]) -> None:
    """Blank, in place, a YAML block that opens the page with ``---`` and closes with ``---`` or ``...``.

    Every line between must be YAML: a page that opens with a rule (``---``) and has prose or math
    before its next rule has no front matter.
    """
    if not lines or lines[0].rstrip() != "---":
        return
    for n in range(1, len(lines)):
        if _FRONT_MATTER_END.match(lines[n]):
            for k in range(n + 1):
                lines[k] = " " * len(lines[k])
            return
        if not _YAML_LINE.match(lines[n]):
            return


def _fences_blanked(lines: list[str]) -> list[tuple[str, int]]:
    """Blank, in place, every fenced block but a ``math`` one (its fences become ``$$``); return the
    declarations of the ``posenc`` blocks."""
    declarations: list[tuple[str, int]] = []
    fence: str | None = None
    info = ""
    opened = 0
    for n, line in enumerate(lines):
        match = _FENCE.match(line)
        if fence is None and match:
            fence, info, opened = match.group(1), match.group(2).strip().lower(), n
            lines[n] = _as_display_fence(line) if info == "math" else " " * len(line)
            continue
        if fence is None:
            continue
        if line.strip().startswith(fence) and not line.strip()[len(fence):].strip():
            lines[n] = _as_display_fence(line) if info == "math" else " " * len(line)
            fence = None
        elif info == "posenc":
            if line.strip():
                declarations.append((line.strip(), n + 1))
            lines[n] = " " * len(line)
        elif info != "math":
            lines[n] = " " * len(line)
    if fence is not None and info == "math":
        raise MarkdownError(f"the {fence}math block opened here is never closed; close it with {fence}", opened + 1)
    return declarations


def _as_display_fence(line: str) -> str:
    """A fence line of a ``math`` block as ``$$`` (padded to its length), so it delimits a display."""
    return "$$" + " " * max(0, len(line) - 2)


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


def spaces(match: re.Match[str]) -> str:
    """The match as spaces, its line breaks kept, so offsets and line numbers stay right."""
    return re.sub(r"[^\n]", " ", match.group())


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
