"""A number written in a base: ``(011)_2`` is 3, as notes on binary position codes write it (p_{(011)_2} = p_3).

>>> from posenc_sym.notation.read import SimpleScope, from_latex
>>> from_latex("(011)_2 + (17)_{8}", SimpleScope({}))
18
"""

from __future__ import annotations

import sympy

from .read_cursor import Cursor
from .read_tokens import Unreadable

__all__ = ["BASES", "numeral", "numeral_ahead"]

#: The bases a written numeral may name.
BASES = ("2", "8", "10", "16")


def numeral_ahead(p: Cursor, ahead: int = 0) -> tuple[str, str, int] | None:
    """With the cursor ``ahead`` tokens before the token just after an opening parenthesis: the digits, the base
    and how many tokens the numeral takes from there (``011 ) _ 2``: 4; ``17 ) _ { 8 }``: 6), or None if none is
    written there."""
    at = p.index + ahead
    texts = [t.text for t in p.tokens[at:at + 6]]
    if len(texts) < 4 or not texts[0].isdigit() or texts[1:3] != [")", "_"]:
        return None
    if texts[3].isdigit():
        base, width = texts[3], 4
    elif len(texts) == 6 and texts[3] == "{" and texts[5] == "}":
        base, width = texts[4], 6
    else:
        return None
    if base not in BASES:
        return None
    wrong = next((c for c in texts[0] if int(c, 16) >= int(base)), None)
    if wrong is not None:
        raise Unreadable(f"({texts[0]})_{base} is written as a number in base {base}, which has no digit {wrong}; "
                         "correct the digits", p.tokens[at].pos)
    return texts[0], base, width


def numeral(p: Cursor) -> sympy.Integer | None:
    """The number a numeral after the opening parenthesis writes (the cursor moved past it), or None."""
    found = numeral_ahead(p)
    if found is None:
        return None
    digits, base, width = found
    p.index += width
    p.scope.note("numeral", f"read ({digits})_{base} as the number its digits write in base {base}")
    return sympy.Integer(int(digits, int(base)))
