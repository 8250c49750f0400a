"""Identify and measure a 2-D sin-cos table: the tokens of an image grid, each coordinate encoded by
its own columns (MAE's and diffusers' ``get_2d_sincos_pos_embed``, timm's ``build_sincos2d_pos_embed``).

Rows are the grid's tokens in row-major order after e leading rows that are no grid tokens (MAE's
cls token, all zero): row e + i·W + j is grid row i (``h``) and column j (``w``). The grid, and
which coordinate each column follows, are read off the data (:mod:`.grids`). The columns of one
coordinate, taken in order, are a 1-D sinusoidal table over that coordinate's values, identified
and measured as one (:mod:`.identify_sinusoidal`: layout, order, base, exponent denominator,
position scale — PixArt's 1/2 —, amplitude); every token must equal the token with the same
coordinate in those columns, and the leading rows must be exactly zero.

Real code differs in which coordinate comes first: MAE and diffusers encode w in the first half
(``meshgrid(grid_w, grid_h)`` puts w in ``grid[0]``, which ``emb_h`` reads), timm puts h first
and lays out sin(h), sin(w), cos(h), cos(w) (``axis_blocks``: the coordinate of each run of
columns).

>>> import math
>>> i, j = numpy.divmod(numpy.arange(64), 8)
>>> w = 10000.0 ** (-numpy.arange(4) / 4)
>>> emb = lambda p: numpy.concatenate([numpy.sin(p[:, None] * w), numpy.cos(p[:, None] * w)], 1)
>>> table = numpy.vstack([numpy.zeros((1, 16)), numpy.hstack([emb(j), emb(i)])])  # MAE, cls token
>>> result = check_sinusoidal_2d(table)
>>> found = result.convention_dict()
>>> result.verdict, found["grid"], found["extra_rows"], found["axis_blocks"], found["layout"], found["base"]
('matches', [8, 8], 1, ['w', 'h'], 'split', 10000)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy

from ..numerics import FloatFormat, data_format
from .common import finish, resolve_model
from .expect import conclude, parse_expectations
from .grids import column_axes, find_grid, leading_zero_rows
from .identify_sinusoidal import SinusoidalConvention, identify
from .load import as_float_array, declared, require_ndim, squeeze_singletons
from .measure import Measurement
from .positions import measure_stepped
from .precision import ErrorModel
from .result import CheckResult, Worst

__all__ = ["check_sinusoidal_2d"]

_AXES = ("h", "w")
_KEYS = ("layout", "order", "base", "exponent_denominator", "start", "scale", "scale_form", "position_scale")


@dataclass(frozen=True)
class _Axis:
    """One coordinate: its columns (in order) and the 1-D convention of those columns."""

    name: str
    columns: numpy.ndarray
    convention: SinusoidalConvention


def _runs(axes: numpy.ndarray) -> list[str]:
    return [_AXES[int(a)] for k, a in enumerate(axes) if k == 0 or a != axes[k - 1]]


def _convention(grid: tuple[int, int], extra: int, axes: numpy.ndarray, found: list[_Axis]) -> tuple[Any, ...]:
    pairs: list[tuple[str, Any]] = [("grid", list(grid)), ("extra_rows", extra), ("axis_blocks", _runs(axes))]
    for key in _KEYS:
        values = [dict(a.convention.as_pairs())[key] for a in found]
        pairs.append((key, values[0] if all(v == values[0] for v in values) else values))
    pairs.append(("d_axis", [int(a.columns.size) for a in found]))
    return tuple(pairs)


def _notes(grid: tuple[int, int], extra: int, axes: numpy.ndarray, found: list[_Axis]) -> list[str]:
    h, w = grid
    notes = [f"rows {extra} … {extra + h * w - 1} are the tokens of a {h}×{w} grid in row-major order "
             f"(row {extra} + i·{w} + j holds grid row i, h, and column j, w)"]
    if extra:
        which = "row 0 is" if extra == 1 else f"rows 0 … {extra - 1} are"
        notes.append(f"{which} all zero: {'a cls token' if extra == 1 else 'extra tokens'} (MAE's cls_token=True), "
                     "checked to be exactly 0")
    runs = _runs(axes)
    if runs == ["w", "h"]:
        notes.append("the first columns follow w and the last h: MAE's and diffusers' get_2d_sincos_pos_embed, whose "
                     "emb_h reads grid[0], the w coordinates of meshgrid(grid_w, grid_h)")
    elif runs == ["h", "w", "h", "w"]:
        notes.append("the columns run sin(h), sin(w), cos(h), cos(w): timm's build_sincos2d_pos_embed")
    for a in found:
        cols = f"{int(a.columns[0])} … {int(a.columns[-1])}" if numpy.all(numpy.diff(a.columns) == 1) else (
            f"{a.columns.size} columns from {int(a.columns[0])}")
        notes.append(f"{a.name} (columns {cols}): a {a.convention.layout} 1-D table, base {a.convention.base:g} over "
                     f"{a.convention.exponent_denominator}")
    return notes


def identify_2d(
    table: numpy.ndarray, floor: float, grid: tuple[int, int] | None
) -> tuple[tuple[int, int], int, numpy.ndarray, list[_Axis], list[str]] | str:
    """The grid, the leading rows, each column's coordinate and each coordinate's convention."""
    extra = leading_zero_rows(table)
    grid = grid if grid is not None else find_grid(table, extra)
    if grid is None:
        return (f"no grid fits the {table.shape[0] - extra} token rows: under no H×W with H·W tokens does every "
                "column follow the row index or the column index alone")
    h, w = grid
    if h * w != table.shape[0] - extra:
        rows = table.shape[0] - extra
        return f"grid {h}×{w} has {h * w} tokens but the table has {rows} rows after {extra} zero rows"
    axes = column_axes(table[extra:], w)
    if axes is None:
        return f"under the grid {h}×{w} some column follows neither the row index nor the column index"
    found: list[_Axis] = []
    notes: list[tuple[str, str]] = []
    for a, name in enumerate(_AXES):
        columns = numpy.flatnonzero(axes == a)
        rows = extra + (numpy.arange(h) * w if a == 0 else numpy.arange(w))
        conv, more = identify(numpy.asarray(table[numpy.ix_(rows, columns)]), floor)
        if conv is None:
            return f"the columns of {name} are no 1-D sinusoidal table: {'; '.join(more)}"
        found.append(_Axis(name, columns, conv))
        notes.extend((name, n) for n in more)
    said = list(dict.fromkeys(n for _, n in notes))
    both = [f"{' and '.join(a for a, m in notes if m == n)}: {n}" for n in said]
    return grid, extra, axes, found, both


def _map_back(m: Measurement, axis: int, columns: numpy.ndarray, grid: tuple[int, int], extra: int) -> Measurement:
    """A coordinate's measurement over its values, re-expressed at the first token of each value."""
    h, w = grid

    def to_table(x: Worst) -> Worst:
        row = extra + (x.row * w if axis == 0 else x.row)
        return Worst(x.position, row, int(columns[x.column]), x.value, x.reference, x.abs_error, x.ulp_error, x.array)

    r = numpy.arange(h * w)
    index = r // w if axis == 0 else r % w
    return Measurement(
        m.max_abs_error, m.max_ulp_error, to_table(m.worst), m.outside,
        None if m.first_outside is None else to_table(m.first_outside), m.needed_unit_roundoff,
        m.row_max_error[index], m.positions[index], m.slack_ulp, m.worst_load, m.vacuous, m.first_vacuous,
    )


