"""A component of a vector written by a subscript on its parenthesized name: ``(\\mathbf{p}_i)_m`` is the m-th entry
of the vector p_i, a number (p_i[m]), as lecture notes index what they have named. Anything else under a subscript
(``(a + b)_i``, a matrix written out, whose entries would need a first index) stays unread.
"""

from __future__ import annotations

import sympy

from .read_cursor import Cursor, Term
from .read_tokens import Unreadable

__all__ = ["component"]


def component(p: Cursor, value: Term, pos: int) -> Term:
    """The entry ``(v)_m`` of the vector ``value``, the subscript at the cursor; raises :class:`Unreadable` where
    ``value`` is no parenthesized name."""
    closed = p.index > 0 and p.tokens[p.index - 1].text == ")"
    name = _vector_name(value)
    if not closed or name is None:
        raise Unreadable("a subscript on this expression is not read; subscripts belong to names", pos)
    p.next()  # the '_'
    index = p.scalar(p.script(), pos, "a subscript")
    return sympy.IndexedBase(f"({name})")[index]


def _vector_name(value: Term) -> str | None:
    """``p_i`` for the symbol p_i or the entry p[i]; None for anything that is not one name."""
    if isinstance(value, sympy.Symbol):
        return value.name
    if isinstance(value, sympy.Indexed) and all(a.is_Atom for a in value.indices):
        return f"{value.base.label}_{','.join(sympy.sstr(a) for a in value.indices)}"
    return None
