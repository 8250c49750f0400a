"""When no convention fits: what does hold, and what does not.

Two structural facts make a sinusoidal table useful to attention, and each can be tested on the
data without knowing its convention:

* **a fixed linear map T_k takes row t to row t + k.** We fit T_k by least squares on rows
  (t, t + k) and report the relative residual ‖X[k:] − X[:-k]·T_k‖ / ‖X[k:]‖. With sin/cos
  partners of one frequency the map is exact (a block rotation), so the residual sits at the
  data's rounding level; with sin-only columns no linear map exists and the residual is large.
  The fit uses at least twice as many rows as columns, so it cannot fit noise.
* **every sin column has a cos partner of the same frequency.** Each column's frequency is read
  from the three-term recurrence y(t+1) + y(t−1) = 2·cos(ω)·y(t); two columns are partners when
  their frequencies agree and y_a² + y_b² is constant.

>>> t = numpy.arange(40.0)[:, None]
>>> sin_only = numpy.sin(t * numpy.array([1.0, 0.5, 0.25]))
>>> report = diagnose(sin_only, data_format("float64"))
>>> report.partnered, report.shift_residual > 1e-3
(0, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy

from ..numerics import FloatFormat, data_format

__all__ = ["Diagnosis", "data_format", "diagnose"]

_MAX_COLUMNS = 1024


@dataclass(frozen=True)
class Diagnosis:
    shift: int
    shift_residual: float  # relative; nan when there were too few rows
    columns: int
    partnered: int
    unpartnered: tuple[int, ...]
    notes: tuple[str, ...]

    def as_extra(self) -> tuple[tuple[str, Any], ...]:
        residual = None if numpy.isnan(self.shift_residual) else self.shift_residual
        return (
            (
                "structure",
                {
                    "shift": self.shift,
                    "shift_map_residual": residual,
                    "columns": self.columns,
                    "columns_with_partner": self.partnered,
                    "columns_without_partner": list(self.unpartnered[:64]),
                },
            ),
        )


def _column_frequencies(y: numpy.ndarray) -> numpy.ndarray:
    """ω per column from y(t+1) + y(t−1) = 2cos(ω)·y(t), least squares over t."""
    mid = y[1:-1]
    denom = 2.0 * (mid * mid).sum(axis=0)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        c = ((y[2:] + y[:-2]) * mid).sum(axis=0) / denom
    return numpy.arccos(numpy.clip(numpy.nan_to_num(c, nan=1.0), -1.0, 1.0))


def _partners(y: numpy.ndarray, tol: float) -> numpy.ndarray:
    """For each column, whether some other column shares its frequency with y_a² + y_b² constant."""
    omega = _column_frequencies(y)
    order = numpy.argsort(omega)
    found = numpy.zeros(y.shape[1], dtype=bool)
    constant = numpy.ptp(y, axis=0) == 0  # no frequency to share: never a partner
    for pos, a in enumerate(order):
        if constant[a]:
            continue
        for b in order[max(0, pos - 3) : pos + 4]:
            if b == a or constant[b] or abs(omega[a] - omega[b]) > 1e-3 * max(omega[a], 1e-6):
                continue
            rho = y[:, a] ** 2 + y[:, b] ** 2
            if numpy.ptp(rho) <= tol * max(float(rho.max()), 1e-300):
                found[a] = True
                break
    return found


def split_frequency_note(x: numpy.ndarray) -> str | None:
    """The slip of sin and cos columns at different frequencies, said plainly: every column that
    moves turns at its own frequency, ω_j = c·r^j over the column index j (fitted on log ω, read
    per column with :func:`_column_frequencies`), so no two columns can pair into sin/cos of one
    angle. ``10000^(−2j/d)`` for sin and cos columns alike is the usual source: r = b^(−2/d).

    Only columns that turn at least a radian over the rows are read (slower ones barely move and
    the recurrence cannot resolve them). The fit must be tight (every log ω within 5 % of one
    step |ln r| of the line) for the note to be given: columns of a real pairing share
    frequencies, a staircase no line through all the columns follows that closely."""
    moving = numpy.nonzero(numpy.ptp(x, axis=0) > 0)[0]
    if moving.size < 4 or x.shape[0] < 4:
        return None
    omega = _column_frequencies(x[:, moving])
    keep = omega * (x.shape[0] - 1) >= 1.0  # a column must turn a radian over the rows to be read
    j, log_w = moving[keep].astype(numpy.float64), numpy.log(omega[keep])
    if j.size < 4:
        return None
    step, offset = numpy.polyfit(j, log_w, 1)
    if abs(step) < 1e-6 or float(numpy.abs(log_w - (offset + step * j)).max()) > 0.05 * abs(step):
        return None
    d = x.shape[1] - x.shape[1] % 2
    base = math.exp(-step * d / 2)
    return (
        f"sin and cos columns run at different frequencies: every column j turns at its own "
        f"ω_j ≈ {math.exp(offset):.4g}·{math.exp(step):.6g}^j, so no two columns are sin/cos of one "
        f"angle; this is ω_j = b^(−2j/d) with b ≈ {base:.6g} for every column, the exponent built "
        "from each column's own index j where the pair index belongs"
    )


def diagnose(table: numpy.ndarray, fmt: FloatFormat, shift: int = 1) -> Diagnosis:
    """Fit T_k for k = ``shift`` and look for sin/cos partners; notes say what holds."""
    width = min(table.shape[1], _MAX_COLUMNS)
    x = numpy.asarray(table[: max(4096, 2 * width + shift + 1), :width], dtype=numpy.float64)
    n, width = x.shape
    # a wide table is diagnosed on its first columns: say so, so "of 1024" never reads as "of all"
    of = f"the first {width} of {table.shape[1]}" if table.shape[1] > width else f"{width}"
    notes: list[str] = []
    rows_needed = 2 * width + shift
    u = fmt.unit_roundoff
    if n >= rows_needed:
        rows = x[: min(n, max(rows_needed, 512))]
        a, b = rows[:-shift], rows[shift:]
        t_map, *_ = numpy.linalg.lstsq(a, b, rcond=None)
        residual = float(numpy.linalg.norm(b - a @ t_map)) / max(float(numpy.linalg.norm(b)), 1e-300)
        notes.append(
            f"a fixed linear map T_{shift} taking row t to row t+{shift}, fitted by least squares on "
            f"{a.shape[0]} rows, leaves a relative residual {residual:.3g} "
            f"({residual / u:.3g} × the data's unit roundoff; rounded sin/cos pairs leave a residual "
            "of the order of the unit roundoff, columns no linear map can advance one of order 1)"
        )
    else:
        residual = float("nan")
        notes.append(
            f"T_{shift} not fitted: {n} rows, and a fit of a {width}×{width} map needs at least "
            f"{rows_needed} to mean anything"
        )
    slip = split_frequency_note(x) if n >= 4 else None
    if slip is not None:
        notes.append(slip)
    partnered = _partners(x[: min(n, 4096)], 64 * u * max(width, 1)) if n >= 3 else numpy.zeros(width, bool)
    missing = tuple(int(c) for c in numpy.nonzero(~partnered)[0])
    flat = int((numpy.ptp(x, axis=0) == 0).sum()) if n else 0
    if flat:
        notes.append(f"{flat} of {of} columns are constant: no position information in them")
    if missing:
        notes.append(
            f"{len(missing)} of {of} columns have no partner of the same frequency with "
            f"sin²+cos² constant (first: {list(missing[:8])}), so no rotation maps row t to t+k "
            "for those columns"
        )
    else:
        notes.append(
            f"every one of {'the ' if of == str(width) else ''}{of} columns has a sin/cos partner of the same frequency"
        )
    return Diagnosis(shift, residual, width, int(partnered.sum()), missing, tuple(notes))
