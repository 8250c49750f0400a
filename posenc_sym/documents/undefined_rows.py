"""Rows about names the text does not define: what would show them 0 whatever the names are.

A derivative of such a name is not taken (it may depend on the variable); a difference is 0 for every meaning of
its names only by a strategy that holds for numbers of any domain (a name of no stated domain may be complex), or,
where a name may be a vector or a matrix, by expanding in the free algebra.

>>> theta = sympy.Symbol("theta")
>>> zero_whatever_they_are(sympy.cos(theta) ** 2 + sympy.sin(theta) ** 2 - 1) is not None
True
>>> zero_whatever_they_are(sympy.re(sympy.exp(sympy.I * theta)) - sympy.cos(theta)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.core.function import AppliedUndef

from ..notation.names import name_latex
from ..notation.read_moments import shown_moment
from ..notation.vocabulary import GREEK
from ..proof.strategies import prove_zero
from .links import Link
from .scope import undefined_names
from .screen import differs_somewhere

__all__ = ["as_written", "not_defined", "varying_in_derivative", "zero_whatever_they_are"]


def varying_in_derivative(link: Link) -> str | None:
    """Why a derivative of a name the text does not define is not taken: the name may depend on the variable
    (``\\frac{d}{dt} \\sin(\\omega t)`` with ω a function of t), so no value of the derivative holds whatever it is."""
    for side in (link.lhs, link.rhs):
        for derivative in getattr(side, "atoms", lambda *_: set())(sympy.Derivative):
            names = sorted(undefined_names(derivative.expr))
            if names:
                variables = ", ".join(str(v) for v in dict.fromkeys(derivative.variables))
                return (f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} not defined in the text (or "
                        f"declared) and may depend on {variables}, so the derivative in {variables} is not taken; "
                        f"declare or define {'it' if len(names) == 1 else 'them'} (assume {names[0]} real for a "
                        "constant)")
    return None


def zero_whatever_they_are(difference: sympy.Expr) -> str | None:
    """The method that shows ``difference`` is 0 for every meaning of its undefined names, or None.

    An undefined name is a number (commutative) only where the text uses it as one (:mod:`.scope`);
    with only numbers about, the engine's strategies apply. With a noncommutative name about (it may be
    a vector or a matrix), only expanding the products in the free algebra counts (transposes reverse
    them); a function of such a name is not reasoned about, as SymPy's rules for sin(A + B) assume that
    A and B commute."""
    if difference.is_commutative:
        if differs_somewhere(difference):
            return None  # not zero at some value of the names: no proof to look for (they can take minutes)
        # f(x_m) of a function the text does not define: a value of its own, whatever f is; where the difference is not
        # 0 with each such value free, no proof holds for every f either (and trigsimp would spend its seconds)
        applied = {a: sympy.Dummy(str(a.func)) for a in difference.atoms(AppliedUndef)}
        if differs_somewhere(difference.xreplace(applied), complex_free=True):
            return None  # a name of no stated domain may be complex: cos θ = Re e^{iθ} fails at a complex θ
        return prove_zero(sympy.expand(difference))
    functions = [f for f in difference.atoms(sympy.Function) if not isinstance(f, (sympy.transpose, sympy.adjoint,
                                                                                   sympy.conjugate))]
    if any(not a.is_commutative for f in functions for a in f.args):
        return None
    if sympy.expand(difference) == 0:
        return "expand, in the free algebra"
    # e^{imθ} beside cos mθ + i sin mθ: Euler's formula on the functions of numbers, which commute with everything
    euler = {e: e.rewrite(sympy.cos) for e in difference.atoms(sympy.exp)}
    return "Euler's formula and expand, in the free algebra" if euler and sympy.expand(
        difference.xreplace(euler)) == 0 else None


def as_written(name: str) -> str:
    """A name as the text writes it: the reader's vector of its own (``PEvec``, for a bold PE beside the text's
    PE_{pos,2i}) as ``\\vec{PE}``, never its internal spelling.

    >>> as_written("PEvec"), as_written("p"), as_written("vec"), as_written("theta"), as_written("L_min")
    ('\\\\vec{PE}', 'p', 'vec', '\\\\theta', 'L_min')
    """
    if (moment := shown_moment(name)) is not None:
        return moment
    if name.endswith("·)") and "(" in name:  # Attention(··): a function of a matrix at its second argument
        return name[:name.index("(")]
    if name.endswith("vec") and len(name) > 3:
        return f"\\vec{{{name[:-3]}}}"
    # a Greek letter as LaTeX (\\theta, \\omega_{k}); other names as the text spells them (L_min, vec)
    return (name_latex(name) or name) if name.partition("_")[0] in GREEK else name


def not_defined(undefined: Sequence[str]) -> str:
    """Why a row about names the text does not define (or moments, whose properties are not applied) is unknown."""
    moments = [shown for name in undefined if (shown := shown_moment(name)) is not None]
    names = list(dict.fromkeys(as_written(name) for name in undefined if shown_moment(name) is None))
    said = f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} not defined in the text (or declared)" \
        if names else ""
    if moments:
        operators = f"{', '.join(moments)} {'is an operator' if len(moments) == 1 else 'are operators'} of unknown " \
                    "properties (linearity and independence are not applied)"
        said = f"{operators}, and {said}" if said else operators
    return f"{said}: the row is not decided from values they do not have"
