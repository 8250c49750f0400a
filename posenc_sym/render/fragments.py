r"""``\input``-able fragments that fit their host: a preamble, one file per derivation and per claim.

A lecturer's document ``\input``s ``preamble.tex`` after its own preamble and any of the others
after ``\begin{document}``. Displays are broken to the host's line (``Options.width``); what the
layout cannot break to it (a wide matrix, one long product) is measured in the written LaTeX and
reported with the file (:class:`Fragments`.remarks). For beamer (``Options.frames``) each claim
is one frame's worth: a taller claim is split into frame-sized pieces ``claims/<id>-1.tex``,
``claims/<id>-2.tex``, … (the later ones open with the title and "continued"), and the split is
reported too.

>>> import sympy
>>> from posenc_sym import Claim, Derivation, Verdict
>>> from posenc_sym.render.sections import Notes, Section
>>> x = sympy.Symbol("x", real=True)
>>> wide = Claim("demo.wide", "wide", sum(sympy.sin(k * x) ** 2 + sympy.cos(k * x) ** 2 for k in range(1, 40)), 39)
>>> notes = Notes((Section(Derivation("demo", "Demo", (wide,)), "demo.py", {"demo.wide": Verdict("proven")}),))
>>> made = fragment_files(notes, Options(level=-1, width=42.0, frames=True))
>>> sorted(n for n in made.files if n.startswith("claims/"))
['claims/demo.wide-1.tex', 'claims/demo.wide-2.tex', 'claims/demo.wide-3.tex']
>>> made.remarks["claims/demo.wide-1.tex"]
'claim demo.wide is split into 3 frames: claims/demo.wide-1.tex to claims/demo.wide-3.tex'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..proof.claim import Claim, Derivation
from ..proof.verdict import Verdict
from .checked import section_title
from .fit import FRAME_TEXT_PT, Piece, frame_pieces, rows_too_wide
from .latex import DEFAULT_OPTIONS, Options, render_claim
from .layout import with_line_width
from .markup import LATEX, LATEX_CJK, Flavour
from .preamble import preamble
from .sections import Notes, figures_section, needs_cjk, section_text, sources, table_section
from .typeset import capitalized

__all__ = ["Fragments", "fragment_files", "fragment_name", "latex_fragments"]


@dataclass(frozen=True)
class Fragments:
    """The files (name -> LaTeX) and a remark on each that needs one: split into frames, or too
    wide (or tall) for its host even after breaking."""

    files: dict[str, str]
    remarks: dict[str, str] = field(default_factory=dict)


def fragment_name(derivation: Derivation) -> str:
    return f"{derivation.id}.tex"


def latex_fragments(notes: Notes, options: Options = DEFAULT_OPTIONS) -> dict[str, str]:
    """File name -> content (:func:`fragment_files` without the remarks)."""
    return fragment_files(notes, options).files


def fragment_files(notes: Notes, options: Options = DEFAULT_OPTIONS) -> Fragments:
    """Every fragment, displays broken to ``options.width``, and what does not fit it."""
    with with_line_width(options.width):
        return _fragments(notes, options)


def _too_wide(name: str, latex: str, width: float) -> str:
    over = rows_too_wide(latex, width)
    if not over:
        return ""
    return (f"{name} does not fit the line: {len(over)} display row{'s' if len(over) > 1 else ''} "
            f"cannot be broken to it (the widest runs about {max(over):.0f}pt past it; a wide matrix "
            "or a long product); give a wider --line or set it by hand")


def _claim_files(claim: Claim, verdict: Verdict | None, fl: Flavour, options: Options,
                 head: str) -> tuple[dict[str, str], dict[str, str]]:
    """The file(s) of one claim and their remarks: one file, or frame-sized pieces."""
    name = f"claims/{claim.id}.tex"
    text = render_claim(claim, verdict, fl, options.level + 1, options)
    if not options.frames:
        remark = _too_wide(name, text, options.width)
        return {name: head + text + "\n"}, ({name: remark} if remark else {})
    continued = rf"\noindent\textbf{{{fl.line(capitalized(claim.title))}}} (continued)\par"
    pieces = frame_pieces(text.split("\n\n"), options.width, continued)
    names = [name] if len(pieces) == 1 else [f"claims/{claim.id}-{n}.tex" for n in range(1, len(pieces) + 1)]
    files = {n: head + p.latex + "\n" for n, p in zip(names, pieces, strict=True)}
    remarks = {} if len(pieces) == 1 else {
        names[0]: f"claim {claim.id} is split into {len(pieces)} frames: {names[0]} to {names[-1]}"}
    for n, piece in zip(names, pieces, strict=True):
        misfit = _too_wide(n, piece.latex, options.width) or _too_tall(n, piece)
        if misfit:
            remarks[n] = (remarks[n] + "; " if n in remarks else "") + misfit
    return files, remarks


def _too_tall(name: str, piece: Piece) -> str:
    """A remark when one piece is still taller than a frame (a display that cannot be cut)."""
    if piece.height <= FRAME_TEXT_PT:
        return ""
    return (f"{name} does not fit a frame: it is about {piece.height - FRAME_TEXT_PT:.0f}pt taller "
            "than the frame, in a display that cannot be cut between rows; set it by hand")


def _fragments(notes: Notes, options: Options) -> Fragments:
    cjk = needs_cjk(notes)
    fl = LATEX_CJK if cjk else LATEX
    options = dataclasses.replace(options, sources=sources(notes))
    files = {"preamble.tex": preamble(cjk=cjk, figures=bool(notes.figures))}
    remarks: dict[str, str] = {}
    for section in notes.sections:
        if not section.derivation.claims:
            continue
        head = f"% Generated by posenc-sym from {section.file}; do not edit by hand.\n"
        name = fragment_name(section.derivation)
        files[name] = head + section_text(section, fl, options)
        remark = _too_wide(name, files[name], options.width)
        if remark:
            remarks[name] = remark
        own = dataclasses.replace(options, own_source=section_title(section.derivation)[1])
        for claim in section.derivation.claims:
            verdict = section.verdicts.get(claim.id)
            if not options.refuted and verdict is not None and verdict.status == "refuted":
                continue
            made, said = _claim_files(claim, verdict, fl, own, head)
            files.update(made)
            remarks.update(said)
    if notes.has_table_section:
        files["properties.tex"] = table_section(notes, links=False, level=options.level)
    if notes.figures or notes.figures_left_out:
        files["figures.tex"] = figures_section(notes, fl)
    return Fragments(files, remarks)
