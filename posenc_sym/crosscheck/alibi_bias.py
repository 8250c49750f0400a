"""ALiBi as the attention sees it: a bias per head, query and key, and ``check_alibi`` for either.

``check_alibi(data)`` takes a slope vector (:mod:`.alibi`) or a bias array: (heads, queries, keys),
(heads, 1, keys), or either with leading axes of size 1 (a batch of one; BLOOM's (batch·heads, 1,
keys) with one sequence). Key j sits at position j; query row i at i + keys − queries (the last
query at the last key, as x-transformers' ``arange(j − i, j)``). The forms real code builds, for
Δ = key − query position and the head's slope m:

``linear``     m·(j − o): one line per row, rising toward later keys (BLOOM's ``build_alibi_tensor``:
               m·j, o = 0; MPT's ``build_mpt_alibi_tensor``: m·(j − (k − 1))). Softmax ignores a
               constant per row, so every o is −m·(i − j) as the attention sees it; o is reported
               (``row_offset``: the query's own position, an integer for every row, or ``per-row``).
``causal``     m·(j − i) at and below the diagonal, the rest masked (−inf or the format's lowest).
``symmetric``  −m·|j − i| (x-transformers' ``AlibiPositionalBias``; MPT without causal masking).

A bias falling with the key index (−m·j) or rising with the distance is the wrong sign. The slopes
are read off the bias (the least-squares slope of each head, rounded to the data's format, which
is the stored slope whenever the elements are products of it) and checked as slopes
(:func:`.alibi.fit_slopes`: the rule, max_bias, zero-slope heads). Every element is then measured.

Error model of an element: code forms x = fl(ŝ·Δ) with the stored slope ŝ (|ŝ − m| ≤ E_m, the
slope model's bound for that head) and an integer Δ exact in the format, so
|x − m·Δ| ≤ |Δ|·|ŝ − m| + ulp(ŝ·Δ)/2 ≤ |Δ|·E_m + ulp(m·Δ) (ŝ·Δ lies at most one binade above m·Δ,
where the spacing doubles); our reference m·Δ in float64 adds 2^-52·|m·Δ|.

>>> slopes = 2.0 ** -numpy.arange(1.0, 9.0)
>>> j = numpy.arange(16.0)
>>> bloom = (slopes[:, None] * j[None, :])[:, None, :]  # (heads, 1, keys): m·j
>>> result = check_alibi(bloom.astype(numpy.float32))
>>> result.verdict, result.convention_dict()["form"], result.convention_dict()["row_offset"]
('matches', 'linear', 0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy

from ..errors import PosencSymError
from ..numerics import FloatFormat, data_format, ulp
from .alibi import SlopeFit, check_alibi_slopes, fit_slopes
from .expect import conclude, parse_expectations
from .load import Declared, as_float_array, declared
from .precision import ErrorModel, angle_constant, native_model
from .result import CheckResult, Worst

__all__ = ["check_alibi", "check_alibi_bias", "is_bias"]


def is_bias(obj: Any) -> bool:
    """Whether ``obj`` is a bias array rather than a slope vector: more than one axis longer than 1.

    >>> is_bias(numpy.zeros((8, 1, 16))), is_bias(numpy.zeros((1, 8)))
    (True, False)
    """
    values = obj.values if isinstance(obj, Declared) else obj
    shape = getattr(values, "shape", None)
    shape = tuple(shape) if shape is not None else numpy.shape(values)
    return sum(int(s) > 1 for s in shape) > 1


def check_alibi(
    data: Any, *, model: ErrorModel | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Check ALiBi slopes (a vector, :func:`.alibi.check_alibi_slopes`) or a bias array
    (:func:`check_alibi_bias`), whichever ``data`` is.

    >>> check_alibi([2.0**-h for h in range(1, 9)]).verdict
    'matches'
    """
    if is_bias(data):
        return check_alibi_bias(data, model=model, expect=expect)
    return check_alibi_slopes(data, model=model, expect=expect)


