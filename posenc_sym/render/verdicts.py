r"""Verdicts in a reader's words: a badge, the method as mathematics, numbers rounded for the eye.

The engine names its strategies after SymPy functions (``expand_trig``, ``structural``); a reader
wants the mathematics (the angle-addition formulas, direct computation). Numbers in the text are
rounded to six significant digits; the exact values stay in the JSON report.

>>> method_words("expand_trig")
'the angle-addition formulas'
>>> method_words("conditions, log-compare factor")
'comparing logarithms, using the conditions, then factoring'
>>> short_decimal("0.84147098480789650665250232163029899962256306079837")
'0.841471'
>>> short_decimal("-1.5e-40")
'-1.5 \\times 10^{-40}'
"""

from __future__ import annotations

import re

import mpmath
import sympy

from .layout import math_width
from .mathtex import decimal_latex, math_latex

__all__ = ["BADGES", "method_words", "short_decimal", "short_value"]

#: The status badges: the macro the notes' preamble defines, and the sign Markdown shows.
BADGES = {
    "proven": (r"\posencproven", "✓"),
    "refuted": (r"\posencrefuted", "✗"),
    "checked": (r"\posencchecked", "≈"),
    "unknown": (r"\posencunknown", "?"),
}

#: The engine's strategy names (posenc_sym.proof.strategies and .inequality) in words.
_METHODS = {
    "structural": "direct computation",
    "expand": "multiplying out",
    "expand_trig": "the angle-addition formulas",
    "pythagoras": r"$\sin^2 + \cos^2 = 1$",
    "pythagoras-cos": r"$\sin^2 = 1 - \cos^2$",
    "half-angle": "the half-angle formula",
    "exp-rewrite": "Euler's formula (rewriting in exponentials)",
    "powsimp": "the laws of exponents",
    "exponents": "simplifying the exponents",
    "cancel": "cancelling common factors",
    "expand_log": "the laws of logarithms",
    "trigsimp": "trigonometric simplification",
    "simplify": "general simplification",
    "sign": "the signs of the terms",
    "factor": "factoring",
    "falsifier": "a numeric search",
}
_PREFIXES = (
    ("conditions, ", "using the conditions"),
    ("log-compare ", "comparing logarithms"),
    ("generalized ", "treating each power as a positive unknown"),
    ("summand-first ", "simplifying the summand first"),
    ("summand ", "combining the sums"),
    ("closed forms, ", "the sums' closed forms"),
    ("common roots, ", "the powers of one base over a common root"),
)
#: The engine's case splits (posenc_sym.proof.conditional.SPLITS): "residues (4 cases): sign".
_SPLIT = re.compile(r"(?P<kind>residues|breakpoints) \((?P<n>\d+) cases\): (?P<rest>.+)")
_SPLIT_WORDS = {"residues": "the residues", "breakpoints": "the pieces between the breakpoints"}


def method_words(method: str) -> str:
    """The engine's method name as the mathematics it stands for (unknown names pass through).

    >>> method_words("residues (4 cases): residues (2 cases): sign")
    'cases on the residues (4 cases), then cases on the residues (2 cases), then the signs of the terms'
    >>> method_words("conditions, trigsimp, half-angle")
    'using the conditions, then trigonometric simplification, then the half-angle formula'
    >>> method_words("closed forms, structural")
    "the sums' closed forms, then direct computation"
    """
    method = method.strip()
    steps = re.fullmatch(r"derivation of (\d+) steps", method)
    if steps:
        count = int(steps.group(1))
        return "a derivation of one step, proven" if count == 1 else f"a derivation of {count} steps, each proven"
    if method.startswith("entrywise: "):
        parts = [method_words(p) for p in method[len("entrywise: "):].split(", ")]
        return "entry by entry: " + "; ".join(dict.fromkeys(parts))  # an entry's own steps use commas
    split = _SPLIT.fullmatch(method)
    if split:
        cases = f"cases on {_SPLIT_WORDS[split['kind']]} ({split['n']} cases)"
        return f"{cases}, then {method_words(split['rest'])}"
    prefixes = []
    found = True
    while found:
        found = False
        for prefix, words in _PREFIXES:
            if method.startswith(prefix):
                prefixes.append(words)
                method, found = method[len(prefix):], True
    if method not in _METHODS and ", " in method:  # strategies tried in turn: "trigsimp, half-angle"
        core = ", then ".join(method_words(part) for part in method.split(", "))
    else:
        core = _METHODS.get(method, method.replace("_", " "))
    if not prefixes:
        return core
    # "comparing logarithms, using the conditions, then factoring": the core strategy last.
    prefixes.sort(key=lambda w: w != "comparing logarithms")
    return ", ".join(prefixes) + (f", then {core}" if core != "the signs of the terms" else "")


def short_decimal(value: str, digits: int = 6) -> str:
    """A decimal string (mpmath's) as math, rounded to ``digits`` significant digits."""
    try:
        with mpmath.workdps(max(60, len(value))):
            number = mpmath.mpf(value)
            text = mpmath.nstr(number, digits, min_fixed=-4, max_fixed=7)
    except (ValueError, TypeError):
        return decimal_latex(value, digits)
    if text.endswith(".0"):
        text = text[:-2]
    return decimal_latex(text, digits + 2)


def short_value(value: sympy.Expr, digits: int = 6) -> str:
    """An exact value as math when it is short (``\\frac{\\pi}{2}``), else ``\\approx`` rounded."""
    exact = math_latex(value)
    if math_width(exact) <= 10:
        return exact
    try:
        decimal = str(sympy.N(value, digits + 4))
    except (TypeError, ValueError):  # pragma: no cover - a counterexample is a number
        return exact
    return r"\approx " + short_decimal(decimal, digits)
