"""What a statement beside a definition on its row or display means: a value the definition uses
(``\\theta_i = b^{-2i/d}, b = 10000``: "where b = 10000"), a case (``\\sin t = 0, t = \\pi``), or a
restriction of one of its parameters (``t > 0`` beside ``f(t) = t^2``).
"""

from __future__ import annotations

import re

from ..notation.read import Term
from .definition_candidates import definition_candidate
from .name_forms import name_form
from .scope import DocumentScope
from .statements import Piece
from .survey import survey


def where_first(pieces: list[Piece]) -> list[Piece]:
    """The statements of a row in the order they are read: one that sets a plain name used by a definition
    before it on the row (``\\theta_i = b^{-2i/d}, b = 10000``: b is 10000 in θ_i, as "where b = 10000"
    says) comes before that definition, so the definition uses its value. Beside a claim (``\\sin t = 0, t =
    \\pi``) or a parameter of the definition (``f(t) = \\sin t, t = \\pi``) it stays where it is: a case.

    >>> [p.text for p in where_first([Piece("w_i = b^{-i}", 0), Piece("b = 10", 14)])]
    ['b = 10', 'w_i = b^{-i}']
    """
    ordered = list(pieces)
    for piece in pieces:
        at = definition_candidate(piece.text)
        form = name_form(piece.text[:at[0]]) if at is not None else None
        if form is None or form.subscript is not None or form.arguments is not None or form.label:
            continue
        if form.name in survey([piece.text[at[0] + at[1]:]]).standalone:  # type: ignore[index]
            continue  # b = 2b - 10: an equation in b, not its value
        before = [p for p in ordered[:ordered.index(piece)] if form.name in survey([p.text]).standalone]
        if before and all(defines_from(p.text, form.name) for p in before):
            ordered.remove(piece)
            ordered.insert(ordered.index(before[0]), piece)
    return ordered


def defines_from(text: str, name: str) -> bool:
    """True if ``text`` may define another name from ``name``: ``NAME_i = … name …``, with ``name`` none of
    its parameters (``f(t) = \\sin t`` beside ``t = \\pi`` is f for every t, not f at π)."""
    at = definition_candidate(text)
    return at is not None and name not in survey([text[:at[0]]]).standalone and name_form(text[:at[0]]) is not None


_RESTRICTS = re.compile(r"[<>]|\\(?:le|ge|leq|geq|lt|gt|ne|neq|in|notin|leqslant|geqslant)(?![A-Za-z])")


def restriction(others: list[str], defined: Term, scope: DocumentScope) -> str | None:
    """The statement beside a definition in its display that restricts one of its parameters (``t > 0``
    beside ``f(t) = t^2``), or None. An integer index's range (``0 \\le i < d/2`` after ``\\omega_i``) is
    the index's own domain, not a restriction of the definition to part of it."""
    params = {str(s) for s in getattr(defined, "free_symbols", set()) if not getattr(s, "is_integer", False)}
    for text in others:
        if definition_candidate(text) is not None or not _RESTRICTS.search(text):
            continue
        if params & survey([text]).standalone:
            return " ".join(text.split())
    return None
