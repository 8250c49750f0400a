"""Exact names for estimated numbers: the shortest decimal that the data cannot tell from the estimate.

A base, a scaling factor or an amplitude read off the data is an estimate (2000.00000024); the
convention behind it is almost always a short number (2000). :func:`short_values` lists the
candidates — the estimate rounded to 1, 2, … significant digits — and the identification
scores each against the data like any other candidate.

One mechanism, one rule, for every number read off the data (a base, with or without a scaling
rule, in :mod:`.rope`, :mod:`.rope_extras` and :mod:`.sinusoidal`; a linear factor): the
candidates built from :func:`short_values` carry the kind ``"short"``, and
:func:`.common.best_candidate` names a short value when its sample error exceeds the best
candidate's by at most a few ulps of the data — it reproduces the data as well as the estimate
does, i.e. within the data's own error model — after every known candidate (a common base, an
exact rule) and fewest digits first. The measurement then uses it, so the error reported is the
data's own and not the estimate's. Only when no short value fits is the estimate shown, as an
estimate. (Factors fitted one pair at a time — LongRoPE's, an attention factor — are rounded with
:func:`short_values` too, and judged against their own pair's error bound.)

>>> short_values(2000.00000024)
[2000.0]
>>> short_values(7999999.49)
[8000000.0]
>>> short_values(256.00021)
[300.0, 260.0, 256.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

C = TypeVar("C")

__all__ = ["MAX_DIGITS", "describe_named", "digits", "fewest_digits", "short_values"]

#: Significant digits of the longest value still called "short": beyond six digits a value is
#: no longer a convention anyone wrote down, and the estimate is reported instead.
MAX_DIGITS = 6

_PLAUSIBLE = (1e-9, 1e15)


def short_values(estimate: float, max_digits: int = MAX_DIGITS) -> list[float]:
    """The estimate rounded to 1 … ``max_digits`` significant digits, without repeats, fewest
    digits first; empty for 0, a non-finite estimate, or one outside 10^-9 … 10^15 (no base,
    factor or amplitude in use is: such an estimate is a symptom of data no convention fits,
    and a short name would dress it up as one).

    >>> short_values(1e80)
    []
    """
    if not math.isfinite(estimate) or estimate == 0 or not _PLAUSIBLE[0] <= abs(estimate) <= _PLAUSIBLE[1]:
        return []
    out: list[float] = []
    for digits in range(1, max_digits + 1):
        value = float(f"{estimate:.{digits - 1}e}")
        if value not in out:
            out.append(value)
    return out


def describe_named(what: str, value: float, estimate: float) -> str:
    """The note for a value named by :func:`short_values` rather than found among the common ones.

    >>> describe_named("base", 2000.0, 2000.00000024)  # doctest: +ELLIPSIS
    'base 2000 is not a common one; it is the shortest number that reproduces the data ...'
    """
    return (
        f"{what} {value:g} is not a common one; it is the shortest number that reproduces the data "
        f"as well as the estimate from the frequencies ({estimate:.12g}) does, so the data are "
        f"measured against {value:g} exactly"
    )


def digits(x: float) -> int:
    """Significant digits of a short value (fewer digits: the more likely name).

    >>> digits(5000.0), digits(6581.0), digits(0.0883883)
    (1, 4, 6)
    """
    return len(f"{x:.6e}".split("e")[0].replace(".", "").rstrip("0"))


def fewest_digits(
    scored: Sequence[tuple[C, float, bool | str]], margin: float, length: Callable[[C], int]
) -> list[tuple[C, float, bool | str]]:
    """Of the short names (kind "short") that fit within ``margin`` (the data's noise) of the best
    short name, only those of the fewest digits (``length``); the other candidates as they are.
    Where angles were formed in float32, a longer name (base 6581 over d for tensor2tensor's 5000
    over d − 2) can reproduce the samples better by chance, by less than the noise: the shortest
    number that reproduces them is the name.

    >>> fewest_digits([(6581.0, 1e-6, "short"), (5000.0, 2e-6, "short"), (7500.0, 1.0, "short")], 1e-5, digits)
    [(5000.0, 2e-06, 'short')]
    """
    short = [(c, e) for c, e, kind in scored if kind == "short"]
    if not short:
        return list(scored)
    least = min(e for _, e in short)
    fewest = min(length(c) for c, e in short if e <= least + margin)
    return [(c, e, k) for c, e, k in scored if k != "short" or length(c) == fewest]
