"""From derivation files to notes: load the catalogue, run the engine, group the verdicts.

The notes show exactly what the engine decided in this run; a file that fails to load or a
claim the engine cannot take is an error, so no notes are written that silently skip it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from ..errors import PosencSymError
from .document import Notes, notes_from_results

__all__ = ["decide_notes", "summary_line"]


def decide_notes(paths: Sequence[str] = (), *, figures: bool = True) -> tuple[Notes, Any]:
    """Notes for the derivations under ``paths`` (none: the built-in catalogue), and the run report."""
    catalog_module = importlib.import_module("posenc_sym.catalog")
    runner = importlib.import_module("posenc_sym.runner")
    catalog = catalog_module.without_same_sides(catalog_module.load_catalog(list(paths)))
    report = runner.run_catalog(catalog)
    if report.problems:
        first = report.problems[0]
        more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
        raise PosencSymError(f"{first}{more}; fix it and run again (nothing was written)")
    if not report.results:
        raise PosencSymError(f"no claims found under {', '.join(paths) or 'the built-in catalogue'}; "
                             "pass derivation files that define DERIVATION")
    return notes_from_results(report.results, figures=figures), report


def summary_line(report: Any) -> str:
    """'12 claims: 10 proven, 1 refuted (as expected), ...' for the CLI's last line."""
    counts: dict[str, int] = {}
    for result in report.results:
        counts[result.verdict.status] = counts.get(result.verdict.status, 0) + 1
    parts = [f"{counts[s]} {s}" for s in ("proven", "refuted", "checked", "unknown") if s in counts]
    unexpected = sum(1 for r in report.results if r.unexpected)
    tail = f"; {unexpected} not as expected" if unexpected else ""
    noun = "claim" if len(report.results) == 1 else "claims"
    return f"{len(report.results)} {noun}: {', '.join(parts)}{tail}"
