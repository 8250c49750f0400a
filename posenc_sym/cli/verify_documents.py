"""``posenc-sym verify notes.md`` (or ``.tex``): check a document's displays row by row.

The ``verify`` subcommand routes here when its paths are documents (see :func:`is_document`).
Exit status: 0 all as expected, 1 a display or row refuted that the document does not mark as
expected, 2 a bad declaration (one line each on stderr, with file:line) or bad arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from ..documents.annotate import annotate
from ..documents.decide_document import DocumentReport, check_document
from ..documents.extract import kind_of
from ..documents.report import display_lines, document_json, summary_line
from ..errors import PosencSymError

__all__ = ["is_document", "run_documents"]


def is_document(path: str) -> bool:
    """True for a Markdown or LaTeX document (as opposed to a derivation file or folder).

    >>> is_document("notes.md"), is_document("notes.tex"), is_document("derivations/")
    (True, True, False)
    """
    return kind_of(Path(path).suffix) is not None


def run_documents(args: argparse.Namespace) -> int:
    """Check every document in ``args.paths``; returns the exit status."""
    paths = [Path(p) for p in args.paths]
    if not all(is_document(p) for p in args.paths):
        others = ", ".join(p for p in args.paths if not is_document(p))
        raise PosencSymError(f"{others}: pass documents (.md, .tex) and derivation files in separate runs")
    for path in paths:
        if not path.is_file():
            raise PosencSymError(f"{path}: no such document; pass an existing .md, .markdown, .txt or .tex file")
    annotate_to = getattr(args, "annotate", None)
    if annotate_to is not None and len(paths) != 1:
        raise PosencSymError(f"--annotate {annotate_to} writes one document; pass exactly one")
    if annotate_to is not None:
        _check_target(Path(annotate_to), paths[0])
    reports: list[DocumentReport] = []
    for path in paths:
        reports.append(_check(path, args))
    for report in reports:
        for problem in report.problems:
            print(f"posenc-sym verify: error: {problem}", file=sys.stderr, flush=True)
    if args.json:
        json.dump(document_json(reports), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(summary_line(reports))
    if annotate_to is not None:
        _write(Path(annotate_to), annotate(reports[0]))
    return max(r.exit_status for r in reports)


def _check(path: Path, args: argparse.Namespace) -> DocumentReport:
    notation = getattr(args, "notation", None)
    if args.json:
        with contextlib.redirect_stdout(sys.stderr):
            return check_document(path, notation=notation)
    return check_document(path, notation=notation,
                          on_display=lambda r: print("\n".join(display_lines(str(path), r)), flush=True))


def _check_target(target: Path, source: Path) -> None:
    """Refuse, before any work, an annotated copy that would replace the notes or change their format."""
    if target.resolve() == source.resolve():
        raise PosencSymError(f"--annotate {target} is the document itself; pass another path, e.g. "
                             f"{source.with_suffix('.checked' + source.suffix).name}")
    kind = kind_of(source.suffix)
    if kind_of(target.suffix) != kind:
        suffix, language = (".tex", "LaTeX") if kind == "latex" else (".md", "Markdown")
        raise PosencSymError(f"--annotate {target}: the annotated copy is {language}, like the document; give "
                             f"it a {suffix} name, e.g. {source.with_suffix('.checked' + suffix).name}")


def _write(target: Path, text: str) -> None:
    """Write via a temporary file, so a failure leaves nothing half-written."""
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise PosencSymError(f"--annotate {target}: cannot write ({exc.strerror}); pass a writable path") from None
