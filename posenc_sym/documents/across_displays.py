r"""A chain typeset one display per step: ``$$A =$$`` then ``$$= B =$$`` then ``$$C$$``.

Some notes end a display with a relation and go on in the next one, with only blank lines between; the next
may repeat the relation (``$$= B$$``) or not (``$$C$$``). A reader sees one chain, A = B = C. The display that
ends open is read without its last relation, and the next one continues it (:func:`joined_displays`); where the
next one does not repeat the relation, its first link is the relation left open, at the line it was written on.

>>> trailing_relation(r"f(x) \cdot g(x) =  "), trailing_relation(r"a = b"), trailing_relation(r"(x =")
((16, '='), None, None)
>>> starts_with_relation(r"  =\cos(a + b)"), starts_with_relation(r"x = 1")
(True, False)

A display may also continue the one before it across a few words that introduce it ("Expanding:", "代入公式："):
``$$A = B$$`` then *Expanding:* then ``$$= C$$`` is read B = C (:func:`connecting_words`). The words may say that
it continues a part of B (*expanding the numerator:*), which posenc-sym does not read: such a row is never refuted.

>>> connecting_words(["", "Khai triển:", ""]), connecting_words(["代入公式："]), connecting_words(["## Next", ""])
('Khai triển:', '代入公式：', None)
>>> connecting_words(["Hence, with $k = 2$:"]), connecting_words([]), connecting_words(["so that"])
(None, None, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from ..notation.read_tokens import Unreadable, tokenize
from ..notation.vocabulary import LATEX_GREEK, READ_RELATIONS
from .extract import Display

__all__ = ["Joined", "connecting_words", "joined_displays", "starts_with_relation", "trailing_relation"]

#: The longest run of words read as introducing the next step of a chain (a sentence is a paragraph of its own).
MAX_CONNECTING = 60

_OPENS = ("{", "(", "[", "\\begin", "\\left")
_CLOSES = ("}", ")", "]", "\\end", "\\right")


def _tokens(body: str) -> list[tuple[str, int]]:
    try:
        return [(t.text, t.pos) for t in tokenize(body)]
    except Unreadable:
        return []


def trailing_relation(body: str) -> tuple[int, str] | None:
    """Where the relation a display ends with stands, and its text; None if it ends otherwise, or inside a
    bracket (a trailing comma or full stop after the relation is punctuation)."""
    tokens = [t for t in _tokens(body) if t[0] not in (",", ".")]
    if not tokens or tokens[-1][0] not in READ_RELATIONS:
        return None
    depth = sum((text in _OPENS) - (text in _CLOSES) for text, _ in tokens)
    return (tokens[-1][1], tokens[-1][0]) if depth == 0 else None


def starts_with_relation(body: str) -> bool:
    """True if the display's first token is a relation (``= \\cos(a + b)``), or an alignment mark before one."""
    tokens = [t for t in _tokens(body) if t[0] != "&"]
    return bool(tokens) and tokens[0][0] in READ_RELATIONS


@dataclass(frozen=True)
class Joined:
    """How a display takes part in a chain across displays: ``open_at``, the offset of the relation it ends with
    that the next display continues (-1: none); ``opening``, the relation and the line it was left open on, where
    this display continues one without repeating it."""

    open_at: int = -1
    opening: tuple[str, int] | None = None


def joined_displays(displays: list[Display], text: str) -> dict[int, Joined]:
    """For each display (by its position in ``displays``) that ends open into the next or continues one, how."""
    lines = text.splitlines()
    joined: dict[int, Joined] = {}
    for n, (first, second) in enumerate(pairwise(displays)):
        found = trailing_relation(first.body)
        if found is None or first.problem or second.problem or first.cell != second.cell:
            continue
        if any(line.strip() for line in lines[first.end_line:second.line - 1]):
            continue  # prose between: the relation left open is not continued
        at, relation = found
        joined[n] = Joined(at, joined[n].opening if n in joined else None)
        if not starts_with_relation(second.body):
            joined[n + 1] = Joined(opening=(relation, first.line_of(at)))
    return joined


#: A name written inline in the words (``$\\theta$``, ``$x$``): read as the name, so the words hold no math.
_INLINE_NAME = re.compile(r"\$\s*(\\?[A-Za-z]+)\s*\$")


def _one_name(match: re.Match[str]) -> str:
    name = match.group(1)
    return name.lstrip("\\") if len(name) == 1 or name in LATEX_GREEK else match.group()


def connecting_words(between: list[str]) -> str | None:
    """The words between two displays if they only introduce the next step of a chain: one short line of prose
    ending in a colon, with no math (but a name inline, ``$\\theta$``), heading, list or table of its own; None
    otherwise.

    >>> connecting_words(["提取公因式 $\\\\theta$，即可直接化简为："]), connecting_words(["Since $a = b$, we get:"])
    ('提取公因式 theta，即可直接化简为：', None)
    """
    written = [line.strip() for line in between if line.strip()]
    if len(written) != 1:
        return None
    words = _INLINE_NAME.sub(_one_name, written[0])  # "the common factor $\theta$": a name, named in words
    if len(words) > MAX_CONNECTING or not words.endswith((":", "：")) or any(c in words for c in "$\\|`") or \
            words.startswith(("#", "-", "*", "+", ">", "%")) or words[0].isdigit():
        return None
    return words
