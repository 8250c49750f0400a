"""The shapes a pattern of entries is written in (:mod:`.read_pattern`): a list ``(x_0, x_1, \\ldots, x_{d-1})``,
a column or a row with ``\\vdots`` or ``\\cdots``, and a block-diagonal matrix with ``\\ddots`` (RoFormer's
R^d_{Θ,m}), each read by its pattern or refused with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .blocks import BlockColumn, BlockDiagonal
from .read_cases import environment_name
from .read_cursor import Cursor, Term
from .read_pattern import CLOSE, OPEN, Cell, Pattern, check_entries, find_pattern, read_tokens_as_formula, tokens_text
from .read_tokens import Token, Unreadable

__all__ = ["pattern_list", "pattern_matrix"]


# -- the shapes: a list, a column or a row, a block-diagonal matrix ----------------------------


def _sequence(p: Cursor, head: list[Cell], tail: list[Cell], pos: int, written: str) -> tuple[Term, int]:
    """The column of ``head``, an ellipsis, ``tail``, by its pattern in blocks of 1 or 2 entries."""
    reasons = []
    for size in (1, 2):
        if not head or len(head) % size or len(tail) % size or not tail:
            continue
        units = [head[n:n + size] for n in range(0, len(head), size)] + \
            [tail[n:n + size] for n in range(0, len(tail), size)]
        pattern = find_pattern(p, units, len(head) // size, size, pos)
        if isinstance(pattern, str):
            reasons.append(pattern)
            continue
        check_entries(p, pattern, units, len(head) // size, pos)
        if any(isinstance(e, MatrixBase) for e in pattern.entries):
            raise Unreadable("a vector of matrices written with an ellipsis is not read; write it by its entries", pos)
        p.scope.note("pattern", "read a vector or matrix written with an ellipsis by the pattern of its written "
                                "entries (the same formula, its subscripts stepping by one)")
        column = BlockColumn(ImmutableMatrix([[e] for e in pattern.entries]), pattern.index, pattern.count)
        return (ImmutableMatrix(column.as_explicit()) if pattern.count.is_Integer else column), size
    reason = reasons[0] if reasons else "it needs entries written before and after it"
    raise Unreadable(f"an ellipsis ({written}) leaves terms unstated: {reason}; write entries that show one "
                     "pattern (x_1, x_2, \\ldots, x_d), or state the claim per entry", pos)


def pattern_list(p: Cursor, opening: Token) -> Term:
    """``(x_0, x_1, \\ldots, x_{d-1})``, ``[r_{j,1}, \\cdots, r_{j,d}]`` (the opening bracket taken): a row."""
    closing = ")" if opening.text == "(" else "]"
    cells = _split(p, frozenset({","}), frozenset({closing}))
    p.require(closing)
    row = [Cell(c.tokens, 0, c.column) for c in cells[0]]
    column, _ = _line(p, row, opening.pos)
    return _transposed(column)


def _transposed(column: Term) -> Term:
    return ImmutableMatrix(column.T) if isinstance(column, MatrixBase) else sympy.Transpose(column)


def _line(p: Cursor, cells: list[Cell], pos: int) -> tuple[Term, int]:
    dots = [n for n, c in enumerate(cells) if c.dots]
    if len(dots) != 1 or any(c.blank for c in cells):
        raise Unreadable(f"an ellipsis ({cells[dots[0]].dots if dots else '…'}) leaves terms unstated: a list "
                         "with one ellipsis between written entries is read by its pattern, this one is not; "
                         "state the claim per entry", pos)
    return _sequence(p, cells[:dots[0]], cells[dots[0] + 1:], pos, cells[dots[0]].dots or "")


def _split(p: Cursor, columns: frozenset[str], ends: frozenset[str]) -> list[list[Cell]]:
    """The cells up to one of ``ends`` (not taken), split into rows at ``\\\\`` and into columns."""
    rows: list[list[Cell]] = [[]]
    current: list[Token] = []
    depth = 0
    while (token := p.peek()) is not None:
        if depth == 0 and token.text in ends:
            break
        p.next()
        if depth == 0 and (token.text in columns or token.text == "\\\\"):
            rows[-1].append(Cell(tuple(current), len(rows), len(rows[-1]) + 1))
            current = []
            if token.text == "\\\\":
                rows.append([])
            continue
        depth += (token.text in OPEN) - (token.text in CLOSE)
        current.append(token)
    rows[-1].append(Cell(tuple(current), len(rows), len(rows[-1]) + 1))
    if len(rows) > 1 and len(rows[-1]) == 1 and rows[-1][0].blank:
        rows.pop()  # a \\ before \end
    return rows


def pattern_matrix(p: Cursor, begin: Token, kind: str) -> Term:
    """A matrix environment (``\\begin{kind}`` taken) written with ellipses: a vector or a block-diagonal."""
    rows = _split(p, frozenset({"&"}), frozenset({"\\end"}))
    p.require("\\end")
    if environment_name(p) != kind:
        raise Unreadable(f"\\begin{{{kind}}} is closed by another environment", begin.pos)
    width = max(len(r) for r in rows)
    if width == 1:
        return _line(p, [r[0] for r in rows], begin.pos)[0]
    if len(rows) == 1:
        return _transposed(_line(p, rows[0], begin.pos)[0])
    return _diagonal(p, rows, width, begin.pos)


def _diagonal(p: Cursor, rows: list[list[Cell]], width: int, pos: int) -> Term:
    """A square matrix with one row of dots and one column of dots, block-diagonal by its pattern."""
    rows = [r + [Cell((), n + 1, len(r) + m + 1) for m in range(width - len(r))] for n, r in enumerate(rows)]
    dot_rows = [n for n, r in enumerate(rows) if all(c.dots or c.blank for c in r) and any(c.dots for c in r)]
    kept = [r for n, r in enumerate(rows) if n not in dot_rows]
    dot_columns = sorted({c.column - 1 for n in dot_rows for c in rows[n] if c.dots == "\\ddots"} | {
        m for m in range(width) if all(r[m].dots or r[m].blank for r in kept) and any(r[m].dots for r in kept)})
    if len(dot_rows) != 1 or len(dot_columns) != 1:
        raise Unreadable("an ellipsis leaves terms unstated: a matrix is read by its pattern only with one row "
                         "of dots (\\vdots, \\ddots) and one column of dots (\\cdots); state the claim per entry",
                         pos)
    grid = [[c for m, c in enumerate(r) if m != dot_columns[0]] for n, r in enumerate(rows) if n != dot_rows[0]]
    stray = next((c for r in grid for c in r if c.dots), None)
    if stray is not None:
        raise Unreadable(f"row {stray.row}, column {stray.column}: an ellipsis ({stray.dots}) outside the row and "
                         "the column of dots leaves terms unstated; state the claim per entry", pos)
    head, tail = dot_rows[0], len(grid) - dot_rows[0]
    if (head, tail) != (dot_columns[0], len(grid[0]) - dot_columns[0]):
        raise Unreadable("the row and the column of dots do not meet on the diagonal: only a block-diagonal matrix "
                         "is read by its pattern; state the claim per entry", pos)
    return _blocks(p, grid, head, tail, pos)


def _blocks(p: Cursor, grid: list[list[Cell]], head: int, tail: int, pos: int) -> Term:
    reasons = []
    for size in (1, 2, 3, 4):
        if head % size or tail % size or not head or not tail:
            continue
        starts = [*range(0, head, size), *range(head, head + tail, size)]
        units = [[grid[s + r][s + c] for r in range(size) for c in range(size)] for s in starts]
        if any(cell.blank for unit in units for cell in unit):
            raise Unreadable("a blank cell inside a block leaves its entry unstated; write it", pos)
        pattern = find_pattern(p, units, head // size, size, pos)
        if isinstance(pattern, str):
            reasons.append(pattern)
            continue
        block_of = [n // size if n < head else head // size + (n - head) // size for n in range(len(grid))]
        stray = next((grid[r][c] for r in range(len(grid)) for c in range(len(grid))
                      if block_of[r] != block_of[c] and not _zero(p, grid[r][c])), None)
        if stray is not None:
            reasons.insert(0, f"row {stray.row}, column {stray.column}: {stray.text} where the block-diagonal "
                              "pattern of the first and last blocks gives 0")
            continue
        check_entries(p, pattern, units, head // size, pos)
        _no_unnamed_blocks(pattern, grid, pos)
        block = _block(pattern.entries, size, pos)
        p.scope.note("pattern", "read a vector or matrix written with an ellipsis by the pattern of its written "
                                "entries (the same formula, its subscripts stepping by one)")
        whole = BlockDiagonal(block, pattern.index, pattern.count)
        return ImmutableMatrix(whole.as_explicit()) if pattern.count.is_Integer else whole
    # A cell named off the blocks first; else the largest block size tried (a 2×2 rotation's blocks
    # compared, before its single entries are).
    reason = next((r for r in reasons if r.startswith("row ")), reasons[-1] if reasons else "no block pattern fits")
    raise Unreadable(f"an ellipsis leaves terms unstated: {reason}; write blocks that show one pattern, or state "
                     "the claim per block", pos)


def _no_unnamed_blocks(pattern: Pattern, grid: list[list[Cell]], pos: int) -> None:
    """``\\begin{bmatrix} M_1 & & \\\\ & \\ddots & \\\\ & & M_{d/2} \\end{bmatrix}`` with M nobody defines: M_1 may
    be a number or a block, and the reader does not choose (written zeros make it a diagonal of numbers)."""
    blanks = any(cell.blank for row in grid for cell in row)
    named = next((e for e in pattern.entries if isinstance(e, sympy.Indexed)), None)
    if blanks and named is not None:
        shown = tokens_text(pattern.shown[0])
        raise Unreadable(f"{named.base} is not defined in the text: {shown} may be a number or a "
                         f"block; define it ({named.base}_k = \\begin{{pmatrix}}…), or write the zeros", pos)


def _zero(p: Cursor, cell: Cell) -> bool:
    if cell.blank:
        return True
    if cell.dots:
        return False
    value = read_tokens_as_formula(p, cell.tokens)
    return bool(value.is_zero_matrix) if isinstance(value, MatrixBase) else value == 0


def _block(entries: Sequence[Term], size: int, pos: int) -> ImmutableMatrix:
    if size == 1 and isinstance(entries[0], MatrixBase):
        block = ImmutableMatrix(entries[0])
        if block.shape[0] != block.shape[1]:
            raise Unreadable(f"a diagonal block must be square, this one is {block.shape[0]}×{block.shape[1]}", pos)
        return block
    if any(isinstance(e, MatrixBase) for e in entries):
        raise Unreadable("a block of blocks written with an ellipsis is not read; write the blocks' entries", pos)
    return ImmutableMatrix(size, size, list(entries))
