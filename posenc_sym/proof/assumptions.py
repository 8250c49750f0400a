"""Assumptions: read them off symbols, say them in words, and refuse symbols that have none."""

from __future__ import annotations

from collections.abc import Iterable

import sympy

from ..errors import PosencSymError

__all__ = ["describe_symbol", "require_assumptions", "stated_assumptions"]


def _kind(sym: sympy.Symbol) -> str:
    if sym.is_integer:
        if sym.is_even:
            noun = "even integer"
        elif sym.is_odd:
            noun = "odd integer"
        else:
            noun = "integer"
    elif sym.is_rational:
        noun = "rational"
    elif sym.is_real:
        noun = "real"
    elif sym.is_complex:
        noun = "complex"
    else:
        noun = "value"
    if sym.is_positive:
        return f"positive {noun}"
    if sym.is_negative:
        return f"negative {noun}"
    if sym.is_nonnegative:
        return f"nonnegative {noun}"
    if sym.is_nonpositive:
        return f"nonpositive {noun}"
    if sym.is_nonzero and sym.is_real:
        return f"nonzero {noun}"
    return noun


def describe_symbol(sym: sympy.Symbol) -> str:
    """The symbol's domain in words.

    >>> describe_symbol(sympy.Symbol("d", even=True, positive=True))
    'd is a positive even integer'
    >>> describe_symbol(sympy.Symbol("t", real=True))
    't is real'
    >>> describe_symbol(sympy.MatrixSymbol("W_q", sympy.Symbol("d", integer=True, positive=True), 2))
    'W_q is a real matrix'
    """
    if isinstance(sym, sympy.MatrixSymbol):  # its entries are real (proof.matrix_sizes); its size, a symbol
        return f"{sym.name} is a real matrix"
    kind = _kind(sym)
    if kind in ("real", "complex", "rational"):
        return f"{sym} is {kind}"
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{sym} is {article} {kind}"


def require_assumptions(symbols: Iterable[sympy.Symbol], owner: str) -> None:
    """Raise if a free symbol carries no domain: a claim over an unknown domain cannot be decided.

    >>> try:
    ...     require_assumptions([sympy.Symbol("x")], "claim 'demo'")
    ... except PosencSymError as exc:
    ...     print(exc)
    claim 'demo': symbol 'x' has no assumptions; declare its domain, e.g. Symbol('x', real=True)
    """
    for sym in symbols:
        if isinstance(sym, sympy.MatrixSymbol):
            continue  # a matrix of real entries; its size symbols are checked as symbols
        if not (sym.is_real or sym.is_complex):
            raise PosencSymError(
                f"{owner}: symbol {str(sym)!r} has no assumptions; declare its domain, "
                f"e.g. Symbol({str(sym)!r}, real=True)"
            )


def stated_assumptions(symbols: Iterable[sympy.Symbol], conditions: Iterable[sympy.Basic]) -> tuple[str, ...]:
    """Every assumption of a claim in words: one per symbol, then each extra condition.

    >>> b = sympy.Symbol("b", positive=True)
    >>> stated_assumptions([b], [b > 1])
    ('b is a positive real', 'b > 1')
    """
    return tuple(describe_symbol(s) for s in symbols) + tuple(sympy.sstr(c) for c in conditions)
