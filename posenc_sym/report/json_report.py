"""The ``verify --json`` document.

Values that are SymPy numbers (counterexample coordinates) are written as exact strings;
``lhs_value``, ``rhs_value`` and ``difference`` are the verdict's decimal strings.

>>> doc = report_document(RunReport((), (), 0.5))
>>> sorted(doc), doc["summary"]["exit_status"]
(['claims', 'problems', 'summary'], 0)
"""

from __future__ import annotations

from typing import Any

from ..catalog import Problem
from ..proof.assumptions import stated_assumptions
from ..proof.verdict import STATUSES
from ..runner import ClaimResult, RunReport

__all__ = ["claim_document", "problem_document", "report_document", "summary_document"]


def claim_document(result: ClaimResult) -> dict[str, Any]:
    """One entry of ``"claims"``."""
    claim, verdict = result.claim, result.verdict
    becauses = [because for *_, because in claim.links]
    return {
        "id": claim.id,
        "title": claim.title,
        "file": result.file,
        "derivation": result.derivation.id,
        "status": verdict.status,
        "expected": claim.expect,
        "unexpected": result.unexpected,
        "scope": claim.scope,
        "assumptions": list(stated_assumptions(claim.symbols, claim.conditions)),
        "counterexample": verdict.counterexample_strings() if verdict.counterexample is not None else None,
        "seconds": round(result.seconds, 4),
        "cached": result.cached,
        "method": verdict.method,
        "reason": verdict.reason,
        "lhs_value": verdict.lhs_value,
        "rhs_value": verdict.rhs_value,
        "difference": verdict.difference,
        "source": (
            {"document": claim.source.document, "quote": claim.source.quote, "locator": claim.source.locator}
            if claim.source is not None else None
        ),
        "tags": list(claim.tags),
        "links": [
            {
                "step": n + 1,
                "because": becauses[n] if n < len(becauses) else "",
                "status": link.status,
                "method": link.method,
                "reason": link.reason,
                "counterexample": link.counterexample_strings() if link.counterexample is not None else None,
            }
            for n, link in enumerate(verdict.links)
        ],
    }


def problem_document(problem: Problem) -> dict[str, str]:
    """One entry of ``"problems"``."""
    return {"file": problem.file, "claim": problem.claim, "message": problem.message}


def summary_document(report: RunReport) -> dict[str, Any]:
    """Counts per status and what the run means (the same numbers as the terminal summary)."""
    summary: dict[str, Any] = {"claims": len(report.results)}
    for status in STATUSES:
        summary[status] = sum(r.verdict.status == status for r in report.results)
    summary["expected_refuted"] = sum(r.expected_refuted for r in report.results)
    summary["unexpected"] = sum(r.unexpected for r in report.results)
    summary["problems"] = len(report.problems)
    summary["seconds"] = round(report.seconds, 4)
    summary["exit_status"] = report.exit_status
    return summary


def report_document(report: RunReport) -> dict[str, Any]:
    """The whole document: ``{"claims": [...], "problems": [...], "summary": {...}}``."""
    return {
        "claims": [claim_document(r) for r in report.results],
        "problems": [problem_document(p) for p in report.problems],
        "summary": summary_document(report),
    }
