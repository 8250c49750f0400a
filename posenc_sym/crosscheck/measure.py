"""Stream a table through the reference, chunk by chunk, and measure its error.

The table is described column by column (:class:`ColumnSpec`): which exact frequency a column
uses, whether it holds sin or cos, a common scale, and which columns or rows are deliberately
zero (odd-width padding, a padding_idx row). Rows are processed in chunks of ``CHUNK_ELEMENTS``
values, so the float64 temporaries stay a fixed size whatever the table's length: peak memory is
the input plus a few chunk-sized arrays.

Per element we compute err = |x − r| against the reference r, its ulp in the data's format, and
decide against the error model (:mod:`.precision`). An element is *outside* the model only when
err > bound + e_ref, where e_ref is the reference's own derived bound
(:func:`posenc_sym.numerics.reference_error_bound`, or :func:`posenc_sym.numerics.accurate_error_bound`
for float64 data): a value the reference cannot decide is never counted
against the data.

``needed_unit_roundoff`` is the smallest u for which every element satisfies
err ≤ ulp(r) + e_ref + K·|t·ω|·u: the angle-rounding model that explains the data, if any.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy

from ..numerics import (
    FORMATS,
    MAX_POSITION,
    FloatFormat,
    accurate_error_bound,
    reference_error_bound,
    sincos_from_frequencies,
    sincos_words,
    turn_words,
    ulp,
)
from .precision import ErrorModel, angle_constant
from .result import Growth, Worst

__all__ = ["CHUNK_ELEMENTS", "ColumnSpec", "Measurement", "explain_growth", "measure", "measure_many"]

#: float64 values per chunk: 2^17 (1 MiB a temporary, cache-friendly).
CHUNK_ELEMENTS = 1 << 17


@dataclass(frozen=True)
class ColumnSpec:
    """How each column of a table is built: column c is scale·sin/cos(t·ω[freq[c]]).

    ``freq[c] == -1`` marks a column that must be zero; ``zero_rows`` rows that must be zero.
    """

    hi: numpy.ndarray
    lo: numpy.ndarray
    freq: numpy.ndarray  # (D,) int
    is_sin: numpy.ndarray  # (D,) bool
    scale: float = 1.0
    zero_rows: tuple[int, ...] = ()
    exact: Sequence[Any] = ()  # the frequencies as mpmath numbers (40 digits), for the accurate kernel

    def reference(self, positions: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
        """Reference values and angles, both (len(positions), D) float64."""
        s, c = sincos_from_frequencies(positions, self.hi, self.lo)
        return self.gather(s, c), self.angles(positions)

    def gather(self, s: numpy.ndarray, c: numpy.ndarray) -> numpy.ndarray:
        """Place the per-frequency sin/cos (rows × frequencies) into this table's columns."""
        index = numpy.maximum(self.freq, 0)
        ref = numpy.empty((s.shape[0], self.freq.size))
        sin_cols = self.is_sin & (self.freq >= 0)
        cos_cols = ~self.is_sin & (self.freq >= 0)
        for cols, source in ((sin_cols, s), (cos_cols, c)):
            if cols.all():
                numpy.take(source, index, axis=1, out=ref)
            elif cols.any():
                ref[:, cols] = source[:, index[cols]]
        ref[:, self.freq < 0] = 0.0
        if self.scale != 1.0:
            ref *= self.scale
        return ref

    def angles(self, positions: numpy.ndarray) -> numpy.ndarray:
        angle = positions[:, None] * self.hi[None, numpy.maximum(self.freq, 0)]
        angle[:, self.freq < 0] = 0.0
        return angle


@dataclass(frozen=True)
class Measurement:
    """Errors of one array against its reference.

    ``worst`` is the element closest to (or farthest beyond) the error model's bound, i.e. with the
    largest |x − r| / (bound + e_ref), not the one with the most ulps: near a zero of sin/cos an
    element can be many ulps off and still well inside a model whose bound grows with the angle.
    ``max_ulp_error`` is the largest |x − r| / ulp(r) over elements whose exact value is not 0 (at
    an exact 0 an ulp is the format's smallest subnormal and the count means nothing; those
    elements are judged by the model like any other, and ``max_abs_error`` covers them).
    """

    max_abs_error: float
    max_ulp_error: float
    worst: Worst
    outside: int  # elements outside the error model even after the reference's slack
    first_outside: Worst | None
    needed_unit_roundoff: float
    row_max_error: numpy.ndarray  # (rows,) largest |x − r| in each row
    positions: numpy.ndarray  # (rows,) position of each row
    slack_ulp: float  # the reference's bound at the worst element, in ulps
    worst_load: float = 0.0  # |x − r| / (bound + e_ref) at the worst element: > 1 is outside
    vacuous: int = 0  # elements whose bound spans the whole range of values: any value passes
    first_vacuous: float | None = None  # the position of the first such element


