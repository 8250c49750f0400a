"""A matrix compared with a name or a 1×1 matrix: ``R^\\top R = I`` (I the identity of R's size) and
``q^\\top q = x^2 + y^2`` (a 1×1 matrix is the scalar it holds).
"""

from __future__ import annotations

import sympy
from sympy.matrices import MatrixBase

from ..notation.read import Term
from .scope import DocumentScope

#: How notes write the identity matrix: I, \mathbf{I}, \boldsymbol{I} (the reader reads each as I).
IDENTITY_NAMES = frozenset({"I"})


def identity_of_size(lhs: Term, rhs: Term, scope: DocumentScope) -> tuple[Term, Term]:
    """``R^\\top R = I``: a name I that nothing declares or defines, compared with a square matrix, is the
    identity of its size (said once)."""
    for matrix, other in ((lhs, rhs), (rhs, lhs)):
        if isinstance(matrix, MatrixBase) and matrix.shape[0] == matrix.shape[1] and _is_identity_name(other, scope):
            scope.note("identity", "read I as the identity matrix of the size of the matrix it is compared with "
                       "(the text does not define I)")
            eye = sympy.ImmutableMatrix(sympy.eye(matrix.shape[0]))
            return (matrix, eye) if matrix is lhs else (eye, matrix)
    return lhs, rhs


def _is_identity_name(term: Term, scope: DocumentScope) -> bool:
    return isinstance(term, sympy.Symbol) and term.name in IDENTITY_NAMES and scope.ctx.lookup(term.name) is None \
        and term.name not in scope.text_defined and term.is_real is not True


def scalar_if_one_by_one(lhs: Term, rhs: Term) -> tuple[Term, Term]:
    """``q^\\top q = x^2 + y^2``: a 1×1 matrix (a dot product) is the scalar it holds."""
    lhs, rhs = (m[0, 0] if isinstance(m, MatrixBase) and m.shape == (1, 1) else m for m in (lhs, rhs))
    return lhs, rhs
