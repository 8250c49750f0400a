"""What a rendering shows (:class:`Options`) and the labels claims are referred to by.

Below both :mod:`.latex` (a claim, a derivation) and :mod:`.grid` (a printed table of claims),
which use them, so that neither has to import the other to learn them.

>>> Options(ids=False).level, claim_label("rope.norm")
(1, 'claim:rope.norm')
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import LINE_WIDTH

__all__ = ["DEFAULT_OPTIONS", "Options", "claim_label"]


@dataclass(frozen=True)
class Options:
    """What a rendering shows: claim ids, method names, refuted claims; the claims' heading level;
    the width of the line its formulas are broken to."""

    ids: bool = True
    methods: bool = True
    refuted: bool = True
    level: int = 1  # the derivation's heading level (1 = \section); its claims one level below
    width: float = LINE_WIDTH  # the line formulas are broken to (layout.BEAMER_WIDTH for slides)


#: What the notes show by default: everything, derivations as sections.
DEFAULT_OPTIONS = Options()


def claim_label(claim_id: str) -> str:
    """The LaTeX label of a claim's subsection (claim ids are label-safe: see Claim)."""
    return f"claim:{claim_id}"
