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

import sympy
from sympy.core.function import AppliedUndef
from sympy.matrices import MatrixBase
from sympy.printing.latex import LatexPrinter
from sympy.printing.precedence import PRECEDENCE

from .applied import AppliedMatrix
from .blocks import BlockColumn, BlockDiagonal
from .definitions import Definition, Notation
from .escape import escape_text
from .matrices import MAX_COLS, MAX_ROWS, block_diagonal, elided_matrix, is_block_diagonal
from .names import name_latex
from .numbers import decimal_latex
from .shorthands import with_shorthands
from .vocabulary import FUNCTION_LATEX, RELATION_LATEX
from .written import divisor, is_written, negated

__all__ = ["definition_latex", "number_latex", "relation_latex", "renders_alike", "to_latex", "value_latex"]

def _name_or_text(name: str) -> str:
    latex = name_latex(name)
    unprimed = name.rstrip("'")
    base = name_latex(unprimed) if unprimed != name else None
    if latex is None and base is not None:
        # L' (a second length): the name with a math prime, not the word "L'" in text.
        return base + "'" * (len(name) - len(unprimed))
    return latex if latex is not None else rf"\text{{{escape_text(name)}}}"


# A name in words beside another factor (\text{seq len} \mathrm{factor}) typesets as one run of words: a \cdot
# keeps them apart, as the note writes factor * seq len.
_WORDS_BEFORE = re.compile(r"(\\text\{[^{}]*\}(?:\^\{[^{}]*\})?) (?=\\(?!cdot|times|right))")
_WORDS_AFTER = re.compile(r"\} (?=\\text\{)")


def _words_apart(product: str) -> str:
    r"""``product`` with a ``\cdot`` between a name in words and a factor beside it.

    >>> _words_apart(r"\mathrm{factor} \text{seq len} \text{original ctx}^{-1}")
    '\\mathrm{factor} \\cdot \\text{seq len} \\cdot \\text{original ctx}^{-1}'
    """
    if r"\text{" not in product:
        return product
    return _WORDS_AFTER.sub(r"} \\cdot ", _WORDS_BEFORE.sub(r"\1 \\cdot ", product))


_CALL_AFTER_NAME = re.compile(r"(?<=[A-Za-z0-9}])(?<!\\cdot)(?<!\\right\)) \\left\(")


class NotationPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the reader's notation (see the module docstring)."""

    def __init__(self, notation: Notation | None = None) -> None:
        # root_notation off: b^{\frac{1}{4}} beside b^{\frac{3}{4}}, never \sqrt[4]{b} (square roots stay √)
        super().__init__({"ln_notation": True, "mat_str": "bmatrix", "mat_delim": "", "imaginary_unit": "ri",
                          "root_notation": False})
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

    def _index(self, index: Any) -> str:
        """A subscript, with its fractions on one line (ω_{d/2 − 1}, not a tall \frac in a subscript)."""
        saved = self._settings["fold_short_frac"]
        self._settings["fold_short_frac"] = True
        try:
            return self._print(index)
        finally:
            self._settings["fold_short_frac"] = saved

    def _print_Identity(self, expr: Any) -> str:
        return "I"

    def _print_Indexed(self, expr: Any) -> str:
        head = _name_or_text(str(expr.base.label))
        indices = ", ".join(self._index(i) for i in expr.indices)
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
        elif name in FUNCTION_LATEX:  # \sin\left(x\right): a function with an operator of its own
            head = FUNCTION_LATEX[name]
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
        if power in (sympy.S.Half, -sympy.S.Half) and base.is_commutative:
            # √ for square roots only; other roots are powers (root_notation off): 8^{1/16} beside 8^{3/16}
            root = rf"\sqrt{{{self._print(base)}}}"
            return root if power > 0 else rf"\frac{{1}}{{{root}}}"
        if base.is_Function and not (power.is_Integer and power > 0):
            # \sin^{-1} would read as arcsin: only positive integer powers go on the operator.
            return rf"\left({self._print(base)}\right)^{{{self._print(power)}}}"
        if power.is_Integer and power < 0 and base.is_commutative and (
                base.is_Number or base.is_Pow or isinstance(base, sympy.Mul)
                or (isinstance(base, sympy.Add) and is_written(base))):
            # A written base (SymPy evaluates a power of a product, so such a power was written):
            # SymPy would print 1/base through the fraction of the *evaluated* base, its sign and
            # grouping lost ((-3/7 t)^{-2} as 1/(9/49 t^2)), and loops on some (a power of a power).
            shown = self._print(base)
            if power == -1:
                return rf"\frac{{1}}{{{shown}}}"
            if not (base.is_Integer and base > 0):
                shown = rf"\left({shown}\right)"
            return rf"\frac{{1}}{{{shown}^{{{self._print(-power)}}}}}"
        return str(super()._print_Pow(expr))

    def _print_Transpose(self, expr: Any) -> str:
        inner = expr.args[0]
        arg = self._print(inner)
        # A name, or a notation applied to its arguments (R(mθ), p(0)), is one atom: R(mθ)ᵀ.
        if not isinstance(inner, (sympy.MatrixSymbol, sympy.Symbol, sympy.Indexed, AppliedUndef, AppliedMatrix)):
            arg = rf"\left({arg}\right)"
        return rf"{arg}^{{\top}}"

    def _print_transpose(self, expr: Any, exp: str | None = None) -> str:
        return self._print_Transpose(expr)

    def _print_Determinant(self, expr: Any) -> str:
        # det B(x), det T_k as a textbook writes it; |A| is read as an absolute value beside scalars.
        inner = expr.args[0]
        arg = self._print(inner)
        if not isinstance(inner, (sympy.MatrixSymbol, AppliedMatrix)):
            arg = rf"\left({arg}\right)"
        return rf"\det {arg}"

    # --- order and products ----------------------------------------------------------------
    def _print_Add(self, expr: sympy.Add, order: str | None = None) -> str:
        # A MatAdd is never reordered by SymPy unless evaluated: its arguments are the author's order.
        if is_written(expr) or isinstance(expr, sympy.MatAdd):
            terms = list(expr.args)
        else:
            terms = self._as_ordered_terms(expr, order=order)
            if len(terms) == 2 and terms[0].could_extract_minus_sign() and not terms[1].could_extract_minus_sign():
                # SymPy prints n - m as -m + n; a reader writes the difference the other way round.
                terms.reverse()
        tex = ""
        for n, term in enumerate(terms):
            magnitude = negated(term) if n > 0 else None
            if magnitude is not None:
                tex += " - "
                term = magnitude
            elif n > 0:
                tex += " + "
            term_tex = self._print(term)
            if self._needs_add_brackets(term) or (n > 0 and term_tex.startswith("-")):
                # t - (-k) as written: a sign after a sign would not read back
                term_tex = rf"\left({term_tex}\right)"
            tex += term_tex
        return tex

    def _print_Mul(self, expr: sympy.Mul) -> str:
        if not isinstance(expr, sympy.Mul):  # SymPy prints x**-1 through _print_Mul as 1/x
            return str(super()._print_Mul(expr))
        saved = self._settings["order"]
        if is_written(expr):  # built with evaluate=False: the author's order and grouping
            over = [d for a in expr.args if (d := divisor(a)) is not None]
            if not over:
                return self._written_product(expr.args)
            num = [a for a in expr.args if divisor(a) is None and a != 1]
            top = self._written_product(tuple(num), bare=True) if num else "1"
            return rf"\frac{{{top}}}{{{self._written_product(tuple(over), bare=True)}}}"
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
        return _words_apart(_CALL_AFTER_NAME.sub(r" \\cdot \\left(", out))

    def _written_product(self, factors: tuple[Any, ...], bare: bool = False) -> str:
        """A product as written, factor by factor: ``\\cdot`` before a number or a parenthesis
        (2·π·1 is not 2π1, and x·(y) is not the call x(y)). ``bare``: alone in a \frac part."""
        out = ""
        if factors and factors[0] == -1 and len(factors) > 1:
            out, factors = "-", factors[1:]
        for n, factor in enumerate(factors):
            alone = bare and len(factors) == 1
            if factor.is_Number:  # bare first (-\frac{3}{7} t), in parentheses after a factor or when negative
                text = self._print(factor)
                if factor.is_negative or (n > 0 and not factor.is_Integer):
                    text = rf"\left({text}\right)"
            else:
                text = self._print(factor) if alone else self.parenthesize(factor, PRECEDENCE["Mul"], strict=False)
            if n > 0:
                joint = text.startswith((r"\left(", "(")) or text[:1].isdigit()
                out += r" \cdot " if joint else " "
            out += text
        return _words_apart(out)

    def _print_MatrixElement(self, expr: Any) -> str:
        parent = expr.parent
        if tuple(parent.shape) == (1, 1):  # the entry of a 1×1 product such as qᵀk is the product
            return self._print(parent)
        if parent.shape[1] == 1 and isinstance(parent, sympy.MatrixSymbol) and expr.j == 0:
            return f"{self._print(parent)}_{{{self._index(expr.i)}}}"  # x_p of a column x
        return str(super()._print_MatrixElement(expr))

    # --- matrices of any size ------------------------------------------------------------
    def _print_AppliedMatrix(self, expr: AppliedMatrix) -> str:
        head = _name_or_text(expr.name)
        args = ", ".join(self._print(a) for a in expr.arguments)
        if expr.form == "call":
            return rf"{head}\left({args}\right)"
        if len(expr.arguments) > 1:
            args = f"({args})"
        return rf"{head}\left[{args}\right]" if "_{" in head else f"{head}_{{{args}}}"

    def _blocks_shown(self, expr: BlockDiagonal | BlockColumn) -> list[Any]:
        """The blocks a display names: every one of a few, else the first, the dots (None) and the last."""
        count = expr.count
        if count.is_Integer and int(count) <= 3:
            return [expr.block_shown(p) for p in range(int(count))]
        return [expr.block_shown(0), None, expr.block_shown(count - 1)]

    def _print_BlockDiagonal(self, expr: BlockDiagonal) -> str:
        shown = [r"\ldots" if block is None else self._print(block) for block in self._blocks_shown(expr)]
        return rf"\operatorname{{diag}}\left({', '.join(shown)}\right)"

    def _print_BlockColumn(self, expr: BlockColumn) -> str:
        rows: list[str] = []
        for block in self._blocks_shown(expr):
            if block is None:
                rows.append(r"\vdots")
            elif isinstance(block, MatrixBase):
                rows += [self._print(e) for e in block]
            else:
                rows.append(self._print(block))
        return r"\begin{bmatrix}" + r" \\ ".join(rows) + r"\end{bmatrix}"

    def _print_Relational(self, expr: Any) -> str:
        # One spelling per relation, the same as relation_latex (SymPy would write \leq here).
        symbol = RELATION_LATEX.get(expr.rel_op)
        if symbol is None:
            return str(super()._print_Relational(expr))
        return f"{self._print(expr.lhs)} {symbol} {self._print(expr.rhs)}"

    def _print_UnevaluatedExpr(self, expr: Any) -> str:
        return self._print(expr.args[0])

    # --- matrices --------------------------------------------------------------------------
    def _numbers_matrix(self, expr: Any) -> str:
        r"""A matrix with fractions among its entries: each fraction at full size (\dfrac), as a
        text-size fraction in a matrix cell is too small to read."""
        def entry(e: Any) -> str:
            if isinstance(e, sympy.Rational) and not e.is_Integer:
                sign = "-" if e < 0 else ""
                return rf"{sign}\dfrac{{{abs(e.p)}}}{{{e.q}}}"
            return str(self._print(e))
        body = r"\\".join(" & ".join(entry(expr[r, c]) for c in range(expr.shape[1])) for r in range(expr.shape[0]))
        return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}"

    def _print_MatrixBase(self, expr: Any) -> str:
        rows, cols = expr.shape
        if rows <= MAX_ROWS and cols <= MAX_COLS:
            if any(isinstance(e, sympy.Rational) and not e.is_Integer for e in expr):
                return self._numbers_matrix(expr)
            return str(super()._print_MatrixBase(expr))
        if is_block_diagonal(expr, 2):
            return block_diagonal(self, expr, 2)
        return elided_matrix(self, expr)


