"""The unit in the last place, and errors measured in it.

``ulp(v)`` in a format with p significand bits and smallest normal exponent emin is
``2^(max(e, emin) − p + 1)`` for ``2^e <= |v| < 2^(e+1)``: the spacing of the format's numbers
around v, subnormals included (0 and the subnormals share the spacing of the first normal binade).
Errors are measured at the *exact* value (an mpmath number, or our float64 reference), so a
rounding that crosses a binade edge is measured in the finer unit: the conservative choice.
An infinite or NaN value has no finite spacing: its ulp is inf.

>>> ulp(1.0, numpy.float64) == 2.0 ** -52, ulp(0.75, numpy.float32) == 2.0 ** -24
(True, True)
>>> ulp(numpy.array([1.0, 0.75, 0.0]), "float32").tolist() == [2.0**-23, 2.0**-24, 2.0**-149]
True
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any, overload

import mpmath
import numpy

from .formats import FloatFormat, data_format

__all__ = ["abs_error", "ulp", "ulp_error"]

_EXPONENT_BITS = numpy.int64(0x7FF0000000000000)


@overload
def ulp(value: numpy.ndarray | Sequence[Any], fmt: str | FloatFormat | Any) -> numpy.ndarray: ...


@overload
def ulp(value: float | mpmath.mpf, fmt: str | FloatFormat | Any) -> float: ...


def ulp(value: Any, fmt: Any) -> Any:
    """ulp(v) in ``fmt`` (a name such as ``"bfloat16"``, a NumPy dtype, or a FloatFormat).

    A number (float, int, mpf) gives a float, taken at its exact value; an array (or list) gives an
    array: float arrays through their exponent bits, object arrays of mpf element by element.

    >>> ulp(0, numpy.float64) == 2.0 ** -1074, ulp(mpmath.mpf(2) ** -130, numpy.float32) == 2.0 ** -149
    (True, True)
    >>> ulp(numpy.array([3.0]), "float64").tolist() == [2.0**-51]
    True
    >>> ulp(float("inf"), "float32")
    inf
    """
    f = data_format(fmt)
    if isinstance(value, list | tuple):
        value = numpy.asarray(value)
    if not isinstance(value, numpy.ndarray):
        return _exact_ulp(value, f)
    if value.dtype == object:
        out = numpy.array([_exact_ulp(v, f) for v in value.ravel()], dtype=numpy.float64)
        return out.reshape(value.shape)
    return _float_ulp(value, f)


def _float_ulp(values: numpy.ndarray, f: FloatFormat) -> numpy.ndarray:
    """The array path: exact for float64 values (and everything that converts to them exactly)."""
    v = numpy.ascontiguousarray(values, dtype=numpy.float64)
    # 2^e for |v| in [2^e, 2^(e+1)): keep only the exponent bits (sign and significand cleared);
    # exact, and much faster than frexp/ldexp. 0 and float64 subnormals give 0 and hit the floor;
    # inf and NaN keep all exponent bits, i.e. give inf.
    power = numpy.bitwise_and(v.view(numpy.int64), _EXPONENT_BITS).view(numpy.float64)
    power *= math.ldexp(1.0, 1 - f.precision)
    # subnormals of the format (and 0) share the spacing of its first normal binade
    return numpy.maximum(power, f.smallest_spacing, out=power)


def _exact_ulp(value: Any, f: FloatFormat) -> float:
    """The scalar path, at the exact value: an int by its bit length, an mpf by its own exponent."""
    if isinstance(value, numbers.Integral):
        magnitude = abs(int(value))
        if magnitude == 0:
            return f.smallest_spacing
        exponent = magnitude.bit_length()  # |v| in [2^(exponent−1), 2^exponent), as frexp says
    elif isinstance(value, mpmath.mpf):
        if not mpmath.isfinite(value):
            return math.inf
        if value == 0:
            return f.smallest_spacing
        exponent = int(mpmath.frexp(value)[1])
    else:
        x = float(value)
        if not math.isfinite(x):
            return math.inf
        if x == 0:
            return f.smallest_spacing
        exponent = math.frexp(x)[1]
    return math.ldexp(1.0, max(exponent - 1, f.emin) - f.precision + 1)


def abs_error(computed: Any, exact: Any) -> numpy.ndarray:
    """|computed − exact| elementwise as float64, the difference taken in mpmath at 40 digits.

    >>> bool(abs_error(numpy.array([0.1]), [mpmath.mpf(1) / 10])[0] < 1e-17)
    True
    """
    values = numpy.asarray(computed)
    exacts = numpy.asarray(exact, dtype=object)
    out = numpy.empty(values.shape, dtype=numpy.float64)
    with mpmath.workdps(40):
        for index in numpy.ndindex(values.shape):
            out[index] = float(abs(mpmath.mpf(float(values[index])) - exacts[index]))
    return out


def ulp_error(computed: Any, exact: Any, dtype: Any = None) -> numpy.ndarray:
    """|computed − exact| in ulps of ``dtype`` (default: computed's dtype) at the exact value.

    >>> x = numpy.float32(0.1)
    >>> float(ulp_error(numpy.array([x]), [mpmath.mpf(1) / 10])[0]) < 0.5
    True
    """
    values = numpy.asarray(computed)
    fmt = data_format(values.dtype if dtype is None else dtype)
    exacts = numpy.asarray(exact, dtype=object)
    return abs_error(values, exacts) / ulp(exacts, fmt)
