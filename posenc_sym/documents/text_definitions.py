r"""Definitions from the text: ``w_k = \frac{1}{10000^{2k/d}}`` introduces w_k, and every later row uses it.

A statement ``NAME = formula`` (``NAME`` also ``NAME_{…}``, ``NAME(args)``, ``NAME^{(i)}``: see
:mod:`.name_forms`) is a definition when

- ``NAME`` is not declared (a ``posenc`` block's names are the author's variables: ``k = 8`` about a
  declared k is a claim, decided);
- the formula does not mention ``NAME`` (``\lambda_1 = \lambda_2`` is a relation between two
  unknowns, ``x = x^2`` an equation);
- and, for a plain name the text has already used, the formula is not a number or a single name and
  the name is not one the reader's conventions read (``k = 8`` after ``\lambda = k^{2/d}`` sets a value
  for an example, or a case; ``m = n`` substitutes): that is a *condition*, stated, never decided,
  and it changes nothing for later rows.

A name defined again is a definition again: the same formula is said to be the same; a different
one is a finding at its line (the later rows use the new one, as the text does). A definition whose
formula cannot be read still introduces its name; rows that use it are not decided.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..notation.read import Term, Unreadable, from_latex
from .name_forms import NameForm
from .scope import DocumentScope, undefined_names

__all__ = ["Outcome", "TextDefinition", "define_from_text"]


@dataclass(frozen=True)
class TextDefinition:
    """A name the text defines: where, with which parameters (their LaTeX), and its formula as read."""

    name: str
    shown: str
    line: int
    pattern: tuple[str, ...]
    params: tuple[sympy.Expr, ...]
    body: Term | None


@dataclass(frozen=True)
class Outcome:
    """What a ``NAME = formula`` statement is: a ``definition`` or a ``condition``, said in ``note``;
    ``finding`` is a conflict with an earlier definition, at this statement's line."""

    role: str
    note: str
    finding: str = ""


def _mentions(rhs: Term | None, head: str) -> bool:
    if rhs is None:
        return False
    names = undefined_names(rhs) | {s.name for s in getattr(rhs, "free_symbols", ()) if isinstance(s, sympy.Symbol)}
    return head.partition("_")[0] in {n.partition("_")[0] for n in names} or head in names


def _is_value(rhs: Term | None) -> bool:
    return rhs is None or isinstance(rhs, sympy.Symbol) or bool(getattr(rhs, "is_number", False))


def define_from_text(form: NameForm, shown: str, rhs: Term | None, scope: DocumentScope, *,
                     inline: bool = False) -> Outcome | None:
    """Apply ``shown = rhs`` (``form`` its left side, ``rhs`` None when it could not be read) as a
    definition of the text if it is one (see the module docstring); None when it is a claim."""
    head = form.name
    ctx = scope.ctx
    if head in ctx.symbols or (head not in scope.text_defined and (
            head in ctx.values or head in ctx.indexed or head in ctx.functions)):
        return None
    if _mentions(rhs, form.head):
        return None
    plain = form.subscript is None and form.arguments is None and not form.label
    if plain and head in scope.seen and (_is_value(rhs) or scope.rules.applies(head)):
        if inline:
            return None
        written = "a value" if rhs is None else sympy.sstr(rhs)
        return Outcome("condition", f"sets {shown} = {written} here, a value chosen for an example or a case "
                                    f"({shown} is used before as a free name); later rows keep {shown} free")
    try:
        pattern, params, registered = _register(form, rhs, scope)
    except _NotADefinition:
        return None
    old = scope.text_defined.get(head)
    scope.text_defined[head] = TextDefinition(head, shown, scope.line, pattern, params, rhs)
    if registered is True:
        note = f"defines {shown}"
    elif rhs is None:
        note = f"defines {shown} (its formula cannot be read, so rows that use it are not decided)"
    else:
        note = f"defines {shown} (later rows cannot use it: {registered})"
    if old is None or old.pattern != pattern:
        return Outcome("definition", note)
    if old.body is None or rhs is None:
        return Outcome("definition", f"{note}, again (line {old.line} defines it too)")
    if _same(old.body, rhs, dict(zip(old.params, params, strict=True))):
        return Outcome("definition", f"defines {shown} again, as at line {old.line}")
    return Outcome("definition", f"{note}, again: differently from line {old.line}",
                   finding=f"{shown} is defined again, differently from line {old.line}; the rows after this "
                           "line use this definition")


class _NotADefinition(Exception):
    """The left side is a function at a point (``f(q, 0) = q``): a claim about f, not its definition."""


def _register(form: NameForm, rhs: Term | None, scope: DocumentScope) -> tuple[tuple[str, ...], tuple[sympy.Expr, ...],
                                                                          str | bool]:
    """Put the definition in the scope's context. Returns its pattern (what "the same definition
    again" compares), its parameters, and True when later rows can use it, else why not."""
    ctx, head = scope.ctx, form.name
    if form.arguments is not None:
        params = tuple(_read(a, scope) for a in form.arguments)
        if any(p is None or p.is_number or not isinstance(p, (sympy.Symbol, sympy.Indexed)) for p in params) or len(
                set(params)) != len(params):
            raise _NotADefinition
        symbols: tuple[sympy.Expr, ...] = params  # type: ignore[assignment]
        pattern = ("call",) * len(params)
        if rhs is None:
            return pattern, symbols, "its formula cannot be read"
        ctx.forget(head)
        try:
            ctx.define_function(head, symbols, rhs)  # type: ignore[arg-type]
        except ValueError as exc:
            return pattern, symbols, str(exc)
        return pattern, symbols, True
    if form.subscript is not None and not form.label:
        args = tuple(_read(part, scope) for part in form.subscript)
        pattern = tuple(form.subscript)
        if rhs is None or any(a is None for a in args):
            return pattern, (), "its formula cannot be read" if rhs is None else "its subscript cannot be read"
        ctx.forget(head, args)  # type: ignore[arg-type]
        try:
            ctx.define_indexed(head, args, rhs)  # type: ignore[arg-type]
        except ValueError as exc:
            return pattern, (), str(exc)
        return pattern, (), True
    pattern = (f"^({form.label})",) if form.label else ()
    if rhs is None or form.label:
        return pattern, (), "its formula cannot be read" if rhs is None else "a name with a label is not read again"
    ctx.forget(head)
    try:
        ctx.define_value(head, rhs)
    except ValueError as exc:
        return pattern, (), str(exc)
    return pattern, (), True


def _read(latex: str, scope: DocumentScope) -> sympy.Expr | None:
    try:
        value = from_latex(latex, scope)
    except (Unreadable, ValueError, TypeError, ArithmeticError):
        return None
    return value if isinstance(value, sympy.Expr) else None


def _same(old: Term, new: Term, renamed: dict[sympy.Expr, sympy.Expr]) -> bool:
    try:
        difference = sympy.simplify(old.xreplace(renamed) - new)
    except Exception:  # matrices of other shapes, SymPy failing: not shown to be the same
        return False
    return bool(difference == 0 or (isinstance(difference, sympy.MatrixBase) and difference.is_zero_matrix))
