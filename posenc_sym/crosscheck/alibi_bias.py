"""ALiBi as the attention sees it: a bias per head, query and key, and ``check_alibi`` for either.

``check_alibi(data)`` takes a slope vector (:mod:`.alibi`) or a bias array: (heads, queries, keys),
(heads, 1, keys), or either with leading axes of size 1 (a batch of one; BLOOM's (batch·heads, 1,
keys) with one sequence). Its form, masks, slopes and row constants are read by
:mod:`.bias_form` (one reader for arrays and for the function check, :mod:`.function_alibi`):

``linear``     m·(j − o): one line per row, rising toward later keys (BLOOM's ``build_alibi_tensor``:
               m·j, o = 0; MPT's ``build_mpt_alibi_tensor``: m·(j − (k − 1))). Softmax ignores a
               constant per row, so every o is −m·(i − j) as the attention sees it; o is reported
               (``row_offset``: the query's own position, an integer for every row, or ``per-row``).
``causal``     m·(j − i) at and below the diagonal, the rest masked (−inf, the format's lowest, or one
               constant far below every value such as −10⁴).
``symmetric``  −m·|j − i| (x-transformers' ``AlibiPositionalBias``; MPT without causal masking).

A bias falling with the key index (−m·j) or rising with the distance is the wrong sign. The slopes
are read off the bias (each head's step at the keys nearest 0, rounded to the data's format: the
stored slope whenever the elements are products of it) and checked as slopes
(:func:`.alibi.fit_slopes`: the rule, max_bias, zero-slope heads). Every element is then measured.

Error model of an element: code forms x = fl(ŝ·Δ) with the stored slope ŝ (|ŝ − m| ≤ E_m, the
slope model's bound for that head) and an integer Δ exact in the format, so
|x − m·Δ| ≤ |Δ|·|ŝ − m| + ulp(ŝ·Δ)/2 ≤ |Δ|·E_m + ulp(m·Δ) (ŝ·Δ lies at most one binade above m·Δ,
where the spacing doubles); our reference m·Δ in float64 adds 2^-52·|m·Δ|. A row read with a
constant c (:mod:`.bias_form`; 0 for every bias computed as m·Δ) is measured as x − c against
m·Δ: c was added to ŝ·Δ with one more rounding, ≤ ulp(x)/2, and c itself is a value of the row,
rounded once, ≤ ulp(c)/2; both are added to the bound.

>>> slopes = 2.0 ** -numpy.arange(1.0, 9.0)
>>> j = numpy.arange(16.0)
>>> bloom = (slopes[:, None] * j[None, :])[:, None, :]  # (heads, 1, keys): m·j
>>> result = check_alibi(bloom.astype(numpy.float32))
>>> result.verdict, result.convention_dict()["form"], result.convention_dict()["row_offset"]
('matches', 'linear', 0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy

from ..errors import PosencSymError
from ..numerics import FloatFormat, data_format, ulp
from .alibi import SlopeFit, check_alibi_slopes, fit_slopes
from .bias_form import BiasForm, masked_entries, read_form, row_offset
from .common import resolve_model
from .expect import conclude, parse_expectations
from .load import Declared, as_float_array, declared
from .precision import ErrorModel, angle_constant, as_error_model
from .result import CheckResult, Worst

__all__ = [
    "BiasReading", "Measured", "check_alibi", "check_alibi_bias", "is_bias", "read_bias", "slope_check",
    "stored_slopes",
]


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
    data: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
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
    bias: Any, *, model: ErrorModel | str | None = None, expect: Mapping[str, Any] | str | None = None
) -> CheckResult:
    """Identify the form and slopes of an ALiBi bias and measure every element (module docstring)."""
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
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


_FORM_NOTES = {
    "linear": "one line per row, m·(j − o), rising toward later keys: −m·(i − j) up to a constant per row, "
              "which softmax ignores (BLOOM's build_alibi_tensor: m·j; MPT's build_mpt_alibi_tensor: m·(j − (k − 1)))",
    "causal": "m·(j − i) at and below the diagonal, masked above it (a causal ALiBi bias)",
    "symmetric": "−m·|i − j|: the bias falls with the distance both ways (x-transformers' AlibiPositionalBias, "
                 "MPT without causal masking)",
}


def _check_bias(bias: Any, model: ErrorModel | None) -> CheckResult:
    b, fmt_name, notes = _as_bias(bias)
    return read_bias(b, masked_entries(b, fmt_name), fmt_name, resolve_model(model, fmt_name), notes).result


@dataclass(frozen=True)
class Measured:
    """Every element against m·Δ: how many are outside the bound, the first of them and the worst
    (its ``load``: error over bound), the head of each, the largest errors."""

    outside: int
    first: Worst | None
    first_head: int
    worst: Worst
    worst_head: int
    load: float
    max_abs: float
    max_ulp: float


@dataclass(frozen=True)
class BiasReading:
    """One bias read: its form (:mod:`.bias_form`), the slopes stored (None when no form fits),
    their check as a slope vector, every element measured, the notes of form and slopes, and the
    result ``check_alibi_bias`` reports."""

    form: BiasForm
    stored: numpy.ndarray | None
    slopes: CheckResult | None
    measured: Measured | None
    notes: tuple[str, ...]
    result: CheckResult


def read_bias(
    b: numpy.ndarray, masked: numpy.ndarray, fmt_name: str, model: ErrorModel, notes: Sequence[str] = ()
) -> BiasReading:
    """Read the bias ``b`` (heads, queries, keys; the values of ``masked`` entries ignored) in format
    ``fmt_name``: form, slopes and every element, as :func:`check_alibi_bias` reports them."""
    fmt = data_format(fmt_name)
    b = numpy.where(masked, 0.0, b)
    heads, q, k = b.shape
    form = read_form(b, masked)
    if not form.name:
        keys: tuple[tuple[str, Any], ...] = (("heads", heads), ("form", None), ("rule", None))
        why = (f"no ALiBi form fits: {form.why}",)
        result = CheckResult("alibi", "mismatch", keys, None, None, None, (*notes, *why), model.name, fmt_name, b.shape)
        return BiasReading(form, None, None, None, why, result)
    stored = stored_slopes(form.steps, fmt_name)
    fit = fit_slopes(numpy.asarray(stored, dtype=numpy.float64), fmt, model)
    slopes = slope_check(stored, fmt_name, model)
    if fit is None:
        keys = (("heads", heads), ("form", form.name), ("rule", None))
        why = ("every head's slope is 0: no ALiBi bias",)
        result = CheckResult("alibi", "mismatch", keys, None, None, None, (*notes, *why), model.name, fmt_name, b.shape)
        return BiasReading(form, stored, slopes, None, why, result)
    measured = _measure(b, masked, form, fit, fmt, model)
    convention = (
        ("heads", heads), ("form", form.name), ("row_offset", row_offset(form, q, k)), ("queries", q), ("keys", k),
        *((key, v) for key, v in slopes.convention if key != "heads"),
    )
    found = (_FORM_NOTES[form.name], *slopes.notes)
    outside = []
    if measured.outside:
        assert measured.first is not None
        outside.append(f"{measured.outside} element(s) outside the {model.name} error model; first: "
                       f"{measured.first.describe()}")
    verdict: Literal["matches", "mismatch"] = "matches" if measured.outside == 0 and slopes.matches else "mismatch"
    result = CheckResult(
        "alibi", verdict, convention, measured.max_abs, measured.max_ulp, measured.worst, (*notes, *found, *outside),
        model.name, fmt_name, b.shape,
    )
    return BiasReading(form, stored, slopes, measured, found, result)


def stored_slopes(steps: numpy.ndarray, fmt_name: str) -> numpy.ndarray:
    """Slopes read off a bias (:func:`.bias_form.near_zero_steps`) rounded to its format: the
    stored slopes when the elements near 0 are products of them, as they are whenever the bias is
    m·Δ (bfloat16 in float32: NumPy has no bfloat16)."""
    dtype = {"float64": numpy.float64, "float32": numpy.float32, "float16": numpy.float16}.get(fmt_name)
    if dtype is None:  # bfloat16: round to 8 significant bits
        m, e = numpy.frexp(steps)
        return numpy.ldexp(numpy.round(m * 256) / 256, e).astype(numpy.float32)
    return steps.astype(dtype)


def slope_check(stored: numpy.ndarray, fmt_name: str, model: ErrorModel) -> CheckResult:
    """Slopes read off a bias (:func:`stored_slopes`) checked as a slope vector of the bias's format."""
    return check_alibi_slopes(Declared(stored, "bfloat16") if fmt_name == "bfloat16" else stored, model=model)


