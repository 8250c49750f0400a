"""The error models a verdict uses, in the data's floating-point format.

A table's *storage* dtype is not always its *data* dtype: a bfloat16 torch tensor reaches us as
float32 (NumPy has no bfloat16), so the loader records the format the values were rounded to and
every ulp here is taken in that format (the formats and :func:`~posenc_sym.numerics.ulp` are
:mod:`posenc_sym.numerics`'s).

Error models (the ``matches`` verdict is decided against one of them, never a hand-picked tolerance):

``native`` (the default): "a correct implementation in the data's own precision"
    The ``angle:FORMAT`` model below with FORMAT the precision such code computes in: float64 for
    float64 data, float32 for float32 data, and float32 for float16 and bfloat16 data (half-precision
    code forms its angles in float32, as PyTorch and JAX do, then rounds). :func:`native_model`.

``faithful`` (``--strict``)
    Every element x is one of the two numbers of the data's format that bracket the exact value v:
    |x − v| < ulp(v). A correctly rounded table (|x − v| ≤ ulp(v)/2) meets it, and so does a table
    computed in a wider format with error e and then rounded: |x − v| ≤ ulp(v)/2 + e(1 + 2^-p) which
    is < ulp(v) as soon as e < ulp(v)/2 — e.g. a float32 table from float64 angles wherever the
    float64 angle error K·t·ω·2^-53 (below) is under half a float32 ulp of the value; near the
    zeros of sin/cos at large t it is not, and such a table is faithful only in part.

``angle:FORMAT``
    The data were computed by evaluating the formula with the angle t·ω formed in FORMAT (unit
    roundoff u = 2^-p): ω is produced with relative error at most (3·ln(base) + 2)·u. For the
    ``exp(j·(−ln b/d))`` form: ln b, the division and the product with j each add u to the
    argument a, exp turns a relative error ε of a into exp(a·ε) − 1 ≈ |a|·ε with |a| ≤ ln b, and
    its own rounding adds up to 2u (libm within 1 ulp); ``b ** (−j/d)`` has one rounding in j/d
    amplified by ln b plus pow's own. The product t·ω adds u and t itself up to u (exact below
    2^p), so the angle is off by at most K·|t·ω|·u with K = 3·|ln(base)| + 4, and sin/cos are
    Lipschitz with constant 1. Rounding the
    result adds the faithful ulp(v): bound = ulp(v) + K·|t·ω|·u. This is the model of a table
    whose angles were computed in float32: its error grows in proportion to the position.

    When FORMAT is wider than the data's format (float16 data from float32 code, float32 data
    from float64 code), the value y computed in FORMAT is within ulp_F(v) + K·|t·ω|·u of v and is
    then rounded once to the data's format: |x − y| ≤ ulp_D(y)/2 ≤ ulp_D(v) (y can sit at most
    one binade above v, where the spacing doubles). So bound = ulp_D(v) + ulp_F(v) + K·|t·ω|·u:
    the ulp_F(v) term (:meth:`ErrorModel.bound`) is what computing in FORMAT adds to the result.

>>> parse_error_model("angle:float32").angle_format
'float32'
>>> native_model("bfloat16").name, native_model("float64").name
('native (angle:float32)', 'native (angle:float64)')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import FORMATS, FloatFormat, data_format, ulp

__all__ = ["ErrorModel", "angle_constant", "as_error_model", "native_model", "parse_error_model"]


@dataclass(frozen=True)
class ErrorModel:
    """The accuracy a table is judged against; see the module docstring for the derivations.

    ``angle_format`` None is the faithful model; otherwise the angle t·ω was formed in that format.
    ``native`` marks the default model chosen from the data's format (:func:`native_model`); it
    changes the name shown, not the bound.

    >>> ErrorModel("faithful")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: ErrorModel('faithful'): the angle format must be float64, ...
    """

    angle_format: str | None = None
    native: bool = False

    def __post_init__(self) -> None:
        # a name of a model where a format belongs would otherwise fail deep inside a check
        if self.angle_format is not None and self.angle_format not in FORMATS:
            raise PosencSymError(
                f"ErrorModel({self.angle_format!r}): the angle format must be float64, float32, float16 "
                "or bfloat16; ErrorModel() is the faithful model, parse_error_model(TEXT) reads "
                "'native', 'faithful' or 'angle:FORMAT'"
            )

    @property
    def name(self) -> str:
        name = "faithful" if self.angle_format is None else f"angle:{self.angle_format}"
        return f"native ({name})" if self.native else name

    def wider_ulp(self, fmt: FloatFormat) -> FloatFormat | None:
        """The format whose ulp(v) the bound adds: the angle format when it is wider than the
        data's (the value computed there, then rounded once; module docstring), else None."""
        if self.angle_format is None:
            return None
        angle = data_format(self.angle_format)
        return angle if angle.precision > fmt.precision else None

    def allowance(self, unit: Any, per_u: Any, exact: Any, fmt: FloatFormat) -> numpy.ndarray:
        """The largest |x − v| the model allows, from its parts: ``unit`` (the rounding of the result,
        ulp(v) in the data's format), ``per_u`` (what the computation adds per unit roundoff of the
        angle format: K·|t·ω| for an angle, more for an amplitude) and, computed in a format wider
        than the data's, ulp_F(v) (module docstring). Every scheme's bound is built here, so that
        ``tools/mutants.py`` (``check-wide``) can widen all of them at once and the tests show that
        they are held to their word."""
        allowed = numpy.array(unit, dtype=numpy.float64, copy=True)
        if self.angle_format is not None:
            allowed = allowed + numpy.asarray(per_u, dtype=numpy.float64) * data_format(self.angle_format).unit_roundoff
            wider = self.wider_ulp(fmt)
            if wider is not None:
                allowed = allowed + ulp(exact, wider)
        return allowed

    def bound(self, exact: numpy.ndarray, angle: numpy.ndarray | float, base: float, fmt: FloatFormat) -> numpy.ndarray:
        """Largest |x − v| the model allows for exact values ``exact`` at angles ``angle``."""
        return self.allowance(ulp(exact, fmt), angle_constant(base) * numpy.abs(angle), exact, fmt)


