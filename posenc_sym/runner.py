"""Decide every claim of a catalogue, timing each, and sum up what the run means.

A claim whose decision raises :class:`~posenc_sym.errors.PosencSymError` (a free symbol
without assumptions, say) becomes a :class:`~posenc_sym.catalog.Problem` naming the claim
and its file; every other claim is still decided.

>>> report = run_catalog(Catalog(()))
>>> report.results, report.exit_status
((), 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .catalog import Catalog, LoadedDerivation, Problem
from .errors import PosencSymError
from .proof import decide
from .proof.claim import Claim, Derivation
from .proof.verdict import Verdict

__all__ = ["EXIT_OK", "EXIT_PROBLEM", "EXIT_UNEXPECTED", "ClaimResult", "RunReport", "run_catalog"]

#: Exit statuses of ``posenc-sym verify``: all as expected, something refuted unexpectedly, bad input.
EXIT_OK, EXIT_UNEXPECTED, EXIT_PROBLEM = 0, 1, 2


@dataclass(frozen=True)
class ClaimResult:
    """One decided claim: its verdict, where it came from, and how long deciding it took."""

    claim: Claim
    verdict: Verdict
    file: str
    derivation: Derivation
    seconds: float

    @property
    def unexpected(self) -> bool:
        """True when the verdict contradicts what the author expected.

        A refutation nobody expected, or a claim expected to be refuted that came back proven.
        (``checked`` or ``unknown`` where ``proven`` was hoped for is weaker, not contradictory.)
        """
        status, expect = self.verdict.status, self.claim.expect
        if status == "refuted":
            return expect != "refuted"
        return expect == "refuted" and status == "proven"

    @property
    def expected_refuted(self) -> bool:
        """True for a claim its derivation marks as false (a document's error), refuted as expected."""
        return self.claim.expect == "refuted" and self.verdict.status == "refuted"


@dataclass(frozen=True)
class RunReport:
    """Everything a run found: results in catalogue order, problems, and the wall time."""

    results: tuple[ClaimResult, ...]
    problems: tuple[Problem, ...] = ()
    seconds: float = 0.0

    @property
    def exit_status(self) -> int:
        """2 if anything could not be loaded or decided, else 1 if a verdict was unexpected, else 0."""
        if self.problems:
            return EXIT_PROBLEM
        if any(r.unexpected for r in self.results):
            return EXIT_UNEXPECTED
        return EXIT_OK


def _decide(claim: Claim) -> Verdict:
    """The proof engine's verdict (a seam: tests put a stand-in engine here)."""
    return decide(claim)


def run_catalog(
    catalog: Catalog,
    *,
    on_result: Callable[[ClaimResult], object] | None = None,
    on_problem: Callable[[Problem], object] | None = None,
) -> RunReport:
    """Decide every claim in order; ``on_result`` / ``on_problem`` hear of each as it happens."""
    start = time.perf_counter()
    results: list[ClaimResult] = []
    problems = list(catalog.problems)
    for claim, loaded in catalog.claims:
        outcome = _decide_one(claim, loaded)
        if isinstance(outcome, Problem):
            problems.append(outcome)
            if on_problem is not None:
                on_problem(outcome)
            continue
        results.append(outcome)
        if on_result is not None:
            on_result(outcome)
    return RunReport(tuple(results), tuple(problems), time.perf_counter() - start)


def _decide_one(claim: Claim, loaded: LoadedDerivation) -> ClaimResult | Problem:
    began = time.perf_counter()
    try:
        verdict = _decide(claim)
    except PosencSymError as exc:
        return Problem(loaded.file, claim.id, str(exc))
    except Exception as exc:  # an engine bug must not hide the other claims' verdicts
        return Problem(
            loaded.file, claim.id,
            f"the proof engine failed with {type(exc).__name__}: {exc}; this is a bug in posenc-sym, "
            "please report it with this claim",
        )
    return ClaimResult(claim, verdict, loaded.file, loaded.derivation, time.perf_counter() - began)
