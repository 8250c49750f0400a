"""The terminal report: a line per claim as it is decided, then a summary.

A claim line reads ``status  seconds  id  title`` (``cached`` for seconds when the verdict came from the
verdict cache; the title's math as plain text), followed by a marker when the claim is a document's
error refuted as expected, when the verdict is unexpected, or when a claim expected proven is only
checked or unknown (the marker says why); a refuted claim gets its counterexample on the next line.
A derivation that is not fully proven lists every
step's verdict below it, with the counterexample of each refuted step.

>>> import sympy
>>> from posenc_sym.proof.claim import Claim, Derivation
>>> from posenc_sym.proof.verdict import Verdict
>>> from posenc_sym.runner import ClaimResult
>>> x = sympy.Symbol("x", real=True)
>>> claim = Claim("demo.swap", "sin x = cos x", sympy.sin(x), sympy.cos(x), expect="refuted")
>>> verdict = Verdict("refuted", counterexample={x: sympy.Integer(0)}, difference="-1.0")
>>> result = ClaimResult(claim, verdict, "demo.py", Derivation("demo", "Demo", (claim,)), 0.25)
>>> print("\\n".join(result_lines(result)))
refuted   0.25s  demo.swap  sin x = cos x  [expected refuted]
          counterexample: x = 0  (lhs - rhs = -1.0)
"""

from __future__ import annotations

from ..catalog import Problem
from ..proof.verdict import STATUSES, Verdict
from ..runner import ClaimResult, RunReport
from .plain import plain_text

__all__ = ["claims_line", "problem_line", "result_lines", "summary_lines"]

_STATUS_WIDTH = max(len(s) for s in STATUSES)
_INDENT = " " * (_STATUS_WIDTH + 3)


def result_lines(result: ClaimResult) -> list[str]:
    """The line for one decided claim, and its counterexample line when refuted."""
    verdict = result.verdict
    claim = result.claim
    took = " cached" if result.cached else f"{result.seconds:6.2f}s"
    line = f"{verdict.status:<{_STATUS_WIDTH}} {took}  {claim.id}  {plain_text(claim.title)}"
    weaker = verdict.status in ("checked", "unknown") and verdict.status != claim.expect and verdict.reason
    why = f"; {verdict.reason}" if weaker else ""  # a verdict short of the expected one says why
    if result.unexpected:
        line += f"  [UNEXPECTED: expected {claim.expect}{why}]"
    elif result.expected_refuted:
        line += "  [expected refuted]"
    lines = [line]
    if verdict.status == "refuted":
        lines.append(_INDENT + _counterexample(verdict))
    if verdict.links and not verdict.is_proven:
        lines += _step_lines(result)
    return lines


def _counterexample(verdict: Verdict) -> str:
    point = ", ".join(f"{name} = {value}" for name, value in verdict.counterexample_strings().items())
    text = f"counterexample: {point or '(no free symbols)'}"
    if verdict.difference is not None:
        text += f"  (lhs - rhs = {verdict.difference})"
    return text


def _step_lines(result: ClaimResult) -> list[str]:
    """Every step's verdict, for a derivation that is not fully proven: the wrong step is the finding."""
    becauses = [because for *_, because in result.claim.links]
    lines = []
    for n, (link, because) in enumerate(zip(result.verdict.links, becauses, strict=True), start=1):
        lines.append(f"{_INDENT}step {n}: {link.status:<{_STATUS_WIDTH}}  {plain_text(because)}")
        if link.status == "refuted":
            lines.append(f"{_INDENT}        {_counterexample(link)}")
    return lines


def problem_line(problem: Problem) -> str:
    """One line for stderr: where, what, and the fix.

    >>> problem_line(Problem("x.py", "", "path does not exist; pass an existing file"))
    'posenc-sym verify: error: x.py: path does not exist; pass an existing file'
    """
    return f"posenc-sym verify: error: {problem}"


def summary_lines(report: RunReport) -> list[str]:
    """Counts per status, expected refutations, unexpected verdicts, problems, total time.

    >>> print("\\n".join(summary_lines(RunReport((), (), 1.5))))
    0 claims: 0 proven, 0 refuted (0 expected), 0 checked, 0 unknown
    0 unexpected, 0 problems, 1.50 s in all: OK
    """
    counts = {status: 0 for status in STATUSES}
    for result in report.results:
        counts[result.verdict.status] += 1
    expected = sum(r.expected_refuted for r in report.results)
    unexpected = sum(r.unexpected for r in report.results)
    outcome = {0: "OK", 1: "FAILED (unexpected verdicts)", 2: "FAILED (problems above)",
               3: "FAILED (posenc-sym failed on a claim: a bug, above)"}[report.exit_status]
    return [
        f"{len(report.results)} claims: {counts['proven']} proven, {counts['refuted']} refuted "
        f"({expected} expected), {counts['checked']} checked, {counts['unknown']} unknown",
        f"{unexpected} unexpected, {len(report.problems)} problems, {report.seconds:.2f} s in all: {outcome}",
    ]


def claims_line(report: RunReport) -> str:
    """One line for a run whose notes were written: '12 claims: 10 proven, 2 refuted; 1 not as expected'.

    >>> claims_line(RunReport((), (), 0.0))
    '0 claims: '
    """
    counts: dict[str, int] = {}
    for result in report.results:
        counts[result.verdict.status] = counts.get(result.verdict.status, 0) + 1
    parts = [f"{counts[s]} {s}" for s in ("proven", "refuted", "checked", "unknown") if s in counts]
    unexpected = sum(1 for r in report.results if r.unexpected)
    tail = f"; {unexpected} not as expected" if unexpected else ""
    noun = "claim" if len(report.results) == 1 else "claims"
    return f"{len(report.results)} {noun}: {', '.join(parts)}{tail}"
