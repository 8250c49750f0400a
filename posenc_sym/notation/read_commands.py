"""Commands in a formula: Greek letters, accents, functions, fractions, roots, sums, fonts, matrices.

Every command the reader knows is a word of the vocabulary (:mod:`.vocabulary`); this module says
how each is read. A command it does not know is :class:`~.read_tokens.Unreadable` (never skipped),
and so are the relations it does not decide and the ellipses. A new command goes in
:func:`command`'s dispatch, its word in the vocabulary.
"""

from __future__ import annotations

import re

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_accents import accent, bar
from .read_blank_cells import BLANK_CELLS, with_blanks
from .read_cases import CASES, cases, environment_name
from .read_cursor import Cursor, Term
from .read_derivatives import derivative_fraction
from .read_functions import function, upright_function
from .read_guards import not_a_derivative, shown_name
from .read_integrals import integral
from .read_moments import MOMENTS, moment
from .read_names import bold_name, greek_name, name
from .read_pattern import holds_ellipsis
from .read_pattern_shapes import pattern_matrix
from .read_tokens import Token, Unreadable, subscript_first
from .read_words import WORDED, one_name_in_words
from .vocabulary import (
    ACCENT_ALIASES,
    ACCENTS,
    BIG_OPERATORS,
    BLACKBOARD_MEANINGS,
    BOLD,
    CAPTIONED,
    CONSTANTS,
    ELLIPSES,
    FONTS,
    FRACTIONS,
    FUNCTIONS,
    GREEK_ALIASES,
    LATEX_GREEK,
    LETTER_FONTS,
    LETTER_STYLES,
    MATRICES,
    NOT_READ_OPERATORS,
    PROSE_WORDS,
    UNDECIDED_RELATIONS,
    UPRIGHT,
    UPRIGHT_FUNCTIONS,
)

__all__ = ["braced_cases", "command", "font_word"]

def command(p: Cursor, token: Token) -> Term:
    """What the command ``token`` (already taken) writes, with its arguments."""
    spelled = token.text[1:]
    if token.text == "\\pi":
        # A scope may give the command \pi a meaning of its own (a text that sets π: Denote $\pi = 3$); a
        # name "pi" it declares is a Greek letter's name, not the constant's.
        value = p.scope.lookup("\\pi")
        return sympy.pi if value is None else value
    if (letter := greek_name(token) or GREEK_ALIASES.get(token.text)) is not None:
        if letter == "Delta" and (shift := _shift(p)) is not None:
            return shift
        return name(p, letter, token.pos)
    if spelled == "infty":
        return sympy.oo
    if spelled in FUNCTIONS:
        return function(p, spelled, token.pos)
    if spelled in UPRIGHT_FUNCTIONS:
        return upright_function(p, spelled, token.pos)
    if spelled in ("bar", "overline"):
        script_inside_braces(p)
        return bar(p, token)
    if spelled in ACCENTS:
        script_inside_braces(p)
        return accent(p, token)
    if token.text in FRACTIONS:
        if (derivative := derivative_fraction(p, token)) is not None:
            return derivative
        not_a_derivative(p, token)
        numerator = p.script(split_digits=True)
        return p.divide(numerator, p.script(split_digits=True), token.pos)
    if spelled == "sqrt":
        return _sqrt(p, token)
    if spelled == "surd":  # √d_{model}, as plain text types it: the root of the factor that follows
        return _typed_root(p, token)
    if token.text in BIG_OPERATORS:
        return _big_operator(p, token)
    if spelled == "begin":
        return _environment(p, token)
    if token.text == "\\{":
        return braced_cases(p, token)
    if token.text in CAPTIONED:
        return _captioned(p, token)
    if token.text in FONTS:
        return _font(p, token)
    if token.text in LETTER_STYLES:
        return _styled(p, token)
    if token.text in UNDECIDED_RELATIONS:
        raise Unreadable(f"{token.text} is a relation posenc-sym does not decide; write =, \\le, \\ge, <, > or "
                         "\\approx", token.pos)
    if token.text in ELLIPSES:
        raise Unreadable(f"an ellipsis ({token.text}) leaves terms unstated; state the claim per entry, per "
                         "block, or as a sum", token.pos)
    if token.text == "\\int":
        return integral(p, token)
    if token.text in NOT_READ_OPERATORS:
        raise Unreadable(f"{token.text} ({NOT_READ_OPERATORS[token.text]}) is not read; state its value as a claim of "
                         "its own", token.pos)
    raise Unreadable(f"unknown macro {token.text}; rewrite it in plain LaTeX math or declare its meaning",
                     token.pos)


