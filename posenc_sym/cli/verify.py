"""``posenc-sym verify [PATH ...] [--json]``: decide every claim and report each as it is decided."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..catalog import load_catalog
from ..report import problem_line, report_document, result_lines, summary_lines
from ..report.table import build_table, table_document, table_lines
from ..runner import ClaimResult, RunReport, run_catalog

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
exit status:
  0  every verdict is as expected (expected refutations included)
  1  a claim was refuted unexpectedly, or a claim expected to be refuted was proven
  2  bad input: a path that does not exist, a file that fails to import or defines no
     DERIVATION, a duplicate claim id, a claim that cannot be decided (e.g. a symbol
     without assumptions); one line per problem on stderr, every other claim still decided
"""


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
        help="a derivation file (.py) or a folder searched recursively (default: built-in derivations)",
    )
    parser.add_argument(
        "--json", action="store_true",
        help="print one JSON document on stdout instead of lines (progress goes to stderr on a terminal)",
    )
    parser.add_argument(  # issue 4: the encodings × properties table built from table: tags
        "--table", action="store_true",
        help="also print the property table (encodings × properties, each cell a verdict and its claim); "
        "--json always includes it as \"table\"",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    """Load, decide, report; returns the exit status (0, 1 or 2)."""
    if args.json:
        # stdout carries the JSON document only: whatever derivation files or the engine print
        # while they run goes to stderr.
        with contextlib.redirect_stdout(sys.stderr):
            report = _run(args, progress=sys.stderr if sys.stderr.isatty() else None)
        document = report_document(report)
        # Always present for machines: the cells of the claims this run decided.
        document["table"] = table_document(build_table(report))
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        report = _run(args, progress=sys.stdout)
        print("\n".join(summary_lines(report)))
        if getattr(args, "table", False):
            print("\n" + "\n".join(table_lines(build_table(report))))
    return report.exit_status


def _run(args: argparse.Namespace, progress: TextIO | None) -> RunReport:
    catalog = load_catalog(args.paths)
    for problem in catalog.problems:
        print(problem_line(problem), file=sys.stderr, flush=True)
    return run_catalog(
        catalog,
        on_result=_progress_printer(progress) if progress is not None else None,
        on_problem=lambda p: print(problem_line(p), file=sys.stderr, flush=True),
    )


def _progress_printer(stream: TextIO) -> Callable[[ClaimResult], None]:
    def show(result: ClaimResult) -> None:
        print("\n".join(result_lines(result)), file=stream, flush=True)

    return show
