"""Check an ALiBi bias builder ``fn(q_len, k_len)``: each bias it returns, and what holds across calls.

The builder returns the bias of H heads, (H, q_len, k_len), or (H, 1, k_len) for the form
broadcast over queries (BLOOM's ``build_alibi_tensor``: slope·j); leading axes of size 1 (a
batch) are dropped. It is called at sizes (:data:`CALLS`) from 8 × 8 to one query over 2^16
keys, and each bias is read as an array is (:func:`.alibi_bias.read_bias`: the form up to a
constant per row, what softmax sees; the slopes and their rule; every element within the bound
derived there). What is about the *function* is checked here:

* its **calls**: each returns (H, q_len, k_len) or (H, 1, k_len), finite but for masked keys
  (−∞, the format's lowest, or one constant far below every value such as −10⁴);
* **one form and one set of slopes** across calls: a line (``linear``) is what a causal or
  symmetric builder returns for a single query, so it agrees with either; causal and symmetric
  calls, or calls whose slopes follow different rules, do not agree;
* **bugs named**: the distance rewarded instead of penalised (the sign: the bias is read again
  with its sign turned, to name its slopes), slopes in reverse (or another) head order, slopes
  that follow no rule (a geometric sequence is named by its ratio and start), a query placed on
  another key than its own (i + k_len − q_len: the queries are the last ones), rows that are no
  ALiBi form.

>>> import numpy
>>> def bloom_like(q_len, k_len):  # slope·j, one row broadcast over the queries
...     slopes = numpy.float32(2.0) ** -numpy.arange(1, 9, dtype=numpy.float32)
...     return (slopes[:, None, None] * numpy.arange(k_len, dtype=numpy.float32)).astype(numpy.float32)
>>> result = check_alibi_function(bloom_like, heads=8)
>>> result.verdict, result.convention_dict()["rule"], result.convention_dict()["form"]
('matches', 'power-of-two', 'linear')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy

from ..errors import PosencSymError
from .alibi_bias import BiasReading, read_bias, slope_check
from .bias_form import masked_entries
from .common import resolve_model
from .expect import conclude, parse_expectations
from .precision import ErrorModel, as_error_model
from .probe import call_builder
from .result import CheckResult, Worst

__all__ = ["CALLS", "check_alibi_function"]

#: (q_len, k_len) of each call: square biases, a few queries over many keys, one query over 2^16.
CALLS: tuple[tuple[int, int], ...] = ((8, 8), (64, 64), (3, 300), (1, 1 << 16))


@dataclass(frozen=True)
class _Call:
    """One call read: ``reading`` of the bias as returned, ``turned`` of it with its sign turned
    (read only when the sign is wrong), ``rows`` the bias's rows (q_len or 1)."""

    q_len: int
    k_len: int
    rows: int
    reading: BiasReading
    turned: BiasReading | None

    @property
    def name(self) -> str:
        return f"fn({self.q_len}, {self.k_len})"

    @property
    def used(self) -> BiasReading | None:
        """The reading whose slopes and elements count: the bias's own, or with its sign turned."""
        if self.reading.form.name:
            return self.reading
        return self.turned if self.turned is not None and self.turned.form.name else None


def check_alibi_function(
    fn: Callable[..., Any],
    *,
    heads: int,
    model: ErrorModel | str | None = None,
    expect: Mapping[str, Any] | str | None = None,
    calls: Sequence[tuple[int, int]] = CALLS,
) -> CheckResult:
    """Identify and measure the ALiBi bias ``fn(q_len, k_len)`` builds for ``heads`` heads
    (module docstring); ``model`` and ``expect`` as for a slope vector."""
    if not isinstance(heads, int) or heads < 1:
        raise PosencSymError(f"heads={heads!r}: pass the number of heads H ≥ 1 the bias has")
    model = as_error_model(model)  # a name ('faithful') as on the command line, or an ErrorModel
    wanted = parse_expectations(expect)
    outputs, fmt_name, bugs = _call_all(fn, heads, calls)
    model = resolve_model(model, fmt_name)
    read = [_read(q, k, bias, masked, fmt_name, model) for q, k, bias, masked in outputs]
    bugs.extend(_form_bugs(read))
    form = _one_form(read, bugs)
    bugs.extend(_slope_bugs(read, fmt_name, model))
    return conclude(_result(read, form, bugs, heads, model, fmt_name), wanted, model, ())