def _measure(
    b: numpy.ndarray, masked: numpy.ndarray, form: BiasForm, fit: SlopeFit, fmt: FloatFormat, model: ErrorModel
) -> Measured:
    """Every visible element against m·Δ within |Δ|·E_m + ulp(m·Δ) + 2^-52·|m·Δ| (module
    docstring), plus (ulp(x) + ulp(c))/2 on a row whose constant c was subtracted."""
    m = fit.reference[:, None, None]
    ref = m * form.delta
    c = form.constants[..., None]
    err = numpy.where(masked, 0.0, numpy.abs(b - c - ref))
    unit = ulp(ref, fmt)
    distance = numpy.abs(form.delta)
    # |Δ|·E_m + ulp(m·Δ), E_m = ulp(m) + K·k·|m|·u (+ ulp_F(m)) the slope's bound (module docstring)
    per_u = distance * angle_constant(2.0) * fit.order[:, None, None] * m
    rounding = numpy.where(ref == 0, 0.0, unit) + distance * ulp(m, fmt)
    rounding += numpy.where(c != 0, (ulp(numpy.abs(b), fmt) + ulp(numpy.abs(c), fmt)) / 2, 0.0)  # a row constant
    bound = model.allowance(rounding, per_u, ref, fmt)
    if model.wider_ulp(fmt) is not None:  # E_m's ulp_F(m), times |Δ|, beyond allowance's ulp_F(m·Δ)
        bound = bound + distance * ulp(m, model.wider_ulp(fmt))
    bound += numpy.ldexp(numpy.abs(ref), -52) + distance * numpy.ldexp(m, -52)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        load = numpy.where(bound > 0, err / bound, numpy.where(err > 0, math.inf, 0.0))
        ratio = numpy.where(ref == 0, 0.0, err / unit)
    bad = err > bound

    def worst(flat: int) -> tuple[Worst, int]:
        h, i, j = numpy.unravel_index(flat, b.shape)
        return Worst(float(form.delta[h, i, j]), int(i), int(j), float(b[h, i, j] - c[h, i, 0]), float(ref[h, i, j]),
                     float(err[h, i, j]), float(ratio[h, i, j]), f"head {int(h)}"), int(h)

    first, first_head = worst(int(numpy.argmax(bad))) if bad.any() else (None, -1)
    top = int(numpy.argmax(load))
    most, most_head = worst(top)
    return Measured(int(bad.sum()), first, first_head, most, most_head, float(load.flat[top]), float(err.max()),
                    float(ratio.max()))
