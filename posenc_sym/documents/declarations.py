"""Apply one declaration line (``assume …``, ``let …``) to a :class:`~.context.Context`.

Every bad declaration raises :class:`DeclarationError` with one line saying what is wrong and
the fix; the caller adds the file and line.

>>> ctx = Context()
>>> for line in ["assume t real", "assume b > 1", r"let f(x) = x^2 + b"]:
...     apply_declaration(line, ctx)
>>> ctx.symbols["b"].is_positive, ctx.conditions
(True, [b > 1])
>>> try:
...     apply_declaration("assume t realish", ctx)
... except DeclarationError as exc:
...     print(exc)
cannot read the declaration 'assume t realish': the domain must be one of real, positive, nonnegative, \
integer, integer positive, integer nonnegative, even positive, complex
"""

from __future__ import annotations

import re

import sympy

from ..errors import PosencSymError
from ..notation.names import latex_name
from ..notation.read import Unreadable, from_latex, read_row
from ..notation.read_cursor import Term
from ..notation.read_tokens import Token, tokenize
from ..notation.vocabulary import SYMBOL_LETTERS
from .context import Context

__all__ = ["DOMAINS", "DeclarationError", "apply_declaration", "symbol_name"]

#: The domain words of ``assume SYMBOLS DOMAIN`` and the SymPy assumptions they mean.
DOMAINS: dict[str, dict[str, bool]] = {
    "real": {"real": True},
    "positive": {"positive": True},
    "nonnegative": {"nonnegative": True, "real": True},
    "integer": {"integer": True},
    "integer positive": {"integer": True, "positive": True},
    "integer nonnegative": {"integer": True, "nonnegative": True},
    "even positive": {"even": True, "positive": True},
    "complex": {"complex": True},
}
_RELATION_TO_SYMPY = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}


class DeclarationError(PosencSymError):
    """A declaration that cannot be applied; the message says why and how to fix it."""


def symbol_name(latex: str) -> str:
    """The canonical name of a LaTeX symbol: ``\\omega`` -> omega, ``d_{\\text{model}}`` -> d_model.

    >>> symbol_name(r"d_{\\text{model}}"), symbol_name(r"\\omega_i"), symbol_name("pos")
    ('d_model', 'omega_i', 'pos')
    >>> symbol_name(r"\\hat{q}"), symbol_name(r"R_\\theta"), symbol_name("x_{i,j}")
    ('qhat', 'R_theta', 'x_i_j')
    >>> symbol_name("L'"), symbol_name(r"\\lambda^{\\prime}_d"), symbol_name(r"b^{\\prime\\prime}")
    ("L'", "lambda'_d", "b''")
    """
    written = latex_name(latex)
    if written is not None:
        return written  # the names table, as the writer prints a name and the reader reads it back
    tokens = tokenize(latex)
    texts = [t.text for t in tokens]
    if not tokens:
        raise ValueError("an empty name")
    if tokens[0].kind == "cmd" and texts[0][1:] in SYMBOL_LETTERS:
        base, rest = texts[0][1:], tokens[1:]
    elif tokens[0].kind == "letter":
        n = 1
        while n < len(tokens) and tokens[n].kind == "letter" and not tokens[n].space:
            n += 1
        base, rest = "".join(texts[:n]), tokens[n:]
    else:
        raise ValueError(f"'{latex}' is not a symbol")
    primes, rest = _primes(rest)
    base += "'" * primes  # L', \lambda^{\prime}_d: the reader's names L', lambda'_d
    if not rest:
        return base
    if rest[0].text != "_":
        raise ValueError(f"'{latex}' is not a symbol")
    inner = [t for t in rest[1:] if t.text not in ("{", "}", "\\text", "\\mathrm")]
    if not inner or any(t.kind not in ("letter", "num") for t in inner) or (
            rest[1:2] and rest[1].text != "{" and len(inner) > 1):
        raise ValueError(f"the subscript of '{latex}' is not plain text; use let for a subscript with parameters")
    return f"{base}_{''.join(t.text for t in inner)}"


