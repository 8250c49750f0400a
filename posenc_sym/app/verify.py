"""Verify derivations: load the catalogue, decide every claim, and gather the report and table.

>>> import pathlib, tempfile
>>> text = ("import sympy\\nfrom posenc_sym import Claim, Derivation\\nx = sympy.Symbol('x', real=True)\\n"
...         "DERIVATION = Derivation('demo', 'Demo', (Claim('demo.sq', 'x^2 >= 0', x**2, 0, relation='>='),))\\n")
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "demo.py"); _ = path.write_text(text)
...     verification = verify_derivations([path], jobs=1)
>>> [(r.claim.id, r.verdict.status) for r in verification.report.results], verification.report.exit_status
([('demo.sq', 'proven')], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..catalog import Problem, load_catalog, without_same_sides
from ..proof.engine import CLAIM_SECONDS
from ..proof.verdict_cache import default_cache
from ..report.table import PropertyTable, build_table
from ..runner import ClaimResult, RunReport, default_jobs, run_catalog

__all__ = ["Verification", "verify_derivations"]


@dataclass(frozen=True)
class Verification:
    """What a verify run found: every verdict and problem, and the property table they fill;
    ``skipped``: the files of a folder that assign no DERIVATION, which were not imported."""

    report: RunReport
    skipped: tuple[str, ...] = ()

    @property
    def table(self) -> PropertyTable:
        """The encodings × properties table of the claims this run decided."""
        return build_table(self.report)


def verify_derivations(
    paths: Sequence[str | Path] = (),
    *,
    jobs: int | None = None,
    on_result: Callable[[ClaimResult], object] | None = None,
    on_problem: Callable[[Problem], object] | None = None,
    for_pages: bool = False,
    cache: bool = True,
) -> Verification:
    """Decide the claims of the derivation files under ``paths`` (none: the built-in catalogue).

    ``on_problem`` hears of each file that failed to load, then of each claim the engine could
    not take; ``on_result`` of each verdict, in catalogue order. ``jobs`` processes decide the
    claims (default: one per core); the verdicts do not depend on it. ``for_pages``: the verdicts
    will be shown on a page, so a claim whose two sides display identically is a problem, not a
    verdict (:func:`~posenc_sym.catalog.without_same_sides`). ``cache``: take the proofs and
    counterexamples found by earlier runs of this engine on the same claims from the verdict cache
    (:mod:`posenc_sym.proof.verdict_cache`), and keep the new ones.
    """
    catalog = load_catalog(paths)
    if for_pages:
        catalog = without_same_sides(catalog)
    if on_problem is not None:
        for problem in catalog.problems:
            on_problem(problem)
    verdicts = default_cache(f"decide dps=50 probe=1 seconds={CLAIM_SECONDS}") if cache else None
    report = run_catalog(catalog, on_result=on_result, on_problem=on_problem, jobs=jobs or default_jobs(),
                         cache=verdicts)
    return Verification(report, catalog.skipped)
