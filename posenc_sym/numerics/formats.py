"""The binary floating-point formats the package measures in: float64, float32, float16, bfloat16.

A format is its precision p (significand bits, the hidden one included) and the exponent emin of
its smallest normal number; everything else follows: the unit roundoff u = 2^−p (the relative
error of one correctly rounded operation) and the spacing ulp(v) (:func:`posenc_sym.numerics.ulp`).
NumPy has no bfloat16: a bfloat16 tensor reaches us as float32 values, so a format is named by a
string, not only by a NumPy dtype.

The table generators compute in NumPy's float32 and float64 only (:func:`check_dtype`).

>>> data_format("bfloat16").precision, data_format(numpy.float32).emin
(8, -126)
>>> unit_roundoff("float16") == 2.0 ** -11
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy

from ..errors import PosencSymError

__all__ = ["FORMATS", "FloatFormat", "check_dtype", "data_format", "unit_roundoff"]


@dataclass(frozen=True)
class FloatFormat:
    """A binary floating-point format: p significand bits (with the hidden one), emin of normals.

    >>> FORMATS["float16"].unit_roundoff == 2.0 ** -11
    True
    """

    name: str
    precision: int
    emin: int

    @property
    def unit_roundoff(self) -> float:
        """u = 2^-p: the relative error bound of one correctly rounded operation."""
        return math.ldexp(1.0, -self.precision)

    @property
    def smallest_spacing(self) -> float:
        """2^(emin + 1 − p): the spacing of the subnormals and of the first normal binade.

        >>> FORMATS["float64"].smallest_spacing == 2.0 ** -1074
        True
        """
        return math.ldexp(1.0, self.emin + 1 - self.precision)


FORMATS: dict[str, FloatFormat] = {
    "float64": FloatFormat("float64", 53, -1022),
    "float32": FloatFormat("float32", 24, -126),
    "float16": FloatFormat("float16", 11, -14),
    "bfloat16": FloatFormat("bfloat16", 8, -126),
}


def data_format(fmt: str | FloatFormat | Any) -> FloatFormat:
    """The format ``fmt`` names (a name, a NumPy dtype or type, or a FloatFormat); a clear error for
    anything we cannot measure ulps in.

    >>> data_format("float16").precision
    11
    >>> data_format("int64")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: dtype int64 is not a floating-point format; pass float64, float32, ...
    """
    if isinstance(fmt, FloatFormat):
        return fmt
    name = fmt
    if not isinstance(fmt, str):
        try:  # numpy.dtype(None) is float64: None names no format
            name = numpy.dtype(fmt).name if fmt is not None else "None"
        except TypeError:
            name = repr(fmt)
    try:
        return FORMATS[name]
    except KeyError:
        raise PosencSymError(
            f"dtype {name} is not a floating-point format; pass float64, float32, float16 or bfloat16 data"
        ) from None


def unit_roundoff(fmt: str | FloatFormat | Any) -> float:
    """u = 2^−p of the format ``fmt`` names: 2^−53 for float64, 2^−24 for float32.

    >>> unit_roundoff(numpy.float32) == 2.0 ** -24
    True
    """
    return data_format(fmt).unit_roundoff


def check_dtype(dtype: Any) -> numpy.dtype:
    """The dtype as a NumPy dtype, or a PosencSymError unless it is float32 or float64: the formats
    the table generators (and the bounds of their methods) compute in.

    >>> check_dtype("float32")
    dtype('float32')
    >>> check_dtype(numpy.int64)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: dtype=int64 is not supported; use numpy.float32 or numpy.float64
    """
    try:
        dt = numpy.dtype(dtype)
    except TypeError:
        raise PosencSymError(
            f"dtype={dtype!r} is not a NumPy dtype; use numpy.float32 or numpy.float64"
        ) from None
    if dt not in (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64)):
        raise PosencSymError(f"dtype={dt} is not supported; use numpy.float32 or numpy.float64")
    return dt
