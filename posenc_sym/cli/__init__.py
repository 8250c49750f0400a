"""``posenc-sym``: a thin shell over the use cases of :mod:`posenc_sym.app`; each subcommand lives in
its own module.

A subcommand module defines ``register(subparsers) -> argparse.ArgumentParser`` and
``run(args) -> int``: it parses its arguments, calls the app, prints the result and returns the
exit status. Errors on bad input (:class:`~posenc_sym.errors.PosencSymError`) are printed as one
line on stderr with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..errors import PosencSymError

__all__ = ["console_main", "main"]

#: Subcommands, in the order ``--help`` lists them (module name under posenc_sym.cli).
COMMANDS: tuple[str, ...] = ("verify", "latex", "markdown", "codegen", "check")

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit 2 with one line and the hint to use --help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="posenc-sym",
        description=(
            "Proof-checking companion for Transformer positional encodings: verify derivations "
            "with SymPy, render them as LaTeX, generate and cross-check numeric code."
        ),
        epilog="Run 'posenc-sym COMMAND --help' for the options of one command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"{__name__}.{name}")
        module.register(sub).set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
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
