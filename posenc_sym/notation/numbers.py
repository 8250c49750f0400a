"""Numbers and plain text inside math: rounded to a few significant digits, made harmless.

The exact value of a counterexample stays in the verdict and the JSON; a page prints at most six
significant digits of it.
"""

from __future__ import annotations

import re

import mpmath
import sympy

__all__ = ["escape_text", "number_latex"]

_TEXT_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "%": r"\%", "&": r"\&", "#": r"\#",
    "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
}


def escape_text(text: str) -> str:
    r"""Plain text made harmless inside ``\text{...}`` (no command, comment or group survives).

    >>> escape_text("50% of {x}")
    '50\\% of \\{x\\}'
    """
    return "".join(_TEXT_SPECIAL.get(ch, ch) for ch in " ".join(text.split()))


_NUMBER = re.compile(r"^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")


def number_latex(value: str | float | int | sympy.Basic, digits: int = 6) -> str:
    r"""A number as math, rounded to at most ``digits`` significant digits (the exact value stays in JSON).

    >>> number_latex("0.84147098480789650665"), number_latex("-1.5e-400"), number_latex(123456789)
    ('0.841471', '-1.5 \\times 10^{-400}', '1.23457 \\times 10^{8}')
    >>> number_latex(sympy.Rational(1, 3)), number_latex("2"), number_latex("1.0"), number_latex("nan?")
    ('0.333333', '2', '1', '\\text{nan?}')
    """
    if isinstance(value, sympy.Basic):
        if not value.is_number or not value.is_real:
            from .write import to_latex  # a symbolic value is printed, not rounded

            return to_latex(value)
        value = str(sympy.N(value, digits + 5))
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
