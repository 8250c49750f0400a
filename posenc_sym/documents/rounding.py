r"""Values written in decimals: how far the digits written let a value be from the exact one.

A value written with k decimals that rounds or truncates an exact value X lies within one unit of its last place,
10^-k, of X. So ``\cos(\pi/6) \approx 0.866`` (gap 2.5·10^-5 < 10^-3) is what the digits say, while
``\cos(\pi/3) \approx 0.9`` (gap 0.4 > 10^-1) is no rounding of 0.5 at all: refuted. And ``\cos(\pi/6) = 0.866``
has two readings, an exact equality (false) and the value to the digits written (true): neither is guessed.

>>> decimal_units("x = 0.866, y = -12.50")
{433/500: 1/1000, 25/2: 1/100}
>>> t = sympy.cos(sympy.pi / 3)
>>> beyond_rounding(t, sympy.Rational(9, 10), decimal_units("0.9")), beyond_rounding(t, sympy.Rational(1, 2),
...                                                                                    decimal_units("0.5"))
(True, False)
"""

from __future__ import annotations

import itertools
import re

import mpmath
import sympy

__all__ = ["beyond_rounding", "decimal_units", "rounding_explains"]

_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d+)(?![\d.]|e[-+]?\d)")
#: More literals than this are not perturbed corner by corner (2^n evaluations).
_MOST_LITERALS = 4
_MOST_SCALE = 8


def decimal_units(source: str) -> dict[sympy.Rational, sympy.Rational]:
    """Each decimal of ``source`` (as its exact value) and one unit of its last written place."""
    return {sympy.Rational(f"{whole}.{fraction}"): sympy.Rational(1, 10 ** len(fraction))
            for whole, fraction in _DECIMAL.findall(source)}


def _numbers(side: sympy.Basic) -> list[sympy.Expr] | None:
    """The entries of ``side`` if all are numbers with no names (a matrix entry by entry), else None."""
    entries = list(side) if isinstance(side, sympy.MatrixBase) else [side]
    if not all(isinstance(e, sympy.Expr) and not e.free_symbols for e in entries):
        return None
    return entries


def beyond_rounding(exact: sympy.Basic, written: sympy.Basic, units: dict[sympy.Rational, sympy.Rational]) -> bool:
    """True if a side ``written`` in decimals (each entry a decimal of ``units``, up to sign) is further from the
    other side, ``exact`` and free of names, than one unit of its last place: no rounding or truncation gives it."""
    values, decimals = _numbers(exact), _numbers(written)
    if values is None or decimals is None or len(values) != len(decimals):
        return False
    for value, decimal in zip(values, decimals, strict=True):
        unit = units.get(abs(decimal)) if decimal.is_Rational else None
        if unit is None:
            continue
        exact_gap = value - decimal
        if exact_gap.is_Rational:
            if abs(exact_gap) >= unit:  # a rounding is within half a unit of the value, a truncation within one
                return True
            continue
        with mpmath.workdps(30):
            gap = sympy.N(exact_gap, 30)
        if gap.is_real and abs(gap) >= unit:
            return True
    return False


def rounding_explains(difference: sympy.Basic, units: dict[sympy.Rational, sympy.Rational]) -> bool:
    """True if moving the decimals of a row (``units``) within one unit of their last place makes ``difference``
    (lhs − rhs, free of names) change sign or vanish: equal up to the digits written.

    Each decimal that stands in the formula as a number of its own is moved to both ends of its range; a zero
    between the corners then exists wherever the difference is continuous on the box (a divisor vanishing inside
    it makes this claim of an approximate equality, never a proof)."""
    entries = _numbers(difference)
    if entries is None or not units or len(units) > _MOST_LITERALS:
        return False
    literals = list(units.items())
    for entry in entries:
        # SymPy writes 8^{0.0039} as 2^{117/10000}: a number k times a decimal (|k| ≤ 8) stands for it
        scaled = {atom: (n, k) for atom in entry.atoms(sympy.Rational) for n, (value, _) in enumerate(literals)
                  if atom != 0 and (k := atom / value).is_Integer and 0 < abs(k) <= _MOST_SCALE}
        used = sorted({n for n, _ in scaled.values()})
        if not used:
            return False
        signs = set()
        for ends in itertools.product((-1, 1), repeat=len(used)):
            end_of = dict(zip(used, ends, strict=True))
            moved = {atom: k * (literals[n][0] + end_of[n] * literals[n][1]) for atom, (n, k) in scaled.items()}
            with mpmath.workdps(30):
                point = sympy.N(entry.xreplace(moved), 30)
            if not point.is_real:
                return False
            signs.add(sympy.sign(point))
        if not (0 in signs or {1, -1} <= signs):
            return False
    return True
