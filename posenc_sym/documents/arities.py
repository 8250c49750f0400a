r"""A function the text uses with another number of arguments than it defined it with.

Notes define ``f(\mathbf{q}, m)`` and later write ``f(\mathbf{q}, m, i)`` for the multi-dimensional
generalisation, or use ``g(q, k, m - n)`` and later ``g(q, k, m - n, i - j)``. The reader takes such a
call for another function of the same name: never evaluated by the other arity's definition (its
body has no place for the extra argument), an undefined function applied where the text does not
define it, and the text's own function where it does (``f(q, m, i) = …`` defines f of three
arguments beside f of two). The report says so once per function and arity, with the line of the
definition it is not.

A function declared with ``let`` in a posenc block is the author's: another arity stays refused.
In the :class:`~.context.Context`, a definition of another arity is kept under :func:`arity_key`.

>>> arity_key("f", 3)
'f#3'
"""

from __future__ import annotations

from typing import Any, Protocol

import sympy

from ..notation.read import Term
from ..notation.write import to_latex
from .context import Context

__all__ = ["another_arity", "arity_key", "define_another_arity"]


class DocumentScope(Protocol):
    """What of the document's scope (:class:`~.scope.DocumentScope`) these readings use."""

    ctx: Context
    text_defined: dict[str, Any]

    def note(self, key: str, text: str, kind: str = "convention") -> None: ...


def arity_key(name: str, arity: int) -> str:
    """Where the context keeps the function ``name`` of ``arity`` arguments beside its first definition."""
    return f"{name}#{arity}"


def _arities(scope: DocumentScope, name: str) -> dict[int, int]:
    """The arities the text defines ``name`` with, each with the line of its definition."""
    found: dict[int, int] = {}
    for pattern, definition in scope.text_defined.get(name, {}).items():
        if pattern and all(part == "call" for part in pattern):  # f(q, m): parameters only, one "call" each
            found.setdefault(len(pattern), definition.line)
    return found


def another_arity(scope: DocumentScope, name: str, args: tuple[Term, ...]) -> Term | None:
    """``name(args)`` where the text defines ``name`` with other arities only: the definition of this
    arity (``f#3``), or an undefined function applied; None where this reading does not apply (the
    arity is defined, or ``name`` is not the text's own)."""
    ctx = scope.ctx
    if name not in scope.text_defined or name not in ctx.functions:
        return None  # declared with let (the author said how many), or not a function of the text
    if len(ctx.functions[name][0]) == len(args):
        return None
    key = arity_key(name, len(args))
    _say(scope, name, args)
    if key in ctx.functions:
        params, body = ctx.functions[key]
        return body.xreplace(dict(zip(params, args, strict=True)))
    return sympy.Function(name)(*args)


def _say(scope: DocumentScope, name: str, args: tuple[Term, ...]) -> None:
    """The convention, once per function and arity: which definitions this call is not."""
    arities = {n: line for n, line in _arities(scope, name).items() if n != len(args)}
    shown = f"{name}({', '.join(_latex(a) for a in args)})"
    others = " and ".join(f"{name} of {n} argument{'s' * (n != 1)} (line {line})"
                          for n, line in sorted(arities.items()))
    scope.note(f"arity:{name}:{len(args)}", f"read {shown} as another function than {others}: a function of "
               f"{len(args)} arguments of its own, never evaluated by that definition")


def _latex(term: Term) -> str:
    try:
        return str(to_latex(term))
    except Exception:  # the writer is another module's; a failure there must not hide the reading
        return sympy.sstr(term)


def define_another_arity(scope: DocumentScope, head: str, params: tuple[sympy.Expr, ...], rhs: Term) -> bool:
    """Keep the text's definition of ``head`` with another arity than its first one beside it (True),
    or leave the definition to the usual path (False: a first definition, or the same arity again)."""
    existing = scope.ctx.functions.get(head)
    if existing is None or len(existing[0]) == len(params):
        return False
    _say(scope, head, params)
    scope.ctx.functions[arity_key(head, len(params))] = (params, rhs)
    return True
