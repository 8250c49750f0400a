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

__all__ = ["MAX_DIGITS", "describe_named", "short_values"]

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
