"""Check a rotary function ``fn(x, positions)``: the convention it applies, and how exactly.

The steps, each a module of its own:

1. call it (:mod:`.probe`: NumPy arrays, or torch tensors if it refuses them) with the basis
   vectors at every position of the plan (:mod:`.function_positions`: an identification block
   16 … 255 and blocks in the zones where implementations break, up to 2^20), reading back the
   map M(t) of each position;
2. read the map's shape (:mod:`.rotary_structure`): which dimensions pair, the rotary width,
   the cos/sin cache each row uses, and whether each pair turns forwards, backwards or apart;
3. identify that cache's convention exactly as a cache is identified
   (:func:`.identify_rope.identify`: pairing, base, scaling, rotary_dim, start);
4. measure every probed position against the exact rotation of that convention under the error
   model of the function's output format (:mod:`.precision`: by default angles formed in float32,
   a bound ulp(v) + K·|t·ω|·u that grows with the position — derived there, never a fixed
   tolerance), and hold fn(x) for random x to M(t)·x within a dot product's rounding
   (:func:`.probe.linearity`);
5. name the bug from what was read back: the rotation's sign, mis-paired dimensions, a map that
   is not a rotation or not linear, positions off by k (the start found), positions rounded to
   float16/bfloat16 or otherwise moved (the position each failing block was rotated by,
   :func:`.function_positions.name_map`), NaN or infinity from some position on.

The result is a :class:`~.result.CheckResult` of scheme ``rope`` whose convention keys are a
cache's (``start`` is the offset k the function adds to positions: 0 when right), with
``"function"`` in its JSON: how it was called, the positions probed, the rotation's pairing and
the bugs found, by tag.

>>> import numpy
>>> from posenc_sym.tables import rope_cache
>>> def llama_like(x, positions):  # rotate_half with a cache of base 10000, exact to the last bit
...     cos, sin = rope_cache(int(positions.max()) + 1, x.shape[1], pairing="halves", dtype="float32")
...     c, s, h = cos[positions], sin[positions], x.shape[1] // 2
...     return x * c + numpy.concatenate([-x[:, h:], x[:, :h]], 1) * s
>>> result = check_rotary_function(llama_like, dim=8, max_position=4096)
>>> result.verdict, result.convention_dict()["pairing"], result.convention_dict()["base"]
('matches', 'halves', 10000)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import data_format
from .common import finish, resolve_model
from .expect import conclude, parse_expectations
from .fit import PairFit, estimate_start
from .function_positions import (
    BLOCK,
    FLOAT16_OVERFLOW,
    IDENTIFY,
    LARGEST_POSITION,
    default_offsets,
    name_map,
    plan_positions,
)
from .identify_rope import RopeConvention, effective_base, identify
from .measure import Measurement, measure_many
from .precision import ErrorModel, as_error_model
from .probe import Caller, find_caller, linearity, probe_maps
from .result import CheckResult
from .rotary_structure import (
    Structure,
    amplitude_note,
    directions,
    find_structure,
    layout_mismatch,
    pairing_note,
    row_cache,
    swapped_at_zero,
)

__all__ = ["check_rotary_function"]


def check_rotary_function(
    fn: Callable[..., Any],
    *,
    dim: int,
    model: ErrorModel | str | None = None,
    expect: Mapping[str, Any] | str | None = None,
    max_position: int = LARGEST_POSITION,
    offsets: Sequence[int] = (),
) -> CheckResult:
    """Identify the RoPE convention ``fn(x, positions)`` applies and measure it (module docstring).

    ``dim`` is x's width D; ``max_position`` the largest position probed (lower it for a function
    with a position limit); ``offsets`` adds blocks of positions to the plan (e.g. drawn by
    :func:`posenc_sym.strategies.rotary_offsets`); ``model`` and ``expect`` as for a cache."""
    if not isinstance(dim, int) or dim < 2:
        raise PosencSymError(f"dim={dim!r}: a rotary function rotates pairs of dimensions; pass the width D ≥ 2 of x")
    if max_position < int(IDENTIFY[-1]):
        raise PosencSymError(
            f"max_position={max_position} is below {int(IDENTIFY[-1])}, the end of the identification block "
            "(positions 16 … 255); pass at least 255"
        )
    last = max_position - BLOCK + 1
    bad = [o for o in offsets if not 0 <= int(o) <= last]
    if bad:
        raise PosencSymError(
            f"offsets {bad} fall outside 0 … {last}: each starts {BLOCK} consecutive positions up to "
            f"max_position={max_position}; drop them or raise max_position"
        )
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    caller = find_caller(fn, dim)
    blocks = plan_positions(tuple(sorted({*default_offsets(max_position), *(int(o) for o in offsets)})))
    positions = numpy.unique(numpy.concatenate([IDENTIFY, *blocks]))  # sorted: blocks may overlap
    maps, fmt_name = probe_maps(fn, caller, dim, positions)
    probe = _Probe(fn, caller, dim, positions, maps, fmt_name, resolve_model(model, fmt_name))
    result = probe.run()
    return _with_function(conclude(result, wanted, model, probe.arrays()), probe)


class _Probe:
    """One function's probe: its maps, what they show, and the findings so far."""

    def __init__(
        self,
        fn: Callable[..., Any],
        caller: Caller,
        dim: int,
        positions: numpy.ndarray,
        maps: numpy.ndarray,
        fmt_name: str,
        model: ErrorModel,
    ) -> None:
        self.fn, self.caller, self.dim, self.model = fn, caller, dim, model
        self.fmt_name, self.fmt = fmt_name, data_format(fmt_name)
        finite = numpy.isfinite(maps).all(axis=(1, 2))
        # maps are P × D × D: copied only when some position has to go
        self.positions: numpy.ndarray = positions if finite.all() else positions[finite]
        self.maps: numpy.ndarray = maps if finite.all() else maps[finite]
        self.bugs: list[tuple[str, str]] = []  # (tag, note), in the order found
        self.notes: list[str] = [*caller.note()]
        self.pairing = "none"
        self.cos = self.sin = numpy.zeros((0, 0))
        if not finite.all():
            self.bugs.append(("non-finite", _non_finite_note(positions, finite)))

    def arrays(self) -> tuple[numpy.ndarray, ...]:
        return (self.cos, self.sin) if self.cos.size else ()

    def run(self) -> CheckResult:
        ident = numpy.isin(self.positions, IDENTIFY)
        if int(ident.sum()) < IDENTIFY.size:
            return self._unidentified("the output holds NaN or infinity within the identification block")
        shape = find_structure(self.maps)
        self.pairing = shape.pairing
        if shape.problems and shape.pairing in ("other", "none"):
            self.bugs.append(("not-a-rotation", "; ".join(shape.problems)))
            return self._unidentified("no RoPE convention fits")
        if shape.problems:
            self.bugs.append(("not-passed-through", shape.problems[0]))
        unknown = pairing_note(shape)
        if unknown:
            self.bugs.append(("mis-paired", unknown))
        self.cos, self.sin = row_cache(self.maps, shape)
        self._swapped(shape)
        self._directions(ident, shape)
        mispaired = layout_mismatch(self.cos[ident], shape)
        if mispaired:
            self.bugs.append(("mis-paired", mispaired))
        floor = math.ldexp(1.0, 1 - self.fmt.precision)
        conv, notes = identify(self.cos[ident], self.sin[ident], floor, self.fmt)
        self.notes.extend(notes)
        if conv is None:
            return self._unidentified("no RoPE convention fits")
        self._amplitude(conv, shape)
        offset = conv.start - int(IDENTIFY[0])
        if offset:
            self.bugs.append(name_map(IDENTIFY.astype(float), (IDENTIFY + offset).astype(float)))
        self._linearity()
        return self._measure(conv, offset, shape)

    def _swapped(self, shape: Structure) -> None:
        """cos and sin traded places (x·sin + rotate(x)·cos): named, then read the right way round."""
        zero = numpy.nonzero(self.positions == 0)[0]
        if zero.size and swapped_at_zero(self.maps[int(zero[0])], shape):
            self.bugs.append((
                "cos-sin-swapped",
                "cos and sin swapped: at position 0 every rotated dimension comes back as its partner "
                "instead of itself (x·sin + rotate(x)·cos where x·cos + rotate(x)·sin belongs); read below "
                "with the two exchanged",
            ))
            self.cos, self.sin = self.sin.copy(), self.cos.copy()

    def _directions(self, ident: numpy.ndarray, shape: Structure) -> None:
        found = directions(self.cos[ident], self.sin[ident], shape)
        if found.bug:
            self.bugs.append((found.bug, found.note))
            self.sin[:, list(found.backward)] *= -1.0

    def _amplitude(self, conv: RopeConvention, shape: Structure) -> None:
        """Name a scale that changes with the position or pair, beyond what the model allows cos
        and sin together (:func:`.rotary_structure.amplitude_note`)."""
        spec = conv.spec("cos")
        if spec.freq.size != self.cos.shape[1]:
            return  # a compact reading: columns and rows differ, nothing to compare column by column
        angles = numpy.abs(self.positions[:, None] * spec.hi[spec.freq][None, :])
        level = numpy.full(angles.shape, max(spec.scale, 1.0))
        allowed = 2 * self.model.bound(level, angles, effective_base(conv), self.fmt)
        scaled = amplitude_note(self.cos, self.sin, shape, self.positions, allowed)
        if scaled:
            self.bugs.append(("not-a-rotation", scaled))

    def _linearity(self) -> None:
        pick = numpy.unique(numpy.linspace(0, self.positions.size - 1, 96).round().astype(int))
        found = linearity(self.fn, self.caller, self.maps[pick], self.positions[pick], self.fmt_name)
        if found.worst_load > 1.0:
            self.bugs.append(("not-linear", found.note(self.fmt_name)))

    def _measure(self, conv: RopeConvention, offset: int, shape: Structure) -> CheckResult:
        spec_for = conv.spec
        base = effective_base(conv)
        arrays = [("cos", self.cos), ("sin", self.sin)]
        measured = measure_many(
            [(name, a, spec_for(name)) for name, a in arrays], 0.0, self.fmt, self.model, base,
            positions=self.positions + offset,
        )
        measured = [_rows_as_positions(m, offset) for m in measured]
        self._name_positions(conv, offset, base)
        pairs = tuple((k, offset if k == "start" else v) for k, v in conv.as_pairs())
        result = finish(
            "rope", pairs, measured, self.notes, self.model, self.fmt, (self.positions.size, self.dim),
            identified=not self.bugs,
        )
        return result

    def _name_positions(self, conv: RopeConvention, offset: int, base: float) -> None:
        """For each block of positions outside the model, the positions it was rotated by, and
        the name of that map when it reproduces the data (module docstring, step 5)."""
        passed, used = [], []
        cos_spec, sin_spec = conv.spec("cos"), conv.spec("sin")
        for block in _blocks(self.positions):
            at = self.positions[block] + offset
            if _outside(self, block, at, cos_spec, sin_spec, base) == 0:
                continue
            moved = _read_positions(self.cos[block], self.sin[block], cos_spec)
            if _outside(self, block, moved, cos_spec, sin_spec, base) == 0:
                passed.extend(at.tolist())
                used.extend(moved.tolist())
        if passed:
            tag, note = name_map(numpy.array(passed, dtype=float), numpy.array(used, dtype=float))
            if tag:
                self.bugs.append((tag, note))

    def _unidentified(self, reason: str) -> CheckResult:
        convention = (("pairing", None), ("base", None), ("scaling", None))
        return CheckResult(
            "rope", "mismatch", convention, None, None, None, (*self.notes, reason), self.model.name,
            self.fmt_name, (self.positions.size, self.dim),
        )


