r"""Names written in words inside a font group, as code-like notes write them: ``\\text{seq len}``.

:func:`~.read_commands.font_word` spells the group; where its letters fall in words apart, the group is
one quantity named by its words (``seq len``, printed back as ``\\text{seq len}``), never a product of
letters, unless it is prose: a word of prose in it (``\\text{for all}``, ``\\text{where b}``) is refused.
"""

from __future__ import annotations

from .read_cursor import Cursor
from .read_tokens import Token, Unreadable
from .vocabulary import PROSE_WORDS

__all__ = ["WORDED", "one_name_in_words"]

#: Fonts whose group may spell a name in words, ``\\text{seq len}``: one quantity, not a product.
WORDED = frozenset({"\\text", "\\textrm", "\\textit", "\\mathrm", "\\mathit", "\\operatorname"})


def one_name_in_words(p: Cursor, font: Token, first: int) -> None:
    """Refuse a group of words (from the token ``first``) that is not one name: a word of prose in it
    (``\\text{for all}``, ``\\text{ where b }``). Spaces at its ends are typography (``\\text{hidden dim }
    \\cdot \\text{ heads}``)."""
    end = next(n for n in range(first, len(p.tokens)) if p.tokens[n].text == "}")
    inside = p.tokens[first:end]
    words = "".join((" " if t.space and n else "") + t.text for n, t in enumerate(inside)).split()
    if prose := [w for w in words if w.lower() in PROSE_WORDS]:
        raise Unreadable(f"{font.text}{{{' '.join(words)}}} is prose inside the formula ('{prose[0]}' is a word of a "
                         "clause), not a name in words; state a condition as a relation of its own, or write the "
                         "formula without it", font.pos)
    p.scope.note("words", f"read {font.text}{{{' '.join(words)}}}, and any name written in words where a value "
                 "stands, as one quantity named by its words (not a product of letters)")
