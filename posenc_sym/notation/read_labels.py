"""A superscript that labels a name rather than raising it to a power: ``R^d_{\\Theta,m}`` (RoFormer's
rotation of width d), ``\\boldsymbol{R}^{K}_{i,j}`` (Shaw et al.'s key table). Which it is depends on the
text: a label only where the text defines the labelled name (:mod:`posenc_sym.documents.name_forms`
reads the definition, :mod:`.read_names` the later uses).

>>> from posenc_sym.notation.read_tokens import tokenize
>>> [bare_label(tokenize(s), 1) for s in ("^d", "^{K}", "^\\\\Theta", "^T", "^2", "^{(1)}", "^{\\\\top}")]
[('d', 1), ('K', 3), ('Theta', 1), None, None, None, None]
"""

from __future__ import annotations

from collections.abc import Sequence

from .read_tokens import Token
from .vocabulary import LATEX_GREEK

__all__ = ["bare_label"]

#: Letters a superscript names as an operation, never as a label: the transpose and the conjugate transpose.
NOT_LABELS = frozenset({"T", "H"})


def _letter(token: Token) -> str | None:
    if token.kind == "letter" and len(token.text) == 1 and token.text not in NOT_LABELS:
        return token.text
    if token.kind == "cmd" and token.text in LATEX_GREEK:
        return LATEX_GREEK[token.text]
    return None


def bare_label(tokens: Sequence[Token], at: int) -> tuple[str, int] | None:
    """The label a superscript starting at ``tokens[at]`` (just after ``^``) may be, and how many tokens it
    takes: one letter (``d``, ``\\Theta``) or one braced letter (``{K}``); None for anything else (a number, a
    formula, ``T`` or ``\\top``, a parenthesized label)."""
    if at >= len(tokens):
        return None
    if (letter := _letter(tokens[at])) is not None:
        return letter, 1
    if tokens[at].text == "{" and at + 2 < len(tokens) and tokens[at + 2].text == "}":
        letter = _letter(tokens[at + 1])
        return (letter, 3) if letter is not None else None
    return None
