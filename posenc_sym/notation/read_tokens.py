"""Tokens of a LaTeX formula, each with its offset in the text, for :mod:`.read`.

Spacing commands, ``\\left``/``\\right`` (and ``\\bigl`` …) and alignment marks are dropped here:
they carry no mathematics. Letters stay one token each; the reader groups runs of letters itself,
because a run must not be merged after ``_`` or ``^`` (``w_kt`` is ``w_k t``). Unicode a note
types directly (``≤``, ``ω``) becomes the command it means (:data:`~.vocabulary.READ_UNICODE`).

>>> [t.text for t in tokenize(r"\\left( x_{0} \\, + 2.5\\right)")]
['(', 'x', '_', '{', '0', '}', '+', '2.5', ')']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import PosencSymError
from .read_angles import typed_angles
from .vocabulary import ACCENT_ALIASES, DELIMITERS, READ_UNICODE, SIZERS, SPACING, WIDE

__all__ = ["Token", "Unreadable", "closing_brace", "nesting", "prime_first", "subscript_first", "tokenize"]


class Unreadable(PosencSymError):
    """A formula the reader will not guess at: the reason, and the offset in the text.

    >>> str(Unreadable("unknown macro \\\\foo; declare it or rewrite the formula", 3))
    'unknown macro \\\\foo; declare it or rewrite the formula'
    >>> issubclass(Unreadable, PosencSymError), issubclass(Unreadable, ValueError)
    (True, True)
    """

    def __init__(self, reason: str, position: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


@dataclass(frozen=True)
class Token:
    """One token: ``kind`` is cmd, letter, num, sym or other; ``space`` if white space preceded it,
    ``wide`` if a wide space (``\\quad``, ``\\qquad``) did: one that separates formulas."""

    kind: str
    text: str
    pos: int
    space: bool = False
    wide: bool = False


#: Typed superscripts and subscripts (², ᵢ, ᵀ): a run of one kind is one script (``10⁻²ⁱ`` is ``10^{-2i}``).
_SCRIPTS = {c: latex for c, latex in READ_UNICODE.items() if latex.startswith(("^{", "_{"))}
_TOKEN = re.compile(
    r"(?P<ws>\s+)"
    + "".join(f"|(?P<{kind}>[{''.join(re.escape(c) for c in _SCRIPTS if _SCRIPTS[c][0] == mark)}]+)"
              for kind, mark in (("up", "^"), ("down", "_"))) +
    r"|(?P<comment>%[^\n]*)"
    r"|(?P<cmd>\\(?:[A-Za-z]+|\\|.|$))"  # a backslash that ends the display is its control space (\<newline>)
    # 10,000: groups of three digits, one of them led by 0, which no number written alone is (4,096 too); 0,001 (a
    # decimal comma) and 10,0001 are no thousands
    r"|(?P<grouped>(?<!\d)[1-9]\d{0,2}(?:(?:,|\{,\})\d{3})*(?:,|\{,\})0\d\d(?:(?:,|\{,\})\d{3})*(?![\d.,]))"
    r"|(?P<num>\d+(?:\.\d+)?|\.\d+)"
    r"|(?P<letter>[A-Za-z])"
    r"|(?P<sym>[-+*/^_(){}\[\]&,=<>|'!.;:~])"
    r"|(?P<other>.)",
    re.DOTALL,
)


#: ``\left<`` and ``\right>`` (``\bigl<`` …): TeX sets a sized ``<`` and ``>`` as angle brackets, never as relations.
_SIZED_ANGLES = {"<": "\\langle", ">": "\\rangle"}
_HSPACE = re.compile(r"\\hspace\*?\{[^{}]*\}")


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``; raises :class:`Unreadable` for a sizing command without a delimiter."""
    tokens: list[Token] = []
    space = wide = False
    medium = 0  # \; and \: in a row: two or more set formulas apart as \quad does (Q = XW_Q \;\;\; K = XW_K)
    pending_sizer: tuple[str, int] | None = None
    # \hspace{5mm} sets statements apart as \quad does; blanked to the same length, so offsets still hold
    text = _HSPACE.sub(lambda m: "\\quad" + " " * (len(m.group()) - 5), text)
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        value = match.group()
        if kind in ("up", "down"):
            script = _SCRIPTS[value[0]][0] + "{" + "".join(_SCRIPTS[c][2:-1] for c in value) + "}"
            tokens.extend(Token(t.kind, t.text, match.start(), space and not n, wide and not n)
                          for n, t in enumerate(tokenize(script)))
            space = wide = False
            continue
        if kind == "grouped":
            kind, value = "num", value.replace("{,}", "").replace(",", "")  # 500{,}000: TeX's spaced comma
        if value in ACCENT_ALIASES:
            value = ACCENT_ALIASES[value]
        elif value == "\\cr":
            value = "\\\\"  # plain TeX's row end, as MathJax and KaTeX read it inside a matrix
        if kind == "cmd" and (value[1:].isspace() or value == "\\"):
            value = "\\ "  # \<newline>: TeX's control space, as a backslash that ends a line inside a display
        elif value == "\\_" and (text[match.end():].lstrip().startswith("{") or (
                tokens and tokens[-1].kind == "cmd" and tokens[-1].text[1:].isalpha() and
                re.match(r"[A-Za-z0-9]", text[match.end():match.end() + 1]) is not None)):
            value, kind = "_", "sym"  # f\_{W_q}, \theta\_i: Markdown's escaped '_' (a subscript), as writers type it
        if kind in ("ws", "comment") or value == "~" or value in SPACING:
            space = True
            medium += value in ("\\;", "\\:")
            wide = wide or value in WIDE or medium >= 2
            continue
        if kind == "other" and value in READ_UNICODE:
            value = READ_UNICODE[value]
            kind = "sym" if len(value) == 1 else "cmd"
        if value in SIZERS:
            pending_sizer = (value, match.start())
            continue
        if pending_sizer is not None:
            pending_sizer = None
            if value == ".":  # \left. and \right. are invisible delimiters
                continue
            value = _SIZED_ANGLES.get(value, DELIMITERS.get(value, value))  # \left< is TeX's angle bracket
            kind = "sym" if len(value) == 1 else "cmd" if value in _SIZED_ANGLES.values() else kind
        elif value in DELIMITERS:
            value = DELIMITERS[value]
            kind = "sym" if len(value) == 1 else kind
        if value == "\\\\" and tokens and tokens[-1].text == "\\\\":
            continue  # a row end doubled (Markdown's escaped \\\\ for \\): an empty line is no row
        tokens.append(Token(kind, value, match.start(), space, wide))
        space = wide = False
        medium = 0
    if pending_sizer is not None:
        raise Unreadable(f"{pending_sizer[0]} is not followed by a delimiter", pending_sizer[1])
    return typed_angles(tokens)


