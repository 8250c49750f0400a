"""Verdicts: what the engine says of a claim, and nothing more than it showed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import sympy

__all__ = ["STATUSES", "Status", "Verdict"]

Status = Literal["proven", "refuted", "checked", "unknown"]

#: The four verdicts, strongest first. ``proven`` is earned only symbolically.
STATUSES: tuple[Status, ...] = ("proven", "refuted", "checked", "unknown")


@dataclass(frozen=True)
class Verdict:
    """The outcome of deciding one claim (or one link of a derivation).

    ``status``
        ``"proven"``: SymPy reduced the gap to exactly 0 (or proved the inequality) under the
        stated assumptions. ``"refuted"``: ``counterexample`` is a point satisfying the
        assumptions where the claim fails, evaluated with mpmath at high precision.
        ``"checked"``: numeric agreement at ``points_checked`` admissible points, *not* a proof.
        ``"unknown"``: neither.
    ``method``
        The strategy that decided it (``"expand_trig"``, ``"falsifier"``, ...).
    ``reason``
        One sentence in words, suitable for a report.
    ``counterexample``
        Symbol -> exact value, when refuted.
    ``lhs_value``, ``rhs_value``, ``difference``
        Decimal strings at the evaluation precision, at the counterexample.
    ``entry``
        The (row, column) of a matrix statement where the counterexample fails; the values are that entry's.
    ``links``
        The verdicts of a derivation's steps, in order, when the claim has steps.

    >>> v = Verdict("checked", method="falsifier", reason="agrees at 24 points", points_checked=24)
    >>> v.status, v.is_proven
    ('checked', False)
    """

    status: Status
    method: str = ""
    reason: str = ""
    counterexample: Mapping[sympy.Symbol, sympy.Expr] | None = field(
        default=None, hash=False, compare=False
    )
    lhs_value: str | None = None
    rhs_value: str | None = None
    difference: str | None = None
    points_checked: int = 0
    links: tuple[Verdict, ...] = ()
    entry: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status={self.status!r} is not a verdict; use one of {STATUSES}")
        if self.status == "refuted" and self.counterexample is None:
            raise ValueError(
                "a refuted verdict must carry its counterexample "
                "(an empty mapping when the claim has no free symbols)")

    @property
    def is_proven(self) -> bool:
        """True only for a symbolic proof."""
        return self.status == "proven"

    def counterexample_strings(self) -> dict[str, str]:
        """The counterexample as ``{symbol name: exact value}`` strings (empty if none).

        >>> x = sympy.Symbol("x", real=True)
        >>> Verdict("refuted", counterexample={x: sympy.Rational(1, 3)}).counterexample_strings()
        {'x': '1/3'}
        """
        if not self.counterexample:
            return {}
        ordered = sorted(self.counterexample.items(), key=lambda kv: str(kv[0]))
        return {str(s): str(v) for s, v in ordered}
