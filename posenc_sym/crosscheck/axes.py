"""Multi-axis RoPE over 2-D/3-D grids (Flux): each axis rotates its own block of columns.

A token carries one position per axis (``ids``, shape (tokens, axes): Flux's (0, row, column)
for image tokens, zeros for text tokens). Axis a owns ``axes_dim[a]`` consecutive columns of the
cos/sin cache, and those columns are cos/sin(ids[:, a]·θ_j) with θ_j = theta_a^(−2j/axes_dim[a])
(Flux: axes_dim (16, 56, 56), theta 10000; diffusers' ``FluxPosEmbed`` repeats each pair's
value twice, ``adjacent``; a cache read off Black Forest Labs' rotation matrices has one column
per pair, ``compact``).

Identified from the data: the block boundaries (the first pair of each block turns at exactly
ω = 1 per unit of its axis's id, θ^0 = 1), and each axis's theta (the slope of ln ω_j over j,
named as a known base or a short number that reproduces the block). Measured block by block
against the exact reference over the distinct ids of its axis (rows with equal ids must be
equal: they are the same computation).

>>> ids = numpy.stack([numpy.zeros(64), numpy.repeat(numpy.arange(8.0), 8), numpy.tile(numpy.arange(8.0), 8)], 1)
>>> w = [10000.0 ** (-2 * j / d) for d in (4, 8, 8) for j in range(d // 2)]
>>> angle = numpy.concatenate([ids[:, [a]] * w[o:o + d // 2] for a, o, d in ((0, 0, 4), (1, 2, 8), (2, 6, 8))], 1)
>>> result = check_rope_axes(numpy.cos(angle), numpy.sin(angle), ids)
>>> result.verdict, result.convention_dict()["axes_dim"], result.convention_dict()["axes_theta"]
('matches', [4, 8, 8], [10000, 10000, 10000])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import FloatFormat, data_format
from .common import best_candidate, finish, measure_all, resolve_model
from .expect import conclude, parse_expectations
from .fit import KNOWN_BASES
from .identify_rope import RopeConvention
from .load import as_float_array, cache_halves, declared, require_ndim
from .measure import Measurement
from .names import short_values
from .precision import ErrorModel, as_error_model
from .result import CheckResult, Worst
from .rope_extras import denominator_for

__all__ = ["AxesConvention", "axes_arrays", "check_rope_axes"]

_MATCH = 0.05  # rad: an angle of ω = 1 (to float16 rounding at ids in the thousands) vs any other ω


@dataclass(frozen=True)
class AxesConvention:
    """Per-axis RoPE blocks: widths ``axes_dim`` (columns of the full rotary width) and bases."""

    pairing: str
    axes_dim: tuple[int, ...]
    theta: tuple[float, ...]
    denominators: tuple[int | None, ...] = ()  # per axis; None (or absent): the axis width

    def denominator(self, axis: int) -> int | None:
        return self.denominators[axis] if self.denominators else None

    def block(self, axis: int, start: int = 0) -> RopeConvention:
        return RopeConvention(
            self.pairing, self.theta[axis], "none", start, self.axes_dim[axis], denominator=self.denominator(axis)
        )

    def columns(self, axis: int) -> slice:
        """The cache columns of ``axis`` (half as many in the ``compact`` layout)."""
        per = 2 if self.pairing == "compact" else 1
        lo = sum(self.axes_dim[:axis]) // per
        return slice(lo, lo + self.axes_dim[axis] // per)

    def as_pairs(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("pairing", self.pairing),
            ("axes", len(self.axes_dim)),
            ("axes_dim", list(self.axes_dim)),
            ("axes_theta", [int(t) if float(t).is_integer() else t for t in self.theta]),
            ("axes_exponent_denominator", [self.denominator(a) or d for a, d in enumerate(self.axes_dim)]),
            ("scaling", "none"),
        )


def _as_ids(ids: Any, tokens: int) -> numpy.ndarray:
    array, _ = as_float_array(ids, "the ids array") if not _is_int(ids) else (numpy.asarray(ids, float), "")
    array = require_ndim(numpy.asarray(array, dtype=numpy.float64), 2, "the ids array", "(tokens, axes)")
    if array.shape[0] != tokens:
        raise PosencSymError(f"ids has {array.shape[0]} rows but the cache has {tokens}; pass one id row per token")
    if numpy.any(array != numpy.round(array)):
        raise PosencSymError(
            "ids holds non-integer positions; pass the integer grid positions the cache was built from"
        )
    return array


def _is_int(x: Any) -> bool:
    return hasattr(x, "dtype") and str(x.dtype).startswith(("int", "uint", "torch.int"))


def _wrap(x: numpy.ndarray) -> numpy.ndarray:
    return numpy.remainder(x + math.pi, 2 * math.pi) - math.pi


def _starts(phi: numpy.ndarray, ids: numpy.ndarray, axes_dim: tuple[int, ...] | None) -> list[int] | str:
    """The first pair of each axis's block, or why they cannot be found."""
    if axes_dim is not None:
        return [sum(axes_dim[:a]) // 2 for a in range(len(axes_dim))]
    starts = [0]
    for a in range(1, ids.shape[1]):
        if numpy.ptp(ids[:, a]) == 0:
            return f"the ids of axis {a} are constant, so its block cannot be told from its neighbour's: pass axes_dim"
        near = numpy.abs(_wrap(phi - ids[:, [a]])).max(axis=0) < _MATCH
        found = [p for p in numpy.nonzero(near)[0] if p > starts[-1]]
        if not found:
            return f"no pair turns at 1 radian per unit of axis {a}'s id: no block of axis {a} starts anywhere"
        starts.append(int(found[0]))
    if numpy.ptp(ids[:, -1]) == 0 and ids.shape[1] > 1:
        return f"the ids of the last axis ({ids.shape[1] - 1}) are constant: pass axes_dim"
    return starts


def _theta_estimate(phi: numpy.ndarray, ids: numpy.ndarray) -> float | None:
    """θ from the slope of ln ω_j over j (ω_j fitted against the distinct ids, unwrapped)."""
    values, first = numpy.unique(ids, return_index=True)
    if values.size < 3 or phi.shape[1] < 2 or numpy.any(numpy.diff(values) != 1):
        return None
    turned = numpy.unwrap(phi[first], axis=0)
    omega = numpy.polyfit(values, turned, 1)[0]
    j = numpy.arange(omega.size)
    if numpy.any(omega[1:] <= 0):
        return None
    slope = numpy.polyfit(j[1:], numpy.log(omega[1:]), 1)[0] if omega.size > 2 else math.log(omega[1])
    return math.exp(-slope * omega.size)  # ln ω_j = −(2j/w)·ln θ, w = 2·pairs


def _theta_candidates(estimate: float, width: int) -> list[tuple[tuple[float, int | None], bool | str]]:
    """((theta, denominator), named): known bases near the estimate, a known base with another
    exponent denominator (code dividing by the whole rotary width inside every axis), short
    numbers, then the raw estimate."""
    out: list[tuple[tuple[float, int | None], bool | str]] = [
        ((b, None), True) for b in KNOWN_BASES if abs(math.log(b / estimate)) < 0.05
    ]
    for b in KNOWN_BASES:
        den = denominator_for(estimate, width, b)
        if den is not None and den != width:
            out.append(((b, den), True))
    # short names (:mod:`.names`): kind "short", judged by best_candidate's one rule
    named = [*dict.fromkeys(out)]
    shorts = [((v, None), "short") for v in short_values(estimate) if ((v, None), True) not in named]
    return [*named, *shorts, ((estimate, None), False)]


@dataclass(frozen=True)
class _Block:
    """One axis's distinct ids: the row of each id's first token, and each token's id index."""

    low: int
    first_row: numpy.ndarray  # (distinct ids,)
    index: numpy.ndarray  # (tokens,)


def _block_rows(ids: numpy.ndarray, axis: int) -> _Block | str:
    values, first, index = numpy.unique(ids[:, axis], return_index=True, return_inverse=True)
    if numpy.any(numpy.diff(values) != 1):
        return f"the ids of axis {axis} skip values ({values[:8].tolist()}…): pass ids that cover a range"
    return _Block(int(values[0]), first, index)


def _theta_for(
    axis: int, phi: numpy.ndarray, ids: numpy.ndarray, data: tuple[numpy.ndarray, ...], floor: float
) -> tuple[float, int | None, bool]:
    """The named theta (and exponent denominator) of one axis's block, and whether it is named."""
    estimate = _theta_estimate(phi, ids[:, axis])
    if estimate is None:
        return 10000.0, None, False
    block = _block_rows(ids, axis)
    assert not isinstance(block, str)
    width = 2 * phi.shape[1]
    positions = block.low + numpy.arange(block.first_row.size, dtype=numpy.float64)
    scored = []
    for (theta, den), known in _theta_candidates(estimate, width):
        conv = RopeConvention("compact", theta, "none", block.low, width, denominator=den)
        err = 0.0
        for which, array in zip(("cos", "sin"), data, strict=True):
            ref, _ = conv.spec(which).reference(positions)
            err = max(err, float(numpy.abs(array[block.first_row] - ref).max()))
        scored.append(((theta, den), err, known))
    (theta, den), named = best_candidate(scored, 8 * floor)
    return theta, den, bool(named)


def identify_axes(
    cos: numpy.ndarray, sin: numpy.ndarray, ids: numpy.ndarray, floor: float, axes_dim: tuple[int, ...] | None
) -> tuple[AxesConvention | None, list[str]]:
    """The pairing, block widths and per-axis theta that explain the cache, or None and why not."""
    width = cos.shape[1]
    pairing = "compact"
    if (
        width % 2 == 0
        and numpy.array_equal(cos[:, 0::2], cos[:, 1::2])
        and numpy.array_equal(sin[:, 0::2], sin[:, 1::2])
    ):
        pairing = "adjacent"
    per = 2 if pairing == "adjacent" else 1
    cos_p = numpy.asarray(cos[:, 0::per], dtype=numpy.float64)
    sin_p = numpy.asarray(sin[:, 0::per], dtype=numpy.float64)
    if axes_dim is not None and sum(axes_dim) != 2 * cos_p.shape[1]:
        return None, [
            f"axes_dim {list(axes_dim)} sums to {sum(axes_dim)}, but the cache rotates {2 * cos_p.shape[1]} columns"
        ]
    phi = numpy.arctan2(sin_p, cos_p)
    starts = _starts(phi, ids, axes_dim)
    if isinstance(starts, str):
        return None, [starts]
    bounds = [*starts, cos_p.shape[1]]
    dims = tuple(2 * (bounds[a + 1] - bounds[a]) for a in range(len(starts)))
    if any(d == 0 for d in dims):
        return None, [f"the blocks found have widths {list(dims)}: an axis with no columns"]
    for a in range(ids.shape[1]):
        problem = _block_rows(ids, a)
        if isinstance(problem, str):
            return None, [problem]
    found: list[tuple[float, int | None] | None] = []
    notes = []
    for a in range(ids.shape[1]):
        block = slice(bounds[a], bounds[a + 1])
        if numpy.ptp(ids[:, a]) == 0:
            found.append(None)
            continue
        theta, den, named = _theta_for(a, phi[:, block], ids, (cos_p[:, block], sin_p[:, block]), floor)
        found.append((theta, den))
        if not named:
            notes.append(f"theta {theta:.8g} of axis {a} is estimated: no known base or short number fits")
    return _fill_constant_axes(pairing, dims, found, ids, notes)


def _fill_constant_axes(
    pairing: str,
    dims: tuple[int, ...],
    found: list[tuple[float, int | None] | None],
    ids: numpy.ndarray,
    notes: list[str],
) -> tuple[AxesConvention, list[str]]:
    """Axes whose ids are constant get the first other axis's theta and denominator (Flux uses one
    theta for all; a slip in the denominator is made in every axis alike)."""
    donor = next((f for f in found if f is not None), None)
    donor_axis = next((a for a, f in enumerate(found) if f is not None), None)
    filled: list[tuple[float, int | None]] = []
    for a, f in enumerate(found):
        if f is None:
            theta = 10000.0 if donor is None else donor[0]
            source = "the paper's 10000" if donor is None else f"axis {donor_axis}'s"
            notes.append(
                f"the ids of axis {a} are all {int(ids[0, a])}: its frequencies cannot be read from the data; "
                f"its columns are checked with theta {theta:g} ({source})"
                + (" — at id 0 every theta gives cos 1, sin 0" if ids[0, a] == 0 else "")
            )
            f = (theta, None if donor is None else donor[1])
        filled.append(f)
    dens = tuple(d for _, d in filled)
    return AxesConvention(pairing, dims, tuple(t for t, _ in filled), dens if any(dens) else ()), notes


def _map_back(m: Measurement, block: _Block, offset: int, ids: numpy.ndarray) -> Measurement:
    """A block's measurement over its distinct ids, re-expressed over the cache's tokens."""

    def to_token(w: Worst) -> Worst:
        row = int(block.first_row[w.row])
        return Worst(w.position, row, offset + w.column, w.value, w.reference, w.abs_error, w.ulp_error, w.array)

    return Measurement(
        m.max_abs_error,
        m.max_ulp_error,
        to_token(m.worst),
        m.outside,
        None if m.first_outside is None else to_token(m.first_outside),
        m.needed_unit_roundoff,
        m.row_max_error[block.index],
        ids,
        m.slack_ulp,
    )


def _duplicates_differ(data: numpy.ndarray, block: _Block) -> int | None:
    """The first token whose values differ from the first token with the same id, if any."""
    bad = numpy.nonzero(numpy.any(data != data[block.first_row][block.index], axis=1))[0]
    return int(bad[0]) if bad.size else None


def _measure_axes(
    conv: AxesConvention,
    arrays: tuple[numpy.ndarray, numpy.ndarray],
    ids: numpy.ndarray,
    fmt: FloatFormat,
    model: ErrorModel,
) -> tuple[list[Measurement], list[str]]:
    measured: list[Measurement] = []
    notes: list[str] = []
    for a in range(len(conv.axes_dim)):
        block = _block_rows(ids, a)
        assert not isinstance(block, str)
        cols = conv.columns(a)
        parts = [(name, numpy.ascontiguousarray(x[:, cols])) for name, x in zip(("cos", "sin"), arrays, strict=True)]
        for name, part in parts:
            token = _duplicates_differ(part, block)
            if token is not None:
                other = int(block.first_row[block.index[token]])
                notes.append(f"token {token} has the same id on axis {a} as token {other} but other {name} values")
        rep = [(name, part[block.first_row]) for name, part in parts]
        spec = conv.block(a).spec
        found = measure_all(rep, float(block.low), spec, fmt, model, conv.theta[a], f"checking axis {a}")
        measured.extend(_map_back(m, block, cols.start, ids[:, a]) for m in found)
    return measured, notes


def check_rope_axes(
    cos: Any,
    sin: Any,
    ids: Any,
    *,
    axes_dim: Any = None,
    model: ErrorModel | str | None = None,
    expect: Mapping[str, Any] | str | None = None,
) -> CheckResult:
    """Identify a multi-axis RoPE cache (tokens × columns) built from per-axis ``ids`` and measure
    it; ``axes_dim`` (the block widths) is needed only when an axis's ids are constant. ``model``
    None is the data's own precision; ``expect`` the convention keys meant (:mod:`.expect`:
    ``axes_dim=16;56;56``, ``axes_theta=10000;10000;10000``, ``pairing=adjacent``, …)."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    cos, sin = declared(cos, wanted), declared(sin, wanted)
    return conclude(_check_rope_axes(cos, sin, ids, axes_dim, model), wanted, model, (cos, sin))


def _check_rope_axes(cos: Any, sin: Any, ids: Any, axes_dim: Any, model: ErrorModel | None) -> CheckResult:
    c, s, c_fmt = cache_halves(cos, sin, "(tokens, columns)")
    grid = _as_ids(ids, c.shape[0])
    fmt = data_format(c_fmt)
    model = resolve_model(model, c_fmt)  # default: the data's own precision
    dims = None if axes_dim is None else tuple(int(d) for d in axes_dim)
    conv, notes = identify_axes(c, s, grid, math.ldexp(1.0, 1 - fmt.precision), dims)
    shape = tuple(c.shape)
    if conv is None:
        keys = (("pairing", None), ("axes", grid.shape[1]), ("axes_dim", None), ("axes_theta", None))
        notes = [*notes, "no multi-axis RoPE convention fits"]
        return CheckResult("rope-axes", "mismatch", keys, None, None, None, tuple(notes), model.name, c_fmt, shape)
    measured, more = _measure_axes(conv, (c, s), grid, fmt, model)
    return finish("rope-axes", conv.as_pairs(), measured, [*notes, *more], model, fmt, shape, identified=not more)


def axes_arrays(obj: Any) -> tuple[Any, Any, Any, Any]:
    """(cos, sin, ids, axes_dim or None) from what a source gives: a mapping (a .npz) with arrays
    ``cos``, ``sin``, ``ids`` and optionally ``axes_dim``, or a tuple (cos, sin, ids).

    >>> axes_arrays({"cos": 1, "sin": 2})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: the multi-axis RoPE source has arrays ['cos', 'sin'] but no ids; ...
    """
    if isinstance(obj, Mapping):
        missing = [k for k in ("cos", "sin", "ids") if k not in obj]
        if missing:
            raise PosencSymError(
                f"the multi-axis RoPE source has arrays {sorted(obj)} but no {' or '.join(missing)}; "
                "save them with numpy.savez(path, cos=cos, sin=sin, ids=ids)"
            )
        return obj["cos"], obj["sin"], obj["ids"], obj.get("axes_dim")
    if isinstance(obj, tuple | list) and len(obj) == 3:
        return obj[0], obj[1], obj[2], None
    raise PosencSymError(
        "a multi-axis RoPE source must give cos, sin and ids: a .npz with arrays 'cos', 'sin' and 'ids' "
        "(tokens × axes), or a callable returning (cos, sin, ids)"
    )
