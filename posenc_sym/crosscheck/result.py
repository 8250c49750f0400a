"""What a check returns: the convention found, the errors measured, the verdict, and notes.

``CheckResult.as_json()`` is the ``posenc-sym check --json`` document; its keys are fixed:
``scheme``, ``verdict`` (``"matches"`` or ``"mismatch"``), ``convention``, ``max_abs_error``,
``max_ulp_error``, ``worst``, ``notes`` (and ``error_model``, ``dtype``, ``shape``, ``growth``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["CheckResult", "Growth", "Worst"]

Verdict = Literal["matches", "mismatch"]


@dataclass(frozen=True)
class Worst:
    """The element farthest from the reference, in ulps of the data's format."""

    position: float
    row: int
    column: int
    value: float
    reference: float
    abs_error: float
    ulp_error: float
    array: str = ""  # "cos" or "sin" for a RoPE cache, "" for a single array

    def describe(self) -> str:
        where = f"{self.array}[{self.row}, {self.column}]" if self.array else f"[{self.row}, {self.column}]"
        if self.reference == 0.0:  # an ulp of 0 is the smallest subnormal: a count of them says nothing
            return (
                f"{where} (position {_num(self.position)}, column {self.column}): {self.value!r} "
                f"where the exact value is 0, {self.abs_error:.3g} off"
            )
        return (
            f"{where} (position {_num(self.position)}, column {self.column}): {self.value!r} "
            f"against {self.reference!r}, {self.abs_error:.3g} off = {self.ulp_error:.3g} ulp"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "position": _num(self.position),
            "row": self.row,
            "column": self.column,
            "array": self.array or None,
            "value": self.value,
            "reference": self.reference,
            "abs_error": self.abs_error,
            "ulp_error": self.ulp_error,
        }


@dataclass(frozen=True)
class Growth:
    """How the error grows with position: log-log slope and the cheapest model that explains it."""

    slope: float | None
    explained_by: str  # "faithful", "angle:float64", "angle:float32", ..., or "none"
    needed_unit_roundoff: float

    def as_json(self) -> dict[str, Any]:
        return {
            "slope": self.slope,
            "explained_by": self.explained_by,
            "needed_unit_roundoff": _finite(self.needed_unit_roundoff),
        }


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check. ``convention`` is a tuple of (key, value) pairs (kept immutable)."""

    scheme: str
    verdict: Verdict
    convention: tuple[tuple[str, Any], ...]
    max_abs_error: float | None
    max_ulp_error: float | None
    worst: Worst | None
    notes: tuple[str, ...]
    error_model: str = "faithful"
    dtype: str = ""
    shape: tuple[int, ...] = ()
    growth: Growth | None = None
    extra: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def matches(self) -> bool:
        return self.verdict == "matches"

    def convention_dict(self) -> dict[str, Any]:
        return dict(self.convention)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scheme": self.scheme,
            "verdict": self.verdict,
            "convention": self.convention_dict(),
            "max_abs_error": _finite(self.max_abs_error),
            "max_ulp_error": _finite(self.max_ulp_error),
            "worst": None if self.worst is None else self.worst.as_json(),
            "notes": list(self.notes),
            "error_model": self.error_model,
            "dtype": self.dtype,
            "shape": list(self.shape),
            "growth": None if self.growth is None else self.growth.as_json(),
        }
        out.update(dict(self.extra))
        return out

    def summary(self) -> str:
        """A few lines for the terminal."""
        conv = ", ".join(f"{k}={v}" for k, v in self.convention)
        lines = [
            f"{self.scheme}: {self.verdict} ({self.error_model} model, {self.dtype} data, "
            f"shape {'×'.join(map(str, self.shape))})",
            f"  convention: {conv}",
        ]
        if self.max_abs_error is not None:
            lines.append(f"  max abs error {self.max_abs_error:.3g}, max {self.max_ulp_error:.3g} ulp")
        if self.worst is not None:
            lines.append(f"  worst (nearest the model's bound): {self.worst.describe()}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _finite(x: float | None) -> float | None:
    """JSON has no infinity: an unbounded error is reported as null (and explained in notes)."""
    return None if x is None or not math.isfinite(x) else x
