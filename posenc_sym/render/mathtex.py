r"""SymPy objects as LaTeX math: thin wrappers over the notation layer's printer.

The printing itself (names, ``\ln``, term order, matrices, the hostile-name safety: a user's raw
name never reaches the output) lives in :mod:`posenc_sym.notation.write`; these names stay for the
renderers that call them, and set the parentheses as a typesetter would (:func:`.typeset.tidy_parens`:
``\sin(x)``, not "sin (x)").

>>> import sympy
>>> math_latex(sympy.Symbol("omega_i", positive=True) * sympy.Symbol("t"))
'\\omega_{i} t'
>>> math_latex(sympy.Symbol(r"\input{x}%"))
'\\text{\\textbackslash{}input\\{x\\}\\%}'
>>> relation_latex("<=")
'\\le'
"""

from __future__ import annotations

import re
from typing import Any

from ..notation import Notation, definition_latex, number_latex, to_latex
from ..notation import relation_latex as _relation_latex
from ..proof.claim import Claim
from .typeset import tidy_parens

__all__ = [
    "claim_chain_latex", "claim_definitions_latex", "claim_sides_latex", "decimal_latex", "math_latex",
    "mathjax_text", "relation_latex",
]


def math_latex(expr: Any, notation: Notation | None = None, *, written: bool = False) -> str:
    """LaTeX (math mode) for a SymPy expression, matrix or relation (see :func:`~posenc_sym.notation.to_latex`).

    ``written=True`` for a form its author wrote (shown as is, no shorthands)."""
    return tidy_parens(to_latex(expr, notation, shorthands=not written))


def claim_sides_latex(claim: Claim) -> tuple[str, str]:
    """The two sides of ``claim`` as displayed: as the author wrote them when there is a written form.

    >>> import sympy
    >>> x = sympy.Symbol("x", real=True)
    >>> claim_sides_latex(Claim("demo.written", "t", written=(sympy.Add(x, 1, evaluate=False), 1 + x)))
    ('x + 1', 'x + 1')
    """
    left, right = claim.display_sides
    written = claim.written is not None
    return (math_latex(left, claim.notation, written=written), math_latex(right, claim.notation, written=written))


def claim_chain_latex(claim: Claim) -> list[str]:
    """The end of each link of ``claim``'s chain as displayed (a step's written form when it has one)."""
    ends = [(step.display, step.written is not None) for step in claim.steps]
    if len(claim.links) > len(claim.steps):
        ends.append((claim.display_sides[1], claim.written is not None))
    return [math_latex(end, claim.notation, written=written) for end, written in ends]


def claim_definitions_latex(claim: Claim) -> list[str]:
    """The definitions the displayed claim uses (``\\omega_{i} = b^{- \\frac{2 i}{d}}``), in order of use."""
    if claim.notation is None:
        return []
    shown = [*claim.display_sides, *(s.display for s in claim.steps)]
    return [tidy_parens(definition_latex(d, claim.notation)) for d in claim.notation.used_by(*shown)]


def relation_latex(relation: str) -> str:
    """The LaTeX for a claim's relation (``"=="`` is ``=``)."""
    return _relation_latex(relation)


def decimal_latex(value: str, digits: int = 6) -> str:
    r"""A decimal string from mpmath as math, rounded to ``digits`` significant digits.

    >>> decimal_latex("-1.5e-40"), decimal_latex("0.84147098480789650665250232163029899962256306079837")
    ('-1.5 \\times 10^{-40}', '0.841471')
    >>> decimal_latex("nan?")
    '\\text{nan?}'
    """
    return number_latex(value, digits)


_MATHJAX_SPECIAL = re.compile(r"([\\{}$%&#])")
_MATHJAX_MATH = {"\\": r"\backslash", "{": r"\{", "}": r"\}", "$": r"\$", "%": r"\%", "&": r"\&", "#": r"\#"}


def mathjax_text(text: str) -> str:
    r"""Words inside MathJax math: ``\text{...}`` runs, with the characters MathJax's ``\text``
    cannot hold (backslash, braces, ``$``, ``%``, ``&``, ``#``) as math symbols between them.

    >>> mathjax_text("a {b} 5%")
    '\\text{a }\\{\\text{b}\\}\\text{ 5}\\%'
    """
    out = []
    for part in _MATHJAX_SPECIAL.split(" ".join(text.split())):
        if not part:
            continue
        out.append(_MATHJAX_MATH.get(part, rf"\text{{{part}}}"))
    return "".join(out)
