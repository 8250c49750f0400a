"""A name followed by brackets: ``x[k]``, ``\\boldsymbol{p}_K[\\text{clip}(i-j, p_{\\min}, p_{\\max})]``, the element
an index selects (a row of a table); ``W_q[(E + P) W_k]^T``, brackets that group; ``x[2]`` after a vector
the text defines, refused (an entry or a product?).
"""

from __future__ import annotations

import sympy
from sympy.core.function import AppliedUndef

from .read_cursor import Cursor, Term
from .read_tokens import Unreadable

__all__ = ["EXPECTATIONS", "element", "no_bracket_after_matrix"]

#: Names whose ``[…]`` may be an expectation, E[X], as much as the entry X of a table E.
EXPECTATIONS = frozenset({"E", "Ebb"})


def element(p: Cursor, value: Term, shown: str, pos: int) -> Term:
    """``x[k]``, ``\\boldsymbol{p}_K[\\text{clip}(i-j, p_{\\min}, p_{\\max})]``: a name nothing defines followed by one
    index in brackets is the element that index selects (a row of a table): an opaque value, the same for the same
    index. ``[a, b]`` (a comma inside) is a row vector, multiplied as before; ``E[X]`` may be an expectation, and is
    refused. Anything else returns ``value`` with the cursor where it was."""
    following = p.peek()
    if following is None or following.text != "[" or isinstance(value, sympy.MatrixBase) or not (
            isinstance(value, (sympy.Symbol, sympy.Indexed))):
        return value
    start = p.index
    p.next()
    try:
        index = p.scalar(p.expression(), p.here(), "an index in brackets")
        closed = p.take("]")
    except Unreadable:
        closed = False
    if not closed or not _index_like(index) or _transposed(p):
        # [a, b]: a row vector; W_q[(E + P) W_k]^T: brackets that group a product: read as before
        p.index = start
        return value
    label = value.name if isinstance(value, sympy.Symbol) else str(value.base.label)
    if label in EXPECTATIONS:
        raise Unreadable(f"{shown}[…] may be the expectation of what the brackets hold, or the entry it selects of "
                         f"a table {shown}; neither is read: write \\mathbb{{E}} as a function or name the entry "
                         f"({shown}_{{…}})", pos)
    p.scope.note("element", "read a name followed by one index in brackets, x[k], as the element that index "
                 "selects (the same index, the same value)")
    return sympy.IndexedBase(f"{sympy.sstr(value)}[]", commutative=value.is_commutative)[index]


def _index_like(index: sympy.Basic) -> bool:
    """What an index in brackets looks like: a name, a number, a sum of them (``k + 1``, ``i - j``), a number
    times a name (``2k``) or a function applied (``\\text{clip}(i - j, …)``); a product of two names or of a
    group (``(E + P) W_k``) is brackets used as parentheses."""
    if isinstance(index, (sympy.Symbol, sympy.Integer, sympy.Indexed, AppliedUndef)):
        return True
    if isinstance(index, sympy.Add):
        return all(_index_like(term) for term in index.args)
    if isinstance(index, sympy.Mul):
        numbers = [f for f in index.args if f.is_Number]
        return len(index.args) - len(numbers) == 1 and all(_index_like(f) for f in index.args if not f.is_Number)
    return False


def _transposed(p: Cursor) -> bool:
    """True if a transpose follows the closing bracket (``[…]^T``, ``[…]^\\top``): a group, transposed."""
    texts = [t.text for t in p.tokens[p.index:p.index + 3]]
    return texts[:1] == ["^"] and (texts[1:2] in (["T"], ["\\top"], ["\\intercal"]) or
                                   texts[1:3] in (["{", "T"], ["{", "\\top"]))



def no_bracket_after_matrix(p: Cursor, value: Term, shown: str, pos: int) -> None:
    """``x[2]`` after the text defines the vector x: the entry x selects, or x times the group [2]? Refused."""
    following = p.peek()
    if isinstance(value, sympy.MatrixBase) and following is not None and following.text == "[":
        raise Unreadable(f"{shown}[…] after the vector or matrix {shown} may select one of its entries or multiply "
                         f"a bracketed group; write {shown}_{{k}} for an entry, or {shown} \\cdot (…) for a product",
                         pos)
