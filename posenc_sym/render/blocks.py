r"""Displays broken to the line, and wide matrices shown by their blocks rather than broken inside.

:func:`~.layout.break_sum` breaks a display at its top-level ``+``/``-``; it never breaks inside
a matrix (a row break there garbles the matrix). A block-diagonal matrix too wide for the line
(:math:`T_k` for ``d = 8``, eight columns of ``\cos(k/\sqrt[4]{b})``) is shown as
``diag(B_1, B_2, …)`` of its square blocks, which break between blocks like the terms of a sum.
Any other matrix too wide is cut between its columns into groups that fit, one per row, the
bracket opened on the first and closed on the last (``\left[ … \right.`` … ``\left. … \right]``);
a matrix whose single column is too wide stays whole, and :mod:`.fit` reports it.

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


def _column_lines(line: str, width: float) -> list[str] | None:
    """``line`` with its widest matrix cut between columns into groups that fit, or None."""
    found = list(_MATRIX.finditer(line))
    if not found:
        return None
    match = max(found, key=lambda m: len(m.group(0)))
    cells = [split_top(row, "&") for row in split_top(match.group(1), r"\\")]
    columns = max(len(row) for row in cells)
    if columns < 2 or any(len(row) != columns for row in cells):
        return None

    def group(start: int, stop: int, left: str, right: str) -> str:
        body = r"\\".join(" & ".join(row[start:stop]) for row in cells)
        return rf"\left{left}\begin{{matrix}}{body}\end{{matrix}}\right{right}"

    pre, post = line[:match.start()], line[match.end():]
    rows: list[str] = []
    start = 0
    while start < columns:
        stop = start + 1
        while stop < columns and fits(group(start, stop + 1, "[", "]"), width - 4):
            stop += 1
        left, right = ("[" if start == 0 else "."), ("]" if stop == columns else ".")
        rows.append(group(start, stop, left, right))
        start = stop
    if len(rows) == 1:
        return None
    rows[0], rows[-1] = pre + rows[0], rows[-1] + post
    return rows


def break_display(latex: str, width: float | None = None) -> list[str]:
    r"""``latex`` as lines no wider than ``width``: broken at its sums (:func:`~.layout.break_sum`),
    a wide block-diagonal matrix shown as ``diag`` of its blocks, another wide matrix cut between
    its columns; never a row break inside a matrix.

    >>> for row in break_display(r"A = \begin{bmatrix}a & b & c\\d & e & f\end{bmatrix}", 12):
    ...     print(row)
    A = \left[\begin{matrix}a & b\\d & e\end{matrix}\right.
    \left.\begin{matrix}c\\f\end{matrix}\right]
    """
    width = line_width() if width is None else width
    out: list[str] = []
    for line in break_sum(latex, width):
        cut = None if fits(line, width) else (_diag_lines(line, width) or _column_lines(line, width))
        out += cut if cut is not None else [line]
    return out
