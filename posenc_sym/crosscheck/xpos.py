"""xPos (Sun et al. 2023): a RoPE cache whose pairs also carry a position-dependent amplitude.

Pair p of a rotary width R decays by ζ_p = (2p + 0.4·R)/(1.4·R) per ``scale_base`` positions:
cos and sin of pair p at position t are multiplied by A = ζ_p^(σ·(t − c)/scale_base), with
c the ``amplitude_centre`` (torchscale and rotary-embedding-torch centre the powers on the
middle of the sequence, len // 2; x-transformers on max_pos // 2) and σ = +1 for queries, −1
for keys (torchscale's ``downscale``). The check takes the caches as the attention sees them
(cos·A, sin·A), identifies the RoPE convention from cos/A and sin/A, reads ``scale_base``, the
centre and σ off ln A of the first pair (ζ_0 = 2/7, the strongest decay), names them as short
numbers, and measures every element against A·cos/sin(t·θ) with A evaluated in float64.

Error model: the reference's A = exp(x·ln ζ_p), x = σ(t − c)/scale_base, with ln ζ_p rounded
from 40 digits: x·ln ζ carries a relative error ≤ 3·2^-53 (two operations and the rounded
logarithm), which exp turns into a relative error ≤ |x·ln ζ|·2^-51; exp itself and the product
with cos/sin add ≤ 2^-51. Under an ``angle:FORMAT`` model the data's amplitude was computed in
FORMAT as pow(ζ̂, x̂) with ζ̂ and x̂ each a few roundings off (3u and 2u), so its relative error is
≤ (2|ln A| + 3|x| + 3)·u, added to the angle term of :mod:`.precision`.

>>> t = numpy.arange(64.0)[:, None]; p = numpy.arange(4)
>>> zeta = (2 * p + 0.4 * 8) / (1.4 * 8); amp = zeta ** ((t - 32) / 512)
>>> angle = t * 10000.0 ** (-2 * p / 8)
>>> cos = numpy.repeat(numpy.cos(angle) * amp, 2, 1); sin = numpy.repeat(numpy.sin(angle) * amp, 2, 1)
>>> conv = check_xpos(cos, sin, model=ErrorModel("float64")).convention_dict()
>>> conv["scale_base"], conv["amplitude_centre"], conv["amplitude_sign"], conv["pairing"]
(512, 32, 1, 'adjacent')
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy

from ..numerics import FloatFormat, data_format, reference_error_bound, ulp
from .common import best_candidate, finish, resolve_model, sample_rows
from .expect import conclude, parse_expectations
from .identify_rope import RopeConvention, identify
from .load import cache_halves, declared
from .measure import ColumnSpec, Measurement
from .names import short_values
from .precision import ErrorModel, angle_constant, as_error_model
from .result import CheckResult, Worst

__all__ = ["XposAmplitude", "check_xpos"]

_FIT_ROWS = 1024
_ROWS_PER_CHUNK = 4096


@dataclass(frozen=True)
class XposAmplitude:
    """A = ζ_p^(sign·(t − centre)/scale_base), ζ_p = (2p + 0.4·R)/(1.4·R)."""

    scale_base: float
    centre: int
    sign: int
    rotary_dim: int

    def log_zeta(self) -> numpy.ndarray:
        """ln ζ_p per pair, from ζ_p = (10p + 2R)/(7R) exactly (rounded once to float64)."""
        r = self.rotary_dim
        with mpmath.workdps(40):
            return numpy.array([float(mpmath.log(mpmath.mpf(10 * p + 2 * r) / (7 * r))) for p in range(r // 2)])

    def exponent(self, positions: numpy.ndarray) -> numpy.ndarray:
        """x = sign·(t − centre)/scale_base, one per position."""
        return self.sign * (positions - self.centre) / self.scale_base

    def as_pairs(self) -> tuple[tuple[str, Any], ...]:
        sb = int(self.scale_base) if float(self.scale_base).is_integer() else self.scale_base
        return (
            ("amplitude", "xpos"),
            ("scale_base", sb),
            ("amplitude_centre", self.centre),
            ("amplitude_sign", self.sign),
        )


def _fit_amplitude(
    amp0: numpy.ndarray, positions: numpy.ndarray, rotary_dim: int, fmt: FloatFormat
) -> XposAmplitude | None:
    """scale_base, centre and sign from ln A of pair 0 (a straight line in t), or None if A is
    flat: ln A drifting by less than 64 unit roundoffs over the rows is the data's rounding."""
    slope, intercept = numpy.polyfit(positions, numpy.log(amp0), 1)
    if abs(slope) * max(float(numpy.ptp(positions)), 1.0) < 64 * fmt.unit_roundoff:
        return None
    signed = math.log(2 / 7) / slope  # sign·scale_base
    centre = -intercept / slope
    return XposAmplitude(abs(signed), round(centre), 1 if signed > 0 else -1, rotary_dim)


