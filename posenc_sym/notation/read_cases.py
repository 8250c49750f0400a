r"""Cases, evaluation bars and spaces: formulas that state conditions inside themselves.

``\begin{cases} a & i - j < w \\ b & i - j \ge w \end{cases}`` (also ``\left\{\begin{matrix} … \end{matrix}\right.``
and ``\begin{array}``) is the piecewise function; ``f\big|_{d = D/2 - 1}`` is f at that point. Each
condition (``i - j < w``) and each point (``d = D/2 - 1``) is a relation the text *states*, not one it
claims: the reader keeps it in :attr:`~.read_cursor.Cursor.stated`, with its offset, so the checker
can show it as a condition, never decide it. A condition cell may open with a word of prose
(``\text{if }``, ``if\ ``); a cell with prose only (``\text{(ReRoPE)}``) labels an alternative rather
than conditioning it, and such a list is not a function: refused.

>>> import sympy
>>> from .read import SimpleScope, read_row
>>> s, t = sympy.symbols("s t", real=True)
>>> row = read_row(r"\begin{cases} 0 & s \le t \\ 1 & s > t \end{cases} = 0", SimpleScope({"s": s, "t": t}))
>>> row.first, [(r, a, b) for r, a, b, _, _ in row.stated]
(Piecewise((0, s <= t), (1, True)), [('<=', s, t), ('>', s, t)])
"""

from __future__ import annotations

import sympy

from .case_overlap import disagreement
from .read_cursor import Cursor, Term
from .read_parity import parity_condition, prose_of
from .read_tokens import Token, Unreadable
from .vocabulary import FONTS, READ_RELATIONS

__all__ = ["CASES", "cases", "environment_name", "evaluation_bar", "space_stated"]

#: Environments that write cases (``\left\{`` before ``matrix`` or ``array`` does too).
CASES = frozenset({"cases", "dcases", "rcases", "cases*"})
_SYMPY_RELATIONS = {"==": sympy.Eq, "!=": sympy.Ne, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}
_PROSE = frozenset({"if", "for", "when", "where", "otherwise", "else", "whenever", "others", "elsewhere"})


def environment_name(p: Cursor) -> str:
    """The name in braces after ``\\begin`` or ``\\end``."""
    p.require("{")
    text = ""
    while not p.take("}"):
        text += p.next().text
    return text


def _skip_prose(p: Cursor) -> bool:
    """Skip a leading word of prose in a condition cell (``\\text{if }``, ``if\\ ``); True if the cell
    holds nothing else (a label such as ``\\text{(ReRoPE)}``, or ``otherwise``)."""
    skipped = False
    while (token := p.peek()) is not None:
        if token.text in FONTS and p.peek(1) is not None and p.peek(1).text == "{":  # type: ignore[union-attr]
            p.next()
            environment_name(p)
            skipped = True
            continue
        run, n = "", 0
        while (letter := p.peek(n)) is not None and letter.kind == "letter" and (n == 0 or not letter.space):
            run += letter.text
            n += 1
        if run.lower() in _PROSE:
            p.index += n
            skipped = True
            continue
        break
    while skipped and (following := p.peek()) is not None and following.text in (".", ",", ";"):
        p.next()  # \text{otherwise}. : the sentence's stop
    following = p.peek()
    return skipped and (following is None or following.text in ("\\\\", "\\end"))


def _condition(p: Cursor, where: str, words: str = "") -> sympy.Basic:
    """A condition cell: relations, each kept as stated; their conjunction. ``words``: its prose, if any."""
    start = p.here()
    try:
        left = p.scalar(p.expression(), p.here(), "a condition")
    except Unreadable:
        if words:
            raise _in_words(where, words, start) from None
        raise
    parts = []
    if not p.at_relation():
        if words:
            raise _in_words(where, words, start)
        raise Unreadable(f"{where} is not a relation; write the condition as a < b", p.here())
    while p.at_relation():
        token = p.next()
        op = READ_RELATIONS[token.text]
        right = p.scalar(p.expression(), p.here(), "a condition")
        p.stated.append((op, left, right, token.pos, where))
        if op == "~":
            raise Unreadable(f"{where} holds an approximation, which is not a condition", token.pos)
        parts.append(_SYMPY_RELATIONS[op](*_compared(op, left, right), evaluate=False))
        left = right
    return sympy.And(*parts) if len(parts) > 1 else parts[0]


