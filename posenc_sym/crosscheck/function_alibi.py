"""Check an ALiBi bias builder ``fn(q_len, k_len)``: its slopes, its form, and how exactly.

The builder returns the bias of H heads, (H, q_len, k_len), or (H, 1, k_len) for the form
broadcast over queries (BLOOM's ``build_alibi_tensor``: slope·j); leading axes of size 1 (a
batch) are dropped. It is called at sizes (:data:`CALLS`) from 8 × 8 to one query over 2^16
keys, and read up to a per-row constant (:mod:`.bias_rows`: what softmax sees):

* **form**: ``causal`` (rows m·j + c: the bias −m·(i − j) on the keys a causal mask keeps,
  the keys after the query masked or left on the same line) or ``symmetric`` (−m·|i − j|); for a
  symmetric or masked row the query's own key must be row i's (i, or i + k_len − q_len when
  the queries are the last ones);
* **slopes**: m_h, read as a step between neighbouring keys (exact for m·j or m·(j − i)
  computed in one product), identified and measured as a slope vector (:func:`.alibi.check_alibi`:
  the rule, power-of-two or interpolated or geometric, and its maximum bias, e.g. MPT's
  ``alibi_bias_max``);
* **every element** against the exact bias of those slopes, relative to its row's anchor key a
  (the one nearest 0), within the bound derived below;
* **bugs named**: the distance rewarded instead of penalised (the sign), slopes in reverse (or
  another) head order, slopes that follow no rule (a geometric sequence with another ratio or
  start is named by its ratio and start), rows that are not ALiBi's, and a query placed on the
  wrong key.

**The bound.** An implementation forms a bias from integer positions below q_len + k_len (exact
in its format) and a slope m̂_h that carries relative error at most (h + 2)·u when computed as a
power in a format of unit roundoff u (:mod:`.alibi`); one or two products with positions and a
difference each round once. So an element is within (2(h + 2) + 3)·u·m_h·(q_len + k_len) +
ulp(x) of m_h times its distance plus the row constant, and
K·(h + 2)·u·m_h·(q_len + k_len) + ulp(2|x|) bounds that for K = 3·ln 2 + 4 ≥ 6 (the
``angle:FORMAT`` model of :mod:`.precision` with "angle" (h + 2)·m_h·(q_len + k_len) at base 2,
ulp at 2|x| covering a computed value a binade below the exact one). A row is measured relative
to its anchor, so the allowance is that of both elements, plus our reference's 2^-50 relative.

>>> import numpy
>>> def bloom_like(q_len, k_len):  # slope·j, one row broadcast over the queries
...     slopes = numpy.float32(2.0) ** -numpy.arange(1, 9, dtype=numpy.float32)
...     return (slopes[:, None, None] * numpy.arange(k_len, dtype=numpy.float32)).astype(numpy.float32)
>>> result = check_alibi_function(bloom_like, heads=8)
>>> result.verdict, result.convention_dict()["rule"], result.convention_dict()["form"]
('matches', 'power-of-two', 'causal')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy

from ..errors import PosencSymError
from ..numerics import data_format, ulp
from .alibi import check_alibi, slopes_exact
from .bias_rows import Row, head_form, masked_entries, read_rows
from .common import resolve_model
from .expect import conclude, parse_expectations
from .precision import ErrorModel
from .probe import call_builder
from .result import CheckResult, Worst

__all__ = ["CALLS", "check_alibi_function"]

#: (q_len, k_len) of each call: square biases, a few queries over many keys, one query over 2^16.
CALLS: tuple[tuple[int, int], ...] = ((8, 8), (64, 64), (3, 300), (1, 1 << 16))


@dataclass(frozen=True)
class _Call:
    q_len: int
    k_len: int
    bias: numpy.ndarray  # (heads, rows, keys), rows = q_len or 1
    masked: numpy.ndarray
    rows: list[list[Row]]


def check_alibi_function(
    fn: Callable[..., Any],
    *,
    heads: int,
    model: ErrorModel | None = None,
    expect: Mapping[str, Any] | str | None = None,
    calls: Sequence[tuple[int, int]] = CALLS,
) -> CheckResult:
    """Identify and measure the ALiBi bias ``fn(q_len, k_len)`` builds for ``heads`` heads
    (module docstring); ``model`` and ``expect`` as for a slope vector."""
    if not isinstance(heads, int) or heads < 1:
        raise PosencSymError(f"heads={heads!r}: pass the number of heads H ≥ 1 the bias has")
    wanted = parse_expectations(expect)
    read, fmt_name, bugs = _read_calls(fn, heads, calls)
    model = resolve_model(model, fmt_name)
    forms = [head_form([r.shape for c in read for r in c.rows[h]]) for h in range(heads)]
    form, sign = _overall(forms, bugs)
    slopes = _slopes(read, heads)
    slope_result = _slope_check(slopes, fmt_name, model)
    bugs.extend(_slope_bugs(slopes, slope_result, fmt_name, model))
    if form == "symmetric" or any(c.masked.any() for c in read):
        bugs.extend(_query_bugs(read))
    result = _measure(read, slope_result, form, sign, model, fmt_name, bugs)
    return conclude(result, wanted, model, ())


def _read_calls(
    fn: Callable[..., Any], heads: int, calls: Sequence[tuple[int, int]]
) -> tuple[list[_Call], str, list[tuple[str, str]]]:
    read, names, bugs = [], set(), []
    for q, k in calls:
        bias, name = call_builder(fn, q, k)
        bias = _three_axes(bias, q, k, heads)
        masked = masked_entries(bias, name)
        bad = ~numpy.isfinite(bias) & ~masked
        if bad.any():
            index = tuple(int(i) for i in numpy.argwhere(bad)[0])
            bugs.append(("non-finite", f"fn({q}, {k}) holds NaN or +infinity (first at head, row, key {index})"))
            continue
        bias = numpy.where(masked, 0.0, bias)  # masked keys are never measured; 0 keeps arithmetic quiet
        read.append(_Call(q, k, bias, masked, read_rows(bias, masked)))
        names.add(name)
    if len(names) != 1:
        raise PosencSymError(
            f"fn(q_len, k_len) returned {'no usable bias' if not names else f'dtypes {sorted(names)}'} "
            f"over the calls {list(calls)}"
        )
    return read, names.pop(), bugs


def _three_axes(bias: numpy.ndarray, q: int, k: int, heads: int) -> numpy.ndarray:
    while bias.ndim > 3 and bias.shape[0] == 1:
        bias = bias[0]
    if bias.ndim == 2 and heads == 1:
        bias = bias[None]
    if bias.ndim != 3 or bias.shape[0] != heads or bias.shape[1] not in (1, q) or bias.shape[2] != k:
        raise PosencSymError(
            f"fn({q}, {k}) returned shape {tuple(bias.shape)}; expected ({heads}, {q}, {k}) or ({heads}, 1, {k}): "
            "(heads, q_len, k_len), or one row broadcast over the queries"
        )
    return bias


def _overall(forms: list[tuple[str, int]], bugs: list[tuple[str, str]]) -> tuple[str, int]:
    """The form and sign of all heads (heads of slope 0 aside); a bug when they disagree."""
    found = {f for f in forms if f[0] != "flat"}
    if len(found) == 1:
        form, sign = found.pop()
        if form != "irregular":
            if sign < 0:
                bugs.append(("bias-sign", _SIGN_NOTE[form]))
            return form, sign
    bad = next((h for h, f in enumerate(forms) if f[0] == "irregular"), None)
    detail = f"head {bad}'s rows are not linear in the key position" if bad is not None else (
        f"heads differ in form: {sorted(found)}")
    bugs.append(("not-alibi", f"not an ALiBi bias: {detail} (up to a per-row constant, each row must be "
                              "−m·|i − j| or m·j, the keys after the query possibly masked)"))
    return "irregular", 1


_SIGN_NOTE = {
    "causal": "wrong sign: the bias grows with the distance to earlier keys (+m·(i − j) up to a row constant), "
    "so attention is pushed toward far tokens; ALiBi subtracts m·(i − j)",
    "symmetric": "wrong sign: the bias grows with the distance (+m·|i − j|), so attention is pushed toward "
    "far tokens; ALiBi subtracts m·|i − j|",
}


def _slopes(read: list[_Call], heads: int) -> numpy.ndarray:
    """m_h per head: the step between neighbouring unmasked keys whose values are nearest 0 (where
    m·1 or m·(j − i) is one exact product), over every call."""
    out = numpy.zeros(heads)
    for h in range(heads):
        best = numpy.inf
        for c in read:
            x = c.bias[h]
            steps = numpy.abs(numpy.diff(x, axis=-1))
            size = numpy.maximum(numpy.abs(x[:, 1:]), numpy.abs(x[:, :-1]))
            size[c.masked[h][:, 1:] | c.masked[h][:, :-1]] = numpy.inf
            i, j = numpy.unravel_index(int(numpy.argmin(size)), size.shape)
            if size[i, j] < best:
                best, out[h] = float(size[i, j]), float(steps[i, j])
    return out


def _slope_check(values: numpy.ndarray, fmt: str, model: ErrorModel) -> CheckResult:
    """:func:`.alibi.check_alibi` on slopes read from a bias in format ``fmt``, declared as that
    format (they are its numbers: a step between two of them near 0, so no note on their format)."""
    stored = values.astype(numpy.float32 if fmt == "bfloat16" else fmt)
    return check_alibi(stored, model=model, expect={"dtype": fmt})


def _slope_bugs(
    slopes: numpy.ndarray, result: CheckResult, fmt: str, model: ErrorModel
) -> list[tuple[str, str]]:
    if result.matches:
        return []
    for order, tag, text in (
        (slopes[::-1], "reversed-slopes", "slopes in reverse head order: head h has the slope the rule gives head "
         f"{slopes.size - 1}−h (the steepest last)"),
        (numpy.sort(slopes)[::-1], "permuted-slopes", "slopes in another head order: sorted from steepest, "
         "they are the rule's; head h must have the h-th steepest slope"),
    ):
        if _slope_check(order, fmt, model).matches:
            return [(tag, text)]
    return [("slope-rule", f"the slopes follow no ALiBi rule: {_geometric_note(slopes)}")]


def _geometric_note(slopes: numpy.ndarray) -> str:
    """The slopes as 2^−(b + a·h) when geometric, compared with the rule's a = b = B/n."""
    n = slopes.size
    with numpy.errstate(divide="ignore", invalid="ignore"):
        logs = -numpy.log2(slopes)
    steps = numpy.diff(logs)
    if n < 3 or not numpy.isfinite(logs).all() or numpy.ptp(steps) > 1e-6 * max(abs(float(steps.mean())), 1e-300):
        rule = ", ".join(f"{float(s):.6g}" for s in slopes[:4])
        return f"slopes {rule}{', …' if n > 4 else ''} are not a geometric sequence"
    a, b = float(steps.mean()), float(logs[0]) + 0.0  # + 0.0: no "−0" for a first slope of 1
    return (
        f"they are 2^−(b + a·h) with ratio 2^−a, a = {a:.6g}, and first slope 2^−b, b = {b:.6g}; the "
        f"power-of-two rule has a = b = 8/n = {8 / n:.6g} for n = {n} heads (the first slope equals the ratio)"
    )


