r"""The arguments of a function applied, as code-like notes write them: ``f(a, b)``, and named ones,
``\text{band}(QE, \text{lo}=0, \text{hi}=n - 1)``, ``\operatorname{trunc}(X, \text{keep} = n_1)``.

A ``=`` inside a call's parentheses, after a bare name, is not a relation of the row: it names an
argument (the keyword arguments of a program). The argument is kept with its name, as a
:class:`NamedArgument` among the call's arguments, so two identical calls are the same value and two
calls that differ in a name differ; the reader also keeps it as stated (``p.stated``), so the report
shows it as what it is, a named argument of the function, never decided.

Only a bare name is a keyword: a run of two letters or more without spaces (``keep``), or a name in
an upright or italic font (``\text{lo}``, ``\mathrm{hi}``). A single letter is refused with both
readings named (``P(X = 1)`` is an event to most readers). A ``=`` after anything else inside a call
(``f(x + 1 = 2)``) stays what it was, a relation where none may stand, and the formula is refused.

>>> lo = NamedArgument("lo", sympy.Integer(0))
>>> lo, lo == NamedArgument("lo", sympy.Integer(0)), lo == NamedArgument("hi", sympy.Integer(0))
(lo=0, True, False)
>>> sympy.latex(NamedArgument("keep", sympy.Symbol("n")))
'\\text{keep} = n'
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy.core.symbol import Str

from .read_cursor import Cursor, Term
from .read_tokens import Token, Unreadable

__all__ = ["NAMED_ARGUMENT", "NamedArgument", "call_arguments"]

#: What the reader says of a named argument it keeps as stated (the start of its ``what``).
NAMED_ARGUMENT = "a named argument of"

#: Fonts a keyword may be written in (``\text{lo}``); bold would make it a vector's name.
_KEYWORD_FONTS = frozenset({"\\text", "\\mathrm", "\\textrm", "\\mathit", "\\textit", "\\operatorname", "\\texttt",
                            "\\mathtt"})


class NamedArgument(sympy.Expr):
    """``name = value`` as an argument of a function applied: the value, kept with its name."""

    is_commutative = True

    def __new__(cls, name: str | Str, value: Any) -> NamedArgument:
        return sympy.Expr.__new__(cls, Str(str(name)), sympy.sympify(value))

    @property
    def keyword(self) -> str:
        return str(self.args[0])

    @property
    def value(self) -> sympy.Expr:
        return self.args[1]

    def _latex(self, printer: Any) -> str:
        shown = self.keyword if len(self.keyword) == 1 else rf"\text{{{self.keyword}}}"
        return f"{shown} = {printer._print(self.value)}"

    def _sympystr(self, printer: Any) -> str:
        return f"{self.keyword}={printer._print(self.value)}"


def call_arguments(p: Cursor, function: str) -> list[Term]:
    """The parenthesized arguments at the cursor (the ``(`` not yet taken), named ones as
    :class:`NamedArgument`, each also kept in ``p.stated`` for the report."""
    p.require("(")
    args = [_argument(p, function)]
    # f(u; τ): the parameters after a semicolon are arguments too (the same function of both)
    while p.take(",") or p.take(";"):
        args.append(_argument(p, function))
    p.require(")")
    return args


def _argument(p: Cursor, function: str) -> Term:
    keyword = _keyword_at(p)
    if keyword is None:
        start = p.here()
        value = p.expression()
        if (pair := p.written_tuple(value)) is not None:
            # f(x, (a, b)): a pair passed as one argument, as code passes one; a vector only where one is meant
            raise Unreadable(f"the tuple {pair} is one argument of {function.removesuffix('_') or function}: a pair "
                             f"or a point passed to it, not read; write it transposed, {pair}^\\top, if it is a "
                             "vector", start)
        return value
    name, width = keyword
    p.index += width
    equals = p.next()
    value = p.scalar(p.expression(), equals.pos, f"the argument {name} of {function}")
    shown = function.removesuffix("_") or function
    p.stated.append(("==", sympy.Symbol(name), value, equals.pos, f"{NAMED_ARGUMENT} {shown}"))
    p.scope.note("named", "read name = value inside a function's parentheses (\\text{lo}=0) as an argument passed "
                 "by name, as code does: not a relation of the row, and the call is the function applied to its "
                 "arguments, the named ones with their names")
    return NamedArgument(name, value)


def _keyword_at(p: Cursor) -> tuple[str, int] | None:
    """The keyword at the cursor and how many tokens it takes, if a bare name and then ``=`` follow."""
    tokens = p.tokens[p.index:]
    if not tokens:
        return None
    if tokens[0].text in _KEYWORD_FONTS:
        return _font_keyword(tokens)
    letters: list[str] = []
    for token in tokens:
        if token.kind != "letter" or (letters and token.space):
            break
        letters.append(token.text)
    found = _followed_by_equals(tokens, "".join(letters), len(letters))
    if found is not None and len(letters) == 1:
        # P(X = 1) is the probability of an event to most readers, P called with X = 1 to a programmer's.
        raise Unreadable(f"'{letters[0]} =' inside the parentheses of a function may name an argument "
                         f"{letters[0]} (a keyword argument) or state an event ({letters[0]} = …, as in P(X = 1)); "
                         f"write the name in words (\\text{{{letters[0]}}}), or the event as a relation of its own",
                         tokens[1].pos)
    return found


def _font_keyword(tokens: list[Token]) -> tuple[str, int] | None:
    if len(tokens) < 4 or tokens[1].text != "{":
        return None
    letters: list[str] = []
    for at, token in enumerate(tokens[2:], start=2):
        if token.text == "}":
            return _followed_by_equals(tokens, "".join(letters), at + 1)
        if token.kind == "letter" or (token.kind == "num" and letters):
            letters.append(token.text)
        elif token.text in ("\\_", "_") and letters:
            letters.append("_")
        else:
            return None
    return None


def _followed_by_equals(tokens: list[Token], name: str, width: int) -> tuple[str, int] | None:
    if not name or width >= len(tokens) or tokens[width].text != "=":
        return None
    return name, width
