"""Argument checks for the table generators: every message names the value and the fix."""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any

import numpy
import sympy

from ..errors import PosencSymError
from ..numerics import MAX_POSITION, check_dtype
from ..sizes import available_bytes

__all__ = ["METHODS", "available_bytes", "check_base", "check_choice", "check_count", "check_memory"]

METHODS = ("accurate", "direct", "fast")


def check_count(value: Any, name: str) -> int:
    """A non-negative integer (n_positions, start).

    >>> check_count(-1, "start")
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: start=-1 is negative; pass an integer >= 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise PosencSymError(f"{name}={value!r} is not an integer; pass an integer >= 0")
    if value < 0:
        raise PosencSymError(f"{name}={value} is negative; pass an integer >= 0")
    return int(value)


def check_positions(start: int, n_positions: int) -> None:
    if n_positions and start + n_positions > MAX_POSITION:
        raise PosencSymError(
            f"positions {start}..{start + n_positions - 1} go past 2**32-1={MAX_POSITION - 1}; "
            "the exact angle reduction takes positions below 2**32, so lower start or n_positions"
        )


def check_base(base: Any) -> Any:
    """A real base > 1: int, float, Fraction or a SymPy number (kept exact).

    >>> check_base(1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: base=1 is not > 1; the frequencies base^(-2i/d) need a base above 1...
    """
    if isinstance(base, bool) or not isinstance(base, numbers.Real | Fraction | sympy.Basic):
        raise PosencSymError(f"base={base!r} is not a real number; pass a number above 1, e.g. 10000")
    try:
        value = float(base)
    except (TypeError, ValueError):
        raise PosencSymError(
            f"base={base!r} is not a real number; pass a number above 1, e.g. 10000"
        ) from None
    if not math.isfinite(value):
        raise PosencSymError(f"base={base!r} is not finite; pass a number above 1, e.g. 10000")
    if not value > 1:
        raise PosencSymError(
            f"base={base!r} is not > 1; the frequencies base^(-2i/d) need a base above 1, e.g. 10000"
        )
    return base


def check_choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices``.

    >>> check_choice("slow", "method", METHODS)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: method='slow' is unknown; use one of 'accurate', 'direct', 'fast'
    """
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise PosencSymError(f"{name}={value!r} is unknown; use one of {options}")
    return str(value)


def check_memory(n_positions: int, width: int, dtype: Any, arrays: int, what: str) -> numpy.dtype:
    """Refuse, before allocating anything, an output that would not fit in available memory.

    >>> check_memory(10**9, 10**6, numpy.float64, 1, "table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: n_positions=1000000000 × width 1000000 float64 table needs ...
    """
    dt = check_dtype(dtype)
    needed = n_positions * width * dt.itemsize * arrays
    if needed > available_bytes():
        raise PosencSymError(
            f"n_positions={n_positions} × width {width} {dt} {what} needs {needed} bytes "
            f"({needed / 2**30:.2g} GiB), more than the memory available; generate it in pieces "
            "with start= and a smaller n_positions" + (", or use float32" if dt.itemsize == 8 else "")
        )
    return dt
