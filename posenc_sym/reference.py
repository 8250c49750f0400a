"""The mpmath oracle: exact values of sinusoidal tables and RoPE caches at a chosen precision.

The values come from the SymPy definitions in :mod:`posenc_sym.schemes.sinusoidal` and
:mod:`posenc_sym.schemes.rope`, lambdified to mpmath, so the oracle evaluates the proven
formula rather than a re-typed one. Exact inputs are read by :func:`posenc_sym.numerics.to_mpf`,
the conversion the sin/cos engine of :mod:`posenc_sym.numerics` uses too; the sines and cosines
themselves are mpmath's, on purpose: the oracle that judges the engine shares none of its
arithmetic. Precision is set locally with ``mpmath.workdps`` and never left changed. Results are
mpmath ``mpf`` numbers carrying ``dps`` significant digits; arrays are NumPy object arrays of them.

>>> float(sinusoidal_value(1, 0, 4))  # sin(1·10000^0)
0.8414709848078965
>>> mpmath.nstr(sinusoidal_value(100, 3, 4, dps=30), 25)  # cos(100/100)
'0.5403023058681397174009366'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Literal

import mpmath
import numpy
import sympy

from .errors import PosencSymError
from .numerics import to_mpf
from .schemes import rope, sinusoidal

__all__ = [
    "DEFAULT_DPS",
    "exact_frequency",
    "rope_reference",
    "rope_value",
    "sinusoidal_column",
    "sinusoidal_reference",
    "sinusoidal_value",
]

DEFAULT_DPS = 50
Denominator = Literal["d", "d-2"]
Exact = Any  # int, Fraction, decimal str, SymPy number, mpmath mpf or float: see numerics.to_mpf


@cache
def _pair_function() -> Any:
    """(sin ω_i t, cos ω_i t) with ω_i = b^(−2i/d), lambdified from ``pe_pair`` to mpmath."""
    s = sinusoidal
    return sympy.lambdify((s.t, s.i, s.d, s.b), list(s.pe_pair(s.t, s.i, s.d, s.b)), modules="mpmath")


@cache
def _frequency_function() -> Any:
    s = sinusoidal
    return sympy.lambdify((s.i, s.d, s.b), s.frequency(s.i, s.d, s.b), modules="mpmath")


def sinusoidal_column(column: int, d_model: int, layout: sinusoidal.Layout = "interleaved",
                      cos_first: bool = False) -> tuple[int, bool]:
    """(pair, is_cos) of a table column: :func:`posenc_sym.schemes.sinusoidal.column_role`.

    >>> sinusoidal_column(3, 8), sinusoidal_column(3, 8, "split"), sinusoidal_column(0, 8, cos_first=True)
    ((1, True), (3, False), (0, True))
    """
    return sinusoidal.column_role(column, d_model, layout, cos_first)


def _denominator(d_model: int, denominator: Denominator) -> int:
    if denominator == "d":
        return d_model
    if denominator == "d-2":
        if d_model <= 2:
            raise PosencSymError(f"d_model={d_model} leaves no exponent denominator d-2; use d_model >= 4")
        return d_model - 2
    raise PosencSymError(f"denominator={denominator!r} is unknown; use 'd' or 'd-2'")


def exact_frequency(pair: int, width: int, base: Exact = 10000, dps: int = DEFAULT_DPS) -> mpmath.mpf:
    """ω = base^(−2·pair/width) at ``dps`` digits, from ``sinusoidal.frequency``.

    >>> mpmath.nstr(exact_frequency(1, 6, 10000, dps=30), 25)  # 10000^(-1/3)
    '0.04641588833612778892410076'
    """
    with mpmath.workdps(dps + 10):
        # i and d go in as mpf: the generated code says -2*i/d, a float division for two ints.
        value = _frequency_function()(mpmath.mpf(pair), mpmath.mpf(width), to_mpf(base, dps + 10))
    with mpmath.workdps(dps):
        return +value


def sinusoidal_value(position: Exact, column: int, d_model: int, *, base: Exact = 10000,
                     layout: sinusoidal.Layout = "interleaved", denominator: Denominator = "d",
                     cos_first: bool = False, dps: int = DEFAULT_DPS) -> mpmath.mpf:
    """PE(position, column) at ``dps`` significant digits.

    ``denominator="d-2"`` uses the exponent 2i/(d−2) of some implementations (tensor2tensor's
    ``half_dim - 1``); ``cos_first`` swaps the two members of every pair.

    >>> float(sinusoidal_value(2, 1, 2, cos_first=True))  # sin(2)
    0.9092974268256817
    """
    pair, is_cos = sinusoidal_column(column, d_model, layout, cos_first)
    width = _denominator(d_model, denominator)
    # Guard digits: the angle t·ω can reach 2^31, so its reduction modulo 2π eats ~10 digits.
    with mpmath.workdps(dps + 15):
        sin_value, cos_value = _pair_function()(to_mpf(position, dps + 15), mpmath.mpf(pair),
                                                mpmath.mpf(width), to_mpf(base, dps + 15))
    with mpmath.workdps(dps):
        return +(cos_value if is_cos else sin_value)


def sinusoidal_reference(positions: Iterable[Exact], d_model: int, *, columns: Sequence[int] | None = None,
                         base: Exact = 10000, layout: sinusoidal.Layout = "interleaved",
                         denominator: Denominator = "d", cos_first: bool = False,
                         dps: int = DEFAULT_DPS) -> numpy.ndarray:
    """An object array (len(positions), len(columns)) of exact table entries (all columns by default).

    >>> ref = sinusoidal_reference([0, 1], 4)
    >>> ref.shape, [float(v) for v in ref[1]]
    ((2, 4), [0.8414709848078965, 0.5403023058681398, 0.009999833334166664, 0.9999500004166653])
    """
    cols = list(range(d_model)) if columns is None else list(columns)
    rows = [[sinusoidal_value(p, c, d_model, base=base, layout=layout, denominator=denominator,
                              cos_first=cos_first, dps=dps) for c in cols] for p in positions]
    out = numpy.empty((len(rows), len(cols)), dtype=object)
    for r, row in enumerate(rows):
        out[r, :] = row
    return out


@cache
def _rope_function(which: Literal["cos", "sin"]) -> Any:
    m, angle_pair, dim, base = sympy.symbols("m p dim base", positive=True)
    expr = rope.cache_entry(m, 0, 2, base, "adjacent", which)  # cos/sin(m·θ_0) for a 2-wide head
    expr = expr.subs(m, m * rope.theta(angle_pair, dim, base))  # then θ_0 = 1 becomes θ_p
    return sympy.lambdify((m, angle_pair, dim, base), expr, modules="mpmath")


def rope_value(position: Exact, column: int, dim: int, *, base: Exact = 10000,
               pairing: rope.Pairing = "halves", which: Literal["cos", "sin"] = "cos",
               position_scale: Exact = 1, base_scale: Exact = 1, dps: int = DEFAULT_DPS) -> mpmath.mpf:
    """cos or sin of (position·position_scale)·θ_p, θ_p = (base·base_scale)^(−2p/dim), p the column's pair.

    ``position_scale=1/4`` is linear position interpolation; ``base_scale`` an NTK-style base change.

    >>> float(rope_value(1, 1, 4, which="sin"))  # halves pairing: column 1 is pair 1, θ = 1/100
    0.009999833334166664
    """
    if which not in ("cos", "sin"):
        raise PosencSymError(f"which={which!r} is unknown; use 'cos' or 'sin'")
    pair = rope.pair_of_column(column, dim, pairing)
    with mpmath.workdps(dps + 15):
        m = to_mpf(position, dps + 15) * to_mpf(position_scale, dps + 15)
        b = to_mpf(base, dps + 15) * to_mpf(base_scale, dps + 15)
        value = _rope_function(which)(m, mpmath.mpf(pair), mpmath.mpf(dim), b)
    with mpmath.workdps(dps):
        return +value


def rope_reference(positions: Iterable[Exact], dim: int, *, columns: Sequence[int] | None = None,
                   base: Exact = 10000, pairing: rope.Pairing = "halves", position_scale: Exact = 1,
                   base_scale: Exact = 1, dps: int = DEFAULT_DPS) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Exact (cos, sin) caches as object arrays (len(positions), len(columns)).

    >>> cos, sin = rope_reference([3], 2)
    >>> float(cos[0, 0]), float(sin[0, 1])
    (-0.9899924966004454, 0.1411200080598672)
    """
    cols = list(range(dim)) if columns is None else list(columns)
    pos = list(positions)
    out = []
    for which in ("cos", "sin"):
        arr = numpy.empty((len(pos), len(cols)), dtype=object)
        for r, p in enumerate(pos):
            arr[r, :] = [rope_value(p, c, dim, base=base, pairing=pairing, which=which,
                                    position_scale=position_scale, base_scale=base_scale, dps=dps)
                         for c in cols]
        out.append(arr)
    return out[0], out[1]
