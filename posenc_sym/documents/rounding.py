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
from collections.abc import Callable

import mpmath
import sympy

from ..notation.read import SimpleScope, Unreadable, read_row
from ..notation.read_atoms import decimals_marked

__all__ = ["beyond_rounding", "decimal_units", "from_rounded_data", "rounding_explains", "rounding_explains_as_written"]

_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d+)(?![\d.]|e[-+]?\d)")
#: More literals than this are not perturbed corner by corner (2^n evaluations).
_MOST_LITERALS = 4
_MOST_SCALE = 8
_SHORT = 1 - sympy.Rational(1, 10**9)


def decimal_units(source: str) -> dict[sympy.Rational, sympy.Rational]:
    """Each decimal of ``source`` (as its exact value) and one unit of its last written place."""
    return {sympy.Rational(f"{whole}.{fraction}"): sympy.Rational(1, 10 ** len(fraction))
            for whole, fraction in _DECIMAL.findall(source)}


def beyond_rounding(exact: sympy.Basic, written: sympy.Basic, units: dict[sympy.Rational, sympy.Rational]) -> bool:
    """True if a side ``written`` in decimals (each entry a decimal of ``units``, up to sign) is further from the
    other side, ``exact`` and free of names, than one unit of its last place: no rounding or truncation gives it."""
    pairs = _entry_pairs(exact, written)
    if pairs is None:
        return False
    for value, decimal in pairs:
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


def rounding_explains(lhs: sympy.Basic, rhs: sympy.Basic, units: dict[sympy.Rational, sympy.Rational]) -> bool:
    """True if the decimals of one side of a row (``units``: those written in it), moved less than one unit of their
    last place, make lhs − rhs (free of names) change sign or vanish: one side is the other rounded or truncated to
    the digits written, or off by less than one in its last digit (as after rounded intermediate steps).

    Which decimals may be rounded values: a side's entry that is a decimal (``= 0.866``, ``= [0.8918; 0.3001]``),
    and a decimal of two or more significant digits inside a formula (``8^{0.0039}``); a decimal of one digit
    inside a formula (``R_2 [0.9; 0.3]``, ``\\frac{0.01}{…}``) is data, exact as written (0.3 ± 0.1 would let any
    result pass). The other side's decimals stay as written. Each movable decimal is moved to both ends of its
    range; a zero between the corners then exists wherever the difference is continuous on the box (a divisor
    vanishing inside it makes this claim of an approximate equality, never a proof). A matrix is taken entry by
    entry.

    >>> third = sympy.Rational(1, 3)
    >>> rounding_explains(third, sympy.Rational(333, 1000), decimal_units("0.333"))
    True
    >>> rounding_explains(sympy.Rational(3, 10) * third, sympy.Rational(1, 4), decimal_units("0.3 0.25"))
    False
    """
    pairs = _entry_pairs(lhs, rhs)
    if pairs is None or not units:
        return False

    def movable(side: sympy.Expr) -> dict[sympy.Basic, tuple[sympy.Rational, sympy.Rational]]:
        if side.is_Rational and abs(side) in units:  # the entry is a decimal written
            return {side: (side, units[abs(side)])}
        # SymPy writes 8^{0.0039} as 2^{117/10000}: a number k times a decimal (|k| ≤ 8) stands for it
        found = {}
        for atom in side.atoms(sympy.Rational):
            if atom.is_Integer:  # 2 in 2^{253/256} is no 8 × 0.25
                continue
            for value, unit in units.items():
                k = atom / value
                if k.is_Integer and 0 < abs(k) <= _MOST_SCALE and _digits(value, unit) >= 2:
                    found[atom] = (atom, abs(k) * unit)
        return found

    return any(_one_side_explains(pairs, moving, movable) for moving in (1, 0))


def rounding_explains_as_written(source: str, before: sympy.Basic | None = None) -> bool:
    """:func:`rounding_explains` for a row of numbers only (``lhs = rhs``) read again with its decimals kept as
    symbols, where SymPy's reading folds them into other numbers (``\\frac{0.01}{8^{0.0039}}`` is
    2^{9883/10000}/200: neither 0.01 nor 0.0039 is left in it to move). A row that continues a chain
    (``= 0.157 + 0.337``) has its left side, ``before``, as read: exact, nothing of it moved.

    >>> rounding_explains_as_written(r"\\frac{0.01}{8^{1/256}} = \\frac{0.01}{8^{0.0039}}")
    True
    >>> rounding_explains_as_written(r"\\frac{0.01}{8^{1/256}} = \\frac{0.01}{8^{0.0049}}")
    False
    >>> rounding_explains_as_written(r"= 0.157 + 0.337", sympy.Rational(4936, 10000))
    True
    """
    units = decimal_units(source)
    if not units:
        return False
    try:
        with decimals_marked() as marks:
            row = read_row(source, SimpleScope())
    except (Unreadable, ValueError, TypeError):
        return False
    first = row.first if row.first is not None else before
    if first is None or len(row.links) != 1 or row.links[0][0] != "==" or \
            any(units.get(value) is None for value in marks.values()):
        return False
    pairs = _entry_pairs(first, row.links[0][1], free=set(marks))
    if pairs is None:
        return False
    exact: dict[sympy.Basic, sympy.Expr] = dict(marks)

    def movable(side: sympy.Expr) -> dict[sympy.Basic, tuple[sympy.Rational, sympy.Rational]]:
        whole = side in marks or (-side) in marks
        return {mark: (marks[mark], units[marks[mark]]) for mark in side.free_symbols & set(marks)
                if whole or _digits(marks[mark], units[marks[mark]]) >= 2}

    return any(_one_side_explains(pairs, moving, movable, exact) for moving in (1, 0))