def closing_brace(tokens: Sequence[Token], at: int) -> int | None:
    """The index of the ``}`` closing the group that ``tokens[at]`` opens, or None where it is not closed.

    >>> closing_brace(tokenize("{a{b}}c"), 0), closing_brace(tokenize("{a"), 0)
    (5, None)
    """
    depth = 0
    for n in range(at, len(tokens)):
        depth += (tokens[n].text == "{") - (tokens[n].text == "}")
        if depth == 0:
            return n
    return None


def _script_end(tokens: list[Token], at: int) -> int | None:
    """Where the script starting at ``tokens[at]`` (just after ``^`` or ``_``) ends: after one token or after
    the brace that closes a group; None where no script starts."""
    if at >= len(tokens) or tokens[at].text in ("}", "^", "_"):
        return None
    if tokens[at].text != "{":
        return at + 1
    closing = closing_brace(tokens, at)
    return None if closing is None else closing + 1


def subscript_first(tokens: list[Token], at: int) -> bool:
    """Put a subscript written after the superscript (``\\sigma^{2}_{j}``, ``\\sum^{m}_{i=1}``) before it, as TeX
    sets both: the same formula, in the order the reader reads scripts in; True if there was one to move.

    >>> tokens = tokenize(r"x^{2}_j + 1")
    >>> subscript_first(tokens, 1), "".join(t.text for t in tokens)
    (True, 'x_j^{2}+1')
    >>> subscript_first(tokens, 1), subscript_first(tokenize("x^2 y_j"), 1)
    (False, False)
    """
    if at >= len(tokens) or tokens[at].text != "^" or (power_end := _script_end(tokens, at + 1)) is None:
        return False
    if power_end >= len(tokens) or tokens[power_end].text != "_":
        return False
    if (end := _script_end(tokens, power_end + 1)) is None:
        return False
    tokens[at:end] = tokens[power_end:end] + tokens[at:power_end]
    return True


