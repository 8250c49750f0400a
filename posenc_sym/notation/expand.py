"""Unfolding a written form into the decided form (``Notation.expand``).

Every applied notation is replaced by its definition's body at the bound parameters; every other
node is rebuilt, which evaluates it the way SymPy evaluates on construction (``UnevaluatedExpr``
and ``evaluate=False`` nodes included). No ``doit``: sums, products, integrals and derivatives stay.
Matrices are combined in the order written (a matrix notation is non-commutative).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any, Protocol

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase
from sympy.matrices.expressions import MatrixExpr
from sympy.matrices.expressions.matexpr import MatrixElement

from .blocks import entry_at
from .patterns import Form, NotationError, applied_arguments, applied_name

__all__ = ["Definitions", "Unfolding", "expand"]

_MAX_DEPTH = 32


class Unfolding(Protocol):
    """What unfolding needs of a definition (:class:`~.definitions.Definition` is one)."""

    @property
    def form(self) -> Form: ...

    @property
    def signature(self) -> str: ...

    def unfold(self, args: Sequence[sympy.Expr]) -> Any | None: ...


class Definitions(Protocol):
    """What unfolding needs of a notation (:class:`~.definitions.Notation` is one): its definitions by name."""

    def lookup(self, name: str) -> Sequence[Unfolding]: ...


def expand(notation: Definitions, expr: Any) -> Any:
    """``expr`` with every applied notation of ``notation`` unfolded (see the module docstring)."""
    return _expand(notation, expr, 0)


def _unfold(notation: Definitions, expr: sympy.Basic, depth: int) -> Any | None:
    """The body an applied notation stands for, expanded; None if ``expr`` is not one."""
    found = applied_name(expr)
    if found is None:
        return None
    form, name = found
    definitions = [d for d in notation.lookup(name) if d.form == form]
    if not definitions:
        return None
    if depth > _MAX_DEPTH:
        raise NotationError(f"{name}: definitions nest more than {_MAX_DEPTH} deep; a definition refers to itself")
    args = tuple(_expand(notation, a, depth + 1) for a in applied_arguments(expr))
    for definition in definitions:
        body = definition.unfold(args)
        if body is not None:
            return _expand(notation, body, depth + 1)
    patterns = " or ".join(d.signature for d in definitions)
    raise NotationError(f"{expr} matches no definition ({patterns}): the parameters are not known to keep their "
                        "assumptions; declare the symbols in it (e.g. integer, real) or write a defined case")


def _written_out(arg: Any) -> Any:
    """A matrix expression of concrete size (diag(B(mθ_0), B(mθ_1))) as its explicit matrix."""
    if not isinstance(arg, MatrixExpr) or isinstance(arg, MatrixBase) or arg.atoms(sympy.MatrixSymbol):
        return arg
    if all(sympy.sympify(n).is_Integer for n in arg.shape):
        return ImmutableMatrix(arg.as_explicit())
    return arg


def _combine(expr: sympy.Basic, args: list[Any]) -> Any:
    """Rebuild ``expr`` from expanded ``args`` that include an explicit matrix."""
    if isinstance(expr, (sympy.Mul, sympy.MatMul, sympy.Add, sympy.MatAdd)):
        args = [_written_out(a) for a in args]
    if isinstance(expr, (sympy.Mul, sympy.MatMul)):
        return ImmutableMatrix(functools.reduce(operator.mul, args))
    if isinstance(expr, (sympy.Add, sympy.MatAdd)):
        return ImmutableMatrix(functools.reduce(operator.add, args))
    if isinstance(expr, sympy.Pow) and isinstance(args[1], (int, sympy.Integer)):
        return ImmutableMatrix(args[0] ** args[1])
    if isinstance(expr, sympy.Derivative):
        return sympy.Derivative(args[0], *args[1:])
    if isinstance(expr, (sympy.Transpose, sympy.transpose)):
        return ImmutableMatrix(args[0].T)
    if isinstance(expr, sympy.Determinant) and isinstance(args[0], MatrixBase):
        return args[0].det()
    if isinstance(expr, MatrixElement):
        return args[0][args[1], args[2]]
    if isinstance(expr, MatrixExpr):
        return expr.func(*args)
    raise NotationError(f"{expr}: a matrix notation is used where SymPy cannot hold a matrix "
                        f"({type(expr).__name__}); write the product as T_k PE(t) or use MatrixSymbols")


def _expand(notation: Definitions, expr: Any, depth: int) -> Any:
    if isinstance(expr, MatrixBase):
        return ImmutableMatrix(expr.shape[0], expr.shape[1], [_expand(notation, e, depth) for e in expr])
    if not isinstance(expr, sympy.Basic):
        return sympy.sympify(expr)
    if isinstance(expr, sympy.UnevaluatedExpr):
        return _expand(notation, expr.args[0], depth)
    unfolded = _unfold(notation, expr, depth)
    if unfolded is not None:
        return unfolded
    if not expr.args or isinstance(expr, (sympy.IndexedBase, sympy.Idx)):
        return expr
    args = [_expand(notation, a, depth) for a in expr.args]
    if any(isinstance(a, MatrixBase) for a in args) and not isinstance(expr, sympy.Tuple):
        return _combine(expr, args)
    if isinstance(expr, MatrixElement) and isinstance(args[0], MatrixExpr):
        # x_p of a column the notation gave (R(mθ) takes the angle x_p = m θ_p of block p)
        entry = entry_at(args[0], args[1], args[2])
        if entry is not None:
            return entry
    return expr.func(*args)
