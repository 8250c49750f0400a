"""The text's earlier definitions of a name, as a new statement about it meets them: the one in force in another form
(``PE_{(pos,2i)} = …`` after ``PE(pos, i) = \\begin{cases}…``), one the text goes back to (the plain RoPE score after a
section that changed it), one a subscript would capture (``M_i = …`` after ``M_k = [[\\cos ω_i k, …]]``).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..notation.read import Term, Unreadable, from_latex
from .again import same_formula, shown_different
from .name_forms import NameForm
from .scope import DocumentScope

__all__ = ["TextDefinition", "as_before", "captured", "in_force", "read_part", "with_later_definitions"]


@dataclass(frozen=True)
class TextDefinition:
    """A name the text defines: where, with which parameters (their LaTeX), and its formula as read."""

    name: str
    shown: str
    line: int
    pattern: tuple[str, ...]
    params: tuple[sympy.Expr, ...]
    body: Term | None
    variables: tuple[sympy.Expr, ...] = ()  # what the body is written in, by position (pos, i of PE(pos, i))
    earlier: tuple[TextDefinition, ...] = ()  # the definitions of this form it replaced, oldest first


def read_part(latex: str, scope: DocumentScope) -> sympy.Expr | None:
    try:
        value = from_latex(latex, scope)
    except (Unreadable, ValueError, TypeError, ArithmeticError):
        return None
    return value if isinstance(value, sympy.Expr) else None


def in_force(known: dict[tuple[str, ...], TextDefinition], values: tuple[sympy.Expr, ...]) -> TextDefinition | None:
    """The latest definition (``known`` keeps the order they were made in) of the name in another form that can be
    compared at ``values``: written in as many
    distinct names as ``values`` holds entries (``PE(pos, i)`` at ``(pos, 2i)``)."""
    comparable = [d for d in known.values() if d.body is not None and values and len(d.variables) == len(values)
                  and all(isinstance(v, sympy.Symbol) for v in d.variables) and len(set(d.variables)) == len(values)]
    return comparable[-1] if comparable else None


def as_before(latest: TextDefinition, rhs: Term, params: tuple[sympy.Expr, ...],
               scope: DocumentScope) -> TextDefinition | None:
    """The latest of the definitions ``latest`` replaced that ``rhs`` is not shown different from: a text that goes back
    to a form it had (the plain RoPE score after a section on interpolation); None when there is none."""
    for earlier in reversed(latest.earlier):
        if earlier.body is None or len(earlier.params) != len(params):
            continue
        body = with_later_definitions(earlier.body, scope)
        if not shown_different(body, rhs, dict(zip(earlier.params, params, strict=True))):
            return earlier
    return None


def captured(form: NameForm, scope: DocumentScope, known: dict[tuple[str, ...], TextDefinition],
             rhs: Term | None) -> TextDefinition | None:
    """The text's definition that ``form`` would be an instance of only by capturing a name (``M_i = …`` after
    ``M_k = [[\\cos ω_i k, …]]``: not M_k at k = i, which would read ω_i's i as the position, but M given a new
    meaning), now forgotten so that ``form`` defines the name afresh; None when there is none."""
    if form.subscript is None or form.arguments is not None or not known:
        return None
    args = tuple(read_part(part, scope) for part in form.subscript)
    if any(a is None for a in args):
        return None
    pattern = scope.ctx.captured(form.name, args)
    if pattern is None:
        return None
    earlier = next((d for d in known.values() if d.variables == pattern.args), None)
    if earlier is None:
        return None
    if rhs is not None and same_formula(pattern.body, rhs, dict(zip(pattern.args, args, strict=True))):
        return None  # M_i = [[cos ω_i i, …]]: M_k at k = i as written, an instance after all (a claim, checked)
    scope.ctx.forget(form.name, pattern.args)
    known.pop(earlier.pattern, None)
    return earlier


def with_later_definitions(term: Term, scope: DocumentScope) -> Term:
    """``term`` (a definition read before) with the names the text has defined since put in (``PE_{(pos,i)} =
    \\sin(pos \\cdot \\omega_i)`` read before the next row defines ω_i): what its writer meant by it, compared with a
    later definition of the same name."""
    ctx = scope.ctx

    def defined(entry: sympy.Basic) -> sympy.Basic:
        try:
            return ctx.apply(str(entry.base), tuple(entry.indices))
        except (ValueError, KeyError, TypeError):
            return entry

    def put_in(expr: sympy.Basic) -> sympy.Basic:
        return expr.replace(lambda e: isinstance(e, sympy.Indexed) and ctx.is_indexed(str(e.base)), defined)

    return term.applyfunc(put_in) if isinstance(term, sympy.MatrixBase) else put_in(term)