def _query_bugs(read: list[_Call]) -> list[tuple[str, str]]:
    """A symmetric or masked row must put the query on its own key: i, or i + k_len − q_len."""
    for c in read:
        if c.bias.shape[1] != c.q_len:
            continue
        for h, rows in enumerate(c.rows):
            for i, r in enumerate(rows):
                if r.shape in ("peak", "valley") or c.masked[h, i].any():
                    at = r.apex if r.shape in ("peak", "valley") else r.last
                    last = i + c.k_len - c.q_len
                    if at not in (i, last):
                        also = f" (or {last}, the queries being the last ones)" if last != i else ""
                        return [("query-position", f"fn({c.q_len}, {c.k_len}), head {h}, row {i}: the query sits on "
                                 f"key {at}, not on key {i}{also}: the distances are off by {at - i:+d}")]
    return []


def _measure(
    read: list[_Call],
    slopes: CheckResult,
    form: str,
    sign: int,
    model: ErrorModel,
    fmt_name: str,
    bugs: list[tuple[str, str]],
) -> CheckResult:
    conv = slopes.convention_dict()
    exact = numpy.array([float(s) for s in slopes_exact(len(read[0].rows), conv["closest_rule"], conv["max_bias"])])
    found = _Errors()
    for c in read:
        for h in range(c.bias.shape[0]):
            for i, r in enumerate(c.rows[h]):
                found.add_row(c, h, i, r, form, sign * exact[h], model, fmt_name)
    notes = [n for _, n in bugs] + list(slopes.notes)
    if found.outside:
        notes.append(f"{found.outside} element(s) outside the {model.name} error model; first: {found.first}")
    else:
        notes.append("every element is within the model of its row's exact bias, up to the row's constant")
    rows = "one-row" if all(c.bias.shape[1] == 1 for c in read) else "per-query"
    convention = (*slopes.convention, ("form", form), ("rows", rows))
    verdict: Literal["matches", "mismatch"] = "mismatch" if bugs or found.outside or not slopes.matches else "matches"
    info = {"calls": [[c.q_len, c.k_len] for c in read], "bugs": [t for t, _ in bugs]}
    return CheckResult(
        "alibi", verdict, convention, found.max_abs, found.max_ulp, found.worst, tuple(notes), model.name,
        fmt_name, tuple(read[-1].bias.shape), extra=(("function", info),),
    )


