"""Read a display into links: ``A &= B \\\\ &= C`` is the chain A = B, B = C, each with its line.

A row that starts with its own left side begins a new statement; a row that starts with a
relation continues the one above. A display that cannot be read is kept with the reason and the
line of the offending token; the rest of the document goes on.

>>> import sympy
>>> from posenc_sym.documents.context import Context
>>> from posenc_sym.documents.extract import Display
>>> ctx = Context(); x = ctx.declare("x", {"real": True})
>>> read = read_display(Display("x^2 &= x x \\\\\\\\\\n&\\\\ge 0", 4, 4, False, 5), ctx)
>>> [(link.line, link.relation, link.rhs) for link in read.links]
[(4, '==', x**2), (5, '>=', 0)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy
from sympy.matrices import MatrixBase

from ..notation.definitions import Notation
from ..notation.read import Term, Unreadable, read_row
from ..notation.vocabulary import READ_RELATIONS, READ_UNICODE, UNDECIDED_RELATIONS
from .context import Context
from .extract import Display
from .rows import split_rows

__all__ = ["Link", "ReadDisplay", "read_display"]


@dataclass(frozen=True)
class Link:
    """``lhs relation rhs`` as read; ``statement`` numbers the chains of a display from 0."""

    line: int
    relation: str  # ==, <, <=, >, >=, != or ~ (approximately)
    lhs: Term
    rhs: Term
    statement: int
    source: str  # the row as written
    because: str = ""  # the row's justification in words, if it gives one


@dataclass(frozen=True)
class ReadDisplay:
    """A display and what the reader made of it: links, or the reason it could not be read."""

    display: Display
    links: tuple[Link, ...] = ()
    unreadable: str = ""
    unreadable_line: int = 0
    notation: Notation | None = None  # the declarations in force, for writing the reading back

    @property
    def has_relation(self) -> bool:
        return bool(self.links) or bool(self.unreadable)


def read_display(display: Display, ctx: Context) -> ReadDisplay:
    """The links of ``display`` under the declarations ``ctx``."""
    if display.problem:
        return ReadDisplay(display, unreadable=display.problem, unreadable_line=display.line)
    links: list[Link] = []
    previous: Term | None = None
    statement = -1
    for row in split_rows(display.body):
        try:
            read = read_row(row.text, ctx)
        except Unreadable as exc:
            if not _mentions_relation(row.text):
                continue  # a row with no relation (a note, a bare formula) is not a claim
            line = display.line_of(row.offset + exc.position)
            return ReadDisplay(display, tuple(links), unreadable=exc.reason, unreadable_line=line)
        except (ArithmeticError, TypeError, ValueError, sympy.SympifyError) as exc:
            # SymPy refusing to build what was read (a shape, a division): say so, never crash the run.
            return ReadDisplay(display, tuple(links), unreadable=f"SymPy cannot build this row ({exc})",
                               unreadable_line=display.line_of(row.offset))
        if read.first is not None:
            previous, statement = read.first, statement + 1
        elif previous is None:
            line = display.line_of(row.offset)
            return ReadDisplay(display, tuple(links), unreadable="this row continues a chain that has no first "
                               "expression", unreadable_line=line)
        pieces = _pieces(row.text, [position for _, _, position in read.links])
        for (relation, right, position), written in zip(read.links, pieces, strict=True):
            assert previous is not None
            lhs, rhs = _scalar_if_one_by_one(previous, right)
            links.append(Link(display.line_of(row.offset + position), relation, lhs, rhs, statement, written,
                              row.note))
            previous = right
    return ReadDisplay(display, tuple(links), notation=ctx.notation())


_RELATION_TOKEN = re.compile(r"\\[A-Za-z]+|[=<>]")


def _pieces(text: str, positions: list[int]) -> list[str]:
    """The written text of each link of a row: ``a < b \\le c`` gives ``a < b`` and ``b \\le c``.

    >>> print(_pieces(r"a < b \\le c", [2, 6]))
    ['a < b', 'b \\\\le c']
    """
    pieces = []
    for n in range(len(positions)):
        start = 0
        if n > 0:
            before = _RELATION_TOKEN.match(text, positions[n - 1])
            start = before.end() if before else positions[n - 1]
        end = positions[n + 1] if n + 1 < len(positions) else len(text)
        pieces.append(" ".join(text[start:end].replace("&", " ").split()))
    return pieces


def _scalar_if_one_by_one(lhs: Term, rhs: Term) -> tuple[Term, Term]:
    """``q^\\top q = x^2 + y^2``: a 1×1 matrix (a dot product) is the scalar it holds."""
    lhs, rhs = (m[0, 0] if isinstance(m, MatrixBase) and m.shape == (1, 1) else m for m in (lhs, rhs))
    return lhs, rhs


def _mentions_relation(text: str) -> bool:
    """True if ``text`` states a relation, one that is decided or one that is not (``\\equiv``)."""
    decided = (*READ_RELATIONS, *(c for c, latex in READ_UNICODE.items() if latex in READ_RELATIONS))
    if any(op in text for op in decided):
        return True
    return any(re.search(re.escape(op) + r"(?![A-Za-z])", text) for op in UNDECIDED_RELATIONS)
