r"""The readable start of a chain whose later member cannot be read.

``PE(1, 2) = \sin(1/10000^{0.5}) \approx \sin(\frac{1}{100}) \approx 0.0.00999``: the last member is a slip of
typing, and the links before it are claims of their own. The chain is read up to the relation before the member
that stopped the reader; the row still says why the rest is not read.

>>> prefix_before(r"a = b \approx c \approx 0.0.1", 25)
'a = b \\approx c'
>>> prefix_before(r"a = 0.0.1", 5) is None, prefix_before(r"(a = b) = c", 9) is None
(True, True)
>>> prefix_before(r"a = b = 0.0.1 \quad \text{for } t \le 1", 9) is None
True
"""

from __future__ import annotations

from ..notation.read_tokens import Unreadable, tokenize
from ..notation.vocabulary import READ_RELATIONS
from .statements import top_level_relations

__all__ = ["prefix_before"]


def prefix_before(text: str, position: int) -> str | None:
    """``text`` up to the last top-level relation before ``position`` (where the reader stopped), if at least one
    relation comes before that one: a chain of one link or more; else None."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    relations = [tokens[n].pos for n in top_level_relations(tokens) if tokens[n].pos < position]
    if len(relations) < 2:
        return None
    rest = [t for t in tokens if t.pos > relations[-1]]
    if any(t.text in READ_RELATIONS or t.text in _CLAUSE or t.wide for t in rest):
        return None  # … = 1 \quad \text{for } 0 \le t \le 1: the rest may say where the chain holds
    return text[:relations[-1]].rstrip()


#: Tokens after the member that stopped the reader that may open a clause about the whole chain (a condition, a
#: quantifier, a remark): then no start of the chain is read apart from it.
_CLAUSE = frozenset({",", ";", "\\quad", "\\qquad", "\\forall", "\\in", "\\text", "\\mathrm", "\\textrm", "\\rm",
                     "\\operatorname", "\\mbox", "\\textit", "\\hbox", "(", "\\left", "\\;", "\\,", "\\:", "\\ "})
