r"""A clause of prose on a row of its own inside a chain: ``&\text{where } y = 1 \\``.

Derivations interrupt a chain to say what they use next, then carry on::

    (x + y)^2 &= x^2 + 2xy + y^2 \\
    &\text{where } y = 1 \\
    &= x^2 + 2x + 1

The row that opens with the words (``where``, ``with``, ``for``, ``since``, …) is an aside: what it
states is the text's, not a claim (a relation there is a condition, a new name a definition), and the
next row continues the chain above it, not the aside. A row of the chain that fails where the aside
states something about its names is decided under it where that is a bound (``t > 0``), and otherwise
never refuted: an aside that sets a name (``y = 1``, ``d = 512``) may be what the row is meant for.

>>> aside_words(r"&\text{where } y = 1", 15), aside_words(r"\text{scale} = 2", 0), aside_words(r"a = b", 0)
('where', None, None)
>>> aside_words(r"\text{and } c &= d", 11), aside_words(r"&\text{其中 } d = 512", 11)
(None, '其中')
"""

from __future__ import annotations

import re

__all__ = ["ASIDE", "CJK_OPENERS", "aside_words"]

#: Words that open a clause saying what the rows after it use: a binding, a condition, a reason. Not ``and``,
#: ``so``, ``hence``, ``then``: a row that opens with them states a claim of its own.
_OPENERS = frozenset({"where", "with", "for", "if", "when", "whenever", "since", "given", "assuming", "using", "let"})
#: The same clause opened in Chinese (其中 "where", 令 "let").
CJK_OPENERS = ("其中", "这里", "此处", "令", "设")

#: How a relation stated in an aside is reported (the start of its note).
ASIDE = "stated in a clause of prose"

_LEAD = re.compile(r"\s*&?\s*(?:\\(?:text|textrm|mathrm|rm|mbox)\s*\{[^{}]*\}\s*(?:\\[,;: ]|\\q?quad)*\s*&?\s*)+")


def aside_words(row: str, start: int) -> str | None:
    """The words that open the row ``row`` before its statement at ``start``, if they open a clause of
    prose (``where``, ``with``, ``for``, …); None otherwise."""
    lead = _LEAD.fullmatch(row[:start])
    if lead is None:
        return None
    words = " ".join(re.findall(r"\{([^{}]*)\}", lead.group())).replace("\\rm", " ").split()
    if words and words[0].lower() in _OPENERS:
        return words[0]
    return next((w for w in CJK_OPENERS if words and words[0].startswith(w)), None)
