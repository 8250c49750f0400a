"""The atoms of :mod:`.read_grammar`: numbers, names, functions, fractions, sums, matrices.

A run of letters is split into declared names only when exactly one split exists (``pos`` is the
symbol pos if declared; ``kt`` is k·t when k and t are declared and kt is not); anything else is
:class:`~.read_tokens.Unreadable`.
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_grammar import (
    _ELLIPSES,
    _FONTS,
    _FRACTIONS,
    _GREEK_ALIASES,
    _MATRICES,
    FUNCTIONS,
    GREEK,
    UNDECIDED_RELATIONS,
    Parser,
    Term,
    no_index_i_in_exponent,
)
from .read_guards import not_a_derivative, not_captured, one_character
from .read_tokens import Token, Unreadable

__all__ = ["atom", "single"]

_CONSTANTS = {"e": sympy.E, "i": sympy.I}


def atom(p: Parser) -> Term:
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
        _split_run(p, token)
        return atom(p)
    if token.kind == "word":
        return _word(p, token.text, token.pos)
    if token.kind == "cmd":
        return _command(p, token)
    raise Unreadable(f"cannot read '{token.text}' here", token.pos)


def single(p: Parser) -> Term:
    """A one-token script (``x^2``, ``x^t``, ``x^\\pi``): never a run of letters."""
    token = p.peek()
    if token is not None and token.kind == "letter":
        p.next()
        return _name(p, token.text, token.pos, subscript_allowed=False)
    return atom(p)


def _parenthesized(p: Parser, opening: Token) -> Term:
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


def _split_run(p: Parser, first: Token) -> None:
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


def _word(p: Parser, word: str, pos: int) -> Term:
    if word in FUNCTIONS and word not in p.bound and p.scope.lookup(word) is None:
        return _function(p, word, pos)
    return _name(p, word, pos)


def _name(p: Parser, base: str, pos: int, *, subscript_allowed: bool = True) -> Term:
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
            shown = f"{base}_{{{text}}}" if text is not None else f"{base}_{{...}}"
            raise Unreadable(f"'{shown}' is not declared; declare it (assume, or let {base}_i = ...)", pos)
        return value
    if base in p.bound:
        return p.bound[base]
    if base in p.closed:
        # \sum_{i=0}^{2} i + i: the second i is the outer one by precedence, but was likely meant
        # inside the sum; the reader does not choose.
        shown = f"\\{base}" if base in GREEK else base
        raise Unreadable(f"'{shown}' is the index of a sum or product earlier in this row, and here it is "
                         "outside it; parenthesize the body, \\sum_{...}^{...} (...), or rename the index", pos)
    if p.scope.is_function(base):
        return _call(p, base, pos)
    value = p.scope.lookup(base)
    if value is None:
        shown = f"\\{base}" if base in GREEK else base
        following = p.peek()
        if following is not None and following.text == "(":
            hint = f"assume {shown} real for a product {shown}·(…), or let {shown}(x) = … for a function"
        else:
            hint = f"e.g. assume {shown} real"
        raise Unreadable(f"'{shown}' is not declared; declare it ({hint})", pos)
    not_captured(p, base, value, pos)
    return value


def _subscript_text(p: Parser) -> str | None:
    """The plain text of a subscript (``0``, ``model``, ``\\text{model}``), or None if it is a formula."""
    if not p.take("{"):
        token = p.next()
        one_character(token)
        return token.text if token.kind in ("letter", "num") else None
    parts: list[str] = []
    depth = 1
    while depth:
        token = p.next()
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
        elif token.kind in ("letter", "num") or token.text == ",":
            parts.append(token.text)
        elif token.text in _FONTS:
            continue
        else:
            return None
    return "".join(parts)


def _subscript_args(p: Parser) -> tuple[sympy.Expr, ...]:
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


def _call(p: Parser, name: str, pos: int) -> Term:
    p.require("(")
    args = [p.expression()]
    while p.take(","):
        args.append(p.expression())
    p.require(")")
    try:
        return p.scope.call(name, tuple(args))
    except ValueError as exc:
        raise Unreadable(str(exc), pos) from None


def _function(p: Parser, name: str, pos: int) -> Term:
    power: Term | None = None
    base: Term | None = None
    if p.take("^"):
        power = p.script()
        if power == -1:
            raise Unreadable(f"\\{name}^{{-1}} may mean arc{name} or 1/{name}; write \\arc{name} or "
                             f"(\\{name} x)^{{-1}}", pos)
    if name == "log" and p.take("_"):
        base = p.script()
    token = p.peek()
    if token is not None and token.text in ("(", "["):
        argument = atom(p)
    else:
        argument = p.factor(atom)
        while p.starts_factor(p.peek()) and not p.peek().wide and not _is_function_start(p, p.peek()):  # type: ignore[union-attr]
            argument = p.mul(argument, p.factor(atom), p.here())
        if (after := p.peek()) is not None and after.text == "/":
            raise Unreadable(f"\\{name} without parentheses before '/' may be \\{name}(a/b) or (\\{name} a)/b; write "
                             f"\\{name}(a/b) or \\frac{{\\{name} a}}{{b}}", after.pos)
        if after is not None and after.text in ("\\cdot", "\\times", "*"):
            # \sin x y is sin(x y), so \sin x \cdot y may be sin(x·y) as much as sin(x)·y.
            raise Unreadable(f"\\{name} without parentheses before {after.text} may be \\{name}(a {after.text} b) or "
                             f"(\\{name} a) {after.text} b; write the parentheses", after.pos)
    if name == "exp":
        no_index_i_in_exponent(argument, pos)
    value = FUNCTIONS[name](p.scalar(argument, pos, f"\\{name}"))
    if base is not None:
        value = value / sympy.log(p.scalar(base, pos, "a logarithm's base"))
    return value if power is None else value**power


def _is_function_start(p: Parser, token: Token | None) -> bool:
    if token is None:
        return False
    if token.kind == "cmd":
        return token.text[1:] in FUNCTIONS or token.text in ("\\sum", "\\prod", "\\operatorname")
    if token.kind == "word":
        return token.text in FUNCTIONS
    if token.kind == "letter":
        run = ""
        for later in p.tokens[p.index:]:
            if later.kind != "letter" or (run and later.space):
                break
            run += later.text
        return any(run.startswith(f) for f in FUNCTIONS)
    return False


def _command(p: Parser, token: Token) -> Term:
    name = token.text[1:]
    if name in GREEK or token.text in _GREEK_ALIASES:
        name = _GREEK_ALIASES.get(token.text, name)
        if name == "pi" and p.scope.lookup("pi") is None:
            return sympy.pi
        return _name(p, name, token.pos)
    if name == "pi":
        return sympy.pi
    if name == "infty":
        return sympy.oo
    if name in FUNCTIONS:
        return _function(p, name, token.pos)
    if token.text in _FRACTIONS:
        not_a_derivative(p, token)
        numerator = p.script(split_digits=True)
        return p.divide(numerator, p.script(split_digits=True), token.pos)
    if name == "sqrt":
        return _sqrt(p, token)
    if name in ("sum", "prod"):
        return _big_operator(p, token)
    if name == "begin":
        return _environment(p, token)
    if token.text in _FONTS:
        return _font(p, token)
    if token.text in UNDECIDED_RELATIONS:
        raise Unreadable(f"{token.text} is a relation posenc-sym does not decide; write =, \\le, \\ge, <, > or "
                         "\\approx", token.pos)
    if token.text in _ELLIPSES:
        raise Unreadable(f"an ellipsis ({token.text}) leaves terms unstated; state the claim per entry, per "
                         "block, or as a sum", token.pos)
    raise Unreadable(f"unknown macro {token.text}; rewrite it in plain LaTeX math or declare its meaning",
                     token.pos)


def _font(p: Parser, token: Token) -> Term:
    p.require("{")
    letters = []
    while not p.take("}"):
        inner = p.next()
        if inner.kind not in ("letter", "num") and inner.text != "_":
            raise Unreadable(f"cannot read '{inner.text}' inside {token.text}{{...}}", inner.pos)
        letters.append(inner.text)
    word = "".join(letters)
    if token.text == "\\mathrm" and word in _CONSTANTS:
        return _CONSTANTS[word]  # upright e and i are the constants; italic e and i stay letters
    if word in FUNCTIONS and p.scope.lookup(word) is None:
        return _function(p, word, token.pos)
    return _name(p, word, token.pos)


def _sqrt(p: Parser, token: Token) -> Term:
    degree: Term = sympy.Integer(2)
    if p.take("["):
        degree = p.expression()
        p.require("]")
    return sympy.root(p.scalar(p.script(), token.pos, "a root"), degree)


def _big_operator(p: Parser, token: Token) -> Term:
    if not p.take("_"):
        raise Unreadable(f"{token.text} needs its limits: {token.text}_{{i=0}}^{{n-1}}", token.pos)
    p.require("{")
    index = p.next()
    if index.kind != "letter" and index.text[1:] not in GREEK:
        raise Unreadable(f"the index of {token.text} must be a letter, not '{index.text}'", index.pos)
    p.require("=")
    lower = p.expression()
    p.require("}")
    p.require("^")
    upper = p.script()
    name = index.text.lstrip("\\")
    outer = p.bound.get(name)
    p.bound[name] = sympy.Symbol(name, integer=True)
    try:
        body = p.scalar(p.term(atom), token.pos, token.text)
    finally:
        if outer is None:
            del p.bound[name]
        else:
            p.bound[name] = outer
    if outer is None:
        p.closed.add(name)
    limits = (sympy.Symbol(name, integer=True), lower, upper)
    return sympy.Sum(body, limits) if token.text == "\\sum" else sympy.Product(body, limits)


def _environment(p: Parser, token: Token) -> Term:
    kind = _group_text(p)
    if kind not in _MATRICES:
        raise Unreadable(f"the environment {kind} is not read here (matrices: pmatrix, bmatrix, matrix)",
                         token.pos)
    rows: list[list[Term]] = [[]]
    while True:
        rows[-1].append(p.expression())
        if p.take("&"):
            continue
        if p.take("\\\\"):
            if p.peek() is not None and p.peek().text == "\\end":  # type: ignore[union-attr]
                p.next()
                break
            rows.append([])
            continue
        p.require("\\end")
        break
    if _group_text(p) != kind:
        raise Unreadable(f"\\begin{{{kind}}} is closed by another environment", token.pos)
    return _assemble(rows, token.pos)


def _group_text(p: Parser) -> str:
    p.require("{")
    text = ""
    while not p.take("}"):
        text += p.next().text
    return text


def _assemble(rows: list[list[Term]], pos: int) -> ImmutableMatrix:
    """A matrix from rows of cells; a cell may itself be a matrix (a block)."""
    try:
        blocks = [[c if isinstance(c, MatrixBase) else ImmutableMatrix([[c]]) for c in row] for row in rows]
        return ImmutableMatrix(sympy.Matrix.vstack(*(sympy.Matrix.hstack(*row) for row in blocks)))
    except (sympy.ShapeError, ValueError) as exc:
        raise Unreadable(f"the blocks of this matrix do not fit together ({exc})", pos) from None
