"""Functions in a formula: the vocabulary's (``\\sin^2 x``, ``\\log_b x``, ``\\max(a, b)``, an extremum over an index
``\\max_j |h_j|``) with their arguments, and the upright ones (``\\operatorname{Re}``); where an argument written
without parentheses ends.
"""

from __future__ import annotations

import sympy

from .read_cursor import Cursor, Term
from .read_guards import no_index_i_in_exponent
from .read_tokens import Token, Unreadable
from .vocabulary import (
    BIG_OPERATORS,
    FUNCTIONS,
    MULTIPLY,
    UPRIGHT_FUNCTIONS,
)

__all__ = ["function", "is_function_start", "upright_function"]


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
    if FUNCTIONS[spelled].many and p.peek() is not None and p.peek().text == "_":  # type: ignore[union-attr]
        value = _extremum_over(p, spelled, pos)  # \max_j |h_j|: the largest over an index, as a name of its own
    elif FUNCTIONS[spelled].many:
        value = FUNCTIONS[spelled].apply(*_arguments(p, spelled, pos))
    else:
        argument = p.scalar(_argument(p, spelled, pos), pos, f"\\{spelled}")
        value = FUNCTIONS[spelled].apply(argument)
        if (pole := FUNCTIONS[spelled].pole(argument)) is not None:
            p.must_not_vanish(pole)
    if base is not None:
        logarithm = sympy.log(p.scalar(base, pos, "a logarithm's base"))
        p.must_not_vanish(logarithm)
        value = value / logarithm
    return value if power is None else value**power


def _argument(p: Cursor, spelled: str, pos: int) -> Term:
    """The argument of a function: parenthesized, or running to the next sum, relation or function."""
    token = p.peek()
    start = p.index
    if token is not None and token.text in ("(", "["):
        argument = p.atom()
    else:
        argument = p.factor()
        while p.starts_factor(p.peek()) and not p.peek().wide and not is_function_start(p, p.peek()):  # type: ignore[union-attr]
            argument = p.mul(argument, p.factor(), p.here())
        if (after := p.peek()) is not None and after.text == "/":
            raise Unreadable(f"\\{spelled} without parentheses before '/' may be \\{spelled}(a/b) or "
                             f"(\\{spelled} a)/b; write \\{spelled}(a/b) or \\frac{{\\{spelled} a}}{{b}}", after.pos)
        if after is not None and after.text in MULTIPLY and not is_function_start(p, p.peek(1)):
            # \sin x y is sin(x y), so \sin x \cdot y may be sin(x·y) as much as sin(x)·y; before another function
            # (\sin\alpha \cdot \cos\beta) nobody means sin(α·cos β): the argument ends there.
            raise Unreadable(f"\\{spelled} without parentheses before {after.text} may be "
                             f"\\{spelled}(a {after.text} b) or (\\{spelled} a) {after.text} b; write the parentheses",
                             after.pos)
    if spelled == "exp":
        no_index_i_in_exponent(p, start, argument, pos)
    return argument


def upright_function(p: Cursor, spelled: str, pos: int) -> Term:
    """``\\operatorname{Re}[z]``, ``\\Re(z)``, ``\\text{Re}\\,z``: the real part (imaginary part, argument) of z."""
    token = p.peek()
    argument = p.factor() if token is None or token.text not in ("(", "[") else p.atom()
    return UPRIGHT_FUNCTIONS[spelled].apply(p.scalar(argument, pos, f"\\{spelled}"))


def _extremum_over(p: Cursor, spelled: str, pos: int) -> Term:
    """``\\max_j |h_j|``, ``\\min_{k} a_k``: the extremum over an index whose range the row does not say, read as a
    value of its own (an undefined function of the body, the index bound inside it): a row with it is decided only
    where it holds whatever that value is."""
    p.next()
    script = p.tokens[p.index:p.index + 3]
    if script and script[0].kind == "letter":
        index, width = script[0].text, 1
    elif len(script) == 3 and script[0].text == "{" and script[1].kind == "letter" and script[2].text == "}":
        index, width = script[1].text, 3
    else:
        raise Unreadable(f"\\{spelled} under a set or a condition is not read; write \\{spelled}_j over one index",
                         pos)
    p.index += width
    closed = index in p.closed  # \sum_j … = \max_j |h_j| …: the extremum binds j of its own, as the sum did
    p.closed.discard(index)
    try:
        body = p.scalar(p.factor(), pos, f"\\{spelled}")
    finally:
        if closed:
            p.closed.add(index)
    bound = {s: sympy.Dummy(index) for s in getattr(body, "free_symbols", ()) if str(s) == index}
    indexed = {a: a.func(a.base, *[i.xreplace(bound) for i in a.indices])
               for a in getattr(body, "atoms", lambda *_: set())(sympy.Indexed)}
    return sympy.Function(f"{spelled}_{index}")(body.xreplace(indexed).xreplace(bound))


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
        at = next((n for n in range(p.index, len(p.tokens)) if p.tokens[n] is token), p.index)
        for later in p.tokens[at:]:  # from the token asked about: the one after a \cdot, too (sin α · cos β)
            if later.kind != "letter" or (run and later.space):
                break
            run += later.text
        return any(run.startswith(f) for f in FUNCTIONS)
    return False
