"""``posenc-sym verify [PATH ...] [--json]``: decide every claim and report each as it is decided."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..app.documents import is_document
from ..app.verify import Verification, verify_derivations
from ..catalog import Problem
from ..errors import PosencSymError
from ..notation.presets import PRESETS
from ..report import problem_line, report_document, result_lines, summary_lines
from ..report.table import table_document, table_lines
from ..runner import ClaimResult
from .verify_documents import run_documents

__all__ = ["register", "run"]

_DESCRIPTION = """\
Decide every claim of the derivation files under PATH (files or folders; default: the
built-in derivations shipped with posenc-sym) and report each as it is decided.

verdicts:
  proven   holds for every value the stated assumptions allow: SymPy closed the gap
           symbolically (difference reduced to exactly 0, or the inequality proved)
  refuted  false: a counterexample, evaluated with mpmath at high precision, is printed
  checked  agrees numerically at sampled points; NOT a proof
  unknown  neither proven nor refuted

A claim that a document makes and that is false is marked expect="refuted" in its
derivation: it is reported as [expected refuted] and keeps the run green.
"""

_EPILOG = """\
bad input (exit status 2): a path that does not exist, a file that fails to import
or defines no DERIVATION, a duplicate claim id, a claim that cannot be decided (e.g. a
symbol without assumptions); one line per problem on stderr, every other claim still
decided. In a folder, .py files that do not assign DERIVATION are not imported: they are
listed as skipped. A derivation file that takes longer than 60 s to import is a problem."""


_SKIPPED = "assigns no DERIVATION, not imported"


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``verify`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "verify",
        help="decide the claims of derivation files (default: the built-in ones)",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths", nargs="*", metavar="PATH",
        help="a derivation file (.py), a folder searched recursively (default: built-in derivations), "
        "or a document (.md, .markdown, .txt, .tex, .ipynb, .qmd, .rmd) whose displays are checked row by row",
    )
    parser.add_argument(
        "--json", action="store_true",
        help="print one JSON document on stdout instead of lines (progress goes to stderr on a terminal)",
    )
    parser.add_argument(
        "--jobs", type=_positive_int, default=None, metavar="N",
        help="decide claims in N processes (default: one per core); verdicts do not depend on N",
    )
    parser.add_argument(
        "--no-cache", action="store_true",
        help="decide every claim afresh: do not take proofs and counterexamples from the verdict cache of "
        "earlier runs, nor keep new ones (the cache: $POSENC_SYM_CACHE_DIR, else ~/.cache/posenc-sym; "
        "only proven and refuted verdicts of the same statement by the same engine are kept)",
    )
    parser.add_argument(  # issue 13: documents
        "--notation", choices=sorted(PRESETS), default=None,
        help="for documents (.md, .tex): declare what the notes leave implicit (sinusoidal: pos, t, k, i, "
        "d_model, ω, ω_i, w_k, PE_{(pos,2i)}, PE_{(pos,2i+1)} with base 10000)",
    )
    parser.add_argument(
        "--annotate", metavar="OUT", default=None,
        help="for one document: write it to OUT with a verdict after each display (badge, rows as read, "
        "counterexamples)",
    )
    parser.add_argument(  # issue 4: the encodings × properties table built from table: tags
        "--table", action="store_true",
        help="also print the property table (encodings × properties, each cell a verdict and its claim); "
        "--json always includes it as \"table\"",
    )
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number; pass e.g. --jobs 2") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive; pass --jobs 1 or more")
    return value


def run(args: argparse.Namespace) -> int:
    """Decide, report; returns the exit status (0, 1 or 2)."""
    if args.paths and any(is_document(p) for p in args.paths):
        return run_documents(args)
    if args.notation is not None or args.annotate is not None:
        raise PosencSymError("--notation and --annotate apply to documents (.md, .markdown, .txt, .tex, .ipynb, "
                             ".qmd, .rmd); "
                             "pass a document")
    if args.json:
        # stdout carries the JSON document only: whatever derivation files or the engine print
        # while they run goes to stderr.
        with contextlib.redirect_stdout(sys.stderr):
            verification = _verify(args, progress=sys.stderr if sys.stderr.isatty() else None)
        document = report_document(verification.report)
        document["skipped"] = [{"file": file, "reason": _SKIPPED} for file in verification.skipped]
        # Always present for machines: the cells of the claims this run decided.
        document["table"] = table_document(verification.table)
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        verification = _verify(args, progress=sys.stdout)
        report = verification.report
        if report.results or not report.problems:  # nothing loaded: the problems on stderr say it all
            for file in verification.skipped:
                print(f"{'skipped':<17}{file}  ({_SKIPPED})")
            print("\n".join(summary_lines(report)))
        if getattr(args, "table", False):
            print("\n" + "\n".join(table_lines(verification.table)))
    return verification.report.exit_status


def _verify(args: argparse.Namespace, progress: TextIO | None) -> Verification:
    return verify_derivations(args.paths, jobs=args.jobs, cache=not args.no_cache,
                              on_result=_progress_printer(progress) if progress is not None else None,
                              on_problem=_print_problem)


def _print_problem(problem: Problem) -> None:
    print(problem_line(problem), file=sys.stderr, flush=True)


def _progress_printer(stream: TextIO) -> Callable[[ClaimResult], None]:
    def show(result: ClaimResult) -> None:
        print("\n".join(result_lines(result)), file=stream, flush=True)

    return show
