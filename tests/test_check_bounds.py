"""Every scheme's bound held to its word (issue 21, item 4): an element planted just outside the
bound the model derives is a mismatch, one just inside a match.

The bounds are written out here from their derivations, independently of the code that computes
them (``crosscheck/precision.py``, ``xpos.py``, ``alibi.py``, ``alibi_bias.py``):

* ``faithful``: ulp_D(v);
* ``angle:F`` (``native`` is angle:float32 for float32/float16/bfloat16 data, angle:float64 for
  float64): ulp_D(v) + K·|θ|·u_F, K = 3·ln b + 4, plus ulp_F(v) when F is wider than the data's
  format D (the value computed in F, then rounded once);
* xPos adds the amplitude's own rounding, |v|·(2|ln A| + 3|x| + 3)·u_F, x = σ(t − c)/scale_base;
* ALiBi slope k (its place among the non-zero slopes): ulp_D(m) + K₂·k·|m|·u_F, K₂ = 3·ln 2 + 4;
* an ALiBi bias element at distance Δ: |Δ|·(that slope bound) + ulp_D(m·Δ).

ulp_D(v) is the spacing of D's numbers at |v| (2^(e − p) for |v| in [2^(e−1), 2^e)), v the exact
value (mpmath, 40 digits). The check also grants its reference's own error (at most 2^-50·|v|
for the libm reference, 2^-52·|v| for the accurate float64 kernel: under 2 ulp_D) and the planted
value is rounded to D (half an ulp), so the planted distances are the bound ± 5 ulp_D(v): outside
is then surely outside, inside surely inside. Every bound is at least ulp_D(v), so a bound widened
tenfold passes the outside element: ``python tools/mutants.py --mutant check-wide --
tests/test_check_bounds.py`` fails every "outside" row (``check-wide`` multiplies the one place
every scheme's bound is built, ``ErrorModel.allowance``, by 10).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy
import pytest

from posenc_sym import rope_cache, sinusoidal_table
from posenc_sym.crosscheck import (
    ErrorModel,
    check_alibi,
    check_rope,
    check_rope_axes,
    check_sinusoidal,
    check_sinusoidal_2d,
    check_xpos,
)
from posenc_sym.crosscheck.result import CheckResult

from .implementations import numpy_impls as impl

PRECISION = {"float64": 53, "float32": 24, "float16": 11}
FAITHFUL = ErrorModel()


def ulp(v: Any, fmt: str) -> float:
    """The spacing of ``fmt``'s numbers at |v| (normal range)."""
    _, e = math.frexp(float(abs(v)))
    return math.ldexp(1.0, e - PRECISION[fmt])


def unit_roundoff(fmt: str) -> float:
    return math.ldexp(1.0, -PRECISION[fmt])


def k_angle(base: float) -> float:
    return 3 * math.log(base) + 4


def angle_bound(v: Any, theta: float, data: str, angle: str | None, base: float = 10000.0) -> float:
    """faithful (angle None) or angle:F for data in ``data``: the module docstring's formula."""
    bound = ulp(v, data)
    if angle is not None:
        bound += k_angle(base) * abs(theta) * unit_roundoff(angle)
        if PRECISION[angle] > PRECISION[data]:
            bound += ulp(v, angle)
    return bound


def planted(v: Any, bound: float, fmt: str, outside: bool) -> float:
    """A number of ``fmt`` at distance bound ± 5 ulp from v (toward zero), or v rounded when the
    bound leaves no room inside."""
    margin = 5 * ulp(v, fmt)
    distance = bound + margin if outside else max(bound - margin, 0.0)
    with mpmath.workdps(40):
        exact = mpmath.mpf(v) - mpmath.sign(v) * distance
        return float(numpy.dtype(fmt).type(float(exact)))


@dataclass(frozen=True)
class Case:
    """One scheme's data, where to plant, the exact value and bound there, and the check to run."""

    name: str
    build: Callable[[], tuple[Any, ...]]  # the arrays, correct
    plant: Callable[[tuple[Any, ...], float], tuple[Any, ...]]  # the arrays with the element set
    exact: Any
    bound: float
    fmt: str
    check: Callable[..., CheckResult]


def _set(array: numpy.ndarray, index: Any, value: float) -> numpy.ndarray:
    out = array.copy()
    out[index] = value
    return out


# --- the cases -----------------------------------------------------------------------------------