def _styled(p: Cursor, token: Token) -> Term:
    """``\\mathcal{R}``, ``\\mathbb{PE}``: a name of its own (Rcal, PEbb); a blackboard letter that has a meaning
    there (ℝ, 𝔼, 𝟙) is not a name, and is refused outside the places that read it."""
    word = font_word(p, token)
    if LETTER_STYLES[token.text] == "bb" and word == "E":
        return moment(p, word, f"{token.text}{{E}}", token.pos)
    if LETTER_STYLES[token.text] == "bb" and word in BLACKBOARD_MEANINGS:
        raise Unreadable(f"{token.text}{{{word}}} is {BLACKBOARD_MEANINGS[word]} here, not read inside a formula; "
                         "write a name of your own, or state the claim without it", token.pos)
    return name(p, word + LETTER_STYLES[token.text], token.pos)


def _shift(p: Cursor) -> Term | None:
    """``\\Delta t`` (``\\bigtriangleup t``): one symbol, the shift Δt, where the scope reads one and
    nothing declares Δ itself (a declared Δ makes ``\\Delta t`` the product Δ·t)."""
    following = p.peek()
    after = p.peek(1)
    if following is None or following.kind != "letter" or (after is not None and after.kind == "letter"
                                                             and not after.space):
        return None
    if p.scope.lookup("Delta") is not None:
        return None
    shift = f"Δ{following.text}"
    value = p.scope.lookup(shift)
    if value is None:
        value = p.scope.undeclared(shift)
    if value is None:
        return None
    p.next()
    p.scope.note("shift", "read Δt (\\Delta t, \\bigtriangleup t) as one symbol, a shift, not Δ·t")
    return value


def _captioned(p: Cursor, token: Token) -> Term:
    """``\\underbrace{X}_{caption}``, ``\\overbrace{X}^{caption}``: X. The caption (words, or a name for X such
    as ``R_i(k)``) is skipped unread: it labels the formula, it neither is part of it nor defines a name."""
    if p.peek() is None or p.peek().text != "{":  # type: ignore[union-attr]
        raise Unreadable(f"{token.text} takes its formula in braces: {token.text}{{a + b}}", token.pos)
    value = p.script()
    if p.take(CAPTIONED[token.text]):
        _skip_group(p)
    return value


def _skip_group(p: Cursor) -> None:
    """Pass over one argument: a braced group, or one token (with the group of a font command after it)."""
    first = p.next()
    depth = 1 if first.text == "{" else 0
    if depth == 0 and first.text in FONTS and p.peek() is not None and p.peek().text == "{":  # type: ignore[union-attr]
        p.next()
        depth = 1
    while depth:
        inner = p.next()
        depth += (inner.text == "{") - (inner.text == "}")


def script_inside_braces(p: Cursor) -> None:
    """``\\vec{e_j}``, ``\\hat{q_m}``: a subscript inside an accent's braces is the accented name's, as in
    ``\\vec{e}_j``: the closing brace is moved before it (the accent is drawn over the letter alone); so is one
    inside a font's braces after a word (``\\mathrm{head_i}``, as the Transformer paper writes its heads)."""
    tokens, at = p.tokens, p.index
    if not (at + 2 < len(tokens) and tokens[at].text == "{"):
        return
    word = at + 1
    while word < len(tokens) and tokens[word].kind == "letter":
        word += 1
    if word == at + 1 and tokens[word].text in LATEX_GREEK:
        word += 1
    if word == at + 1 or word >= len(tokens) or tokens[word].text != "_":
        return
    end = _after(tokens, word + 1)
    primes = end
    while primes < len(tokens) and tokens[primes].text == "'":
        primes += 1
    if primes < len(tokens) and tokens[primes].text == "}":
        # \mathbf{k_n'} is k'_n: the brace closes after the name, its primes before the subscript
        tokens[word:primes + 1] = [tokens[primes], *tokens[end:primes], *tokens[word:end]]