class _Accumulator:
    """Running maxima and counts of one array over the chunks."""

    def __init__(self, label: str, n_rows: int) -> None:
        self.label = label
        self.row_max = numpy.empty(n_rows)
        self.best: tuple[float, Worst | None, float] = (-1.0, None, 0.0)
        self.max_ratio = 0.0
        self.outside = 0
        self.first_outside: Worst | None = None
        self.needed = 0.0
        self.vacuous = 0
        self.first_vacuous: float | None = None

    def result(self, positions: numpy.ndarray) -> Measurement:
        load, worst, slack = self.best
        assert worst is not None  # a non-empty array always has a worst element
        return Measurement(
            float(self.row_max.max()),
            self.max_ratio,
            worst,
            self.outside,
            self.first_outside,
            self.needed,
            self.row_max,
            positions,
            slack,
            load,
            self.vacuous,
            self.first_vacuous,
        )


@dataclass(frozen=True)
class _Chunk:
    """One block of rows: data, reference, |error|, ulp and error in ulps, positions."""

    x: numpy.ndarray
    ref: numpy.ndarray
    err: numpy.ndarray
    unit: numpy.ndarray
    ratio: numpy.ndarray
    positions: numpy.ndarray
    row0: int
    zero: list[int]  # rows (within the chunk) that must be zero

    def worst(self, flat: int, label: str) -> Worst:
        r, c = divmod(flat, self.x.shape[1])
        return Worst(
            float(self.positions[r]),
            self.row0 + r,
            c,
            float(self.x[r, c]),
            float(self.ref[r, c]),
            float(self.err[r, c]),
            float(self.ratio[r, c]),
            label,
        )


