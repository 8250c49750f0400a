"""Where a side may be undefined: a denominator, a pole or a log argument that may vanish.

"proven" means for every value the assumptions allow. SymPy's ``cancel`` removes a removable
singularity: Σ_{j=0}^{2} m^j = (m³ − 1)/(m − 1) reduces to 0 although the right side is
undefined at m = 1, and tan(x)·cos(x) = sin(x) although tan has a pole at π/2. Before a claim
is proven, every such expression must be provably nonzero under the assumptions and the
conditions (built in as by :func:`.conditions.shift_conditions`: b > 1 makes b − 1 = β > 0).
The bodies of sums, products and derivatives are not inspected (their dummies carry no
range here); that is a known gap.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import sympy

from .conditions import shift_conditions

__all__ = ["possible_singularities"]

_ON_COS = (sympy.tan, sympy.sec)
_ON_SIN = (sympy.cot, sympy.csc)


def _walk(expr: sympy.Basic) -> Iterator[sympy.Basic]:
    yield expr
    if isinstance(expr, (sympy.Sum, sympy.Product, sympy.Derivative, sympy.Integral)):
        return
    for arg in expr.args:
        yield from _walk(arg)


def _must_not_vanish(expr: sympy.Basic) -> Iterator[sympy.Expr]:
    for node in _walk(expr):
        if isinstance(node, sympy.Pow) and node.exp.is_nonnegative is not True:
            yield node.base
        elif isinstance(node, _ON_COS):
            yield sympy.cos(node.args[0])
        elif isinstance(node, _ON_SIN):
            yield sympy.sin(node.args[0])
        elif isinstance(node, sympy.log):
            yield node.args[0]


def _nonzero(value: sympy.Expr, shifted: dict[sympy.Symbol, sympy.Expr]) -> bool:
    if value.is_nonzero or (value.is_number and value.is_zero is False):
        return True
    built = sympy.factor_terms(value.xreplace(shifted)) if shifted else value
    return bool(built.is_nonzero or built.is_positive or built.is_negative)


def possible_singularities(sides: Sequence[sympy.Basic], conditions: Sequence[sympy.Basic]) -> list[str]:
    """Each expression a side divides by (or takes a pole or log of) not known to be nonzero.

    >>> m = sympy.Symbol("m", real=True)
    >>> possible_singularities([(m**3 - 1) / (m - 1)], [])
    ['m - 1 may be 0 where the assumptions allow it (the side is then undefined); add the condition m - 1 ≠ 0']
    >>> b = sympy.Symbol("b", positive=True)
    >>> possible_singularities([1 / (b - 1)], [b > 1])
    []
    """
    shifted = shift_conditions(conditions)
    out: list[str] = []
    for side in sides:
        if not isinstance(side, sympy.Basic):
            continue
        for value in _must_not_vanish(side):
            if not value.free_symbols or _nonzero(value, shifted):
                continue
            text = (f"{value} may be 0 where the assumptions allow it (the side is then undefined); "
                    f"add the condition {value} ≠ 0")
            if text not in out:
                out.append(text)
    return out
