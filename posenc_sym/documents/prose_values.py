"""What the prose does to a name in passing, outside any definition: a formula given in passing ("the complex number
$z = a + bi$"), a value bound ("Let $d = 768$", of a name a convention reads), and the sentence that frees it again.
"""

from __future__ import annotations

import sympy

from ..notation.read import Term
from .again import same_formula
from .inline import Inline
from .name_forms import NameForm
from .scope import DocumentScope, passing_key

__all__ = ["bind_convention", "said_in_passing", "unbind_freed"]


def said_in_passing(form: NameForm, written: str, value: Term | None, scope: DocumentScope, line: int) -> None:
    """A name the prose gives a formula with no word that defines it ("the complex number $z = a + bi$", "将复数
    $z = x + yi$旋转", "coordinates $x_1 = \\cos t$", "the encoding $PE(t) = \\sin t$"): a display that gives it, as
    written, another formula is then a claim, not its definition; and where the text defined a plain name already,
    with a formula not shown to be this one, which one a later row means is not said: it is undefined from there
    on. A formula that is not read (``value`` None) is a formula all the same."""
    ctx = scope.ctx
    plain = form.subscript is None and form.arguments is None and not form.label
    defined = ctx.lookup(form.name) is not None if plain else ctx.is_indexed(form.name) or ctx.is_function(form.name)
    if not defined and form.name not in scope.text_defined:
        scope.said_in_prose[passing_key(written.partition("=")[0])] = value  # z, x_1, PE(t): as written
        return
    if not plain:
        return
    earlier = next(iter(scope.text_defined.get(form.name, {}).values()), None)
    if earlier is None or earlier.body is None or (value is not None and same_formula(earlier.body, value, {})):
        return
    shown = written.partition("=")[0].strip()
    why = f"the prose gives it another formula, {written}, than line {earlier.line}"
    fix = f"give the new value a name of its own ({shown}', \\tilde{{{shown}}}), or say 'let' to define it anew"
    scope.note(f"refused:{form.name}:{line}", scope.refuse(form.name, shown, why, fix), "definition")


def unbind_freed(item: Inline, scope: DocumentScope) -> None:
    """A name the text bound (``Let $d = 4$``) that a later sentence says is any number again ("We now return to a
    general even $d$", "$d$ is any even width again"): bound no more from that sentence on."""
    name = item.text.strip().lstrip("\\")
    if any(w.mode == "frees" and w.line == item.line for w in scope.roles.described.get(name, ())):
        scope.ctx.bound.pop(name, None)
        scope.release_bound_names(only=name)
        for symbol in [s for s in scope.bound_conventions if s.name == name]:
            del scope.bound_conventions[symbol]


def bind_convention(form: NameForm, value: Term, scope: DocumentScope, *, binds: bool) -> None:
    """``Let $d = 768$`` of a name a convention reads (the width d): the convention's symbol is at the value from here
    on, also in the definitions made before (``\\theta_i = 10000^{-2i/d}``, whose d is that symbol)."""
    plain = form.subscript is None and form.arguments is None and not form.label
    if not (binds and plain and scope.ctx.values.get(form.name) is value and getattr(value, "is_number", False)):
        return
    symbol = scope.rules.symbol(form.name)
    if isinstance(symbol, sympy.Symbol) and symbol.name == form.name:
        scope.bound_conventions[symbol] = value