def _digits(value: sympy.Rational, unit: sympy.Rational) -> int:
    """How many significant digits a decimal writes (0.01: 1, 0.0039: 2, 1.0000: 5)."""
    return len(str(abs(value / unit)))


def _entry_pairs(lhs: sympy.Basic, rhs: sympy.Basic, free: set[sympy.Basic] | None = None
                 ) -> list[tuple[sympy.Expr, sympy.Expr]] | None:
    """The sides entry by entry, if they have one shape and no names but those of ``free``; else None."""
    left = list(lhs) if isinstance(lhs, sympy.MatrixBase) else [lhs]
    right = list(rhs) if isinstance(rhs, sympy.MatrixBase) else [rhs]
    if len(left) != len(right):
        return None
    allowed = free or set()
    if not all(isinstance(e, sympy.Expr) and e.free_symbols <= allowed for e in (*left, *right)):
        return None
    return list(zip(left, right, strict=True))


Movable = Callable[[sympy.Expr], dict[sympy.Basic, tuple[sympy.Rational, sympy.Rational]]]


def _one_side_explains(pairs: list[tuple[sympy.Expr, sympy.Expr]], moving: int, movable: Movable,
                       exact: dict[sympy.Basic, sympy.Expr] | None = None) -> bool:
    """True if moving the movable decimals of side ``moving`` (0: left, 1: right; ``movable`` gives each with its
    value and unit) to the corners of their ranges makes every entry's difference vanish or change sign. Marked
    decimals not moved take their ``exact`` values; an entry with nothing to move must be equal as written."""
    fixed = exact or {}
    for left, right in pairs:
        ranges = movable((left, right)[moving])
        if len(ranges) > _MOST_LITERALS:
            return False
        signs = set()
        for ends in itertools.product((-1, 1), repeat=len(ranges)):
            # short of one unit, by a billionth of it: a value exactly one unit away (0.49 for 0.5) is no rounding and
            # no truncation of it
            corner = {atom: value + end * unit * _SHORT for (atom, (value, unit)), end in zip(ranges.items(), ends,
                                                                                              strict=True)}
            sides = [left, right]
            sides[moving] = sides[moving].xreplace(corner)
            with mpmath.workdps(30):
                point = sympy.N((sides[0] - sides[1]).xreplace(fixed), 30)
            if not point.is_real:
                return False
            signs.add(sympy.sign(point))
        if not (0 in signs or {1, -1} <= signs):
            return False
    return True


#: Units of the last digit a value computed from rounded data may be off by: each datum and the result are rounded
#: to the digits written (half a unit each), and a sum of a few such products gathers up to two units.
_DATA_UNITS = 2


def from_rounded_data(lhs: sympy.Basic, rhs: sympy.Basic, units: dict[sympy.Rational, sympy.Rational],
                      source: str = "") -> bool:
    """True if one side is written in decimals (``units``: those of the row) and the other is computed from decimal
    data the text gave rounded elsewhere (every entry a fraction over a power of ten, AX for A = [0.5065, …]): then
    each entry differs by at most two units of the last digit written (AX = [0.7259] where A's rounded entries give
    0.7260). Not for rows whose computed side is exact (a fraction over 3, a root): those keep
    :func:`rounding_explains`' one unit.

    >>> units = decimal_units("AX = [0.7259, 0.4935]")
    >>> data = sympy.Matrix([sympy.Rational(7260, 10000), sympy.Rational(4935, 10000)])
    >>> from_rounded_data(data, sympy.Matrix([sympy.Rational(7259, 10000), sympy.Rational(4935, 10000)]), units)
    True
    >>> from_rounded_data(data, sympy.Matrix([sympy.Rational(7256, 10000), sympy.Rational(4935, 10000)]), units)
    False
    >>> from_rounded_data(sympy.Rational(1, 3), sympy.Rational(3334, 10000), decimal_units("0.3334"))
    False
    >>> from_rounded_data(sympy.Rational(1, 10), sympy.Rational(11, 100), decimal_units("10000^{-0.25} = 0.11"))
    False
    >>> from_rounded_data(sympy.Rational(1, 2), sympy.Rational(49, 100), decimal_units("0.49"), r"\\cos(\\pi/3) = 0.49")
    False
    """
    pairs = _entry_pairs(lhs, rhs)
    if pairs is None or not units or _COMPUTED_EXACTLY.search(source):
        return False  # \cos(\pi/3) = 0.49: an exact value, one unit its whole allowance
    entries = {abs(e) for pair in pairs for e in pair if e.is_Rational}
    if not set(units) <= entries:
        return False  # 10000^{-0.25} = 0.11: a decimal inside the formula is the row's own, exact: no data elsewhere
    for computed, written in pairs:
        if not (written.is_Rational and abs(written) in units):
            computed, written = written, computed
        if not (written.is_Rational and abs(written) in units and computed.is_Rational):
            return False
        if computed == 0 or not _over_power_of_ten(computed) or \
                abs(computed - written) > _DATA_UNITS * units[abs(written)]:
            return False  # Ax - Ax = [0.0002]: a zero is exact whatever the data, never rounded data
    return True


#: What computes a value exactly rather than from data: a function, a fraction, a power, a root, a constant.
_COMPUTED_EXACTLY = re.compile(r"\\(?:sin|cos|tan|exp|log|ln|frac|sqrt|pi)(?![A-Za-z])|\^")


def _over_power_of_ten(value: sympy.Rational) -> bool:
    """True if ``value``'s denominator has no prime factor but 2 and 5 (a decimal, or a product of decimals)."""
    q = int(value.q)
    for prime in (2, 5):
        while q % prime == 0:
            q //= prime
    return q == 1
