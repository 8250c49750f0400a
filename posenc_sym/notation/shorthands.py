"""Shorthands: a notation's name printed in place of its body (ω_i where b^{-2i/d} is meant).

Display only: the expression a shorthand stands in for is the same, and what the engine decides is
never rewritten. A definition's body matches where its parameters keep their assumptions
(``b^{-i/d}`` is not ω_{i/2} for an integer i), and a constant is never an instance.
"""

from __future__ import annotations

from typing import Any

import sympy

from .definitions import Definition, Notation

__all__ = ["with_shorthands"]


def _shorthand(expr: Any, definition: Definition) -> Any:
    """``expr`` with every instance of ``definition``'s body replaced by the notation applied."""
    params = definition.parameters
    if not params:
        body = definition.body
        return expr.xreplace({body: definition.apply()}) if body.free_symbols else expr
    wilds = {p: sympy.Wild(f"w_{p.name}") for p in params}
    pattern = definition.body.xreplace(wilds)

    def instance(node: Any) -> Any:
        found = node.match(pattern)
        if not found:
            return None
        values = {p: found.get(w, p) for p, w in wilds.items()}
        args = [pat.xreplace(values) for pat in definition.params]
        if definition.match(args) is None:  # the parameter would leave its domain: not this notation
            return None
        return definition.apply(*args)

    def is_instance(node: Any) -> bool:
        # A constant (2π) is never a shorthand's instance, even where the pattern could fit it.
        return (isinstance(node, sympy.Basic) and not node.is_Atom and bool(node.free_symbols)
                and instance(node) is not None)

    return expr.replace(is_instance, instance)


def with_shorthands(expr: Any, notation: Notation | None) -> Any:
    """``expr`` with the notation's shorthands in place of their bodies (for display only)."""
    if notation is None or not isinstance(expr, sympy.Basic):
        return expr
    for definition in notation.shorthand_definitions():
        expr = _shorthand(expr, definition)
    return expr
