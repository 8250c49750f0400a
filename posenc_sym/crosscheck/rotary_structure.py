"""The shape of a probed rotary map: which dimensions pair, which turn, and the cache it uses.

From the maps M(t) (:func:`.probe.probe_maps`), position by position:

* **partners**: row j of a pairwise rotation has one nonzero entry off the diagonal, at its
  partner k (M_jk = ∓sin); a row with none is not rotated, a row with several mixes dimensions
  (not a pairwise rotation);
* **pairing**: ``adjacent`` (j with j xor 1: rotate_every_two, GPT-J, Meta's complex product),
  ``halves`` (j with j + h: rotate_half, GPT-NeoX and Llama, h = R/2), or ``other``;
* **span**: the rotary width R; rows from R on must pass through unchanged (partial rotary);
* **the row cache**: row j computes y_j = x_j·cos_j ∓ x_k·sin_j, the minus for the first row of
  its pair (j < k) — a positive rotation of the plane (j, k). Reading cos_j = M_jj and
  sin_j = ∓M_jk gives, row by row, exactly the cos/sin values the function used, in its own
  column layout: the cache :func:`.identify_rope.identify` reads.

Then what the rows say (:func:`directions`, :func:`layout_mismatch`): each row's angle should
advance at a positive rate, the same in both rows of a pair. All rows backwards is a rotation by
−θ (the sign of rotate_half flipped); the two rows of a pair turning opposite ways is not a
rotation at all (sin enters both rows with one sign); the two rows at different frequencies is a
rotation paired one way with a cache laid out for the other (mis-paired dimensions).

>>> import numpy
>>> t = numpy.arange(3.0)[:, None, None]
>>> c, s = numpy.cos(t * [1.0, 0.1]), numpy.sin(t * [1.0, 0.1])  # (3, 1, 2): two pairs
>>> maps = numpy.zeros((3, 4, 4))
>>> for i in range(2):  # halves: pairs (0, 2) and (1, 3)
...     maps[:, i, i] = maps[:, i + 2, i + 2] = c[:, 0, i]
...     maps[:, i, i + 2], maps[:, i + 2, i] = -s[:, 0, i], s[:, 0, i]
>>> shape = find_structure(maps)
>>> shape.pairing, shape.span, shape.partner
('halves', 4, (2, 3, 0, 1))
>>> cos, sin = row_cache(maps, shape)
>>> bool(numpy.allclose(sin[:, 2], s[:, 0, 0]))
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from .fit import fit_pairs

__all__ = [
    "Directions",
    "Structure",
    "amplitude_note",
    "directions",
    "find_structure",
    "layout_mismatch",
    "pairing_note",
    "row_cache",
    "swapped_at_zero",
]

_PAIRING_TEXT = {
    "adjacent": "adjacent dimensions (2i, 2i+1), as rotate_every_two or a complex product does",
    "halves": "dimension i with i + R/2, as rotate_half does",
}


@dataclass(frozen=True)
class Structure:
    """Partners (−1: a row that is not rotated), the pairing, the rotary width R, and what keeps
    the map from being a pairwise rotation with pass-through rows (empty when nothing does)."""

    partner: tuple[int, ...]
    pairing: str  # "adjacent", "halves", "other" or "none"
    span: int
    problems: tuple[str, ...] = ()

    @property
    def rotated(self) -> list[int]:
        return [j for j, k in enumerate(self.partner) if k >= 0]


def find_structure(maps: numpy.ndarray) -> Structure:
    """Partners, pairing and span of the maps (P, D, D) (module docstring)."""
    dim = maps.shape[1]
    off = numpy.zeros((dim, dim), dtype=maps.dtype)
    for start in range(0, maps.shape[0], 16):  # max |M_jk| over positions, 16 maps at a time
        numpy.maximum(off, numpy.abs(maps[start : start + 16]).max(axis=0), out=off)
    numpy.fill_diagonal(off, 0.0)
    counts = numpy.count_nonzero(off, axis=1)
    problems = [
        f"row {j} of the map mixes {int(counts[j])} other dimensions ({_listed(numpy.nonzero(off[j])[0])}): "
        "not a rotation of pairs of dimensions"
        for j in numpy.nonzero(counts > 1)[0][:3]
    ]
    partner = [int(numpy.argmax(off[j])) if counts[j] == 1 else -1 for j in range(dim)]
    one_way = [j for j, k in enumerate(partner) if k >= 0 and partner[k] != j]
    if one_way:
        j = one_way[0]
        problems.append(
            f"dimension {j} takes from {partner[j]} but {partner[j]} does not take from {j}: "
            "not a rotation of pairs of dimensions"
        )
    if problems:
        return Structure(tuple(partner), "other", dim, tuple(problems))
    rotated = [j for j in range(dim) if partner[j] >= 0]
    if not rotated:
        return Structure(tuple(partner), "none", 0, ("no dimension is rotated at any position probed",))
    pairing, span = _pairing(partner, rotated)
    return Structure(tuple(partner), pairing, span, tuple(_pass_through(maps, span)))


def _listed(items: numpy.ndarray) -> str:
    shown = ", ".join(str(int(i)) for i in items[:6])
    return shown + (", …" if items.size > 6 else "")


def _pairing(partner: list[int], rotated: list[int]) -> tuple[str, int]:
    if all(partner[j] == j ^ 1 for j in rotated):
        top = max(rotated) + 1
        return "adjacent", top + top % 2
    shifts = {abs(partner[j] - j) for j in rotated}
    if len(shifts) == 1:
        h = shifts.pop()
        if all((j < h) == (partner[j] > j) for j in rotated):
            return "halves", 2 * h
    return "other", max(rotated) + 1


def _pass_through(maps: numpy.ndarray, span: int) -> list[str]:
    """Rows from the span on must give x back: M_jj = 1 and nothing else in row and column j."""
    dim = maps.shape[1]
    if span >= dim:
        return []
    tail = maps[:, span:, :]
    expected = numpy.zeros_like(tail)
    expected[:, numpy.arange(dim - span), numpy.arange(span, dim)] = 1.0
    deviation = numpy.abs(tail - expected).max(axis=(0, 2))
    bad = numpy.nonzero(deviation > 0)[0]
    if not bad.size:
        return []
    j = int(bad[0]) + span
    return [
        f"dimensions {span}…{dim - 1} are not rotated, but dimension {j} does not pass through unchanged "
        f"(its row differs from the identity by up to {float(deviation[bad[0]]):.3g})"
    ]


def row_cache(maps: numpy.ndarray, shape: Structure) -> tuple[numpy.ndarray, numpy.ndarray]:
    """cos_j = M_jj and sin_j = ∓M_jk over the rotary span, rows = positions (module docstring);
    a row that is not rotated reads cos 1 (or its M_jj), sin 0."""
    span = shape.span
    index = numpy.arange(span)
    cos = maps[:, index, index].astype(numpy.float64)
    sin = numpy.zeros_like(cos)
    for j in range(span):
        k = shape.partner[j]
        if k >= 0:
            sin[:, j] = (-1.0 if j < k else 1.0) * maps[:, j, k]
    return cos, sin


@dataclass(frozen=True)
class Directions:
    """Which rows turn backwards (negative rate of their angle), and what that makes of the map."""

    backward: tuple[int, ...]
    bug: str  # "", "rotation-sign" or "not-a-rotation"
    note: str


def directions(cos: numpy.ndarray, sin: numpy.ndarray, shape: Structure) -> Directions:
    """The direction each rotated row turns over consecutive positions (rows of ``cos``/``sin``)."""
    rotated = [j for j in shape.rotated if j < shape.span]
    omega = fit_pairs(sin[:, rotated], cos[:, rotated]).omega
    backward = tuple(j for j, w in zip(rotated, omega, strict=True) if w < 0)
    if not backward:
        return Directions((), "", "")
    if len(backward) == len(rotated):
        return Directions(
            backward,
            "rotation-sign",
            "rotation sign reversed: every pair turns by −θ·t, not θ·t (the sin terms carry the "
            "opposite sign, as rotate_half returning (x2, −x1) instead of (−x2, x1) does, or the "
            "positions are negated); read below with the sign corrected",
        )
    pair = next(j for j in backward if shape.partner[j] not in backward)
    k = shape.partner[pair]
    first, second = min(pair, k), max(pair, k)
    return Directions(
        backward,
        "not-a-rotation",
        f"not a rotation: rows {first} and {second} of a pair turn in opposite directions (the sin "
        f"term enters both with the same sign: y_{first} = x_{first}·cos ± x_{second}·sin and y_{second} = "
        f"x_{second}·cos ± x_{first}·sin with one sign), a map that does not keep |x| "
        f"({len(backward)} of {len(rotated)} rows turn backwards); read below with those rows' sign flipped",
    )


def _layout(cos: numpy.ndarray) -> str:
    """Which columns of a row cache repeat: "adjacent", "halves", or "per-row" (none)."""
    width = cos.shape[1]
    tol = 1e-3 * max(float(numpy.abs(cos).max()), 1e-300)
    if width % 2 == 0:
        if float(numpy.abs(cos[:, 0::2] - cos[:, 1::2]).max()) <= tol:
            return "adjacent"
        if float(numpy.abs(cos[:, : width // 2] - cos[:, width // 2 :]).max()) <= tol:
            return "halves"
    return "per-row"


def layout_mismatch(cos: numpy.ndarray, shape: Structure) -> str:
    """The note naming mis-paired dimensions (the two rows of a pair at different frequencies),
    or "" when every pair's rows share their cos values."""
    tol = 1e-3 * max(float(numpy.abs(cos).max()), 1e-300)
    differ = [
        j
        for j in shape.rotated
        if j < shape.partner[j] and float(numpy.abs(cos[:, j] - cos[:, shape.partner[j]]).max()) > tol
    ]
    if not differ:
        return ""
    j = differ[0]
    k = shape.partner[j]
    layout = _layout(cos)
    laid = {
        "adjacent": "for adjacent pairs (2i, 2i+1): column j at θ_(j//2)",
        "halves": "for halves (i, i + R/2): column j at θ_(j mod R/2)",
        "per-row": "with no two rows at one frequency",
    }[layout]
    pairs = _PAIRING_TEXT.get(shape.pairing, "dimensions in another order")
    return (
        f"mis-paired dimensions: the rotation pairs {pairs}, but its cos/sin are laid out {laid}; "
        f"the two rows of a pair turn at different frequencies (rows {j} and {k}, and "
        f"{len(differ) - 1} more pairs), so the map is not a rotation"
    )


