"""Notes from derivation files: load the catalogue, run the engine, gather what the notes show.

The notes show exactly what the engine decided in this run; a file that fails to load or a
claim the engine cannot take is an error, so no notes are written that silently skip it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import PosencSymError
from ..proof.verdict import Verdict
from ..render.document import Notes, Section
from ..render.pgf import build_figures
from ..report.table import build_table
from ..runner import ClaimResult, RunReport
from .verify import verify_derivations

__all__ = ["DecidedNotes", "decide_notes", "notes_from_results"]


@dataclass(frozen=True)
class DecidedNotes:
    """The notes of a run and the run's report (its verdicts, for the summary and exit status)."""

    notes: Notes
    report: RunReport


def decide_notes(paths: Sequence[str | Path] = (), *, figures: bool = True) -> DecidedNotes:
    """Notes for the derivations under ``paths`` (none: the built-in catalogue), and the run report."""
    report = verify_derivations(paths, jobs=1, for_pages=True).report
    if report.problems:
        first = report.problems[0]
        more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
        raise PosencSymError(f"{first}{more}; fix it and run again (nothing was written)")
    if not report.results:
        raise PosencSymError(f"no claims found under {', '.join(map(str, paths)) or 'the built-in catalogue'}; "
                             "pass derivation files that define DERIVATION")
    return DecidedNotes(notes_from_results(report.results, figures=figures), report)


def notes_from_results(results: Sequence[ClaimResult], *, figures: bool = True) -> Notes:
    """Notes from a run's results: one section per derivation, in the order met; the figures
    (or a line saying they were turned off) and the property table of these results."""
    sections: dict[str, Section] = {}
    verdicts: dict[str, dict[str, Verdict]] = {}
    for result in results:
        derivation = result.derivation
        if derivation.id not in sections:
            verdicts[derivation.id] = {}
            sections[derivation.id] = Section(derivation, result.file, verdicts[derivation.id])
        verdicts[derivation.id][result.claim.id] = result.verdict
    built, left_out = (build_figures(), []) if figures else ([], ["all figures (turned off)"])
    return Notes(tuple(sections.values()), tuple(built), tuple(left_out), build_table(results))

