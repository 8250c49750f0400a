"""Whole notes: a LaTeX document and a Markdown page (the ``\\input``-able fragments: :mod:`.fragments`).

The :class:`~.sections.Notes` hold the claims the engine decided and their verdicts, grouped by
derivation in catalogue order (:mod:`posenc_sym.app.notes` builds them from a run), so what is
rendered is exactly what was proven. Around them: the notation of the course, the property table
of the encodings, the figures, the source documents and how each statement was checked.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from ..proof.claim import Derivation
from ..proof.verdict import Verdict
from .checked import how_checked, section_title
from .fragments import latex_fragments
from .latex import DEFAULT_OPTIONS, Options
from .layout import with_line_width
from .markup import LATEX, LATEX_CJK, MARKDOWN, Flavour
from .notation_table import notation_latex, notation_markdown
from .preamble import document_head
from .sections import (
    TABLE_LEAD,
    TITLE,
    Notes,
    Section,
    figures_section,
    has_course,
    mention,
    needs_cjk,
    ordered,
    placed_figures,
    section_text,
    sources,
    table_section,
    tex_engine,
)
from .table import table_markdown
from .verdict_text import badge

# TITLE, Notes, Section, needs_cjk, tex_engine, ordered, section_title and latex_fragments are
# re-exported: callers of this module's whole-notes API find them here as before.
__all__ = [
    "TITLE",
    "Notes",
    "Section",
    "latex_document",
    "latex_fragments",
    "markdown_document",
    "needs_cjk",
    "ordered",
    "pad_displays",
    "section_title",
    "tex_engine",
]

INTRO = (
    "Every statement, step and verdict below is generated from derivations that posenc-sym checks; "
    "nothing is typed by hand. The mark after a statement's title is its verdict. "
)

#: What each badge means, said once for the whole notes (the statements carry only the badge).
BADGE_MEANINGS = (
    ("proven", "proven: SymPy reduced it symbolically, for every value its assumptions allow"),
    ("refuted", "false: a counterexample, evaluated with mpmath at high precision, follows it "
                "(the notes keep the false statements the source documents make)"),
    ("checked", "checked numerically at sampled points, not proven"),
    ("unknown", "not decided"),
)

INTRO_AFTER = (
    "Assumptions are stated with each statement; a statement for one concrete size says so under "
    "its title. How each statement was checked (the engine's method, and the claim's name in "
    "posenc-sym) is listed in the last appendix."
)


def latex_document(notes: Notes, options: Options = DEFAULT_OPTIONS) -> str:
    """A complete LaTeX document: the course, the property table, figures, the documents' appendix."""
    with with_line_width(options.width):
        return _document(notes, options)


def _intro(fl: Flavour) -> str:
    meanings = "; ".join(f"{badge(status, fl)} {fl.text(words)}" for status, words in BADGE_MEANINGS)
    return fl.text(INTRO) + " " + meanings + ". " + fl.text(INTRO_AFTER)


def _document(notes: Notes, options: Options) -> str:
    cjk = needs_cjk(notes)
    fl = LATEX_CJK if cjk else LATEX
    body, appendix = ordered(notes)
    options = dataclasses.replace(options, sources=sources(notes))
    parts = [
        document_head(cjk=cjk, figures=bool(notes.figures))
        + f"\\title{{{fl.line(notes.title)}}}\n\\author{{}}\n\\date{{}}\n\\begin{{document}}\n\\maketitle",
        _intro(fl),
        "\\tableofcontents",
    ]
    if has_course(notes):
        parts.append(notation_latex(fl))
    placed = placed_figures(notes, body)
    for section in body:
        text = section_text(section, fl, options)
        figures = placed.get(section.derivation.id, [])
        if figures:
            # The text sends the reader to each figure of the section, after the section's prose,
            # and the figures float from there: set after the section's last claim, they drifted
            # into the next section.
            head, sep, after = text.partition("\n\n")
            prose, sep2, claims = after.partition("\n\n")
            mentions = " ".join(mention(f, fl) for f in figures)
            floats = "".join("\n\n" + f.pgf.rstrip() for f in figures)
            text = head + sep + prose + " " + mentions + floats + sep2 + claims
        parts.append(text)
    if notes.has_table_section:
        parts.append(table_section(notes, links=True))
    shown = {f.name for figures in placed.values() for f in figures}
    rest = dataclasses.replace(notes, figures=tuple(f for f in notes.figures if f.name not in shown))
    if rest.figures or rest.figures_left_out:
        parts.append(figures_section(rest, fl, refs=True))
    parts.append("\\appendix\n\\addtocontents{toc}{\\protect\\setcounter{tocdepth}{2}}")
    if appendix:
        # The documents (level 2 here) are listed in the contents; their claims are not.
        parts.append(fl.heading(1, "The source documents", "sec:documents") + "\n\n" + fl.text(APPENDIX))
        parts += [section_text(s, fl, dataclasses.replace(options, level=2)) for s in appendix]
    parts.append(how_checked(_checked_parts([*body, *appendix]), fl))
    return "\n\n".join(parts) + "\n\\end{document}\n"


