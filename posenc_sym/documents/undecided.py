"""A row whose relation posenc-sym does not decide (``A \\propto B``, ``X \\sim \\mathcal{N}(0, 1)``, ``a \\ll b``):
read, both sides and the relation, and reported as what it is, not decided; before, the whole row was
"cannot be read".

>>> import sympy
>>> from posenc_sym.notation.read import SimpleScope
>>> t, c = sympy.symbols("t c", real=True)
>>> undecided_relation(r"c t^2 \\propto \\exp(t)", SimpleScope({"t": t, "c": c}))[:3]
('\\\\propto', c*t**2, exp(t))
>>> undecided_relation(r"a = b \\propto c", SimpleScope({})) is None  # a chain of two relations: not this
True
"""

from __future__ import annotations

import re

from ..notation.read import Scope, Term, Unreadable, from_latex
from ..notation.read_tokens import nesting, tokenize
from ..notation.vocabulary import READ_RELATIONS, UNDECIDED_RELATIONS

__all__ = ["MEANINGS", "undecided_relation"]

#: What each relation says, for the report.
MEANINGS = {"\\propto": "proportional to", "\\sim": "of the order of, or distributed as", "\\ll": "much less than",
            "\\gg": "much greater than", "\\lesssim": "at most of the order of", "\\gtrsim": "at least of the order of",
            "\\cong": "congruent to", "\\doteq": "approaching", "\\prec": "preceding", "\\succ": "succeeding",
            "\\preceq": "preceding or equal", "\\succeq": "succeeding or equal",
            "\\asymp": "asymptotic equivalence", "\\mid": "divides", "\\nmid": "does not divide",
            "\\lll": "very much less than", "\\ggg": "very much greater than", "\\vdash": "proves",
            "\\perp": "perpendicular to", "\\parallel": "parallel to", "\\subset": "a subset of",
            "\\supset": "a superset of", "\\subseteq": "a subset of", "\\supseteq": "a superset of",
            "\\notin": "not an element of", "\\approxeq": "approximately equal to", "\\nsim": "not similar to",
            "\\ncong": "not congruent to", "\\models": "entails", "\\sqsubset": "a proper prefix of",
            "\\sqsubseteq": "a prefix of", "\\bowtie": "joined with"}


def undecided_relation(text: str, scope: Scope) -> tuple[str, Term, Term, int] | None:
    """The relation, both sides and the relation's offset when ``text`` is one relation posenc-sym does not
    decide between two formulas it reads; None otherwise (``\\equiv`` and ``\\coloneqq`` define, and are read
    elsewhere)."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    depth, found = 0, []
    for token in tokens:
        depth = nesting(depth, token.text)
        if depth == 0 and (token.text in READ_RELATIONS or token.text in UNDECIDED_RELATIONS):
            found.append(token)
    if len(found) != 1 or found[0].text not in MEANINGS:
        return None
    relation = found[0]
    left, right = text[:relation.pos], text[relation.pos + len(relation.text):]
    if not re.search(r"\S", left) or not re.search(r"\S", right):
        return None
    try:
        return relation.text, from_latex(left.replace("&", " "), scope), from_latex(right.replace("&", " "), scope), \
            relation.pos
    except (Unreadable, ArithmeticError, TypeError, ValueError):
        return None
