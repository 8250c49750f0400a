"""``posenc-sym latex``: lecture notes in LaTeX from the checked derivations.

Writes a complete document (``-o notes.tex``, optionally ``--pdf`` beside it) or, with
``--fragments DIR``, one ``\\input``-able file per derivation plus ``preamble.tex``. Every
file is written atomically: on any error, nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import PosencSymError

__all__ = ["register", "run"]


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "latex", help="write the checked derivations as LaTeX notes",
        description="Decide the derivations and write them as LaTeX: statements, assumptions, "
        "steps with their justifications, and the verdicts the engine gave.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="derivation files or folders (default: the built-in catalogue)")
    parser.add_argument("-o", "--output", type=Path, help="the .tex file to write")
    parser.add_argument("--pdf", action="store_true",
                        help="also compile it with pdflatex (PDF beside the .tex)")
    parser.add_argument("--fragments", type=Path, metavar="DIR",
                        help="write one \\input-able file per derivation and preamble.tex into DIR instead")
    parser.add_argument("--no-figures", action="store_true", help="leave the figures out")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..render.document import latex_document, latex_fragments
    from ..render.output import write_files
    from ..render.run import decide_notes, summary_line
    from ..render.tex import compile_latex, find_pdflatex

    if (args.output is None) == (args.fragments is None):
        raise PosencSymError("give exactly one of -o FILE.tex (a whole document) or --fragments DIR")
    if args.pdf and args.output is None:
        raise PosencSymError("--pdf compiles a whole document; use it with -o FILE.tex, not --fragments")
    if args.pdf and find_pdflatex() is None:
        compile_latex("")  # raises the error that says how to install TeX
    notes, report = decide_notes(args.paths, figures=not args.no_figures)
    files: dict[Path, str | bytes] = {}
    if args.fragments is not None:
        files = {args.fragments / name: text for name, text in latex_fragments(notes).items()}
    else:
        document = latex_document(notes)
        files[args.output] = document
        if args.pdf:
            result = compile_latex(document)
            if not result.ok:
                raise PosencSymError(f"pdflatex failed: {result.problems[0]}; nothing was written "
                                     "(this is a bug in posenc-sym, please report it)")
            assert result.pdf is not None
            files[args.output.with_suffix(".pdf")] = result.pdf
    write_files(files)
    for path in files:
        print(f"wrote {path}")
    for line in notes.figures_left_out:
        print(f"figure left out: {line}", file=sys.stderr)
    print(summary_line(report))
    return int(report.exit_status)
