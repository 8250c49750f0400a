"""Identify and measure a RoPE cos/sin cache, each of shape (positions, rotary_dim).

Told apart from the data alone: ``pairing`` (``adjacent``: columns 2p and 2p+1 share θ_p, as in
GPT-J and Meta's complex form; ``halves``: columns p and p + R/2, as in GPT-NeoX and Hugging Face
``rotate_half``; ``compact``: one column per pair, a cache of width R/2), ``base``, ``start``,
and ``scaling`` (see :mod:`.rope_scaling`) with its parameters.

>>> from posenc_sym.tables import rope_cache
>>> cos, sin = rope_cache(32, 8, pairing="halves", dtype=numpy.float32)  # within 0.5 + 2^-28 ulp
>>> result = check_rope(cos, sin)
>>> result.verdict, result.convention_dict()["pairing"], result.convention_dict()["scaling"]
('matches', 'halves', 'none')
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy

from ..numerics import FloatFormat, data_format, split_frequencies
from .common import best_candidate, finish, measure_all, resolve_model, sample_error, sample_rows, with_diagnosis
from .expect import conclude, parse_expectations
from .fit import KNOWN_BASES, PairFit, estimate_start, fit_pairs, ruled_out
from .load import cache_halves, declared
from .measure import ColumnSpec
from .names import describe_named, short_values
from .precision import ErrorModel, angle_constant, as_error_model
from .result import CheckResult
from .rope_extras import Candidate, float32_note, longrope_candidates, more_candidates, unrotated_pairs
from .rope_scaling import attention_factor, frequencies

__all__ = ["RopeConvention", "check_rope", "effective_base"]

_FIT_ROWS = 1024
_CONTEXTS = (2048, 4096, 8192, 16384, 32768)


@dataclass(frozen=True)
class RopeConvention:
    """cos/sin of (start + row)·θ_p over ``rotary_dim`` columns, θ_p from ``base``, ``scaling`` and
    its ``params`` (:mod:`.rope_scaling`), with exponent denominator ``denominator`` (None: the
    rotary width) and the pairs in ``unrotated`` at θ = 0."""

    pairing: str
    base: float
    scaling: str
    start: int
    rotary_dim: int
    params: tuple[tuple[str, Any], ...] = field(default=())
    denominator: int | None = None
    unrotated: tuple[int, ...] = ()

    @property
    def width(self) -> int:
        return self.rotary_dim // 2 if self.pairing == "compact" else self.rotary_dim

    def exact_frequencies(self) -> list[Any]:
        return frequencies(
            self.rotary_dim,
            self.base,
            self.scaling,
            dict(self.params),
            denominator=self.denominator,
            unrotated=self.unrotated,
        )

    def spec(self, which: str) -> ColumnSpec:
        params = dict(self.params)
        exact = self.exact_frequencies()
        hi, lo = split_frequencies(exact)
        half = self.rotary_dim // 2
        columns = numpy.arange(self.width)
        if self.pairing == "adjacent":
            freq = columns // 2
        elif self.pairing == "halves":
            freq = columns % half
        else:
            freq = columns
        is_sin = numpy.full(self.width, which == "sin")
        scale = attention_factor(self.scaling, params)
        return ColumnSpec(hi, lo, freq.astype(numpy.int64), is_sin, scale, (), tuple(exact))

    def as_pairs(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("pairing", self.pairing),
            ("base", _plain(self.base)),
            ("scaling", self.scaling),
            ("scaling_params", {k: _plain(v) for k, v in self.params}),
            ("start", self.start),
            ("rotary_dim", self.rotary_dim),
            ("exponent_denominator", self.denominator or self.rotary_dim),
            ("unrotated_pairs", self.unrotated),
        )


def _plain(x: Any) -> Any:
    """A parameter for the JSON: integers as int, per-pair lists as lists of plain numbers."""
    if isinstance(x, bool):
        return x
    if isinstance(x, tuple | list):
        return [_plain(v) for v in x]
    return int(x) if float(x).is_integer() and abs(x) < 2**53 else x


def _pairing(cos: numpy.ndarray) -> str:
    """Which columns repeat: adjacent (c, c+1), halves (c, c+R/2), or none (compact)."""
    width = cos.shape[1]
    if width % 2:
        return "compact"
    diffs = {
        "adjacent": float(numpy.abs(cos[:, 0::2] - cos[:, 1::2]).max()),
        "halves": float(numpy.abs(cos[:, : width // 2] - cos[:, width // 2 :]).max()),
    }
    best = min(diffs, key=lambda k: diffs[k])
    return best if diffs[best] == 0.0 or diffs[best] < 1e-3 * float(numpy.abs(cos).max()) else "compact"


def _pair_columns(pairing: str, width: int) -> numpy.ndarray:
    if pairing == "adjacent":
        return numpy.arange(0, width, 2)
    if pairing == "halves":
        return numpy.arange(width // 2)
    return numpy.arange(width)


def _nice(x: float) -> float:
    """Scaling factors in use are integers or halves: snap to the nearest half."""
    return round(2 * x) / 2 if x > 0 else x


def _candidates(omega: numpy.ndarray, rotary_dim: int) -> list[tuple[str, float, dict[str, float], bool | str]]:
    """(scaling, base, params, known) candidates suggested by the measured frequencies."""
    out: list[tuple[str, float, dict[str, float], bool | str]] = []
    if omega.size < 2:
        return [("none", 10000.0, {}, True)]
    base_est = float((omega[0] / omega[1]) ** (rotary_dim / 2))
    factor_lin = 1.0 / float(omega[0])
    bases = [b for b in KNOWN_BASES if abs(math.log(b / base_est)) < 0.05]
    out.append(("none", base_est, {}, False))
    out.extend(("none", b, {}, True) for b in bases)
    # exact short names of the estimate (:mod:`.names`), tried after every known rule
    out.extend(("none", v, {}, "short") for v in short_values(base_est) if v not in KNOWN_BASES and v > 1)
    if abs(factor_lin - 1.0) > 1e-3:
        out.append(("linear", base_est, {"factor": factor_lin}, False))
        out.extend(("linear", b, {"factor": _nice(factor_lin)}, True) for b in bases)
        # a factor that is no half-integer (1.25, 2.7): its short names (:mod:`.names`), strictly judged
        out.extend(
            ("linear", b, {"factor": v}, "short")
            for b in bases
            for v in short_values(factor_lin)
            if v != _nice(factor_lin) and v > 1
        )
    for b in KNOWN_BASES:  # an NTK base: known base times alpha^(R/(R-2)) with a nice alpha
        alpha = (base_est / b) ** ((rotary_dim - 2) / rotary_dim)
        if 1.25 <= alpha <= 64 and abs(alpha - _nice(alpha)) < 0.01:
            out.append(("ntk", b, {"alpha": _nice(alpha)}, True))
    factor = float(omega[0] / omega[-1]) / float((omega[0] / omega[1]) ** (omega.size - 1))
    if factor > 1.01:  # the lowest frequencies are slowed more than the base explains
        f = _nice(factor)
        # at a known base the rule is a known candidate; at the estimated base it is an estimate,
        # whose short names (:mod:`.names`) rope_extras.more_candidates adds as kind "short"
        rule_known = bool(bases)
        for b, context in itertools.product(bases or [base_est], _CONTEXTS):
            for low, high in ((1.0, 4.0), (1.0, 2.0), (2.0, 4.0)):
                out.append(
                    (
                        "llama3",
                        b,
                        {
                            "factor": f,
                            "low_freq_factor": low,
                            "high_freq_factor": high,
                            "original_max_position_embeddings": context,
                        },
                        rule_known,
                    )
                )
            out.append(
                (
                    "yarn",
                    b,
                    {
                        "factor": f,
                        "original_max_position_embeddings": context,
                        "beta_fast": 32,
                        "beta_slow": 1,
                    },
                    rule_known,
                )
            )
    return out


def identify(
    cos: numpy.ndarray, sin: numpy.ndarray, floor: float, fmt: FloatFormat | None = None
) -> tuple[RopeConvention | None, list[str]]:
    notes: list[str] = []
    n, width = cos.shape
    if n < 3:
        return None, ["fewer than 3 positions: too few to identify a convention"]
    pairing = _pairing(numpy.asarray(cos[:_FIT_ROWS], dtype=numpy.float64))
    rotary_dim = 2 * width if pairing == "compact" else width
    if pairing == "compact":
        notes.append(f"no two columns repeat: read as one column per pair (rotary_dim {rotary_dim})")
    cols = _pair_columns(pairing, width)
    seg = slice(0, min(n, _FIT_ROWS))
    sin_pairs = numpy.asarray(sin[seg][:, cols], dtype=numpy.float64)
    cos_pairs = numpy.asarray(cos[seg][:, cols], dtype=numpy.float64)
    unrotated = unrotated_pairs(cos_pairs, sin_pairs)
    rotated = numpy.setdiff1d(numpy.arange(cols.size), unrotated)
    fit = fit_pairs(sin_pairs[:, rotated], cos_pairs[:, rotated])
    if rotated.size == 0 or numpy.any(fit.omega <= 0) or numpy.any(rotated != numpy.arange(rotated.size)):
        return None, [*notes, *_no_rotation(rotated, unrotated)]
    if unrotated:
        notes.append(f"pairs {list(unrotated)} are not rotated (cos constant, sin 0): frequency 0")
    rows = sample_rows(n)
    amplitude = float(numpy.median(fit.scale))
    base_r = float((fit.omega[0] / fit.omega[1]) ** (rotary_dim / 2)) if fit.omega.size > 1 else 0.0
    standard: list[Candidate] = [(*c, None) for c in _candidates(fit.omega, rotary_dim)]
    scored = _score(
        more_candidates(standard, base_r, rotary_dim, amplitude),
        fit,
        (cos, sin),
        rows,
        (pairing, rotary_dim, unrotated),
    )
    noise = _noise(fit, n, floor, fmt, amplitude)
    if not unrotated and min(err for _, err, _ in scored) > noise:
        # nothing standard fits, even allowing for angles formed in the data's own format
        shape = (pairing, rotary_dim, unrotated)
        scored += _score(_longrope(cos, sin, rows, cols, fit, shape, fmt), fit, (cos, sin), rows, shape)
    conv, equivalent = best_candidate(scored, 8 * floor, noise)
    notes.extend(float32_note(dict(conv.params).get("factors", ())))
    if equivalent and conv.base not in KNOWN_BASES:
        notes.append(describe_named("base", conv.base, float((fit.omega[0] / fit.omega[1]) ** (rotary_dim / 2))))
    if not equivalent:
        notes.append(
            f"base {conv.base:.8g} ({conv.scaling}) is estimated from the frequencies: no standard "
            "base and scaling rule fits"
        )
    return conv, notes


def _longrope(
    cos: numpy.ndarray,
    sin: numpy.ndarray,
    rows: numpy.ndarray,
    cols: numpy.ndarray,
    fit: PairFit,
    shape: tuple[str, int, tuple[int, ...]],
    fmt: FloatFormat | None,
) -> list[Candidate]:
    """LongRoPE candidates from the sampled rows of every pair (all rotated here)."""
    return longrope_candidates(
        cos[rows][:, cols],
        sin[rows][:, cols],
        rows + float(estimate_start(fit)),  # positions; the fitted slopes suffice to place row 0
        fit.omega,
        shape[1],
        float(numpy.median(fit.scale)),
        fmt or data_format("float64"),
    )


def _noise(fit: PairFit, n: int, floor: float, fmt: FloatFormat | None, amplitude: float) -> float:
    """The largest sample error a standard convention can leave in data computed in their own
    format: a few ulps plus K·t·ω·u at the last row (K at base 10^7, the largest known)."""
    u = (fmt or data_format("float64")).unit_roundoff
    t_max = estimate_start(fit) + n
    return max(amplitude, 1.0) * (8 * floor + angle_constant(1e7) * u * t_max * float(fit.omega.max()))


def _no_rotation(rotated: numpy.ndarray, unrotated: tuple[int, ...]) -> list[str]:
    if rotated.size and unrotated and numpy.any(rotated != numpy.arange(rotated.size)):
        return [
            f"pairs {list(unrotated)} are not rotated but are followed by rotated pairs: only "
            "trailing unrotated pairs (the lowest frequencies set to 0) are a convention we know"
        ]
    return [
        "atan2(sin, cos) does not advance at a steady positive rate per position: "
        "the arrays are not cos/sin of one angle per column"
    ]


def _score(
    candidates: list[Candidate],
    fit: PairFit,
    arrays: tuple[numpy.ndarray, numpy.ndarray],
    rows: numpy.ndarray,
    shape: tuple[str, int, tuple[int, ...]],
) -> list[tuple[RopeConvention, float, bool | str]]:
    """Each candidate with its start (estimated from its exact frequencies) and sample error.

    A candidate whose frequencies the fitted slopes rule out (:func:`.fit.ruled_out`) is scored at
    the start of the fitted slopes: its error is large at any start, and searching 2^24 starts for
    each such candidate made a cache no convention fits take seconds."""
    pairing, rotary_dim, unrotated = shape
    rotated = [p for p in range(rotary_dim // 2) if p not in unrotated]
    fitted_rows = min(arrays[0].shape[0], _FIT_ROWS)
    fitted_start: list[int] = []  # computed once, when first needed
    scored = []
    for scaling, base, params, known, den in candidates:
        conv = RopeConvention(pairing, base, scaling, 0, rotary_dim, tuple(sorted(params.items())), den, unrotated)
        cos_spec, sin_spec = conv.spec("cos"), conv.spec("sin")
        if ruled_out(fit, cos_spec.hi[rotated], fitted_rows):
            fitted_start = fitted_start or [estimate_start(fit)]
            start = fitted_start[0]
        else:
            start = estimate_start(fit, cos_spec.hi[rotated])
        conv = dataclasses.replace(conv, start=start)
        err = max(sample_error(arrays[0], rows, start, cos_spec), sample_error(arrays[1], rows, start, sin_spec))
        scored.append((conv, err, known))
    return scored


def check_rope(
    cos: Any, sin: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the convention of a RoPE cos/sin cache and measure it against the exact one.

    ``model`` None is the data's own precision (:func:`.precision.native_model`); ``expect`` the
    convention keys meant (:mod:`.expect`)."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    raw = (cos, sin)
    cos, sin = declared(cos, wanted), declared(sin, wanted)
    return conclude(
        _check_rope(cos, sin, model), wanted, model, (cos, sin),
        lambda fmt: _check_rope(declared(raw[0], {"dtype": fmt}), declared(raw[1], {"dtype": fmt}), model),
    )


def _check_rope(cos: Any, sin: Any, model: ErrorModel | None) -> CheckResult:
    read: list[str] = []
    c, s, c_fmt = cache_halves(cos, sin, "(positions, rotary_dim)", read)
    fmt = data_format(c_fmt)
    model = resolve_model(model, c_fmt)
    conv, notes = identify(c, s, math.ldexp(1.0, 1 - fmt.precision), fmt)
    notes = [*read, *notes]
    shape = tuple(c.shape)
    if conv is None:
        both = numpy.concatenate([c[:4096], s[:4096]], axis=1)  # rows (cos | sin) for the diagnosis
        convention = (("pairing", None), ("base", None), ("scaling", None))
        empty = CheckResult(
            "rope",
            "mismatch",
            convention,
            None,
            None,
            None,
            (*notes, "no RoPE convention fits"),
            model.name,
            c_fmt,
            shape,
        )
        return with_diagnosis(empty, both, fmt)
    measured = measure_all(
        [("cos", c), ("sin", s)],
        float(conv.start),
        conv.spec,
        fmt,
        model,
        effective_base(conv),
        "checking cache",
    )
    result = finish("rope", conv.as_pairs(), measured, notes, model, fmt, shape, identified=True)
    if result.matches or (result.growth is not None and result.growth.explained_by != "none"):
        return result
    return with_diagnosis(result, numpy.concatenate([c[:4096], s[:4096]], axis=1), fmt)


def effective_base(conv: RopeConvention) -> float:
    """The base the angle model's constant K = 3·ln b + 4 is taken at (the largest in play)."""
    dim = conv.denominator or conv.rotary_dim
    if conv.scaling == "ntk":
        alpha = dict(conv.params)["alpha"]
        return conv.base * alpha ** (dim / (dim - 2))
    return conv.base
