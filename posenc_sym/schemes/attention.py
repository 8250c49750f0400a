"""Scaled dot-product self-attention without positions, as SymPy matrices.

Attention(X) = softmax(X W_q (X W_k)ᵀ / √d_k) X W_v, softmax taken along each row. Rows of X are
tokens. Nothing in the formula looks at a row's index, which is why it is permutation-equivariant
(``derivations/premise.py``) and why a position encoding is needed at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from ..errors import PosencSymError
from ..notation.definitions import Definition, Notation

__all__ = ["attention", "equivariance_written", "permutation_matrix", "softmax", "softmax_rows", "symbol_matrix"]


def softmax(values: Sequence[sympy.Expr]) -> ImmutableMatrix:
    """softmax(x)_j = exp(x_j) / Σ_k exp(x_k), as a row.

    >>> x = sympy.symbols("x0 x1", real=True)
    >>> softmax(x)
    Matrix([[exp(x0)/(exp(x0) + exp(x1)), exp(x1)/(exp(x0) + exp(x1))]])
    """
    if len(values) == 0:
        raise PosencSymError("softmax of an empty row; pass at least one score")
    exps = [sympy.exp(v) for v in values]
    total = sympy.Add(*exps)
    return ImmutableMatrix([[e / total for e in exps]])


def softmax_rows(scores: MatrixBase) -> ImmutableMatrix:
    """Row-wise softmax of a score matrix.

    >>> softmax_rows(sympy.Matrix([[0, 0]]))
    Matrix([[1/2, 1/2]])
    """
    rows = [list(softmax(list(scores.row(r)))) for r in range(scores.rows)]
    return ImmutableMatrix(rows)


def attention(x: MatrixBase, w_q: MatrixBase, w_k: MatrixBase, w_v: MatrixBase) -> ImmutableMatrix:
    """softmax(X W_q (X W_k)ᵀ / √d_k) X W_v with d_k the number of columns of W_k.

    >>> one = sympy.Matrix([[1]])
    >>> attention(sympy.Matrix([[0], [0]]), one, one, one)
    Matrix([
    [0],
    [0]])
    """
    if w_q.shape != w_k.shape:
        raise PosencSymError(f"W_q has shape {w_q.shape} and W_k {w_k.shape}; they must match")
    if x.cols != w_q.rows or x.cols != w_v.rows:
        raise PosencSymError(
            f"X has {x.cols} columns but W_q, W_v have {w_q.rows}, {w_v.rows} rows; they must agree"
        )
    scores = (x * w_q) * (x * w_k).T / sympy.sqrt(w_k.cols)
    return ImmutableMatrix(softmax_rows(scores) * (x * w_v))


def permutation_matrix(order: Sequence[int]) -> ImmutableMatrix:
    """P with (P X)[r] = X[order[r]]: row r of PX is row ``order[r]`` of X.

    >>> permutation_matrix([2, 0, 1]) * sympy.Matrix([10, 20, 30])
    Matrix([
    [30],
    [10],
    [20]])
    """
    n = len(order)
    if sorted(order) != list(range(n)):
        raise PosencSymError(f"order={list(order)!r} is not a permutation of 0..{n - 1}")
    return ImmutableMatrix(n, n, lambda r, c: 1 if order[r] == c else 0)


def symbol_matrix(name: str, rows: int, cols: int) -> ImmutableMatrix:
    """A rows×cols matrix of real symbols ``name_r_c``.

    >>> symbol_matrix("x", 1, 2)
    Matrix([[x_0_0, x_0_1]])
    """
    return ImmutableMatrix(rows, cols, lambda r, c: sympy.Symbol(f"{name}_{r}_{c}", real=True))


def equivariance_written(tokens: Sequence[Any], order: Sequence[int], attend: Callable[[ImmutableMatrix], Any],
                         about: str = "self-attention") -> tuple[tuple[Any, Any], Notation]:
    """``Attn(P X) = P Attn(X)`` as written, and the notation that expands it.

    X is the column of ``tokens``, P the permutation with (P X)[r] = X[order[r]], and Attn(X) is
    ``attend(X)`` (computed by the scheme; ``about`` says which attention, in ASCII words). The
    expansion gives the explicit entries of both sides.

    >>> x = sympy.symbols("x0:2", real=True)
    >>> (lhs, rhs), notation = equivariance_written(x, [1, 0], lambda m: m * 2)
    >>> lhs, rhs, notation.expand(lhs).T
    (Attn(P*X), P*Attn(X), Matrix([[2*x1, 2*x0]]))
    """
    argument = sympy.Symbol("M", commutative=False)
    attn = Definition("Attn", (argument,), lambda m: ImmutableMatrix(attend(m)), form="call",
                      about=about)
    column = Definition("X", (), ImmutableMatrix(list(tokens)), form="value")
    perm = Definition("P", (), permutation_matrix(order), form="value")
    x, p = column.apply(), perm.apply()
    written = (attn.apply(p * x), sympy.Mul(p, attn.apply(x), evaluate=False))
    return written, Notation(definitions=(attn, column, perm))
