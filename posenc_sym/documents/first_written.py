r"""Declared names first written as a column on the left of ``=``, given by formulas in other names: the text
introduces them there (coordinates), it does not claim the relation for every value the declaration allows.

``assume x, y, r, A real`` (the declaration says what kind of thing each name is) and then, the first time x and y
appear in a formula, ``\begin{bmatrix} x \\ y \end{bmatrix} = \begin{bmatrix} r\cos A \\ r\sin A \end{bmatrix}``:
the writer introduces polar coordinates, and refuting the row at x = 0, r = 1, A = 0 would answer a question nobody
asked. Such a row binds the names to the formula, as "Let $d = 768$" binds d (:meth:`.context.Context.bind`):
it is a definition, and later rows read x as r cos A (x^2 + y^2 = r^2 is then proven). Names already written
(after ``x^2 + y^2 = r^2``), a formula in the names themselves or in no other name, a row after an arrow of
implication, and one name alone are not bound. One declared name nothing gives a value, set to (or bounded by) a
formula in other names, ``x = r\cos A``, ``d_{model} = h \times d_k``, ``L' > L``, is related to them there
(:func:`relates_a_free_name`): stated, not decided, since no value of it makes the row hold for every value of the
others, so no writer claims it so.
"""

from __future__ import annotations

from dataclasses import replace

import sympy

from .links import Link
from .scope import DocumentScope
from .screen import differs_somewhere
from .survey import survey

__all__ = ["as_the_text_means", "bind_at_first", "bounds_a_free_name", "related_at_first", "relates_a_free_name"]


def related_at_first(lhs: sympy.Basic, rhs: sympy.Basic, scope: DocumentScope, before: str = "") -> tuple[str, ...]:
    """The names ``lhs`` writes (one symbol, or a column of them) if the row relates them at their first use, as
    the module says; else ``()``. ``before``: the display's text before the row, where they must not be written
    either.

    >>> from posenc_sym.documents.context import Context
    >>> from posenc_sym.documents.scope_of_a_document import document_scope
    >>> ctx = Context(); x, y, r, a = (ctx.declare(n, {"real": True}) for n in ("x", "y", "r", "A"))
    >>> scope = document_scope(ctx, [])
    >>> point, polar = sympy.Matrix([x, y]), sympy.Matrix([r * sympy.cos(a), r * sympy.sin(a)])
    >>> related_at_first(point, polar, scope), related_at_first(point, point + polar, scope)
    (('x', 'y'), ())
    >>> related_at_first(x, r * sympy.cos(a), scope), related_at_first(point, polar, scope, "x^2 = 1 \\\\")
    ((), ())
    >>> scope.seen.add("x"); related_at_first(point, polar, scope)
    ()
    """
    if not isinstance(lhs, sympy.MatrixBase) or lhs.shape[1] != 1 or lhs.shape[0] < 2:
        return ()  # one name, x = r cos A, stays a claim: \bar{z} = z of a declared \bar{z} is one (it is false)
    entries = list(lhs)
    if not all(isinstance(e, sympy.Symbol) for e in entries) or not isinstance(rhs, (sympy.Basic, sympy.MatrixBase)):
        return ()
    names = tuple(e.name for e in entries)
    ctx = scope.ctx
    written = survey([before]).standalone if before.strip() else set()
    first = all(ctx.symbols.get(n) is e and n not in scope.seen and n not in written and n not in scope.text_defined
                and n not in ctx.bound for n, e in zip(names, entries, strict=True))
    others = rhs.free_symbols - set(entries)
    if not first or not others or rhs.free_symbols & set(entries):
        return ()
    return names


def bind_at_first(link: Link, names: tuple[str, ...], scope: DocumentScope) -> Link:
    """Bind ``names`` (:func:`related_at_first` of the link's sides) to the entries of its right side; the link,
    made the definition it is."""
    entries = list(link.rhs) if isinstance(link.rhs, sympy.MatrixBase) else [link.rhs]
    for name, value in zip(names, entries, strict=True):
        scope.ctx.bind(name, value)
    shown = ", ".join(names)
    return replace(link, role="definition", note=f"binds the declared {shown} to the formula here, where the text "
                                                 f"first writes {'them' if len(names) > 1 else shown}")


#: Relations a row may set between a free name and others (an equation, a bound): a supposition, never a claim.
_RELATIONS = frozenset({"==", "<", "<=", ">", ">="})


