"""Names in a formula: runs of letters, subscripts, declared symbols, notations and functions.

A run of letters is split into declared names only when exactly one split exists (``pos`` is the
symbol pos if declared; ``kt`` is k·t when k and t are declared and kt is not); anything else is
:class:`~.read_tokens.Unreadable`. A name with a plain subscript (``d_{\\text{model}}``,
``x_{i,j}``, ``R_{\\theta}``) is the symbol of that name (``d_model``, ``x_i_j``, ``R_theta``), as
:mod:`.names` spells it; a notation with subscript parameters (``\\omega_{i+1}``) is applied to
them. A new naming convention goes here.
"""

from __future__ import annotations

import sympy

from .read_cursor import Cursor, Term
from .read_guards import not_captured, one_character, shown_name
from .read_tokens import Token, Unreadable
from .vocabulary import FONTS, FUNCTIONS, LATEX_GREEK, SYMBOL_LETTERS

__all__ = ["call", "greek_name", "name", "single", "split_run"]


def greek_name(token: Token | None) -> str | None:
    """The symbol name a Greek command stands for (``\\varrho`` -> ``varrho``), or None (``\\pi`` is π)."""
    if token is None or token.kind != "cmd":
        return None
    letter = LATEX_GREEK.get(token.text)
    return letter if letter in SYMBOL_LETTERS else None


def single(p: Cursor) -> Term:
    """A one-token script (``x^2``, ``x^t``, ``x^\\pi``): never a run of letters."""
    token = p.peek()
    if token is not None and token.kind == "letter":
        p.next()
        return name(p, token.text, token.pos, subscript_allowed=False)
    return p.atom()


def split_run(p: Cursor, first: Token) -> None:
    """Replace the letters ``first`` starts by the declared names they spell, or raise."""
    start = p.index - 1
    end = p.index
    while end < len(p.tokens) and p.tokens[end].kind == "letter" and not p.tokens[end].space:
        end += 1
    run = "".join(t.text for t in p.tokens[start:end])
    words = p.scope.words() | frozenset(FUNCTIONS) | frozenset(p.bound) | frozenset(p.closed)
    splits = _splits(run, words)
    following = p.tokens[end] if end < len(p.tokens) else None
    if not splits:
        if run == "e":
            hint = "write \\exp(…) or \\mathrm{e} for Euler's number, or assume e real for a symbol"
        elif following is not None and following.text == "(" and len(run) == 1:
            hint = f"assume {run} real for a product {run}·(…), or let {run}(x) = … for a function"
        elif len(run) == 1:
            hint = f"assume {run} real"
        else:
            hint = f"assume {run} real, or write a product with spaces"
        raise Unreadable(f"'{run}' is not declared; declare it ({hint})", first.pos)
    if len(splits) > 1:
        readings = " or ".join("·".join(s) for s in splits[:2])
        raise Unreadable(f"'{run}' reads as {readings}; separate the names with spaces or declare one", first.pos)
    names = [w for w in splits[0] if w not in FUNCTIONS]
    if len(names) > 1:
        # tk may be the product t·k or a name nobody declared: the reader does not guess.
        spaced = " ".join(splits[0])
        raise Unreadable(f"'{run}' is not a declared name; write '{spaced}' for a product, or declare {run}",
                         first.pos)
    tokens: list[Token] = []
    offset = first.pos
    for word in splits[0]:
        tokens.append(Token("word", word, offset, first.space and not tokens, first.wide and not tokens))
        offset += len(word)
    p.tokens[start:end] = tokens
    p.index = start


def _splits(run: str, words: frozenset[str]) -> list[list[str]]:
    """Every way (at most two) to spell ``run`` as declared words.

    >>> _splits("pos", frozenset({"p", "o", "s", "pos"}))
    [['p', 'o', 's'], ['pos']]
    >>> _splits("kt", frozenset({"k", "t"}))
    [['k', 't']]
    """
    found: list[list[str]] = []

    def walk(at: int, sofar: list[str]) -> None:
        if len(found) > 1:
            return
        if at == len(run):
            found.append(sofar)
            return
        for stop in range(at + 1, len(run) + 1):
            if run[at:stop] in words:
                walk(stop, [*sofar, run[at:stop]])

    walk(0, [])
    return found


