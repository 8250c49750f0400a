"""Decide every claim of a catalogue, timing each, and sum up what the run means.

A claim whose decision raises :class:`~posenc_sym.errors.PosencSymError` (a free symbol
without assumptions, say) becomes a :class:`~posenc_sym.catalog.Problem` naming the claim
and its file; every other claim is still decided.

>>> report = run_catalog(Catalog(()))
>>> report.results, report.exit_status
((), 0)
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .catalog import Catalog, LoadedDerivation, Problem
from .errors import PosencSymError
from .proof import decide
from .proof.claim import Claim, Derivation
from .proof.verdict import Verdict
from .proof.verdict_cache import VerdictCache

__all__ = [
    "EXIT_INTERNAL", "EXIT_OK", "EXIT_PROBLEM", "EXIT_UNEXPECTED", "ClaimResult", "RunReport", "default_jobs",
    "run_catalog",
]

#: Exit statuses of ``posenc-sym verify``: all as expected, a verdict other than the expected one,
#: bad input, a bug of posenc-sym (the proof engine failed on a claim).
EXIT_OK, EXIT_UNEXPECTED, EXIT_PROBLEM, EXIT_INTERNAL = 0, 1, 2, 3


@dataclass(frozen=True)
class ClaimResult:
    """One decided claim: its verdict, where it came from, and how long deciding it took."""

    claim: Claim
    verdict: Verdict
    file: str
    derivation: Derivation
    seconds: float
    cached: bool = False  # the verdict was read from the verdict cache, not decided in this run

    @property
    def unexpected(self) -> bool:
        """True when the verdict is not the one the author expected: expectations are exact.

        A refutation nobody expected, a claim expected to be refuted that came back proven, and
        also ``proven`` where ``checked`` was written (the engine now proves what the author only
        checked: the expectation is out of date) or ``checked`` where ``proven`` was (a proof lost).
        """
        return self.verdict.status != self.claim.expect

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
        """3 if posenc-sym failed on a claim (a bug), else 2 if anything could not be loaded or decided,
        else 1 if a verdict was unexpected, else 0."""
        if any(p.internal for p in self.problems):
            return EXIT_INTERNAL
        if self.problems:
            return EXIT_PROBLEM
        if any(r.unexpected for r in self.results):
            return EXIT_UNEXPECTED
        return EXIT_OK


def _decide(claim: Claim) -> Verdict:
    """The proof engine's verdict (a seam: tests put a stand-in engine here)."""
    return decide(claim)


#: Below this many claims a run stays in one process: forking would cost more than it saves.
MIN_CLAIMS_TO_FORK = 16


def default_jobs() -> int:
    """Worker processes for a run: one per available core."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# The claims of the run in progress and its verdict cache. Forked workers inherit them, so a
# worker needs only an index and nothing but the verdict is pickled back.
_WORK: list[tuple[Claim, LoadedDerivation]] = []
_CACHE: VerdictCache | None = None


def _decide_index(index: int) -> tuple[int, Verdict | Problem, float, bool]:
    # Only the verdict travels back: a ClaimResult would pickle its whole Derivation every time.
    claim, loaded = _WORK[index]
    outcome = _decide_one(claim, loaded, _CACHE)
    if isinstance(outcome, Problem):
        return index, outcome, 0.0, False
    return index, outcome.verdict, outcome.seconds, outcome.cached


#: Claims handed to a worker at a time: neighbours in the catalogue share subexpressions, which a
#: worker's SymPy cache then computes once; small enough that the last chunks still balance.
CHUNK = 4


def _before_fork() -> None:
    """Do once, in the parent, what every forked worker would otherwise do for itself."""
    # SymPy's simplify imports its physics units on its first call (0.15-0.3 s): once here, not per worker.
    import sympy.physics.units  # noqa: F401
    # The objects alive now are shared with the workers until written to. A worker's garbage
    # collector writes to every object it scans, copying its page: frozen, they are never scanned
    # (on the catalogue: about 3000 fewer copied pages a worker, and a third of the collection time).
    gc.freeze()


def _outcomes(work: list[tuple[Claim, LoadedDerivation]], jobs: int,
              cache: VerdictCache | None) -> Iterator[ClaimResult | Problem]:
    """Each claim's outcome in catalogue order, decided by ``jobs`` forked workers when worth it."""
    if jobs <= 1 or len(work) < MIN_CLAIMS_TO_FORK or "fork" not in multiprocessing.get_all_start_methods():
        for claim, loaded in work:
            yield _decide_one(claim, loaded, cache)
        return
    global _WORK, _CACHE
    _WORK, _CACHE = work, cache
    _before_fork()
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            # imap keeps catalogue order, so the report is the same whatever the number of workers.
            for index, outcome, seconds, cached in pool.imap(_decide_index, range(len(work)), chunksize=CHUNK):
                if isinstance(outcome, Problem):
                    yield outcome
                else:
                    claim, loaded = work[index]
                    yield ClaimResult(claim, outcome, loaded.file, loaded.derivation, seconds, cached)
    finally:
        _WORK, _CACHE = [], None
        gc.unfreeze()


def run_catalog(
    catalog: Catalog,
    *,
    on_result: Callable[[ClaimResult], object] | None = None,
    on_problem: Callable[[Problem], object] | None = None,
    jobs: int = 1,
    cache: VerdictCache | None = None,
) -> RunReport:
    """Decide every claim in order; ``on_result`` / ``on_problem`` hear of each as it happens.

    ``jobs`` > 1 decides claims in that many forked processes (see :func:`default_jobs`); the
    verdicts and their order are the same, only the wall time changes. With a ``cache``, a claim
    whose proof or counterexample is in it is not decided again (its result says ``cached``), and
    every new proof or counterexample is kept (:mod:`posenc_sym.proof.verdict_cache`).
    """
    start = time.perf_counter()
    results: list[ClaimResult] = []
    problems = list(catalog.problems)
    for outcome in _outcomes(list(catalog.claims), jobs, cache):
        if isinstance(outcome, Problem):
            problems.append(outcome)
            if on_problem is not None:
                on_problem(outcome)
            continue
        results.append(outcome)
        if on_result is not None:
            on_result(outcome)
    return RunReport(tuple(results), tuple(problems), time.perf_counter() - start)


def _decide_one(claim: Claim, loaded: LoadedDerivation, cache: VerdictCache | None = None) -> ClaimResult | Problem:
    began = time.perf_counter()
    known = cache.get(claim) if cache is not None else None
    if known is not None:
        return ClaimResult(claim, known, loaded.file, loaded.derivation, time.perf_counter() - began, cached=True)
    try:
        verdict = _decide(claim)
    except PosencSymError as exc:
        return Problem(loaded.file, claim.id, str(exc))
    except Exception as exc:  # an engine bug must not hide the other claims' verdicts
        return Problem(
            loaded.file, claim.id,
            f"the proof engine failed with {type(exc).__name__}: {exc}; this is a bug in posenc-sym, "
            "please report it with this claim", internal=True,
        )
    if cache is not None:
        cache.put(claim, verdict)
    return ClaimResult(claim, verdict, loaded.file, loaded.derivation, time.perf_counter() - began)
