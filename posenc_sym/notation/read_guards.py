"""Guards of the reader against writings with two readings (the grammar and the atoms call them).

Each raises :class:`~.read_tokens.Unreadable` where a reader of the rendered page could take the
formula two ways, so the display is ``unknown`` with the reason, never a guess:

- ``x_12`` is typeset x₁2, but its writer likely meant x_{12};
- ``\\sum_{i} \\omega`` with ω defined from i: the sum's term ω_i, or ω at the outer i?
- ``\\frac d{dx} x^2`` (an unbraced numerator) is a derivative, not the quotient d/(d x) times x² (the shapes
  :mod:`.read_derivatives` reads are read before this guard);
- ``e^{i\\pi}`` with i the integer index: the index, or the imaginary unit?

A new refusal goes here, called from where the construct is read.

>>> import sympy
>>> from .read import SimpleScope, from_latex
>>> scope = SimpleScope({"x": sympy.Symbol("x", real=True), "d": sympy.Symbol("d", positive=True)})
>>> for text in ("x_12", r"\\frac d{dx} x^2"):
...     try:
...         from_latex(text, scope)
...     except Unreadable as exc:
...         print(exc.reason)
'_12' is typeset as the subscript 1 then 2; brace the subscript (_{12}) or space the factor
\\frac{d}{d…} is a derivative, which is not read; state the derivative's value as a claim of its own
"""

from __future__ import annotations

from .read_cursor import Cursor, Term
from .read_tokens import Token, Unreadable
from .vocabulary import FONTS, GREEK, LATEX_GREEK

__all__ = ["no_index_i_in_exponent", "no_unbraced_exponent_before_a_name", "not_a_derivative",
           "not_a_word", "not_captured", "one_character", "shown_name"]

#: Words of prose a note types bare inside a formula, ``b = 10000 (if positive)``: never a product of letters.
#: (``st``, ``or``, ``and``, ``all`` may spell products of names, s·t; they are read only in a font command.)
_BARE_WORDS = frozenset({"if", "when", "whenever", "otherwise", "where", "unless", "since", "iff", "else"})


def shown_name(name: str) -> str:
    """A name as a message shows it: a Greek letter by its command (``\\omega``), else as it is."""
    return GREEK.get(name, name)


def one_character(token: Token | None) -> None:
    """An unbraced subscript is one character: ``x_12`` is typeset x₁2, not x₁₂; refuse to choose."""
    if token is not None and token.kind == "num" and len(token.text) > 1:
        raise Unreadable(f"'_{token.text}' is typeset as the subscript {token.text[0]} then {token.text[1:]}; "
                         f"brace the subscript (_{{{token.text}}}) or space the factor", token.pos)


def not_a_word(run: str, pos: int) -> None:
    """A run of letters that is a word of prose (``if``, ``when``), typed bare in a formula, is a condition
    or a clause in words: never read as a product of letters or a name.

    >>> try:
    ...     not_a_word("when", 3)
    ... except Unreadable as exc:
    ...     print(exc.reason[:47], exc.position)
    'when' is a word of prose inside the formula (a 3
    """
    if run.lower() in _BARE_WORDS:
        raise Unreadable(f"'{run}' is a word of prose inside the formula (a condition or a clause); state a condition "
                         "as a relation of its own, or write the formula without it", pos)


def not_captured(p: Cursor, name: str, value: Term, pos: int) -> None:
    """Refuse a defined value that mentions the index of a sum in the same row: in ``\\sum_{i} \\omega``
    with ω = b^{-2i/d}, is ω the term ω_i of the sum, or the fixed ω of the outer i? (After the
    sum, ``= 2\\omega``, the same question.)"""
    indices = p.bound.keys() | p.closed
    clash = sorted(s.name for s in getattr(value, "free_symbols", ()) if s.name in indices and value is not s)
    if clash:
        shown = shown_name(name)
        raise Unreadable(f"'{shown}' depends on {clash[0]}, which is also the index of a sum in this row: write "
                         f"its indexed form ({shown}_{clash[0]}) for the sum's terms, or rename the index", pos)