def check_alibi_bias(
    bias: Any, *, model: ErrorModel | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the form and slopes of an ALiBi bias and measure every element (module docstring)."""
    wanted = parse_expectations(expect)
    raw = bias
    bias = declared(bias, wanted)
    return conclude(
        _check_bias(bias, model), wanted, model, (),
        lambda fmt: _check_bias(declared(raw, {"dtype": fmt}), model),
    )


def _as_bias(bias: Any) -> tuple[numpy.ndarray, str, list[str]]:
    array, fmt_name = as_float_array(bias, "the ALiBi bias", masks=True)
    notes = []
    shape = array.shape
    while array.ndim > 3 and array.shape[0] == 1:
        array = array[0]
    if array.ndim == 2:
        raise PosencSymError(
            f"the ALiBi bias has shape {shape}, which is ambiguous: save it as (heads, queries, keys), or "
            "(heads, 1, keys) for one row per head (BLOOM's slope·j)"
        )
    if array.ndim != 3:
        raise PosencSymError(
            f"the ALiBi bias has shape {shape}; expected (heads, queries, keys) or (heads, 1, keys), "
            "with leading axes of size 1 at most"
        )
    if array.shape != shape:
        notes.append(f"shape {shape} read as {array.shape} (heads, queries, keys): the leading axes have size 1")
    return numpy.asarray(array, dtype=numpy.float64), fmt_name, notes


@dataclass(frozen=True)
class _Form:
    """Each element's signed distance Δ (key minus the row's offset), the masked elements, the form."""

    name: str  # linear, causal, symmetric, or "" when none fits
    delta: numpy.ndarray  # (heads, queries, keys)
    masked: numpy.ndarray  # (queries, keys)
    offsets: numpy.ndarray  # (heads, queries): the key at which each row's line crosses 0
    active: numpy.ndarray  # (heads,): heads whose bias is not constant along the keys
    why: str = ""


def _masked(b: numpy.ndarray, fmt: FloatFormat) -> numpy.ndarray:
    lowest = -float(numpy.finfo(numpy.float64).max) if fmt.name == "float64" else -_largest(fmt)
    return (b == -numpy.inf) | (b <= 0.5 * lowest)


def _largest(fmt: FloatFormat) -> float:
    return {"float32": float(numpy.finfo(numpy.float32).max), "float16": 65504.0,
            "bfloat16": 3.3895313892515355e38}.get(fmt.name, float(numpy.finfo(numpy.float64).max))


def _form(b: numpy.ndarray, fmt: FloatFormat) -> _Form:
    """Which form every head with a non-zero slope follows (module docstring)."""
    heads, q, k = b.shape
    masked: numpy.ndarray = numpy.asarray(_masked(b, fmt).any(axis=0))
    query = numpy.arange(q)[:, None] + (k - q)
    keys = numpy.arange(k)[None, :]
    visible = numpy.where(masked, numpy.nan, b)
    step = numpy.diff(visible, axis=2)  # along the keys
    magnitude = numpy.nanmedian(numpy.abs(step), axis=(1, 2)) if k > 1 else numpy.zeros(heads)
    rising = numpy.nanmean(numpy.sign(step), axis=(1, 2)) if k > 1 else numpy.zeros(heads)
    active = magnitude > 0
    with numpy.errstate(invalid="ignore", divide="ignore"):
        scaled = visible / numpy.where(active, magnitude, 1.0)[:, None, None]
    none = numpy.zeros((heads, q))
    if not active.any():
        return _Form("", numpy.zeros_like(b), masked, none, active, "every head's bias is constant")
    tent = numpy.nanargmax(numpy.where(numpy.isnan(scaled), -numpy.inf, scaled), axis=2)
    if numpy.all(rising[active] > 0.99):  # one rising line per row: o from j − x/m
        offsets = numpy.round(numpy.nanmedian(keys - scaled, axis=2))
        delta = keys[None] - offsets[..., None]
        name = "causal" if masked.any() else "linear"
        if masked.any() and not numpy.array_equal(masked, keys > query):
            return _Form("", delta, masked, offsets, active, "the masked elements are not those above the diagonal")
        return _Form(name, delta, masked, offsets, active)
    if numpy.all(numpy.abs(rising[active]) < 0.99) and numpy.all(tent[active] == query[:, 0][None]):
        delta = numpy.broadcast_to(-numpy.abs(keys - query)[None], b.shape).astype(numpy.float64)
        return _Form("symmetric", delta, masked, numpy.broadcast_to(query[:, 0][None], (heads, q)) + none, active)
    if numpy.all(rising[active] < -0.99):
        why = "the bias falls toward later keys (−m·j): the wrong sign, ALiBi rises toward the query"
    elif numpy.all(numpy.abs(rising[active]) < 0.99):
        why = ("the bias has a valley or a peak away from the query: −m·|i − j| has its maximum 0 at the "
               "query's own key, and a bias growing with the distance is the wrong sign")
    else:
        why = "the heads follow different forms"
    return _Form("", numpy.zeros_like(b), masked, none, active, why)


def _row_offset(form: _Form, q: int, k: int) -> Any:
    offsets = form.offsets[form.active]
    if form.name == "symmetric" or offsets.size == 0:
        return "query"
    if numpy.all(offsets == numpy.arange(q)[None, :] + (k - q)) and q > 1:
        return "query"
    if numpy.all(offsets == offsets.flat[0]):
        return int(offsets.flat[0])
    return "per-row"


_FORM_NOTES = {
    "linear": "one line per row, m·(j − o), rising toward later keys: −m·(i − j) up to a constant per row, "
              "which softmax ignores (BLOOM's build_alibi_tensor: m·j; MPT's build_mpt_alibi_tensor: m·(j − (k − 1)))",
    "causal": "m·(j − i) at and below the diagonal, masked above it (a causal ALiBi bias)",
    "symmetric": "−m·|i − j|: the bias falls with the distance both ways (x-transformers' AlibiPositionalBias, "
                 "MPT without causal masking)",
}


def _check_bias(bias: Any, model: ErrorModel | None) -> CheckResult:
    b, fmt_name, notes = _as_bias(bias)
    fmt = data_format(fmt_name)
    model = model if model is not None else native_model(fmt_name)
    heads, q, k = b.shape
    form = _form(b, fmt)
    if not form.name:
        keys: tuple[tuple[str, Any], ...] = (("heads", heads), ("form", None), ("rule", None))
        why = f"no ALiBi form fits: {form.why}"
        return CheckResult("alibi", "mismatch", keys, None, None, None, (*notes, why), model.name, fmt_name, b.shape)
    fit = _slopes(b, form, fmt, model)
    if fit is None:
        keys = (("heads", heads), ("form", form.name), ("rule", None))
        why = "every head's slope is 0: no ALiBi bias"
        return CheckResult("alibi", "mismatch", keys, None, None, None, (*notes, why), model.name, fmt_name, b.shape)
    measured = _measure(b, form, fit, fmt, model)
    stored: Any = _stored_slopes(b, form, fmt)
    if fmt.name == "bfloat16":
        stored = Declared(stored, "bfloat16")
    slopes_result = check_alibi_slopes(stored, model=model)
    convention = (
        ("heads", heads), ("form", form.name), ("row_offset", _row_offset(form, q, k)), ("queries", q), ("keys", k),
        *((key, v) for key, v in slopes_result.convention if key != "heads"),
    )
    outside = measured.outside
    found = [_FORM_NOTES[form.name], *slopes_result.notes]
    if outside:
        assert measured.first is not None
        found.append(f"{outside} element(s) outside the {model.name} error model; first: {measured.first.describe()}")
    verdict: Literal["matches", "mismatch"] = "matches" if outside == 0 and slopes_result.matches else "mismatch"
    return CheckResult(
        "alibi", verdict, convention, measured.max_abs, measured.max_ulp, measured.worst, (*notes, *found),
        model.name, fmt_name, b.shape,
    )


def _least_squares_slopes(b: numpy.ndarray, form: _Form) -> numpy.ndarray:
    visible = ~form.masked[None] & (form.delta != 0)
    num = numpy.where(visible, b * form.delta, 0.0).sum(axis=(1, 2))
    den = numpy.where(visible, form.delta * form.delta, 0.0).sum(axis=(1, 2))
    return numpy.where(den > 0, num / numpy.where(den > 0, den, 1.0), 0.0)


def _stored_slopes(b: numpy.ndarray, form: _Form, fmt: FloatFormat) -> numpy.ndarray:
    """Each head's slope read off its elements, rounded to the data's format (the stored slope when
    the elements are products of it: the fit is within a fraction of an ulp of it)."""
    estimate = _least_squares_slopes(b, form)
    dtype = {"float64": numpy.float64, "float32": numpy.float32, "float16": numpy.float16}.get(fmt.name)
    if dtype is None:  # bfloat16: round to 8 significant bits
        m, e = numpy.frexp(estimate)
        return numpy.ldexp(numpy.round(m * 256) / 256, e).astype(numpy.float32)
    return estimate.astype(dtype)


def _slopes(b: numpy.ndarray, form: _Form, fmt: FloatFormat, model: ErrorModel) -> SlopeFit | None:
    return fit_slopes(numpy.asarray(_stored_slopes(b, form, fmt), dtype=numpy.float64), fmt, model)


@dataclass(frozen=True)
class _Measured:
    outside: int
    first: Worst | None
    worst: Worst
    max_abs: float
    max_ulp: float


def _measure(b: numpy.ndarray, form: _Form, fit: SlopeFit, fmt: FloatFormat, model: ErrorModel) -> _Measured:
    """Every visible element against m·Δ within |Δ|·E_m + ulp(m·Δ) + 2^-52·|m·Δ| (module docstring)."""
    m = fit.reference[:, None, None]
    ref = m * form.delta
    err = numpy.where(form.masked[None], 0.0, numpy.abs(b - ref))
    unit = ulp(ref, fmt)
    distance = numpy.abs(form.delta)
    # |Δ|·E_m + ulp(m·Δ), E_m = ulp(m) + K·k·|m|·u (+ ulp_F(m)) the slope's bound (module docstring)
    per_u = distance * angle_constant(2.0) * fit.order[:, None, None] * m
    rounding = numpy.where(ref == 0, 0.0, unit) + distance * ulp(m, fmt)
    bound = model.allowance(rounding, per_u, ref, fmt)
    if model.wider_ulp(fmt) is not None:  # E_m's ulp_F(m), times |Δ|, beyond allowance's ulp_F(m·Δ)
        bound = bound + distance * ulp(m, model.wider_ulp(fmt))
    bound += numpy.ldexp(numpy.abs(ref), -52) + distance * numpy.ldexp(m, -52)
    load = err / numpy.where(bound > 0, bound, math.inf)
    load = numpy.where((bound == 0) & (err > 0), math.inf, load)
    bad = err > bound
    with numpy.errstate(divide="ignore", invalid="ignore"):
        ratio = numpy.where(ref == 0, 0.0, err / unit)

    def worst(flat: int) -> Worst:
        h, i, j = numpy.unravel_index(flat, b.shape)
        return Worst(float(form.delta[h, i, j]), int(i), int(j), float(b[h, i, j]), float(ref[h, i, j]),
                     float(err[h, i, j]), float(ratio[h, i, j]), f"head {int(h)}")

    first = worst(int(numpy.argmax(bad))) if bad.any() else None
    return _Measured(int(bad.sum()), first, worst(int(numpy.argmax(load))), float(err.max()), float(ratio.max()))
