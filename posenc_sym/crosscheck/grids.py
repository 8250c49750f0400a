"""Read an image grid off a table whose rows are the tokens of an H×W grid, in row-major order.

Row e + i·W + j holds the token at grid row i (h) and column j (w), after e leading rows that are
not grid tokens (MAE's cls token: an all-zero row). A column of a 2-D table follows one of the
two coordinates: its values are a function of i alone or of j alone (tokens with the same i hold
the same value: the same computation). The grid is the factorisation H·W of the token count under
which every column follows one of them and each coordinate has columns — squarest first; a
factorisation that splits a coordinate (4×16 for an 8×8 grid) leaves some column following
neither, since i = r // 8 is no function of r // 16 or of r % 16.

>>> r = numpy.arange(12)
>>> table = numpy.stack([numpy.sin(r // 4), numpy.cos(r % 4 * 0.3)], 1)
>>> find_grid(table, 0)
(3, 4)
"""

from __future__ import annotations

import numpy

__all__ = ["column_axes", "find_grid", "follows", "leading_zero_rows"]


def leading_zero_rows(table: numpy.ndarray) -> int:
    """How many leading rows are all zero (a cls token's row), fewer than all of them."""
    nonzero = numpy.flatnonzero(table.any(axis=1))
    return int(nonzero[0]) if nonzero.size else 0


def follows(values: numpy.ndarray, key: numpy.ndarray) -> numpy.ndarray:
    """For each column, whether it is a function of ``key``: values equal wherever key is equal, to
    within 10^-3 of the column's own range over all rows (the verdict then holds tokens with equal
    keys to exact equality: a wrong element is named there, not taken for another layout). A
    column that barely moves (cos of a low frequency) is judged against its own small range."""
    order = numpy.argsort(key, kind="stable")
    starts = numpy.concatenate([[0], numpy.flatnonzero(numpy.diff(key[order])) + 1])
    v = values[order]
    spread = numpy.maximum.reduceat(v, starts, axis=0) - numpy.minimum.reduceat(v, starts, axis=0)
    return numpy.asarray((spread <= 1e-3 * numpy.ptp(values, axis=0)).all(axis=0))


def column_axes(tokens: numpy.ndarray, width: int) -> numpy.ndarray | None:
    """For each column of ``tokens`` (rows of an H×W grid, W = ``width``): 0 if it follows the row
    index i, 1 if the column index j; None when some column follows neither, or a coordinate has
    none (a constant column follows both and counts for neither)."""
    r = numpy.arange(tokens.shape[0])
    by_row, by_column = follows(tokens, r // width), follows(tokens, r % width)
    moving = numpy.ptp(tokens, axis=0) > 0
    if numpy.any(moving & ~by_row & ~by_column):
        return None
    axes = numpy.where(by_row & ~by_column, 0, numpy.where(by_column & ~by_row, 1, -1))
    if not (axes == 0).any() or not (axes == 1).any():
        return None
    return axes


def find_grid(table: numpy.ndarray, extra: int) -> tuple[int, int] | None:
    """The grid (H, W) whose rows ``table[extra:]`` are, squarest first; None if none fits."""
    tokens = table[extra:]
    n = tokens.shape[0]
    shapes = sorted(((h, n // h) for h in range(2, n // 2 + 1) if n % h == 0), key=lambda s: abs(s[0] - s[1]))
    for h, w in shapes:
        if column_axes(tokens, w) is not None:
            return h, w
    return None