def _checked_parts(sections: list[Section]) -> list[tuple[Derivation, str, Mapping[str, Verdict], str]]:
    return [(s.derivation, s.file, s.verdicts, section_title(s.derivation)[1]) for s in sections]


APPENDIX = (
    "Five documents about positional encodings, read claim by claim: each formula, printed number and "
    "code snippet became a statement the engine decided. Each section says first what the document gets "
    "right and what it gets wrong; quotes are in the documents' own language."
)


def _alt_text(caption: str) -> str:
    r"""A caption as an image's alt text, which shows no math: its ``$...$`` as plain characters.

    >>> _alt_text(r"encoding $\mathrm{PE}(t, j)$ at $t = 0, \ldots, 8$")
    'encoding PE(t, j) at t = 0, …, 8'
    """
    return re.sub(r"\\mathrm\{(\w+)\}", r"\1", caption).replace("\\ldots", "…").replace("$", "")


def markdown_document(notes: Notes, figure_files: Mapping[str, str] | None = None,
                      figures_left_out: Sequence[str] = ()) -> str:
    """The notes as Markdown with ``$...$``/``$$...$$`` math (MathJax: GitHub; MkDocs with
    pymdownx.arithmatex in generic mode).

    ``figure_files`` maps a figure's name to the image path to link (drawn by matplotlib,
    when the ``figures`` extra is installed); ``figures_left_out`` names the others.
    """
    body, appendix = ordered(notes)
    options = Options(sources=sources(notes))
    parts = [f"# {MARKDOWN.line(notes.title)}", _intro(MARKDOWN)]
    if has_course(notes):
        parts.append(notation_markdown())
    parts += [section_text(s, MARKDOWN, options).rstrip() for s in body]
    if notes.table is not None:
        parts += ["## Properties of the encodings", MARKDOWN.text(TABLE_LEAD), table_markdown(notes.table)]
    elif notes.table_left_out:
        parts += ["## Properties of the encodings", MARKDOWN.figure_note(notes.table_left_out)]
    if figure_files or figures_left_out:
        parts.append("## Figures")
    by_name = {f.name: f for f in notes.figures}
    for number, (name, path) in enumerate((figure_files or {}).items(), start=1):
        figure = by_name.get(name)
        caption = figure.data.caption if figure is not None else name
        if figure is not None:
            parts.append(mention(figure, MARKDOWN, number))
        parts.append(f"![{MARKDOWN.literal(_alt_text(caption))}]({path})\n\n"
                     f"*Figure {number}: {MARKDOWN.line(caption)}*")
    if figures_left_out:
        parts.append(MARKDOWN.figure_note("Figures left out: " + "; ".join(figures_left_out) + "."))
    if appendix:
        parts += ["## Appendix: the source documents", MARKDOWN.text(APPENDIX)]
        parts += [section_text(s, MARKDOWN, dataclasses.replace(options, level=2)).rstrip() for s in appendix]
    parts.append(how_checked(_checked_parts([*body, *appendix]), MARKDOWN).rstrip())
    return pad_displays("\n\n".join(parts) + "\n")


def pad_displays(markdown: str) -> str:
    r"""Every ``$$`` display with a blank line before and after it: a display right after a line
    of text (or an HTML line right after one) is not a display to MkDocs' arithmatex.

    >>> pad_displays("text\n$$\nx\n$$\n<small>y</small>\n")
    'text\n\n$$\nx\n$$\n\n<small>y</small>\n'
    """
    out: list[str] = []
    inside = False
    for line in markdown.split("\n"):
        if line.strip() == "$$":
            if not inside and out and out[-1].strip():
                out.append("")
            out.append(line)
            inside = not inside
            if not inside:
                out.append("")
            continue
        if not inside and out and out[-1] == "" and len(out) > 1 and out[-2].strip() == "$$" and not line.strip():
            continue  # the blank line after a display is there already
        out.append(line)
    return "\n".join(out)
