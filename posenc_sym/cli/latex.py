"""``posenc-sym latex``: lecture notes in LaTeX from the checked derivations.

Writes a complete document (``-o notes.tex``, optionally ``--pdf`` beside it) or, with
``--fragments DIR``, one ``\\input``-able file per derivation plus ``preamble.tex``. Every
file is written atomically: on any error, nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .notes_options import add_contents_options, stage_printer

__all__ = ["register", "run"]

if TYPE_CHECKING:
    from ..render.options import Options


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
    add_contents_options(parser)
    parser.add_argument("--ids", action="store_true",
                        help="also show each claim's id and how it was decided in the main text (a whole "
                        "document always lists them in its appendix 'How each statement was checked')")
    parser.add_argument("--no-refuted", action="store_true", help="leave out the refuted claims")
    parser.add_argument("--heading-level", choices=("section", "subsection", "subsubsection", "none"),
                        default="section",
                        help="the heading of a derivation (its claims one level below; "
                             "none: bold titles only, for beamer frames)")
    parser.add_argument("--line", default="article", metavar="LINE",
                        help="the line displays are broken to: article (11pt, 2.5cm margins on letter "
                             "paper), beamer (a frame; each claim then fits a frame or is split into "
                             "frame-sized pieces), or a width such as 15cm (A4 with 3cm margins), at 11pt")
    return parser


def _options(args: argparse.Namespace) -> Options:
    from ..render.layout import parse_line
    from ..render.options import Options

    level = {"section": 1, "subsection": 2, "subsubsection": 3, "none": -1}[args.heading_level]
    return Options(ids=args.ids, refuted=not args.no_refuted, level=level, width=parse_line(args.line),
                   frames=args.line == "beamer")


def run(args: argparse.Namespace) -> int:
    # Imported here, not at the top: building the parser must not import what other subcommands use.
    from ..app.write_notes import LatexRequest, write_latex
    from ..report.terminal import claims_line

    written = write_latex(LatexRequest(args.paths, args.output, args.fragments, pdf=args.pdf, figures=args.figures,
                                       options=_options(args), table=args.table, title=args.title),
                          on_stage=stage_printer("latex"))
    for path in written.files:
        print(f"wrote {path}")
        if path in written.remarks:  # said with the file, on stderr: the file was written all the same
            print(f"note: {written.remarks[path]}", file=sys.stderr)
    for line in written.figures_left_out:
        print(f"figure left out: {line}", file=sys.stderr)
    print(claims_line(written.report))
    return int(written.report.exit_status)
