"""Which positions a function check drives, and what a wrong position map is called.

**The plan.** A rotary function is probed at

* an identification block, positions 16 … 255: consecutive (the cache identification of
  :mod:`.identify_rope` reads frequencies off consecutive rows), every one exact in every format
  down to bfloat16 (integers up to 256 are), and starting at 16 so that a function whose
  positions are off by −k (k ≤ 16) shows a start of 16 − k rather than a negative one;
* blocks of :data:`BLOCK` consecutive positions: from 0 (where the map must be the identity), and
  at offsets in the zones where implementations go wrong: just past 256 (bfloat16 stops holding
  every integer), past 2048 (float16 does),
  across each power of two from 2^11 to the largest position, at the float16 overflow (65504 is
  float16's largest number; 65520 rounds to infinity), and far (up to 2^20 by default), plus any
  offsets the caller draws (:func:`posenc_sym.strategies.rotary_offsets` draws them with
  hypothesis, derandomised in CI).

The default plan is fixed, so the CLI gives the same verdict on every run.

**Effective positions.** Where the data leave the model, the angles read back at position t give
the position the function actually used, t′ (a vernier over the exact frequencies,
:func:`.fit.estimate_start`); a map t ↦ t′ that reproduces the data is named (:func:`name_map`):
off by a constant k, or t rounded to float16 or bfloat16 (positions passed through a
low-precision type), or else the first few pairs are listed.

>>> plan = default_offsets(2**20)
>>> min(plan), max(plan) + BLOCK - 1 <= 2**20
(0, True)
>>> round_position(numpy.array([2049, 65519, 65520]), "float16").tolist()
[2048.0, 65504.0, inf]
>>> name_map(numpy.array([2049.0, 2051.0]), numpy.array([2048.0, 2052.0]))[0]
'position-precision'
"""

from __future__ import annotations

import math

import numpy

from ..numerics import FORMATS

__all__ = [
    "BLOCK",
    "FLOAT16_OVERFLOW",
    "IDENTIFY",
    "LARGEST_POSITION",
    "default_offsets",
    "name_map",
    "plan_positions",
    "round_position",
]

#: The identification block: consecutive positions, exact in bfloat16.
IDENTIFY = numpy.arange(16, 256, dtype=numpy.int64)
#: Consecutive positions per drawn offset.
BLOCK = 4
#: The largest position probed by default (the issue's "large up to 2^20").
LARGEST_POSITION = 1 << 20
#: Where a float16 position becomes infinity: float16 holds 65504 at most, and rounding to nearest
#: sends 65520 and above to infinity.
FLOAT16_OVERFLOW = 65520


def default_offsets(max_position: int = LARGEST_POSITION) -> tuple[int, ...]:
    """Block offsets in the danger zones (module docstring), each block within 0 … max_position."""
    zones = [0, 257, 511, 1001, 2049, 3001, 4097, 12345, 40001, FLOAT16_OVERFLOW - 3]
    zones += [(1 << k) - 2 for k in range(11, 64) if (1 << k) + 1 <= max_position]
    zones += [max_position // 3 + 1, max_position - 2 * BLOCK + 1, max_position - BLOCK + 1]
    return tuple(sorted({o for o in zones if o >= 0 and o + BLOCK - 1 <= max_position}))


def plan_positions(offsets: tuple[int, ...]) -> list[numpy.ndarray]:
    """The drawn blocks: BLOCK consecutive positions from each offset."""
    return [numpy.arange(o, o + BLOCK, dtype=numpy.int64) for o in offsets]


def round_position(t: numpy.ndarray, fmt: str) -> numpy.ndarray:
    """Integer positions rounded to nearest (ties to even) in the format ``fmt``, as a position
    cast to that type holds them; float16 overflows to infinity from 65520."""
    p = FORMATS[fmt].precision
    t = numpy.asarray(t, dtype=numpy.float64)
    out = numpy.empty_like(t)
    for i, v in enumerate(t):
        if v == 0:
            out[i] = 0.0
            continue
        spacing = 2.0 ** max(0, math.floor(math.log2(abs(v))) - (p - 1))
        out[i] = numpy.round(v / spacing) * spacing  # numpy.round: ties to even
    if fmt == "float16":
        out[numpy.abs(t) >= FLOAT16_OVERFLOW] = numpy.inf
    return out


def name_map(passed: numpy.ndarray, used: numpy.ndarray) -> tuple[str, str]:
    """(bug tag, sentence) for the map from positions ``passed`` to positions ``used`` (both
    float arrays of the positions where the used ones were read back), or ("", "") when they agree."""
    if numpy.array_equal(passed, used):
        return "", ""
    shift = used - passed
    if numpy.all(shift == shift[0]):
        k = int(shift[0])
        sign = "+" if k > 0 else "−"
        return "position-offset", (
            f"positions off by {sign}{abs(k)}: position t is rotated by the angles of t {sign} {abs(k)} "
            f"(e.g. position {int(passed[0])} as {int(used[0])}), as when position_ids {sign} {abs(k)} "
            "reach the rotation"
        )
    for fmt in ("float16", "bfloat16"):
        if numpy.array_equal(round_position(passed, fmt), used):
            first = int(numpy.nonzero(passed != used)[0][0])
            return "position-precision", (
                f"positions pass through {fmt}: position t is rotated by the angles of t rounded to "
                f"{fmt} (position {int(passed[first])} as {int(used[first])}; {fmt} holds every "
                f"integer only up to {2 ** FORMATS[fmt].precision}), as when positions are cast to "
                f"the model's dtype before the angles are formed; cast them to float32 or wider"
            )
    moved = [(int(a), int(b)) for a, b in zip(passed, used, strict=True) if a != b]
    pairs = ", ".join(f"{a} as {b}" for a, b in moved[:4]) + (", …" if len(moved) > 4 else "")
    return "position-map", f"positions are rotated by the angles of other positions: {pairs}"
