r"""Derivatives as notes write: ``\frac{d}{dx} E``, ``\frac{dy}{dx}``, ``\frac{\partial^2 f}{\partial x \partial y}``
and primes (``g'(x)``, read by :mod:`.read_names`).

Each is read as an unevaluated ``sympy.Derivative``: the engine carries it out only where the expression is
differentiable by construction (:mod:`posenc_sym.proof.continuity`), and holds it at a kink, a jump or a pole.

- The shapes: a fraction whose numerator opens with the differential (``d``, ``\mathrm{d}``, ``\partial``),
  optionally to a power (``d^2``), and whose denominator is differentials each followed by a variable
  (``dx``, ``d x^2``, ``\partial x \partial y``). Only there is ``d`` the differential, also where the text's
  width is d: ``\frac{d}{2}``, ``\frac{d}{d_{model}}``, ``\frac{d x}{d}`` are quotients.
- The variable is a name the row can vary: a symbol known to be real and not an integer. An index, an
  integer, a defined formula (``\theta_i``), a name nothing declares: refused, named.
- ``\frac{d}{dx}`` before a formula applies to the product that follows, up to the next ``+`` or ``-`` (as
  ``\sin`` takes its argument); a product of several factors followed by ``+`` or ``-`` is refused, since a
  reader may extend the derivative over the sum (``\frac{d}{dx} x y + z``).
- ``\frac{dg}{dx}`` of a function of one argument is its derivative at x; ``g'(x)``, ``g''(x)`` (primes on a
  function the text has, read by :mod:`.read_names`) are the derivative at a variable x.

>>> import sympy, textwrap
>>> from .read import SimpleScope, from_latex
>>> x, k = sympy.Symbol("x", real=True), sympy.Symbol("k", integer=True)
>>> scope = SimpleScope({"x": x, "k": k})
>>> from_latex(r"\frac{d}{dx} \sin(x) + 1", scope)
Derivative(sin(x), x) + 1
>>> from_latex(r"\frac{\mathrm{d}^2 x^3}{\mathrm{d}x^2}", scope)
Derivative(x**3, (x, 2))
>>> for text in (r"\frac{d}{dk} k^2", r"\frac{d}{dx} x k + 1"):
...     try:
...         from_latex(text, scope)
...     except Unreadable as exc:
...         print(textwrap.fill(exc.reason, 110))
the derivative's variable k is an integer (an index): a derivative is taken in a real variable; declare it
real (assume k real) if it varies continuously, or write \frac{d}{d \cdot k} for a quotient
\frac{d}{dx} before a product followed by + has two readings: the derivative of the product (k*x) alone, or of
everything after it; parenthesize what it differentiates
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.matrices import ImmutableMatrix

from .read_cursor import Cursor, Term, is_matrix
from .read_guards import shown_name
from .read_tokens import Token, Unreadable, closing_brace
from .vocabulary import LATEX_GREEK, MULTIPLY

__all__ = ["derivative_fraction", "differentiate", "variable_of"]

#: Fonts a differential is set in upright: ``\mathrm{d}x``.
_UPRIGHT = ("\\mathrm", "\\text", "\\operatorname", "\\textrm", "\\mathit")


@dataclass(frozen=True)
class _Marker:
    kind: str  # "d" or "partial"
    width: int  # tokens it takes


def _marker(tokens: list[Token], at: int) -> _Marker | None:
    """The differential at ``tokens[at]``: ``d`` (not ``d_{model}``), ``\\mathrm{d}``, ``\\partial``."""
    texts = [t.text for t in tokens[at:at + 4]]
    if texts[:1] == ["\\partial"]:
        return _Marker("partial", 1)
    if texts[:1] == ["d"] and tokens[at].kind == "letter" and texts[1:2] != ["_"]:
        return _Marker("d", 1)
    if len(texts) == 4 and texts[0] in _UPRIGHT and texts[1:] == ["{", "d", "}"]:
        return _Marker("d", 4)
    return None


def _is_shape(p: Cursor) -> bool:
    """True if the fraction at the cursor (``\\frac`` taken) is a derivative: ``{d…}{d v…}``."""
    tokens, at = p.tokens, p.index
    if at >= len(tokens) or tokens[at].text != "{" or _marker(tokens, at + 1) is None:
        return False
    end = closing_brace(tokens, at)
    if end is None or end + 2 >= len(tokens) or tokens[end + 1].text != "{":
        return False
    below = _marker(tokens, end + 2)
    if below is None:
        return False
    following = tokens[end + 2 + below.width] if end + 2 + below.width < len(tokens) else None
    return following is not None and following.kind in ("letter", "cmd") and following.text not in MULTIPLY


def _order(p: Cursor) -> int:
    """The order after a differential or a variable: ``^2``, ``^{2}``; 1 if none."""
    texts = [t.text for t in p.tokens[p.index:p.index + 4]]
    if texts[:1] != ["^"]:
        return 1
    if len(texts) > 1 and texts[1].isdigit():
        p.index += 2
        return int(texts[1])
    if texts[1:2] == ["{"] and len(texts) > 3 and texts[2].isdigit() and texts[3] == "}":
        p.index += 4
        return int(texts[2])
    raise Unreadable("the order of a derivative is a whole number (d^2, \\partial x^{2})", p.tokens[p.index].pos)


def derivative_fraction(p: Cursor, fraction: Token) -> Term | None:
    """The derivative the fraction at the cursor writes (``\\frac`` taken), or None if it is no derivative."""
    if not _is_shape(p):
        return None
    p.require("{")
    kind = _take_marker(p, None, fraction)
    order = _order(p)
    operand_start = p.index
    leibniz = p.peek() is not None and p.peek().text != "}"  # type: ignore[union-attr]
    operand: Term | None = p.expression() if leibniz else None
    operand_end = p.index
    p.require("}")
    p.require("{")
    variables: list[tuple[sympy.Symbol, int]] = []
    while not p.take("}"):
        _take_marker(p, kind, fraction)
        start = p.peek()
        variable = variable_of(p.atom(), start.pos if start else fraction.pos, _shown_tokens(p, start))
        variables.append((variable, _order(p)))
    if sum(n for _, n in variables) != order:
        raise Unreadable(f"the orders of this derivative differ: {order} above, {sum(n for _, n in variables)} "
                         "below the fraction bar", fraction.pos)
    p.scope.note("derivative", "read \\frac{d}{dx} E, \\frac{dE}{dx}, \\frac{\\partial E}{\\partial x} as the "
                 "derivative of E in x, taken only where E is differentiable (d the differential there, also where "
                 "the text's width is d)")
    if operand is None:
        operand = operand_after(p, fraction)
    else:
        operand = _bare_function(p, operand_start, operand_end, operand, variables, fraction, kind)
    return differentiate(operand, variables, fraction.pos)


def _take_marker(p: Cursor, kind: str | None, fraction: Token) -> str:
    marker = _marker(p.tokens, p.index)
    if marker is None or (kind is not None and marker.kind != kind):
        token = p.peek()
        raise Unreadable("a derivative's denominator is differentials, each before its variable (dx, "
                         "\\partial x \\partial y), all d or all \\partial as in its numerator",
                         token.pos if token else fraction.pos)
    p.index += marker.width
    return marker.kind


def _shown_tokens(p: Cursor, start: Token | None) -> str:
    if start is None:
        return "?"
    return shown_name(LATEX_GREEK.get(start.text, start.text))


def variable_of(value: Term, pos: int, shown: str) -> sympy.Symbol:
    """``value`` if it is a variable a derivative may be taken in (a real symbol, not an integer); else refuse.

    >>> variable_of(sympy.Symbol("t", real=True), 0, "t")
    t
    """
    if not isinstance(value, sympy.Symbol):
        raise Unreadable(f"the derivative's variable {shown} is {sympy.sstr(value)} here, not a variable of its own: "
                         "a derivative is taken in a name the row can vary; write it in such a name", pos)
    if value.is_integer:
        raise Unreadable(f"the derivative's variable {shown} is an integer (an index): a derivative is taken in a "
                         f"real variable; declare it real (assume {shown} real) if it varies continuously, or write "
                         f"\\frac{{d}}{{d \\cdot {shown}}} for a quotient", pos)
    if value.is_real is not True:
        raise Unreadable(f"the derivative's variable {shown} is not declared real: a derivative is taken in a real "
                         f"variable; declare it (assume {shown} real)", pos)
    return value


def operand_after(p: Cursor, fraction: Token) -> Term:
    """What ``\\frac{d}{dx}`` before a formula differentiates: the product that follows, up to ``+``/``-``."""
    if not p.starts_factor(p.peek()):
        raise Unreadable("\\frac{d}{dx} applies to nothing here; write what it differentiates after it",
                         fraction.pos)
    start, nonzero, stated = p.index, len(p.nonzero), len(p.stated)
    first = p.factor()
    following = p.peek()
    if following is None or not (following.text in MULTIPLY or following.text == "/" or p.starts_factor(following)):
        if following is not None and following.text in ("+", "-"):
            p.scope.note("derivative-term", "read \\frac{d}{dx} before a formula as the derivative of the factor "
                         "that follows it (\\frac{d}{dx} \\sin(x) + 1 is \\cos(x) + 1), as \\sin takes its argument")
        return first
    p.index = start
    del p.nonzero[nonzero:], p.stated[stated:]
    product = p.term()
    following = p.peek()
    if following is not None and following.text in ("+", "-"):
        raise Unreadable(f"\\frac{{d}}{{dx}} before a product followed by {following.text} has two readings: the "
                         f"derivative of the product ({sympy.sstr(product)}) alone, or of everything after it; "
                         "parenthesize what it differentiates", fraction.pos)
    return product


def _bare_function(p: Cursor, start: int, end: int, operand: Term, variables: list[tuple[sympy.Symbol, int]],
                   fraction: Token, kind: str) -> Term:
    """``\\frac{dg}{dx}`` with g a function the text has: g at the variable, if g takes one argument."""
    texts = [t.text for t in p.tokens[start:end]]
    name = "".join(texts) if all(t.kind in ("letter", "word") for t in p.tokens[start:end]) else LATEX_GREEK.get(
        texts[0], "") if len(texts) == 1 else ""
    if not name or not p.scope.is_function(name):
        return operand
    distinct = list(dict.fromkeys(v for v, _ in variables))
    shown = shown_name(name)
    if len(distinct) != 1 or kind == "partial":
        # a partial derivative is of a function of several arguments: which of them is x, the text must say
        raise Unreadable(f"{shown} is a function: write its arguments, "
                         f"\\frac{{\\partial}}{{\\partial x}} {shown}(x, y), so that each variable is the "
                         "argument it is", fraction.pos)
    try:
        value = p.scope.call(name, (distinct[0],))
    except ValueError as exc:
        raise Unreadable(f"{exc}: write its arguments, \\frac{{d}}{{dx}} {shown}(x)", fraction.pos) from None
    p.scope.note(f"leibniz:{name}", f"read \\frac{{d{shown}}}{{dx}} as the derivative of {shown} at x")
    return value


def differentiate(operand: Term, variables: list[tuple[sympy.Symbol, int]], pos: int) -> Term:
    """The unevaluated derivative of ``operand`` (entrywise for a matrix).

    >>> t = sympy.Symbol("t", real=True)
    >>> differentiate(sympy.sin(t), [(t, 2)], 0)
    Derivative(sin(t), (t, 2))
    """
    if is_matrix(operand):
        return ImmutableMatrix(operand.applyfunc(lambda e: differentiate(e, variables, pos)))
    # A name that may be a vector or a matrix (noncommutative) is differentiated as it is: SymPy's product rule
    # keeps the order of the factors, and a row about a name the text does not define is not decided from it.
    return sympy.Derivative(operand, *variables)
