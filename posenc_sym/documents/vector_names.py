"""Names a row uses as vectors without saying so:
``\\langle R(m\\theta) q, R(n\\theta) k \\rangle = q^\\top R(m\\theta)^\\top R(n\\theta) k`` writes q and k beside a
2×2 rotation the text defines and in an inner product, which only vectors of length 2 fit. Read as numbers they
make the inner product of two matrices, which is refused; the row is then read again with each such name a column
of its own entries (q_1, q_2), which the report says once. A proof then holds whatever the entries are; nothing is
refuted of names the text does not define.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from ..notation.read import Unreadable
from .scope import DocumentScope, passing_key

__all__ = ["with_vector_names"]

T = TypeVar("T")

#: The refusal that says two matrices stood where vectors belong: ⟨a, b⟩ of shapes (2, 2) and (2, 2).
_SQUARE_SIDES = re.compile(r"⟨a, b⟩ of shapes \((\d+), \1\) and \(\1, \1\)")
#: … or a name beside a square matrix, which may be a number or a matrix, in a row that writes an inner product.
_BESIDE_SQUARE = re.compile(r"may be a number or a matrix beside the (\d+)×\1 matrix")
_INNER_PRODUCT = re.compile(r"\\langle|⟨")
#: A lone letter (bold or not) as the row writes a name: q, \mathbf{q}, \boldsymbol{k}, \vec{v}.
_LETTER = re.compile(r"(?:\\(?:mathbf|boldsymbol|bm|vec)\s*\{\s*([a-z])\s*\}|(?<![\\A-Za-z])([a-z]))(?![A-Za-z_({])")


def _a_number_elsewhere(name: str, scope: DocumentScope) -> bool:
    """True if the text uses ``name`` as a number somewhere (an exponent, a function's argument, a real domain, an
    index with a range, a count or a pair) or says what it is in words ("the scalar $g$"): no vector here either."""
    roles = scope.roles
    # a letter under a name alone (W_q, W_k beside the vectors q, k) labels it: that alone makes no number
    as_number = name in roles.scalars and name not in roles.indices
    as_index = name in roles.ranged or name in roles.counted or name in roles.pairs or name in roles.parities
    return as_number or as_index or name in roles.reals or bool(roles.described.get(name)) \
        or passing_key(name) in scope.said_in_prose


def with_vector_names(read: Callable[[], T], text: str, scope: DocumentScope) -> T:
    """``read()``, or, where it refuses an inner product of square matrices, ``read()`` again with the row's free
    single letters (no convention reads them, the text neither declares nor defines them) as columns of that size."""
    try:
        return read()
    except Unreadable as exc:
        found = _SQUARE_SIDES.search(exc.reason) or (_BESIDE_SQUARE.search(exc.reason) if _INNER_PRODUCT.search(text)
                                                     else None)
        if found is None:
            raise
        size = int(found.group(1))
        names = {a or b for a, b in _LETTER.findall(text)}
        vectors = {n: size for n in sorted(names) if scope.is_free(n) and scope.rules.symbol(n) is None
                   and not _a_number_elsewhere(n, scope)}
        if not vectors:
            raise
        scope.vectors = vectors
        try:
            value = read()
        except Unreadable:
            raise exc from None
        finally:
            scope.vectors = {}
        for name in vectors:
            entries = ", ".join(f"{name}_{k}" for k in range(1, size + 1))
            scope.note(f"vector:{name}", f"read {name} as a column vector ({entries}): the row puts it beside a "
                       f"{size}×{size} matrix the text defines, in an inner product only vectors fit; declare it to "
                       "read it otherwise")
        return value
