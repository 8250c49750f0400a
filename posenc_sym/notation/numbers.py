"""Numbers as math, rounded to a few significant digits.

The exact value of a counterexample stays in the verdict and the JSON; a page prints at most six
significant digits of it. A symbolic value is the writer's to print (:func:`.write.number_latex`
sends only numbers here).
"""

from __future__ import annotations

import re

import mpmath

from .escape import escape_text

__all__ = ["decimal_latex"]

_NUMBER = re.compile(r"^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")


def decimal_latex(value: str | float | int, digits: int = 6) -> str:
    r"""A number written in decimal as math, rounded to at most ``digits`` significant digits;
    text that is not a number is set as escaped text.

    >>> decimal_latex("0.84147098480789650665"), decimal_latex("-1.5e-400"), decimal_latex(123456789)
    ('0.841471', '-1.5 \\times 10^{-400}', '1.23457 \\times 10^{8}')
    >>> decimal_latex("2"), decimal_latex("1.0"), decimal_latex("nan?")
    ('2', '1', '\\text{nan?}')
    """
    text = str(value).strip()
    if not _NUMBER.match(text):
        return rf"\text{{{escape_text(text)}}}"
    with mpmath.workdps(digits + 10):
        shown = mpmath.nstr(mpmath.mpf(text), digits, min_fixed=-5, max_fixed=digits, strip_zeros=True)
    mantissa, _, exponent = shown.partition("e")
    if mantissa.endswith(".0"):
        mantissa = mantissa[:-2]
    if not exponent:
        return mantissa
    return rf"{mantissa} \times 10^{{{int(exponent)}}}"