class _Errors:
    """Running maxima of the row-relative errors over every call, head and row."""

    def __init__(self) -> None:
        self.max_abs = self.max_ulp = 0.0
        self.load = -1.0
        self.worst: Worst | None = None
        self.outside = 0
        self.first = ""

    def add_row(
        self, c: _Call, h: int, i: int, r: Row, form: str, m: float, model: ErrorModel, fmt_name: str
    ) -> None:
        if r.shape in ("short", "flat", "irregular"):
            return
        fmt = data_format(fmt_name)
        j = numpy.arange(r.last + 1)
        x = c.bias[h, i, : r.last + 1]
        # symmetric: the query's key, where the row is highest (lowest under the wrong sign);
        # causal: the key nearest 0, whose own rounding error is least
        anchor = int(numpy.argmax(x if m > 0 else -x)) if form == "symmetric" else int(numpy.argmin(numpy.abs(x)))
        ref = -m * numpy.abs(j - anchor) if form == "symmetric" else m * (j - anchor)
        err = numpy.abs((x - x[anchor]) - ref)
        angle = (h + 2) * abs(m) * (c.q_len + c.k_len)
        allowed = model.bound(2 * numpy.abs(x), angle, 2.0, fmt)
        limit = allowed + allowed[anchor] + numpy.ldexp(numpy.abs(ref), -50)
        load = err / limit
        with numpy.errstate(divide="ignore", invalid="ignore"):
            ratio = numpy.where(ref != 0, err / ulp(numpy.abs(ref), fmt), 0.0)
        self.max_abs = max(self.max_abs, float(err.max()))
        self.max_ulp = max(self.max_ulp, float(ratio.max()))
        where = f"fn({c.q_len}, {c.k_len})[{h}]"

        def element(k: int) -> Worst:
            return Worst(float(k), i, k, float(x[k] - x[anchor]), float(ref[k]), float(err[k]),
                         float(ratio[k]), where)

        k = int(numpy.argmax(load))
        if load[k] > self.load:
            self.load, self.worst = float(load[k]), element(k)
        bad = err > limit
        if bad.any() and not self.outside:
            self.first = element(int(numpy.argmax(bad))).describe()
        self.outside += int(bad.sum())
