r"""Statements side by side in an ``align`` row: its columns come in pairs (right-aligned, then left-aligned), and
each pair holds a formula of its own. ``\theta_0 &= 10000^{0} = 1 \qquad && \cos\theta_0 \approx 0.54 && \sin\theta_0
\approx 0.84`` is three statements: the second ``&`` of a row (and the fourth, …) sets them apart, as TeX sets them.
A row is split so only where every part then holds a relation: ``eqnarray``'s ``a &=& b``, a ``cases`` row and an
``array`` of cells stay one row, and so does a row whose ``&`` sit inside braces or an environment (a matrix).

>>> text = r"a &= 1 \qquad && b \approx 2 && c < 3"
>>> [text[start:end] for start, end in column_pairs(text)]
['a &= 1 \\qquad ', '& b \\approx 2 ', '& c < 3']
>>> rows = (r"a &=& b", r"x & \text{if } x > 0", r"\begin{bmatrix} 1 & 2 & 3 \end{bmatrix} = v")
>>> [len(column_pairs(t)) for t in rows]
[1, 1, 1]
"""

from __future__ import annotations

import re

from .row_ends import ANY_RELATION

__all__ = ["column_pairs"]


def column_pairs(text: str) -> list[tuple[int, int]]:
    """Where each statement of the row ``text`` starts and ends (see the module); one span for a row not split."""
    marks = _top_level_marks(text)
    cuts = marks[1::2]  # the 2nd, 4th, …: each ends a pair of columns
    if not cuts:
        return [(0, len(text))]
    bounds = [0, *cuts, len(text)]
    spans = [(bounds[0], bounds[1])] + [(bounds[k] + 1, bounds[k + 1]) for k in range(1, len(bounds) - 1)]
    if not all(ANY_RELATION.search(text, start, end) for start, end in spans):
        return [(0, len(text))]
    return spans  # a part opens with its pair's first mark ('& b \approx 2'), as a row may


def _top_level_marks(text: str) -> list[int]:
    """Offsets of the ``&`` outside every brace and environment (an escaped ``\\&`` is none)."""
    marks, depth, at = [], 0, 0
    while at < len(text):
        if (env := _ENVIRONMENT.match(text, at)) is not None:
            depth += 1 if env.group(1) == "begin" else -1
            at = env.end()
            continue
        char = text[at]
        if char == "\\":
            at += 2
            continue
        depth += (char == "{") - (char == "}")
        if char == "&" and depth == 0:
            marks.append(at)
        at += 1
    return marks


_ENVIRONMENT = re.compile(r"\\(begin|end)\s*\{[^{}]*\}")
