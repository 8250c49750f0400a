"""Rows that are chains: a chain with an ellipsis for a member (``a_1 \\ge a_2 \\ge \\cdots \\ge 1``), and the
readable parts of a chain one of whose members cannot be read (:mod:`.chain_parts`): the links before it, read as the
statement they make, and the links after it, read as one of their own."""

from __future__ import annotations

import sympy

from ..notation.read import Term, Unreadable, from_latex
from ..notation.vocabulary import READ_RELATIONS
from .chain_parts import prefix_before, suffix_after
from .extract import Display
from .links import ELLIPSIS, Link
from .rows import RowText
from .scope import DocumentScope
from .statements import Piece

__all__ = ["ChainRows"]


class ChainRows:
    """What :class:`.claims._Reading` does with a chain that has an ellipsis, or a member it cannot read."""

    display: Display
    scope: DocumentScope
    links: list[Link]
    statement: int
    previous: Term | None
    blocked: bool
    unreadable: str
    unreadable_line: int

    def fail(self, reason: str, line: int) -> None:
        raise NotImplementedError

    def _read(self, row: RowText, piece: Piece) -> None:
        raise NotImplementedError

    def _read_prefix(self, row: RowText, piece: Piece, stopped: Unreadable) -> bool:
        """``a = b \\approx c \\approx 0.0.1``: the links before the member that stopped the reader, read as the
        statement they make (:mod:`.chain_parts`); the row still fails there, with its reason. False if there is
        no such start."""
        prefix = prefix_before(piece.text, stopped.position)
        if prefix is None:
            return False
        self._read(row, Piece(prefix, piece.offset))
        self.fail(stopped.reason, self.display.line_of(row.offset + piece.offset + stopped.position))
        return True

    def _read_suffix(self, row: RowText, piece: Piece, stopped: Unreadable) -> None:
        """``v = \\mathbb{E}[q] = 2 \\cdot 1 = 2``: the links after the member that stopped the reader, read as a
        statement of their own (:mod:`.chain_parts`); a row after it (``&= 2``) goes on from there. The link into
        the rest (𝔼[q] = 2·1) is a step not read, so the row keeps the reason, even after a definition (v = 𝔼[q])."""
        start = suffix_after(piece.text, stopped.position)
        if start is None:
            return
        self.fail(stopped.reason, self.display.line_of(row.offset + piece.offset + stopped.position))
        unreadable, line = self.unreadable, self.unreadable_line
        self._read(row, Piece(piece.text[start:], piece.offset + start))
        self.unreadable, self.unreadable_line = unreadable, line

    def _chain(self, row: RowText, piece: Piece, members: list[tuple[str, int, str]]) -> None:
        values: list[Term] = []
        for text, at, _ in members:
            if text.strip(" ,.") in ("…", "...", "\\cdots", "\\ldots", "\\dots"):
                values.append(ELLIPSIS)
                continue
            try:
                values.append(from_latex(text, self.scope))
            except Unreadable as exc:
                self.fail(exc.reason, self.display.line_of(row.offset + piece.offset + at + exc.position))
                return
            except (ArithmeticError, TypeError, ValueError, sympy.SympifyError) as exc:
                self.fail(f"SymPy cannot build this row ({exc})", self.display.line_of(row.offset + piece.offset))
                return
        self.statement += 1
        for (left_text, _, _), (right_text, at, relation), left, right in zip(members, members[1:], values, values[1:],
                                                                             strict=False):
            line = self.display.line_of(row.offset + piece.offset + at - 1)
            written = f"{left_text} {relation} {right_text}"
            ellipsis = ELLIPSIS in (left, right)
            self.links.append(Link(line, READ_RELATIONS[relation], left, right, self.statement, written, row.note,
                                   role="ellipsis" if ellipsis else "claim",
                                   note="an ellipsis leaves the terms it stands for unstated; not decided"
                                   if ellipsis else "", offset=row.offset + piece.offset + at - 1))
        self.previous, self.blocked = None, True