def _chunk_stats(
    acc: _Accumulator,
    ch: _Chunk,
    spec: ColumnSpec,
    model: ErrorModel,
    fmt: FloatFormat,
    k: float,
    bound: Callable[[numpy.ndarray, Any], numpy.ndarray],
) -> None:
    """Row maxima, the largest ulp error, the element nearest the model's bound, the count of
    elements outside the model and the unit roundoff an angle model would need."""
    acc.row_max[ch.row0 : ch.row0 + ch.x.shape[0]] = ch.err.max(axis=1)
    exact_zero = ch.ref == 0.0
    if exact_zero.any():
        acc.max_ratio = max(acc.max_ratio, float(numpy.where(exact_zero, 0.0, ch.ratio).max()))
    else:
        acc.max_ratio = max(acc.max_ratio, float(ch.ratio.max()))
    theta = spec.angles(ch.positions)
    numpy.abs(theta, out=theta)
    theta[ch.zero] = 0.0  # a padding row has no angle to round
    slack = _slack(ch, spec, bound, theta)
    per_u = theta * k  # the angle model's allowance per unit roundoff
    if spec.scale != 1.0:
        # a scaled cache (YaRN's, LongRoPE's attention factor) computed in a format F is
        # fl(fl(c)·fl(A)): fl(A) adds u_F·|v|, and c's own rounding adds A·ulp(c)/2 ≤ ulp(v) ≤
        # 2u_F·|v|; the final rounding is the ulp allowed anyway: 4|v| more per unit roundoff
        per_u += 4.0 * numpy.abs(ch.ref)
    limit = model.allowance(ch.unit, per_u, ch.ref, fmt) + slack
    load = ch.err / limit
    flat = int(numpy.argmax(load))
    if load.flat[flat] > acc.best[0]:
        acc.best = (float(load.flat[flat]), ch.worst(flat, acc.label), float(slack.flat[flat] / ch.unit.flat[flat]))
    # values lie in [−scale, scale], so a bound of 2·scale or more lets any of them pass: such
    # elements are not checked by the model, and the verdict must say so
    vacuous = limit >= 2.0 * max(spec.scale, 1.0)
    count_vacuous = int(numpy.count_nonzero(vacuous))
    if count_vacuous:
        if acc.first_vacuous is None:
            acc.first_vacuous = float(ch.positions[int(numpy.argmax(vacuous)) // ch.x.shape[1]])
        acc.vacuous += count_vacuous
    bad = ch.err > limit
    count = int(numpy.count_nonzero(bad))
    if count and acc.first_outside is None:
        acc.first_outside = ch.worst(int(numpy.argmax(bad)), acc.label)
    acc.outside += count
    if (ch.ratio > 1.0).any():  # otherwise within 1 ulp everywhere: no angle model needed
        excess = ch.err - ch.unit
        excess -= slack  # > 0 only where the error exceeds 1 ulp even with the reference's slack
        numpy.maximum(excess, 0.0, out=excess)
        with numpy.errstate(divide="ignore", invalid="ignore"):
            need = excess / per_u  # 0/0 (θ = 0, no excess) is NaN, which fmax skips; x/0 is inf
        acc.needed = max(acc.needed, float(numpy.fmax.reduce(need, axis=None, initial=0.0)))


def _slack(
    ch: _Chunk, spec: ColumnSpec, bound: Callable[[numpy.ndarray, Any], numpy.ndarray], theta: numpy.ndarray
) -> numpy.ndarray:
    """The reference's own bound, element by element, as rel·|r| + abs_part with θ ≤ θ_max (valid for
    every element of the chunk and cheaper than the per-element formula); a scaled table scales
    it too. Where the reference is 0 at angle 0 (sin 0, a padding row or column) it is exact."""
    theta_max = float(numpy.abs(ch.positions).max()) * float(spec.hi.max(initial=0.0))
    rel, abs_part = _bound_terms(bound, theta_max)
    if spec.scale != 1.0:  # the scale rounded to float64, and the product with it: 2 roundings
        rel += math.ldexp(1.0, -51)
    grow = max(spec.scale, 1.0)
    slack = numpy.abs(ch.ref)
    slack *= rel * grow
    slack += abs_part * grow
    slack[(ch.ref == 0.0) & (theta == 0.0)] = 0.0
    return slack


def _bound_terms(bound: Callable[[numpy.ndarray, Any], numpy.ndarray], theta_max: float) -> tuple[float, float]:
    """(rel, abs) with bound(v, θ) ≤ rel·|v| + abs for all θ ≤ θ_max: both bounds are of that form."""
    at_zero = float(bound(numpy.zeros(1), theta_max)[0])
    return float(bound(numpy.ones(1), theta_max)[0]) - at_zero, at_zero


def _use_accurate(spec: ColumnSpec, fmt: FloatFormat, low: float, high: float) -> bool:
    """float64 data need the accurate kernel (0.5 + 2^-10 ulp); the libm reference (≤ 2^-50·|v|, i.e.
    up to 4 ulp) is enough for narrower formats and for positions outside the kernel's 0 … 2^32 − 1."""
    return fmt.name == "float64" and bool(spec.exact) and low >= 0 and high < MAX_POSITION


def measure_many(
    arrays: list[tuple[str, numpy.ndarray, ColumnSpec]],
    start: float,
    fmt: FloatFormat,
    model: ErrorModel,
    base: float,
    *,
    on_rows: Callable[[int], None] | None = None,
    positions: numpy.ndarray | None = None,
) -> list[Measurement]:
    """Measure arrays of the same length whose specs share one frequency table, computing the
    reference sin/cos once per chunk for all of them (a RoPE cache's cos and sin). Row r is at
    position start + r, or at ``positions[r]`` when given (integers: the distinct ids of one axis
    of a multi-axis cache, gaps allowed)."""
    n_rows = arrays[0][1].shape[0]
    width = sum(a.shape[1] for _, a, _ in arrays)
    chunk = max(1, CHUNK_ELEMENTS // max(width, 1))
    k = angle_constant(base)
    first = arrays[0][2]
    all_positions = (
        start + numpy.arange(n_rows, dtype=numpy.float64) if positions is None
        else numpy.asarray(positions, dtype=numpy.float64)
    )
    accurate = _use_accurate(first, fmt, float(all_positions.min()), float(all_positions.max()))
    words = turn_words(list(first.exact)) if accurate else None
    bound = accurate_error_bound if accurate else reference_error_bound
    accs = [_Accumulator(label, n_rows) for label, _, _ in arrays]
    for row0 in range(0, n_rows, chunk):
        row1 = min(n_rows, row0 + chunk)
        rows_at = all_positions[row0:row1]
        if words is not None:
            s, c = sincos_words(rows_at.astype(numpy.int64), words)
        else:
            s, c = sincos_from_frequencies(rows_at, first.hi, first.lo)
        for acc, (_, data, spec) in zip(accs, arrays, strict=True):
            ref = spec.gather(s, c)
            zero = [z - row0 for z in spec.zero_rows if row0 <= z < row1]
            ref[zero] = 0.0
            x = data[row0:row1]
            err = numpy.subtract(x, ref)  # float32 data promote inside the loop: no float64 copy
            numpy.abs(err, out=err)
            unit = ulp(ref, fmt)
            with numpy.errstate(over="ignore"):  # an error of 1 at a value near 1e-300: inf ulp, and so it is
                ratio = err / unit
            chunk_ = _Chunk(x, ref, err, unit, ratio, rows_at, row0, zero)
            _chunk_stats(acc, chunk_, spec, model, fmt, k, bound)
        if on_rows is not None:
            on_rows(row1 - row0)
    return [acc.result(all_positions) for acc in accs]


def measure(
    data: numpy.ndarray,
    start: float,
    spec: ColumnSpec,
    fmt: FloatFormat,
    model: ErrorModel,
    base: float,
    *,
    label: str = "",
    on_rows: Callable[[int], None] | None = None,
) -> Measurement:
    """Measure ``data`` (rows = positions start, start+1, …) against ``spec``; see module docstring."""
    return measure_many([(label, data, spec)], start, fmt, model, base, on_rows=on_rows)[0]


def explain_growth(m: Measurement) -> tuple[Growth, str]:
    """The log-log slope of the error envelope against position, the tightest model that explains
    the errors, and a sentence saying so."""
    slope = _slope(m.positions, m.row_max_error)
    # the exponent is reported, not judged: a bfloat16 cache's envelope is flat (t^0.01) though
    # its angles were formed in float32, since its own ulp dwarfs the angle error
    slope_text = "" if slope is None else f" (error envelope ∝ t^{slope:.2f} over the positions)"
    if m.needed_unit_roundoff == 0.0:
        kind = "correctly rounded" if m.max_ulp_error <= 0.5 + m.slack_ulp else "faithfully rounded"
        return Growth(slope, "faithful", 0.0), f"every element is within 1 ulp of the exact value: {kind}"
    for fmt in sorted(FORMATS.values(), key=lambda f: -f.precision):  # the widest that explains them
        name, p = fmt.name, fmt.precision
        if m.needed_unit_roundoff <= fmt.unit_roundoff:
            text = (
                f"errors exceed 1 ulp{slope_text}; they stay within "
                f"K·t·ω·2^-{p}: consistent with angles t·ω computed in {name} "
                f"(error ∝ t·ulp(t·ω))"
            )
            return Growth(slope, f"angle:{name}", m.needed_unit_roundoff), text
    text = (
        "errors are larger than rounding the angle even in float16 explains"
        f"{slope_text}: not a precision loss but different values (another convention, or a bug)"
    )
    return Growth(slope, "none", m.needed_unit_roundoff), text


def _slope(positions: numpy.ndarray, errors: numpy.ndarray) -> float | None:
    """Least-squares slope of log(max error) against log(position) over octaves of position."""
    points = []
    t = numpy.abs(positions)
    top = int(t.max()).bit_length() if t.size else 0
    for octave in range(top):
        mask = (t >= 2**octave) & (t < 2 ** (octave + 1))
        if mask.any():
            e = float(errors[mask].max())
            if e > 0:
                points.append((math.log2(2**octave * 1.5), math.log2(e)))
    if len(points) < 3:
        return None
    xs, ys = numpy.array(points).T
    return float(numpy.polyfit(xs, ys, 1)[0])
