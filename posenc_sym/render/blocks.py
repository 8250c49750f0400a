r"""Displays broken to the line, and wide matrices shown by their blocks rather than broken inside.

:func:`~.layout.break_sum` breaks a display at its top-level ``+``/``-``; it never breaks inside
a matrix (a row break there garbles the matrix). A block-diagonal matrix too wide for the line
(:math:`T_k` for ``d = 8``, eight columns of ``\cos(k/\sqrt[4]{b})``) is shown as
``diag(B_1, B_2, …)`` of its square blocks, which break between blocks like the terms of a sum.
Any other matrix too wide is left whole; :mod:`.fit` reports it.

>>> wide = r"T = \begin{bmatrix}a & b & 0 & 0\\c & d & 0 & 0\\0 & 0 & e & f\\0 & 0 & g & h\end{bmatrix}"
>>> for row in break_display(wide, 14):
...     print(row)
T = \operatorname{diag}\Bigl(\begin{bmatrix}a & b\\c & d\end{bmatrix},
\begin{bmatrix}e & f\\g & h\end{bmatrix}\Bigr)
"""

from __future__ import annotations

import re

from .layout import break_sum, fits, line_width, split_top

__all__ = ["break_display", "diag_blocks"]

_MATRIX = re.compile(r"\\begin\{bmatrix\}((?:(?!\\begin\{).)*?)\\end\{bmatrix\}", re.S)


def diag_blocks(body: str) -> list[str] | None:
    r"""The diagonal blocks of a block-diagonal square matrix (its ``bmatrix`` body), as
    ``bmatrix`` LaTeX, or None when the matrix is not block diagonal (or is one block).

    >>> diag_blocks(r"1 & 0\\0 & 1")
    ['\\begin{bmatrix}1\\end{bmatrix}', '\\begin{bmatrix}1\\end{bmatrix}']
    >>> diag_blocks(r"1 & 2\\0 & 1") is None
    True
    """
    cells = [split_top(row, "&") for row in split_top(body, r"\\")]
    n = len(cells)
    if n < 2 or any(len(row) != n for row in cells):
        return None
    for size in range(1, n // 2 + 1):
        if n % size:
            continue
        if all(cells[r][c] == "0" for r in range(n) for c in range(n) if r // size != c // size):
            return [
                r"\begin{bmatrix}" + r"\\".join(" & ".join(cells[r][start:start + size])
                                                for r in range(start, start + size)) + r"\end{bmatrix}"
                for start in range(0, n, size)
            ]
    return None


def _diag_lines(line: str, width: float) -> list[str] | None:
    """``line`` with its widest block-diagonal matrix as ``diag(…)`` rows, or None."""
    found = [(m, blocks) for m in _MATRIX.finditer(line) if (blocks := diag_blocks(m.group(1))) is not None]
    if not found:
        return None
    match, blocks = max(found, key=lambda mb: len(mb[0].group(0)))  # the widest block-diagonal one
    pre, post = line[:match.start()] + r"\operatorname{diag}\Bigl(", r"\Bigr)" + line[match.end():]
    rows = [pre]
    for n, block in enumerate(blocks):
        item = block + ("," if n < len(blocks) - 1 else "")
        joined = rows[-1] + ("" if rows[-1].endswith("(") else " ") + item
        if fits(joined, width) or rows[-1] == pre:  # the first block stays with the name
            rows[-1] = joined
        else:
            rows.append(item)
    rows[-1] += post
    return rows


def break_display(latex: str, width: float | None = None) -> list[str]:
    """``latex`` as lines no wider than ``width``: broken at its sums (:func:`~.layout.break_sum`),
    a wide block-diagonal matrix shown as ``diag`` of its blocks; a line that still does not
    fit stays whole (never broken inside a matrix)."""
    width = line_width() if width is None else width
    out: list[str] = []
    for line in break_sum(latex, width):
        diag = None if fits(line, width) else _diag_lines(line, width)
        out += diag if diag is not None else [line]
    return out