def _outside(
    probe: _Probe, block: numpy.ndarray, at: numpy.ndarray, cos_spec: Any, sin_spec: Any, base: float
) -> int:
    measured = measure_many(
        [("cos", probe.cos[block], cos_spec), ("sin", probe.sin[block], sin_spec)],
        0.0, probe.fmt, probe.model, base, positions=at,
    )
    return sum(m.outside for m in measured)


def _blocks(positions: numpy.ndarray) -> list[numpy.ndarray]:
    """Index arrays of the runs of consecutive positions (the identification block is one)."""
    breaks = numpy.nonzero(numpy.diff(positions) != 1)[0] + 1
    return numpy.split(numpy.arange(positions.size), breaks)


def _read_positions(cos: numpy.ndarray, sin: numpy.ndarray, spec: Any) -> numpy.ndarray:
    """The position each row was rotated by: the integer t′ whose angles t′·ω best match the
    angles read back, over every frequency of the convention (:func:`.fit.estimate_start`, a
    vernier from the lowest frequency up)."""
    first: dict[int, int] = {}
    for column, p in enumerate(spec.freq.tolist()):
        first.setdefault(p, column)
    columns = numpy.array(list(first.values()))
    omega = spec.hi[list(first.keys())]
    out = []
    for row in range(cos.shape[0]):
        phase = numpy.arctan2(sin[row, columns], cos[row, columns])
        fit = PairFit(omega, phase, numpy.ones_like(omega), numpy.zeros_like(omega))
        out.append(estimate_start(fit, max_start=1 << 24))
    return numpy.array(out, dtype=numpy.float64)


