r"""Blank cells of a matrix: zeros, as band, sparse and block-diagonal matrices are written.

``\begin{pmatrix} a & b & \\ & c & d \\ & & e \end{pmatrix}`` leaves the cells off the band empty; a reader
takes them as 0, and a blank cell between blocks (``\begin{bmatrix} R_0 & \\ & R_1 \end{bmatrix}``) as the zero
block its row and column have room for. A short row is padded with blank cells, as TeX sets it. What has no
such reading is refused with the reason: a row with more cells than every other row (a cell too many, or rows
too short?), a row or a column blank in every cell (how many rows or columns of zeros?).

>>> import sympy
>>> a, b = sympy.symbols("a b")
>>> with_blanks([[a, None], [None, b]], 0)
Matrix([
[a, 0],
[0, b]])
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_cursor import Term
from .read_tokens import Unreadable

__all__ = ["BLANK_CELLS", "with_blanks"]

#: What the report says once per document where a blank cell was read.
BLANK_CELLS = ("read a blank cell of a matrix as 0 (a zero block where its row and column are blocks), "
               "and a short row as ending in blank cells")


def with_blanks(rows: Sequence[Sequence[Term | None]], pos: int) -> ImmutableMatrix:
    """The matrix of ``rows``, a blank cell (None) read as the zeros its row and column have room for."""
    width = max(len(row) for row in rows)
    longest = [n for n, row in enumerate(rows, start=1) if len(row) == width]
    if len(longest) == 1 and len(rows) > 1:
        raise Unreadable(f"row {longest[0]} of this matrix has {width} cells and every other row fewer; write "
                         "the same number of cells (&) in every row (a blank cell is 0)", pos)
    cells = [[*row, *([None] * (width - len(row)))] for row in rows]
    heights = [_extent(row, 0, f"row {n}", pos) for n, row in enumerate(cells, start=1)]
    widths = [_extent([row[k] for row in cells], 1, f"column {k + 1}", pos) for k in range(width)]
    blocks = [[_block(cell, height, across) for cell, across in zip(row, widths, strict=True)]
              for row, height in zip(cells, heights, strict=True)]
    try:
        return ImmutableMatrix(sympy.Matrix.vstack(*(sympy.Matrix.hstack(*row) for row in blocks)))
    except (sympy.ShapeError, ValueError) as exc:
        raise Unreadable(f"the blocks of this matrix do not fit together ({exc})", pos) from None


def _extent(cells: Sequence[Term | None], axis: int, where: str, pos: int) -> int:
    """How many rows (axis 0) or columns (axis 1) the written cells of a row or column span."""
    sizes = {(c.shape[axis] if isinstance(c, MatrixBase) else 1) for c in cells if c is not None}
    if not sizes:
        raise Unreadable(f"{where} of this matrix is blank in every cell, so its size is not written; write its "
                         "zeros (0, or a zero block)", pos)
    if len(sizes) > 1:
        raise Unreadable(f"the blocks of {where} of this matrix differ in size ({', '.join(map(str, sorted(sizes)))})",
                         pos)
    return sizes.pop()


def _block(cell: Term | None, height: int, width: int) -> MatrixBase:
    if cell is None:
        return sympy.zeros(height, width)
    return cell if isinstance(cell, MatrixBase) else ImmutableMatrix([[cell]])
