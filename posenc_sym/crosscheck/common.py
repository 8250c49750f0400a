"""Pieces every scheme's check shares: sample rows, pick the best candidate, build the result."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import numpy

from ..numerics import FloatFormat
from ..schemes import registry
from .diagnose import diagnose
from .measure import ColumnSpec, Measurement, explain_growth, measure_many
from .precision import ErrorModel, native_model
from .progress import Progress
from .result import CheckResult

__all__ = [
    "best_candidate",
    "finish",
    "precision_note",
    "resolve_model",
    "sample_error",
    "sample_rows",
    "with_diagnosis",
]

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


def best_candidate(
    candidates: Sequence[tuple[C, float, bool | str]], floor: float, short_floor: float | None = None
) -> tuple[C, list[C]]:
    """Pick among (candidate, sample error, kind): the best fit, but a *known* candidate (kind
    True: a standard base, an exact scaling rule) wins whenever its error is within twice the best
    error or below ``floor`` (a few ulps of the data's largest value), so an exact convention is
    named whenever the data support it and a raw estimate only when nothing standard fits.

    A *short* name (kind "short": the estimate rounded to a few digits, :mod:`.names`) must do
    better: its error may exceed the best by at most ``short_floor`` (default ``floor``), since a
    short number close to an exact convention (43873 for NTK's 10000·4^(16/15)) is not that
    convention. Short names are tried after every known candidate: the one with the least error,
    or one listed before it (fewer digits) whose error is within ``floor`` of that. A caller
    whose data carry errors beyond a few ulps (angles formed in float32) passes the largest sample
    error its error model allows as ``short_floor``: an estimate fitted to that noise reproduces
    the samples a little better than the exact short value, by no more than the noise.

    Known candidates that fit equally well come first in the order given (the caller lists the
    most common first); all of them are returned too, so the caller can say the data cannot tell
    them apart (b^(2i/(d−2)) = (b^(d/(d−2)))^(2i/d): base and denominator trade off exactly)."""
    best_err = min(err for _, err, _ in candidates)
    limit = max(2.0 * best_err, floor)
    known = [c for c, err, kind in candidates if kind is True and err <= limit]
    if known:
        return known[0], known
    margin = floor if short_floor is None else max(floor, short_floor)
    short = [(c, err) for c, err, kind in candidates if kind == "short" and err <= best_err + margin]
    if short:
        # the best-fitting short name, or a shorter one (listed earlier) as good to within floor:
        # a wide margin (bfloat16 data) admits short names of other rules, never the nearest
        least = min(err for _, err in short)
        first = next(c for c, err in short if err <= least + floor)
        return first, [first]
    return min(candidates, key=lambda c: c[1])[0], []


def measure_all(
    arrays: Sequence[tuple[str, numpy.ndarray]],
    start: float,
    spec_for: Callable[[str], ColumnSpec],
    fmt: FloatFormat,
    model: ErrorModel,
    base: float,
    label: str,
    positions: numpy.ndarray | None = None,
) -> list[Measurement]:
    """Measure each named array, with one progress line for all of them (rows at ``positions``
    when given: :func:`.measure.measure_many`)."""
    progress = Progress(arrays[0][1].shape[0], label)
    try:
        return measure_many(
            [(name, a, spec_for(name)) for name, a in arrays],
            start,
            fmt,
            model,
            base,
            on_rows=progress.advance,
            positions=positions,
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
    worst_m = max(measurements, key=lambda m: m.worst_load)
    outside = sum(m.outside for m in measurements)
    merged = Measurement(
        max(m.max_abs_error for m in measurements),
        max(m.max_ulp_error for m in measurements),
        worst_m.worst,
        outside,
        next((m.first_outside for m in measurements if m.first_outside is not None), None),
        max(m.needed_unit_roundoff for m in measurements),
        numpy.max([m.row_max_error for m in measurements], axis=0),
        worst_m.positions,
        worst_m.slack_ulp,
        worst_m.worst_load,
    )
    growth, sentence = explain_growth(merged)
    notes = [*notes, sentence]
    if fmt.name == "float64":
        notes.append(
            f"the float64 reference is itself within {worst_m.slack_ulp:.2g} ulp at the worst "
            "element; elements within that slack of the bound count as consistent"
        )
    vacuous = sum(m.vacuous for m in measurements)
    if vacuous:
        first_v = min(m.first_vacuous for m in measurements if m.first_vacuous is not None)
        notes.append(
            f"{vacuous} element(s), from position {int(first_v) if first_v.is_integer() else first_v} on, "
            f"are not checked by the {model.name} "
            "model: its bound there spans the whole range of values, so any value would pass "
            "(the angles are too large for that precision); --strict checks them"
        )
    if outside:
        first = merged.first_outside
        assert first is not None
        notes.append(f"{outside} element(s) outside the {model.name} error model; first: {first.describe()}")
    elif model.native and growth.explained_by != "faithful":
        notes.append(precision_note(scheme, merged.max_abs_error, merged.max_ulp_error, model))
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


def precision_note(scheme: str, max_abs: float, max_ulp: float, model: ErrorModel) -> str:
    """What a ``matches`` in the data's own precision means, its cause, and how to get the last bit
    (the scheme's ``accurate`` call in the registry, when it has one).

    >>> precision_note("rope", 2.4e-4, 3.5, ErrorModel("float32", native=True))  # doctest: +ELLIPSIS
    'correct in its own precision: errors up to 0.00024 (3.5 ulp), ... method="accurate")...'
    """
    kind = registry.find_check(scheme)
    accurate = (kind.accurate if kind is not None else "") or "exact frequencies and correctly rounded sin/cos"
    return (
        f"correct in its own precision: errors up to {max_abs:.3g} ({max_ulp:.3g} ulp), all within "
        f"what forming the angles t·ω in {model.angle_format} and rounding explains (they grow with "
        f"the position); every element within 1 ulp takes exact angles, e.g. {accurate}; "
        "--strict (model 'faithful') asks for that last bit"
    )


def resolve_model(model: ErrorModel | None, fmt_name: str) -> ErrorModel:
    """The model given, or the native model of the data's format (:func:`.precision.native_model`)."""
    return model if model is not None else native_model(fmt_name)


def with_diagnosis(result: CheckResult, table: numpy.ndarray, fmt: FloatFormat) -> CheckResult:
    """Add what holds and what does not (:mod:`.diagnose`) when no convention explains the data:
    none was identified, or the identified one leaves errors no rounding model explains."""
    unexplained = result.growth is None or result.growth.explained_by == "none"
    if result.matches or not unexplained:
        return result
    found = diagnose(table, fmt)
    return dataclasses.replace(result, notes=(*result.notes, *found.notes), extra=found.as_extra())
