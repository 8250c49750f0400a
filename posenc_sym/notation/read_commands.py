"""Commands in a formula: Greek letters, accents, functions, fractions, roots, sums, fonts, matrices.

Every command the reader knows is a word of the vocabulary (:mod:`.vocabulary`); this module says
how each is read. A command it does not know is :class:`~.read_tokens.Unreadable` (never skipped),
and so are the relations it does not decide and the ellipses. A new command goes in
:func:`command`'s dispatch, its word in the vocabulary.
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_cursor import Cursor, Term
from .read_guards import no_index_i_in_exponent, not_a_derivative
from .read_names import greek_name, name
from .read_tokens import Token, Unreadable
from .vocabulary import (
    ACCENTS,
    BIG_OPERATORS,
    CONSTANTS,
    ELLIPSES,
    FONTS,
    FRACTIONS,
    FUNCTIONS,
    GREEK,
    GREEK_ALIASES,
    LATEX_GREEK,
    MATRICES,
    MULTIPLY,
    UNDECIDED_RELATIONS,
)

__all__ = ["command", "function", "is_function_start"]


def command(p: Cursor, token: Token) -> Term:
    """What the command ``token`` (already taken) writes, with its arguments."""
    spelled = token.text[1:]
    if token.text == "\\pi":
        return sympy.pi
    if (letter := greek_name(token) or GREEK_ALIASES.get(token.text)) is not None:
        return name(p, letter, token.pos)
    if spelled == "infty":
        return sympy.oo
    if spelled in FUNCTIONS:
        return function(p, spelled, token.pos)
    if spelled in ACCENTS:
        return _accent(p, token)
    if token.text in FRACTIONS:
        not_a_derivative(p, token)
        numerator = p.script(split_digits=True)
        return p.divide(numerator, p.script(split_digits=True), token.pos)
    if spelled == "sqrt":
        return _sqrt(p, token)
    if token.text in BIG_OPERATORS:
        return _big_operator(p, token)
    if spelled == "begin":
        return _environment(p, token)
    if token.text in FONTS:
        return _font(p, token)
    if token.text in UNDECIDED_RELATIONS:
        raise Unreadable(f"{token.text} is a relation posenc-sym does not decide; write =, \\le, \\ge, <, > or "
                         "\\approx", token.pos)
    if token.text in ELLIPSES:
        raise Unreadable(f"an ellipsis ({token.text}) leaves terms unstated; state the claim per entry, per "
                         "block, or as a sum", token.pos)
    raise Unreadable(f"unknown macro {token.text}; rewrite it in plain LaTeX math or declare its meaning",
                     token.pos)


def function(p: Cursor, spelled: str, pos: int) -> Term:
    """A function of the vocabulary (``\\sin^2 x``, ``\\log_b x``, ``\\max(a, b)``) with its argument."""
    power: Term | None = None
    base: Term | None = None
    if p.take("^"):
        power = p.script()
        if power == -1:
            raise Unreadable(f"\\{spelled}^{{-1}} may mean arc{spelled} or 1/{spelled}; write \\arc{spelled} or "
                             f"(\\{spelled} x)^{{-1}}", pos)
    if spelled == "log" and p.take("_"):
        base = p.script()
    if FUNCTIONS[spelled].many:
        value = FUNCTIONS[spelled].apply(*_arguments(p, spelled, pos))
    else:
        value = FUNCTIONS[spelled].apply(p.scalar(_argument(p, spelled, pos), pos, f"\\{spelled}"))
    if base is not None:
        value = value / sympy.log(p.scalar(base, pos, "a logarithm's base"))
    return value if power is None else value**power


def _argument(p: Cursor, spelled: str, pos: int) -> Term:
    """The argument of a function: parenthesized, or running to the next sum, relation or function."""
    token = p.peek()
    if token is not None and token.text in ("(", "["):
        argument = p.atom()
    else:
        argument = p.factor()
        while p.starts_factor(p.peek()) and not p.peek().wide and not is_function_start(p, p.peek()):  # type: ignore[union-attr]
            argument = p.mul(argument, p.factor(), p.here())
        if (after := p.peek()) is not None and after.text == "/":
            raise Unreadable(f"\\{spelled} without parentheses before '/' may be \\{spelled}(a/b) or "
                             f"(\\{spelled} a)/b; write \\{spelled}(a/b) or \\frac{{\\{spelled} a}}{{b}}", after.pos)
        if after is not None and after.text in MULTIPLY:
            # \sin x y is sin(x y), so \sin x \cdot y may be sin(x·y) as much as sin(x)·y.
            raise Unreadable(f"\\{spelled} without parentheses before {after.text} may be "
                             f"\\{spelled}(a {after.text} b) or (\\{spelled} a) {after.text} b; write the parentheses",
                             after.pos)
    if spelled == "exp":
        no_index_i_in_exponent(argument, pos)
    return argument


def _arguments(p: Cursor, spelled: str, pos: int) -> list[sympy.Expr]:
    """The parenthesized arguments of a function of several (``\\max(a, b)``)."""
    if p.peek() is None or p.peek().text != "(":  # type: ignore[union-attr]
        raise Unreadable(f"\\{spelled} takes its arguments in parentheses: \\{spelled}(a, b)", pos)
    p.next()
    args = [p.scalar(p.expression(), pos, f"\\{spelled}")]
    while p.take(","):
        args.append(p.scalar(p.expression(), pos, f"\\{spelled}"))
    p.require(")")
    return args


def is_function_start(p: Cursor, token: Token | None) -> bool:
    """True if ``token`` starts a function (or a sum): where an argument without parentheses ends."""
    if token is None:
        return False
    if token.kind == "cmd":
        return token.text[1:] in FUNCTIONS or token.text in BIG_OPERATORS or token.text == "\\operatorname"
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


def _accent(p: Cursor, token: Token) -> Term:
    """``\\hat{q}``, ``\\tilde\\omega``: the symbol named by the letter and the accent (``qhat``)."""
    braced = p.take("{")
    inner = p.next()
    # Under an accent \pi is the letter: \hat{\pi} names the symbol pihat, as the writer prints it.
    letter = inner.text if inner.kind == "letter" else LATEX_GREEK.get(inner.text) if inner.kind == "cmd" else None
    if letter is None or (braced and not p.take("}")):
        raise Unreadable(f"{token.text} is read over one letter ({token.text}{{q}}, {token.text}{{\\omega}}); "
                         "name anything else", inner.pos)
    shown = f"{token.text}{{{GREEK.get(letter, letter)}}}"
    return name(p, letter + token.text[1:], token.pos, shown=shown)


def _font(p: Cursor, token: Token) -> Term:
    p.require("{")
    letters = []
    while not p.take("}"):
        inner = p.next()
        if inner.kind not in ("letter", "num") and inner.text != "_":
            raise Unreadable(f"cannot read '{inner.text}' inside {token.text}{{...}}", inner.pos)
        letters.append(inner.text)
    word = "".join(letters)
    if token.text == "\\mathrm" and word in CONSTANTS:
        return CONSTANTS[word]  # upright e and i are the constants; italic e and i stay letters
    if word in FUNCTIONS and p.scope.lookup(word) is None:
        return function(p, word, token.pos)
    return name(p, word, token.pos)


def _sqrt(p: Cursor, token: Token) -> Term:
    degree: Term = sympy.Integer(2)
    if p.take("["):
        degree = p.expression()
        p.require("]")
    return sympy.root(p.scalar(p.script(), token.pos, "a root"), degree)


def _big_operator(p: Cursor, token: Token) -> Term:
    if not p.take("_"):
        raise Unreadable(f"{token.text} needs its limits: {token.text}_{{i=0}}^{{n-1}}", token.pos)
    p.require("{")
    index = p.next()
    index_name = index.text if index.kind == "letter" else greek_name(index)
    if index_name is None:
        raise Unreadable(f"the index of {token.text} must be a letter, not '{index.text}'", index.pos)
    p.require("=")
    lower = p.expression()
    p.require("}")
    p.require("^")
    upper = p.script()
    outer = p.bound.get(index_name)
    p.bound[index_name] = sympy.Symbol(index_name, integer=True)
    try:
        body = p.scalar(p.term(), token.pos, token.text)
    finally:
        if outer is None:
            del p.bound[index_name]
        else:
            p.bound[index_name] = outer
    if outer is None:
        p.closed.add(index_name)
    limits = (sympy.Symbol(index_name, integer=True), lower, upper)
    return BIG_OPERATORS[token.text](body, limits)


def _environment(p: Cursor, token: Token) -> Term:
    kind = _group_text(p)
    if kind not in MATRICES:
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


def _group_text(p: Cursor) -> str:
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
