r"""The readable parts of a chain one of whose members cannot be read.

``PE(1, 2) = \sin(1/10000^{0.5}) \approx \sin(\frac{1}{100}) \approx 0.0.00999``: the last member is a slip of
typing, and the links before it are claims of their own. The chain is read up to the relation before the member
that stopped the reader; the row still says why the rest is not read. So with an unread member early in the chain
(``\mathrm{Var}(s) = \sum_l \mathbb{E}[q_l^2] = d_k \cdot 1 = d_k``): the links after it are claims of their own.

>>> prefix_before(r"a = b \approx c \approx 0.0.1", 25)
'a = b \\approx c'
>>> prefix_before(r"a = 0.0.1", 5) is None, prefix_before(r"(a = b) = c", 9) is None
(True, True)
>>> prefix_before(r"a = b = 0.0.1 \quad \text{for } t \le 1", 9) is None
True
>>> suffix_after(r"v = \mathbb{E}[q] = 2 \cdot 1 = 2", 4)
19
>>> suffix_after(r"v = \mathbb{E}[q] = 2", 4) is None, suffix_after(r"v = b \quad \forall x, E[q] = 2 = 2", 21) is None
(True, True)
"""

from __future__ import annotations

from ..notation.read_tokens import Unreadable, tokenize
from ..notation.vocabulary import PROSE_WORDS, READ_RELATIONS
from .statements import nesting, top_level_relations

__all__ = ["prefix_before", "suffix_after"]


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


def suffix_after(text: str, position: int) -> int | None:
    """Where the rest of ``text`` after the member that stopped the reader (at ``position``) starts, if that rest is
    a chain of one link or more: the offset just after the first top-level relation past ``position``; else None.
    Nothing before it may open a clause (a condition or remark the rest may hang on), nor a comma set members apart.
    """
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    relations = [n for n in top_level_relations(tokens) if tokens[n].pos > position]
    if len(relations) < 2:
        return None
    before = tokens[:relations[0]]
    depth = 0
    for token in before:
        depth = nesting(depth, token.text)
        if token.text in _OPENS_A_CLAUSE or token.wide or (depth == 0 and token.text in (",", ";")):
            return None
        if token.kind == "word" and token.text.lower() in PROSE_WORDS:
            return None
    start = relations[0]
    return tokens[start].pos + len(tokens[start].text)


#: Tokens before the rest of a chain that may open a clause it hangs on: then the rest is not read apart.
_OPENS_A_CLAUSE = frozenset({"\\quad", "\\qquad", "\\forall", "\\exists", "\\in", "\\iff", "\\implies",
                             "\\Rightarrow", "\\Leftrightarrow", "\\to", "\\mid", "|"})


#: Tokens after the member that stopped the reader that may open a clause about the whole chain (a condition, a
#: quantifier, a remark): then no start of the chain is read apart from it.
_CLAUSE = frozenset({",", ";", "\\quad", "\\qquad", "\\forall", "\\in", "\\text", "\\mathrm", "\\textrm", "\\rm",
                     "\\operatorname", "\\mbox", "\\textit", "\\hbox", "(", "\\left", "\\;", "\\,", "\\:", "\\ "})
