r"""SymPy -> LaTeX in the reader's notation: the one printer every output uses.

What it writes, the reader (``from_latex``) reads back as the same expression, so the output is
regular: subscripts and exponents always braced, function arguments in ``\left( \right)``,
``\cdot`` where juxtaposition could read as a call, ``\ln`` for the natural logarithm, the
constants upright (``\mathrm{e}``, ``\mathrm{i}``) so that the symbols e and i stay letters,
matrices as ``bmatrix``. Terms keep the order the author wrote (``evaluate=False``,
``UnevaluatedExpr``); an evaluated sum prints in SymPy's usual order.

A user's raw name never reaches the output: names outside the names table print as escaped text.

>>> import sympy
>>> t, k = sympy.symbols("t k", real=True)
>>> to_latex(sympy.Add(t, k, evaluate=False)), to_latex(sympy.log(t)), to_latex(sympy.exp(sympy.I * t))
('t + k', '\\ln\\left(t\\right)', '\\mathrm{e}^{\\mathrm{i} t}')
>>> to_latex(sympy.Symbol("x", real=True) * (t + 1))
'x \\cdot \\left(t + 1\\right)'
>>> to_latex(sympy.sin(t) ** 2), to_latex(sympy.Symbol(r"\input{x}%"))
('\\sin^{2}\\left(t\\right)', '\\text{\\textbackslash{}input\\{x\\}\\%}')

With a :class:`~posenc_sym.notation.definitions.Notation`, shorthands print in place of their
bodies (ω_i where b^{-2i/d} is meant):

>>> from posenc_sym.notation.definitions import Definition, Notation
>>> i = sympy.Symbol("i", integer=True, nonnegative=True)
>>> b, d = sympy.symbols("b d", positive=True)
>>> n = Notation(symbols=(t, k, i, b, d), definitions=(Definition("omega", (i,), b ** (-2 * i / d)),),
...              shorthands=("omega",))
>>> to_latex(sympy.cos(b ** (-2 * i / d) * k), n), to_latex(b ** (-2 * (i + 1) / d), n)
('\\cos\\left(\\omega_{i} k\\right)', '\\omega_{i + 1}')
"""

from __future__ import annotations

import re
from typing import Any

import mpmath
import sympy
from sympy.core.function import AppliedUndef
from sympy.printing.latex import LatexPrinter

from .definitions import Definition, Notation
from .names import name_latex

__all__ = ["RELATIONS", "definition_latex", "escape_text", "number_latex", "relation_latex", "to_latex"]

#: A claim's relation and its LaTeX.
RELATIONS = {"==": "=", "<": "<", "<=": r"\le", ">": ">", ">=": r"\ge", "!=": r"\neq"}

#: Functions with a LaTeX operator of their own, written \sin\left(x\right).
_OPERATORS = {
    "sin": r"\sin", "cos": r"\cos", "tan": r"\tan", "cot": r"\cot", "sec": r"\sec", "csc": r"\csc",
    "sinh": r"\sinh", "cosh": r"\cosh", "tanh": r"\tanh", "coth": r"\coth",
    "asin": r"\arcsin", "acos": r"\arccos", "atan": r"\arctan", "log": r"\ln", "exp": r"\exp",
    "Max": r"\max", "Min": r"\min",
}

_TEXT_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "%": r"\%", "&": r"\&", "#": r"\#",
    "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
}


def escape_text(text: str) -> str:
    r"""Plain text made harmless inside ``\text{...}`` (no command, comment or group survives).

    >>> escape_text("50% of {x}")
    '50\\% of \\{x\\}'
    """
    return "".join(_TEXT_SPECIAL.get(ch, ch) for ch in " ".join(text.split()))


def _name_or_text(name: str) -> str:
    latex = name_latex(name)
    return latex if latex is not None else rf"\text{{{escape_text(name)}}}"


#: Large matrices print their corner entries with dots and their shape; shown entries are the object's own.
MAX_ROWS, MAX_COLS, HEAD, TAIL = 12, 10, 4, 2

_CALL_AFTER_NAME = re.compile(r"(?<=[A-Za-z0-9}])(?<!\\cdot)(?<!\\right\)) \\left\(")


class NotationPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the reader's notation (see the module docstring)."""

    def __init__(self, notation: Notation | None = None) -> None:
        super().__init__({"ln_notation": True, "mat_str": "bmatrix", "mat_delim": "", "imaginary_unit": "ri"})
        self.notation = notation

    def _print(self, expr: Any, **kwargs: Any) -> str:
        if expr is sympy.E:  # Exp1 prints itself as an italic e (its own _latex), the symbol e's look
            return r"\mathrm{e}"
        return str(super()._print(expr, **kwargs))

    # --- names -----------------------------------------------------------------------------
    def _print_Symbol(self, expr: sympy.Symbol, style: str = "plain") -> str:
        return _name_or_text(expr.name)

    def _print_MatrixSymbol(self, expr: Any, style: str = "plain") -> str:
        return _name_or_text(str(expr.name))

    def _print_IndexedBase(self, expr: Any) -> str:
        return _name_or_text(str(expr.label))

    def _print_Indexed(self, expr: Any) -> str:
        head = _name_or_text(str(expr.base.label))
        indices = ", ".join(self._print(i) for i in expr.indices)
        if len(expr.indices) > 1:
            indices = f"({indices})"
        if "_{" in head:  # a name that has a subscript of its own takes the index in parentheses
            return rf"{head}\left[{indices}\right]"
        return f"{head}_{{{indices}}}"

    def _print_ImaginaryUnit(self, expr: Any) -> str:
        return r"\mathrm{i}"

    # --- functions -------------------------------------------------------------------------
    def _print_Function(self, expr: Any, exp: str | None = None) -> str:
        name = expr.func.__name__
        if isinstance(expr, AppliedUndef):
            head = _name_or_text(name)
            if head.startswith(r"\text"):
                head = rf"\operatorname{{{head}}}"
        elif name in _OPERATORS:
            head = _OPERATORS[name]
        else:
            return str(super()._print_Function(expr, exp))
        args = ", ".join(self._print(a) for a in expr.args)
        power = f"^{{{exp}}}" if exp is not None else ""
        return rf"{head}{power}\left({args}\right)"

    def _print_exp(self, expr: Any, exp: str | None = None) -> str:
        power = rf"\mathrm{{e}}^{{{self._print(expr.args[0])}}}"
        return rf"\left({power}\right)^{{{exp}}}" if exp is not None else power

    def _print_ExpBase(self, expr: Any, exp: str | None = None) -> str:
        return self._print_exp(expr, exp)

    def _print_log(self, expr: Any, exp: str | None = None) -> str:
        return self._print_Function(expr, exp)

    def _print_Pow(self, expr: sympy.Pow) -> str:
        base, power = expr.args
        if base.is_Function and not (power.is_Integer and power > 0):
            # \sin^{-1} would read as arcsin: only positive integer powers go on the operator.
            return rf"\left({self._print(base)}\right)^{{{self._print(power)}}}"
        return str(super()._print_Pow(expr))

    def _print_Transpose(self, expr: Any) -> str:
        inner = expr.args[0]
        arg = self._print(inner)
        if not isinstance(inner, (sympy.MatrixSymbol, sympy.Symbol)):
            arg = rf"\left({arg}\right)"
        return rf"{arg}^{{\top}}"

    def _print_transpose(self, expr: Any, exp: str | None = None) -> str:
        return self._print_Transpose(expr)

    # --- order and products ----------------------------------------------------------------
    def _print_Add(self, expr: sympy.Add, order: str | None = None) -> str:
        written = expr.args != sympy.Add(*expr.args).args
        return str(super()._print_Add(expr, order="none" if written else order))

    def _print_Mul(self, expr: sympy.Mul) -> str:
        saved = self._settings["order"]
        if expr.args != sympy.Mul(*expr.args).args:
            self._settings["order"] = "none"  # written with evaluate=False: keep the author's order
        elif any(_is_coefficient_name(a) for a in expr.args):
            # A frequency before the variable it scales, as the field writes it: ω_i t, not t ω_i.
            factors = expr.as_ordered_factors()
            factors.sort(key=lambda f: 0 if f.is_Number else 1 if _is_coefficient_name(f) else 2)
            expr = sympy.Mul(*factors, evaluate=False)
            self._settings["order"] = "none"
        try:
            out = str(super()._print_Mul(expr))
        finally:
            self._settings["order"] = saved
        # ``x \left(y\right)`` could read as a call of x: make the product explicit.
        return _CALL_AFTER_NAME.sub(r" \\cdot \\left(", out)

    def _print_MatrixElement(self, expr: Any) -> str:
        parent = expr.parent
        if tuple(parent.shape) == (1, 1):  # the entry of a 1×1 product such as qᵀk is the product
            return self._print(parent)
        return str(super()._print_MatrixElement(expr))

    def _print_UnevaluatedExpr(self, expr: Any) -> str:
        return self._print(expr.args[0])

    # --- matrices --------------------------------------------------------------------------
    def _print_MatrixBase(self, expr: Any) -> str:
        rows, cols = expr.shape
        if rows <= MAX_ROWS and cols <= MAX_COLS:
            return str(super()._print_MatrixBase(expr))
        return _elided_matrix(self, expr)


