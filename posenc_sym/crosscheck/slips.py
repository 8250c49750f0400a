"""Known slips: conventions the data match exactly that are nonetheless a classic mistake.

A slip is reported as a ``mismatch`` unless the user's expectations name the key it is about
(:mod:`.expect`), because a table can be a perfect rendering of the wrong formula.

* **The doubled exponent.** ω_i = b^(−2j/d) with j the *column* index where the pair index i
  belongs (j = 2i): the frequencies are b^(−4i/d) = (b²)^(−2i/d), base b² with denominator d. We
  read the rate per pair, ln(base)/den, and compare the base it gives with denominator d (or the
  rotary width) with the squares of the common bases. The comparison is on ln: the base found
  is either exact (a short name, :mod:`.names`) or an estimate good to far better than the 10⁻⁶
  relative used here, while the squares of two different common bases are at least ln(1.1)
  apart. Frequencies that a convention in use also names are not a slip: a common base with
  denominator d (10⁶ = 1000² is Code Llama's), and tensor2tensor's and fairseq's 10000 with d − 2
  (at d = 4 it is (10⁴)^(−2i/2) = (10⁸)^(−2i/4)). Any other base with d − 2 that equals a
  squared common base with d is reported (the seed snippet 10000^(2j/d) at d = 16 is read as
  10⁷ with d − 2: the same numbers as 10000 doubled).

>>> known_slips("sinusoidal", {"base": 100000000, "exponent_denominator": "d", "d_model": 16})[0][0]
'base'
>>> known_slips("rope", {"base": 10000, "rotary_dim": 64})
[]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..schemes import registry
from .fit import KNOWN_BASES

__all__ = ["doubled_base", "known_slips", "ladder_width"]


def ladder_width(scheme: str, found: Mapping[str, Any]) -> object:
    """The width d of the frequencies ω_i = b^(−2i/d) in the convention ``found`` of ``scheme``
    (under the key the registry names: ``d_model``, ``rotary_dim``), or None when the scheme has
    no single frequency ladder (ALiBi's slopes, multi-axis RoPE's per-axis bases).

    >>> ladder_width("rope", {"rotary_dim": 64}), ladder_width("alibi", {"heads": 8})
    (64, None)
    """
    kind = registry.find_check(scheme)
    return None if kind is None or kind.width_key is None else found.get(kind.width_key)


def _denominator_ratio(found: Mapping[str, Any], width: object) -> float | None:
    """width / den: the power that turns the base found into the base with denominator = width."""
    den = found.get("exponent_denominator")
    if not isinstance(width, int):
        return None
    width -= width % 2
    if den in (None, "d"):
        return 1.0
    if den == "d-2":
        return width / (width - 2) if width > 2 else None
    if isinstance(den, int | float) and den > 0:
        return width / float(den)
    return None


def doubled_base(found: Mapping[str, Any], width: object) -> float | None:
    """The common base b such that the convention's frequencies are (b²)^(−2i/width), if any."""
    base = found.get("base")
    ratio = _denominator_ratio(found, width)
    if not isinstance(base, int | float) or base <= 1 or ratio is None:
        return None
    log_base = math.log(base) * ratio
    if any(abs(log_base - math.log(b)) <= 1e-6 * log_base for b in KNOWN_BASES):
        return None  # a common base in its own right with denominator d (10⁶ = 1000², Code Llama's)
    if found.get("exponent_denominator") == "d-2" and base == 10000:
        return None  # tensor2tensor's and fairseq's convention, whatever the width
    for b in KNOWN_BASES:
        if abs(log_base - 2 * math.log(b)) <= 1e-6 * log_base:
            return b
    return None


def known_slips(scheme: str, found: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, explanation) for each known slip in the convention ``found``."""
    slips = []
    b = doubled_base(found, ladder_width(scheme, found))
    if b is not None:
        # the key that carries the slip: the base when the denominator is the width's (or d − 2),
        # the denominator when it is a number of its own (10000 over 32 for a 64-wide rotation)
        key = "exponent_denominator" if isinstance(found.get("exponent_denominator"), int | float) else "base"
        slips.append(
            (
                key,
                f"known slip: the frequencies are ({b:g}²)^(−2i/d) = {b:g}^(−4i/d), the common base "
                f"{b:g} with the exponent doubled, as when the column index 2i is used where the "
                "pair index i belongs",
            )
        )
    return slips
