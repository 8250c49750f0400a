"""A tall column of numbers set as a transposed row: ``slopes(8) = [2^{-1}, …, 2^{-8}]^\\top`` on one line
instead of eight lines of a column, as papers write a vector in running display.

>>> import sympy
>>> from posenc_sym.proof.claim import Claim
>>> column = sympy.Matrix([1, 2, 3, 4, 5, 6])
>>> print(transposed_columns(Claim("demo.count", "one to six", written=(column, column)))[1])
\\begin{bmatrix}1 & 2 & 3 & 4 & 5 & 6\\end{bmatrix}^{\\top}
"""

from __future__ import annotations

from sympy.matrices import MatrixBase

from ..notation.matrices import MAX_ROWS
from ..proof.claim import Claim
from .mathtex import math_latex

#: A column this tall takes more of the page as a column than its entries are worth.
TALL = 6


def _tall_column(side: object) -> bool:
    """An explicit column of at least TALL entries that the writer shows whole (at most MAX_ROWS); a
    longer one is elided, and an elided row with a shape under a transpose would read worse."""
    return isinstance(side, MatrixBase) and side.shape[1] == 1 and TALL <= side.shape[0] <= MAX_ROWS


def transposed_columns(claim: Claim) -> tuple[str, str] | None:
    """The claim's displayed sides with each tall column written as its transposed row, or None when
    neither side is one. A side that is not a tall column is written as before."""
    sides = claim.display_sides
    if not any(_tall_column(side) for side in sides):
        return None
    written = claim.written is not None
    out = []
    for side in sides:
        if _tall_column(side):
            # Entry by entry: the writer would elide a row of more than MAX_COLS entries.
            entries = " & ".join(math_latex(e, claim.notation, written=written) for e in side)
            out.append(rf"\begin{{bmatrix}}{entries}\end{{bmatrix}}^{{\top}}")
        else:
            out.append(math_latex(side, claim.notation, written=written))
    return out[0], out[1]