def swapped_at_zero(map_zero: numpy.ndarray, shape: Structure) -> bool:
    """Whether cos and sin trade places: at position 0 (angle 0) every rotated row comes back as
    its partner (|M_jk| ≈ 1, M_jj ≈ 0) where the identity belongs — x·sin + rotate(x)·cos."""
    rows = [j for j in shape.rotated if j < shape.span]
    return bool(rows) and all(
        abs(map_zero[j, j]) < 0.5 < abs(map_zero[j, shape.partner[j]]) for j in rows
    )


def amplitude_note(
    cos: numpy.ndarray, sin: numpy.ndarray, shape: Structure, positions: numpy.ndarray, allowed: numpy.ndarray
) -> str:
    """A note when |y|/|x| of the rotated pairs, √(cos² + sin²), leaves the one constant A a rotation
    (A = 1) or an attention factor keeps it at, by more than ``allowed`` (per position and column:
    the error model's bounds on cos and on sin added, since each moves the amplitude by at most its
    own error): the map scales x by a factor that changes with the position or the pair. Within
    that, the measurement has the last word."""
    rows = [j for j in shape.rotated if j < shape.span]
    if not rows:
        return ""
    amp = numpy.hypot(cos[:, rows], sin[:, rows])
    level = float(numpy.median(amp))
    if not (numpy.abs(amp - level) > allowed[:, rows]).any():
        return ""
    low, high = float(amp.min()), float(amp.max())
    at_low, at_high = (numpy.unravel_index(int(f(amp)), amp.shape) for f in (numpy.argmin, numpy.argmax))
    return (
        f"not a rotation: the map scales x by a factor that changes with the position or the pair, from "
        f"{low:.6g} (position {int(positions[at_low[0]])}, dimension {rows[at_low[1]]}) to {high:.6g} "
        f"(position {int(positions[at_high[0]])}, dimension {rows[at_high[1]]}); a rotation keeps |x| (xPos "
        "caches, whose amplitudes grow with the position, are --scheme xpos)"
    )


def pairing_note(shape: Structure) -> str:
    """The pairs of a rotation that pairs neither adjacent dimensions nor halves (a bug, or a
    convention we do not know), or "" for those two."""
    if shape.pairing in ("adjacent", "halves", "none"):
        return ""
    pairs = [(j, k) for j, k in enumerate(shape.partner) if 0 <= j < k]
    shown = ", ".join(f"({j}, {k})" for j, k in pairs[:4]) + (", …" if len(pairs) > 4 else "")
    start = min(j for j, _ in pairs)
    where = f"; the rotated dimensions start at {start}, not 0" if start else ""
    return (
        f"mis-paired dimensions: the rotation pairs {shown}: neither adjacent dimensions (2i, 2i+1) nor "
        f"halves (i, i + R/2){where}"
    )
