"""``posenc-sym markdown``: the checked derivations as Markdown with ``$$...$$`` math.

For MkDocs (with a MathJax/arithmatex setup) or GitHub. With the optional ``figures`` extra
(matplotlib), the figures are drawn as PNG files in ``NOTES_figures/`` beside the page;
without it the page says which figures were left out.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["register", "run"]


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "markdown", help="write the checked derivations as Markdown ($$...$$ math)",
        description="Decide the derivations and write them as Markdown for MkDocs or GitHub.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="derivation files or folders (default: the built-in catalogue)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the .md file to write")
    parser.add_argument("--no-figures", action="store_true", help="leave the figures out")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..render.document import markdown_document
    from ..render.figures_mpl import draw_pngs
    from ..render.output import write_files
    from ..render.run import decide_notes, summary_line

    notes, report = decide_notes(args.paths, figures=not args.no_figures)
    folder = args.output.parent / f"{args.output.stem}_figures"
    pngs, left_out = draw_pngs([f.data for f in notes.figures]) if notes.figures else ({}, [])
    left_out = [*left_out, *notes.figures_left_out]
    links = {name: f"{folder.name}/{name}.png" for name in pngs}
    files: dict[Path, str | bytes] = {args.output: markdown_document(notes, links, left_out)}
    files.update({folder / f"{name}.png": data for name, data in pngs.items()})
    write_files(files)
    for path in files:
        print(f"wrote {path}")
    for line in left_out:
        print(f"figure left out: {line}", file=sys.stderr)
    print(summary_line(report))
    return int(report.exit_status)
