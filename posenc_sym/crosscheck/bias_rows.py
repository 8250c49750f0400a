"""Read an ALiBi bias row by row, up to the constant softmax cannot see.

Softmax over the keys of one query is unchanged by adding a constant to the row, so an ALiBi
bias is identified up to a per-row constant: row i of head h must be −m_h·|j − κ_i| + c_i
(``symmetric``: the query at key position κ_i, distance penalised both ways) or m_h·j + c_i
(``causal``: −m_h·(κ − j) + const for the keys j ≤ κ, which is all a causal mask lets through;
BLOOM's single row slope·j, broadcast to every query, is this), the keys after the query
possibly masked (−∞ or the format's most negative number). The signs of the steps between
neighbouring keys, x_(j+1) − x_j, give each row's shape (:class:`Row`): rising, falling, a peak
(symmetric, right sign), a valley (symmetric, wrong sign). Steps of 0 are allowed anywhere (a
coarse format rounds m·j and m·(j + 1) to one number far from 0): the shape only says which line
to measure the row against, and the measurement decides whether it is on it.

>>> import numpy
>>> j = numpy.arange(6.0)
>>> rows = numpy.stack([-0.5 * numpy.abs(j - i) for i in range(3)])[None]  # one head, symmetric
>>> [(r.shape, r.apex) for r in read_rows(rows, numpy.zeros_like(rows, dtype=bool))[0]]
[('falling', 0), ('peak', 1), ('peak', 2)]
>>> head_form([r.shape for r in read_rows(rows, numpy.zeros_like(rows, dtype=bool))[0]])
('symmetric', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy

__all__ = ["Row", "head_form", "masked_entries", "read_rows"]

_MOST_NEGATIVE = {"float64": 1.7976931348623157e308, "float32": 3.4028234663852886e38,
                  "float16": 65504.0, "bfloat16": 3.3895313892515355e38}


def masked_entries(bias: numpy.ndarray, fmt: str) -> numpy.ndarray:
    """Entries a mask removes: −∞, at most half the format's most negative number (what
    ``torch.finfo(dtype).min`` masks fill in), or one constant far below every other value of
    the call (−10⁴, −10⁹ in older code): below twice the next lowest value, which no ALiBi value
    is (the lowest of −m·d over distances d, next to −m·(d − 1), or a row constant shifting both).

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
    (moves up and down more than once) or "short" (fewer than two keys unmasked); ``apex`` the key of its
    peak or valley (for a monotone row, the end the symmetric form would put the query at);
    ``last`` the last unmasked key."""

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
    """(form, sign) of one head from its rows' shapes: ``causal`` (rising rows: m·j + c), or
    ``symmetric`` (peaks, with rising or falling rows where the query sits at an end); sign −1
    when the same forms come with the distance rewarded (falling rows, valleys), 0 for a head
    whose slope is 0 and ("irregular", 0) for anything else."""
    kinds = set(shapes) - {"short"}
    if not kinds or kinds == {"flat"}:
        return "flat", 0
    if kinds == {"rising"}:
        return "causal", 1
    if kinds == {"falling"}:
        return "causal", -1
    if "peak" in kinds and kinds <= {"peak", "rising", "falling"}:
        return "symmetric", 1
    if "valley" in kinds and kinds <= {"valley", "rising", "falling"}:
        return "symmetric", -1
    return "irregular", 0