def _candidates(estimate: XposAmplitude) -> list[tuple[XposAmplitude, bool | str]]:
    """scale_base's short names (:mod:`.names`, kind "short"), then the estimate."""
    out: list[tuple[XposAmplitude, bool | str]] = [
        (dataclasses.replace(estimate, scale_base=v), "short") for v in short_values(estimate.scale_base)
    ]
    return [*out, (estimate, False)]


def _reference(
    conv: RopeConvention, amp: XposAmplitude, which: str, positions: numpy.ndarray
) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray, numpy.ndarray, ColumnSpec]:
    """A·cos/sin at ``positions``, the angles, ln A and x per element, and the column spec."""
    spec = conv.spec(which)
    unit_ref, angle = spec.reference(positions)
    x = amp.exponent(positions)[:, None]
    log_a = x * amp.log_zeta()[None, spec.freq]
    return unit_ref * numpy.exp(log_a), angle, log_a, numpy.broadcast_to(x, log_a.shape), spec


def _sample_error(
    arrays: tuple[numpy.ndarray, numpy.ndarray], conv: RopeConvention, amp: XposAmplitude, rows: numpy.ndarray
) -> float:
    positions = conv.start + rows.astype(numpy.float64)
    return max(
        float(numpy.abs(numpy.asarray(a[rows], numpy.float64) - _reference(conv, amp, w, positions)[0]).max())
        for a, w in zip(arrays, ("cos", "sin"), strict=True)
    )


@dataclass
class _Running:
    """Running maxima of one array over the chunks (see :mod:`.measure` for the same in RoPE)."""

    label: str
    n_rows: int
    best: tuple[float, Worst | None, float] = (-1.0, None, 0.0)
    outside: int = 0
    first_outside: Worst | None = None
    needed: float = 0.0
    row_max: numpy.ndarray = dataclasses.field(default_factory=lambda: numpy.empty(0))


def _worst(
    x: numpy.ndarray,
    ref: numpy.ndarray,
    err: numpy.ndarray,
    unit: numpy.ndarray,
    pos: numpy.ndarray,
    row0: int,
    flat: int,
    label: str,
) -> Worst:
    r, c = divmod(flat, x.shape[1])
    return Worst(
        float(pos[r]),
        row0 + r,
        c,
        float(x[r, c]),
        float(ref[r, c]),
        float(err[r, c]),
        float(err[r, c] / unit[r, c]),
        label,
    )


def _measure_chunk(
    run: _Running,
    x: numpy.ndarray,
    parts: tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray, numpy.ndarray, ColumnSpec],
    positions: numpy.ndarray,
    row0: int,
    fmt: FloatFormat,
    model: ErrorModel,
    base: float,
) -> None:
    ref, angle, log_a, expo, _ = parts
    err = numpy.abs(x - ref)
    unit = ulp(ref, fmt)
    amp = numpy.exp(log_a)
    # the reference's own error (module docstring): the sin/cos bound scaled by A, and A's
    slack = reference_error_bound(ref / amp, angle) * amp + numpy.abs(ref) * (numpy.abs(log_a) + 1) * 2.0**-51
    run.row_max[row0 : row0 + x.shape[0]] = err.max(axis=1)
    ratio = err / unit
    flat = int(numpy.argmax(ratio))
    if ratio.flat[flat] > run.best[0]:
        worst = _worst(x, ref, err, unit, positions, row0, flat, run.label)
        run.best = (float(ratio.flat[flat]), worst, float(slack.flat[flat] / unit.flat[flat]))
    # per unit roundoff u: the angle term K·|θ| and the amplitude term (2|ln A| + 3|x| + 3)·|v|
    per_u = angle_constant(base) * numpy.abs(angle) + numpy.abs(ref) * (2 * numpy.abs(log_a) + 3 * numpy.abs(expo) + 3)
    allowed = model.allowance(unit, per_u, ref, fmt) + slack
    bad = err > allowed
    if bad.any() and run.first_outside is None:
        run.first_outside = _worst(x, ref, err, unit, positions, row0, int(numpy.argmax(bad)), run.label)
    run.outside += int(bad.sum())
    with numpy.errstate(divide="ignore", invalid="ignore"):
        need = numpy.maximum(err - unit - slack, 0.0) / per_u
    run.needed = max(run.needed, float(numpy.fmax.reduce(need, axis=None, initial=0.0)))


