"""The notes as data (:class:`Notes`, :class:`Section`) and the parts a document and its fragments
share: a section's text, the property table's section, the figures' section, the order of the course.

:mod:`.document` puts them together as a whole document or page; :mod:`.fragments` writes them as
``\\input``-able files. Both import this module, and neither the other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..proof.claim import Derivation
from ..proof.verdict import Verdict
from ..schemes import registry
from .checked import section_title
from .latex import Options, render_derivation
from .latex import needs_cjk as latex_needs_cjk
from .markup import LATEX, Flavour
from .pgf import Figure
from .table import Table, table_latex

__all__ = [
    "FIGURE_SECTIONS",
    "TABLE_LEAD",
    "TITLE",
    "Notes",
    "Section",
    "figures_section",
    "has_course",
    "mention",
    "needs_cjk",
    "ordered",
    "placed_figures",
    "section_text",
    "sources",
    "table_section",
    "tex_engine",
]


TITLE = "Positional encodings: derivations checked by posenc-sym"


@dataclass(frozen=True)
class Section:
    """One derivation and the verdicts the engine gave its claims (by claim id)."""

    derivation: Derivation
    file: str
    verdicts: Mapping[str, Verdict] = field(default_factory=dict)


@dataclass(frozen=True)
class Notes:
    """Everything the notes show."""

    sections: tuple[Section, ...]
    figures: tuple[Figure, ...] = ()
    figures_left_out: tuple[str, ...] = ()
    table: Table | None = None  # the property table of the encodings
    table_left_out: str = ""  # what the notes say instead when there is no table ("": no section)
    title: str = TITLE

    @property
    def has_table_section(self) -> bool:
        """Whether the notes have a section for the property table (the table, or why it is not there)."""
        return self.table is not None or bool(self.table_left_out)


def mention(figure: Figure, fl: Flavour = LATEX, number: int = 0) -> str:
    """The sentence that sends the reader to ``figure`` (``\\ref`` in LaTeX, its number in Markdown)."""
    name = f"Figure~\\ref{{fig:{figure.name}}}" if fl.name == "latex" else f"Figure {number}"
    words = figure.data.mention or "{figure} illustrates this section."
    head, _, tail = words.partition("{figure}")
    if fl.name != "latex":
        return fl.text(head + name + tail)
    # fl.text trims its words: the spaces around the reference are put back.
    return (fl.text(head) + " " if head.strip() else "") + name + (" " if tail[:1].isspace() else "") + fl.text(tail)


def figures_section(notes: Notes, fl: Flavour = LATEX, *, refs: bool = False) -> str:
    """The figures not placed in a section; ``refs``: the text names each (a complete document)."""
    parts = [fl.heading(1, "Figures", "sec:figures")]
    if notes.figures:
        lead = ("These figures are drawn with pgfplots from the library's symbolic definitions, "
                "evaluated by NumPy functions that SymPy generated from them.")
        # A fragment has no references: it must compile in one pass wherever it is put.
        parts.append(fl.text(lead) + ("".join(" " + mention(f, fl) for f in notes.figures) if refs else ""))
        parts += [f.pgf for f in notes.figures]
    if notes.figures_left_out:
        parts.append(fl.figure_note("Figures left out: " + "; ".join(notes.figures_left_out) + "."))
    return "\n\n".join(parts) + "\n"


TABLE_LEAD = (
    "The table gathers what the statements above decide about each encoding, one property a column: "
    "the first rows are the encodings the documents reject on the way to sinusoids, the last three "
    "the encodings in use."
)


def table_section(notes: Notes, *, links: bool, level: int = 1) -> str:
    head = LATEX.heading(level, "Properties of the encodings", "sec:properties")
    if notes.table is None:
        return head + "\n\n" + LATEX.figure_note(notes.table_left_out) + "\n"
    return head + "\n\n" + LATEX.text(TABLE_LEAD) + "\n\n" + table_latex(notes.table, links=links) + "\n"


def needs_cjk(notes: Notes) -> bool:
    """True if the notes quote CJK text: they are then compiled with XeLaTeX and xeCJK."""
    return latex_needs_cjk([s.derivation for s in notes.sections])


def tex_engine(notes: Notes) -> str:
    """The TeX engine the notes need: xelatex when they quote CJK text, else pdflatex."""
    return "xelatex" if needs_cjk(notes) else "pdflatex"


def has_course(notes: Notes) -> bool:
    """True when the notes hold the built-in course (their notation table is then shown first)."""
    course = set(registry.course())
    return any(s.derivation.id in course for s in notes.sections)


def ordered(notes: Notes) -> tuple[list[Section], list[Section]]:
    """The course (in the registry's course order, then the rest in the order met) and the appendix
    (the source documents, ids ``seeds.*``)."""
    rank = {name: n for n, name in enumerate(registry.course())}
    body = [s for s in notes.sections if not s.derivation.id.startswith("seeds.")]
    body.sort(key=lambda s: rank.get(s.derivation.id, len(rank)))
    appendix = [s for s in notes.sections if s.derivation.id.startswith("seeds.")]
    return body, sorted(appendix, key=lambda s: s.derivation.id)


def sources(notes: Notes) -> tuple[tuple[str, str], ...]:
    """The title of each source document the notes have a section on, by its file name."""
    out = []
    for section in notes.sections:
        words, file = section_title(section.derivation)
        if file:
            out.append((file, words))
    return tuple(out)


def section_text(section: Section, fl: Flavour, options: Options) -> str:
    words, file = section_title(section.derivation)
    derivation = dataclasses.replace(section.derivation, title=words)
    return render_derivation(derivation, section.verdicts, fl, dataclasses.replace(options, own_source=file))


#: Figures set with the section a reader looks at them from (by derivation id); the others,
#: and any whose section is not in the notes, go to the Figures section.
FIGURE_SECTIONS = {
    "sinusoidal-heatmap": "sinusoidal.shift",
    "sinusoidal-dimensions": "sinusoidal.shift",
    "sinusoidal-rotation": "sinusoidal.rotation-group",
    "rope-decay": "rope",
}


def placed_figures(notes: Notes, body: list[Section]) -> dict[str, list[Figure]]:
    ids = {s.derivation.id for s in body}
    placed: dict[str, list[Figure]] = {}
    for figure in notes.figures:
        where = FIGURE_SECTIONS.get(figure.name)
        if where in ids:
            placed.setdefault(where, []).append(figure)
    return placed
