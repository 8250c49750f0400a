"""Pieces every scheme's check shares: sample rows, pick the best candidate, build the result."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import numpy

from .diagnose import diagnose
from .measure import ColumnSpec, Measurement, explain_growth, measure_many
from .precision import ErrorModel, FloatFormat
from .progress import Progress
from .result import CheckResult

__all__ = ["best_candidate", "finish", "sample_error", "sample_rows", "with_diagnosis"]

C = TypeVar("C")


def sample_rows(n_rows: int, skip: Sequence[int] = (), count: int = 192) -> numpy.ndarray:
    """Up to ``count`` row indices spread over the table (the first rows, the last, and between)."""
    rows = numpy.unique(
        numpy.concatenate(
            [
                numpy.arange(min(n_rows, count // 3)),
                numpy.linspace(0, n_rows - 1, count // 3).round().astype(numpy.int64),
                numpy.arange(max(0, n_rows - count // 3), n_rows),
            ]
        )
    )
    return numpy.setdiff1d(rows, numpy.asarray(skip, dtype=numpy.int64))


def sample_error(data: numpy.ndarray, rows: numpy.ndarray, start: float, spec: ColumnSpec) -> float:
    """Largest |x − r| over the sampled rows: how well a candidate convention explains the data."""
    ref, _ = spec.reference(start + rows.astype(numpy.float64))
    return float(numpy.abs(numpy.asarray(data[rows], dtype=numpy.float64) - ref).max())


def best_candidate(candidates: Sequence[tuple[C, float, bool]], floor: float) -> tuple[C, list[C]]:
    """Pick among (candidate, sample error, is_known): the best fit, but a *known* candidate
    (a standard base, an exact scaling rule) wins whenever its error is within twice the best
    error or below ``floor`` (a few ulps of the data's largest value), so an exact convention is
    named whenever the data support it and a raw estimate only when nothing standard fits.

    Known candidates that fit equally well come first in the order given (the caller lists the
    most common first); all of them are returned too, so the caller can say the data cannot tell
    them apart (b^(2i/(d−2)) = (b^(d/(d−2)))^(2i/d): base and denominator trade off exactly)."""
    best_err = min(err for _, err, _ in candidates)
    limit = max(2.0 * best_err, floor)
    known = [c for c, err, is_known in candidates if is_known and err <= limit]
    if known:
        return known[0], known
    return min(candidates, key=lambda c: c[1])[0], []


def measure_all(
    arrays: Sequence[tuple[str, numpy.ndarray]],
    start: float,
    spec_for: Callable[[str], ColumnSpec],
    fmt: FloatFormat,
    model: ErrorModel,
    base: float,
    label: str,
) -> list[Measurement]:
    """Measure each named array, with one progress line for all of them."""
    progress = Progress(arrays[0][1].shape[0], label)
    try:
        return measure_many(
            [(name, a, spec_for(name)) for name, a in arrays],
            start,
            fmt,
            model,
            base,
            on_rows=progress.advance,
        )
    finally:
        progress.close()


def finish(
    scheme: str,
    convention: tuple[tuple[str, Any], ...],
    measurements: Sequence[Measurement],
    notes: list[str],
    model: ErrorModel,
    fmt: FloatFormat,
    shape: tuple[int, ...],
    identified: bool,
) -> CheckResult:
    """Combine measurements (one per array) into the verdict and the notes that explain it."""
    worst_m = max(measurements, key=lambda m: m.max_ulp_error)
    outside = sum(m.outside for m in measurements)
    merged = Measurement(
        max(m.max_abs_error for m in measurements),
        worst_m.max_ulp_error,
        worst_m.worst,
        outside,
        next((m.first_outside for m in measurements if m.first_outside is not None), None),
        max(m.needed_unit_roundoff for m in measurements),
        numpy.max([m.row_max_error for m in measurements], axis=0),
        worst_m.positions,
        worst_m.slack_ulp,
    )
    growth, sentence = explain_growth(merged)
    notes = [*notes, sentence]
    if fmt.name == "float64":
        notes.append(
            f"the float64 reference is itself within {worst_m.slack_ulp:.2g} ulp at the worst "
            "element; elements within that slack of the bound count as consistent"
        )
    if outside:
        first = merged.first_outside
        assert first is not None
        notes.append(f"{outside} element(s) outside the {model.name} error model; first: {first.describe()}")
    verdict: Literal["matches", "mismatch"] = "matches" if identified and outside == 0 else "mismatch"
    return CheckResult(
        scheme,
        verdict,
        convention,
        merged.max_abs_error,
        merged.max_ulp_error,
        merged.worst,
        tuple(notes),
        model.name,
        fmt.name,
        shape,
        growth,
    )


def with_diagnosis(result: CheckResult, table: numpy.ndarray, fmt: FloatFormat) -> CheckResult:
    """Add what holds and what does not (:mod:`.diagnose`) when no convention explains the data:
    none was identified, or the identified one leaves errors no rounding model explains."""
    unexplained = result.growth is None or result.growth.explained_by == "none"
    if result.matches or not unexplained:
        return result
    found = diagnose(table, fmt)
    return dataclasses.replace(result, notes=(*result.notes, *found.notes), extra=found.as_extra())
