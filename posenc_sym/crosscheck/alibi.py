"""Identify and measure an ALiBi slope vector (one slope per head).

Rules (Press et al. 2022 and their reference code):

``power-of-two``  n = 2^k heads: m_h = 2^(−8(h+1)/n), h = 0 … n−1 (a geometric sequence whose
                  start and ratio are both 2^(−8/n)).
``interpolated``  n not a power of two: the slopes for the closest power of two c < n, followed by
                  every other slope of the 2c-head sequence, n − c of them.
``geometric``     the power-of-two formula applied to an n that is not a power of two — a common
                  slip: it is a valid decreasing sequence, but not the slopes ALiBi was trained with.

The slopes are exact numbers 2^(−8j/n); mpmath evaluates them (rounded to float64 they are
within 2^-52 relative, the slack the verdict allows). The error model is the one of
:mod:`.precision`: faithful (every slope within 1 ulp), or ``angle:FORMAT``, read here as "the
slopes were computed as powers in FORMAT": a power x^(h+1) of a rounded x carries relative error
(h+1)·u from x plus one rounding, within K·(h+1)·|m|·u with K = 3·ln 2 + 4 ≥ 6.

>>> check_alibi(numpy.array([2.0 ** (-8 * (h + 1) / 8) for h in range(8)])).convention_dict()["rule"]
'power-of-two'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Literal

import mpmath
import numpy

from .expect import conclude, parse_expectations
from .load import as_float_array, declared, require_ndim
from .precision import FORMATS, ErrorModel, angle_constant, data_format, native_model, ulp
from .result import CheckResult, Worst

__all__ = ["RULES", "check_alibi", "slopes_exact"]

RULES = ("power-of-two", "interpolated", "geometric")


def _geometric(n: int) -> list[mpmath.mpf]:
    return [mpmath.mpf(2) ** (-mpmath.mpf(8) * (h + 1) / n) for h in range(n)]


def slopes_exact(n_heads: int, rule: str) -> list[mpmath.mpf]:
    """The slopes of ``rule`` for ``n_heads`` heads, exactly (40 digits).

    The paper's rules come from the symbolic definitions in ``posenc_sym.schemes.alibi`` when
    that module is present (the single source of truth); the ``geometric`` slip, and the paper's
    rules before that module exists, are computed here from 2^(−8(h+1)/n).

    >>> [float(s) for s in slopes_exact(6, "interpolated")]  # 4 heads, then 2 of the 8-head sequence
    [0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125]
    """
    symbolic = _schemes_slopes() if rule != "geometric" else None
    with mpmath.workdps(40):
        if symbolic is not None:
            return [mpmath.mpf(str(expr.evalf(45))) for expr in symbolic(n_heads)]
        if rule == "interpolated" and n_heads & (n_heads - 1):
            closest = 1 << (n_heads.bit_length() - 1)
            return _geometric(closest) + _geometric(2 * closest)[0::2][: n_heads - closest]
        return _geometric(n_heads)


def _schemes_slopes() -> Any:
    """``posenc_sym.schemes.alibi.slopes`` if that module exists (it lands from another branch)."""
    try:
        module = importlib.import_module("posenc_sym.schemes.alibi")
    except ImportError:
        return None
    return getattr(module, "slopes", None)


def _as_slopes(slopes: Any) -> tuple[numpy.ndarray, str, list[str]]:
    array, fmt_name = as_float_array(slopes, "the slope vector")
    notes: list[str] = []
    if array.ndim > 1 and sum(s > 1 for s in array.shape) <= 1:
        notes.append(f"shape {array.shape} squeezed to one axis of heads")
        array = array.reshape(-1)
    return require_ndim(array, 1, "the slope vector", "(heads)").astype(numpy.float64), fmt_name, notes


def _closest_rule(x: numpy.ndarray) -> tuple[str, numpy.ndarray]:
    n = x.size
    rules = ["power-of-two"] if n & (n - 1) == 0 else ["interpolated", "geometric"]
    scored = []
    for rule in rules:
        ref = numpy.array([float(s) for s in slopes_exact(n, rule)])
        scored.append((float(numpy.abs(x - ref).max()), rule, ref))
    _, rule, ref = min(scored, key=lambda s: s[0])
    return rule, ref


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
    notes = [f"{n} heads: every slope is {kind} the {rule} rule"]
    if rule == "geometric":
        notes.append(
            f"{n} is not a power of two, and these slopes apply 2^(−8(h+1)/n) directly instead of "
            "the interpolated rule of the ALiBi paper"
        )
    return notes


def check_alibi(
    slopes: Any, *, model: ErrorModel | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the slope rule of a vector of per-head slopes and measure it.

    ``model`` None is the data's own precision (:func:`.precision.native_model`: slopes formed as
    powers in float32 for float32 data); ``expect`` the convention keys meant (:mod:`.expect`)."""
    wanted = parse_expectations(expect)
    slopes = declared(slopes, wanted)
    return conclude(_check_alibi(slopes, model), wanted, model, (slopes,))


def _check_alibi(slopes: Any, model: ErrorModel | None) -> CheckResult:
    x, fmt_name, notes = _as_slopes(slopes)
    fmt = data_format(fmt_name)
    model = model if model is not None else native_model(fmt_name)
    n = x.size
    rule, ref = _closest_rule(x)
    err = numpy.abs(x - ref)
    unit = ulp(ref, fmt)
    ratio = err / unit
    exponent = numpy.arange(1, n + 1) * numpy.abs(ref)  # plays the role of the angle in the bound
    slack = numpy.ldexp(numpy.abs(ref), -52)  # our slopes: mpmath's, rounded once to float64
    outside = int((err > model.bound(ref, exponent, 2.0, fmt) + slack).sum())
    needed = float(numpy.max(numpy.maximum(err - unit - slack, 0.0) / (angle_constant(2.0) * exponent)))
    fits = _precision_explaining(needed)
    w = int(numpy.argmax(ratio))
    worst = Worst(float(w), w, 0, float(x[w]), float(ref[w]), float(err[w]), float(ratio[w]), "slopes")
    rule_name = "unknown" if outside and fits is None else rule
    convention = (("heads", n), ("rule", rule_name), ("closest_rule", rule))
    verdict: Literal["matches", "mismatch"] = "mismatch" if outside else "matches"
    return CheckResult(
        "alibi",
        verdict,
        convention,
        float(err.max()),
        float(ratio.max()),
        worst,
        (*notes, *_notes(rule, n, outside, fits, ratio, x, model)),
        model.name,
        fmt_name,
        (n,),
    )


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
