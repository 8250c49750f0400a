r"""Tuples written for vectors: ``(x_1, x_2)^\top``, ``R_m (x_1, x_2)^\top``, ``q = (q_0, q_1)``.

Real notes write a vector by its coordinates in parentheses. A parenthesized list ``(a, b, …)`` is also a
function's arguments, an interval, a point, a pair; the reader reads it as a vector only where a vector is
meant, and says so once (:data:`TUPLE_AS_VECTOR`):

- transposed, ``(a, b)^\top``: a column (the row the author wrote, turned, as RoFormer writes its vectors);
- as the right factor of a matrix with as many columns, or of a name that may be a matrix (``R_m (x_1, x_2)``):
  a column; as the left factor of a matrix with as many rows (``(x_1, x_2) W``): a row, the only product that
  exists;
- inside ``\langle a, b \rangle``: a column, as every inner product's side;
- added to, or on the other side of ``=`` from, a written or defined column of its length; and alone on the
  right of a name the row defines (``q = (q_0, q_1)``): the column it defines;
- equated (``=``, ``\approx``, ``\neq``) with a tuple of its length: compared entry by entry, which is what
  equality of two points, two pairs or two vectors says alike (no vector is meant, so none is said).

Orientation is decided only where it changes the value: a product with a matrix (the shapes say which), and
the other side of a relation (a column; a row ``[a, b]`` there is refused, never turned silently). Elsewhere
the tuple is kept as written until the row ends; one that no context made a vector is refused, the readings
named. A tuple times a complex number (``(q_1, q_2) e^{\mathrm{i} m\theta}``, which identifies ℝ² with ℂ) and a
tuple compared by an order (``(a, b) < (c, d)``) are refused with their reasons. Tuples with an ellipsis are
read by their pattern (:mod:`.read_pattern_shapes`) and are not these.
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_cursor import Cursor, Term, is_matrix
from .read_pattern import tokens_text
from .read_tokens import Token, Unreadable

__all__ = ["TUPLE_AS_VECTOR", "OpenTuples", "add_tuples", "multiply_tuple", "settle_tuples", "tuple_vector",
           "vector_meant"]

#: The convention, said once per document with its line.
TUPLE_AS_VECTOR = ("read (a, b, …) as a column vector where a vector is meant: transposed ((a, b)^\\top), beside a "
                   "matrix it multiplies (a row on the matrix's left), in ⟨a, b⟩, or equated with or added to a "
                   "vector of its length, or defining a name")

_NOT_MEANT = ("a tuple {shown} is read as a vector only where a vector is meant (transposed, beside a matrix it "
              "multiplies, in ⟨a, b⟩, equated with a vector of its length, or defining a name); here it may as "
              "well be a point, a pair or an interval, so it is not read; write it transposed, {shown}^\\top, for a "
              "column vector")
_ORDERS = frozenset({"<", "<=", ">", ">="})


class OpenTuples:
    """The tuples of a formula not yet shown to be vectors: each value by identity, with its offset."""

    def __init__(self) -> None:
        self.values: list[tuple[ImmutableMatrix, int]] = []
        self.written: dict[int, str] = {}  # offset -> the tuple as written, for a refusal

    def at(self, value: object) -> int | None:
        return next((pos for held, pos in self.values if held is value), None)

    def hold(self, value: ImmutableMatrix, pos: int) -> ImmutableMatrix:
        self.values.append((value, pos))
        return value

    def close(self, value: object) -> None:
        self.values = [(held, pos) for held, pos in self.values if held is not value]


def tuple_vector(p: Cursor, opening: Token, first: Term, tuples: OpenTuples) -> Term:
    """The rest of ``(a, b, …)`` after its first entry (the ``,`` at the cursor): a column, open until a
    context makes it a vector."""
    cells = [p.scalar(first, opening.pos, "a tuple's entry")]
    while p.take(","):
        cells.append(p.scalar(p.expression(), p.here(), "a tuple's entry"))
    p.require(")")
    start = next(n for n in range(p.index - 1, -1, -1) if p.tokens[n] is opening)
    tuples.written[opening.pos] = tokens_text(p.tokens[start:p.index])
    return tuples.hold(ImmutableMatrix([[c] for c in cells]), opening.pos)


def vector_meant(p: Cursor, value: Term, tuples: OpenTuples) -> Term:
    """``value``, now known to be a vector (transposed, in ⟨a, b⟩): the tuple is closed and the convention said."""
    if tuples.at(value) is not None:
        tuples.close(value)
        p.scope.note("tuple", TUPLE_AS_VECTOR)
    return value


def multiply_tuple(p: Cursor, left: Term, right: Term, pos: int, tuples: OpenTuples) -> Term | None:
    """``left`` times ``right`` where one is an open tuple: the product, or None where neither is one."""
    at_left, at_right = tuples.at(left), tuples.at(right)
    if at_left is None and at_right is None:
        return None
    if at_left is not None and at_right is not None:
        raise Unreadable("two tuples side by side: a product of two vectors is a dot product or an outer product; "
                         "write one transposed, or \\langle a, b \\rangle", pos)
    vector, other = (right, left) if at_right is not None else (left, right)
    if not is_matrix(other) and getattr(other, "is_commutative", False):
        if other.has(sympy.I):
            raise Unreadable("a tuple times a complex number identifies ℝ² with ℂ ((x, y) as x + iy), which is not "
                             "read; write the complex number x + \\mathrm{i} y, or the rotation as a matrix", pos)
        tuples.close(vector)
        return tuples.hold(ImmutableMatrix(vector * other), at_left or at_right or pos)  # 2(a, b): still a tuple
    if at_right is not None and (not is_matrix(left) or left.shape[1] == right.shape[0]):
        # R_m (x_1, x_2): a column; a name that may be a matrix before it is a square matrix of unknown entries
        vector_meant(p, right, tuples)
        return p.mul(left, right, pos)
    if at_left is not None and is_matrix(right) and right.shape[0] == left.shape[0] and right.shape[0] > 1:
        vector_meant(p, left, tuples)
        return p.mul(ImmutableMatrix(left.T), right, pos)  # (x_1, x_2) W: a row, the only product that exists
    if not is_matrix(other):
        raise Unreadable("a tuple before a name that may be a matrix ((x_1, x_2) W) is a row times a matrix, or a "
                         "vector times a number; define the name, or write the vector as a matrix", pos)
    raise Unreadable(f"a tuple of {vector.shape[0]} entries beside a matrix of shape {tuple(other.shape)}: neither "
                     "a column nor a row of it makes this product; check the entries", pos)


def add_tuples(p: Cursor, left: Term, right: Term, pos: int, tuples: OpenTuples) -> Term | None:
    """``left + right`` where one is an open tuple: the sum, or None where neither is one."""
    at_left, at_right = tuples.at(left), tuples.at(right)
    if at_left is None and at_right is None:
        return None
    if not (is_matrix(left) and is_matrix(right)):
        raise Unreadable("a tuple plus a number has no meaning as a vector, nor as a pair; check the terms", pos)
    if left.shape != right.shape:
        shapes = tuple(left.shape), tuple(right.shape)
        raise Unreadable(f"a tuple and a vector of shapes {shapes[0]} and {shapes[1]} cannot be added", pos)
    total = ImmutableMatrix(left + right)
    if at_left is not None and at_right is not None:
        tuples.close(left)
        tuples.close(right)
        return tuples.hold(total, min(at_left, at_right))  # (a, b) + (c, d): still tuples, as written
    vector_meant(p, left, tuples)
    vector_meant(p, right, tuples)
    return total


def settle_tuples(p: Cursor, relations: list[str], sides: list[Term | None], tuples: OpenTuples, *,
                  defines: bool = False) -> list[Term | None]:
    """At the end of a row, ``sides`` with each tuple related to a vector of its length made that vector (a row
    beside a row, ``(a, b) W = (c, d)``), or alone on the right of a name the row defines; a tuple still open is
    :class:`Unreadable`, with the readings named."""
    sides = list(sides)
    for n, relation in enumerate(relations):
        a, b = sides[n], sides[n + 1]
        held = [side for side in (a, b) if side is not None and tuples.at(side) is not None]
        if held and relation in _ORDERS:
            raise Unreadable("an order between tuples ((a, b) < (c, d)) is lexicographic to some and entrywise to "
                             "others, and a tuple is no number; not read: compare the entries", tuples.at(held[0]) or 0)
        if relation in ("==", "~", "!=") and len(held) == 2 and a.shape == b.shape:  # type: ignore[union-attr]
            # (\cos 0, \sin 0) = (1, 0): equal entry by entry, whether both are points, pairs or vectors
            tuples.close(a)
            tuples.close(b)
            continue
        if relation != "==" or len(held) != 1:
            continue
        vector, other = held[0], (b if held[0] is a else a)
        if (other is None and defines) or (isinstance(other, MatrixBase) and other.shape == vector.shape):
            vector_meant(p, vector, tuples)
        elif isinstance(other, MatrixBase) and other.shape == vector.T.shape:
            vector_meant(p, vector, tuples)
            sides[n if vector is a else n + 1] = ImmutableMatrix(vector.T)  # a row beside a row: (a, b) W = (c, d)
    if tuples.values:
        _, pos = min(tuples.values, key=lambda held: held[1])
        shown = tuples.written.get(pos, "(a, b)")
        raise Unreadable(_NOT_MEANT.format(shown=shown if len(shown) <= 40 else "(a, b)"), pos)
    return sides