T = 4000  # a position where the angle term dominates the float32 and float64 bounds


def _sinusoidal(dtype: str, row: int, column: int, value: Any, theta: float, angle: str | None) -> Case:
    def build() -> tuple[Any, ...]:
        return (sinusoidal_table(row + 96, 64, dtype=numpy.float64).astype(dtype),)

    return Case(
        f"sinusoidal {dtype} {angle or 'faithful'}", build,
        lambda arrays, x: (_set(arrays[0], (row, column), x),),
        value, angle_bound(value, theta, dtype, angle), dtype,
        lambda t, model: check_sinusoidal(t, model=model),
    )


def _rope(dtype: str, row: int, column: int, value: Any, theta: float, angle: str | None) -> Case:
    def build() -> tuple[Any, ...]:
        cos, sin = rope_cache(row + 96, 64, dtype=numpy.float64)
        return cos.astype(dtype), sin.astype(dtype)

    return Case(  # both copies of the pair's cos (halves: columns c and c + 32), as the code writes them
        f"rope {dtype} {angle or 'faithful'}", build,
        lambda arrays, x: (_set(arrays[0], (row, [column, column + 32]), x), arrays[1]),
        value, angle_bound(value, theta, dtype, angle), dtype,
        lambda c, s, model: check_rope(c, s, model=model),
    )


def _axes(angle: str | None) -> Case:
    ids = impl.flux_ids(32, 32, text=16)
    rows = numpy.flatnonzero(ids[:, 2] == 31)  # every token at column id 31: the same computation
    value = mpmath.cos(31)  # axis 2's first pair (θ^0 = 1): columns 72 and 73, adjacent

    def plant(arrays: tuple[Any, ...], x: float) -> tuple[Any, ...]:
        cos = arrays[0].copy()
        cos[numpy.ix_(rows, [72, 73])] = x
        return cos, arrays[1], ids

    return Case(
        f"rope-axes float32 {angle or 'faithful'}", lambda: (*impl.flux_pos_embed(ids), ids), plant,
        value, angle_bound(value, 31, "float32", angle), "float32",
        lambda c, s, i, model: check_rope_axes(c, s, i, model=model),
    )


