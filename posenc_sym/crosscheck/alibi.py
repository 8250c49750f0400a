"""Identify and measure an ALiBi slope vector (one slope per head).

Rules (Press et al. 2022 and their reference code), for a maximum bias B (8 in the paper;
MPT's ``alibi_bias_max``), reported as ``max_bias``:

``power-of-two``  n = 2^k heads: m_h = 2^(−B(h+1)/n), h = 0 … n−1 (a geometric sequence whose
                  start and ratio are both 2^(−B/n)).
``interpolated``  n not a power of two, the rule of the reference code (ofirpress/
                  attention_with_linear_biases, BLOOM's ``build_alibi_tensor``, MPT's
                  ``gen_slopes``): the slopes for the closest power of two c < n, followed by
                  every other slope of the 2c-head sequence, n − c of them.
``geometric``     n not a power of two, the paper's formula as written: 2^(−B(h+1)/n) applied to
                  that n directly. A valid decreasing sequence, but not the slopes the reference
                  code (and so every released ALiBi model) uses: the notes say which one it is.

The slopes are exact numbers 2^(−8j/n); mpmath evaluates them (rounded to float64 they are
within 2^-52 relative, the slack the verdict allows). The error model is the one of
:mod:`.precision`: faithful (every slope within 1 ulp), or ``angle:FORMAT``, read here as "the
slopes were computed as powers in FORMAT": a power x^(h+1) of a rounded x carries relative error
(h+1)·u from x plus one rounding, within K·(h+1)·|m|·u with K = 3·ln 2 + 4 ≥ 6.

>>> check_alibi_slopes(numpy.array([2.0 ** (-8 * (h + 1) / 8) for h in range(8)])).convention_dict()["rule"]
'power-of-two'
>>> check_alibi_slopes(numpy.array([2.0 ** (-16 * (h + 1) / 8) for h in range(8)])).convention_dict()["max_bias"]
16
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import mpmath
import numpy

from ..numerics import FORMATS, FloatFormat, data_format, ulp
from ..schemes.alibi import slopes as symbolic_slopes
from .expect import conclude, parse_expectations
from .load import as_float_array, declared, require_ndim
from .precision import ErrorModel, angle_constant, as_error_model, native_model
from .result import CheckResult, Worst

__all__ = ["RULES", "SlopeFit", "check_alibi_slopes", "fit_slopes", "slopes_exact"]

RULES = ("power-of-two", "interpolated", "geometric")

#: The paper's maximum bias: the slopes of n = 2^k heads run from 2^(−8/n) down to 2^−8.
DEFAULT_MAX_BIAS = 8.0


def _geometric(n: int, max_bias: mpmath.mpf) -> list[mpmath.mpf]:
    return [mpmath.mpf(2) ** (-max_bias * (h + 1) / n) for h in range(n)]


def slopes_exact(n_heads: int, rule: str, max_bias: float = DEFAULT_MAX_BIAS) -> list[mpmath.mpf]:
    """The slopes of ``rule`` for ``n_heads`` heads and maximum bias ``max_bias``, exactly (40 digits).

    For the paper's B = 8 the rules come from the symbolic definitions in
    ``posenc_sym.schemes.alibi`` (the single source of truth); the ``geometric`` formula and other
    maximum biases are computed here from 2^(−B(h+1)/n), B read as the exact decimal it is written
    as (``str(max_bias)``).

    >>> [float(s) for s in slopes_exact(6, "interpolated")]  # 4 heads, then 2 of the 8-head sequence
    [0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125]
    >>> [float(s) for s in slopes_exact(4, "power-of-two", max_bias=4)]  # MPT's alibi_bias_max=4
    [0.5, 0.25, 0.125, 0.0625]
    """
    with mpmath.workdps(40):
        if rule != "geometric" and max_bias == DEFAULT_MAX_BIAS:
            return [mpmath.mpf(str(expr.evalf(45))) for expr in symbolic_slopes(n_heads)]
        bias = mpmath.mpf(repr(float(max_bias)))
        if rule == "interpolated" and n_heads & (n_heads - 1):
            closest = 1 << (n_heads.bit_length() - 1)
            return _geometric(closest, bias) + _geometric(2 * closest, bias)[0::2][: n_heads - closest]
        return _geometric(n_heads, bias)


def _as_slopes(slopes: Any) -> tuple[numpy.ndarray, str, list[str]]:
    array, fmt_name = as_float_array(slopes, "the slope vector")
    notes: list[str] = []
    if array.ndim > 1 and sum(s > 1 for s in array.shape) <= 1:
        notes.append(f"shape {array.shape} squeezed to one axis of heads")
        array = array.reshape(-1)
    return require_ndim(array, 1, "the slope vector", "(heads)").astype(numpy.float64), fmt_name, notes


def _max_bias_candidates(x: numpy.ndarray, rule: str) -> list[float]:
    """The paper's 8, then short numbers near the B the first slope implies: m_0 = 2^(−B/c)
    with c = n (power-of-two, geometric) or the closest power of two below n (interpolated).
    Maximum biases in use are integers or halves (MPT's ``alibi_bias_max`` is an int)."""
    n = x.size
    c = 1 << (n.bit_length() - 1) if rule == "interpolated" else n
    out = [DEFAULT_MAX_BIAS]
    if x[0] > 0 and x[0] != 1:
        estimate = -c * math.log2(float(x[0]))
        out += [float(round(estimate)), round(2 * estimate) / 2, float(f"{estimate:.4g}")]
    return [b for i, b in enumerate(out) if b > 0 and b not in out[:i]]


def _closest_rule(x: numpy.ndarray, unit_roundoff: float) -> tuple[str, float, numpy.ndarray]:
    """The (rule, maximum bias) whose exact slopes are closest to ``x`` in the largest relative
    error. Within a rule, B = 8, then the shortest B, wins whenever its error is within what
    computing the slopes as powers in the data's format explains (K·n·u relative, the bound of
    the module docstring at the last head): the data cannot tell those apart, and the standard
    name is the one meant. Between rules the smaller error decides (a coarse format must not
    turn the formula as written into the reference code's rule)."""
    n = x.size
    rules = ["power-of-two"] if n & (n - 1) == 0 else ["interpolated", "geometric"]
    tie = angle_constant(2.0) * n * unit_roundoff
    per_rule = []
    for rule in rules:
        scored = []
        for bias in _max_bias_candidates(x, rule):
            ref = numpy.array([float(s) for s in slopes_exact(n, rule, bias)])
            scored.append((float((numpy.abs(x - ref) / ref).max()), bias, ref))
        best = min(s[0] for s in scored)
        _, bias, ref = next(s for s in scored if s[0] <= best + tie)
        per_rule.append((float((numpy.abs(x - ref) / ref).max()), rule, bias, ref))
    _, rule, bias, ref = min(per_rule, key=lambda s: s[0])
    return rule, bias, ref


def _notes(
    rule: str, n: int, outside: int, fits: str | None, ratio: numpy.ndarray, x: numpy.ndarray, model: ErrorModel
) -> list[str]:
    if outside and fits is None:
        return [
            f"{outside} of {n} slopes are off the {rule} rule by more than rounding explains; "
            f"the data are {_shape_of(x)}"
        ]
    if outside:
        return [
            f"{outside} of {n} slopes are off by more than the {model.name} model allows (up to "
            f"{float(ratio.max()):.3g} ulp): consistent with computing them as powers in {fits} "
            "(the error grows with the head index)"
        ]
    kind = "exactly" if not ratio.any() else f"within {float(ratio.max()):.3g} ulp of"
    return [f"{n} heads: every slope is {kind} the {rule} rule", *_rule_notes(rule, n)]


def _rule_notes(rule: str, n: int) -> list[str]:
    """Which of the two non-power-of-two rules this is, and which the other one would be."""
    if rule == "geometric":
        return [
            f"{n} is not a power of two: these are the paper's formula as written, 2^(−B(h+1)/n) with "
            f"n = {n}, not the interpolated rule of the reference code (BLOOM, MPT), which released "
            "ALiBi models use"
        ]
    if rule == "interpolated":
        c = 1 << (n.bit_length() - 1)
        return [
            f"{n} is not a power of two: these are the interpolated rule of the reference code (BLOOM, "
            f"MPT): the {c}-head slopes, then every other slope of the {2 * c}-head sequence; the "
            f"paper's formula as written, 2^(−B(h+1)/{n}), would be rule 'geometric'"
        ]
    return []


def check_alibi_slopes(
    slopes: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the slope rule of a vector of per-head slopes and measure it.

    ``model`` None is the data's own precision (:func:`.precision.native_model`: slopes formed as
    powers in float32 for float32 data); ``expect`` the convention keys meant (:mod:`.expect`).
    Heads whose slope is exactly 0 carry no ALiBi (x-transformers' ``alibi_num_heads`` below the
    head count pads the rest with 0): the others must follow a rule for their own number."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    raw = slopes
    slopes = declared(slopes, wanted)
    return conclude(
        _check_alibi(slopes, model), wanted, model, (slopes,),
        lambda fmt: _check_alibi(declared(raw, {"dtype": fmt}), model),
    )


#: The slope check under the name it had before bias arrays: :func:`.alibi_bias.check_alibi` takes
#: slopes or a bias and is the one the package exports.
check_alibi = check_alibi_slopes


@dataclass(frozen=True)
class SlopeFit:
    """The rule that explains the non-zero slopes, and each slope measured against it.

    ``bound`` is the model's allowance per head (0 where the slope is 0, which is exact), ``active``
    the heads with a non-zero slope, ``negative`` whether every one of them is below 0 (the bias
    would grow with distance: the wrong sign; they are measured against the positive rule)."""

    rule: str
    max_bias: float
    reference: numpy.ndarray
    error: numpy.ndarray
    bound: numpy.ndarray
    active: numpy.ndarray
    negative: bool
    fits: str | None
    order: numpy.ndarray  # k of each head: its place among the non-zero slopes, 1 … (0 for a zero slope)

    @property
    def outside(self) -> int:
        return int((self.error > self.bound).sum())


def fit_slopes(x: numpy.ndarray, fmt: FloatFormat, model: ErrorModel) -> SlopeFit | None:
    """The rule of the non-zero slopes of ``x`` and each slope's error and bound (None: all 0).

    The bound of head h (the k-th non-zero slope) is the model's, ulp(m) + K·k·|m|·u (module
    docstring), plus our reference's own rounding to float64, 2^-52·|m|."""
    active = numpy.flatnonzero(x)
    if active.size == 0:
        return None
    values = x[active]
    negative = bool((values < 0).all())
    rule, max_bias, ref_active = _closest_rule(numpy.abs(values) if negative else values, fmt.unit_roundoff)
    ref = numpy.zeros(x.size)
    ref[active] = ref_active
    err = numpy.abs(x - ref)
    order = numpy.zeros(x.size)
    order[active] = numpy.arange(1, active.size + 1)
    exponent = order * ref  # plays the role of the angle
    slack = numpy.ldexp(ref, -52)  # our slopes: mpmath's, rounded once to float64
    bound = numpy.where(ref == 0, 0.0, model.bound(ref, exponent, 2.0, fmt) + slack)
    unit = ulp(ref, fmt)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        need = numpy.where(ref == 0, 0.0, numpy.maximum(err - unit - slack, 0.0) / (angle_constant(2.0) * exponent))
    fits = _precision_explaining(float(need.max()))
    return SlopeFit(rule, max_bias, ref, err, bound, active, negative, fits, order)


def _check_alibi(slopes: Any, model: ErrorModel | None) -> CheckResult:
    x, fmt_name, notes = _as_slopes(slopes)
    fmt = data_format(fmt_name)
    model = model if model is not None else native_model(fmt_name)
    n = x.size
    fit = fit_slopes(x, fmt, model)
    if fit is None:
        keys = (("heads", n), ("alibi_heads", 0), ("rule", None), ("closest_rule", None), ("max_bias", None))
        why = f"every one of the {n} slopes is 0: no head carries an ALiBi bias"
        return CheckResult("alibi", "mismatch", keys, None, None, None, (*notes, why), model.name, fmt_name, (n,))
    with numpy.errstate(divide="ignore", invalid="ignore"):
        ratio = numpy.where(fit.reference == 0, 0.0, fit.error / ulp(fit.reference, fmt))
    outside = fit.outside
    w = int(numpy.argmax(ratio))
    worst = Worst(float(w), w, 0, float(x[w]), float(fit.reference[w]), float(fit.error[w]), float(ratio[w]), "slopes")
    rule_name = "unknown" if (outside and fit.fits is None) or fit.negative else fit.rule
    zero = tuple(int(h) for h in numpy.flatnonzero(x == 0))
    convention = (
        ("heads", n),
        ("alibi_heads", int(fit.active.size)),
        ("zero_slope_heads", zero),
        ("rule", rule_name),
        ("closest_rule", fit.rule),
        ("max_bias", int(fit.max_bias) if float(fit.max_bias).is_integer() else fit.max_bias),
    )
    verdict: Literal["matches", "mismatch"] = "mismatch" if outside else "matches"
    active = x[fit.active]
    found = [*_zero_notes(zero, n, fit.active.size), *_sign_notes(fit, x)]
    if not fit.negative:
        found += _notes(fit.rule, fit.active.size, outside, fit.fits, ratio[fit.active], active, model)
    return CheckResult(
        "alibi",
        verdict,
        convention,
        float(fit.error.max()),
        float(ratio.max()),
        worst,
        (*notes, *found),
        model.name,
        fmt_name,
        (n,),
    )


def _zero_notes(zero: tuple[int, ...], n: int, k: int) -> list[str]:
    if not zero:
        return []
    shown = f"{list(zero[:8])}{'…' if len(zero) > 8 else ''}"
    return [
        f"heads {shown} have slope 0: no position bias on them (ALiBi on {k} of {n} heads, as "
        f"x-transformers' alibi_num_heads={k} pads the other heads with 0); the {k} others are checked "
        f"against the rule for {k} heads"
    ]


def _sign_notes(fit: SlopeFit, x: numpy.ndarray) -> list[str]:
    if not fit.negative:
        return []
    magnitudes_fit = bool((numpy.abs(numpy.abs(x) - fit.reference) <= fit.bound).all())
    return [
        "every non-zero slope is negative: the bias −m·distance would grow with the distance (the wrong "
        f"sign); their magnitudes {'are' if magnitudes_fit else 'are closest to'} the {fit.rule} rule "
        f"with max_bias {fit.max_bias:g}"
    ]


def _precision_explaining(needed: float) -> str | None:
    """The widest format whose rounding explains the errors (None if none does)."""
    if needed == 0:
        return "float64"
    for f in sorted(FORMATS.values(), key=lambda f: -f.precision):
        if needed <= f.unit_roundoff:
            return f.name
    return None


def _shape_of(x: numpy.ndarray) -> str:
    if x.size > 2:
        ratios = x[1:] / x[:-1]
        if numpy.ptp(ratios) <= 1e-6 * abs(float(ratios.mean())):
            return f"a geometric sequence with ratio {float(ratios.mean()):.6g} starting at {float(x[0]):.6g}"
    return "not a geometric sequence"