def not_a_derivative(p: Cursor, fraction: Token) -> None:
    """Refuse ``\\frac d{dx}`` and the other shapes :mod:`.read_derivatives` does not read: read as a quotient,
    d/(d x) x^2 = x would be "proven"."""
    texts = [t.text for t in p.tokens[p.index:]]
    numerator = texts[1:2] if texts[:1] == ["{"] else texts[:1]
    if numerator != ["d"] or texts[2:3] == ["_"]:
        return
    end, depth = 0, 0
    while end < len(texts):  # skip the numerator's group to the denominator
        depth += (texts[end] == "{") - (texts[end] == "}")
        if depth == 0:
            break
        end += 1
    denominator = texts[end + 1:end + 4]
    if denominator[:1] == ["{"]:
        denominator = denominator[1:]
    variable = denominator[1] if denominator[:1] == ["d"] and len(denominator) > 1 else ""
    if variable.isalpha() or variable[1:] in GREEK:
        raise Unreadable(f"{fraction.text}{{d}}{{d…}} is a derivative, which is not read; state the "
                         "derivative's value as a claim of its own", fraction.pos)


def no_index_i_in_exponent(p: Cursor, start: int, exponent: Term, pos: int) -> None:
    """Refuse an exponential whose exponent, read from ``p.tokens[start]`` on, writes a bare i declared
    as an integer (the pair index): in ``e^{i\\pi}`` or ``e^{i\\theta}`` a reader takes i for the imaginary
    unit, and read as the index, ``e^{i\\pi} + 1 \\neq 0`` would be "proven". Which one the writer meant is
    not for the reader to guess. An i in a subscript (``e^{\\mathrm{i} m\\theta_i}``) is the index, and so is an i
    beside a logarithm (``\\exp(-\\frac{2i}{d}\\ln 10000)``, the log-space 10000^{-2i/d}): e^{i ln b} = b^i, a complex
    power, is no rotation anyone writes there."""
    names = {s.name for s in getattr(exponent, "free_symbols", ()) if s.name == "i" and s.is_integer}
    written = p.tokens[start:p.index]
    if any(t.text in ("\\log", "\\ln") for t in written):
        return
    if names and _bare_i(written):
        raise Unreadable("i is declared as an integer index here, so in an exponential it may be the index or "
                         "the imaginary unit; write \\mathrm{i} for the imaginary unit, or write the power with "
                         "another base (b^{-2i/d}) or rename the index", pos)


def no_unbraced_exponent_before_a_name(p: Cursor, start: int, pos: int) -> None:
    """Refuse ``e^i\\theta``, ``e^jx``: TeX sets only the unit after '^' in the exponent (e^{i}·θ), where the writer
    most likely means Euler's e^{iθ}; the two readings differ, and the reader does not choose between them. (``e^x y``
    is e^x·y: no slip is likely there.)"""
    exponent = p.tokens[start] if start < len(p.tokens) else None
    following = p.peek()
    if exponent is None or exponent.text not in ("i", "j") or following is None:
        return
    if following.kind == "letter" or following.text in LATEX_GREEK:
        raise Unreadable(f"e^{exponent.text}{following.text} has two readings: TeX puts only {exponent.text} in the "
                         f"exponent (e^{{{exponent.text}}} times {following.text}), but e^{{{exponent.text}"
                         f"{following.text}}} is likely meant; write the exponent in braces", pos)


def _bare_i(tokens: list[Token]) -> bool:
    """True if ``tokens`` write the letter i outside every subscript."""
    n = 0
    while n < len(tokens):
        if tokens[n].text == "_":
            n += 1
            if n < len(tokens) and tokens[n].text == "{":
                depth = 0
                while n < len(tokens):
                    depth += (tokens[n].text == "{") - (tokens[n].text == "}")
                    n += 1
                    if depth == 0:
                        break
            else:
                n += 1
            continue
        if tokens[n].text in FONTS and n + 1 < len(tokens) and tokens[n + 1].text == "{":
            n = _after_group(tokens, n + 1)  # \text{i}, \mathrm{i}: the upright i, the imaginary unit
            continue
        if tokens[n].kind in ("letter", "word") and tokens[n].text == "i":
            return True
        n += 1
    return False


def _after_group(tokens: list[Token], at: int) -> int:
    depth = 0
    while at < len(tokens):
        depth += (tokens[at].text == "{") - (tokens[at].text == "}")
        at += 1
        if depth == 0:
            break
    return at
