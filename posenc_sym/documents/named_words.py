r"""Names written in words, as code-like notes write them: ``\text{seq len}``, ``\text{base new}``.

``\text{scale} &= \dfrac{\text{factor} * \text{seq len}}{\text{original ctx}}``: a ``\text{…}`` of words
that stands where an operand must (a side of a relation, an operand of + − * / ^, a function's
argument) is one quantity named by its words, not prose. The reader spells it (the words kept apart,
see :func:`~posenc_sym.notation.read_commands.font_word`); the statement and row splitters use
:func:`names_a_quantity` so as not to take it for a clause of prose (``\text{where } b = 10000``) or a
justification (``\quad \text{by angle addition}``), which stay what they were.

>>> names_a_quantity(r"\text{base new}", r" = \text{base} * 2", "")
True
>>> names_a_quantity(r"\text{where } b", " = 10000", ""), names_a_quantity(r"\text{for all}", " h", "")
(False, False)
>>> names_a_quantity(r"\text{by angle addition}", "", r"a = b \quad")
False
"""

from __future__ import annotations

import re

from ..notation.vocabulary import PROSE_WORDS

__all__ = ["names_a_quantity"]

_GROUP = re.compile(r"^\\(?:text|textrm|textit|mathrm|mathit|operatorname)\s*\{(?P<inner>[^{}]*)\}$")
_WORDS = re.compile(r"[A-Za-z]+(?: [A-Za-z]+)*")
# What stands before an operand: a relation, an operator, an opening parenthesis of a call (f(…), not a
# remark after a wide space: 10000 \quad (\text{usually large})), a comma between a call's arguments.
_BEFORE = re.compile(r"(?:[=<>+\-*/^]&?|\\(?:le|ge|leq|geq|ne|neq|lt|gt|approx|cdot|times)|"
                     r"(?<=[A-Za-z0-9}])\(|\\left\(|,)\s*$")
_AFTER = re.compile(r"^\s*&?\s*(?:[=<>+\-*/^)]|:=|"
                    r"\\(?:le|ge|leq|geq|ne|neq|lt|gt|approx|cdot|times|right\))(?![A-Za-z]))")


def names_a_quantity(group: str, after: str, before: str) -> bool:
    """True if the font group ``group`` (``\\text{seq len}``), with ``before`` and ``after`` it in its row, is
    a name in words standing as an operand: words of letters, one space between them and none at the
    ends, none a word of prose (if, for, where, and, …), an operator or a relation beside it."""
    match = _GROUP.match(group.strip())
    inner = " ".join(match.group("inner").replace("~", " ").split()) if match else ""  # ~: TeX's tie, a space
    if match is None or not _WORDS.fullmatch(inner):
        return False
    if any(word.lower() in PROSE_WORDS for word in inner.split()):
        return False
    return bool(_AFTER.match(after) or _BEFORE.search(before))