def _font(p: Cursor, token: Token) -> Term:
    """A name in a font (``\\mathrm{PE}``, ``\\text{max\\_seq}``, ``\\boldsymbol{\\mathcal{R}}``), or an upright
    constant (``\\mathrm{e}``, ``\\text{i}``) or function (``\\operatorname{Re}``)."""
    script_inside_braces(p)  # \mathbf{x_{out}} is \mathbf{x}_{out}, \mathrm{head_i} \mathrm{head}_i: as for an accent
    if token.text in BOLD and _holds_a_formula(p):
        p.require("{")
        value = p.expression()
        p.require("}")
        return value
    word = font_word(p, token)
    if word.lower() in PROSE_WORDS:
        raise Unreadable(f"{token.text}{{{word}}} is a word of prose inside the formula (a condition or a clause); "
                         "state a condition as a relation of its own, or write the formula without it", token.pos)
    if token.text in UPRIGHT and word in MOMENTS and p.scope.lookup(word) is None and \
            p.peek() is not None and p.peek().text in ("[", "(", "_", "^"):  # type: ignore[union-attr]
        return moment(p, word, f"{token.text}{{{word}}}", token.pos)
    if token.text in UPRIGHT and word in CONSTANTS:
        return CONSTANTS[word]  # upright e and i are the constants; italic e and i stay letters
    if word in FUNCTIONS and p.scope.lookup(word) is None:
        return function(p, word, token.pos)
    if word in UPRIGHT_FUNCTIONS and p.scope.lookup(word) is None:
        return upright_function(p, word, token.pos)
    if token.text in BOLD and (own := bold_name(p, word)) != word:
        return name(p, own, token.pos, shown=f"{token.text}{{{shown_name(word)}}}")
    if token.text in LETTER_FONTS and len(word) == 1:
        return name(p, word + LETTER_FONTS[token.text], token.pos, shown=f"{token.text}{{{word}}}")
    return name(p, word, token.pos)


def _holds_a_formula(p: Cursor) -> bool:
    """True if the braced group at the cursor is a formula, not a name: an operator in it, or a name after a
    subscripted one (``\\mathbf{\\Theta_m Q_m}``: each factor bold; ``\\mathbf{x_i}``, ``\\mathbf{PE}`` are names)."""
    tokens = p.tokens
    if p.index >= len(tokens) or tokens[p.index].text != "{":
        return False
    at, subscripted = p.index + 1, False
    while at < len(tokens) and tokens[at].text != "}":
        token = tokens[at]
        if token.text in ("+", "-", "^", "(", "\\cdot", "\\times", "*", "/"):
            return True
        if subscripted and (token.kind == "letter" or token.text in LATEX_GREEK):
            return True
        subscripted = subscripted or token.text == "_"
        at = _after(tokens, at + 1) if token.text == "_" else _after(tokens, at)
    return False


def _after(tokens: list[Token], at: int) -> int:
    """The index after the braced group or the single token at ``at``."""
    depth = 0
    for n in range(at, len(tokens)):
        depth += (tokens[n].text == "{") - (tokens[n].text == "}")
        if depth <= 0:
            return n + 1
    return len(tokens)


