"""Verify documents: every display of a lecturer's Markdown or LaTeX notes, notebook or Quarto page,
decided row by row.

>>> is_document("notes.md"), is_document("notes.tex"), is_document("nb.ipynb"), is_document("derivations/")
(True, True, True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

from ..documents.annotate import annotate
from ..documents.decide import DisplayResult
from ..documents.decide_document import DocumentReport, check_document
from ..documents.source import SUFFIXES, format_of, load_document
from ..errors import PosencSymError
from .outputs import LANGUAGES, require_file

__all__ = ["is_document", "verify_documents", "write_annotated"]


def is_document(path: str | Path) -> bool:
    """True for a document (Markdown, LaTeX, notebook, Quarto) as opposed to a derivation file or folder."""
    return format_of(Path(path).suffix) is not None


def verify_documents(
    paths: Sequence[str | Path],
    *,
    notation: str | None = None,
    annotate_to: str | Path | None = None,
    on_display: Callable[[str, DisplayResult], object] | None = None,
) -> tuple[DocumentReport, ...]:
    """Decide every display of each document, in order; ``on_display`` hears of each (with its file).

    ``notation`` names a preset of declarations (``sinusoidal``); ``annotate_to`` is where the one
    document will be written back with its verdicts (:func:`write_annotated`): it is checked here,
    before any work, so that a run that cannot write its copy does not start.
    """
    given = [str(p) for p in paths]
    if not all(is_document(p) for p in given):
        others = ", ".join(p for p in given if not is_document(p))
        raise PosencSymError(f"{others}: pass documents (.md, .tex) and derivation files in separate runs")
    files = [Path(p) for p in given]
    for path in files:
        if not path.is_file():
            raise PosencSymError(f"{path}: no such document; pass an existing {SUFFIXES} file")
    if annotate_to is not None and len(files) != 1:
        raise PosencSymError(f"--annotate {annotate_to} writes one document; pass exactly one")
    if annotate_to is not None:
        _check_target(Path(annotate_to), files[0])
    for path in files:
        load_document(path)  # a bad document (a display never closed, none at all) stops the run before any verdict
    return tuple(check_document(path, notation=notation,
                                on_display=None if on_display is None else functools.partial(on_display, str(path)))
                 for path in files)


def _check_target(target: Path, source: Path) -> None:
    """Refuse, before any work, an annotated copy that would replace the notes or change their format."""
    if target.resolve() == source.resolve():
        raise PosencSymError(f"--annotate {target} is the document itself; pass another path, e.g. "
                             f"{source.with_suffix('.checked' + source.suffix).name}")
    language = format_of(source.suffix) or "markdown"
    usual = LANGUAGES[language][1][0]
    require_file(target, language, option="--annotate", writes="the annotated copy is {language}, like the document",
                 example=source.with_suffix(".checked" + usual))


def write_annotated(target: str | Path, report: DocumentReport) -> None:
    """Write the document of ``report`` to ``target`` with a verdict after each display, via a
    temporary file, so that a failure leaves nothing half-written."""
    target = Path(target)
    text = annotate(report)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise PosencSymError(f"--annotate {target}: cannot write ({exc.strerror}); pass a writable path") from None
