"""Floating-point numerics under every formula: formats, ulps, and the one sin/cos engine.

- :mod:`.formats`: float64, float32, float16, bfloat16 (precision, emin, unit roundoff).
- :mod:`.ulp`: the spacing ulp(v) of a format at an exact value, and errors measured in it.
- :mod:`.exact`: exact inputs (int, Fraction, str, SymPy, mpf) as mpmath numbers.
- :mod:`.double_double`: double-double splits and Dekker's exact product.
- the sin/cos engine, sin and cos of t·ω for many positions t and exact frequencies ω:
  :mod:`.turns` (exact reduction in turns) and :mod:`.sincos` (the table-driven kernel, 0.5 + 2^−10
  ulp in float64, integer positions below 2^32); :mod:`.libm_sincos` (double-double angle and libm,
  any float64 position, within 2^−50·|v| + …), the reference for narrower data and far positions.

Each method carries its derived bound beside it (:func:`accurate_ulp_bound`,
:func:`accurate_error_bound`, :func:`reference_error_bound`). This unit imports only NumPy,
mpmath and :mod:`posenc_sym.errors`: it knows numbers, not encodings.

>>> s, c = accurate_sincos([3], [1])
>>> float(s[0, 0]), ulp(float(s[0, 0]), "float64") == 2.0 ** -55
(0.1411200080598672, True)
"""

from .double_double import SPLITTER, split_frequencies, split_mpf, two_product
from .exact import to_mpf
from .formats import FORMATS, FloatFormat, check_dtype, data_format, unit_roundoff
from .libm_sincos import reference_error_bound, sincos_from_frequencies
from .sincos import accurate_error_bound, accurate_sincos, accurate_ulp_bound, sincos_turns, sincos_words
from .turns import MAX_POSITION, TurnWords, add_turns, turn_words, turns
from .ulp import abs_error, ulp, ulp_error

__all__ = [
    "FORMATS",
    "MAX_POSITION",
    "SPLITTER",
    "FloatFormat",
    "TurnWords",
    "abs_error",
    "accurate_error_bound",
    "accurate_sincos",
    "accurate_ulp_bound",
    "add_turns",
    "check_dtype",
    "data_format",
    "reference_error_bound",
    "sincos_from_frequencies",
    "sincos_turns",
    "sincos_words",
    "split_frequencies",
    "split_mpf",
    "to_mpf",
    "turn_words",
    "turns",
    "two_product",
    "ulp",
    "ulp_error",
    "unit_roundoff",
]