def name(p: Cursor, base: str, pos: int, *, subscript_allowed: bool = True, shown: str | None = None) -> Term:
    """The symbol, notation or declared function ``base`` names, with its subscript; ``shown`` is
    how a message writes it (``\\hat{q}`` for ``qhat``; a Greek letter by its command by default)."""
    shown = shown or shown_name(base)
    if subscript_allowed and p.peek() is not None and p.peek().text == "_":  # type: ignore[union-attr]
        p.next()
        if p.scope.is_indexed(base):
            args = _subscript_args(p)
            try:
                return p.scope.apply(base, args)
            except ValueError as exc:
                raise Unreadable(str(exc), pos) from None
        text = _subscript_text(p)
        value = p.scope.lookup(f"{base}_{text}") if text is not None else None
        if value is None:
            written = f"{base}_{{{text.replace('_', ',')}}}" if text is not None else f"{base}_{{...}}"
            raise Unreadable(f"'{written}' is not declared; declare it (assume, or let {base}_i = ...)", pos)
        return value
    if base in p.bound:
        return p.bound[base]
    if base in p.closed:
        # \sum_{i=0}^{2} i + i: the second i is the outer one by precedence, but was likely meant
        # inside the sum; the reader does not choose.
        raise Unreadable(f"'{shown}' is the index of a sum or product earlier in this row, and here it is "
                         "outside it; parenthesize the body, \\sum_{...}^{...} (...), or rename the index", pos)
    if p.scope.is_function(base):
        return call(p, base, pos)
    value = p.scope.lookup(base)
    if value is None:
        following = p.peek()
        if following is not None and following.text == "(":
            hint = f"assume {shown} real for a product {shown}·(…), or let {shown}(x) = … for a function"
        else:
            hint = f"e.g. assume {shown} real"
        raise Unreadable(f"'{shown}' is not declared; declare it ({hint})", pos)
    not_captured(p, base, value, pos)
    return value


def _subscript_text(p: Cursor) -> str | None:
    """The plain text of a subscript as a name's parts (``0``, ``model``, ``\\text{model}``,
    ``\\theta``; ``i,j`` is ``i_j``), or None if it is a formula."""
    if not p.take("{"):
        token = p.next()
        one_character(token)
        return token.text if token.kind in ("letter", "num") else greek_name(token)
    parts: list[str] = []
    depth = 1
    while depth:
        token = p.next()
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
        elif token.kind in ("letter", "num"):
            parts.append(token.text)
        elif token.text == ",":
            parts.append("_")  # the names table joins a name's parts with '_' (x_{i,j} is x_i_j)
        elif (letter := greek_name(token)) is not None:
            parts.append(letter)
        elif token.text in FONTS:
            continue
        else:
            return None
    return "".join(parts)


def _subscript_args(p: Cursor) -> tuple[sympy.Expr, ...]:
    if not p.take("{"):
        one_character(p.peek())
        return (p.scalar(single(p), p.here(), "a subscript"),)
    parens = p.take("(")
    args = [p.scalar(p.expression(), p.here(), "a subscript")]
    while p.take(","):
        args.append(p.scalar(p.expression(), p.here(), "a subscript"))
    if parens:
        p.require(")")
    p.require("}")
    return tuple(args)


def call(p: Cursor, function: str, pos: int) -> Term:
    """The declared function ``function`` applied to its parenthesized arguments."""
    p.require("(")
    args = [p.expression()]
    while p.take(","):
        args.append(p.expression())
    p.require(")")
    try:
        return p.scope.call(function, tuple(args))
    except ValueError as exc:
        raise Unreadable(str(exc), pos) from None