def _is_coefficient_name(factor: Any) -> bool:
    """A subscripted scalar notation such as ω_i (or a power of one), which reads first in a product."""
    base = factor.base if isinstance(factor, sympy.Pow) else factor
    return isinstance(base, sympy.Indexed) and bool(base.is_commutative)


def to_latex(expr: Any, notation: Notation | None = None, *, shorthands: bool = True) -> str:
    """LaTeX (math mode) for a SymPy expression, matrix or relation, in the notation's symbols.

    ``shorthands=False`` prints ``expr`` as it stands: use it for a form its author wrote (a
    claim's ``written`` sides, a step's ``written``), where 10000^(−2i/d) typed out must not turn
    into ω_i.
    """
    if not isinstance(expr, sympy.Basic):
        expr = sympy.sympify(expr)
    if isinstance(expr, MatrixBase) and expr.shape == (1, 1):
        expr = expr[0, 0]  # a 1×1 matrix as a display side is its number: q^T k = 0, not [0]
    if shorthands:
        expr = with_shorthands(expr, notation)
    return str(NotationPrinter(notation).doprint(expr))


def definition_latex(definition: Definition, notation: Notation | None = None) -> str:
    r"""A definition as it is stated: ``\omega_{i} = b^{- \frac{2 i}{d}}`` (a computed one by its name).

    >>> import sympy
    >>> x = sympy.Symbol("x", real=True)
    >>> definition_latex(Definition("R", (x,), sympy.Matrix([[sympy.cos(x)], [sympy.sin(x)]]), form="call"))
    'R\\left(x\\right) = \\begin{bmatrix}\\cos\\left(x\\right)\\\\\\sin\\left(x\\right)\\end{bmatrix}'
    """
    head = definition.apply(*definition.params) if definition.params else definition.apply()
    if definition.is_computed:
        # Named by the scheme's function (an ASCII identifier), never by free text from its docstring.
        name = getattr(definition.body, "__name__", "")
        what = definition.about or (f"computed by {name.replace('_', ' ')}" if name.isidentifier()
                                    else "computed by the scheme")
        return rf"{to_latex(head)} \text{{ ({escape_text(what)})}}"
    # The body is printed without this definition as a shorthand, or it would print as itself.
    inner = None
    if notation is not None:
        inner = Notation(notation.symbols, notation.definitions, notation.conditions,
                         tuple(d.name for d in notation.shorthand_definitions() if d.name != definition.name))
    return f"{to_latex(head)} = {to_latex(definition.body, inner)}"


