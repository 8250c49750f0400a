"""Identify and measure a sinusoidal position table (positions × dims).

Conventions told apart from the data alone: layout (``interleaved`` sin/cos pairs, or ``split``:
all of one kind, then all of the other), ``order`` (``sin-first`` or ``cos-first``), ``base``,
``exponent_denominator`` (ω_i = b^(−2i/d) with ``"d"``, or b^(−2i/(d−2)) = b^(−i/(d/2−1)) with
``"d-2"`` as in tensor2tensor and fairseq), ``start`` (the position of row 0: 0, or e.g.
padding_idx + 1), ``scale``, an odd width's zero column, and all-zero padding rows.

>>> from posenc_sym.tables import sinusoidal_table
>>> table = sinusoidal_table(64, 8, layout="split", dtype=numpy.float32)  # within 0.5 + 2^-28 ulp
>>> result = check_sinusoidal(table)
>>> result.verdict, result.convention_dict()["layout"], result.convention_dict()["base"]
('matches', 'split', 10000)

The direct formula in float64 is judged against the model of float64 angles (see
:mod:`.precision`), which bounds its error:

>>> t = numpy.arange(64.0)[:, None]
>>> w = numpy.exp(numpy.arange(0, 8, 2) * (-numpy.log(10000.0) / 8))
>>> direct = numpy.empty((64, 8)); direct[:, 0::2] = numpy.sin(t * w); direct[:, 1::2] = numpy.cos(t * w)
>>> check_sinusoidal(direct, model=ErrorModel("float64")).verdict
'matches'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import numpy

from ..numerics import data_format, split_frequencies
from .common import best_candidate, finish, resolve_model, sample_rows, with_diagnosis
from .expect import conclude, parse_expectations
from .fit import KNOWN_BASES, PairFit, fit_pairs
from .grids import find_grid, leading_zero_rows
from .load import as_float_array, declared, require_ndim, squeeze_singletons
from .measure import ColumnSpec
from .names import describe_named, digits, fewest_digits, short_values
from .positions import measure_stepped, positions_note, sample_error_stepped, signed_start
from .precision import ErrorModel, angle_constant, as_error_model
from .reference import power_frequencies, power_split
from .result import CheckResult
from .scales import position_scale_candidates, scale_notes, scale_text, snap_amplitude

__all__ = ["SinusoidalConvention", "check_sinusoidal"]

_FIT_ROWS = 1024


@dataclass(frozen=True)
class SinusoidalConvention:
    """One way of laying out sin(t·ω_i), cos(t·ω_i), ω_i = base^(−2i/den), over ``width`` columns."""

    layout: str
    order: str
    base: float
    exponent_denominator: str
    start: int
    width: int
    scale: float = 1.0
    zero_rows: tuple[int, ...] = ()
    step: int = 1  # row r holds position start + step·r: −1 for Transformer-XL's descending pos_seq
    position_scale: Fraction = Fraction(1)  # sin(s·t·ω_i): PixArt's 1/2, tensor2tensor's min_timescale
    scale_form: str | None = None  # the closed form of ``scale`` (d_model^(-1/2)), when it has one

    @property
    def pairs(self) -> int:
        return self.width // 2

    def frequencies(self) -> Sequence[mpmath.mpf]:
        """ω_i exactly (40 digits): s·base^(−2i/den) with den = d or d − 2, d = 2·pairs."""
        d = 2 * self.pairs
        den = d if self.exponent_denominator == "d" else d - 2
        exact = power_frequencies(self.base, den, self.pairs)  # cached: candidates share them
        if self.position_scale == 1:
            return exact
        with mpmath.workdps(40):
            s = mpmath.mpf(self.position_scale.numerator) / self.position_scale.denominator
            return [w * s for w in exact[:]]

    def column_spec(self) -> ColumnSpec:
        p = self.pairs
        pair = numpy.arange(p)
        freq = numpy.full(self.width, -1, dtype=numpy.int64)
        first = numpy.zeros(self.width, dtype=bool)
        if self.layout == "interleaved":
            freq[0 : 2 * p : 2], freq[1 : 2 * p : 2] = pair, pair
            first[0 : 2 * p : 2] = True
        else:
            freq[:p], freq[p : 2 * p] = pair, pair
            first[:p] = True
        is_sin = first if self.order == "sin-first" else ~first & (freq >= 0)
        exact = self.frequencies()
        d = 2 * self.pairs
        if self.position_scale == 1:
            hi, lo = power_split(self.base, d if self.exponent_denominator == "d" else d - 2, self.pairs)
        else:
            hi, lo = split_frequencies(exact)
        return ColumnSpec(hi, lo, freq, is_sin, self.scale, self.zero_rows, exact)

    def as_pairs(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("layout", self.layout),
            ("order", self.order),
            ("base", _plain(self.base)),
            ("exponent_denominator", self.exponent_denominator),
            ("start", self.start),
            ("position_step", self.step),
            ("scale", _plain(self.scale)),
            ("scale_form", self.scale_form),
            ("position_scale", _plain(float(self.position_scale))),
            ("d_model", self.width),
            ("odd_width", "zero last column" if self.width % 2 else None),
            ("zero_rows", self.zero_rows),
        )


def _oriented(forward: PairFit, step: int, rows: int) -> tuple[PairFit, str]:
    """The fit of the column pairs read with positions ascending (``step`` 1) or descending, and
    the order that makes the angle advance. Derived from the one forward fit of atan2(a, b) =
    α + ω·r: reversing the rows gives α + ω·(rows − 1) − ω·r; atan2(b, a) = π/2 − atan2(a, b)."""
    fit = forward
    if step == -1:
        fit = dataclasses.replace(fit, omega=-fit.omega, intercept=fit.intercept + fit.omega * (rows - 1))
    if numpy.median(fit.omega) < 0:  # atan2(cos, sin) runs backwards: the cosines come first
        return dataclasses.replace(fit, omega=-fit.omega, intercept=math.pi / 2 - fit.intercept), "cos-first"
    return fit, "sin-first"


def _plain(x: float) -> float | int:
    return int(x) if float(x).is_integer() and abs(x) < 2**53 else x


def _columns(layout: str, p: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    if layout == "interleaved":
        return numpy.arange(0, 2 * p, 2), numpy.arange(1, 2 * p, 2)
    return numpy.arange(p), numpy.arange(p, 2 * p)


def _zero_rows(x: numpy.ndarray) -> tuple[int, ...]:
    zero: list[int] = []
    step = max(1, (1 << 20) // max(x.shape[1], 1))
    for r0 in range(0, x.shape[0], step):
        block = x[r0 : r0 + step]
        zero.extend(int(r0 + i) for i in numpy.nonzero(~block.any(axis=1))[0])
    return tuple(zero)


def _fit_segment(n_rows: int, zero_rows: tuple[int, ...]) -> tuple[int, int]:
    """The longest run of consecutive non-zero rows among the first rows (for unwrapping)."""
    best, run_start = (0, 0), 0
    for r in [*sorted(z for z in zero_rows if z < _FIT_ROWS), min(n_rows, _FIT_ROWS)]:
        if r - run_start > best[1] - best[0]:
            best = (run_start, r)
        run_start = r + 1
    return best


def _layout(seg: numpy.ndarray, p: int) -> tuple[str, str | None]:
    """The layout whose column pairs keep sin² + cos² constant, or None and why none does.

    The 1 % threshold only chooses whether to try a convention at all; the verdict is decided by
    measuring against the exact reference."""
    spread = {}
    for layout in ("interleaved", "split"):
        a, b = _columns(layout, p)
        rho = numpy.hypot(seg[:, a], seg[:, b])
        spread[layout] = float((rho.max(axis=0) - rho.min(axis=0)).max())
    layout = "interleaved" if p == 1 else min(spread, key=lambda k: spread[k])
    level = float(numpy.abs(seg).max()) or 1.0
    if spread[layout] > 0.01 * level:
        return layout, (
            "neither interleaved nor split columns pair into sin/cos of one frequency "
            f"(sin²+cos² varies by {spread[layout]:.3g} of {level:.3g})"
        )
    return layout, None


def _naming_notes(conv: SinusoidalConvention, equivalent: list[SinusoidalConvention], estimate: float) -> list[str]:
    notes = []
    ladders = list(dict.fromkeys((c.base, c.exponent_denominator) for c in equivalent))
    if conv.pairs == 1:
        notes.append(
            f"one sin/cos pair: its frequency is {scale_text(conv.position_scale)} whatever the base, so the "
            f"data cannot show a base; base {conv.base:g} is the paper's, not read from the data"
        )
    elif len(ladders) > 1:
        names = " and ".join(f"base {b:g} with exponent denominator {den}" for b, den in ladders)
        notes.append(f"the data cannot tell apart {names} (the same frequencies); reporting base {conv.base:g}")
    readings = {(c.order, c.step, c.start) for c in equivalent} - {(conv.order, conv.step, conv.start)}
    if readings:
        order, step, start = sorted(readings)[0]
        notes.append(
            f"the rows fit as well read {order} with positions {'ascending' if step == 1 else 'descending'} "
            f"from {start}: too few rows and pairs to tell; reporting {conv.order}, "
            f"{'ascending' if conv.step == 1 else 'descending'} from {conv.start}"
        )
    # a doubled exponent is a known slip, reported by :mod:`.slips` unless expected
    if equivalent and conv.base not in KNOWN_BASES:
        notes.append(describe_named("base", conv.base, estimate))
    if not equivalent:
        notes.append(
            f"base {conv.base:.8g} is estimated from the frequencies; no standard base "
            f"({', '.join(f'{b:g}' for b in KNOWN_BASES)}) fits with either exponent denominator"
        )
    return notes


def _prepare(x: numpy.ndarray) -> tuple[tuple[int, ...], list[str], str | None]:
    """All-zero rows, a note on an odd width, or the reason no pairing can cover the columns."""
    width = x.shape[1]
    notes = []
    if width % 2:
        if numpy.any(x[:, -1]):
            return (), [], f"d_model={width} is odd and the last column is not zero: no sin/cos pairing covers it"
        notes.append(f"d_model={width} is odd: the last column is zero padding")
    return _zero_rows(x), notes, None


def _zero_rows_note(zero_rows: tuple[int, ...]) -> list[str]:
    if not zero_rows:
        return []
    return [
        f"rows {list(zero_rows[:8])}{'…' if len(zero_rows) > 8 else ''} are all zero (padding rows, "
        "as fairseq zeroes padding_idx); they are checked to be exactly 0"
    ]


def identify(x: numpy.ndarray, fmt_floor: float) -> tuple[SinusoidalConvention | None, list[str]]:
    """The convention that best explains table ``x`` (float data), or None and why not."""
    n, width = x.shape
    p = width // 2
    zero_rows, notes, problem = _prepare(x)
    r0, r1 = _fit_segment(n, zero_rows)
    if problem is None and (r1 - r0 < 3 or p == 0):
        problem = "fewer than 3 consecutive non-zero rows: too few positions to identify a convention"
    if problem is not None:
        return None, [*notes, problem]
    seg = numpy.asarray(x[r0:r1, : 2 * p], dtype=numpy.float64)
    layout, problem = _layout(seg, p)
    if problem is not None:
        return None, [*notes, problem]
    a, b = _columns(layout, p)
    rows = sample_rows(n, zero_rows)
    scored: list[tuple[SinusoidalConvention, float, bool | str]] = []
    forward = fit_pairs(seg[:, a], seg[:, b])
    for step in (1, -1):  # ascending positions first: they win a tie
        fit, order = _oriented(forward, step, seg.shape[0])
        if numpy.any(fit.omega <= 0):
            continue
        scale, form = snap_amplitude(float(numpy.median(fit.scale)), width, fmt_floor)
        floor = 8 * fmt_floor * max(scale, 1.0)
        for den, base, known, s in _scaled_candidates(fit.omega, 2 * p):
            if known is not True and any(k is True and e <= floor for _, e, k in scored):
                continue  # a known candidate within the floor wins whatever these score (best_candidate)
            conv = SinusoidalConvention(layout, order, base, den, 0, width, scale, zero_rows, step, s, form)
            spec = conv.column_spec()
            first = signed_start(fit, spec.hi)  # the position of the fit's row 0: table row r0 or r1 − 1
            start = first - r0 if step == 1 else first + (r1 - 1)
            error = sample_error_stepped(x, rows, start, step, spec)
            scored.append((dataclasses.replace(conv, start=start), error, known))
    if not scored:
        return None, [
            *notes,
            f"the {layout} column pairs do not turn at a steady rate: these are not sin/cos pairs of one frequency",
        ]
    top_scale = max(max(c.scale for c, _, _ in scored), 1.0)
    noise = _noise(forward, n, fmt_floor, top_scale)
    conv, equivalent = best_candidate(fewest_digits(scored, noise, _length), 8 * fmt_floor * top_scale, noise)
    estimate = next(
        (c.base for c, _, known in scored if known is False and c.exponent_denominator == conv.exponent_denominator),
        conv.base,
    )
    naming = _naming_notes(conv, equivalent, estimate)
    scaled = scale_notes(conv.scale, conv.scale_form, conv.width, conv.position_scale, conv.base,
                         conv.exponent_denominator)
    return conv, [*_zero_rows_note(zero_rows), *notes, *naming, *scaled, *positions_note(conv, n)]


def _noise(fit: PairFit, n: int, floor: float, amplitude: float) -> float:
    """The largest sample error a right convention can leave in data computed in their own format:
    a few ulps plus K·t·ω·u at the last row (K at base 10^7, the largest known; u = floor/2)."""
    t_max = n + abs(float(numpy.median(fit.intercept / numpy.where(fit.omega > 0, fit.omega, 1.0))))
    return amplitude * (8 * floor + angle_constant(1e7) * floor / 2 * t_max * float(numpy.abs(fit.omega).max()))


def _length(c: SinusoidalConvention) -> int:
    """The digits of a named convention: its base's and its position scale's."""
    return digits(c.base) + len(str(c.position_scale).replace("/", ""))


def _scaled_candidates(omega: numpy.ndarray, d: int) -> list[tuple[str, float, bool | str, Fraction]]:
    """:func:`_base_candidates` with each position scale near the frequency of pair 0 (:mod:`.scales`);
    a candidate with a scale other than 1 is a short name (kind "short"), judged as such."""
    scales = position_scale_candidates(float(omega[0])) if omega.size else [Fraction(1)]
    out: list[tuple[str, float, bool | str, Fraction]] = []
    for s in scales or [Fraction(1)]:
        for den, base, known in _base_candidates(omega, d):
            out.append((den, base, known if s == 1 or known is False else "short", s))
    if scales and scales[0] != 1:  # the estimate with the estimated scale: what short names must match
        out.extend((den, base, False, Fraction(float(omega[0]))) for den, base, known in _base_candidates(omega, d)
                   if known is False)
    return out


def _base_candidates(omega: numpy.ndarray, d: int) -> list[tuple[str, float, bool | str]]:
    """(denominator, base, is_known) candidates: the estimate for each denominator and the known
    bases near it. log ω_i = −(2i/den)·ln b is a line in i; its slope gives b for each den."""
    i = numpy.arange(omega.size, dtype=numpy.float64)
    slope = float(numpy.polyfit(i, numpy.log(omega), 1)[0]) if omega.size >= 2 else 0.0
    out: list[tuple[str, float, bool | str]] = []
    for den_name, den in (("d", d), ("d-2", d - 2)):
        if den <= 0 or omega.size < 2:
            continue
        estimate = math.exp(-slope * den / 2.0)
        out.append((den_name, estimate, False))
        out.extend((den_name, kb, True) for kb in KNOWN_BASES if abs(math.log(kb / estimate)) < 0.05)
        # exact short names of the estimate (:mod:`.names`), after the common bases
        out.extend((den_name, v, "short") for v in short_values(estimate) if v not in KNOWN_BASES and v > 1)
    rank = {v: i for i, v in enumerate(KNOWN_BASES)}
    out.sort(key=lambda c: (c[2] is not True, rank.get(c[1], len(rank) + digits(c[1])), c[0] != "d"))
    if not out:  # one pair: its frequency is 1 whatever the base; name the paper's
        out.append(("d", 10000.0, True))
    return out


def check_sinusoidal(
    table: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the convention of a (positions, d_model) table and measure it against the exact one.

    ``model`` None is the data's own precision (:func:`.precision.native_model`); ``expect`` the
    convention keys meant (:mod:`.expect`)."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    raw = table
    table = declared(table, wanted)
    return conclude(
        _check_sinusoidal(table, model), wanted, model, (table,),
        lambda fmt: _check_sinusoidal(declared(raw, {"dtype": fmt}), model),
    )


def _check_sinusoidal(table: Any, model: ErrorModel | None) -> CheckResult:
    array, fmt_name = as_float_array(table, "table")
    read: list[str] = []
    array = squeeze_singletons(array, 2, "the table", read)
    array = require_ndim(array, 2, "the sinusoidal table", "(positions, dims)")
    fmt = data_format(fmt_name)
    model = resolve_model(model, fmt_name)
    floor = math.ldexp(1.0, 1 - fmt.precision)
    conv, notes = identify(array, floor)
    notes = [*read, *notes]
    shape = tuple(array.shape)
    if conv is None:
        grid = find_grid(array, leading_zero_rows(array)) if array.shape[0] >= 4 else None
        if grid is not None:
            notes.append(
                f"the rows look like the tokens of a {grid[0]}×{grid[1]} grid, each coordinate in its own columns: "
                "check it with --scheme sinusoidal-2d (check_sinusoidal_2d)"
            )
        elif array.shape[0] >= 2 and array.shape[1] >= 3 and identify(array.T, floor)[0] is not None:
            notes.append(
                f"the transpose, shape {array.shape[::-1]}, is a sinusoidal table: axis 0 must run "
                "over positions and axis 1 over dims, so pass table.T"
            )
        return _unidentified(array, fmt_name, notes, model, shape)
    measured = measure_stepped(array, conv, fmt, model)
    result = finish("sinusoidal", conv.as_pairs(), measured, notes, model, fmt, shape, identified=True)
    return with_diagnosis(result, array, fmt)


def _unidentified(
    array: numpy.ndarray, fmt_name: str, notes: list[str], model: ErrorModel, shape: tuple[int, ...]
) -> CheckResult:
    keys = ("layout", "order", "base", "exponent_denominator", "start")
    result = CheckResult(
        "sinusoidal",
        "mismatch",
        tuple((k, None) for k in keys),
        None,
        None,
        None,
        (*notes, "no sinusoidal convention fits"),
        model.name,
        fmt_name,
        shape,
    )
    return with_diagnosis(result, array, data_format(fmt_name))