def font_word(p: Cursor, token: Token) -> str:
    """The name a font command's group spells: letters, digits, ``\\_``, Greek letters, fonts inside
    (``\\boldsymbol{\\omega}`` is omega), a script letter with its style (``\\mathcal{R}`` is Rcal)."""
    if token.text == "\\rm":  # {\rm Concat}: the old font switch sets the rest of its group upright
        run: list[str] = []
        while (inner := p.peek()) is not None and inner.kind == "letter" and (not run or not inner.space):
            run.append(p.next().text)
        if run:
            return "".join(run)
    if not p.take("{"):
        inner = p.next()
        letter = inner.text if inner.kind in ("letter", "num") else LATEX_GREEK.get(inner.text)
        if letter is None:
            raise Unreadable(f"cannot read '{inner.text}' after {token.text}", inner.pos)
        return letter
    letters: list[str] = []
    first = p.index
    while not p.take("}"):
        inner = p.next()
        if inner.kind == "letter" and inner.space and letters and letters[-1].isalpha() and token.text in WORDED:
            one_name_in_words(p, token, first)
            letters.append(" ")  # \text{seq len}: a name in words, its words kept apart
        if inner.kind in ("letter", "num") or inner.text == "_":
            letters.append(inner.text)
        elif inner.text == "\\_":
            letters.append("_")
        elif inner.text in LATEX_GREEK:
            letters.append(LATEX_GREEK[inner.text])
        elif inner.text in FONTS:
            letters.append(font_word(p, inner))
        elif inner.text in LETTER_STYLES:
            letters.append(font_word(p, inner) + LETTER_STYLES[inner.text])
        elif (accent := ACCENT_ALIASES.get(inner.text, inner.text)[1:]) in ACCENTS and accent != "vec":
            letters.append(font_word(p, inner) + accent)  # \boldsymbol{\tilde k}: the name k̃ in bold, ktilde
        elif inner.kind == "other" and _CJK.fullmatch(inner.text) and token.text in WORDED:
            letters.append(inner.text)  # \text{夹角}, \text{初始角}_Q: a name in the text's own words
        elif inner.text == "-" and token.text in WORDED and letters and letters[-1][-1:].isalpha() and \
                not inner.space and (after := p.peek()) is not None and after.kind == "letter" and not after.space:
            letters.append("-")  # \text{stop-gradient}, \text{Masked-Softmax}: a hyphenated name
        else:
            raise Unreadable(f"cannot read '{inner.text}' inside {token.text}{{...}}", inner.pos)
    word = "".join(letters)
    if not word:
        raise Unreadable(f"{token.text}{{}} is empty", token.pos)
    return word


#: Letters of Chinese, Japanese and Korean words (a name in words: ``\\text{点积}``).
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _typed_root(p: Cursor, token: Token) -> Term:
    """``√d_{model}``, ``√(x+1)``: the root of the atom after ``√`` with its subscript; one followed by a power or a
    factor (``√(t+1)^2``, ``√4x``, ``√4 x``) has two readings, the root of all or of the first part, and is refused
    with both named."""
    radicand = p.scalar(p.atom(), token.pos, "a root")
    following = p.peek()
    if following is not None and (following.text in ("^", "_") or p.starts_factor(following)):
        raise Unreadable("a typed √ before a power or a factor (√(t+1)^2, √4x) is the root of all or of the first "
                         "part; write \\sqrt{…} around what the root takes", following.pos)
    return sympy.sqrt(radicand)


def _sqrt(p: Cursor, token: Token) -> Term:
    degree: Term = sympy.Integer(2)
    if p.take("["):
        degree = p.expression()
        p.require("]")
    return sympy.root(p.scalar(p.script(), token.pos, "a root"), degree)