def _rows_as_positions(m: Measurement, offset: int) -> Measurement:
    """A function has no rows: the worst elements name the position passed (the row) and the
    position its angles belong to (the same unless the function moves positions)."""

    def fix(w: Any) -> Any:
        return None if w is None else dataclasses.replace(w, row=int(w.position) - offset)

    return dataclasses.replace(m, worst=fix(m.worst), first_outside=fix(m.first_outside))


def _non_finite_note(positions: numpy.ndarray, finite: numpy.ndarray) -> str:
    first = int(positions[~finite].min())
    below = positions[positions < first]
    hint = ""
    if first >= FLOAT16_OVERFLOW and below.size and int(below.max()) < FLOAT16_OVERFLOW:
        hint = (
            f" (the first position probed from {FLOAT16_OVERFLOW} on, where a float16 position overflows to "
            "infinity: positions pass through float16)"
        )
    return f"the output holds NaN or infinity from position {first} on{hint}; those positions are not measured"


def _with_function(result: CheckResult, probe: _Probe) -> CheckResult:
    """Bugs first among the notes, a mismatch whenever there is one, and the JSON's "function"."""
    info = {
        "called_with": probe.caller.array_type,
        "positions_probed": int(probe.positions.size),
        "largest_position": int(probe.positions.max()) if probe.positions.size else None,
        "rotation_pairing": probe.pairing,
        "bugs": [tag for tag, _ in probe.bugs],
    }
    notes = (*[note for _, note in probe.bugs], *result.notes)
    verdict = "mismatch" if probe.bugs else result.verdict
    return dataclasses.replace(result, verdict=verdict, notes=notes, extra=(*result.extra, ("function", info)))