def _compared(op: str, left: Term, right: Term) -> tuple[Term, Term]:
    """The two sides of an order condition, each name that may be a matrix (a word such as ``\\text{corr\\_dim}``,
    a name whose formula was not read) read as the real number the comparison says it is."""
    if op in ("==", "!="):
        return left, right

    def scalar(side: Term) -> Term:
        if not isinstance(side, sympy.Basic):
            return side
        return side.xreplace({s: sympy.Symbol(s.name, real=True) for s in side.atoms(sympy.Symbol)
                              if s.is_commutative is False})
    return scalar(left), scalar(right)


def _in_words(where: str, words: str, pos: int) -> Unreadable:
    return Unreadable(f"{where} is in words ('{words}'), which are not read: only a parity is (i even, i odd, i = 2k, "
                      "i \\bmod 2 = 0); write the condition as a relation (a < b)", pos)


def _condition_after_wide_space(p: Cursor) -> None:
    """A case's condition set apart by a wide space and parentheses at the end of its row (``a \\qquad (m - n < w)
    \\\\``), as the ``&`` before it would: the parentheses give way to the ``&``."""
    depth = 0
    for at in range(p.index, len(p.tokens)):
        token = p.tokens[at]
        if depth == 0 and token.text in ("\\\\", "\\end", "&"):
            return
        if depth == 0 and token.text == "(" and token.wide:
            close = _closing(p.tokens, at)
            if close is not None and close + 1 < len(p.tokens) and p.tokens[close + 1].text in ("\\\\", "\\end"):
                del p.tokens[close]
                p.tokens[at] = Token("sym", "&", token.pos, token.space, token.wide)
            return
        depth += (token.text in "([{") - (token.text in ")]}")


def _drop_caption(p: Cursor) -> None:
    """Drop the words in parentheses that end a condition cell after a wide space (``i < c \\quad \\text{(high
    frequencies)} \\\\``): a caption of the case, as a reader sees it, not a factor of the condition."""
    depth = 0
    for at in range(p.index, len(p.tokens)):
        token = p.tokens[at]
        if depth == 0 and token.text in ("\\\\", "\\end", "&"):
            return
        if depth == 0 and token.wide and token.text in FONTS and at + 2 < len(p.tokens) and \
                p.tokens[at + 1].text == "{" and p.tokens[at + 2].text == "(":
            close = _closing(p.tokens, at + 1)
            if close is not None and (close + 1 == len(p.tokens) or p.tokens[close + 1].text in ("\\\\", "\\end")):
                del p.tokens[at:close + 1]
            return
        depth += (token.text in "([{") - (token.text in ")]}")


def _closing(tokens: list[Token], opening: int) -> int | None:
    depth = 0
    for at in range(opening, len(tokens)):
        depth += (tokens[at].text in "([{") - (tokens[at].text in ")]}")
        if depth == 0:
            return at
    return None


def cases(p: Cursor, token: Token, kind: str) -> Term:
    """The cases from ``\\begin{kind}`` on (its name already read) to its ``\\end``: a piecewise value."""
    pieces: list[tuple[Term, sympy.Basic]] = []
    while True:
        _condition_after_wide_space(p)
        value = p.scalar(p.expression(), p.here(), "a case")
        p.take(",")
        condition: sympy.Basic = sympy.true
        if p.take("&"):
            if (parity := parity_condition(p)) is not None:  # \text{if } i \text{ is even}, i = 2k
                condition, witness = parity
                value = value.subs(witness) if witness else value  # k is (i - r)/2 in this case's value
            else:
                cell = p.index
                _drop_caption(p)
                if _skip_prose(p):
                    last = next(t.text for t in reversed(p.tokens[:p.index]) if t.text not in (".", ",", ";"))
                    if len(pieces) == 0 or last not in ("otherwise", "else", "others", "elsewhere", "}"):
                        raise Unreadable("these cases are labelled, not conditioned: a list of alternatives, not "
                                         "one function; state each as a claim of its own", token.pos)
                else:
                    condition = _condition(p, "a condition of the cases", prose_of(p.tokens, cell))
        if pieces and pieces[-1][1] is sympy.true:
            # 1 \\ 2 & x \ge 0: a case with no condition before another holds everywhere, and would win over it
            raise Unreadable("a case with no condition comes before another case: write its condition, or "
                             "\\text{otherwise} on the last case", token.pos)
        pieces.append((value, condition))
        if p.take("\\\\"):
            if p.peek() is not None and p.peek().text == "\\end":  # type: ignore[union-attr]
                p.next()
                break
            continue
        p.require("\\end")
        break
    if environment_name(p) != kind:
        raise Unreadable(f"\\begin{{{kind}}} is closed by another environment", token.pos)
    overlap = disagreement(pieces)
    if overlap is not None:
        point, a, b, first, second = overlap
        raise Unreadable(f"these cases overlap and disagree: at {point} the conditions of cases {a} and {b} both hold, "
                         f"and case {a} gives {first}, case {b} gives {second}; a function has one value at a point "
                         "(taking the first case that matches is a program's rule, not mathematics): make the "
                         "conditions exclusive, or write \\text{otherwise} for the second", token.pos)
    try:
        return sympy.Piecewise(*pieces)
    except (TypeError, ValueError) as exc:
        raise Unreadable(f"these cases cannot be read as one function ({exc})", token.pos) from None