def _big_operator(p: Cursor, token: Token) -> Term:
    subscript_first(p.tokens, p.index)  # \sum^{m}_{i=1}, as TeX sets it: \sum_{i=1}^{m}
    if not p.take("_"):
        raise Unreadable(f"{token.text} needs its limits: {token.text}_{{i=0}}^{{n-1}}", token.pos)
    braced = p.take("{")
    index = p.next()
    index_name = index.text if index.kind == "letter" else greek_name(index)
    if index_name is None:
        raise Unreadable(f"the index of {token.text} must be a letter, not '{index.text}'", index.pos)
    while p.take("'"):
        index_name += "'"
    if not braced or (p.peek() is not None and p.peek().text == "}"):  # type: ignore[union-attr]
        # \sum_i, \sum_{s'}: over a range the formula does not state; the document may read its ends
        if braced:
            p.require("}")
        lower = p.scope.undeclared(f"{index_name}_first")
        upper = p.scope.undeclared(f"{index_name}_last")
        if lower is None or upper is None:
            raise Unreadable(f"{token.text} needs its limits: {token.text}_{{i=0}}^{{n-1}}", token.pos)
        return _summed(p, token, index_name, lower, upper)
    p.require("=")
    lower = p.expression()
    p.require("}")
    p.require("^")
    upper = p.script()
    return _summed(p, token, index_name, lower, upper)


def _summed(p: Cursor, token: Token, index_name: str, lower: Term, upper: Term) -> Term:
    """The sum (product) over ``index_name`` from ``lower`` to ``upper`` of the term that follows."""
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
    kind = environment_name(p)
    if kind in CASES:
        return cases(p, token, kind)
    if (columns := _array_columns(p, kind)) is not None:  # {cc}: inside \left( … \right) an array is a matrix
        if "|" in columns:
            raise Unreadable(f"an array with a rule between its columns ({{{columns}}}) is an augmented matrix, not "
                             "read; write the matrix as a pmatrix", token.pos)
        kind = "matrix"
    elif kind not in MATRICES:
        raise Unreadable(f"the environment {kind} is not read here (matrices: pmatrix, bmatrix, matrix)",
                         token.pos)
    if holds_ellipsis(p.tokens, p.index, frozenset({"&", "\\\\"})):  # R^d_{Θ,m}: written by its pattern
        return pattern_matrix(p, token, kind)
    rows: list[list[Term | None]] = [[]]
    while True:
        following = p.peek()
        blank = following is not None and following.text in ("&", "\\\\", "\\end")
        rows[-1].append(None if blank else p.expression())
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
    if environment_name(p) not in (kind, "array"):
        raise Unreadable(f"\\begin{{{kind}}} is closed by another environment", token.pos)
    if any(cell is None for row in rows for cell in row) or len({len(row) for row in rows}) > 1:
        p.scope.note("blank cells", BLANK_CELLS)
        return with_blanks(rows, token.pos)
    return _assemble([[cell for cell in row if cell is not None] for row in rows], token.pos)


def braced_cases(p: Cursor, brace: Token) -> Term:
    """``\\left\\{\\begin{matrix} a & c \\\\ b & d \\end{matrix}\\right.``: cases written with a brace."""
    if not (p.take("\\begin") and p.peek() is not None):
        raise Unreadable("a brace \\{ is read only before cases (\\{\\begin{matrix} … \\end{matrix}); a set is not "
                         "read", brace.pos)
    kind = environment_name(p)
    if kind == "aligned":  # \left\{\begin{aligned} a \qquad (x < 0) \\ … \end{aligned}\right.
        return cases(p, brace, kind)
    if _array_columns(p, kind) is None and kind not in MATRICES:
        raise Unreadable(f"a brace \\{{ before the environment {kind} is not read", brace.pos)
    return cases(p, brace, kind)


def _array_columns(p: Cursor, kind: str) -> str | None:
    """The column specification of an ``array`` (``{cc}``, read past), or None for another environment."""
    if kind == "array" and p.peek() is not None and p.peek().text == "{":  # type: ignore[union-attr]
        return environment_name(p)
    return None


def _assemble(rows: list[list[Term]], pos: int) -> ImmutableMatrix:
    """A matrix from rows of cells; a cell may itself be a matrix (a block)."""
    try:
        blocks = [[c if isinstance(c, MatrixBase) else ImmutableMatrix([[c]]) for c in row] for row in rows]
        return ImmutableMatrix(sympy.Matrix.vstack(*(sympy.Matrix.hstack(*row) for row in blocks)))
    except (sympy.ShapeError, ValueError) as exc:
        raise Unreadable(f"the blocks of this matrix do not fit together ({exc})", pos) from None