def prime_first(tokens: list[Token], at: int) -> bool:
    """Put a prime written after the subscript (``\\theta_0'``) before it (``\\theta'_0``): one name θ′ at 0, as
    the text's ``\\theta_i'`` and ``\\theta'_i`` are; not before a parenthesis (``\\phi_j'(s)``: a derivative),
    nor two primes or more. True if there was one to move.

    >>> tokens = tokenize("x_0' + 1")
    >>> prime_first(tokens, 1), "".join(t.text for t in tokens)
    (True, "x'_0+1")
    >>> prime_first(tokenize("x_0'(s)"), 1), prime_first(tokenize("x_0''"), 1)
    (False, False)
    """
    if at >= len(tokens) or tokens[at].text != "_" or (end := _script_end(tokens, at + 1)) is None:
        return False
    if end >= len(tokens) or tokens[end].text != "'":
        return False
    if end + 1 < len(tokens) and tokens[end + 1].text in ("'", "("):
        return False
    tokens[at:end + 1] = [tokens[end], *tokens[at:end]]
    return True


def _top_level_comma(tokens: Sequence[Token], start: int, end: int) -> bool:
    """True if ``tokens[start:end]`` (a group's inside) holds a comma outside every inner group."""
    depth = 0
    for token in tokens[start:end]:
        depth += (token.text in ("{", "(", "[")) - (token.text in ("}", ")", "]"))
        if depth == 0 and token.text == ",":
            return True
    return False


def comma_superscript_into_subscript(tokens: list[Token], at: int) -> bool:
    """Join a superscript that lists (``R_d^{\\Theta,m}``) into the name's subscript, as one more index of it
    (``R_{d,\\Theta,m}``): a power of a list means nothing, so the list labels the name, as
    RoFormer's ``R^d_{\\Theta,m}`` does; True if there was one to join. The subscript goes first
    (:func:`subscript_first` has run).

    >>> tokens = tokenize(r"R_d^{\\Theta,n-m}x")
    >>> comma_superscript_into_subscript(tokens, 1), " ".join(t.text for t in tokens)
    (True, 'R _ { d , \\\\Theta , n - m } x')
    >>> [comma_superscript_into_subscript(tokenize(s), 1) for s in ("x_j^{2}", "x_j^{(a,b)}", "R^{a,b}")]
    [False, False, False]
    """
    # x^{1,2} alone: an upper index, which names no lower one (g^{ij} is not g_{ij}); never joined
    if at >= len(tokens) or tokens[at].text != "_" or (end := _script_end(tokens, at + 1)) is None:
        return False
    sub_start, sub_end = at + 1, end
    if sub_end >= len(tokens) or tokens[sub_end].text != "^" or sub_end + 1 >= len(tokens):
        return False
    if tokens[sub_end + 1].text != "{" or (closing := closing_brace(tokens, sub_end + 1)) is None:
        return False
    if not _top_level_comma(tokens, sub_end + 2, closing):
        return False
    if sub_start < sub_end and tokens[sub_start].text == "{":
        index = list(tokens[sub_start + 1:sub_end - 1])
    else:
        index = list(tokens[sub_start:sub_end])
    label = tokens[sub_end + 2:closing]
    pos = tokens[at].pos
    joined = [Token("sym", "_", pos), Token("sym", "{", pos), *index, Token("sym", ",", label[0].pos), *label,
              Token("sym", "}", tokens[closing].pos)]
    tokens[at:closing + 1] = joined
    return True


_OPENERS = frozenset({"{", "(", "[", "\\begin", "\\langle", "\\{"})  # \\{ i \\mid x_i > 0 \\}: a set's condition
_CLOSERS = frozenset({"}", ")", "]", "\\end", "\\rangle", "\\}"})


def nesting(depth: int, text: str) -> int:
    """The bracket depth after a token ``text`` at ``depth``: braces, parentheses, brackets, environments and the
    angle brackets of ``\\langle a, b \\rangle`` (whose comma sets no statements apart), never below 0 (a row that
    closes what the row before opened, ``\\rangle = g(m - n)``, is at the top level after it).

    >>> depth = 0
    >>> [depth := nesting(depth, t) for t in [r"\\langle", "a", ",", "b", r"\\rangle", "}"]]
    [1, 1, 1, 1, 0, 0]
    """
    return max(0, depth + (text in _OPENERS) - (text in _CLOSERS))