def native_model(fmt: str | FloatFormat) -> ErrorModel:
    """The default model for data in ``fmt``: angles formed in float64 for float64 data, in float32
    for float32, float16 and bfloat16 data (module docstring).

    >>> native_model("float32").angle_format
    'float32'
    """
    name = fmt.name if isinstance(fmt, FloatFormat) else data_format(fmt).name
    return ErrorModel("float64" if name == "float64" else "float32", native=True)


def angle_constant(base: float) -> float:
    """K = 3·|ln base| + 4 of the ``angle:FORMAT`` model (module docstring).

    >>> round(angle_constant(10000.0), 2)
    31.63
    """
    return 3.0 * abs(math.log(base)) + 4.0


def as_error_model(model: ErrorModel | str | None) -> ErrorModel | None:
    """The model a check function was given: an :class:`ErrorModel`, None (the data's own
    precision), or its name as the command line takes it (``'native'``, ``'faithful'``,
    ``'angle:float32'``).

    >>> as_error_model("faithful") == ErrorModel(), as_error_model("native") is None
    (True, True)
    >>> as_error_model(3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: model=3 is not an error model; pass 'native', 'faithful', 'angle:FORMAT' ...
    """
    if model is None or isinstance(model, ErrorModel):
        return model
    if isinstance(model, str):
        return parse_error_model(model)
    raise PosencSymError(f"model={model!r} is not an error model; pass 'native', 'faithful', 'angle:FORMAT' "
                         "(FORMAT one of float64, float32, float16, bfloat16) or an ErrorModel")


def parse_error_model(text: str) -> ErrorModel | None:
    """``faithful``, ``angle:FORMAT``, or ``native`` (None: the caller picks :func:`native_model`
    for the data's format once it is known).

    >>> parse_error_model("native") is None
    True

    >>> parse_error_model("angle:float8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: error model 'angle:float8' is unknown; use 'native', 'faithful' or ...
    """
    if text == "native":
        return None
    if text == "faithful":
        return ErrorModel()
    head, _, tail = text.partition(":")
    if head == "angle" and tail in FORMATS:
        return ErrorModel(tail)
    raise PosencSymError(
        f"error model {text!r} is unknown; use 'native', 'faithful' or 'angle:' followed by float64, "
        "float32, float16 or bfloat16"
    )
