"""A superscript that labels a name rather than raising it to a power: ``R^d_{\\Theta,m}`` (RoFormer's
rotation of width d), ``\\boldsymbol{R}^{K}_{i,j}`` (Shaw et al.'s key table). Which it is depends on the
text: a label only where the text defines the labelled name (:mod:`posenc_sym.documents.name_forms`
reads the definition, :mod:`.read_names` the later uses).

>>> from posenc_sym.notation.read_tokens import tokenize
>>> [bare_label(tokenize(s), 1) for s in ("^d", "^{K}", "^\\\\Theta", "^T", "^2", "^{(1)}", "^{\\\\top}")]
[('d', 1), ('K', 3), ('Theta', 1), None, None, None, None]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .read_cursor import Cursor
from .read_tokens import Token, Unreadable
from .vocabulary import LATEX_GREEK

__all__ = ["bare_label", "label_after_subscript", "labelled"]

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


def label_after_subscript(p: Cursor, base: str) -> tuple[str, int] | None:
    """With the cursor on a subscript of ``base``: the labelled name and the label's width in tokens (after its
    ``^``) when a label the text defines follows the subscript (``R_{\\Theta,m}^d`` after ``R^d_{\\Theta,m} =
    …``), else None (a power, as before)."""
    at = p.index
    if at < len(p.tokens) and p.tokens[at].text == "{":
        depth = 0
        while at < len(p.tokens):
            depth += (p.tokens[at].text == "{") - (p.tokens[at].text == "}")
            at += 1
            if depth == 0:
                break
    else:
        at += 1
    if at >= len(p.tokens) or p.tokens[at].text != "^":
        return None
    if (digit := _digit_label(p, base, at + 1)) is not None:  # q_m^2 beside q_m^1: the second component
        return f"{base}^({digit[0]})", 1 + digit[1]
    if (parenthesized := _parenthesized_label(p, base, at + 1)) is not None:  # q_m^{(2)}: a label, as a^{(1)}_{i,j}
        return parenthesized
    if (bare := bare_label(p.tokens, at + 1)) is None:
        return None
    labelled = f"{base}^({bare[0]})"
    if not (p.scope.is_indexed(labelled) or p.scope.lookup(labelled) is not None):
        return None
    return labelled, 1 + bare[1]


def _digit_label(p: Cursor, base: str, at: int) -> tuple[str, int] | None:
    """A single digit over ``base`` (``^2``, ``^{2}``) where the scope reads its digits as labels, and its
    width in tokens; None otherwise (a power)."""
    texts = [t.text for t in p.tokens[at:at + 3]]
    if texts[:1] and len(texts[0]) == 1 and texts[0].isdigit():
        digit, width = texts[0], 1
    elif len(texts) == 3 and texts[0] == "{" and len(texts[1]) == 1 and texts[1].isdigit() and texts[2] == "}":
        digit, width = texts[1], 3
    else:
        return None
    return (digit, width) if p.scope.digit_labels(base) else None


def _parenthesized_label(p: Cursor, base: str, at: int) -> tuple[str, int] | None:
    """``^{(2)}`` at ``at`` (just after ``^``) over ``base``: the labelled name and the label's width in tokens
    (``^`` included), where the scope reads it (as :func:`labelled` does before a subscript); else None."""
    texts = [t.text for t in p.tokens[at:at + 2]]
    if texts != ["{", "("]:
        return None
    end = at + 2
    while end < len(p.tokens) and p.tokens[end].text not in (")", "}"):
        end += 1
    if end + 1 >= len(p.tokens) or p.tokens[end].text != ")" or p.tokens[end + 1].text != "}":
        return None
    name = f"{base}^({''.join(t.text for t in p.tokens[at + 2:end])})"
    known = p.scope.is_indexed(name) or p.scope.lookup(name) is not None
    if not known and (p.scope.lookup(base) is not None or p.scope.undeclared(name) is None):
        return None
    return name, end + 2 - at + 1


def labelled(p: Cursor, base: str) -> str:
    """``a^{(1)}``: a name with a label (the first of several a's), where the scope knows no value of
    ``a`` to raise to a power; else the superscript stays a power."""
    texts = [t.text for t in p.tokens[p.index:p.index + 3]]
    if texts[:1] == ["^"] and (digit := _digit_label(p, base, p.index + 1)) is not None:
        p.index += 1 + digit[1]
        return f"{base}^({digit[0]})"
    if texts[:1] == ["^"] and (bare := bare_label(p.tokens, p.index + 1)) is not None:
        # R^d_{\Theta,m}: a label where the text defines the labelled name, else a power
        labelled = f"{base}^({bare[0]})"
        if p.scope.is_indexed(labelled) or p.scope.lookup(labelled) is not None:
            p.index += 1 + bare[1]
            return labelled
        return base
    if texts[:1] != ["^"] or (parenthesized := _parenthesized_label(p, base, p.index + 1)) is None:
        return base
    after = p.peek(parenthesized[1])
    if after is not None and after.text == "(" and p.scope.is_function(base) and \
            re.fullmatch(r".*\^\(\d+\)", parenthesized[0]) is not None:
        shown = parenthesized[0].partition("^")[0]
        raise Unreadable(f"{shown}^{{(n)}}(…) of the function {shown} is its n-th derivative to some and a function of "
                         f"its own, labelled (n), to others; write the primes ({shown}''(x)) or another name",
                         p.tokens[p.index].pos)
    p.index += parenthesized[1]
    return parenthesized[0]
