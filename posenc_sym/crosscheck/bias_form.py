"""How an ALiBi bias runs along its keys: masks, row shapes, the form, each element's distance.

A bias (heads, rows, keys) holds, for query row i and key j, the head's slope m times a signed
distance Δ. Key j sits at position j, query row i at i + keys − rows (the last query at the last
key, as x-transformers' ``arange(j − i, j)`` and every decoder with a cache; BLOOM's single row
(heads, 1, keys) is the last query). The forms real code builds:

``linear``     m·(j − o): one line per row, rising toward later keys (BLOOM's ``build_alibi_tensor``:
               m·j, o = 0; MPT's ``build_mpt_alibi_tensor``: m·(j − (k − 1))); −m·(i − j) up to a
               constant per row, which softmax ignores; o is the row's offset;
``causal``     m·(j − i) at and below the diagonal, the keys after the query masked;
``symmetric``  −m·|j − i| (x-transformers' ``AlibiPositionalBias``; MPT without causal masking).

**Masks** (:func:`masked_entries`) are −∞, at most half the format's most negative number (what
``torch.finfo(dtype).min`` masks fill in), or one constant far below every other value (−10⁴,
−10⁹ in older code).

**Rows** (:class:`Row`) are read from the signs of the steps x_(j+1) − x_j between neighbouring
unmasked keys: rising, falling, a peak (symmetric), a valley (symmetric, wrong sign). Steps of 0
are allowed anywhere (a coarse format rounds m·j and m·(j + 1) to one number far from 0): the
shape only says which line to measure the row against, and the measurement decides whether it
is on it. A head's rows give its form (:func:`head_form`); rows falling toward later keys, or
valleys, are the right form with the wrong sign.

**Slopes** (:func:`near_zero_steps`) are read as the step between the neighbouring unmasked keys
whose values are nearest 0: m̂·0 and m̂·1 are exact products, so the step is the stored slope m̂
(a least-squares fit over long rows is not: rounding far from 0 moves it).

**Row constants.** Softmax over one query's keys is unchanged by adding a constant to the row,
so a row is read up to one: c_i, the row's value at its key of distance 0 (the query for causal and
symmetric rows; o for a line when o is one of the keys, else the key nearest 0 becomes o), is 0 for
every bias computed as m·Δ, and is subtracted otherwise (:class:`BiasForm`: ``constants``).

>>> j = numpy.arange(6.0)
>>> rows = numpy.stack([-0.5 * numpy.abs(j - i) for i in range(3, 6)])[None]  # one head, symmetric
>>> form = read_form(rows, numpy.zeros(rows.shape, dtype=bool))
>>> form.name, form.offsets.tolist(), form.steps.tolist()
('symmetric', [[3, 4, 5]], [0.5])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy

__all__ = ["BiasForm", "Row", "head_form", "masked_entries", "near_zero_steps", "read_form", "read_rows", "row_offset"]

_MOST_NEGATIVE = {"float64": 1.7976931348623157e308, "float32": 3.4028234663852886e38,
                  "float16": 65504.0, "bfloat16": 3.3895313892515355e38}


def masked_entries(bias: numpy.ndarray, fmt: str) -> numpy.ndarray:
    """Entries a mask removes: −∞, at most half the format's most negative number, or one constant
    far below every other value: below twice the next lowest value, which no ALiBi value is (the
    lowest of −m·d over distances d, next to −m·(d − 1), or a row constant shifting both).

    >>> masked_entries(numpy.array([[[0.0, -1e4], [-0.5, 0.0]]]), "float32").tolist()
    [[[False, True], [False, False]]]
    """
    masked = (bias == -numpy.inf) | (bias <= -0.5 * _MOST_NEGATIVE[fmt])
    rest = bias[~masked & numpy.isfinite(bias)]
    if rest.size:
        low = float(rest.min())
        above = rest[rest > low]
        if above.size and low < 2 * min(float(above.min()), 0.0) - 1:
            masked |= bias == low
    return masked


@dataclass(frozen=True)
class Row:
    """One row's shape: "rising", "falling", "peak", "valley", "flat" (no step moves), "irregular"
    (moves up and down more than once, or a mask not at its end) or "short" (fewer than two keys
    unmasked); ``apex`` the key of its peak or valley (for a monotone row, the end the symmetric
    form would put the query at); ``last`` the last unmasked key."""

    shape: str
    apex: int
    last: int


def _row(steps: numpy.ndarray, last: int) -> Row:
    if last < 1:
        return Row("short", 0, last)
    signs = numpy.sign(steps)[numpy.sign(steps) != 0]  # the steps that move, in order
    if signs.size == 0:
        return Row("flat", 0, last)
    change = numpy.nonzero(numpy.diff(signs))[0]
    if change.size == 0:
        return Row("rising", last, last) if signs[0] > 0 else Row("falling", 0, last)
    if change.size > 1:
        return Row("irregular", 0, last)
    moving = numpy.nonzero(steps)[0]
    apex = int(moving[int(change[0]) + 1])  # the key where the second run of moves starts
    return Row("peak" if signs[0] > 0 else "valley", apex, last)


def read_rows(bias: numpy.ndarray, masked: numpy.ndarray) -> list[list[Row]]:
    """The rows of each head of ``bias`` (heads, rows, keys); keys unmasked must be one run from
    key 0 (a mask removes a tail of future keys), else the row is "irregular"."""
    out = []
    for h in range(bias.shape[0]):
        rows = []
        for i in range(bias.shape[1]):
            keep = numpy.nonzero(~masked[h, i])[0]
            if keep.size and (keep[0] != 0 or keep[-1] != keep.size - 1):
                rows.append(Row("irregular", int(keep[0]), int(keep[-1])))
                continue
            last = int(keep[-1]) if keep.size else -1
            rows.append(_row(numpy.diff(bias[h, i, : last + 1]), last))
        out.append(rows)
    return out


def head_form(shapes: Sequence[str]) -> tuple[str, int]:
    """(form, sign) of one head from its rows' shapes: ``line`` (rising rows: m·j + c), or
    ``symmetric`` (peaks, and rising or falling rows where the query sits at an end); sign −1
    when the same forms come with the distance rewarded (falling rows, valleys), ("flat", 0) for
    a head whose slope is 0 and ("irregular", 0) for anything else.

    >>> head_form(["short", "rising", "rising"]), head_form(["peak", "rising"]), head_form(["valley"])
    (('line', 1), ('symmetric', 1), ('symmetric', -1))
    """
    kinds = set(shapes) - {"short"}
    if not kinds or kinds == {"flat"}:
        return "flat", 0
    if kinds == {"rising"}:
        return "line", 1
    if kinds == {"falling"}:
        return "line", -1
    if kinds <= {"peak", "rising", "falling"} and ("peak" in kinds or {"rising", "falling"} <= kinds):
        return "symmetric", 1  # rising and falling rows alone: the queries at the two ends (two keys)
    if "valley" in kinds and kinds <= {"valley", "rising", "falling"}:
        return "symmetric", -1
    return "irregular", 0


def near_zero_steps(bias: numpy.ndarray, masked: numpy.ndarray) -> numpy.ndarray:
    """|x_(j+1) − x_j| of each head at the neighbouring unmasked keys whose values are nearest 0,
    over all its rows (module docstring); 0 for a head with fewer than two keys.

    >>> near_zero_steps(numpy.array([[[0.0, 0.25, 0.5]], [[-0.25, 0.0, 0.0]]]), numpy.zeros((2, 1, 3), bool)).tolist()
    [0.25, 0.0]
    """
    heads = bias.shape[0]
    if bias.shape[-1] < 2:
        return numpy.zeros(heads)
    size = numpy.maximum(numpy.abs(bias[..., 1:]), numpy.abs(bias[..., :-1]))
    size = numpy.where(masked[..., 1:] | masked[..., :-1], numpy.inf, size).reshape(heads, -1)
    steps = numpy.abs(numpy.diff(bias, axis=-1)).reshape(heads, -1)
    best = numpy.argmin(size, axis=1)
    found = steps[numpy.arange(heads), best]
    return numpy.where(numpy.isfinite(size[numpy.arange(heads), best]), found, 0.0)


@dataclass(frozen=True)
class BiasForm:
    """The form every head with a non-zero slope follows, and each element's signed distance Δ.

    ``offsets`` (heads, rows): the key where Δ = 0 (the query for causal and symmetric rows);
    ``constants`` (heads, rows): each row's constant, subtracted before measuring (module
    docstring); ``steps`` (heads,): the slope magnitudes read near 0. When no form fits, ``name``
    is "" and ``fault`` says why: "constant" (every head flat), "irregular" or "mixed" (rows or
    heads that are not one ALiBi form), "sign" (a form with the distance rewarded: ``turned`` is
    that form, "line" or "symmetric") or "query" (``misplaced``: head, row, the key the query sits
    on and the key it belongs on); ``why`` in words."""

    name: str
    delta: numpy.ndarray
    offsets: numpy.ndarray
    constants: numpy.ndarray
    active: numpy.ndarray
    steps: numpy.ndarray
    fault: str = ""
    why: str = ""
    turned: str = ""
    misplaced: tuple[int, int, int, int] | None = None


_WRONG_SIGN = {
    "line": "the bias falls toward later keys (−m·j): the wrong sign, ALiBi rises toward the query",
    "symmetric": "the bias has a valley or a peak away from the query: −m·|i − j| has its maximum 0 at the "
                 "query's own key, and a bias growing with the distance is the wrong sign",
}


def read_form(bias: numpy.ndarray, masked: numpy.ndarray) -> BiasForm:
    """Which form ``bias`` (heads, rows, keys; masked entries given by ``masked``, their values
    ignored) follows, with each element's distance and each row's constant (module docstring)."""
    heads, q, k = bias.shape
    query = numpy.arange(q) + (k - q)
    rows = read_rows(bias, masked)
    forms = [head_form([r.shape for r in rows[h]]) for h in range(heads)]
    active = numpy.array([f[0] != "flat" for f in forms])
    steps = near_zero_steps(bias, masked)

    def unread(fault: str, why: str, turned: str = "", misplaced: tuple[int, int, int, int] | None = None) -> BiasForm:
        none = numpy.zeros((heads, q), dtype=numpy.int64)
        return BiasForm("", numpy.zeros(bias.shape), none, none.astype(numpy.float64), active, steps, fault, why,
                        turned, misplaced)

    if not active.any():
        return unread("constant", "every head's bias is constant")
    irregular = next((h for h, f in enumerate(forms) if f[0] == "irregular"), None)
    if irregular is not None:
        return unread("irregular", f"head {irregular}'s rows are not linear in the key position")
    found = {f for f, a in zip(forms, active, strict=True) if a}
    if len(found) > 1:
        return unread("mixed", "the heads follow different forms")
    form, sign = found.pop()
    if sign < 0:
        return unread("sign", _WRONG_SIGN[form], turned=form)
    at_query = numpy.broadcast_to(query, (heads, q)).astype(numpy.int64)
    if form == "symmetric":
        wrong = next(((int(h), i, r.apex, int(query[i])) for h in numpy.flatnonzero(active)
                      for i, r in enumerate(rows[h]) if r.shape not in ("short", "flat") and r.apex != query[i]), None)
        if wrong is not None:
            return unread("query", _WRONG_SIGN["symmetric"], misplaced=wrong)
        return _distances("symmetric", bias, at_query, active, steps)
    if masked.any():
        if not numpy.array_equal(masked, numpy.broadcast_to(numpy.arange(k)[None, :] > query[:, None], masked.shape)):
            wrong = next(((h, i, r.last, int(query[i])) for h in range(heads) for i, r in enumerate(rows[h])
                          if r.last != query[i]), None)
            return unread("query", "the masked elements are not those above the diagonal", misplaced=wrong)
        return _distances("causal", bias, at_query, active, steps)
    return _distances("linear", bias, _line_offsets(bias, steps, active, query), active, steps)


def _line_offsets(
    bias: numpy.ndarray, steps: numpy.ndarray, active: numpy.ndarray, query: numpy.ndarray
) -> numpy.ndarray:
    """o of each row m·(j − o) + c: from the key j0 nearest 0, o = j0 − round(x_j0/m), an integer
    offset that reproduces every m·Δ exactly; when that o is not one of the keys (a constant that is
    no multiple of m), o = j0 and the row's constant is x_j0."""
    k = bias.shape[2]
    j0 = numpy.argmin(numpy.abs(bias), axis=2)
    x0 = numpy.take_along_axis(bias, j0[..., None], axis=2)[..., 0]
    with numpy.errstate(divide="ignore", invalid="ignore"):
        offsets = j0 - numpy.rint(x0 / steps[:, None])
    offsets = numpy.where((offsets >= 0) & (offsets < k), offsets, j0)
    return numpy.where(active[:, None], offsets, query[None, :]).astype(numpy.int64)


def _distances(
    name: str, bias: numpy.ndarray, offsets: numpy.ndarray, active: numpy.ndarray, steps: numpy.ndarray
) -> BiasForm:
    delta = numpy.arange(bias.shape[2])[None, None, :] - offsets[..., None]
    if name == "symmetric":
        delta = -numpy.abs(delta)
    constants = numpy.take_along_axis(bias, offsets[..., None], axis=2)[..., 0]
    return BiasForm(name, delta.astype(numpy.float64), offsets, constants, active, steps)


def row_offset(form: BiasForm, q: int, k: int) -> object:
    """``query`` when every row's offset is its query (q > 1), the offset when all rows share one,
    else ``per-row``."""
    offsets = form.offsets[form.active]
    if form.name == "symmetric" or offsets.size == 0:
        return "query"
    if numpy.all(offsets == numpy.arange(q)[None, :] + (k - q)) and q > 1:
        return "query"
    if numpy.all(offsets == offsets.flat[0]):
        return int(offsets.flat[0])
    return "per-row"