def _primes(tokens: list[Token]) -> tuple[int, list[Token]]:
    """How many primes open ``tokens`` (``'``, ``''``, ``^\\prime``, ``^{\\prime\\prime}``), and the tokens after
    them."""
    texts = [t.text for t in tokens]
    quotes = next((n for n, text in enumerate(texts) if text != "'"), len(texts))
    if quotes:
        return quotes, tokens[quotes:]
    if texts[:2] == ["^", "\\prime"]:
        return 1, tokens[2:]
    inner = next((n for n, text in enumerate(texts[2:]) if text != "\\prime"), len(texts) - 2)
    if texts[:2] == ["^", "{"] and inner and texts[2 + inner:3 + inner] == ["}"]:
        return inner, tokens[3 + inner:]
    return 0, tokens


def apply_declaration(line: str, ctx: Context) -> None:
    """Apply ``line`` to ``ctx`` or raise :class:`DeclarationError`."""
    keyword, _, rest = line.strip().partition(" ")
    try:
        if keyword == "assume":
            _assume(rest.strip(), ctx)
        elif keyword == "let":
            _let(rest.strip(), ctx)
        else:
            raise ValueError("a declaration starts with 'assume' or 'let'")
    except Unreadable as exc:
        raise DeclarationError(f"cannot read the declaration '{line.strip()}': {exc.reason}") from None
    except ValueError as exc:
        raise DeclarationError(f"cannot read the declaration '{line.strip()}': {exc}") from None


def _assume(rest: str, ctx: Context) -> None:
    if any(op in rest for op in ("<", ">", "\\le", "\\ge", "=")):
        _assume_relation(rest, ctx)
        return
    for domain in sorted(DOMAINS, key=len, reverse=True):
        if rest == domain or rest.endswith(" " + domain):
            names = rest[: -len(domain)].strip()
            break
    else:
        raise ValueError("the domain must be one of " + ", ".join(DOMAINS))
    if not names:
        raise ValueError("name the symbols before the domain, e.g. assume t, k real")
    for latex in names.split(","):
        ctx.declare(symbol_name(latex.strip()), DOMAINS[domain])


def _assume_relation(rest: str, ctx: Context) -> None:
    """``b > 1`` or ``0 \\le i < d/2``; an undeclared symbol in it is declared real."""
    for _ in range(20):
        try:
            row = read_row(rest, ctx)
            break
        except Unreadable as exc:
            name = _undeclared(exc) or _primed_at(rest, exc)
            if name is None:
                raise
            ctx.declare(name, {"real": True})
    else:  # pragma: no cover - twenty undeclared names in one relation
        raise ValueError("too many undeclared names")
    if row.first is None or not row.links:
        raise ValueError("write a relation such as b > 1 or 0 \\le i < d/2")
    left = row.first
    added = []
    for relation, right, _pos in row.links:
        if relation not in _RELATION_TO_SYMPY:
            raise ValueError(f"an assumption is an inequality (<, \\le, >, \\ge), not '{relation}'")
        condition = _RELATION_TO_SYMPY[relation](left, right)
        if condition is sympy.false:
            raise ValueError("this assumption is false")
        if condition is not sympy.true:
            added.append(len(ctx.conditions))
            ctx.conditions.append(condition)
        left = right
    # Refining replaces a symbol everywhere, the conditions included, so read them back each time.
    for index in added:
        _refine_from(ctx.conditions[index], ctx)


def _undeclared(exc: Unreadable) -> str | None:
    """The symbol's name an error says is not declared (``b``, ``\\alpha``, ``d_k``), or None for any other error."""
    match = re.match(r"'([^']+)' is not declared", exc.reason)
    if match is None:
        return None
    try:
        return symbol_name(match.group(1))
    except ValueError:
        return None


#: A name with primes, as a relation writes it: ``L'``, ``\\lambda^{\\prime}_d``, ``j''``.
_PRIMED = re.compile(r"(?:\\[A-Za-z]+|[A-Za-z])\s*(?:'+|\^\s*\\prime|\^\s*\{(?:\s*\\prime)+\s*\})"
                     r"(?:_(?:\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9]))?")


def _primed_at(rest: str, exc: Unreadable) -> str | None:
    """The primed name (``L'``) whose prime the reader stopped at, where nothing declares it; None for any other
    error."""
    if not exc.reason.startswith(("a prime (')", "unknown macro \\prime;")):
        return None
    for match in _PRIMED.finditer(rest):
        if match.start() < exc.position < match.end():
            try:
                return symbol_name(match.group())
            except ValueError:
                return None
    return None