def evaluation_bar(p: Cursor, value: Term, pos: int) -> Term:
    """``f\\big|_{x = a}`` (the bar and '_' already taken): f at x = a; the point is kept as stated."""
    p.require("{")
    name = p.expression()
    if not isinstance(name, sympy.Symbol) or not p.at_relation() or p.peek().text != "=":  # type: ignore[union-attr]
        raise Unreadable("an evaluation bar |_{x = a} names one symbol and its value", pos)
    equals = p.next()
    point = p.scalar(p.expression(), p.here(), "an evaluation point")
    p.require("}")
    p.stated.append(("==", name, point, equals.pos, "the point where the formula before the bar is taken"))
    return value.subs(name, point) if isinstance(value, sympy.Basic) else value


#: The number sets a value may be said to lie in (``\\mathbb{R}``, ``\\R``, typed ℝ).
_SETS = {"R": "R", "C": "C"}
_SET_COMMANDS = {"\\R": "R", "\\C": "C", "\\reals": "R", "\\Reals": "R", "\\complex": "C"}


def space_stated(p: Cursor, value: Term | None) -> bool:
    """Consume ``\\in \\mathbb{R}^{d}`` (``\\mathbb{C}``, ``\\R^{d \\times d}``, …) at the end of a formula: the
    space its value lies in, as ``q_m = W_q x_m \\in \\mathbb{R}^{d}`` states it. It declares a shape or a
    domain, is not a claim, and is not decided; the scope hears of it once. False if no ``\\in`` is next;
    unreadable when what follows is not ℝ or ℂ ending the formula (ℤ, ℕ would be claims), or when ``value``
    (the formula's last expression) is known not to be real and the set is ℝ."""
    token = p.peek()
    if token is None or token.text != "\\in":
        return False
    p.next()
    following = p.next() if p.peek() is not None else None
    if following is not None and following.text in ("\\mathbb", "\\mathbf", "\\Bbb"):
        braced = p.take("{")
        letter = p.next() if p.peek() is not None else None
        if letter is None or letter.text not in _SETS or (braced and not p.take("}")):
            raise Unreadable(_SPACE_ONLY, token.pos)
        space = _SETS[letter.text]
    elif following is None or following.text not in _SET_COMMANDS:
        raise Unreadable(_SPACE_ONLY, token.pos)
    else:
        space = _SET_COMMANDS[following.text]
    powered = p.peek() is not None and p.peek().text == "^"  # type: ignore[union-attr]
    # ℝ^{d×N} holds vectors and matrices, which a product of names not known to commute may be: no check of realness
    if space == "R" and not powered and isinstance(value, sympy.Expr) and value.is_real is False:
        raise Unreadable("this formula is not real, and '\\in \\mathbb{R}' says it is; state it as a claim of its "
                         "own", token.pos)
    for _ in range(2):  # \mathbb{R}^{d \times d}, \mathbb{R}_{+}, \mathbb{R}_{\ge 0}^{d}
        if p.peek() is not None and p.peek().text in ("^", "_"):  # type: ignore[union-attr]
            p.next()
            _skip_group(p)
    if p.peek() is not None:
        raise Unreadable(_SPACE_ONLY, token.pos)
    p.scope.note("space", "read '\\in \\mathbb{R}^{d}' after a formula as the space its value lies in (a shape or a "
                 "domain): stated, not checked")
    return True


_SPACE_ONLY = ("'\\in' is read only at the end of a formula, before \\mathbb{R} or \\mathbb{C} (x_m \\in "
               "\\mathbb{R}^{d}), as the space its value lies in; state any other membership as a claim of its own")


def _skip_group(p: Cursor) -> None:
    """Pass the group (or the one token) at the cursor."""
    if not p.take("{"):
        p.next()
        return
    depth = 1
    while depth:
        token = p.next()
        depth += (token.text == "{") - (token.text == "}")
