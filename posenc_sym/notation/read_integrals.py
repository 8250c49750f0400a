"""Definite integrals: ``\\int_0^1 \\rho(\\phi)^2 \\, d\\phi``, ``\\int_{0}^{\\pi} \\sin x \\,\\mathrm{d}x``,
``\\int_0^T dt\\, f(t)``.

The integrand runs from the limits to the differential (``dx``, ``\\mathrm{d}x``, ``\\text{d}x``, ``\\dd x``), which
ends it: the differential is the first ``d`` before a single name that closes the term at the integral's own depth
(``\\int_0^1 d\\,x^2\\,dx`` integrates d·x² over x). The variable is bound, real, inside the integrand only, as a
sum's index is. What is read is SymPy's unevaluated Integral, decided as any other formula (its value where SymPy
finds one, else numerically where it is refuted). An integral without limits (an antiderivative, ``\\int f\\,dx``),
or over a set (``\\int_{\\mathbb{R}}``), is refused: it states no value.
"""

from __future__ import annotations

import sympy

from .read_cursor import Cursor, Term, is_matrix
from .read_tokens import Token, Unreadable, subscript_first
from .vocabulary import LATEX_GREEK, READ_RELATIONS

__all__ = ["integral"]

#: Commands that set the d of a differential upright: ``\mathrm{d}x``, ``\text{d}x``, ``\operatorname{d}x``.
_UPRIGHT_D = frozenset({"\\mathrm", "\\text", "\\operatorname", "\\textrm", "\\rm", "\\mathit"})
#: Tokens that end the integral's term at its own depth: after them no differential belongs to it.
_ENDS = frozenset({"+", "-", "\\\\", "&", ",", ";", "\\pm", "\\mp", *READ_RELATIONS})


def integral(p: Cursor, token: Token) -> Term:
    """The definite integral that ``token`` (``\\int``, already taken) opens, up to and with its differential."""
    subscript_first(p.tokens, p.index)
    if not p.take("_"):
        raise Unreadable("an integral without limits (an antiderivative) states no value, and is not read; write it "
                         "with its limits, \\int_a^b f(x)\\,dx", token.pos)
    lower = p.scalar(p.script(), token.pos, "an integral's lower limit")
    if not p.take("^"):
        raise Unreadable("an integral over a set, or with one limit, is not read; write \\int_a^b f(x)\\,dx",
                         token.pos)
    upper = p.scalar(p.script(), token.pos, "an integral's upper limit")
    found = _differential(p.tokens, p.index)
    if found is None:
        raise Unreadable("the integral's differential (dx, \\mathrm{d}x) is not found where its integrand ends; "
                         "write it last, \\int_a^b f(x)\\,dx", token.pos)
    start, after, variable = found
    outer = p.bound.get(variable)
    bound = p.bound[variable] = sympy.Symbol(variable, real=True)
    try:
        if start == p.index:  # \int_0^T dt\, f(t): the differential first, the integrand after it
            p.index = after
            body = p.term()
        else:
            saved, p.tokens = p.tokens, p.tokens[:start]
            try:
                body = p.expression()
                if p.index != start:
                    raise Unreadable(f"cannot read '{p.tokens[p.index].text}' in the integrand",
                                     p.tokens[p.index].pos)
            finally:
                p.tokens = saved
            p.index = after
    finally:
        if outer is None:
            del p.bound[variable]
        else:
            p.bound[variable] = outer
    if is_matrix(body):
        raise Unreadable("an integral of a vector or matrix is not read; integrate entry by entry", token.pos)
    p.scope.note("integral", "read \\int_a^b f(x)\\,dx as the definite integral, its variable bound inside it")
    return sympy.Integral(body, (bound, lower, upper))


def _differential(tokens: list[Token], at: int) -> tuple[int, int, str] | None:
    """Where the differential after ``at`` starts, where it ends, and its variable's name; None if there is none."""
    depth = 0
    for k in range(at, len(tokens)):
        text = tokens[k].text
        if text in ("{", "(", "["):
            depth += 1
        elif text in ("}", ")", "]"):
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and text in _ENDS:
            return None
        elif depth == 0 and (found := _d_at(tokens, k)) is not None:
            after, variable = found
            if k == at or _closes(tokens, after):
                return k, after, variable
    return None


def _d_at(tokens: list[Token], k: int) -> tuple[int, str] | None:
    """``d x``, ``\\mathrm{d} x``, ``\\mathrm d x``, ``\\dd x``, ``\\dd{x}`` at ``k``: the index after it and x."""
    texts = [t.text for t in tokens[k:k + 5]]
    if texts[:1] == ["d"] and tokens[k].kind == "letter":
        d_end = k + 1
    elif texts[:1] and texts[0] in _UPRIGHT_D and texts[1:4] == ["{", "d", "}"]:
        d_end = k + 4
    elif texts[:1] and texts[0] in _UPRIGHT_D and texts[1:2] == ["d"]:
        d_end = k + 2
    elif texts[:1] == ["\\dd"]:
        d_end = k + 1
        if texts[1:2] == ["{"] and texts[3:4] == ["}"] and len(tokens) > k + 2:
            name = _variable(tokens[k + 2])
            return (k + 4, name) if name else None
    else:
        return None
    if d_end >= len(tokens):
        return None
    name = _variable(tokens[d_end])
    return (d_end + 1, name) if name else None


def _variable(token: Token) -> str | None:
    """The name of a single letter or Greek letter token, else None."""
    if token.kind == "letter":
        return token.text
    return LATEX_GREEK.get(token.text)


def _closes(tokens: list[Token], after: int) -> bool:
    """True if the differential ending before ``after`` ends its term: nothing, or no script, follows it there."""
    following = tokens[after] if after < len(tokens) else None
    return following is None or following.text in _ENDS or following.text in (")", "]", "}", ".", "\\end")
