"""Exhaustion: decide a statement whose integer symbols the conditions confine to a few values.

``max(0, min(7, o + 4)) + max(0, min(7, 4 - o)) = 8`` holds for every integer o with |o| < 4 but
for no real o near 4, and no transform of SymPy sees it. When every free symbol of the statement
is an integer and the conditions that name it alone bound it on both sides, its admissible values
are finitely many: they are listed, every condition that SymPy can evaluate at a list entry is
checked there (a condition it cannot evaluate keeps the entry: the list may only grow), and the
statement is substituted at each. Each case is then a closed number, handed back to the prover,
and the claim is proven when every case is. The list covers every admissible value, because a
value is left out only where a condition or an assumption of the symbol (positive, even, …) is
shown false; so a proof by exhaustion is a proof.

A symbol that is not an integer, a bound that is not a finite number, or more than
:data:`MAX_CASES` cases: no split (``None``); nor when no value is admissible (a claim whose
conditions contradict is not proven by an empty list).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import sympy

__all__ = ["MAX_CASES", "integer_range_cases"]

#: A split into more cases than this is not attempted (each case is a whole proof).
MAX_CASES = 64

_FACTS = ("positive", "nonnegative", "negative", "nonpositive", "nonzero", "zero", "even", "odd")


def _truth(condition: sympy.Basic, values: dict[sympy.Symbol, sympy.Integer]) -> bool | None:
    """The condition at ``values``: True, False, or None when SymPy does not evaluate it to a truth."""
    try:
        found = condition.xreplace(values)
        found = found.doit() if not isinstance(found, (bool, sympy.logic.boolalg.BooleanAtom)) else found
    except Exception:  # SymPy failing on a condition decides nothing: the entry stays
        return None
    if found in (True, sympy.true):
        return True
    if found in (False, sympy.false):
        return False
    return None


def _bounds(symbol: sympy.Symbol, conditions: Sequence[sympy.Basic]) -> tuple[int, int] | None:
    """The least and greatest integer the conditions on ``symbol`` alone allow, or None if unbounded."""
    alone = [c for c in conditions if c.free_symbols == {symbol}]
    # The symbol's own sign bounds it too (n positive: n ≥ 1), as an interval: SymPy would
    # evaluate the relation n ≥ 1 itself to True.
    low_sign = 1 if symbol.is_positive else 0 if symbol.is_nonnegative else -sympy.oo
    high_sign = -1 if symbol.is_negative else 0 if symbol.is_nonpositive else sympy.oo
    try:
        region = sympy.Intersection(sympy.Interval(low_sign, high_sign),
                                    *(sympy.solveset(c, symbol, sympy.S.Reals) for c in alone))
        low, high = region.inf, region.sup
    except Exception:  # a condition SymPy cannot solve for the symbol bounds nothing
        return None
    if not (low.is_number and high.is_number and low.is_finite and high.is_finite):
        return None
    return int(sympy.ceiling(low)), int(sympy.floor(high))


def _allowed(symbol: sympy.Symbol, value: int) -> bool:
    """False where one of the symbol's own assumptions (positive, even, …) is false at ``value``."""
    number = sympy.Integer(value)
    return all(getattr(symbol, f"is_{fact}") is not True or getattr(number, f"is_{fact}") for fact in _FACTS)


def integer_range_cases(expr: sympy.Basic, conditions: Sequence[sympy.Basic]) -> list[sympy.Basic] | None:
    """``expr`` at every admissible value of its integer symbols, or None if that is not a short list.

    >>> o = sympy.Symbol("o", integer=True)
    >>> sigma = sympy.Max(0, sympy.Min(7, o + 4)) + sympy.Max(0, sympy.Min(7, 4 - o))
    >>> integer_range_cases(sigma - 8, [sympy.Abs(o) < 4])
    [0, 0, 0, 0, 0, 0, 0]
    >>> integer_range_cases(sigma - 8, [sympy.Abs(o) <= 4])
    [-1, 0, 0, 0, 0, 0, 0, 0, -1]
    >>> integer_range_cases(sigma - 8, [o > -4]) is None  # bounded on one side only
    True
    """
    symbols = sorted(expr.free_symbols, key=str)
    if not symbols or not all(isinstance(s, sympy.Symbol) and s.is_integer for s in symbols):
        return None
    ranges: list[list[int]] = []
    count = 1
    for symbol in symbols:
        bounds = _bounds(symbol, conditions)
        # The span is measured before any list is built: a bound of 10^9 must not build 10^9 values.
        if bounds is None or bounds[1] - bounds[0] + 1 > MAX_CASES:
            return None
        values = [v for v in range(bounds[0], bounds[1] + 1) if _allowed(symbol, v)]
        count *= len(values)
        if count > MAX_CASES:
            return None
        ranges.append(values)
    cases = []
    for combination in itertools.product(*ranges):
        point = {s: sympy.Integer(v) for s, v in zip(symbols, combination, strict=True)}
        if any(_truth(c, point) is False for c in conditions):
            continue
        cases.append(expr.xreplace(point))
    return cases or None  # no admissible value at all: nothing to prove by listing (the conditions contradict)
