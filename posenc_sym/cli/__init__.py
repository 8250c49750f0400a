"""``posenc-sym``: a thin shell over the use cases of :mod:`posenc_sym.app`; each subcommand lives in
its own module.

A subcommand module defines ``register(subparsers) -> argparse.ArgumentParser`` and
``run(args) -> int``: it parses its arguments, calls the app, prints the result and returns the
exit status (:mod:`.exits`: 0 as expected, 1 the answer is no, 2 bad input, 3 a bug). Errors on
bad input (:class:`~posenc_sym.errors.PosencSymError`) are printed as one line on stderr with exit
status 2, never as a traceback; any other exception is posenc-sym's own failure, one line and exit
status 3 (``--debug`` adds the traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from typing import NoReturn

from ..errors import PosencSymError
from ..version import VERSION
from .exits import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, exit_help

__all__ = ["EXIT_FAILED", "EXIT_INTERNAL", "EXIT_OK", "EXIT_USAGE", "console_main", "main"]

#: Subcommands, in the order ``--help`` lists them (module name under posenc_sym.cli).
COMMANDS: tuple[str, ...] = ("verify", "latex", "markdown", "codegen", "check")


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit 2 with one line and the hint to use --help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class _Formatter(argparse.HelpFormatter):
    """Paragraphs of prose are filled to the terminal; a paragraph with indented lines (a table,
    the exit statuses) is kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.split("\n\n"):
            if any(line.startswith(" ") for line in paragraph.splitlines()):
                paragraphs.append("\n".join(indent + line for line in paragraph.splitlines()))
            else:
                paragraphs.append(textwrap.fill(" ".join(paragraph.split()), width,
                                                initial_indent=indent, subsequent_indent=indent))
        return "\n\n".join(paragraphs)


_DEBUG_HELP = "on an internal error, print the traceback (for a bug report)"

#: When each command exits 1 (None: it never does), for the exit-status block of its --help.
_EXIT_1: dict[str, str | None] = {
    "verify": "a verdict differs from the claim's expect (e.g. refuted unexpectedly, or proven where checked "
              "was expected)",
    "latex": "a claim came back against what its derivation expects (the notes are written, with that verdict)",
    "markdown": "a claim came back against what its derivation expects (the notes are written, with that verdict)",
    "codegen": None,
    "check": "mismatch: the data are not a correct implementation of the convention found (or of --expect)",
}
_EXIT_0 = {"check": "matches"}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="posenc-sym",
        description=(
            "Proof-checking companion for Transformer positional encodings: verify derivations "
            "with SymPy, render them as LaTeX, generate and cross-check numeric code."
        ),
        epilog="Run 'posenc-sym COMMAND --help' for the options of one command.\n\n"
        + exit_help("the answer is no: a claim refuted unexpectedly (verify, latex, markdown), "
                    "an implementation that does not match (check)"),
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"posenc-sym {VERSION}")
    parser.add_argument("--debug", action="store_true", help=_DEBUG_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"{__name__}.{name}")
        command = module.register(sub)
        block = exit_help(_EXIT_1.get(name, "the answer is no"), _EXIT_0.get(name, "everything as expected"))
        command.epilog = f"{command.epilog}\n\n{block}" if command.epilog else block
        command.formatter_class = _Formatter
        # SUPPRESS: given before the command, --debug is not reset by the command's default
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=_DEBUG_HELP)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status (see :mod:`.exits`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = int(args._run(args))
        sys.stdout.flush()  # here, so that a reader gone away is caught below and not at exit
        return status
    except PosencSymError as exc:
        print(f"posenc-sym {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"posenc-sym {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`posenc-sym check ... | head`): what it read is all it wanted.
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader left
    except Exception as exc:  # anything else is posenc-sym's own failure, never the user's
        return _internal_error(args, exc)


def _internal_error(args: argparse.Namespace, exc: Exception) -> int:
    """One line on stderr (the traceback before it with --debug); exit status 3."""
    if args.debug:
        traceback.print_exception(exc, file=sys.stderr)
    what = "ran out of memory" if isinstance(exc, MemoryError) else f"{type(exc).__name__}: {exc}"
    hint = "" if args.debug else "; run it again with --debug for the traceback"
    print(f"posenc-sym {args.command}: internal error: {' '.join(what.split())}; this is a bug in posenc-sym, "
          f"please report it with the command{hint}", file=sys.stderr)
    return EXIT_INTERNAL


def console_main() -> NoReturn:
    """The ``posenc-sym`` console script: :func:`main`, then exit without tearing the interpreter down.

    Freeing SymPy's caches and every module at interpreter exit takes as long as importing SymPy
    (0.2-0.3 s); nothing needs it once the output is flushed and every file is closed, which
    :func:`main` has done when it returns (workers joined, writes atomic and complete).
    """
    status = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        status = 141
    os._exit(status)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
