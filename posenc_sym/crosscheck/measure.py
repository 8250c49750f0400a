"""Stream a table through the reference, chunk by chunk, and measure its error.

The table is described column by column (:class:`ColumnSpec`): which exact frequency a column
uses, whether it holds sin or cos, a common scale, and which columns or rows are deliberately
zero (odd-width padding, a padding_idx row). Rows are processed in chunks of ``CHUNK_ELEMENTS``
values, so the float64 temporaries stay a fixed size whatever the table's length: peak memory is
the input plus a few chunk-sized arrays.

Per element we compute err = |x − r| against the reference r, its ulp in the data's format, and
decide against the error model (:mod:`.precision`). An element is *outside* the model only when
err > bound + e_ref, where e_ref is the reference's own derived bound
(:func:`.reference.reference_error_bound`): a value the reference cannot decide is never counted
against the data.

``needed_unit_roundoff`` is the smallest u for which every element satisfies
err ≤ ulp(r) + e_ref + K·|t·ω|·u: the angle-rounding model that explains the data, if any.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy

from .precision import ErrorModel, FloatFormat, ulp
from .reference import reference_error_bound, sincos_from_frequencies
from .result import Growth, Worst

__all__ = ["CHUNK_ELEMENTS", "ColumnSpec", "Measurement", "explain_growth", "measure"]

#: float64 values per chunk: 2^20 (8 MiB a temporary).
CHUNK_ELEMENTS = 1 << 20


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

    def reference(self, positions: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
        """Reference values and angles, both (len(positions), D) float64."""
        s, c = sincos_from_frequencies(positions, self.hi, self.lo)
        index = numpy.maximum(self.freq, 0)
        ref = numpy.where(self.is_sin[None, :], s[:, index], c[:, index])
        angle = positions[:, None] * self.hi[None, index]
        zero = self.freq < 0
        if zero.any():
            ref[:, zero] = 0.0
            angle[:, zero] = 0.0
        if self.scale != 1.0:
            ref *= self.scale
        return ref, angle


@dataclass(frozen=True)
class Measurement:
    """Errors of one array against its reference."""

    max_abs_error: float
    max_ulp_error: float
    worst: Worst
    outside: int  # elements outside the error model even after the reference's slack
    first_outside: Worst | None
    needed_unit_roundoff: float
    row_max_error: numpy.ndarray  # (rows,) largest |x − r| in each row
    positions: numpy.ndarray  # (rows,) position of each row
    slack_ulp: float  # the reference's bound at the worst element, in ulps


def _worst(x: numpy.ndarray, ref: numpy.ndarray, err: numpy.ndarray, ratio: numpy.ndarray,
           flat: int, row0: int, positions: numpy.ndarray, label: str) -> Worst:
    r, c = divmod(int(flat), x.shape[1])
    return Worst(float(positions[r]), row0 + r, c, float(x[r, c]), float(ref[r, c]),
                 float(err[r, c]), float(ratio[r, c]), label)


def measure(data: numpy.ndarray, start: float, spec: ColumnSpec, fmt: FloatFormat, model: ErrorModel,
            base: float, *, label: str = "", on_rows: Callable[[int], None] | None = None) -> Measurement:
    """Measure ``data`` (rows = positions start, start+1, …) against ``spec``; see module docstring."""
    n_rows, width = data.shape
    chunk = max(1, CHUNK_ELEMENTS // max(width, 1))
    k = 2.0 * math.log(base) + 4.0
    zero_rows = numpy.array(spec.zero_rows, dtype=numpy.int64)
    row_max = numpy.empty(n_rows)
    best = (-1.0, None)  # (ulp ratio, Worst)
    outside, first_outside, needed, max_abs = 0, None, 0.0, 0.0
    slack_at_worst = 0.0
    for row0 in range(0, n_rows, chunk):
        row1 = min(n_rows, row0 + chunk)
        positions = start + numpy.arange(row0, row1, dtype=numpy.float64)
        ref, angle = spec.reference(positions)
        if zero_rows.size:
            inside = zero_rows[(zero_rows >= row0) & (zero_rows < row1)] - row0
            ref[inside] = 0.0
            angle[inside] = 0.0
        x = numpy.asarray(data[row0:row1], dtype=numpy.float64)
        err = numpy.abs(x - ref)
        unit = ulp(ref, fmt)
        ratio = err / unit
        row_max[row0:row1] = err.max(axis=1)
        flat = int(numpy.argmax(ratio))
        if ratio.flat[flat] > best[0]:
            worst = _worst(x, ref, err, ratio, flat, row0, positions, label)
            best = (float(ratio.flat[flat]), worst)
            slack_at_worst = float(reference_error_bound(ref.flat[flat:flat + 1], angle.flat[flat])[0]
                                   * max(spec.scale, 1.0) / unit.flat[flat])
        max_abs = max(max_abs, float(row_max[row0:row1].max()))
        beyond = numpy.nonzero(err > unit)  # only these can be outside any model or need u > 0
        if beyond[0].size:
            e = err[beyond]
            slack = reference_error_bound(ref[beyond], angle[beyond]) * max(spec.scale, 1.0)
            theta = numpy.abs(angle[beyond])
            excess = e - unit[beyond] - slack
            with numpy.errstate(divide="ignore", invalid="ignore"):
                need = numpy.where(excess <= 0, 0.0,
                                   numpy.where(theta > 0, excess / (k * theta), numpy.inf))
            needed = max(needed, float(need.max()))
            allowed = model.bound(ref[beyond], angle[beyond], base, fmt) + slack
            bad = numpy.nonzero(e > allowed)[0]
            if bad.size:
                if first_outside is None:
                    r, c = int(beyond[0][bad[0]]), int(beyond[1][bad[0]])
                    first_outside = Worst(float(positions[r]), row0 + r, c, float(x[r, c]),
                                          float(ref[r, c]), float(err[r, c]), float(ratio[r, c]), label)
                outside += int(bad.size)
        if on_rows is not None:
            on_rows(row1 - row0)
    assert best[1] is not None  # a 2-D array with at least one element always has a worst one
    return Measurement(max_abs, best[0], best[1], outside, first_outside, needed, row_max,
                       start + numpy.arange(n_rows, dtype=numpy.float64), slack_at_worst)


_ANGLE_FORMATS = (("float64", 53), ("float32", 24), ("bfloat16", 8), ("float16", 11))


def explain_growth(m: Measurement) -> tuple[Growth, str]:
    """The log-log slope of the error envelope against position, the tightest model that explains
    the errors, and a sentence saying so."""
    slope = _slope(m.positions, m.row_max_error)
    slope_text = "" if slope is None else f" (error envelope grows like t^{slope:.2f})"
    if m.needed_unit_roundoff == 0.0:
        kind = "correctly rounded" if m.max_ulp_error <= 0.5 + m.slack_ulp else "faithfully rounded"
        return Growth(slope, "faithful", 0.0), f"every element is within 1 ulp of the exact value: {kind}"
    for name, p in sorted(_ANGLE_FORMATS, key=lambda f: -f[1]):
        if m.needed_unit_roundoff <= math.ldexp(1.0, -p):
            text = (f"errors exceed 1 ulp and grow with position{slope_text}; they stay within "
                    f"K·t·ω·2^-{p}: consistent with angles t·ω computed in {name} "
                    f"(error ∝ t·ulp(t·ω))")
            return Growth(slope, f"angle:{name}", m.needed_unit_roundoff), text
    text = ("errors are larger than rounding the angle even in float16 explains"
            f"{slope_text}: not a precision loss but different values (another convention, or a bug)")
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
