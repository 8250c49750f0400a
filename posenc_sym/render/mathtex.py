"""SymPy objects as LaTeX math, with user-chosen names made harmless.

``sympy.latex`` copies a symbol's name into the output as it is, so ``Symbol("x%")`` would
comment out the rest of a line and ``Symbol(r"\\input{f}")`` would run a command. Names that are
plain identifiers (``t``, ``omega_i``, ``x_1``) print as SymPy prints them (``\\omega_{i}``);
any other name prints as escaped text.

>>> import sympy
>>> math_latex(sympy.Symbol("omega_i", positive=True) * sympy.Symbol("t"))
'\\\\omega_{i} t'
>>> math_latex(sympy.Symbol(r"\\input{x}%"))
'\\\\text{\\\\textbackslash{}input\\\\{x\\\\}\\\\%}'
>>> relation_latex("<=")
'\\\\le'
"""

from __future__ import annotations

import re
from typing import Any

import sympy
from sympy.printing.latex import LatexPrinter

from .escape import escape_latex

__all__ = ["decimal_latex", "math_latex", "mathjax_text", "relation_latex"]

_SAFE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*([_^][A-Za-z0-9]+)*$")

_RELATIONS = {"==": "=", "<": "<", "<=": r"\le", ">": ">", ">=": r"\ge"}


class _SafePrinter(LatexPrinter):
    """SymPy's LaTeX printer, except that unusual symbol and function names are escaped text."""

    def _print_Symbol(self, expr: sympy.Symbol, style: str = "plain") -> str:
        if _SAFE_NAME.match(expr.name):
            return str(super()._print_Symbol(expr, style=style))
        return rf"\text{{{escape_latex(expr.name)}}}"

    def _hprint_Function(self, func: str) -> str:
        if _SAFE_NAME.match(func):
            return str(super()._hprint_Function(func))
        # SymPy %-formats the function's LaTeX with its arguments: no bare % may reach it.
        name = escape_latex(func).replace("\\%", "\\char37{}")
        return rf"\operatorname{{\text{{{name}}}}}"

    def _print_MatrixBase(self, expr: Any) -> str:
        rows, cols = expr.shape
        if rows <= MAX_ROWS and cols <= MAX_COLS:
            return str(super()._print_MatrixBase(expr))
        return _elided_matrix(self, expr)

    def _print_MatrixSymbol(self, expr: Any, style: str = "plain") -> str:
        if _SAFE_NAME.match(expr.name):
            return str(super()._print_MatrixSymbol(expr, style=style))
        return rf"\text{{{escape_latex(expr.name)}}}"


#: Larger matrices print their corner entries with dots and their shape (a 256-row vector of
#: frequencies would fill five pages): shown entries are the object's own, nothing is invented.
MAX_ROWS, MAX_COLS, HEAD, TAIL = 12, 10, 4, 2


def _kept(n: int, limit: int) -> list[int | None]:
    """Indices to show (None for the dots): all if n <= limit, else the first HEAD and last TAIL."""
    if n <= limit:
        return list(range(n))
    return [*range(HEAD), None, *range(n - TAIL, n)]


def _elided_matrix(printer: LatexPrinter, expr: Any) -> str:
    rows, cols = expr.shape
    lines = []
    for r in _kept(rows, MAX_ROWS):
        cells = []
        for c in _kept(cols, MAX_COLS):
            if r is None:
                cells.append(r"\ddots" if c is None else r"\vdots")
            else:
                cells.append(r"\cdots" if c is None else printer._print(expr[r, c]))
        lines.append(" & ".join(cells))
    body = r" \\ ".join(lines)
    return rf"\left[\begin{{matrix}}{body}\end{{matrix}}\right]_{{{rows} \times {cols}}}"


def math_latex(expr: Any) -> str:
    """LaTeX (math mode) for a SymPy expression, matrix or relation."""
    return str(_SafePrinter().doprint(sympy.sympify(expr)))


def relation_latex(relation: str) -> str:
    """The LaTeX for a claim's relation (``"=="`` is ``=``)."""
    return _RELATIONS[relation]


_NUMBER = re.compile(r"^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")


def decimal_latex(value: str, digits: int = 20) -> str:
    """A decimal string from mpmath as math, cut to ``digits`` significant digits (marked ``\\ldots``).

    >>> decimal_latex("-1.5e-40")
    '-1.5 \\\\times 10^{-40}'
    >>> decimal_latex("0.84147098480789650665250232163029899962256306079837")
    '0.84147098480789650665\\\\ldots'
    >>> decimal_latex("nan?")
    '\\\\text{nan?}'
    """
    match = _NUMBER.match(value.strip())
    if not match:
        return rf"\text{{{escape_latex(value)}}}"
    sign, whole, frac, exponent = match.groups()
    frac = frac or ""
    significant = len(whole.lstrip("0")) or 0
    keep = max(digits - significant, 0) if significant else digits + (len(frac) - len(frac.lstrip("0")))
    cut = frac[:keep]
    dot = "." if cut or len(frac) > keep else ""
    text = f"{sign}{whole}{dot}{cut}" + (r"\ldots" if len(frac) > keep else "")
    if exponent is not None and int(exponent) != 0:
        text += rf" \times 10^{{{int(exponent)}}}"
    return text


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