def _measure(
    arrays: tuple[numpy.ndarray, numpy.ndarray],
    conv: RopeConvention,
    amp: XposAmplitude,
    fmt: FloatFormat,
    model: ErrorModel,
) -> list[Measurement]:
    n = arrays[0].shape[0]
    runs = [_Running(label, n, row_max=numpy.empty(n)) for label in ("cos", "sin")]
    for row0 in range(0, n, _ROWS_PER_CHUNK):
        row1 = min(n, row0 + _ROWS_PER_CHUNK)
        positions = conv.start + numpy.arange(row0, row1, dtype=numpy.float64)
        for run, data in zip(runs, arrays, strict=True):
            parts = _reference(conv, amp, run.label, positions)
            _measure_chunk(
                run, numpy.asarray(data[row0:row1], numpy.float64), parts, positions, row0, fmt, model, conv.base
            )
    all_positions = conv.start + numpy.arange(n, dtype=numpy.float64)
    out = []
    for run in runs:
        ratio, worst, slack = run.best
        assert worst is not None
        max_abs = float(run.row_max.max())
        out.append(
            Measurement(
                max_abs, ratio, worst, run.outside, run.first_outside, run.needed, run.row_max, all_positions, slack
            )
        )
    return out


def check_xpos(
    cos: Any, sin: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify an xPos cache (cos·A, sin·A) and measure it (module docstring).

    ``model`` None is the data's own precision; ``expect`` the convention keys meant (:mod:`.expect`:
    ``scale_base=512``, ``amplitude_centre=32``, ``base=10000``, …)."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    raw = (cos, sin)
    cos, sin = declared(cos, wanted), declared(sin, wanted)
    return conclude(
        _check_xpos(cos, sin, model), wanted, model, (cos, sin),
        lambda fmt: _check_xpos(declared(raw[0], {"dtype": fmt}), declared(raw[1], {"dtype": fmt}), model),
    )


def _check_xpos(cos: Any, sin: Any, model: ErrorModel | None) -> CheckResult:
    read: list[str] = []
    c, s, c_fmt = cache_halves(cos, sin, "(positions, rotary_dim)", read)
    fmt = data_format(c_fmt)
    model = resolve_model(model, c_fmt)  # default: the data's own precision
    floor = math.ldexp(1.0, 1 - fmt.precision)
    seg = slice(0, min(c.shape[0], _FIT_ROWS))
    amplitude = numpy.hypot(numpy.asarray(c[seg], numpy.float64), numpy.asarray(s[seg], numpy.float64))
    conv, notes = identify(c[seg] / amplitude, s[seg] / amplitude, floor, fmt) if amplitude.all() else (None, [])
    notes = [*read, *notes]
    amp = None
    if conv is not None:
        amp = _fit_amplitude(
            amplitude[:, 0], conv.start + numpy.arange(amplitude.shape[0], dtype=numpy.float64), conv.rotary_dim, fmt
        )
    shape = tuple(c.shape)
    if conv is None or amp is None:
        why = (
            "the amplitude is the same at every position: not xPos (check it as a RoPE cache)"
            if conv
            else "no RoPE convention fits cos/A, sin/A"
        )
        keys = (("pairing", None), ("base", None), ("amplitude", None), ("scale_base", None))
        return CheckResult("xpos", "mismatch", keys, None, None, None, (*notes, why), model.name, c_fmt, shape)
    rows = sample_rows(c.shape[0])
    scored = [(a, _sample_error((c, s), conv, a, rows), known) for a, known in _candidates(amp)]
    amp, named = best_candidate(scored, 8 * floor)
    if not named:
        notes.append(f"scale_base {amp.scale_base:.8g} is estimated: no short number reproduces the amplitudes")
    measured = _measure((c, s), conv, amp, fmt, model)
    return finish("xpos", (*conv.as_pairs(), *amp.as_pairs()), measured, notes, model, fmt, shape, identified=True)
