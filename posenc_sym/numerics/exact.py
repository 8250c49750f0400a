"""Exact inputs as mpmath numbers: the one conversion the oracle and the sin/cos engine share.

An exact input is an int, a Fraction, a decimal string, an mpmath number, a Python or NumPy float
(taken as the binary number it is) or a SymPy expression. SymPy is not imported here: an object
with SymPy's ``evalf(n)`` is evaluated to n digits that way.

>>> mpmath.nstr(to_mpf("0.1", 30), 25), mpmath.nstr(to_mpf(Fraction(1, 3), 30), 25)
('0.1', '0.3333333333333333333333333')
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

import mpmath
import numpy

__all__ = ["to_mpf"]


def to_mpf(value: Any, dps: int = 50) -> mpmath.mpf:
    """``value`` as an mpf of ``dps`` digits (SymPy expressions are evaluated with 10 guard digits).

    >>> import sympy
    >>> mpmath.nstr(to_mpf(sympy.Rational(1, 3), 30), 25), to_mpf(numpy.int64(7))
    ('0.3333333333333333333333333', mpf('7.0'))
    """
    if isinstance(value, numbers.Integral):
        value = int(value)  # NumPy and SymPy integers too
    elif isinstance(value, numpy.floating):
        value = float(value)
    with mpmath.workdps(dps):
        if isinstance(value, Fraction):
            return mpmath.mpf(value.numerator) / value.denominator
        if hasattr(value, "evalf"):  # a SymPy expression: sympy.N(value, n) is value.evalf(n)
            return mpmath.mpf(value.evalf(dps + 10))
        return mpmath.mpf(value)
