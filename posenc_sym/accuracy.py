"""The a-priori error bounds of the table methods, derived from the steps each one performs.

Errors are measured against the exact real value (an mpmath number from :mod:`posenc_sym.reference`)
in ulps of the output dtype taken at the exact value (:func:`posenc_sym.numerics.ulp`). The bounds
below are derived in ``docs/numerics.md``; the tests compare measured errors against them, never
against a tuned constant. The bound of the accurate kernel itself lives beside it
(:func:`posenc_sym.numerics.accurate_ulp_bound`). Notation: u = 2^−p is the unit roundoff (a
correctly rounded operation has relative error <= u).

>>> float(fast_bound([0.5], numpy.float64)[0] / 2.0 ** -53) < 3.5
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy

from .errors import PosencSymError
from .numerics import accurate_ulp_bound, check_dtype, ulp, unit_roundoff

__all__ = [
    "LIBM_POW_ULPS",
    "NUMPY_SINCOS_ULPS",
    "direct_bound",
    "fast_bound",
    "method_bounds",
    "rotation_bound",
]

#: Maximum error of NumPy's sin/cos in ulps: the tolerance NumPy's own accuracy test suite
#: (``umath-validation-set-{sin,cos}.csv``) enforces for each dtype. An assumption, stated.
NUMPY_SINCOS_ULPS = {numpy.dtype(numpy.float64): 1.0, numpy.dtype(numpy.float32): 2.0}
#: Maximum error of ``pow`` (C libm, via NumPy's power) in ulps: glibc documents < 1 ulp.
LIBM_POW_ULPS = 1.0


def rotation_bound(row_error: float, rotation_error: float, work_dtype: Any = numpy.float64) -> float:
    """Absolute error of (c·S + s·C, c·C − s·S) when |S|,|C|,|c|,|s| <= 1 with S² + C² = c² + s² = 1.

    Each input carries at most ``row_error`` (S, C) or ``rotation_error`` (c, s). Propagation:
    |c|·ΔS + |s|·ΔC <= √2·row_error (Cauchy–Schwarz, c² + s² = 1), likewise √2·rotation_error;
    rounding the two products and the sum adds u·(|cS| + |sC|) + u·|y| <= 2u; second-order
    terms are covered by the factor (1 + 4u).

    >>> rotation_bound(0.0, 0.0) == 2 * 2.0 ** -53 * (1 + 4 * 2.0 ** -53)
    True
    """
    u = unit_roundoff(work_dtype)
    return (math.sqrt(2) * (row_error + rotation_error) + 2 * u) * (1 + 4 * u)


def fast_bound(exact: Iterable[Any], dtype: Any) -> numpy.ndarray:
    """Bound of method "fast" (absolute, per exact value), computed in float64 then stored in ``dtype``.

    The block-start row and the offset rotation each come from "accurate": error <= (0.5 + 2^−10)
    ulp64 <= (0.5 + 2^−10)·2^−53 since the values are below 1 in magnitude (1 itself only at angle 0,
    where the kernel is exact). One rotation (:func:`rotation_bound`) follows. For float32 the
    result is rounded once more: + 0.5 ulp32 at the exact value, and we double the float64 part to
    cover a rounding that crosses a power of two.

    >>> float(fast_bound([0.5], numpy.float64)[0]) < 3.5 * 2.0 ** -53
    True
    """
    accurate = (0.5 + 2.0 ** -10) * 2.0 ** -53
    inner = rotation_bound(accurate, accurate, numpy.float64)
    dt = check_dtype(dtype)
    values = list(exact)
    if dt == numpy.dtype(numpy.float64):
        return numpy.full(len(values), inner)
    return numpy.array([0.5 * ulp(v, dt) + 2 * inner for v in values])


def direct_bound(position: int, pair: int, width: int, base: float, exact: Any, dtype: Any) -> float:
    """Bound of method "direct" (absolute) for sin or cos(t·b^(−2i/d)) evaluated as NumPy code in ``dtype``.

    Model of the generated code ``sin(b**(-2*i/d)*t)`` with t, i in ``dtype``:
    x̂ = fl(−2i/d) = x(1+δ₁); b̂ = b(1+δ_b) (δ_b = 0 when b is representable); ω̂ = pow(b̂, x̂)(1+δ₂)
    with |δ₂| <= 2u (pow within 1 ulp), so ω̂ = ω·exp(x·ln b·δ₁ + x·δ_b)(1+δ₂);
    t̂ = t(1+δ_t) (δ_t = 0 when t is representable); θ̂ = fl(ω̂·t̂) = θ(1+ε) with
    1+ε <= e^{|x|(u·ln b + |δ_b|)}·(1+2u)(1+δ_t)(1+u). Then |sin θ̂ − sin θ| <= |θ|·ε and NumPy's
    sin adds at most E ulps (:data:`NUMPY_SINCOS_ULPS`), ulp(y) <= 2u·|y|, |y| <= |exact| + |θ|ε.
    The error grows linearly with the angle t·ω: this is why float32 tables fail at long range.

    >>> direct_bound(0, 0, 8, 10000, 0, numpy.float64) < 1e-300
    True
    >>> 3e-10 < direct_bound(10**6, 0, 8, 10000, 0.5, numpy.float32) * 1e-3 < 1e-3
    True
    """
    dt = check_dtype(dtype)
    u = unit_roundoff(dt)
    x = 2.0 * pair / width
    delta_b = 0.0 if float(dt.type(base)) == base else u
    delta_t = 0.0 if float(dt.type(position)) == position else u
    theta = abs(position) * float(base) ** (-x)
    eps = math.exp(x * (u * math.log(base) + delta_b)) * (1 + 2 * u) * (1 + delta_t) * (1 + u) - 1
    eps *= 1 + 4 * u  # the float64 evaluation of this bound itself
    drift = theta * eps
    library = NUMPY_SINCOS_ULPS[dt] * 2 * u * (abs(float(exact)) + drift)
    return drift + library + ulp(0, dt)


def method_bounds(exact: Any, method: str, dtype: Any, positions: Sequence[int], pairs: Sequence[int],
                  width: int, base: float = 10000) -> numpy.ndarray:
    """Absolute error bound of each entry exact[r, c] (position positions[r], pair pairs[c]) by ``method``.

    "accurate": :func:`accurate_ulp_bound` ulps at the exact value; "fast": :func:`fast_bound`;
    "direct": :func:`direct_bound` with ω = base^(−2·pair/width).

    >>> import mpmath
    >>> bounds = method_bounds(numpy.array([[mpmath.mpf("0.5")]], dtype=object), "accurate",
    ...                        numpy.float64, [3], [0], 2)
    >>> float(bounds[0, 0] / 2.0**-53)
    0.5009765625
    """
    values = numpy.asarray(exact, dtype=object)
    dt = check_dtype(dtype)
    if method == "accurate":
        scale = accurate_ulp_bound(dt)
        return numpy.array([[scale * ulp(e, dt) for e in row] for row in values])
    if method == "fast":
        return fast_bound(values.ravel(), dt).reshape(values.shape)
    if method == "direct":
        return numpy.array([[direct_bound(t, p, width, float(base), values[r, c], dt)
                             for c, p in enumerate(pairs)] for r, t in enumerate(positions)])
    raise PosencSymError(f"method={method!r} is unknown; use one of 'accurate', 'direct', 'fast'")
