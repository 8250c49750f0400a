"""Write the notes: a LaTeX document (compiled to PDF on request), ``\\input``-able fragments, or Markdown.

Every file of one request is written atomically (:func:`posenc_sym.render.output.write_files`):
on any error, including a failed compilation, nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import PosencSymError
from ..render import tex
from ..render.document import latex_document, markdown_document, tex_engine
from ..render.figures_mpl import draw_pngs
from ..render.fragments import fragment_files
from ..render.options import DEFAULT_OPTIONS, Options
from ..render.output import write_files
from ..runner import RunReport
from .notes import decide_notes
from .outputs import require_file, require_folder

__all__ = ["LatexRequest", "MarkdownRequest", "WrittenNotes", "write_latex", "write_markdown"]


@dataclass(frozen=True)
class LatexRequest:
    """LaTeX notes for the derivations under ``paths`` (none: the built-in catalogue): a whole
    document at ``output`` (and its PDF beside it with ``pdf``), or one file per derivation and
    claim in the folder ``fragments``; exactly one of the two."""

    paths: Sequence[str | Path] = ()
    output: Path | None = None
    fragments: Path | None = None
    pdf: bool = False
    figures: bool | None = None  # None: the catalogue's figures for the catalogue only
    options: Options = DEFAULT_OPTIONS
    table: bool | None = None  # None: for the catalogue, or when a claim fills a cell
    title: str | None = None


@dataclass(frozen=True)
class MarkdownRequest:
    """A Markdown page at ``output`` for the derivations under ``paths``; its figures as PNG files
    in ``<output stem>_figures/`` beside it when matplotlib is installed."""

    output: Path
    paths: Sequence[str | Path] = ()
    figures: bool | None = None
    table: bool | None = None
    title: str | None = None


@dataclass(frozen=True)
class WrittenNotes:
    """The files written (in the order written), the figures left out (each with the reason), the
    run whose verdicts the notes show, and a remark on each file that needs one (a claim split
    into frames, a display that does not fit the line)."""

    files: tuple[Path, ...]
    figures_left_out: tuple[str, ...]
    report: RunReport
    remarks: Mapping[Path, str] = field(default_factory=dict)


def write_latex(request: LatexRequest, on_stage: Callable[[str], object] | None = None) -> WrittenNotes:
    """Decide, render and write LaTeX notes; bad requests fail before anything is decided.

    ``on_stage`` hears what is being done, for a progress line (deciding, compiling)."""
    if (request.output is None) == (request.fragments is None):
        raise PosencSymError("give exactly one of -o FILE.tex (a whole document) or --fragments DIR")
    if request.pdf and request.output is None:
        raise PosencSymError("--pdf compiles a whole document; use it with -o FILE.tex, not --fragments")
    if request.output is not None:
        require_file(request.output, "latex", option="-o", writes="latex writes {language}")
    if request.fragments is not None:
        require_folder(request.fragments, option="--fragments")
    if request.pdf and tex.find_engine("pdflatex") is None:
        tex.compile_latex("")  # raises the error that says how to install TeX
    _stage(on_stage, "deciding the claims")
    decided = decide_notes(request.paths, figures=request.figures, table=request.table, title=request.title)
    notes = decided.notes
    files: dict[Path, str | bytes] = {}
    remarks: dict[Path, str] = {}
    if request.fragments is not None:
        made = fragment_files(notes, request.options)
        files = {request.fragments / name: text for name, text in made.files.items()}
        remarks = {request.fragments / name: remark for name, remark in made.remarks.items()}
    else:
        assert request.output is not None
        document = latex_document(notes, request.options)
        files[request.output] = document
        if request.pdf:
            engine = tex_engine(notes)
            _stage(on_stage, f"compiling {request.output.name} with {engine} until its references settle")
            files.update(_compiled(document, engine, request.output))
    write_files(files)
    return WrittenNotes(tuple(files), notes.figures_left_out, decided.report, remarks)


def _stage(on_stage: Callable[[str], object] | None, what: str) -> None:
    if on_stage is not None:
        on_stage(what)


def _compiled(document: str, engine: str, output: Path) -> dict[Path, str | bytes]:
    """The PDF and the log of ``document``, to go beside ``output``; a failure is an error."""
    result = tex.compile_latex(document, engine=engine)
    if not result.ok:
        where = tex.first_error(result.log) or result.problems[0]
        raise PosencSymError(f"{engine} failed: {where}; nothing was written "
                             "(this is a bug in posenc-sym, please report it)")
    assert result.pdf is not None
    return {output.with_suffix(".pdf"): result.pdf, output.with_suffix(".log"): result.log}


def write_markdown(request: MarkdownRequest) -> WrittenNotes:
    """Decide, render and write a Markdown page, with its figures drawn when matplotlib is there."""
    require_file(request.output, "markdown", option="-o", writes="markdown writes {language}")
    decided = decide_notes(request.paths, figures=request.figures, table=request.table, title=request.title)
    notes = decided.notes
    folder = request.output.parent / f"{request.output.stem}_figures"
    pngs, left_out = draw_pngs([f.data for f in notes.figures]) if notes.figures else ({}, [])
    left_out = [*left_out, *notes.figures_left_out]
    links = {name: f"{folder.name}/{name}.png" for name in pngs}
    files: dict[Path, str | bytes] = {request.output: markdown_document(notes, links, left_out)}
    files.update({folder / f"{name}.png": data for name, data in pngs.items()})
    write_files(files)
    return WrittenNotes(tuple(files), tuple(left_out), decided.report)
