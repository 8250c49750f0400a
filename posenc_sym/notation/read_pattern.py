r"""Vectors and block-diagonal matrices written by their pattern, with ``\cdots``, ``\vdots``, ``\ddots``.

RoFormer's R^d_{Θ,m} is a d×d matrix written as its first blocks, dots, and its last block; a vector is
written ``(x_0, x_1, \ldots, x_{d-1})`` or as a column with ``\vdots``. The written entries determine the
whole object when they are one formula whose subscripts step evenly from the first block to the last:
the entries of the first and last blocks, token by token, may differ only in subscripts (the *holes*),
the second block (when written) gives each hole's step, and the last block where the count ends. Every
written entry is then checked against the pattern (a copy slip is named by row, column and what the
pattern says there), and the object is read as a :class:`~.blocks.BlockColumn` or
:class:`~.blocks.BlockDiagonal` in a block index, for every width; at a concrete count it is explicit.

Nothing is guessed: entries that are not one formula, a step that is not one (or, for blocks of two, the
block's size), an ellipsis anywhere else than a whole row, column or list entry: refused, with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .blocks import BlockColumn, BlockDiagonal
from .read_cases import environment_name
from .read_cursor import Cursor, Term
from .read_tokens import Token, Unreadable
from .vocabulary import ELLIPSES

__all__ = ["holds_ellipsis", "pattern_list", "pattern_matrix"]

_NOT_ONE = " are not one formula with other subscripts"
_FRESH = ("k", "j", "l", "r", "s", "p", "q", "u", "v", "w")
_OPEN, _CLOSE = ("{", "(", "[", "\\left", "\\begin"), ("}", ")", "]", "\\right", "\\end")


@dataclass(frozen=True)
class _Cell:
    """A written cell: its tokens, where it stands (row and column from 1, as the author counts them)."""

    tokens: tuple[Token, ...]
    row: int
    column: int

    @property
    def dots(self) -> str | None:
        return self.tokens[0].text if len(self.tokens) == 1 and self.tokens[0].text in ELLIPSES else None

    @property
    def blank(self) -> bool:
        return not self.tokens

    @property
    def text(self) -> str:
        return _text(self.tokens)

    @property
    def place(self) -> str:
        return f"entry {self.column}" if self.row == 0 else f"row {self.row}, column {self.column}"


def _text(tokens: Sequence[Token]) -> str:
    out = ""
    for token in tokens:
        if out and out[-1].isalpha() and out.rsplit("\\", 1)[-1].isalpha() and "\\" in out and \
                (token.kind in ("letter", "word") or token.text[:1].isalpha()):
            out += " "  # \cos m: a command's name must not run into the letter after it
        out += token.text
    return out


def holds_ellipsis(tokens: Sequence[Token], start: int, separators: frozenset[str]) -> bool:
    """True if an ellipsis stands alone between ``separators`` (or the group's ends) at the top level of
    the group that starts at ``start`` and ends at its closing token."""
    depth, alone, previous = 0, False, True
    for token in tokens[start:]:
        if token.text in _OPEN:
            depth += 1
        elif token.text in _CLOSE:
            if depth == 0:
                return alone and previous
            depth -= 1
        if depth == 0 and token.text in separators:
            if alone:
                return True
            previous = True
            continue
        alone = depth == 0 and previous and token.text in ELLIPSES
        previous = False
    return False


# -- reading spans of tokens --------------------------------------------------------------------


def _read(p: Cursor, tokens: Sequence[Token]) -> Term:
    """What ``tokens`` write, read by the same parser (scope, bound indices) as the formula around them."""
    saved = p.tokens, p.index
    p.tokens, p.index = list(tokens), 0
    try:
        value = p.expression()
        p.expect_end()
    finally:
        p.tokens, p.index = saved
    return value


def _group_end(tokens: Sequence[Token], at: int) -> int:
    """The index after the script group at ``at`` (a braced group or one token)."""
    if at >= len(tokens):
        return at
    if tokens[at].text != "{":
        return at + 1
    depth = 0
    for n in range(at, len(tokens)):
        depth += (tokens[n].text == "{") - (tokens[n].text == "}")
        if depth == 0:
            return n + 1
    return len(tokens)


def _components(tokens: Sequence[Token], start: int, end: int) -> list[tuple[int, int]]:
    """The comma-separated parts of a script group, as (start, end) spans."""
    if tokens[start].text == "{":
        start, end = start + 1, end - 1
    parts, depth, begin = [], 0, start
    for n in range(start, end):
        depth += (tokens[n].text in _OPEN) - (tokens[n].text in _CLOSE)
        if depth == 0 and tokens[n].text == ",":
            parts.append((begin, n))
            begin = n + 1
    parts.append((begin, end))
    return parts


def _holes(first: Sequence[Token], other: Sequence[Token]) -> list[tuple[tuple[int, int], tuple[Token, ...]]] | None:
    """Where ``other`` differs from ``first``: only in parts of subscripts (a span of ``first`` and the
    tokens ``other`` writes there), or None if they are not one formula."""
    i = j = 0
    holes = []
    while i < len(first) and j < len(other):
        if first[i].text == "_" and other[j].text == "_":
            end_i, end_j = _group_end(first, i + 1), _group_end(other, j + 1)
            parts_i, parts_j = _components(first, i + 1, end_i), _components(other, j + 1, end_j)
            if len(parts_i) != len(parts_j):
                return None
            for (a, b), (c, e) in zip(parts_i, parts_j, strict=True):
                if [t.text for t in first[a:b]] != [t.text for t in other[c:e]]:
                    holes.append(((a, b), tuple(other[c:e])))
            i, j = end_i, end_j
            continue
        if first[i].text != other[j].text:
            return None
        i, j = i + 1, j + 1
    return holes if i == len(first) and j == len(other) else None


# -- the pattern ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pattern:
    """Entries in a block index ``index`` (0 for the first block) and the number of blocks ``count``."""

    entries: tuple[Term, ...]
    index: sympy.Symbol
    count: sympy.Expr
    shown: tuple[tuple[Token, ...], ...]  # the first block's tokens, to write what the pattern says
    holes: tuple[tuple[int, tuple[int, int], sympy.Expr, sympy.Expr], ...]  # (cell, span, first, step)

    def at(self, block: sympy.Expr) -> list[Term]:
        return [e.xreplace({self.index: block}) if not isinstance(e, MatrixBase)
                else ImmutableMatrix(e.xreplace({self.index: block})) for e in self.entries]

    def written_at(self, cell: int, block: sympy.Expr) -> str:
        """How the pattern's entry ``cell`` of block ``block`` is written, in the author's notation."""
        tokens = list(self.shown[cell])
        for place, (start, end), first, step in sorted(self.holes, key=lambda h: -h[1][0]):
            if place == cell:
                value = str(first + step * block).replace(" ", "")
                braced = len(value) > 1 and start > 0 and tokens[start - 1].text == "_"
                tokens[start:end] = [Token("letter", "{" + value + "}" if braced else value, tokens[start].pos)]
        return _text(tokens)


def _fresh(p: Cursor, units: Sequence[Sequence[_Cell]]) -> sympy.Symbol:
    used = {t.text for unit in units for cell in unit for t in cell.tokens} | set(p.bound) | set(p.closed)
    name = next(n for n in _FRESH if n not in used)
    return sympy.Symbol(name, integer=True, nonnegative=True)


def _value(p: Cursor, tokens: Sequence[Token], pos: int) -> sympy.Expr:
    value = _read(p, tokens)
    if isinstance(value, MatrixBase):
        raise Unreadable("a subscript that is a matrix does not index a pattern", pos)
    return sympy.sympify(value)


def _find(p: Cursor, first: Sequence[_Cell], second: Sequence[_Cell] | None, last: Sequence[_Cell], size: int,
          pos: int) -> tuple[list[tuple[int, tuple[int, int], sympy.Expr, sympy.Expr]], sympy.Expr] | str:
    """The holes (cell, span, first value, step) and the index of the last block, or why there is no pattern."""
    holes: list[tuple[int, tuple[int, int], sympy.Expr, sympy.Expr]] = []
    lasts: list[sympy.Expr] = []
    for n, (a, z) in enumerate(zip(first, last, strict=True)):
        found = _holes(a.tokens, z.tokens)
        if found is None:
            return f"{a.text} and {z.text}{_NOT_ONE}"
        steps: dict[tuple[int, int], tuple[Token, ...]] = {}
        if second is not None:
            between = _holes(a.tokens, second[n].tokens)
            if between is None:
                return f"{a.text} and {second[n].text}{_NOT_ONE}"
            steps = {span: tokens for span, tokens in between}
            if set(steps) - {span for span, _ in found}:
                return f"{a.text} and {second[n].text}{_NOT_ONE}"
        for span, tokens in found:
            start = _value(p, a.tokens[span[0]:span[1]], pos)
            step = sympy.Integer(1) if second is None else \
                (_value(p, steps[span], pos) - start if span in steps else sympy.Integer(0))
            allowed = (1,) if size == 1 else (1, size)
            if not (step.is_Integer and int(step) in allowed):
                return (f"from {a.text} to {second[n].text if second else a.text} a subscript steps by {step}, not "
                        "by one")
            holes.append((n, span, start, step))
            lasts.append(sympy.simplify((_value(p, tokens, pos) - start) / step))
    if not holes:
        return "the first and the last entries are alike, so the ellipsis does not say how many there are"
    if any(sympy.simplify(other - lasts[0]) != 0 for other in lasts[1:]):
        return "the subscripts of the last entries end at different places"
    return holes, lasts[0]


def _pattern(p: Cursor, units: list[list[_Cell]], head: int, size: int, pos: int) -> _Pattern | str:
    """The pattern of ``units`` (blocks of cells; the first ``head`` written before the ellipsis): the first and
    last blocks determine it; the second gives the step, unless it is not the same formula (a copy slip,
    which the check of every written entry then names), when the step is one."""
    first, last = units[0], units[-1]
    second = units[1] if head > 1 else None
    found = _find(p, first, second, last, size, pos)
    if isinstance(found, str) and second is not None and found.endswith(_NOT_ONE):
        found = _find(p, first, None, last, size, pos)
    if isinstance(found, str):
        return found
    holes, last_index = found
    index = _fresh(p, units)
    entries = []
    for n, cell in enumerate(first):
        tokens = list(cell.tokens)
        for place, (start, end), _, step in sorted(holes, key=lambda h: -h[1][0]):
            if place == n:
                shifted = _shifted(tokens[start:end], step, index.name, tokens[start].pos)
                if start > 0 and tokens[start - 1].text == "_":  # x_0: an unbraced subscript, braced again
                    shifted = [Token("sym", "{", shifted[0].pos), *shifted, Token("sym", "}", shifted[0].pos)]
                tokens[start:end] = shifted
        p.bound[index.name] = index
        try:
            entries.append(_read(p, tokens))
        finally:
            del p.bound[index.name]
    pattern = _Pattern(tuple(entries), index, sympy.simplify(last_index + 1), tuple(c.tokens for c in first),
                       tuple(holes))
    return pattern


def _shifted(tokens: Sequence[Token], step: sympy.Expr, index: str, pos: int) -> list[Token]:
    """``{first} + step·index`` as tokens, in place of a subscript's part (braces group, as parentheses
    would open a tuple)."""
    shift = [Token("letter", index, pos)] if step == 1 else [Token("num", str(step), pos), Token("letter", index, pos)]
    return [Token("sym", "{", pos), *tokens, Token("sym", "}", pos), Token("sym", "+", pos), *shift]


def _same(a: Term, b: Term) -> bool:
    if isinstance(a, MatrixBase) or isinstance(b, MatrixBase):
        return isinstance(a, MatrixBase) and isinstance(b, MatrixBase) and a.shape == b.shape and \
            all(_same(x, y) for x, y in zip(a, b, strict=True))
    difference = sympy.sympify(a) - sympy.sympify(b)
    return difference == 0 or sympy.expand(difference) == 0 or sympy.simplify(difference) == 0


def _check(p: Cursor, pattern: _Pattern, units: list[list[_Cell]], head: int, pos: int) -> None:
    """Every written entry is the pattern's, or the first that is not is named."""
    tail = len(units) - head
    if pattern.count.is_Integer and int(pattern.count) < len(units):
        raise Unreadable(f"the pattern of {units[0][0].text} … {units[-1][-1].text} has {pattern.count} entries, "
                         f"fewer than the {len(units)} written", pos)
    for n, unit in enumerate(units):
        block = sympy.Integer(n) if n < head else pattern.count - tail + (n - head)
        for cell, (written, expected) in enumerate(zip(unit, pattern.at(block), strict=True)):
            if not _same(_read(p, written.tokens), expected):
                raise Unreadable(f"{written.place}: {written.text} does not follow the "
                                 f"pattern of the first and last entries, which gives "
                                 f"{pattern.written_at(cell, block)} there; correct the entry", pos)


