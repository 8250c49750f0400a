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

from .notes_options import add_contents_options

__all__ = ["register", "run"]


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "markdown", help="write the checked derivations as Markdown ($$...$$ math)",
        description="Decide the derivations and write them as Markdown for MkDocs or GitHub.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="derivation files or folders (default: the built-in catalogue)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the .md file to write")
    add_contents_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    # Imported here, not at the top: building the parser must not import what other subcommands use.
    from ..app.write_notes import MarkdownRequest, write_markdown
    from ..report.terminal import claims_line

    written = write_markdown(MarkdownRequest(args.output, args.paths, figures=args.figures, table=args.table,
                                             title=args.title))
    for path in written.files:
        print(f"wrote {path}")
    for line in written.figures_left_out:
        print(f"figure left out: {line}", file=sys.stderr)
    print(claims_line(written.report))
    return int(written.report.exit_status)
