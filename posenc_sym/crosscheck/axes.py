"""Multi-axis RoPE over 2-D/3-D grids (Flux, Qwen2-VL's M-RoPE, Pixtral): each axis rotates its
own block of pairs.

A token carries one position per axis (``ids``, shape (tokens, axes): Flux's (0, row, column)
for image tokens and zeros for text tokens; Qwen2-VL's (temporal, height, width) from
``get_rope_index``, equal for text tokens; Pixtral's (row, column)). Axis a owns a block of
consecutive pairs, and those turn at cos/sin(ids[:, a]·ω_j) with ω_j from the axis's frequency
ladder (:mod:`.axes_ladder`: its own θ^(−2j/D) per axis as Flux, or one ladder of the whole
width split into sections as Qwen2-VL, or dealt out in turn as Pixtral). The columns hold the
pairs as ``adjacent`` (each pair's value twice in a row, diffusers' ``FluxPosEmbed``), ``halves``
(all pairs, then all of them again: Hugging Face's ``cat((freqs, freqs))`` for Qwen2-VL and
Pixtral) or ``compact`` (one column per pair, read off rotation matrices).

Identified from the data: the layout (repeated columns, exactly), which axis each pair follows
(its values are a function of that axis's ids), each axis's ladder and base (named as a known
base or the shortest number that reproduces the data). Measured block by block against the exact
reference over the distinct ids of its axis (ids may skip values); tokens with equal ids on an
axis must hold equal values in its columns (the same computation).

>>> ids = numpy.stack([numpy.zeros(64), numpy.repeat(numpy.arange(8.0), 8), numpy.tile(numpy.arange(8.0), 8)], 1)
>>> w = [10000.0 ** (-2 * j / d) for d in (4, 8, 8) for j in range(d // 2)]
>>> angle = numpy.concatenate([ids[:, [a]] * w[o:o + d // 2] for a, o, d in ((0, 0, 4), (1, 2, 8), (2, 6, 8))], 1)
>>> result = check_rope_axes(numpy.cos(angle), numpy.sin(angle), ids)
>>> result.verdict, result.convention_dict()["axes_dim"], result.convention_dict()["axes_theta"]
('matches', [4, 8, 8], [10000, 10000, 10000])
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import FloatFormat, data_format, split_frequencies
from .axes_ladder import AxisLadder, AxisSamples, name_ladders, pair_axes
from .common import finish, measure_all, resolve_model
from .expect import conclude, parse_expectations
from .load import as_float_array, cache_halves, declared, require_ndim
from .measure import ColumnSpec, Measurement
from .precision import ErrorModel, as_error_model
from .result import CheckResult, Worst

__all__ = ["AxesConvention", "axes_arrays", "check_rope_axes"]


@dataclass(frozen=True)
class AxesConvention:
    """The layout of the pairs in the columns and each axis's frequency ladder, in axis order."""

    pairing: str
    ladders: tuple[AxisLadder, ...]

    @property
    def axes_dim(self) -> tuple[int, ...]:
        return tuple(2 * ladder.pairs for ladder in self.ladders)

    def columns(self, axis: int) -> numpy.ndarray:
        """The cache columns of ``axis`` and, for each, the index of its pair within the axis."""
        total = sum(ladder.pairs for ladder in self.ladders)
        first = sum(ladder.pairs for ladder in self.ladders[:axis])
        pairs = first + numpy.arange(self.ladders[axis].pairs)
        if self.pairing == "adjacent":
            return numpy.stack([2 * pairs, 2 * pairs + 1], 1).ravel()
        if self.pairing == "halves":
            return numpy.concatenate([pairs, pairs + total])
        return pairs

    def spec(self, axis: int, which: str) -> ColumnSpec:
        exact = self.ladders[axis].frequencies()
        hi, lo = split_frequencies(exact)
        pairs = numpy.arange(self.ladders[axis].pairs)
        repeated = {"adjacent": numpy.repeat(pairs, 2), "halves": numpy.concatenate([pairs, pairs])}
        freq = repeated.get(self.pairing, pairs)
        is_sin = numpy.full(freq.size, which == "sin")
        return ColumnSpec(hi, lo, freq.astype(numpy.int64), is_sin, 1.0, (), tuple(exact))

    def shared(self) -> bool:
        """One ladder for all axes (the same θ and D, indices covering 0 … P − 1 once)."""
        first = self.ladders[0]
        indices = sorted(k for ladder in self.ladders for k in ladder.indices())
        same = all((x.theta, x.denominator) == (first.theta, first.denominator) for x in self.ladders)
        return len(self.ladders) > 1 and same and indices == list(range(len(indices))) and any(
            x.start for x in self.ladders
        )

    def as_pairs(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("pairing", self.pairing),
            ("axes", len(self.ladders)),
            ("axes_dim", list(self.axes_dim)),
            ("axes_theta", [int(x.theta) if float(x.theta).is_integer() else x.theta for x in self.ladders]),
            ("axes_exponent_denominator", [x.denominator for x in self.ladders]),
            ("axes_ladder_start", [x.start for x in self.ladders]),
            ("axes_ladder_step", [x.step for x in self.ladders]),
            ("ladder", "shared" if self.shared() else "per-axis"),
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


def _pairs_of(cos: numpy.ndarray, sin: numpy.ndarray) -> tuple[str, numpy.ndarray, numpy.ndarray]:
    """The layout and one column per pair: ``adjacent`` and ``halves`` repeat every column exactly."""
    width = cos.shape[1]
    if width % 2 == 0:
        half = width // 2
        if numpy.array_equal(cos[:, 0::2], cos[:, 1::2]) and numpy.array_equal(sin[:, 0::2], sin[:, 1::2]):
            return "adjacent", cos[:, 0::2], sin[:, 0::2]
        if numpy.array_equal(cos[:, :half], cos[:, half:]) and numpy.array_equal(sin[:, :half], sin[:, half:]):
            return "halves", cos[:, :half], sin[:, :half]
    return "compact", cos, sin


def _blocks(follows: list[set[int]], ids: numpy.ndarray, axes_dim: tuple[int, ...] | None) -> list[int] | str:
    """The number of pairs of each axis: consecutive blocks, in the order of the ids' columns."""
    axes = ids.shape[1]
    if axes_dim is not None:
        return [d // 2 for d in axes_dim]
    for a in range(1, axes):
        if numpy.ptp(ids[:, a]) == 0:
            return f"the ids of axis {a} are constant, so its block cannot be told from its neighbour's: pass axes_dim"
    counts = [0] * axes
    axis = 0
    for p, found in enumerate(follows):
        if axis in found:
            counts[axis] += 1
            continue
        later = sorted(a for a in found if a > axis)
        if not later:
            if not found:
                return f"pair {p} is no function of any axis's ids (tokens with equal ids hold different values)"
            return (
                f"the pairs follow the axes out of order (pair {p} turns with axis {min(found)}'s ids after pairs of "
                f"axis {axis}): each axis must own one block of pairs, in the order of the ids' columns"
            )
        axis = later[0]
        counts[axis] += 1
    missing = [a for a in range(axes) if counts[a] == 0]
    if missing:
        a = missing[0]
        return f"no pair turns with axis {a}'s ids: no block of axis {a} starts anywhere"
    return counts


@dataclass(frozen=True)
class _Block:
    """One axis's distinct ids: their values, the row of each id's first token, each token's id index."""

    values: numpy.ndarray
    first_row: numpy.ndarray
    index: numpy.ndarray


def _block_rows(ids: numpy.ndarray, axis: int) -> _Block:
    values, first, index = numpy.unique(ids[:, axis], return_index=True, return_inverse=True)
    return _Block(values, first, index)


def identify_axes(
    cos: numpy.ndarray, sin: numpy.ndarray, ids: numpy.ndarray, floor: float, axes_dim: tuple[int, ...] | None
) -> tuple[AxesConvention | None, list[str]]:
    """The layout, blocks and per-axis ladders that explain the cache, or None and why not."""
    pairing, cos_p, sin_p = _pairs_of(cos, sin)
    total = cos_p.shape[1]
    if axes_dim is not None and sum(axes_dim) != 2 * total:
        return None, [f"axes_dim {list(axes_dim)} sums to {sum(axes_dim)}, but the cache rotates {2 * total} columns"]
    counts = _blocks(pair_axes(cos_p, sin_p, ids) if axes_dim is None else [], ids, axes_dim)
    if isinstance(counts, str):
        return None, [counts]
    bounds = numpy.concatenate([[0], numpy.cumsum(counts)])
    samples: list[AxisSamples | None] = []
    for a in range(ids.shape[1]):
        block = _block_rows(ids, a)
        cols = slice(int(bounds[a]), int(bounds[a + 1]))
        rows = block.first_row
        if block.values.size < 2:
            samples.append(None)
            continue
        samples.append(AxisSamples(block.values, numpy.asarray(cos_p[rows, cols], numpy.float64),
                                   numpy.asarray(sin_p[rows, cols], numpy.float64)))
    named = name_ladders(samples, floor)
    if isinstance(named, str):
        return None, [named]
    ladders, notes = named
    filled = _fill_constant_axes(ladders, counts, ids, notes)
    return AxesConvention(pairing, tuple(filled)), notes


def _fill_constant_axes(
    ladders: list[AxisLadder | None], counts: list[int], ids: numpy.ndarray, notes: list[str]
) -> list[AxisLadder]:
    """Axes whose ids are constant get the first other axis's θ and denominator (Flux uses one θ
    for all; a slip in the denominator is made in every axis alike); in a shared ladder, the
    indices the other axes leave."""
    donor_axis = next((a for a, x in enumerate(ladders) if x is not None), None)
    donor = None if donor_axis is None else ladders[donor_axis]
    taken = {k for x in ladders if x is not None for k in x.indices()}
    filled: list[AxisLadder] = []
    for a, ladder in enumerate(ladders):
        if ladder is None:
            pairs = counts[a]
            theta = 10000.0 if donor is None else donor.theta
            den = 2 * pairs if donor is None or donor.denominator == 2 * donor.pairs else donor.denominator
            free = sorted(set(range(len(taken) + pairs)) - taken) if donor is not None and donor.start else []
            start = free[0] if len(free) == pairs else 0
            source = "the paper's 10000" if donor is None else f"axis {donor_axis}'s"
            notes.append(
                f"the ids of axis {a} are all {int(ids[0, a])}: its frequencies cannot be read from the data; "
                f"its columns are checked with theta {theta:g} ({source})"
                + (" — at id 0 every theta gives cos 1, sin 0" if ids[0, a] == 0 else "")
            )
            ladder = AxisLadder(theta, den, start, 1, pairs)
        filled.append(ladder)
    return filled


def _map_back(m: Measurement, block: _Block, columns: numpy.ndarray, ids: numpy.ndarray) -> Measurement:
    """A block's measurement over its distinct ids, re-expressed over the cache's tokens and columns."""

    def to_token(w: Worst) -> Worst:
        row = int(block.first_row[w.row])
        return Worst(w.position, row, int(columns[w.column]), w.value, w.reference, w.abs_error, w.ulp_error, w.array)

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
        m.worst_load,
        m.vacuous,
        m.first_vacuous,
    )


def _axis_spec(conv: AxesConvention, axis: int, which: str) -> ColumnSpec:
    return conv.spec(axis, which)


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
    for a, ladder in enumerate(conv.ladders):
        block = _block_rows(ids, a)
        cols = conv.columns(a)
        parts = [(name, numpy.ascontiguousarray(x[:, cols])) for name, x in zip(("cos", "sin"), arrays, strict=True)]
        for name, part in parts:
            token = _duplicates_differ(part, block)
            if token is not None:
                other = int(block.first_row[block.index[token]])
                notes.append(f"token {token} has the same id on axis {a} as token {other} but other {name} values")
        rep = [(name, part[block.first_row]) for name, part in parts]
        found = measure_all(
            rep, 0.0, functools.partial(_axis_spec, conv, a), fmt, model, ladder.theta, f"checking axis {a}",
            positions=block.values,
        )
        measured.extend(_map_back(m, block, cols, ids[:, a]) for m in found)
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
    raw = (cos, sin)
    cos, sin = declared(cos, wanted), declared(sin, wanted)
    return conclude(
        _check_rope_axes(cos, sin, ids, axes_dim, model), wanted, model, (cos, sin),
        lambda fmt: _check_rope_axes(
            declared(raw[0], {"dtype": fmt}), declared(raw[1], {"dtype": fmt}), ids, axes_dim, model
        ),
    )


def _check_rope_axes(cos: Any, sin: Any, ids: Any, axes_dim: Any, model: ErrorModel | None) -> CheckResult:
    read: list[str] = []
    c, s, c_fmt = cache_halves(cos, sin, "(tokens, columns)", read)
    grid = _as_ids(ids, c.shape[0])
    fmt = data_format(c_fmt)
    model = resolve_model(model, c_fmt)  # default: the data's own precision
    dims = None if axes_dim is None else tuple(int(d) for d in axes_dim)
    conv, notes = identify_axes(c, s, grid, math.ldexp(1.0, 1 - fmt.precision), dims)
    notes = [*read, *notes]
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
