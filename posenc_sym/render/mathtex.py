r"""SymPy objects as LaTeX math: thin wrappers over the notation layer's printer.

The printing itself (names, ``\ln``, term order, matrices, the hostile-name safety: a user's raw
name never reaches the output) lives in :mod:`posenc_sym.notation.write`; these names stay for the
renderers that call them.

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

from ..notation import Notation, number_latex, to_latex
from ..notation import relation_latex as _relation_latex

__all__ = ["decimal_latex", "math_latex", "mathjax_text", "relation_latex"]


def math_latex(expr: Any, notation: Notation | None = None) -> str:
    """LaTeX (math mode) for a SymPy expression, matrix or relation (see :func:`~posenc_sym.notation.to_latex`)."""
    return to_latex(expr, notation)


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
