"""The atoms of :mod:`.read_grammar`: numbers, groups, absolute values, names and commands.

:func:`atom` dispatches on the next token: a number is the exact number it writes, a parenthesis
or brace a group, bars an absolute value, letters a name (:mod:`.read_names`), a command what the
vocabulary says it is (:mod:`.read_commands`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import sympy
from sympy.core.function import AppliedUndef

from .names import name_latex
from .read_angles import TYPED, TYPED_ANGLES, entries
from .read_commands import command
from .read_cursor import Cursor, Term, is_matrix
from .read_functions import function
from .read_names import name
from .read_numerals import numeral
from .read_pattern import holds_ellipsis
from .read_pattern_shapes import pattern_list
from .read_runs import split_run
from .read_tokens import Token, Unreadable
from .vocabulary import FUNCTIONS

__all__ = ["atom", "decimals_marked"]

#: Where a reading that marks its decimals keeps them (:func:`decimals_marked`); None: decimals are numbers.
_MARKED: ContextVar[dict[sympy.Dummy, sympy.Rational] | None] = ContextVar("marked_decimals", default=None)


@contextmanager
def decimals_marked() -> Iterator[dict[sympy.Dummy, sympy.Rational]]:
    """Read each decimal written (``0.0039``) as a symbol of its own, kept in the dict yielded with its value:
    SymPy folds numbers as it reads them (0.01/8^{0.0039} becomes 2^{9883/10000}/200), and a test of the
    decimals as rounded values must find them again.

    >>> from posenc_sym.notation.read import SimpleScope, from_latex
    >>> with decimals_marked() as marks:
    ...     value = from_latex("8^{0.0039}", SimpleScope())
    >>> [str(v) for v in marks.values()], value.free_symbols == set(marks)
    (['39/10000'], True)
    """
    marks: dict[sympy.Dummy, sympy.Rational] = {}
    token = _MARKED.set(marks)
    try:
        yield marks
    finally:
        _MARKED.reset(token)


def atom(p: Cursor) -> Term:
    """One atom, with the subscript of a name."""
    token = p.next()
    if token.kind == "num":
        value = sympy.Rational(token.text)  # a written decimal is the exact number it shows
        if "." in token.text and (marks := _MARKED.get()) is not None:
            mark = sympy.Dummy(token.text, positive=True) if value > 0 else sympy.Dummy(token.text, nonnegative=True)
            marks[mark] = value
            return mark
        return value
    if token.text in ("(", "["):
        return _parenthesized(p, token)
    if token.text == "{":
        first = p.index
        value = p.expression()
        inside = [t.text for t in p.tokens[first:p.index]]
        p.require("}")
        _check_braced_power(p, token, value, inside)
        return value
    if token.text == "|":
        p.in_bars += 1
        value = p.scalar(p.expression(), token.pos, "an absolute value")
        p.in_bars -= 1
        p.require("|")
        try:
            return sympy.Abs(value)
        except RecursionError:
            # |j - α_h i| with α_h undeclared: SymPy's Abs of a sum of names that may be vectors recurses without end;
            # and a reader sees two meanings there, an absolute value or a vector's norm
            names = _noncommutative_names(value)
            raise Unreadable(f"|…| of {names}, which may be a number (an absolute value) or a vector (a norm); "
                             f"declare it (assume {names} real)", token.pos) from None
    if token.text == "\\Vert":
        return _norm(p, token)
    if token.text == "\\langle":
        return _inner_product(p, token)
    if token.text in ("\\lceil", "\\lfloor"):
        return _rounded(p, token)
    if token.kind == "letter":
        split_run(p, token)
        return atom(p)
    if token.kind == "word":
        return _word(p, token.text, token.pos)
    if token.kind == "cmd":
        return command(p, token)
    raise Unreadable(f"cannot read '{token.text}' here", token.pos)


def _noncommutative_names(value: sympy.Expr) -> str:
    """The names in ``value`` that may be vectors or matrices, as LaTeX (``\\alpha_{h}``, not ``alpha[h]``)."""
    indexed = [a for a in value.atoms(sympy.Indexed) if not a.is_commutative]
    bases = {a.base.label for a in indexed}
    names = indexed + [a for a in value.atoms(sympy.Symbol) if not a.is_commutative and a not in bases]
    plain = [f"{a.base.label}_{'_'.join(map(str, a.indices))}" if isinstance(a, sympy.Indexed) else str(a)
             for a in names]
    return ", ".join(sorted(name_latex(n) or n for n in plain))


def _parenthesized(p: Cursor, opening: Token) -> Term:
    if opening.text == "(" and (number := numeral(p)) is not None:
        return number
    if holds_ellipsis(p.tokens, p.index, frozenset({","})):  # (x_0, x_1, \ldots, x_{d-1}): by its pattern
        return pattern_list(p, opening)
    closing = ")" if opening.text == "(" else "]"
    saved, p.in_bars = p.in_bars, 0
    value = p.expression()
    token = p.peek()
    if token is not None and token.text == "," and opening.text == "[":
        # [a, b, c]: a row, as plain-text notes write a vector
        cells = [p.scalar(value, token.pos, "a row's entry")]
        while p.take(","):
            cells.append(p.scalar(p.expression(), p.here(), "a row's entry"))
        p.in_bars = saved
        p.require("]")
        p.scope.note("row", "read [a, b, …] as a row vector")
        p.typed_rows.append(sympy.ImmutableMatrix([cells]))
        return p.typed_rows[-1]
    if token is not None and token.text == ",":
        vector = p.tuple_rest(opening, value)  # (a, b): a vector where one is meant (read_tuples)
        p.in_bars = saved
        return vector
    p.in_bars = saved  # |\sin(t)|: the bar after the parenthesis closes the absolute value it is in
    p.require(closing)
    return value


#: What may follow ^ after a braced group without putting a power on it: a transpose, a conjugate, a prime.
_NOT_A_POWER = frozenset({"T", "\\top", "\\intercal", "*", "\\ast", "\\star", "\\prime", "\\dagger", "H", "\\mathsf",
                          "\\mathrm"})


#: Tokens that make a braced group a sum or a product whose last factor the page would show the power on.
_TERMS_OR_COEFFICIENT = frozenset({"+", "-", "\\cdot", "\\times", "*", "/"})


def _check_braced_power(p: Cursor, opening: Token, value: Term, inside: list[str]) -> None:
    """Refuse ``{2t}^2``, ``{1+1}^2``, ``{-1}^2``: the page shows the power on the group's last factor (2t², 1 + 1²,
    −1²), the braces put it on the whole group; two readings, none chosen. A group that is one name or one number
    (``{x_1}^2``, ``{10000}^{2i/d}``), a function applied (``{\\sin x}^2``, as a macro ``\\sq{#1}`` makes it), or a
    group parenthesized whole (``{(1+x)}^2``) shows what it means."""
    after = p.peek()
    if after is None or after.text != "^":
        return
    power = p.peek(1)
    if power is not None and (power.text in _NOT_A_POWER or (power.text == "{" and (p.peek(2) or power).text in
                                                                   _NOT_A_POWER)):
        return
    if len(inside) == 1 or isinstance(value, (sympy.Symbol, sympy.Indexed, AppliedUndef)):
        return  # {x}, {10000}, {x_1}, {\\omega_i}: one name or number
    if not (_TERMS_OR_COEFFICIENT & set(inside) or inside[0][:1].isdigit()):
        return  # {\\sin x}^2 (a macro's \\sq{\\sin x}): a function applied, squared
    if inside[:1] in (["("], ["\\left"], ["["]) and inside[-1:] in ([")"], ["]"]) and _closes_at_end(inside):
        return
    shown = "".join(inside)
    raise Unreadable(f"a braced group before a power, {{{shown}}}^…, has two readings: the page shows the power on "
                     f"its last factor, the braces put it on the whole group; write ({shown})^… for the group's "
                     "power, or drop the braces", opening.pos)


def _closes_at_end(inside: list[str]) -> bool:
    """True if the bracket that opens ``inside`` closes at its end (``(1+x)``, not ``(1)+(x)``)."""
    depth = 0
    for n, text in enumerate(inside):
        depth += (text in ("(", "[")) - (text in (")", "]"))
        if depth == 0 and n < len(inside) - 1 and text in (")", "]"):
            return False
    return True


def _rounded(p: Cursor, opening: Token) -> Term:
    """``\\lceil x \\rceil`` (the ceiling) and ``\\lfloor x \\rfloor`` (the floor)."""
    closing, function = ("\\rceil", sympy.ceiling) if opening.text == "\\lceil" else ("\\rfloor", sympy.floor)
    saved, p.in_bars = p.in_bars, 0
    value = p.scalar(p.expression(), opening.pos, opening.text)
    p.in_bars = saved
    p.require(closing)
    return function(value)


def _word(p: Cursor, word: str, pos: int) -> Term:
    following = p.peek()
    if FUNCTIONS.get(word) is not None and FUNCTIONS[word].many and (following is None or following.text not in (
            "(", "_")) and p.scope.undeclared(word) is not None:
        return name(p, word, pos)  # λ{max}: the word max, not the function, where no arguments follow
    if word in FUNCTIONS and word not in p.bound and p.scope.lookup(word) is None:
        return function(p, word, pos)
    return name(p, word, pos)


def _norm(p: Cursor, opening: Token) -> Term:
    """``\\Vert x \\Vert``, ``\\|x\\|``: the Euclidean norm of a vector, the absolute value of a number."""
    p.in_bars += 1
    value = p.expression()
    p.in_bars -= 1
    p.require("\\Vert")
    if is_matrix(value):
        return sympy.sqrt(sum(sympy.Abs(entry) ** 2 for entry in value))
    return sympy.Abs(value)


def _inner_product(p: Cursor, opening: Token) -> Term:
    """``\\langle a, b \\rangle``: the dot product aᵀb of two vectors (columns, or names of vectors)."""
    if opening.kind == TYPED and (count := entries(p.tokens, p.index)) != 2:
        raise Unreadable("'<' here cannot be \"less than\" (no expression stands before it), and the '<' … '>' it "
                         f"opens holds {count} entr{'y' if count == 1 else 'ies'}, not the two of an inner product "
                         "<a, b>; write \\langle a, b \\rangle, or the relation with an expression before '<'",
                         opening.pos)
    saved, p.in_bars = p.in_bars, 0
    left = p.vector_meant(p.expression())
    p.require(",")
    right = p.vector_meant(p.expression())
    p.in_bars = saved
    p.require("\\rangle")
    p.scope.note("inner", "read ⟨a, b⟩ as the dot product aᵀb")
    if opening.kind == TYPED:
        p.scope.note("typed angles", TYPED_ANGLES)
    if is_matrix(left) and is_matrix(right):
        if left.shape != right.shape or left.shape[1] != 1:
            raise Unreadable(f"⟨a, b⟩ of shapes {left.shape} and {right.shape}: the dot product needs two "
                             "columns of one length", opening.pos)
        return (left.T * right)[0, 0]
    if is_matrix(left) or is_matrix(right):
        raise Unreadable("⟨a, b⟩ of a vector and a number has no meaning; check the two sides", opening.pos)
    if left.is_commutative and right.is_commutative:
        return left * right
    return sympy.transpose(left) * right
