"""The grammar of :mod:`.read`: expressions, terms, factors, atoms, over the tokens of one formula.

::

    expression := ['+'|'-'] term (('+'|'-') term)*
    term       := factor ((['*'|'\\cdot'|'\\times'|'/']) factor)*      juxtaposition multiplies
    factor     := atom ('^' script)*                                 '^\\top', '^T' transpose
    atom       := number | name ['_' script] | function | '\\frac' | '\\sqrt' | '\\sum' | '\\prod'
                | '(' expression ')' | '{' expression '}' | '|' expression '|' | matrix environment
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_tokens import Token, Unreadable

__all__ = ["FUNCTIONS", "RELATIONS", "UNDECIDED_RELATIONS", "Parser", "Scope", "Term", "no_index_i_in_exponent"]

Term: TypeAlias = sympy.Expr | ImmutableMatrix

#: Relation commands and what they mean (``~`` is approximately).
RELATIONS = {"=": "==", "<": "<", ">": ">", "\\le": "<=", "\\leq": "<=", "\\leqslant": "<=",
             "\\ge": ">=", "\\geq": ">=", "\\geqslant": ">=", "\\ne": "!=", "\\neq": "!=",
             "\\approx": "~", "\\lt": "<", "\\gt": ">"}
#: Relations that are claims but that the tool does not decide: a display holding one is unknown.
UNDECIDED_RELATIONS = frozenset({"\\equiv", "\\sim", "\\simeq", "\\cong", "\\propto", "\\doteq",
                                 "\\triangleq", "\\coloneqq", "\\eqqcolon", "\\ll", "\\gg", "\\lesssim",
                                 "\\gtrsim", "\\prec", "\\succ", "\\preceq", "\\succeq"})

FUNCTIONS: dict[str, Callable[[sympy.Expr], sympy.Expr]] = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot, "sec": sympy.sec,
    "csc": sympy.csc, "arcsin": sympy.asin, "arccos": sympy.acos, "arctan": sympy.atan,
    "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh, "exp": sympy.exp, "ln": sympy.log,
    "log": sympy.log,
}
GREEK = frozenset({
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
    "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
    "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega",
})
#: Other ways of writing a Greek letter (003 writes Δt as \bigtriangleup t).
_GREEK_ALIASES = {"\\bigtriangleup": "Delta", "\\triangle": "Delta", "\\epsilon": "epsilon"}
_FONTS = frozenset({"\\mathrm", "\\text", "\\operatorname", "\\mathit", "\\textrm", "\\mathsf",
                    "\\mathbf", "\\boldsymbol", "\\bm"})
_MATRICES = frozenset({"pmatrix", "bmatrix", "Bmatrix", "matrix", "smallmatrix"})
_ELLIPSES = frozenset({"\\cdots", "\\ldots", "\\dots", "\\vdots", "\\ddots"})
_MULTIPLY = frozenset({"*", "\\cdot", "\\times"})
_FRACTIONS = frozenset({"\\frac", "\\dfrac", "\\tfrac"})
# Tokens that end a factor rather than start one.
_STOPS = frozenset({"\\\\", "\\end", "\\pm", "\\mp", "\\}", "\\rangle", *RELATIONS, *_MULTIPLY})


class Scope(Protocol):
    """What the reader needs to know of the declarations in force."""

    def lookup(self, name: str) -> Term | None:
        """The declared symbol, or the value of a definition, named ``name`` (``omega``, ``d_model``)."""

    def words(self) -> frozenset[str]:
        """Every name a run of letters may be made of (symbol bases, notation heads, functions)."""

    def is_indexed(self, head: str) -> bool:
        """True if ``head`` is a notation with subscript parameters (``PE``, ``omega``)."""

    def apply(self, head: str, args: tuple[sympy.Expr, ...]) -> Term:
        """The indexed notation at these subscript arguments; ValueError (with the reason) if none fits."""

    def is_function(self, name: str) -> bool:
        """True if ``name`` is a declared function such as ``R(x)``."""

    def call(self, name: str, args: tuple[Term, ...]) -> Term:
        """The declared function applied to ``args``; ValueError (with the reason) if it does not fit."""


def _is_matrix(value: object) -> bool:
    return isinstance(value, MatrixBase)


class Parser:
    """Recursive descent over the tokens of one formula."""

    def __init__(self, tokens: list[Token], scope: Scope, end: int) -> None:
        self.tokens = tokens
        self.scope = scope
        self.index = 0
        self.end = end
        self.bound: dict[str, sympy.Symbol] = {}
        self.closed: set[str] = set()  # indices of sums already read: the same name after them is ambiguous
        self.in_bars = 0

    # -- token access ------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> Token | None:
        i = self.index + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise Unreadable("the formula ends too early", self.end)
        self.index += 1
        return token

    def here(self) -> int:
        token = self.peek()
        return token.pos if token is not None else self.end

    def take(self, text: str) -> bool:
        token = self.peek()
        if token is not None and token.text == text:
            self.index += 1
            return True
        return False

    def require(self, text: str) -> Token:
        token = self.peek()
        if token is None or token.text != text:
            found = f"'{token.text}'" if token is not None else "the end"
            raise Unreadable(f"expected '{text}' but found {found}", self.here())
        return self.next()

    def at_relation(self) -> bool:
        token = self.peek()
        return token is not None and token.text in RELATIONS

    def expect_end(self) -> None:
        token = self.peek()
        if token is not None and token.text == ":":
            raise Unreadable("':' (as in a := b) is not read; put a definition in a let declaration", token.pos)
        if token is not None:
            raise Unreadable(f"cannot read '{token.text}' here", token.pos)

    def starts_factor(self, token: Token | None) -> bool:
        if token is None or token.text in _STOPS:
            return False
        if token.text == "|":
            return self.in_bars == 0
        return token.kind in ("letter", "num", "word", "cmd") or token.text in ("(", "[", "{")

    # -- arithmetic with shapes checked -----------------------------------------------------
    def add(self, left: Term, right: Term, pos: int) -> Term:
        if _is_matrix(left) != _is_matrix(right):
            raise Unreadable("a matrix plus a scalar has no meaning; check the terms of this sum", pos)
        if _is_matrix(left) and left.shape != right.shape:
            raise Unreadable(f"matrices of shapes {left.shape} and {right.shape} cannot be added", pos)
        return ImmutableMatrix(left + right) if _is_matrix(left) else left + right

    def mul(self, left: Term, right: Term, pos: int) -> Term:
        if _is_matrix(left) and _is_matrix(right):
            if left.shape[1] != right.shape[0]:
                raise Unreadable(f"matrices of shapes {left.shape} and {right.shape} cannot be multiplied", pos)
            return ImmutableMatrix(left * right)
        return ImmutableMatrix(left * right) if _is_matrix(left) or _is_matrix(right) else left * right

    def divide(self, numerator: Term, denominator: Term, pos: int) -> Term:
        divisor = self.scalar(denominator, pos, "division by a matrix")
        if divisor == 0:
            raise Unreadable("division by zero", pos)
        return ImmutableMatrix(numerator / divisor) if _is_matrix(numerator) else numerator / divisor

    def scalar(self, value: Term, pos: int, what: str) -> sympy.Expr:
        if _is_matrix(value):
            raise Unreadable(f"{what} of a matrix has no meaning here", pos)
        return value

    # -- grammar -------------------------------------------------------------------------
    def expression(self) -> Term:
        from .read_atoms import atom

        negate = self.take("-")
        if not negate:
            self.take("+")
        value = self.term(atom)
        if negate:
            value = -value
        while (token := self.peek()) is not None and token.text in ("+", "-"):
            self.next()
            right = self.term(atom)
            value = self.add(value, right if token.text == "+" else -right, token.pos)
        if (token := self.peek()) is not None and token.text in ("\\pm", "\\mp"):
            raise Unreadable(f"{token.text} states two formulas at once; write each on its own row", token.pos)
        return value

    def term(self, atom: Callable[[Parser], Term]) -> Term:
        value = self.factor(atom)
        divided_at: int | None = None
        while (token := self.peek()) is not None:
            if token.text in _MULTIPLY:
                self.next()
                value = self.mul(value, self.factor(atom), token.pos)
            elif token.text == "/":
                self.next()
                value, divided_at = self.divide(value, self.factor(atom), token.pos), token.pos
            elif self.starts_factor(token):
                if token.kind == "num" and self._after_number():
                    # TeX ignores spaces in math: "2 3" is typeset 23, not 2·3.
                    raise Unreadable("two numbers side by side are typeset as one (2 3 shows as 23); write "
                                     "2 \\cdot 3 or 23", token.pos)
                if token.wide:
                    # x = 1 \qquad y = 2 is two statements, not the chain x = 1·y = 2.
                    raise Unreadable("a wide space (\\quad, \\qquad) sets two formulas apart; put each on its "
                                     "own row, or write the product without it", token.pos)
                if divided_at is not None:
                    # a/bc is a/(bc) to some readers and (a/b)c to others.
                    raise Unreadable("after '/', a product is ambiguous: write (a/b) c or a/(b c)", token.pos)
                value = self.mul(value, self.factor(atom), token.pos)
            else:
                break
        return value

    def _after_number(self) -> bool:
        """True if the token before the current one is a number that is not a script (``x^2 3``)."""
        before = self.tokens[self.index - 1] if self.index > 0 else None
        script = self.tokens[self.index - 2].text in ("^", "_") if self.index > 1 else False
        return before is not None and before.kind == "num" and not script

    def factor(self, atom: Callable[[Parser], Term]) -> Term:
        value, powered = atom(self), False
        while (token := self.peek()) is not None and token.text in ("^", "'", "!", "_"):
            if token.text == "'":
                raise Unreadable("a prime (') is not read; name the derivative or the new symbol", token.pos)
            if token.text == "!":
                raise Unreadable("a factorial is not read", token.pos)
            if token.text == "_":
                raise Unreadable("a subscript on this expression is not read; subscripts belong to names",
                                 token.pos)
            if powered:
                # a^b^c: TeX refuses it ("double superscript"); a^(b^c) and (a^b)^c differ.
                raise Unreadable("a double superscript a^b^c is (a^b)^c to some and a^(b^c) to others; brace one",
                                 token.pos)
            self.next()
            value, powered = self.power(value, token.pos), True
        return value

    def power(self, base: Term, pos: int) -> Term:
        if self.transpose_follows(base):
            return ImmutableMatrix(base.T) if _is_matrix(base) else base
        exponent = self.scalar(self.script(), pos, "a power")
        if base is sympy.E:
            no_index_i_in_exponent(exponent, pos)
        if _is_matrix(base):
            raise Unreadable("a power of a matrix is not read; write the product", pos)
        return base**exponent

    def transpose_follows(self, base: Term) -> bool:
        """Consume ``\\top``, ``\\intercal``, ``T`` or ``\\mathsf{T}`` (braced or not) after '^'."""
        texts = [t.text for t in self.tokens[self.index:self.index + 6]]
        for pattern in (["\\top"], ["\\intercal"], ["T"], ["\\mathsf", "{", "T", "}"], ["\\mathrm", "{", "T", "}"]):
            for candidate in (pattern, ["{", *pattern, "}"]):
                if texts[:len(candidate)] == candidate:
                    if pattern == ["T"] and not _is_matrix(base) and self.scope.lookup("T") is not None:
                        return False  # a declared T after '^' on a scalar is a power
                    self.index += len(candidate)
                    return True
        return False

    def script(self, *, split_digits: bool = False) -> Term:
        """The argument of ``^``, ``_``, ``\\frac``: a braced group or one token (``x^2``, ``\\frac12``).

        TeX takes one character: ``\\frac12`` is 1/2 (an idiom, ``split_digits``), but ``x^23`` is
        typeset x²3 while its writer most likely meant x^{23}; the reader does not choose.
        """
        if self.take("{"):
            value = self.expression()
            self.require("}")
            return value
        token = self.peek()
        if token is not None and token.kind == "num" and len(token.text) > 1 and not split_digits:
            raise Unreadable(f"an unbraced script takes one character, so '{token.text}' is typeset as "
                             f"{token.text[0]} then {token.text[1:]}; write {{{token.text}}} or space the factor",
                             token.pos)
        if token is not None and token.kind == "num" and len(token.text) > 1:
            self.tokens[self.index] = Token("num", token.text[1:], token.pos + 1)
            return sympy.Integer(int(token.text[0])) if token.text[0] != "." else self._no_dot(token)
        from .read_atoms import single

        return single(self)

    def _no_dot(self, token: Token) -> Term:
        raise Unreadable(f"cannot read the script '{token.text}'; brace it", token.pos)


def no_index_i_in_exponent(exponent: Term, pos: int) -> None:
    """Refuse an exponential whose exponent holds i declared as an integer (the pair index): in
    ``e^{i\\pi}`` or ``e^{i\\theta}`` a reader takes i for the imaginary unit, and read as the index,
    ``e^{i\\pi} + 1 \\neq 0`` would be "proven". Which one the writer meant is not for the reader to guess.
    """
    names = {s.name for s in getattr(exponent, "free_symbols", ()) if s.name == "i" and s.is_integer}
    if names:
        raise Unreadable("i is declared as an integer index here, so in an exponential it may be the index or "
                         "the imaginary unit; write \\mathrm{i} for the imaginary unit, or write the power with "
                         "another base (b^{-2i/d}) or rename the index", pos)
