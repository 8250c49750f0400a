"""The built-in catalogue: every claim comes back exactly as its derivation expects.

In particular every claim the catalogue states as true is *proven* (not merely checked), and
every claim marked as a document's error is *refuted* with a counterexample.
"""

from __future__ import annotations

import pytest

from posenc_sym.catalog import load_catalog
from posenc_sym.runner import RunReport, run_catalog


@pytest.fixture(scope="module")
def report() -> RunReport:
    catalog = load_catalog()
    assert not catalog.problems, [p.message for p in catalog.problems]
    return run_catalog(catalog)


def test_the_catalogue_is_not_empty(report: RunReport) -> None:
    assert len(report.results) >= 30
    assert not report.problems


def test_every_claim_comes_back_as_expected(report: RunReport) -> None:
    wrong = [f"{r.claim.id}: expected {r.claim.expect}, got {r.verdict.status} ({r.verdict.reason})"
             for r in report.results if r.verdict.status != r.claim.expect]
    assert not wrong, "\n".join(wrong)


def test_every_refutation_carries_its_counterexample(report: RunReport) -> None:
    for r in report.results:
        if r.verdict.status == "refuted":
            assert r.verdict.counterexample is not None, r.claim.id
            assert r.verdict.difference, r.claim.id


def test_every_claim_states_its_scope(report: RunReport) -> None:
    assert [r.claim.id for r in report.results if not r.claim.scope.strip()] == []


def test_a_proven_derivation_has_every_step_proven(report: RunReport) -> None:
    # Issue 11, item 5: a derivation is proven only when each of its steps is.
    chains = [r for r in report.results if r.claim.steps]
    assert chains, "the catalogue has derivations with steps"
    weak = [r.claim.id for r in chains if r.verdict.is_proven and not all(v.is_proven for v in r.verdict.links)]
    assert weak == []
    assert all(len(r.verdict.links) == len(r.claim.links) for r in chains)