def relates_a_free_name(lhs: sympy.Basic, rhs: sympy.Basic, relation: str, scope: DocumentScope) -> str:
    """The name if ``lhs`` is a declared name nothing gives a value and ``rhs`` a formula in other names, none of them
    it: ``d_{model} = h \\times d_k`` ("Note $$d_{model} = h \\times d_k$$"), ``L' > L`` ("with $$L' > L$$ we have").
    Such a relation holds for no free name whatever the others are (d_model = 7 breaks it), so no writer claims it
    for every value: the text sets or supposes it. Else "". (A formula in the name itself, ``x \\le |x|``, or in
    numbers alone, ``d > 0`` or ``d = 768``, :mod:`.text_definitions`' case, is no such relation.)

    >>> from posenc_sym.documents.context import Context
    >>> from posenc_sym.documents.scope_of_a_document import document_scope
    >>> ctx = Context(); d, h, k = (ctx.declare(n, {"integer": True, "positive": True}) for n in ("d", "h", "k"))
    >>> scope = document_scope(ctx, [])
    >>> relates_a_free_name(d, h * k, "==", scope), relates_a_free_name(h, k, ">", scope)
    ('d', 'h')
    >>> relates_a_free_name(d, sympy.Integer(0), ">", scope), relates_a_free_name(d, d + h, "<", scope)
    ('', '')
    >>> relates_a_free_name(sympy.sqrt(1 / d), h + 1, "==", scope), relates_a_free_name(d / d, h, "==", scope)
    ('d', '')
    >>> relates_a_free_name(sympy.sin(d)**2 + sympy.cos(d)**2, h / h, "==", scope)
    ''
    >>> relates_a_free_name(sympy.sin(d)**2 + sympy.cos(d)**2, h, "==", scope)
    ''
    """
    if relation not in _RELATIONS or not isinstance(lhs, sympy.Expr) or not isinstance(rhs, sympy.Expr):
        return ""
    free = _the_free_name(lhs, relation, scope)
    others = rhs.free_symbols
    return free.name if free is not None and others and free not in others else ""


def _the_free_name(side: sympy.Expr, relation: str, scope: DocumentScope) -> sympy.Symbol | None:
    """The declared name nothing gives a value that ``side`` is, or, in an equation, the one name ``side`` is a
    formula in and varies with (``\\sqrt{1/t}``: set to a value as t is); else None."""
    names = side.free_symbols
    if len(names) != 1:
        return None
    (name,) = names
    ctx = scope.ctx
    if not isinstance(name, sympy.Symbol):
        return None
    label = str(name)  # a symbol's name
    if ctx.symbols.get(label) is not name or label in ctx.bound or label in scope.text_defined:
        return None
    if side is name:
        return name
    varies = relation == "==" and differs_somewhere(sympy.diff(side, name))  # sin²t + cos²t varies with no t
    return name if varies else None


def bounds_a_free_name(lhs: sympy.Basic, rhs: sympy.Basic, relation: str, scope: DocumentScope) -> bool:
    """True if the row bounds a declared name nothing gives a value by a number (``s < 1`` of a declared ``s > 0``):
    decided (what the declaration implies is proven), but where it is not implied, the text supposes it ("a
    constant $$s < 1$$"): never refuted, and later rows are not refuted where it fails (:mod:`.suppositions`).

    >>> from posenc_sym.documents.context import Context
    >>> from posenc_sym.documents.scope_of_a_document import document_scope
    >>> ctx = Context(); s = ctx.declare("s", {"positive": True}); scope = document_scope(ctx, [])
    >>> bounds_a_free_name(s, sympy.Integer(1), "<", scope), bounds_a_free_name(s, sympy.Integer(1), "==", scope)
    (True, False)
    """
    if relation not in _RELATIONS - {"=="} or not isinstance(lhs, sympy.Symbol) or not isinstance(rhs, sympy.Expr):
        return False
    name, ctx = lhs.name, scope.ctx
    return ctx.symbols.get(name) is lhs and name not in ctx.bound and name not in scope.text_defined and \
        rhs.is_number is True


def as_the_text_means(link: Link, scope: DocumentScope, before: str, *, implied: bool) -> Link:
    """The first link of a statement as the text means it: declared coordinates introduced (bound), a free declared
    name related to others (a condition the text supposes), or bounded by a number (a claim, supposed from here on);
    else ``link`` as it is. ``before``: the display's text before it; ``implied``: the display joins statements by
    an arrow of implication (nothing is bound then)."""
    lhs, rhs, relation = link.lhs, link.rhs, link.relation
    related = related_at_first(lhs, rhs, scope, before) if relation == "==" and not implied else ()
    if related:
        return bind_at_first(link, related, scope)
    if free := relates_a_free_name(lhs, rhs, relation, scope):
        return replace(link, role="condition", supposed=True, note=(
            f"relates the declared {free} to other names (a setting or a supposition: no value of {free} makes it "
            f"hold for every value of the others): stated, not decided; later rows keep {free} as declared and are "
            "not refuted where it fails"))
    if scope.in_prose and bounds_a_free_name(lhs, rhs, relation, scope):
        return replace(link, supposed=True)  # "a constant $$s<1$$": decided, and supposed from here on
    return link
