r"""A matrix-valued notation applied, as a matrix expression of its shape: ``R(m\theta)``, ``T_k``.

A notation whose body is a matrix of symbolic size (``T_k`` of any width d) must multiply, add and
transpose like the matrix it stands for: ``T_k PE(t)`` is a ``MatMul`` whose shapes SymPy checks,
and ``(R(m\theta) q)^\top`` a ``Transpose``. :class:`AppliedMatrix` is that application: its name, its
form (``"call"`` or ``"subscript"``), its arguments and the body's shape. It is only a name until
``Notation.expand`` unfolds it (a value notation is applied as a plain ``MatrixSymbol``).

>>> import sympy
>>> d = sympy.Symbol("d", even=True, positive=True)
>>> k = sympy.Symbol("k", real=True)
>>> T = AppliedMatrix("T", "subscript", (k,), (d, d))
>>> T.shape, T.form, T.arguments
((d, d), 'subscript', (k,))
>>> (T * sympy.MatrixSymbol("x", d, 1)).shape
(d, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy
from sympy.core.symbol import Str
from sympy.matrices.expressions import MatrixExpr

__all__ = ["AppliedMatrix"]


class AppliedMatrix(MatrixExpr):
    """``name(arguments)`` or ``name_{arguments}``: a matrix notation applied (see the module docstring)."""

    def __new__(cls, name: str | Str, form: str | Str, arguments: Sequence[Any], shape: Sequence[Any]) -> AppliedMatrix:
        form_text = str(form)
        if form_text not in ("call", "subscript"):
            raise ValueError(f"form={form_text!r}; an applied matrix notation is a 'call' or a 'subscript'")
        rows, cols = (sympy.sympify(s) for s in shape)
        args = sympy.Tuple(*(sympy.sympify(a) for a in arguments))
        return MatrixExpr.__new__(cls, Str(str(name)), Str(form_text), args, sympy.Tuple(rows, cols))

    @property
    def name(self) -> str:
        return str(self.args[0])

    @property
    def form(self) -> str:
        return str(self.args[1])

    @property
    def arguments(self) -> tuple[Any, ...]:
        return tuple(self.args[2])

    @property
    def shape(self) -> tuple[Any, Any]:
        rows, cols = self.args[3]
        return rows, cols

    def _entry(self, i: Any, j: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{self.name} is a notation; expand it (Notation.expand) before taking its entries")
