"""What a rendering shows (:class:`Options`) and the labels claims are referred to by.

Below both :mod:`.latex` (a claim, a derivation) and :mod:`.grid` (a printed table of claims),
which use them, so that neither has to import the other to learn them.

>>> Options().ids, Options().level, claim_label("rope.norm")
(False, 1, 'claim:rope.norm')
>>> Options(sources=(("002_x.txt", "A toy example"),)).source_title("002_x.txt")
'A toy example'
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import LINE_WIDTH

__all__ = ["DEFAULT_OPTIONS", "Options", "claim_label"]


@dataclass(frozen=True)
class Options:
    """What a rendering shows and how it is laid out.

    ``ids``       each claim's id and the method that decided it, in the main text (they are
                  always in the appendix "How each statement was checked" of a whole document);
    ``refuted``   the refuted claims (a lecturer may leave a document's errors out);
    ``level``     the derivation's heading level (1 = ``\\section``; its claims one level below;
                  0 or less: bold titles only, for beamer frames);
    ``width``     the line formulas are broken to, in :mod:`.layout`'s units;
    ``frames``    each claim fragment one beamer frame's worth (split into pieces when taller);
    ``sources``   the title of each source document, by file name: the main text names a
                  document by its title, never by its (hashed) file name;
    ``own_source`` the file name of the document a section is about (its claims then say
                  "the document" instead of naming it).
    """

    ids: bool = False
    refuted: bool = True
    level: int = 1
    width: float = LINE_WIDTH
    frames: bool = False
    sources: tuple[tuple[str, str], ...] = ()
    own_source: str = ""

    def source_title(self, document: str) -> str:
        """The title of a source document, or "" when the notes do not know it."""
        return dict(self.sources).get(document, "")


#: What the notes show by default: derivations as sections, no ids in the main text.
DEFAULT_OPTIONS = Options()


def claim_label(claim_id: str) -> str:
    """The LaTeX label of a claim's subsection (claim ids are label-safe: see Claim)."""
    return f"claim:{claim_id}"
