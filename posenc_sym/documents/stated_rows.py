"""Rows that state rather than claim: a range (``i = 0, 1, \\ldots, d/2 - 1``), a bound beside a definition
(``a_k = 2^k, \\quad k \\ge 1``) and an interval or set beside a claim (``t \\in [0, \\infty)``). Each becomes
links with the role ``definition`` or ``condition`` that the display's claims are decided under."""

from __future__ import annotations

import sympy

from ..notation.read import Term, Unreadable, from_latex
from .definition_candidates import definition_candidate
from .extract import Display
from .links import ELLIPSIS, Link, without_marks
from .order_relations import ORDER_RELATION, membership, relations_of
from .rows import RowText
from .scope import DocumentScope
from .statements import Piece

__all__ = ["StatedRows", "an_index"]

_RELATION_OF = {sympy.Lt: "<", sympy.Le: "<=", sympy.Gt: ">", sympy.Ge: ">=", sympy.Ne: "!="}


def an_index(name: str, scope: DocumentScope) -> bool:
    """True if ``name`` reads as an integer (``j`` of ``j \\in [0, d/2-1]``, where the text indexes with j)."""
    try:
        value = from_latex(name, scope)
    except (Unreadable, ValueError, TypeError, ArithmeticError):
        return False
    return isinstance(value, sympy.Symbol) and bool(value.is_integer)


class StatedRows:
    """What :class:`.claims._Reading` does with a row that states a range, a bound or a membership."""

    display: Display
    scope: DocumentScope
    links: list[Link]
    statement: int
    previous: Term | None
    blocked: bool
    indices: dict[sympy.Symbol, str]

    def _range(self, row: RowText, piece: Piece, found: tuple[str, str, str]) -> None:
        name, first, last = found
        at = piece.text.index("=") if "=" in piece.text else piece.text.index("\\in")
        line = self.display.line_of(row.offset + piece.offset + at)
        self.statement += 1
        written = " ".join(piece.text.replace("&", " ").split())
        note = self.scope.add_range(name, first, last)
        self.links.append(Link(line, "==", sympy.Symbol(name), ELLIPSIS, self.statement, written, row.note,
                               role="definition", note=note, offset=row.offset + piece.offset + at))
        self.previous, self.blocked = None, True

    def _index_bound(self, row: RowText, piece: Piece) -> bool:
        """``k \\ge 1`` beside ``a_k = 2^k`` (order relations of one integer parameter of a definition this display
        makes): the range of that index, where the definition holds (:meth:`.scope.DocumentScope.add_bounds`)."""
        text = piece.text
        if not self.indices or not ORDER_RELATION.search(text) or definition_candidate(text) is not None:
            return False
        relations = relations_of(text, lambda side: from_latex(side, self.scope))
        if not relations:
            return False
        common = set.intersection(*(set(r.free_symbols) for r in relations)) & set(self.indices)
        if len(common) != 1:
            return False
        (symbol,) = common
        relations = tuple(r.reversed if r.rhs == symbol else r for r in relations)  # 1 \le k: k \ge 1
        written = " ".join(without_marks(text).split())
        note = f"{self.scope.add_bounds(symbol, relations, written)} (where {self.indices[symbol]} is defined)"
        self._stated(row, piece, relations, "definition", note)
        return True

    def _membership(self, row: RowText, piece: Piece) -> bool:
        """``t \\in [0, \\infty)`` beside a claim: stated, not claimed; its bounds are conditions (the claim is
        decided under them, :func:`.decide._under_stated`), and a set not read is stated as it is written, so
        that a refutation beside it is held back."""
        found = membership(piece.text)
        if found is None:
            return False
        written = " ".join(without_marks(piece.text).split())
        relations = relations_of(piece.text, lambda side: from_latex(side, self.scope))
        if relations:
            self._stated(row, piece, relations, "condition", f"an interval stated beside the row ({written}): "
                         "stated, not a claim")
            return True
        try:
            name = from_latex(found[0], self.scope)
        except (Unreadable, ArithmeticError, TypeError, ValueError):
            return False
        self._stated(row, piece, (), "condition", f"{written}, a set posenc-sym does not read: stated, not a claim",
                     (name, sympy.Symbol(" ".join(found[1].split()))))
        return True

    def _stated(self, row: RowText, piece: Piece, relations: tuple[sympy.Basic, ...], role: str, note: str,
                member: tuple[Term, Term] | None = None) -> None:
        """Links for what a statement states (a bound, a membership), each with ``role`` and ``note``."""
        offset = row.offset + piece.offset
        line = self.display.line_of(offset)
        written = " ".join(without_marks(piece.text).split())
        self.statement += 1
        sides = [(_RELATION_OF[type(r)], r.lhs, r.rhs) for r in relations]
        if member is not None:
            sides.append(("in", *member))
        for relation, lhs, rhs in sides:
            self.links.append(Link(line, relation, lhs, rhs, self.statement, written, row.note, role=role, note=note,
                                   offset=offset))
        self.previous, self.blocked = None, True