# -- the shapes: a list, a column or a row, a block-diagonal matrix ----------------------------


def _sequence(p: Cursor, head: list[_Cell], tail: list[_Cell], pos: int, written: str) -> tuple[Term, int]:
    """The column of ``head``, an ellipsis, ``tail``, by its pattern in blocks of 1 or 2 entries."""
    reasons = []
    for size in (1, 2):
        if not head or len(head) % size or len(tail) % size or not tail:
            continue
        units = [head[n:n + size] for n in range(0, len(head), size)] + \
            [tail[n:n + size] for n in range(0, len(tail), size)]
        pattern = _pattern(p, units, len(head) // size, size, pos)
        if isinstance(pattern, str):
            reasons.append(pattern)
            continue
        _check(p, pattern, units, len(head) // size, pos)
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
    row = [_Cell(c.tokens, 0, c.column) for c in cells[0]]
    column, _ = _line(p, row, opening.pos)
    return _transposed(column)


def _transposed(column: Term) -> Term:
    return ImmutableMatrix(column.T) if isinstance(column, MatrixBase) else sympy.Transpose(column)


def _line(p: Cursor, cells: list[_Cell], pos: int) -> tuple[Term, int]:
    dots = [n for n, c in enumerate(cells) if c.dots]
    if len(dots) != 1 or any(c.blank for c in cells):
        raise Unreadable(f"an ellipsis ({cells[dots[0]].dots if dots else '…'}) leaves terms unstated: a list "
                         "with one ellipsis between written entries is read by its pattern, this one is not; "
                         "state the claim per entry", pos)
    return _sequence(p, cells[:dots[0]], cells[dots[0] + 1:], pos, cells[dots[0]].dots or "")


def _split(p: Cursor, columns: frozenset[str], ends: frozenset[str]) -> list[list[_Cell]]:
    """The cells up to one of ``ends`` (not taken), split into rows at ``\\\\`` and into columns."""
    rows: list[list[_Cell]] = [[]]
    current: list[Token] = []
    depth = 0
    while (token := p.peek()) is not None:
        if depth == 0 and token.text in ends:
            break
        p.next()
        if depth == 0 and (token.text in columns or token.text == "\\\\"):
            rows[-1].append(_Cell(tuple(current), len(rows), len(rows[-1]) + 1))
            current = []
            if token.text == "\\\\":
                rows.append([])
            continue
        depth += (token.text in _OPEN) - (token.text in _CLOSE)
        current.append(token)
    rows[-1].append(_Cell(tuple(current), len(rows), len(rows[-1]) + 1))
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


def _diagonal(p: Cursor, rows: list[list[_Cell]], width: int, pos: int) -> Term:
    """A square matrix with one row of dots and one column of dots, block-diagonal by its pattern."""
    rows = [r + [_Cell((), n + 1, len(r) + m + 1) for m in range(width - len(r))] for n, r in enumerate(rows)]
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


def _blocks(p: Cursor, grid: list[list[_Cell]], head: int, tail: int, pos: int) -> Term:
    reasons = []
    for size in (1, 2, 3, 4):
        if head % size or tail % size or not head or not tail:
            continue
        starts = [*range(0, head, size), *range(head, head + tail, size)]
        units = [[grid[s + r][s + c] for r in range(size) for c in range(size)] for s in starts]
        if any(cell.blank for unit in units for cell in unit):
            raise Unreadable("a blank cell inside a block leaves its entry unstated; write it", pos)
        pattern = _pattern(p, units, head // size, size, pos)
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
        _check(p, pattern, units, head // size, pos)
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


def _no_unnamed_blocks(pattern: _Pattern, grid: list[list[_Cell]], pos: int) -> None:
    """``\\begin{bmatrix} M_1 & & \\\\ & \\ddots & \\\\ & & M_{d/2} \\end{bmatrix}`` with M nobody defines: M_1 may
    be a number or a block, and the reader does not choose (written zeros make it a diagonal of numbers)."""
    blanks = any(cell.blank for row in grid for cell in row)
    named = next((e for e in pattern.entries if isinstance(e, sympy.Indexed)), None)
    if blanks and named is not None:
        raise Unreadable(f"{named.base} is not defined in the text: {_text(pattern.shown[0])} may be a number or a "
                         f"block; define it ({named.base}_k = \\begin{{pmatrix}}…), or write the zeros", pos)


def _zero(p: Cursor, cell: _Cell) -> bool:
    if cell.blank:
        return True
    if cell.dots:
        return False
    value = _read(p, cell.tokens)
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
