"""Notes from derivation files: load the catalogue, run the engine, gather what the notes show.

The notes show exactly what the engine decided in this run; a file that fails to load or a
claim the engine cannot take is an error, so no notes are written that silently skip it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import PosencSymError
from ..proof.verdict import Verdict
from ..render.document import TITLE, Notes, Section, section_title
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


def decide_notes(paths: Sequence[str | Path] = (), *, figures: bool | None = True, table: bool | None = None,
                 title: str | None = None) -> DecidedNotes:
    """Notes for the derivations under ``paths`` (none: the built-in catalogue), and the run report.

    ``figures`` and ``table`` (the property table of the encodings): True shows them, False leaves
    them out (the figures with a line saying so), None decides: the built-in catalogue shows both;
    a user's own files show the table only if one of their claims fills a cell of it
    (a ``table:`` tag), and never the catalogue's figures. ``title`` heads the notes (None: the
    catalogue's title, or the one derivation's title, or a plain one).
    """
    report = verify_derivations(paths, jobs=1, for_pages=True).report
    if report.problems:
        first = report.problems[0]
        more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
        raise PosencSymError(f"{first}{more}; fix it and run again (nothing was written)")
    if not report.results:
        raise PosencSymError(f"no claims found under {', '.join(map(str, paths)) or 'the built-in catalogue'}; "
                             "pass derivation files that define DERIVATION")
    builtin = not paths
    if table is None:
        table = builtin or any(tag.startswith("table:") for r in report.results for tag in r.claim.tags)
    notes = notes_from_results(report.results, figures=figures if figures is not None else builtin)
    if figures is None and not builtin:
        notes = dataclasses.replace(notes, figures_left_out=())  # not asked for: nothing to say
    if not table:
        notes = dataclasses.replace(notes, table=None, table_left_out="")
    return DecidedNotes(dataclasses.replace(notes, title=title or _default_title(notes, builtin)), report)


def _default_title(notes: Notes, builtin: bool) -> str:
    if builtin:
        return TITLE
    if len(notes.sections) == 1:
        return section_title(notes.sections[0].derivation)[0]
    return "Derivations checked by posenc-sym"


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
