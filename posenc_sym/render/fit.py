r"""Does a rendered claim fit its host? Widths of display rows, heights of blocks, frame-sized pieces.

The layout breaks displays to the line (:mod:`.layout`); what it cannot break (a wide matrix, one
long product) is found here by measuring the LaTeX it wrote, row by row, so that a fragment too
wide for its host is reported when it is written, never discovered in a lecturer's log. For
beamer, a claim's blocks (its paragraphs and displays) are given estimated heights and packed
into frame-sized pieces; a display with many rows is cut between rows.

The heights are estimates from the structure of the LaTeX (lines of text, rows, fractions,
matrix rows), in pt at 11pt, with beamer's skips; they err on the tall side. The tests compile
every piece in a frame of its own and look for overfull boxes.

>>> rows_too_wide(r"\begin{equation*}" + " + ".join("xyzuvw") + r"\end{equation*}", 11.0)  # 16 units
[14.8]
>>> block_height(r"\begin{equation*}x\end{equation*}") > LINE_PT
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from .layout import PT_PER_UNIT, math_width, split_top
from .typeset import has_tall_fraction

__all__ = ["FRAME_HEIGHT_PT", "FRAME_TEXT_PT", "LINE_PT", "Piece", "block_height", "frame_pieces", "rows_too_wide"]

#: A beamer frame's text height (96mm paper, no frame title): 269pt, measured with \typeout;
#: the pieces keep 10% of it free, for what the estimate misses.
FRAME_TEXT_PT = 269.1
FRAME_HEIGHT_PT = FRAME_TEXT_PT * 0.9
#: Baselines at 11pt (beamer's \normalsize and \small), display skips above and below.
LINE_PT, SMALL_PT, DISPLAY_SKIP_PT, JOT_PT = 13.6, 12.0, 2 * 11.0, 3.0
#: Average width of a character of text at 11pt (Computer Modern, spaces included).
CHAR_PT = 5.2

_DISPLAY = re.compile(r"\\begin\{(equation\*|align\*)\}(.*?)\\end\{\1\}", re.S)
_INTERTEXT = re.compile(r"^\\intertext\{(.*)\}$", re.S)


def _rows(body: str) -> Iterator[tuple[str, str]]:
    """The entries of a display body: ("row", latex) or ("text", words of an ``\\intertext``)."""
    for line in body.strip().split("\n"):
        line = line.strip()
        if not line:
            continue
        text = _INTERTEXT.match(line)
        if text:
            yield "text", text.group(1)
            continue
        for row in split_top(line, r"\\"):
            yield "row", row


def _row_width(row: str) -> float:
    """A display row's width in layout units: its aligned pieces side by side (a note as text)."""
    pieces = split_top(row, "&")
    return sum(math_width(p) for p in pieces) + 2.0 * max(len(pieces) - 2, 0)


#: The printed width of a layout unit at the median of the catalogue's displays (layout.LINE_WIDTH
#: gives the measurement); breaking uses the largest, 7.04pt, to be safe, but a row is reported
#: as too wide only when at the median it would still run more than :data:`SLACK_PT` over.
MEDIAN_PT_PER_UNIT, SLACK_PT = 5.84, 10.0


def rows_too_wide(latex: str, width: float) -> list[float]:
    """How far (pt, estimated) each display row of ``latex`` runs past a line of ``width`` units,
    for the rows that would run more than :data:`SLACK_PT` over it."""
    over = []
    for match in _DISPLAY.finditer(latex):
        for kind, row in _rows(match.group(2)):
            if kind != "row":
                continue
            excess = _row_width(row) * MEDIAN_PT_PER_UNIT - width * PT_PER_UNIT
            if excess > SLACK_PT:
                over.append(round(excess, 1))
    return over


def _row_height(row: str) -> float:
    """A display row's height: a line, more with fractions, a matrix's rows, sums' limits."""
    matrix = re.search(r"\\begin\{[bp]?matrix\}(.*?)\\end\{[bp]?matrix\}", row, re.S)
    if matrix:
        inner_rows = split_top(matrix.group(1), r"\\")
        # A display fraction doubles a matrix row; a fraction (its rows then set 1.5 times as tall:
        # typeset.roomy_matrices) or a root adds half; a fraction in an exponent a little.
        body = matrix.group(1)
        tall = (2.0 if "\\dfrac" in body else 1.5 if has_tall_fraction(body) or "\\sqrt" in body
                else 1.15 if "\\frac" in body else 1.0)
        return max(len(inner_rows) * LINE_PT * tall + 4.0, LINE_PT)
    height = LINE_PT
    if re.search(r"\\[dt]?frac|\\sum|\\prod|\\underbrace|\\Bigl|\\left", row):
        height += 14.0
    if row.count("\\frac") > 1 and re.search(r"\\frac\{[^{}]*\\frac", row):
        height += 8.0  # a fraction in a fraction
    return height


