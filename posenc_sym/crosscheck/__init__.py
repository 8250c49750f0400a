"""Cross-check an outside implementation: identify its convention, measure its error.

``check_sinusoidal(table)``, ``check_rope(cos, sin)``, ``check_rope_axes(cos, sin, ids)`` (multi-axis
RoPE, Flux), ``check_xpos(cos, sin)`` and ``check_alibi(slopes)`` take anything
``numpy.asarray`` accepts (torch tensors included) and return a :class:`CheckResult`, as do
``check_rotary_function(fn, dim=D)`` and ``check_alibi_function(fn, heads=H)``, which drive a
function (:mod:`.function_rotary`, :mod:`.function_alibi`) instead of reading an array; the
``posenc-sym check`` command (through :mod:`.checkers`, the one mapping from ``--scheme`` to
checker) and :mod:`posenc_sym.testing` are thin layers over them. By default
the data are judged in their own precision (:func:`native_model`); ``expect=`` names the
convention meant (:mod:`.expect`).
"""

from __future__ import annotations

from .alibi_bias import check_alibi, check_alibi_bias
from .axes import AxesConvention, check_rope_axes
from .expect import parse_expectations
from .function_alibi import check_alibi_function
from .function_rotary import check_rotary_function
from .identify_rope import RopeConvention, check_rope
from .identify_sinusoidal import SinusoidalConvention, check_sinusoidal
from .load import load_source
from .precision import ErrorModel, native_model, parse_error_model
from .result import CheckResult, Growth, Worst
from .sinusoidal_2d import check_sinusoidal_2d
from .xpos import XposAmplitude, check_xpos

__all__ = [
    "AxesConvention",
    "CheckResult",
    "ErrorModel",
    "Growth",
    "RopeConvention",
    "SinusoidalConvention",
    "Worst",
    "XposAmplitude",
    "check_alibi",
    "check_alibi_bias",
    "check_alibi_function",
    "check_rope",
    "check_rope_axes",
    "check_rotary_function",
    "check_sinusoidal",
    "check_sinusoidal_2d",
    "check_xpos",
    "load_source",
    "native_model",
    "parse_error_model",
    "parse_expectations",
]