def renders_alike(left: Any, right: Any, notation: Notation | None = None, *, shorthands: bool = True) -> bool:
    """True if ``left`` and ``right`` print as the same LaTeX.

    Two explicit matrices of one shape, printed whole, print alike exactly when every pair of
    entries does, so they are compared entry by entry and the first difference settles it
    (rendering 287 claims whole at every load cost more than the loading).

    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> renders_alike(sympy.Matrix([x, 1]), sympy.Matrix([x, 1])), renders_alike(sympy.Add(x, 0, evaluate=False), x)
    (True, False)
    """
    if isinstance(left, MatrixBase) and isinstance(right, MatrixBase) and left.shape == right.shape \
            and left.shape[0] <= MAX_ROWS and left.shape[1] <= MAX_COLS:
        pairs = zip(left, right, strict=True)
        return all(a == b or renders_alike(a, b, notation, shorthands=shorthands) for a, b in pairs)
    return to_latex(left, notation, shorthands=shorthands) == to_latex(right, notation, shorthands=shorthands)


def value_latex(value: Any, digits: int = 6, longest: int = 24) -> str:
    r"""A value of a counterexample: exact when short (``\frac{7}{2}``, ``\frac{\pi}{3}``), else
    ``\approx`` and at most ``digits`` significant digits (a 170-digit fraction is not read).

    >>> value_latex(sympy.Rational(7, 2)), value_latex(sympy.pi / 3), value_latex(sympy.Rational(10**30 + 1, 3**40))
    ('\\frac{7}{2}', '\\frac{\\pi}{3}', '\\approx 8.22526 \\times 10^{10}')
    """
    exact = to_latex(value)
    if len(exact) <= longest:
        return exact
    if isinstance(value, sympy.Basic) and value.is_number and value.is_real:
        return rf"\approx {number_latex(value, digits)}"
    return exact


def number_latex(value: str | float | int | sympy.Basic, digits: int = 6) -> str:
    r"""A number as math, rounded to at most ``digits`` significant digits (the exact value stays in
    JSON); a symbolic value is printed, not rounded.

    >>> number_latex("0.84147098480789650665"), number_latex(sympy.Rational(1, 3)), number_latex(sympy.pi)
    ('0.841471', '0.333333', '3.14159')
    >>> number_latex(sympy.Symbol("t") + 1), number_latex(sympy.I)
    ('t + 1', '\\mathrm{i}')
    """
    if isinstance(value, sympy.Basic):
        if not value.is_number or not value.is_real:
            return to_latex(value)
        value = str(sympy.N(value, digits + 5))
    return decimal_latex(value, digits)


def relation_latex(relation: str) -> str:
    """The LaTeX for a claim's relation (``"=="`` is ``=``).

    >>> relation_latex("<=")
    '\\\\le'
    """
    return RELATION_LATEX[relation]


