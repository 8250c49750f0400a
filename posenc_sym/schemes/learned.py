"""Learned absolute position embeddings: one free vector per position, for L positions.

The table is E = (e_0, …, e_{L−1}), trained with the model (BERT, GPT-2). Nothing ties e_t to
e_{t+1}; row t receives gradient only from sequences long enough to reach position t, so rows at
or beyond the training length L are never trained (``derivations/naive_encodings.py``).
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from .scheme import Scheme

__all__ = ["SCHEMES", "learned_lookup", "learned_table"]


def learned_table(length: int, width: int = 1, name: str = "e") -> ImmutableMatrix:
    """A length×width table of free real parameters ``e_t_c``.

    >>> learned_table(2, 1)
    Matrix([
    [e_0_0],
    [e_1_0]])
    """
    for value, what in ((length, "length"), (width, "width")):
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise PosencSymError(f"{what}={value!r} is not a positive int; pass e.g. 4")
    return ImmutableMatrix(length, width, lambda t, c: sympy.Symbol(f"{name}_{t}_{c}", real=True))


def learned_lookup(table: ImmutableMatrix, position: int) -> ImmutableMatrix:
    """Row ``position`` of the table, as a column; positions past the table are an error.

    >>> learned_lookup(learned_table(3), 2)
    Matrix([[e_2_0]])
    >>> learned_lookup(learned_table(3), 3)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: position=3 is past the 3-row learned table; it has no row for that position
    """
    if not 0 <= position < table.rows:
        raise PosencSymError(
            f"position={position} is past the {table.rows}-row learned table; it has no row for that position"
        )
    return ImmutableMatrix(table.row(position).T)


#: The learned table: a row of the property table, its claims in the naive encodings' file.
SCHEMES: tuple[Scheme, ...] = (Scheme("learned", "learned table", course=10, derivations=("naive_encodings",)),)
