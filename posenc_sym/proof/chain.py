"""Derivations: a claim with steps is only as strong as its weakest step.

A lecturer checking notes wants the wrong step, not only the verdict on the conclusion, so:

* every step proven: the claim is **proven** (the relations compose; :class:`~.claim.Claim`
  checks that they chain to the one stated);
* a step refuted: the claim is **refuted**, whatever its conclusion. The reason names the
  step (number and justification), gives that step's counterexample, and says separately
  whether the conclusion itself holds. Two slips that cancel each other are still two
  refuted steps;
* otherwise (a step only checked or unknown): the claim is at best **checked**, and
  ``unknown`` or ``refuted`` when the conclusion itself is.

The conclusion is decided directly only when some step is not proven.
"""

from __future__ import annotations

from collections.abc import Callable

from .claim import Claim, Relation, Term
from .verdict import Status, Verdict

__all__ = ["decide_chain"]

#: Decides one statement ``(lhs, rhs, relation, seed)``; the engine supplies it.
StatementDecider = Callable[[Term, Term, Relation, str], Verdict]


def _conclusion(direct: Verdict) -> str:
    if direct.status == "proven":
        return f"the conclusion itself holds (proven: {direct.reason})"
    if direct.status == "refuted":
        return f"the conclusion itself is false too ({direct.reason})"
    if direct.status == "checked":
        return f"the conclusion itself is only checked ({direct.reason})"
    return f"whether the conclusion itself holds is unknown ({direct.reason})"


def _step(n: int, because: str, verdict: Verdict) -> str:
    return f"step {n} ({because}) is {verdict.status}: {verdict.reason}"


def decide_chain(claim: Claim, decide_statement: StatementDecider) -> Verdict:
    """Decide every link of ``claim``'s derivation, then the claim by the rules above.

    >>> import sympy
    >>> from posenc_sym.proof.claim import Step
    >>> from posenc_sym.proof.engine import decide
    >>> x = sympy.Symbol("x", real=True)
    >>> slips = Claim("demo.slips", "two slips", 2*x, 2*x,
    ...               steps=(Step(3*x, "doubled, wrongly"), Step(2*x, "halved back")))
    >>> v = decide(slips)
    >>> v.status, [link.status for link in v.links]
    ('refuted', ['refuted', 'refuted'])
    >>> v.reason.startswith("step 1 (doubled, wrongly) is refuted: fails at x = ")
    True
    """
    becauses = [because for *_, because in claim.links]
    links = tuple(decide_statement(left, right, relation, f"{claim.id}/step{n}")
                  for n, (left, right, relation, _because) in enumerate(claim.links, start=1))
    points = sum(v.points_checked for v in links)
    if all(v.is_proven for v in links):
        return Verdict("proven", method=f"derivation of {len(links)} steps",
                       reason=f"each of the {len(links)} steps is proven", links=links, points_checked=points)
    direct = decide_statement(claim.lhs, claim.rhs, claim.relation, claim.id)
    weak = [(n, v) for n, v in enumerate(links, start=1) if not v.is_proven]
    refuted = [(n, v) for n, v in weak if v.status == "refuted"]
    if refuted:
        n, first = refuted[0]
        others = [f"step {m} ({becauses[m - 1]}) is {v.status}" for m, v in weak if m != n]
        also = f"; also {', '.join(others)}" if others else ""
        return Verdict("refuted", method=f"derivation: step {n}",
                       reason=f"{_step(n, becauses[n - 1], first)}{also}; {_conclusion(direct)}",
                       counterexample=first.counterexample, lhs_value=first.lhs_value,
                       rhs_value=first.rhs_value, difference=first.difference,
                       points_checked=points + direct.points_checked, links=links)
    steps = "; ".join(_step(n, becauses[n - 1], v) for n, v in weak)
    if direct.status == "refuted":
        return Verdict("refuted", method=direct.method, reason=f"{direct.reason}; in the derivation, {steps}",
                       counterexample=direct.counterexample, lhs_value=direct.lhs_value,
                       rhs_value=direct.rhs_value, difference=direct.difference,
                       points_checked=points + direct.points_checked, links=links)
    status: Status = "unknown" if direct.status == "unknown" else "checked"
    return Verdict(status, method="derivation",
                   reason=f"not every step is proven: {steps}; {_conclusion(direct)}",
                   points_checked=points + direct.points_checked, links=links)
