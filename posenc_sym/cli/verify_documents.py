"""``posenc-sym verify notes.md`` (or ``.tex``): check a document's displays row by row.

The ``verify`` subcommand routes here when its paths are documents (see :func:`posenc_sym.app.documents.is_document`).
Exit status: 0 all as expected, 1 a display or row refuted that the document does not mark as
expected, 2 a bad declaration (one line each on stderr, with file:line) or bad arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from ..app.documents import verify_documents, write_annotated
from ..documents.decide import DisplayResult
from ..documents.report import display_lines, document_json, summary_line

__all__ = ["run_documents"]


def run_documents(args: argparse.Namespace) -> int:
    """Check every document in ``args.paths``; returns the exit status."""
    annotate_to = getattr(args, "annotate", None)
    notation = getattr(args, "notation", None)
    if args.json:
        with contextlib.redirect_stdout(sys.stderr):
            reports = verify_documents(args.paths, notation=notation, annotate_to=annotate_to)
    else:
        reports = verify_documents(args.paths, notation=notation, annotate_to=annotate_to, on_display=_show)
    for report in reports:
        for problem in report.problems:
            print(f"posenc-sym verify: error: {problem}", file=sys.stderr, flush=True)
    if args.json:
        json.dump(document_json(list(reports)), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(summary_line(list(reports)))
    if annotate_to is not None:
        write_annotated(annotate_to, reports[0])
    return max(r.exit_status for r in reports)


def _show(file: str, result: DisplayResult) -> None:
    print("\n".join(display_lines(file, result)), flush=True)
