"""Tables whose rows are not positions 0, 1, 2, …: a start below zero, or positions that descend.

Transformer-XL and XLNet build their relative tables from ``pos_seq = arange(klen − 1, −1, −1)``
(or down to −qlen): row r holds position start − r. Funnel's relative tables run from −2L up
to 2L − 1: a negative start. A convention carries ``start`` (the position of row 0) and ``step``
(+1 or −1); a descending table is measured as the same rows in reverse order (ascending from
start − (n − 1)), and what is reported — rows, worst element, first element outside — is mapped
back to the table as given.

>>> from posenc_sym.crosscheck.fit import fit_pairs
>>> fit = fit_pairs(numpy.sin(numpy.arange(-5.0, 5.0)[:, None] * [[1.0, 0.1]]),
...                 numpy.cos(numpy.arange(-5.0, 5.0)[:, None] * [[1.0, 0.1]]))
>>> signed_start(fit)
-5
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Protocol

import numpy

from ..numerics import FloatFormat
from .common import measure_all
from .fit import PairFit, estimate_start
from .measure import ColumnSpec, Measurement
from .precision import ErrorModel
from .result import Worst

__all__ = ["measure_stepped", "positions_note", "sample_error_stepped", "signed_start"]


class Stepped(Protocol):
    """What a convention with positions start + step·row offers (see ``SinusoidalConvention``)."""

    start: int
    step: int
    zero_rows: tuple[int, ...]
    base: float

    def column_spec(self) -> ColumnSpec: ...


def _phase_residual(start: int, omega: numpy.ndarray, intercept: numpy.ndarray) -> float:
    phase = start * omega - intercept
    return float(numpy.abs(numpy.remainder(phase + math.pi, 2 * math.pi) - math.pi).max())


def signed_start(fit: PairFit, omega: numpy.ndarray | None = None) -> int:
    """The integer position of the fit's row 0, negative ones included: ``estimate_start`` finds
    t0 ≥ 0 from the intercepts t0·ω (mod 2π); −t0 ≥ 0 has the intercepts negated. The one whose
    angles match the intercepts better wins (non-negative on a tie)."""
    w = numpy.asarray(fit.omega if omega is None else omega, dtype=numpy.float64)
    up = estimate_start(fit, w)
    down = -estimate_start(dataclasses.replace(fit, intercept=-fit.intercept), w)
    if down == 0 or _phase_residual(up, w, fit.intercept) <= _phase_residual(down, w, fit.intercept):
        return up
    return down


def sample_error_stepped(data: numpy.ndarray, rows: numpy.ndarray, start: int, step: int, spec: ColumnSpec) -> float:
    """Largest |x − r| over the sampled rows, row r at position start + step·r."""
    ref, _ = spec.reference(start + step * rows.astype(numpy.float64))
    return float(numpy.abs(numpy.asarray(data[rows], dtype=numpy.float64) - ref).max())


def _flip_worst(w: Worst, n: int) -> Worst:
    return dataclasses.replace(w, row=n - 1 - w.row)


def _unreverse(m: Measurement, n: int) -> Measurement:
    return dataclasses.replace(
        m,
        worst=_flip_worst(m.worst, n),
        first_outside=None if m.first_outside is None else _flip_worst(m.first_outside, n),
        row_max_error=m.row_max_error[::-1],
        positions=m.positions[::-1],
    )


def measure_stepped(array: numpy.ndarray, conv: Any, fmt: FloatFormat, model: ErrorModel) -> list[Measurement]:
    """Measure ``array`` under ``conv`` (a :class:`Stepped` convention), descending ones in reverse."""
    n = array.shape[0]
    if conv.step == 1:
        return measure_all(
            [("", array)], float(conv.start), lambda _: conv.column_spec(), fmt, model, conv.base, "checking table"
        )
    ascending = dataclasses.replace(
        conv, start=conv.start - (n - 1), step=1, zero_rows=tuple(sorted(n - 1 - z for z in conv.zero_rows))
    )
    measured = measure_all(
        [("", array[::-1])],
        float(ascending.start),
        lambda _: ascending.column_spec(),
        fmt,
        model,
        conv.base,
        "checking table",
    )
    return [_unreverse(m, n) for m in measured]


def positions_note(conv: Any, n: int) -> list[str]:
    """A sentence on positions that descend or go below zero (nothing for 0, 1, 2, …).

    >>> from types import SimpleNamespace
    >>> positions_note(SimpleNamespace(start=0, step=1), 8)
    []
    >>> positions_note(SimpleNamespace(start=-4, step=1), 8)[0][:43]
    'the positions run from -4 to 3, negative on'
    """
    last = conv.start + conv.step * (n - 1)
    if conv.step == -1:
        return [
            f"row r holds position {conv.start} − r: the positions descend from {conv.start} to {last}, as in "
            "Transformer-XL's and XLNet's relative tables (pos_seq = arange(klen − 1, −1, −1))"
        ]
    if conv.start < 0:
        return [
            f"the positions run from {conv.start} to {last}, negative ones included, as in relative "
            "tables such as Funnel Transformer's (arange(−2L, 2L))"
        ]
    return []