def _consistency(table: numpy.ndarray, grid: tuple[int, int], extra: int, found: list[_Axis]) -> list[str]:
    """Tokens that differ from the token with the same coordinate, and leading rows that are not 0."""
    h, w = grid
    tokens = table[extra:]
    r = numpy.arange(h * w)
    out = []
    for a, axis in enumerate(found):
        key = r // w if a == 0 else r % w
        first = key * w if a == 0 else key
        part = tokens[:, axis.columns]
        bad = numpy.flatnonzero(numpy.any(part != part[first], axis=1))
        if bad.size:
            out.append(f"token row {extra + int(bad[0])} differs in the {axis.name} columns from row "
                       f"{extra + int(first[bad[0]])}, which has the same {axis.name}")
    return out


def check_sinusoidal_2d(
    table: Any,
    *,
    grid: tuple[int, int] | None = None,
    model: ErrorModel | None = None,
    expect: Mapping[str, Any] | str | None = None,
) -> CheckResult:
    """Identify and measure a 2-D sin-cos table (module docstring); ``grid`` (H, W) when the data
    cannot show it."""
    wanted = parse_expectations(expect)
    raw = table
    table = declared(table, wanted)
    return conclude(
        _check(table, grid, model), wanted, model, (table,),
        lambda fmt: _check(declared(raw, {"dtype": fmt}), grid, model),
    )


def _check(table: Any, grid: tuple[int, int] | None, model: ErrorModel | None) -> CheckResult:
    array, fmt_name = as_float_array(table, "table")
    read: list[str] = []
    array = require_ndim(squeeze_singletons(array, 2, "the table", read), 2, "the 2-D sinusoidal table",
                         "(tokens, dims)")
    fmt = data_format(fmt_name)
    model = resolve_model(model, fmt_name)
    found = identify_2d(array, math.ldexp(1.0, 1 - fmt.precision), grid)
    if isinstance(found, str):
        keys = (("grid", None), ("extra_rows", None), ("axis_blocks", None), ("layout", None), ("base", None))
        why = (*read, found, "no 2-D sinusoidal convention fits")
        return CheckResult("sinusoidal-2d", "mismatch", keys, None, None, None, why, model.name, fmt_name,
                           array.shape)
    shape_grid, extra, axes, coords, notes = found
    measured = _measure(array, shape_grid, extra, coords, fmt, model)
    problems = _consistency(array, shape_grid, extra, coords)
    if extra and array[:extra].any():
        problems.append("the leading rows are not all zero")
    convention = _convention(shape_grid, extra, axes, coords)
    notes = [*read, *_notes(shape_grid, extra, axes, coords), *notes, *problems]
    return finish("sinusoidal-2d", convention, measured, notes, model, fmt, array.shape, identified=not problems)


def _measure(
    array: numpy.ndarray, grid: tuple[int, int], extra: int, coords: list[_Axis], fmt: FloatFormat, model: ErrorModel
) -> list[Measurement]:
    h, w = grid
    out: list[Measurement] = []
    for a, axis in enumerate(coords):
        rows = extra + (numpy.arange(h) * w if a == 0 else numpy.arange(w))
        sub = numpy.ascontiguousarray(array[numpy.ix_(rows, axis.columns)])
        measured = measure_stepped(sub, axis.convention, fmt, model)
        out.extend(_map_back(m, a, axis.columns, grid, extra) for m in measured)
    return out