def _refine_from(condition: sympy.Basic, ctx: Context) -> None:
    """``b > 1`` makes b positive and ``0 \\le i`` makes i nonnegative, so SymPy can use them."""
    lhs, rhs = condition.lhs, condition.rhs
    if isinstance(condition, (sympy.Lt, sympy.Le)):
        lhs, rhs = rhs, lhs  # now "lhs > rhs" or "lhs >= rhs"
    if not (isinstance(lhs, sympy.Symbol) and rhs.is_number and rhs.is_real):
        return
    strict = isinstance(condition, (sympy.Gt, sympy.Lt))
    if rhs > 0 or (rhs == 0 and strict):
        ctx.refine(lhs.name, {"positive": True})
    elif rhs == 0:
        ctx.refine(lhs.name, {"nonnegative": True})


def _let(rest: str, ctx: Context) -> None:
    lhs, equals, rhs = rest.partition("=")
    if not equals or not rhs.strip():
        raise ValueError("write let NAME = LATEX")
    lhs = lhs.strip()
    function = re.fullmatch(r"(\\?[A-Za-z]+)\s*\(([^()]*)\)", lhs)
    if function:
        _let_function(function.group(1).lstrip("\\"), function.group(2), rhs, ctx)
        return
    head, _, subscript = lhs.partition("_")
    if not subscript:
        ctx.define_value(symbol_name(lhs), from_latex(rhs, ctx))
        return
    if (parameters := _with_parameters(head, subscript, rhs, ctx)) is not None:
        args, body = parameters
        ctx.define_indexed(symbol_name(head.strip()), args, body)
        return
    try:
        args = _subscript_args(subscript, ctx)
    except Unreadable as exc:
        try:
            name = symbol_name(lhs)  # a plain-text subscript: d_{model}
        except ValueError:
            # Neither plain text nor readable: say why it could not be read (an undeclared parameter).
            raise Unreadable(f"the subscript of '{lhs}' cannot be read: {exc.reason}", exc.position) from None
        ctx.define_value(name, from_latex(rhs, ctx))
        return
    ctx.define_indexed(symbol_name(head.strip()), args, from_latex(rhs, ctx))


def _with_parameters(head: str, subscript: str, rhs: str,
                     ctx: Context) -> tuple[tuple[sympy.Expr, ...], Term] | None:
    """``let \\omega_i = 10000^{-2i/d}`` with i declared nowhere: the subscript's names are the definition's
    parameters (real: its formula holds for every value of them), read in a scope of their own; the subscript and
    the formula read there. None when the subscript reads without new names, or a name it needs is not one the formula
    uses (``d_{model} = 512``: a name's plain-text subscript, not a parameter)."""
    scope, added = ctx.copy(), []
    for _ in range(len(subscript) + 1):
        try:
            args = _subscript_args(subscript, scope)
            break
        except Unreadable as exc:
            name = _undeclared(exc)
            if name is None or name in added:
                return None
            added.append(scope.declare(name, {"real": True}))
    else:  # pragma: no cover - more names than characters
        return None
    if not added:
        return None
    body = from_latex(rhs, scope)
    free = body.free_symbols if isinstance(body, sympy.Basic) else set()
    return (args, body) if all(symbol in free for symbol in added) and head.strip() else None


def _subscript_args(subscript: str, ctx: Context) -> tuple[sympy.Expr, ...]:
    text = subscript.strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1].strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return tuple(from_latex(part, ctx) for part in text.split(","))


def _let_function(name: str, params_text: str, body: str, ctx: Context) -> None:
    params: list[sympy.Symbol] = []
    scope = ctx.copy()
    for latex in params_text.split(","):
        param = symbol_name(latex.strip())
        if param in (p.name for p in params):
            raise ValueError(f"the parameter '{latex.strip()}' of {name} appears twice; give each its own name")
        symbol = scope.symbols.get(param) or scope.declare(param, {"real": True})
        params.append(symbol)
    ctx.define_function(name, tuple(params), from_latex(body, scope))