def _call_all(
    fn: Callable[..., Any], heads: int, calls: Sequence[tuple[int, int]]
) -> tuple[list[tuple[int, int, numpy.ndarray, numpy.ndarray]], str, list[tuple[str, str]]]:
    outputs, names, bugs = [], set(), []
    for q, k in calls:
        bias, name = call_builder(fn, q, k)
        bias = _three_axes(bias, q, k, heads)
        masked = masked_entries(bias, name)
        bad = ~numpy.isfinite(bias) & ~masked
        if bad.any():
            index = tuple(int(i) for i in numpy.argwhere(bad)[0])
            bugs.append(("non-finite", f"fn({q}, {k}) holds NaN or +infinity (first at head, row, key {index})"))
            continue
        outputs.append((q, k, bias, masked))
        names.add(name)
    if not names:
        why = f" ({bugs[0][1]})" if bugs else ""
        raise PosencSymError(f"fn(q_len, k_len) returned no usable bias over the calls {list(calls)}{why}")
    if len(names) > 1:
        raise PosencSymError(f"fn(q_len, k_len) returned dtypes {sorted(names)} over the calls {list(calls)}")
    return outputs, names.pop(), bugs


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


def _read(q: int, k: int, bias: numpy.ndarray, masked: numpy.ndarray, fmt: str, model: ErrorModel) -> _Call:
    reading = read_bias(bias, masked, fmt, model)
    turned = read_bias(-bias, masked, fmt, model) if reading.form.fault == "sign" else None
    return _Call(q, k, bias.shape[1], reading, turned)


_SIGN_NOTE = {
    "line": "wrong sign: the bias grows with the distance to earlier keys (+m·(i − j) up to a row constant), "
    "so attention is pushed toward far tokens; ALiBi subtracts m·(i − j)",
    "symmetric": "wrong sign: the bias grows with the distance (+m·|i − j|), so attention is pushed toward "
    "far tokens; ALiBi subtracts m·|i − j|",
}


def _form_bugs(read: list[_Call]) -> list[tuple[str, str]]:
    """The sign (any call), else a query on another key (the first call), else no ALiBi form."""
    forms = [c.reading.form for c in read]
    turned = {f.turned for f in forms if f.fault == "sign"}
    if turned and not (turned == {"line"} and any(f.name == "symmetric" for f in forms)):
        return [("bias-sign", _SIGN_NOTE["symmetric" if "symmetric" in turned else "line"])]
    for c in read:
        where = _misplaced(c)
        if where is not None:
            h, i, at, query = where
            return [("query-position", f"{c.name}, head {h}, row {i}: the query sits on key {at}, not on key "
                                       f"{query}: the distances are off by {at - query:+d}")]
    for c in read:
        if c.reading.form.fault and c.k_len > 1:  # one key: softmax gives it 1, whatever the bias
            return [("not-alibi", f"not an ALiBi bias: {c.name}: {c.reading.form.why} (up to a per-row constant, "
                                  "each row must be −m·|i − j| or m·j, the keys after the query possibly masked)")]
    return []


def _misplaced(c: _Call) -> tuple[int, int, int, int] | None:
    """(head, row, key the query sits on, its own key) of a call whose query is elsewhere; rows falling
    from key 0 in a function whose other calls are symmetric are such a call, the query on key 0."""
    form = c.reading.form
    if form.fault == "query":
        return form.misplaced
    if form.fault == "sign" and form.turned == "line":
        return int(numpy.argmax(form.active)), 0, 0, c.k_len - c.rows
    return None