def _text_height(latex: str, width_pt: float) -> float:
    """Lines of text (commands dropped, inline math by its width) times the baseline."""
    small = "\\small" in latex
    words = re.sub(r"\$([^$]*)\$", lambda m: "x" * math.ceil(math_width(m.group(1))), latex)
    words = re.sub(r"\\(?:label|hyperref)\{[^{}]*\}|\\[A-Za-z]+\*?|[{}]", "", words)
    chars = len(" ".join(words.split()))
    if not chars:
        return 0.0
    per_line = max(int(width_pt / (CHAR_PT * (0.9 if small else 1.0))), 10)
    lines = math.ceil(chars / per_line)
    return lines * (SMALL_PT if small else LINE_PT)


def block_height(latex: str, width: float = 42.0) -> float:
    """The estimated height (pt) of one block of a claim: text, displays, both."""
    width_pt = width * PT_PER_UNIT
    height, start = 0.0, 0
    for match in _DISPLAY.finditer(latex):
        height += _text_height(latex[start:match.start()], width_pt)
        height += DISPLAY_SKIP_PT
        rows = list(_rows(match.group(2)))
        for kind, row in rows:
            height += (_text_height(row, width_pt) + DISPLAY_SKIP_PT) if kind == "text" else _row_height(row)
        height += JOT_PT * max(len(rows) - 1, 0)
        start = match.end()
    return height + _text_height(latex[start:], width_pt)


class Piece:
    """One frame-sized piece of a claim: its LaTeX and its estimated height."""

    def __init__(self, latex: str, height: float) -> None:
        self.latex, self.height = latex, height


def _open_group(lead: str) -> int:
    """Where the group left open at the end of ``lead`` starts (``{\\setlength…`` around a
    display), or ``len(lead)`` when every group is closed."""
    depth, start = 0, len(lead)
    opened: list[int] = []
    n = 0
    while n < len(lead):
        if lead[n] == "\\":
            n += 2
            continue
        if lead[n] == "{":
            opened.append(n)
            depth += 1
        elif lead[n] == "}" and opened:
            opened.pop()
        n += 1
    return opened[0] if opened else start


def _split_display(block: str, width: float, room: float) -> list[str]:
    """A block whose display is too tall, cut between rows into displays of at most ``room``.

    A group opened before the display and closed after it (narrower column gaps for a wide
    matrix) is opened and closed again around each part; a row that ends in "=" stays with the
    next (a matrix set under its name)."""
    match = _DISPLAY.search(block)
    if match is None:
        return [block]
    env, lead, tail = match.group(1), block[:match.start()], block[match.end():]
    cut = _open_group(lead)
    group, lead = lead[cut:], lead[:cut]
    if group and tail.lstrip().startswith("}"):
        tail = tail.lstrip()[1:]
    else:
        group = ""
    parts: list[str] = []
    current: list[str] = []
    used = _text_height(lead, width * PT_PER_UNIT) + DISPLAY_SKIP_PT
    texts: list[str] = []

    def close() -> None:
        nonlocal current, texts
        if current:
            display = f"\\begin{{{env}}}\n" + " \\\\\n".join(current) + f"\n\\end{{{env}}}"
            display = f"{group}{display}}}" if group else display
            note = "".join(f"\\noindent{{{t}}}\\par\n" for t in texts)
            parts.append(((lead.rstrip() + "\n") if not parts and lead.strip() else "") + note + display)
            current, texts = [], []

    glued = False
    for kind, row in _rows(match.group(2)):
        height = (_text_height(row, width * PT_PER_UNIT) + DISPLAY_SKIP_PT) if kind == "text" else \
            _row_height(row) + JOT_PT
        if used + height > room and current and not glued:
            close()
            used = DISPLAY_SKIP_PT
        if kind == "text":
            if current:  # a note between rows: it opens the next display, as text
                close()
                used = DISPLAY_SKIP_PT
            texts.append(row)
        else:
            current.append(row)
        glued = kind == "row" and row.rstrip().endswith("=")
        used += height
    close()
    if tail.strip():
        parts.append(tail.strip())
    return parts


def frame_pieces(blocks: list[str], width: float, continued: str,
                 room: float = FRAME_HEIGHT_PT) -> list[Piece]:
    """The blocks of a claim packed into pieces no taller than ``room`` (a display cut between its
    rows when it alone is taller); each piece after the first opens with ``continued``."""
    pieces: list[Piece] = []
    current: list[str] = []
    used = 0.0
    head = block_height(continued, width)
    queue = list(blocks)
    while queue:
        block = queue.pop(0)
        height = block_height(block, width)
        display = _DISPLAY.search(block)
        if height > room - head and display is not None and len(list(_rows(display.group(2)))) > 1:
            cut = _split_display(block, width, room - head - 2 * LINE_PT)
            if len(cut) > 1:
                queue[:0] = cut
                continue
        if current and used + height > room:
            pieces.append(Piece("\n\n".join(current), used))
            current, used = [continued], head
        current.append(block)
        used += height
    if current:
        pieces.append(Piece("\n\n".join(current), used))
    return pieces