def _xpos() -> Case:
    # pair 1 at row 900: a row the identification does not sample and a pair its amplitude fit does
    # not read (pair 0), so the planted element tests the bound, not the identification
    n, dim, t, pair = 1024, 64, 900, 1
    x = mpmath.mpf(t - n // 2) / 512
    amplitude = ((2 * pair + mpmath.mpf(2) * dim / 5) / (mpmath.mpf(7) * dim / 5)) ** x  # ζ_p^x
    theta = t * mpmath.mpf(10000) ** (-mpmath.mpf(2 * pair) / dim)
    value = amplitude * mpmath.cos(theta)
    bound = angle_bound(value, float(theta), "float32", "float32") + abs(float(value)) * (
        2 * abs(float(mpmath.log(amplitude))) + 3 * abs(float(x)) + 3
    ) * unit_roundoff("float32")

    def plant(arrays: tuple[Any, ...], v: float) -> tuple[Any, ...]:
        return _set(arrays[0], (t, slice(2 * pair, 2 * pair + 2)), v), arrays[1]  # both adjacent columns

    return Case("xpos float32 native", lambda: impl.xpos_cache(n, dim), plant, value, bound, "float32",
                lambda c, s, model: check_xpos(c, s, model=model))


def _slopes(dtype: str, angle: str | None) -> Case:
    m = mpmath.mpf(2) ** -8  # head 7 of 8: k = 8
    bound = ulp(m, dtype) + (0 if angle is None else k_angle(2.0) * 8 * float(m) * unit_roundoff(angle))
    return Case(
        f"alibi slopes {dtype} {angle or 'faithful'}",
        lambda: ((2.0 ** -numpy.arange(1.0, 9.0)).astype(dtype),),
        lambda arrays, v: (_set(arrays[0], 7, v),), m, bound, dtype,
        lambda s, model: check_alibi(s, model=model),
    )


def _bias() -> Case:
    keys, m = 512, mpmath.mpf(2) ** -8
    delta = keys - 1  # BLOOM's m·j: the last key of head 7
    value = m * delta
    slope = ulp(m, "float32") + k_angle(2.0) * 8 * float(m) * unit_roundoff("float32")
    bound = delta * slope + ulp(value, "float32")

    def build() -> tuple[Any, ...]:
        slopes = 2.0 ** -numpy.arange(1.0, 9.0)
        return ((slopes[:, None] * numpy.arange(keys)[None, :])[:, None, :].astype(numpy.float32),)

    return Case("alibi bias float32 native", build, lambda arrays, v: (_set(arrays[0], (7, 0, delta), v),),
                value, bound, "float32", lambda b, model: check_alibi(b, model=model))


def _table_2d() -> Case:
    side, half = 16, 32  # a 16×16 grid, 32 columns per coordinate (MAE's layout, w first)
    i, j = numpy.divmod(numpy.arange(side * side), side)
    omega = 10000.0 ** (-numpy.arange(half // 2) / (half // 2))

    def emb(p: numpy.ndarray) -> numpy.ndarray:
        return numpy.concatenate([numpy.sin(p[:, None] * omega), numpy.cos(p[:, None] * omega)], 1)

    rows = numpy.flatnonzero(j == side - 1)  # every token in grid column 15
    value = mpmath.sin(side - 1)  # column 0: sin of w·ω_0, ω_0 = 1

    def plant(arrays: tuple[Any, ...], v: float) -> tuple[Any, ...]:
        table = arrays[0].copy()
        table[rows, 0] = v
        return (table,)

    return Case("sinusoidal-2d float32 native", lambda: (numpy.hstack([emb(j), emb(i)]).astype(numpy.float32),),
                plant, value, angle_bound(value, side - 1, "float32", "float32"), "float32",
                lambda t, model: check_sinusoidal_2d(t, model=model))


def _cases() -> list[Case]:
    """The cases, their exact values computed at 40 digits."""
    with mpmath.workdps(40):
        return [*_tables(), _axes("float32"), _axes(None), _xpos(), _slopes("float32", "float32"),
                _slopes("float64", "float64"), _slopes("float32", None), _bias(), _table_2d()]


def _tables() -> list[Case]:
    return [
    _sinusoidal("float32", T, 0, mpmath.sin(T), T, "float32"),
    _sinusoidal("float64", T, 1, mpmath.cos(T), T, "float64"),
    _sinusoidal("float16", 1000, 0, mpmath.sin(1000), 1000, "float32"),
    _sinusoidal("float32", 37, 5, mpmath.cos(37 * mpmath.mpf(10000) ** (-mpmath.mpf(4) / 64)), 0.0, None),
    _rope("float32", T, 0, mpmath.cos(T), T, "float32"),
    _rope("float64", T, 0, mpmath.cos(T), T, "float64"),
    _rope("float16", 1000, 0, mpmath.cos(1000), 1000, "float32"),
    _rope("float32", 41, 3, mpmath.cos(41 * mpmath.mpf(10000) ** (-mpmath.mpf(6) / 64)), 0.0, None),
    ]


CASES = _cases()

# the model each case names: its data's native model (None), or faithful
MODELS = {case.name: (FAITHFUL if case.name.endswith("faithful") else None) for case in CASES}


@pytest.mark.parametrize("outside", [False, True], ids=["inside", "outside"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_an_element_just_outside_the_bound_is_a_mismatch_and_just_inside_a_match(case: Case, outside: bool) -> None:
    arrays = case.build()
    clean = case.check(*arrays, model=MODELS[case.name])
    assert clean.verdict == "matches", clean.summary()  # the data as built are right
    x = planted(case.exact, case.bound, case.fmt, outside)
    result = case.check(*case.plant(arrays, x), model=MODELS[case.name])
    assert result.verdict == ("mismatch" if outside else "matches"), result.summary()
    # the same convention: the verdict is the bound's, not a failed identification's
    assert result.convention == clean.convention, result.summary()
    if outside:
        assert any("outside the" in note or "off by more than" in note for note in result.notes), result.notes


def test_the_planted_distances_are_many_ulps_where_the_angle_term_dominates() -> None:
    # not a tautology of the table above: the bounds under test are far from 1 ulp, so a model
    # that kept only its ulp term (or lost its angle term) would fail the "inside" rows
    in_ulps = {case.name: case.bound / ulp(case.exact, case.fmt) for case in CASES}
    assert in_ulps["sinusoidal float32 float32"] > 1e4
    assert in_ulps["alibi slopes float32 float32"] == pytest.approx(1 + k_angle(2.0) * 8 / 2)
    assert in_ulps["alibi slopes float32 faithful"] == 1