def _one_form(read: list[_Call], bugs: list[tuple[str, str]]) -> str | None:
    """The form of the function (a line agrees with causal and symmetric calls); a bug when the
    calls disagree in form or in their slopes (rule, maximum bias, zero-slope heads)."""
    used = [(c, r) for c in read if (r := c.used) is not None]
    if not used:
        return None
    forms = {r.form.name for _, r in used} - {"linear"}
    if len(forms) > 1:
        listed = ", ".join(f"{c.name} {r.form.name}" for c, r in used)
        bugs.append(("inconsistent-calls", f"the calls build different forms: {listed}"))
        return None
    first = (used[0][0], _slope_keys(used[0][1]))
    other = next(((c, keys) for c, r in used if (keys := _slope_keys(r)) != first[1]), None)
    if other is not None:
        differ = [k for k in first[1] if first[1][k] != other[1].get(k)]
        named = (f"{c.name} {' '.join(f'{k}={keys[k]}' for k in differ)}" for c, keys in (first, other))
        bugs.append(("inconsistent-calls", "the calls give different slopes: " + ", ".join(named)))
    return forms.pop() if forms else "linear"


def _slope_keys(reading: BiasReading) -> dict[str, Any]:
    assert reading.slopes is not None
    return {k: v for k, v in reading.slopes.convention if k != "heads"}


def _slope_bugs(read: list[_Call], fmt: str, model: ErrorModel) -> list[tuple[str, str]]:
    """Slopes off every rule: in another head order (reversed, or any order), or no rule at all."""
    off = next((r for r in (c.used for c in read) if r is not None and r.slopes is not None
                and not r.slopes.matches), None)
    if off is None or off.stored is None:
        return []
    slopes = numpy.asarray(off.stored, dtype=numpy.float64)
    for order, tag, text in (
        (slopes[::-1], "reversed-slopes", "slopes in reverse head order: head h has the slope the rule gives head "
         f"{slopes.size - 1}−h (the steepest last)"),
        (numpy.sort(slopes)[::-1], "permuted-slopes", "slopes in another head order: sorted from steepest, "
         "they are the rule's; head h must have the h-th steepest slope"),
    ):
        if slope_check(order.astype(off.stored.dtype), fmt, model).matches:
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


def _result(
    read: list[_Call], form: str | None, bugs: list[tuple[str, str]], heads: int, model: ErrorModel, fmt_name: str
) -> CheckResult:
    used = [(c, r) for c in read if (r := c.used) is not None]
    rows = "one-row" if all(c.rows == 1 for c in read) else "per-query"
    first = used[0][1] if used else None
    slopes = first.slopes.convention if first is not None and first.slopes is not None else (
        ("heads", heads), ("rule", None))
    notes = [n for _, n in bugs]
    for _, r in used:  # the notes of form and slopes, once, from the calls of the function's form
        notes.extend(n for n in r.notes if n not in notes and (r.form.name == form or form is None))
    measured = [(c, r.measured) for c, r in used if r.measured is not None]
    worst, outside, first_bad = _elements(measured)
    # a bias of the wrong sign is measured with its sign turned (to name its slopes): say so
    turned = "with the sign turned, " if any(c.used is c.turned for c in read if c.turned is not None) else ""
    if outside:
        notes.append(f"{turned}{outside} element(s) outside the {model.name} error model; first: {first_bad}")
    elif measured:
        notes.append(f"{turned}every element is within the model of its row's exact bias, up to the row's constant")
    convention = (*slopes, ("form", form), ("rows", rows))
    matches = not bugs and used and all(r.result.matches for _, r in used)
    verdict: Literal["matches", "mismatch"] = "matches" if matches else "mismatch"
    info = {"calls": [[c.q_len, c.k_len] for c in read], "bugs": [t for t, _ in bugs]}
    return CheckResult(
        "alibi", verdict, convention,
        max((m.max_abs for _, m in measured), default=None), max((m.max_ulp for _, m in measured), default=None),
        worst, tuple(notes), model.name, fmt_name, (heads, read[-1].rows, read[-1].k_len) if read else (heads,),
        extra=(("function", info),),
    )


def _elements(measured: list[tuple[_Call, Any]]) -> tuple[Worst | None, int, str]:
    """The worst element over every call (by its error over its bound), how many are outside, the first."""
    worst, load, outside, first = None, -1.0, 0, ""
    for c, m in measured:
        if m.load > load:
            load, worst = m.load, replace(m.worst, array=f"{c.name}[{m.worst_head}]")
        if m.outside and not outside:
            first = replace(m.first, array=f"{c.name}[{m.first_head}]").describe()
        outside += m.outside
    return worst, outside, first