def _is_coefficient_name(factor: Any) -> bool:
    """A subscripted scalar notation such as ω_i (or a power of one), which reads first in a product."""
    base = factor.base if isinstance(factor, sympy.Pow) else factor
    return isinstance(base, sympy.Indexed) and bool(base.is_commutative)


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
    return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}_{{{rows} \times {cols}}}"


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


def to_latex(expr: Any, notation: Notation | None = None) -> str:
    """LaTeX (math mode) for a SymPy expression, matrix or relation, in the notation's symbols."""
    if not isinstance(expr, sympy.Basic):
        expr = sympy.sympify(expr)
    return str(NotationPrinter(notation).doprint(with_shorthands(expr, notation)))


def definition_latex(definition: Definition, notation: Notation | None = None) -> str:
    r"""A definition as it is stated: ``\omega_{i} = b^{- \frac{2 i}{d}}`` (a computed one by its name).

    >>> import sympy
    >>> x = sympy.Symbol("x", real=True)
    >>> definition_latex(Definition("R", (x,), sympy.Matrix([[sympy.cos(x)], [sympy.sin(x)]]), form="call"))
    'R\\left(x\\right) = \\begin{bmatrix}\\cos\\left(x\\right)\\\\\\sin\\left(x\\right)\\end{bmatrix}'
    """
    head = definition.apply(*definition.params) if definition.params else definition.apply()
    if definition.is_computed:
        doc = (getattr(definition.body, "__doc__", "") or "").strip().splitlines()
        what = doc[0] if doc else definition.name
        return rf"{to_latex(head)} \text{{: {escape_text(what)}}}"
    # The body is printed without this definition as a shorthand, or it would print as itself.
    inner = None
    if notation is not None:
        inner = Notation(notation.symbols, notation.definitions, notation.conditions,
                         tuple(d.name for d in notation.shorthand_definitions() if d.name != definition.name))
    return f"{to_latex(head)} = {to_latex(definition.body, inner)}"


def relation_latex(relation: str) -> str:
    """The LaTeX for a claim's relation (``"=="`` is ``=``).

    >>> relation_latex("<=")
    '\\\\le'
    """
    return RELATIONS[relation]


_NUMBER = re.compile(r"^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")


def number_latex(value: str | float | int | sympy.Basic, digits: int = 6) -> str:
    r"""A number as math, rounded to at most ``digits`` significant digits (the exact value stays in JSON).

    >>> number_latex("0.84147098480789650665"), number_latex("-1.5e-400"), number_latex(123456789)
    ('0.841471', '-1.5 \\times 10^{-400}', '1.23457 \\times 10^{8}')
    >>> number_latex(sympy.Rational(1, 3)), number_latex("2"), number_latex("1.0"), number_latex("nan?")
    ('0.333333', '2', '1', '\\text{nan?}')
    """
    if isinstance(value, sympy.Basic):
        if not value.is_number or not value.is_real:
            return to_latex(value)
        value = str(sympy.N(value, digits + 5))
    text = str(value).strip()
    if not _NUMBER.match(text):
        return rf"\text{{{escape_text(text)}}}"
    with mpmath.workdps(digits + 10):
        shown = mpmath.nstr(mpmath.mpf(text), digits, min_fixed=-5, max_fixed=digits, strip_zeros=True)
    mantissa, _, exponent = shown.partition("e")
    if mantissa.endswith(".0"):
        mantissa = mantissa[:-2]
    if not exponent:
        return mantissa
    return rf"{mantissa} \times 10^{{{int(exponent)}}}"
