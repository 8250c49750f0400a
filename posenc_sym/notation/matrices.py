"""Large matrices by their pattern: corners with dots and the shape, or block-diagonal by blocks.

A 256-row vector of frequencies would fill five pages; T_k for d = 512 is its blocks. Every entry
shown is the matrix's own, nothing is invented.
"""

from __future__ import annotations

from typing import Any

from sympy.printing.latex import LatexPrinter

__all__ = ["HEAD", "MAX_COLS", "MAX_ROWS", "TAIL", "block_diagonal", "elided_matrix", "is_block_diagonal"]

#: Large matrices print their corner entries with dots and their shape; shown entries are the object's own.
MAX_ROWS, MAX_COLS, HEAD, TAIL = 12, 10, 4, 2


def _kept(n: int, limit: int) -> list[int | None]:
    """Indices to show (None for the dots): all if n <= limit, else the first HEAD and last TAIL."""
    if n <= limit:
        return list(range(n))
    return [*range(HEAD), None, *range(n - TAIL, n)]


def is_block_diagonal(expr: Any, size: int) -> bool:
    """True if ``expr`` is square and zero outside its ``size``×``size`` diagonal blocks."""
    rows, cols = expr.shape
    if rows != cols or rows % size:
        return False
    return all(expr[r, c] == 0 for r in range(rows) for c in range(cols) if r // size != c // size)


def block_diagonal(printer: LatexPrinter, expr: Any, size: int) -> str:
    """A large block-diagonal matrix by its pattern: the first two blocks, dots, the last block
    (each printed whole, as the matrix holds it), blanks for the zeros, and the shape."""
    count = expr.shape[0] // size
    shown: list[int | None] = [0, 1, None, count - 1] if count > 4 else list(range(count))
    lines = []
    for place, block in enumerate(shown):
        cells = [""] * len(shown)
        if block is None:
            cells[place] = r"\ddots"
        else:
            cells[place] = printer._print(expr[block * size:(block + 1) * size, block * size:(block + 1) * size])
        lines.append(" & ".join(cells))
    body = r" \\ ".join(lines)
    return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}_{{{expr.shape[0]} \times {expr.shape[1]}}}"


def elided_matrix(printer: LatexPrinter, expr: Any) -> str:
    rows, cols = expr.shape
    lines = []
    for r in _kept(rows, MAX_ROWS):
        cells = []
        for c in _kept(cols, MAX_COLS):
            if r is None:
                cells.append(r"\ddots" if c is None else r"\vdots")
            else:
                cells.append(r"\cdots" if c is None else printer._print(expr[r, c]))
        lines.append(" & ".join(cells))
    body = r" \\ ".join(lines)
    return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}_{{{rows} \times {cols}}}"
