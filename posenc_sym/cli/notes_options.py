"""What the ``latex`` and ``markdown`` notes hold beside the derivations, and the progress line.

The built-in catalogue's notes carry the property table of the encodings and the figures; notes
of your own derivation files leave out the catalogue's figures, and its table unless one of
your claims fills a cell of it. ``--table``/``--figures`` ask for them, ``--no-table``/
``--no-figures`` leave them out; ``--title`` names the notes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

__all__ = ["add_contents_options", "stage_printer"]


def add_contents_options(parser: argparse.ArgumentParser) -> None:
    """``--title``, ``--table``/``--no-table``, ``--figures``/``--no-figures``."""
    parser.add_argument("--title", help="the title of the notes (default: the catalogue's title, or your "
                        "derivation's title)")
    parser.add_argument("--table", action=argparse.BooleanOptionalAction, default=None,
                        help="the property table of the encodings (default: for the built-in catalogue, "
                        "or when one of your claims fills a cell of it)")
    parser.add_argument("--figures", action=argparse.BooleanOptionalAction, default=None,
                        help="the catalogue's figures (default: for the built-in catalogue only)")


def stage_printer(command: str) -> Callable[[str], None] | None:
    """A callback printing each stage of a long command on stderr, on a terminal only (None elsewhere:
    a pipe or a log file gets the result, not the chatter)."""
    if not sys.stderr.isatty():
        return None

    def show(what: str) -> None:
        print(f"posenc-sym {command}: {what}...", file=sys.stderr, flush=True)

    return show
