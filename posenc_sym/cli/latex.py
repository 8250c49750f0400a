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
                        help="also compile it (pdflatex, or xelatex when it quotes Chinese) until its "
                        "references are stable; the PDF and the log go beside the .tex")
    parser.add_argument("--fragments", type=Path, metavar="DIR",
                        help="write one \\input-able file per derivation and preamble.tex into DIR instead")
    parser.add_argument("--no-figures", action="store_true", help="leave the figures out")
    parser.add_argument("--no-ids", action="store_true", help="leave out the claims' ids")
    parser.add_argument("--no-methods", action="store_true",
                        help="leave out how each claim was proven (the verdicts stay)")
    parser.add_argument("--no-refuted", action="store_true", help="leave out the refuted claims")
    parser.add_argument("--heading-level", choices=("section", "subsection", "subsubsection", "none"),
                        default="section",
                        help="the heading of a derivation (its claims one level below; "
                             "none: bold titles only, for beamer frames)")
    parser.add_argument("--line", choices=("article", "beamer"), default="article",
                        help="the line long formulas are broken to: an article's (11pt, 2.5cm margins) "
                             "or a beamer frame's")
    return parser


def _options(args: argparse.Namespace) -> Any:
    from ..render.latex import Options
    from ..render.layout import BEAMER_WIDTH, LINE_WIDTH

    level = {"section": 1, "subsection": 2, "subsubsection": 3, "none": -1}[args.heading_level]
    width = {"article": LINE_WIDTH, "beamer": BEAMER_WIDTH}[args.line]
    return Options(ids=not args.no_ids, methods=not args.no_methods, refuted=not args.no_refuted,
                   level=level, width=width)


def run(args: argparse.Namespace) -> int:
    from ..render.document import latex_document, latex_fragments, tex_engine
    from ..render.output import write_files
    from ..render.run import decide_notes, summary_line
    from ..render.tex import compile_latex, find_engine, first_error

    if (args.output is None) == (args.fragments is None):
        raise PosencSymError("give exactly one of -o FILE.tex (a whole document) or --fragments DIR")
    if args.pdf and args.output is None:
        raise PosencSymError("--pdf compiles a whole document; use it with -o FILE.tex, not --fragments")
    if args.pdf and find_engine("pdflatex") is None:
        compile_latex("")  # raises the error that says how to install TeX
    options = _options(args)
    notes, report = decide_notes(args.paths, figures=not args.no_figures)
    files: dict[Path, str | bytes] = {}
    if args.fragments is not None:
        files = {args.fragments / name: text for name, text in latex_fragments(notes, options).items()}
    else:
        document = latex_document(notes, options)
        files[args.output] = document
        if args.pdf:
            engine = tex_engine(notes)
            result = compile_latex(document, engine=engine)
            if not result.ok:
                where = first_error(result.log) or result.problems[0]
                raise PosencSymError(f"{engine} failed: {where}; nothing was written "
                                     "(this is a bug in posenc-sym, please report it)")
            assert result.pdf is not None
            files[args.output.with_suffix(".pdf")] = result.pdf
            files[args.output.with_suffix(".log")] = result.log
    write_files(files)
    for path in files:
        print(f"wrote {path}")
    for line in notes.figures_left_out:
        print(f"figure left out: {line}", file=sys.stderr)
    print(summary_line(report))
    return int(report.exit_status)
