"""The atoms of :mod:`.read_grammar`: numbers, groups, absolute values, names and commands.

:func:`atom` dispatches on the next token: a number is the exact number it writes, a parenthesis
or brace a group, bars an absolute value, letters a name (:mod:`.read_names`), a command what the
vocabulary says it is (:mod:`.read_commands`).
"""

from __future__ import annotations

import sympy

from .read_commands import command, function
from .read_cursor import Cursor, Term
from .read_names import name, split_run
from .read_tokens import Token, Unreadable
from .vocabulary import FUNCTIONS

__all__ = ["atom"]


def atom(p: Cursor) -> Term:
    """One atom, with the subscript of a name."""
    token = p.next()
    if token.kind == "num":
        return sympy.Rational(token.text)  # a written decimal is the exact number it shows
    if token.text in ("(", "["):
        return _parenthesized(p, token)
    if token.text == "{":
        value = p.expression()
        p.require("}")
        return value
    if token.text == "|":
        p.in_bars += 1
        value = p.scalar(p.expression(), token.pos, "an absolute value")
        p.in_bars -= 1
        p.require("|")
        return sympy.Abs(value)
    if token.kind == "letter":
        split_run(p, token)
        return atom(p)
    if token.kind == "word":
        return _word(p, token.text, token.pos)
    if token.kind == "cmd":
        return command(p, token)
    raise Unreadable(f"cannot read '{token.text}' here", token.pos)


def _parenthesized(p: Cursor, opening: Token) -> Term:
    closing = ")" if opening.text == "(" else "]"
    saved, p.in_bars = p.in_bars, 0
    value = p.expression()
    p.in_bars = saved
    token = p.peek()
    if token is not None and token.text == ",":
        raise Unreadable("a tuple (a, b) is not an expression; only a notation's subscript may hold one",
                         token.pos)
    p.require(closing)
    return value


def _word(p: Cursor, word: str, pos: int) -> Term:
    if word in FUNCTIONS and word not in p.bound and p.scope.lookup(word) is None:
        return function(p, word, pos)
    return name(p, word, pos)
