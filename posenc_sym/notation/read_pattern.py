r"""Vectors and block-diagonal matrices written by their pattern, with ``\cdots``, ``\vdots``, ``\ddots``.

RoFormer's R^d_{Θ,m} is a d×d matrix written as its first blocks, dots, and its last block; a vector is
written ``(x_0, x_1, \ldots, x_{d-1})`` or as a column with ``\vdots``. The written entries determine the
whole object when they are one formula whose subscripts step evenly from the first block to the last:
the entries of the first and last blocks, token by token, may differ only in subscripts (the *holes*),
the second block (when written) gives each hole's step, and the last block where the count ends. Every
written entry is then checked against the pattern (a copy slip is named by row, column and what the
pattern says there), and the object is read as a :class:`~.blocks.BlockColumn` or
:class:`~.blocks.BlockDiagonal` in a block index, for every width; at a concrete count it is explicit.

The shapes that hold such entries (a list, a column or a row, a block-diagonal matrix) are read in
:mod:`.read_pattern_shapes`.

Nothing is guessed: entries that are not one formula, a step that is not one (or, for blocks of two, the
block's size), an ellipsis anywhere else than a whole row, column or list entry: refused, with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_cursor import Cursor, Term
from .read_tokens import Token, Unreadable, closing_brace
from .vocabulary import ELLIPSES

__all__ = ["CLOSE", "OPEN", "Cell", "Pattern", "check_entries", "find_pattern", "holds_ellipsis",
           "read_tokens_as_formula", "tokens_text"]

_NOT_ONE = " are not one formula with other subscripts"
_FRESH = ("k", "j", "l", "r", "s", "p", "q", "u", "v", "w")
OPEN, CLOSE = ("{", "(", "[", "\\left", "\\begin"), ("}", ")", "]", "\\right", "\\end")


@dataclass(frozen=True)
class Cell:
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
        return tokens_text(self.tokens)

    @property
    def place(self) -> str:
        return f"entry {self.column}" if self.row == 0 else f"row {self.row}, column {self.column}"


def tokens_text(tokens: Sequence[Token]) -> str:
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
        if token.text in OPEN:
            depth += 1
        elif token.text in CLOSE:
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


def read_tokens_as_formula(p: Cursor, tokens: Sequence[Token]) -> Term:
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
    closing = closing_brace(tokens, at)
    return len(tokens) if closing is None else closing + 1


def _components(tokens: Sequence[Token], start: int, end: int) -> list[tuple[int, int]]:
    """The comma-separated parts of a script group, as (start, end) spans."""
    if tokens[start].text == "{":
        start, end = start + 1, end - 1
    parts, depth, begin = [], 0, start
    for n in range(start, end):
        depth += (tokens[n].text in OPEN) - (tokens[n].text in CLOSE)
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
class Pattern:
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
        return tokens_text(tokens)


def _fresh(p: Cursor, units: Sequence[Sequence[Cell]]) -> sympy.Symbol:
    used = {t.text for unit in units for cell in unit for t in cell.tokens} | set(p.bound) | set(p.closed)
    name = next(n for n in _FRESH if n not in used)
    return sympy.Symbol(name, integer=True, nonnegative=True)


def _value(p: Cursor, tokens: Sequence[Token], pos: int) -> sympy.Expr:
    value = read_tokens_as_formula(p, tokens)
    if isinstance(value, MatrixBase):
        raise Unreadable("a subscript that is a matrix does not index a pattern", pos)
    return sympy.sympify(value)


def _find(p: Cursor, first: Sequence[Cell], second: Sequence[Cell] | None, last: Sequence[Cell], size: int,
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


def find_pattern(p: Cursor, units: list[list[Cell]], head: int, size: int, pos: int) -> Pattern | str:
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
            entries.append(read_tokens_as_formula(p, tokens))
        finally:
            del p.bound[index.name]
    pattern = Pattern(tuple(entries), index, sympy.simplify(last_index + 1), tuple(c.tokens for c in first),
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


def check_entries(p: Cursor, pattern: Pattern, units: list[list[Cell]], head: int, pos: int) -> None:
    """Every written entry is the pattern's, or the first that is not is named."""
    tail = len(units) - head
    if pattern.count.is_Integer and int(pattern.count) < len(units):
        raise Unreadable(f"the pattern of {units[0][0].text} … {units[-1][-1].text} has {pattern.count} entries, "
                         f"fewer than the {len(units)} written", pos)
    for n, unit in enumerate(units):
        block = sympy.Integer(n) if n < head else pattern.count - tail + (n - head)
        for cell, (written, expected) in enumerate(zip(unit, pattern.at(block), strict=True)):
            if not _same(read_tokens_as_formula(p, written.tokens), expected):
                raise Unreadable(f"{written.place}: {written.text} does not follow the "
                                 f"pattern of the first and last entries, which gives "
                                 f"{pattern.written_at(cell, block)} there; correct the entry", pos)
