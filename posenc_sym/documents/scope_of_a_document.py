"""The scope a document is read in: its declarations, what its formulas show of each name (:mod:`.survey`), the
values it sets names to, the names it defines, and what its prose says of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from .context import Context
from .conventions import Conventions
from .definition_candidates import defined_names, definition_candidate
from .described import Described
from .links import mentions_relation
from .name_forms import name_form
from .rows import split_rows
from .scope import DocumentScope
from .statements import range_of, statements
from .survey import survey

__all__ = ["document_scope", "set_values"]


def document_scope(ctx: Context, formulas: Iterable[str], width: str | None = None, *,
                   reals: Iterable[str] = (), counted: Iterable[str] = (),
                   described: Iterable[Described] = ()) -> DocumentScope:
    """The scope a document with these declarations (``ctx``) and formulas is read in; ``reals`` are the
    names its prose says are real ("a real $t$"), ``counted`` those it counts with ("the $i$-th"), ``described``
    what its prose says names are, in words ("Let $d$ be odd")."""
    formulas = list(formulas)
    roles = survey(formulas)
    roles.reals.update(reals)
    roles.counted.update(counted)
    for words in described:
        roles.described.setdefault(words.name, []).append(words)
    roles.settings = set_values(formulas)
    roles.defined = defined_names(formulas)
    # q_1 k_1 (\cos a + \sin b) beside k_1 \cos b: a name the text writes as a value, and never applies to
    # two arguments nor defines, is a factor before a parenthesis, not a function applied
    roles.applied -= {name for name in roles.bare - roles.applied_many
                      if name not in roles.defined and name.partition("_")[0] not in roles.defined}
    return DocumentScope(ctx, Conventions(roles, width), roles)


def set_values(formulas: Iterable[str]) -> dict[str, list[str]]:
    """The values the text sets plain names to, anywhere (``d = 512``, ``$e = 3$``, ``m = n``): a
    statement ``NAME = value`` with no other relation.

    >>> set_values([r"e = 3", r"m = n, \\quad k = 2", r"\\omega_i = 1", r"t = 0 < 1", r"\\pi = 3"])
    {'e': ['3'], 'm': ['n'], 'k': ['2'], 'pi': ['3']}
    """
    found: dict[str, list[str]] = {}
    for formula in formulas:
        for row in split_rows(formula):
            for piece in statements(row.text):
                at = definition_candidate(piece.text)
                if at is None or range_of(piece.text) is not None:  # i = 0, 1, …, 9: a range, not a value
                    continue
                form = name_form(piece.text[:at[0]].replace("&", " "))
                value = piece.text[at[0] + at[1]:]
                if form is None or form.subscript is not None or form.arguments is not None or form.label or \
                        mentions_relation(value):
                    continue
                found.setdefault(form.name, []).append(" ".join(value.replace("&", " ").split()))
    return found
