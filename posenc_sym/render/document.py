"""Whole notes: a LaTeX document (or ``\\input``-able fragments) and a Markdown page.

The :class:`Notes` hold the claims the engine decided and their verdicts, grouped by derivation
in catalogue order (:mod:`posenc_sym.app.notes` builds them from a run), so what is rendered is
exactly what was proven. Around them: the property table of the encodings and the figures.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..proof.claim import Derivation
from ..proof.verdict import Verdict
from ..schemes import registry
from .latex import DEFAULT_OPTIONS, Options, render_claim, render_derivation
from .latex import needs_cjk as latex_needs_cjk
from .layout import with_line_width
from .markup import LATEX, LATEX_CJK, MARKDOWN, Flavour
from .pgf import Figure
from .preamble import document_head, preamble
from .table import Table, table_latex, table_markdown
from .verdict_text import badge

__all__ = [
    "Notes",
    "Section",
    "latex_document",
    "latex_fragments",
    "markdown_document",
    "needs_cjk",
    "tex_engine",
]

TITLE = "Positional encodings: derivations checked by posenc-sym"

INTRO = (
    "Every statement, step and verdict below is generated from the derivations that posenc-sym "
    "checks; nothing is typed by hand. A claim marked proven was proven symbolically by SymPy under "
    "the stated assumptions; a refuted claim carries a counterexample evaluated with mpmath at high "
    "precision; numerically checked means numeric agreement only, not a proof. The badges: "
)


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


def _figures_latex(notes: Notes, fl: Flavour = LATEX) -> str:
    parts = [fl.heading(1, "Figures", "sec:figures")]
    if notes.figures:
        # No \ref here: a fragment without references compiles in one pass.
        parts.append("These figures are drawn with pgfplots from the library's symbolic definitions, "
                     "evaluated by NumPy functions that SymPy generated from them.")
        parts += [f.pgf for f in notes.figures]
    if notes.figures_left_out:
        parts.append(fl.figure_note("Figures left out: " + "; ".join(notes.figures_left_out) + "."))
    return "\n\n".join(parts) + "\n"


def _table_latex(notes: Notes, *, links: bool, level: int = 1) -> str:
    head = LATEX.heading(level, "Properties of the encodings", "sec:properties")
    if notes.table is None:
        return head + "\n\n" + LATEX.figure_note(notes.table_left_out) + "\n"
    return head + "\n\n" + table_latex(notes.table, links=links) + "\n"


def needs_cjk(notes: Notes) -> bool:
    """True if the notes quote CJK text: they are then compiled with XeLaTeX and xeCJK."""
    return latex_needs_cjk([s.derivation for s in notes.sections])


def tex_engine(notes: Notes) -> str:
    """The TeX engine the notes need: xelatex when they quote CJK text, else pdflatex."""
    return "xelatex" if needs_cjk(notes) else "pdflatex"


def ordered(notes: Notes) -> tuple[list[Section], list[Section]]:
    """The course (in the registry's course order, then the rest in the order met) and the appendix
    (the source documents, ids ``seeds.*``)."""
    rank = {name: n for n, name in enumerate(registry.course())}
    body = [s for s in notes.sections if not s.derivation.id.startswith("seeds.")]
    body.sort(key=lambda s: rank.get(s.derivation.id, len(rank)))
    appendix = [s for s in notes.sections if s.derivation.id.startswith("seeds.")]
    return body, sorted(appendix, key=lambda s: s.derivation.id)


def section_title(derivation: Derivation) -> tuple[str, str]:
    """A section's title in words and the file name it names, if any ("000_x.txt — Title")."""
    name, sep, words = derivation.title.partition(" — ")
    if sep and name.strip().endswith(".txt"):
        return words.strip()[:1].upper() + words.strip()[1:], name.strip()
    return derivation.title, ""


def _section(section: Section, fl: Flavour, options: Options) -> str:
    words, file = section_title(section.derivation)
    derivation = dataclasses.replace(section.derivation, title=words)
    text = render_derivation(derivation, section.verdicts, fl, options)
    if file:
        head, _, rest = text.partition("\n")
        note = (f"\\posencfile{{{fl.literal(file)}}}" if fl.name == "latex" else fl.code(file))
        text = head + "\n" + note + "\n" + rest
    return text


#: Figures set with the section a reader looks at them from (by derivation id); the others,
#: and any whose section is not in the notes, go to the Figures section.
FIGURE_SECTIONS = {
    "sinusoidal-heatmap": "sinusoidal.shift",
    "sinusoidal-dimensions": "sinusoidal.shift",
    "sinusoidal-rotation": "sinusoidal.rotation-group",
    "rope-decay": "rope",
}


def _placed(notes: Notes, body: list[Section]) -> dict[str, list[Figure]]:
    ids = {s.derivation.id for s in body}
    placed: dict[str, list[Figure]] = {}
    for figure in notes.figures:
        where = FIGURE_SECTIONS.get(figure.name)
        if where in ids:
            placed.setdefault(where, []).append(figure)
    return placed


def latex_document(notes: Notes, options: Options = DEFAULT_OPTIONS) -> str:
    """A complete LaTeX document: the course, the property table, figures, the documents' appendix."""
    with with_line_width(options.width):
        return _document(notes, options)


def _document(notes: Notes, options: Options) -> str:
    cjk = needs_cjk(notes)
    fl = LATEX_CJK if cjk else LATEX
    body, appendix = ordered(notes)
    badges = ", ".join(f"{badge(s, LATEX)} {s}" for s in ("proven", "refuted", "checked", "unknown"))
    parts = [
        document_head(cjk=cjk, figures=bool(notes.figures))
        + f"\\title{{{fl.line(notes.title)}}}\n\\author{{}}\n\\date{{}}\n\\begin{{document}}\n\\maketitle",
        fl.text(INTRO) + " " + badges + ".",
        "\\tableofcontents",
    ]
    placed = _placed(notes, body)
    for section in body:
        parts.append(_section(section, fl, options))
        parts += [f.pgf for f in placed.get(section.derivation.id, [])]
    if notes.table is not None or notes.table_left_out:
        parts.append(_table_latex(notes, links=True))
    shown = {f.name for figures in placed.values() for f in figures}
    rest = dataclasses.replace(notes, figures=tuple(f for f in notes.figures if f.name not in shown))
    if rest.figures or rest.figures_left_out:
        parts.append(_figures_latex(rest, fl))
    if appendix:
        # The documents (level 2 here) are listed in the contents; their claims are not.
        parts.append("\\appendix\n\\addtocontents{toc}{\\protect\\setcounter{tocdepth}{2}}\n"
                     + fl.heading(1, "The source documents", "sec:documents") + "\n\n"
                     + fl.text(APPENDIX))
        parts += [_section(s, fl, dataclasses.replace(options, level=2)) for s in appendix]
    return "\n\n".join(parts) + "\n\\end{document}\n"


APPENDIX = (
    "Five documents about positional encodings, read claim by claim: each formula, printed number and "
    "code snippet became a claim the engine decided. Quotes are in the documents' own language."
)


def fragment_name(derivation: Derivation) -> str:
    return f"{derivation.id}.tex"


def latex_fragments(notes: Notes, options: Options = DEFAULT_OPTIONS) -> dict[str, str]:
    """File name -> content: see :func:`_fragments`; formulas broken to ``options.width``."""
    with with_line_width(options.width):
        return _fragments(notes, options)


def _fragments(notes: Notes, options: Options) -> dict[str, str]:
    """File name -> content: a preamble, one file per derivation and per claim, the table, figures.

    A lecturer's document ``\\input``s ``preamble.tex`` after its own preamble and any of the
    others after ``\\begin{document}`` (a claim, with ``level=0``, also inside a beamer frame).
    """
    cjk = needs_cjk(notes)
    fl = LATEX_CJK if cjk else LATEX
    files = {"preamble.tex": preamble(cjk=cjk, figures=bool(notes.figures))}
    for section in notes.sections:
        if not section.derivation.claims:
            continue
        head = f"% Generated by posenc-sym from {section.file}; do not edit by hand.\n"
        files[fragment_name(section.derivation)] = head + _section(section, fl, options)
        for claim in section.derivation.claims:
            verdict = section.verdicts.get(claim.id)
            if not options.refuted and verdict is not None and verdict.status == "refuted":
                continue
            files[f"claims/{claim.id}.tex"] = head + render_claim(claim, verdict, fl, options.level + 1,
                                                                  options) + "\n"
    if notes.table is not None or notes.table_left_out:
        files["properties.tex"] = _table_latex(notes, links=False, level=options.level)
    if notes.figures or notes.figures_left_out:
        files["figures.tex"] = _figures_latex(notes, fl)
    return files


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
    parts = [f"# {MARKDOWN.line(notes.title)}", MARKDOWN.text(INTRO) + " ✓ proven, ✗ refuted, ≈ checked, ? unknown."]
    parts += [_section(s, MARKDOWN, Options()).rstrip() for s in body]
    if notes.table is not None or notes.table_left_out:
        table = table_markdown(notes.table) if notes.table is not None else MARKDOWN.figure_note(notes.table_left_out)
        parts += ["## Properties of the encodings", table]
    if figure_files or figures_left_out:
        parts.append("## Figures")
    captions = {f.name: f.data.caption for f in notes.figures}
    for name, path in (figure_files or {}).items():
        parts.append(f"![{MARKDOWN.literal(_alt_text(captions.get(name, name)))}]({path})")
    if figures_left_out:
        parts.append(MARKDOWN.figure_note("Figures left out: " + "; ".join(figures_left_out) + "."))
    if appendix:
        parts += ["## Appendix: the source documents", MARKDOWN.text(APPENDIX)]
        parts += [_section(s, MARKDOWN, Options(level=2)).rstrip() for s in appendix]
    return "\n\n".join(parts) + "\n"
