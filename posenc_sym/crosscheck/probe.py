"""Drive an outside function with arrays it accepts, and read back what it returns.

A rotary function is ``fn(x, positions)``: x float32 of shape (tokens, D), positions int64 of
shape (tokens,), the result x rotated, of x's shape. An ALiBi builder is ``fn(q_len, k_len)``.
Both are the user's code: whatever they raise is reported in one line naming the call, never as
a traceback, and a result of the wrong kind or shape names what was expected.

Arrays are tried as NumPy arrays first; a function that refuses them (raises, or returns something
that is not an array) is called with torch tensors when torch is installed, and :class:`Caller`
says which was used and why.

Recovering the map: for a linear map y = M(t)·x per token, the basis vector e_j at position t
comes back as column j of M(t). Products with 1 and 0 and sums with 0 are exact in floating
point, so for code of the form x·cos + rotate(x)·sin (or a complex product) the entries read
back are exactly the cos and sin values the function used: probing measures its cache, and a
second call with random x (:func:`linearity`) holds the function to that map.

>>> import numpy
>>> def rotate(x, positions):
...     angle = positions[:, None] * numpy.array([1.0, 0.01])
...     c, s = numpy.cos(angle), numpy.sin(angle)
...     a, b = x[:, :2], x[:, 2:]
...     return numpy.concatenate([a * c - b * s, b * c + a * s], 1).astype(numpy.float32)
>>> caller = find_caller(rotate, 4)
>>> caller.array_type
'numpy'
>>> maps, fmt = probe_maps(rotate, caller, 4, numpy.array([0, 1]))
>>> maps.shape, fmt, round(float(maps[1, 2, 0]), 6)  # M(1)[2, 0] = sin(1·1)
((2, 4, 4), 'float32', 0.841471)
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import FORMATS
from .load import torch_to_numpy

__all__ = [
    "CALL_TOKENS",
    "Caller",
    "Linearity",
    "call_builder",
    "find_caller",
    "linearity",
    "output_array",
    "probe_maps",
]

#: Tokens per call: the function sees at most this many rows at once (2^15 × D float32 values).
CALL_TOKENS = 1 << 15


@dataclass(frozen=True)
class Caller:
    """How the function takes its arrays: ``"numpy"`` or ``"torch"``; ``refusal`` is what NumPy
    arrays met (the error), when torch tensors were used instead."""

    array_type: str
    refusal: str = ""

    def note(self) -> list[str]:
        if self.array_type == "numpy":
            return []
        return [f"called with torch tensors: the function refused NumPy arrays ({self.refusal})"]


def _describe(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _torch() -> Any:
    """torch, imported only when a function needs tensors (it is not a dependency)."""
    if importlib.util.find_spec("torch") is None:
        return None
    import torch

    return torch


def output_array(obj: Any, what: str) -> tuple[numpy.ndarray, str]:
    """The float values of ``obj`` (a NumPy array, a torch tensor, or anything with ``__array__``:
    JAX, TensorFlow; bfloat16 widened exactly to float32) and its format name. Non-finite values
    are kept: the callers say where they are."""
    converted = torch_to_numpy(obj)
    if converted is None:
        if not isinstance(obj, numpy.ndarray) and not hasattr(obj, "__array__"):
            kind = type(obj).__name__
            raise PosencSymError(f"{what} returned a {kind}, not an array; return the result as one array")
        array = numpy.asarray(obj)
        name = str(array.dtype)
        if name == "bfloat16":  # ml_dtypes' bfloat16 (JAX): widen exactly, remember the format
            array = array.astype(numpy.float32)
    else:
        array, name = converted
    if array.dtype.kind != "f" or name not in FORMATS:
        raise PosencSymError(
            f"{what} returned dtype {name}; return floats (float64, float32, float16 or bfloat16)"
        )
    return array, name


def _call_rotary(fn: Callable[..., Any], array_type: str, x: numpy.ndarray, positions: numpy.ndarray) -> Any:
    if array_type == "numpy":
        return fn(x, positions)
    torch = _torch()
    return fn(torch.from_numpy(x), torch.from_numpy(positions))


def find_caller(fn: Callable[..., Any], dim: int) -> Caller:
    """NumPy arrays if ``fn`` takes them (two tokens of width ``dim``), else torch tensors."""
    if not callable(fn):
        raise PosencSymError(f"{fn!r} is not callable; pass a function fn(x, positions)")
    x = numpy.eye(2, dim, dtype=numpy.float32)
    positions = numpy.arange(2, dtype=numpy.int64)
    try:
        out = fn(x, positions)
        output_array(out, "fn(x, positions)")
        return Caller("numpy")
    except Exception as exc:  # the user's code: any refusal sends us to torch
        refusal = _describe(exc)
    torch = _torch()
    if torch is None:
        raise PosencSymError(
            f"calling fn(x, positions) with NumPy arrays (x float32 of shape (2, {dim}), positions int64) "
            f"failed ({refusal}) and torch is not installed to try tensors; make fn accept NumPy arrays"
        )
    try:
        output_array(_call_rotary(fn, "torch", x, positions), "fn(x, positions)")
    except Exception as exc:
        raise PosencSymError(
            f"calling fn(x, positions) failed with NumPy arrays ({refusal}) and with torch tensors "
            f"({_describe(exc)}); fn must take x float32 of shape (tokens, {dim}) and positions int64 "
            "of shape (tokens,) and return x rotated"
        ) from None
    return Caller("torch", refusal)


def _rotary_chunk(
    fn: Callable[..., Any], caller: Caller, x: numpy.ndarray, positions: numpy.ndarray
) -> tuple[numpy.ndarray, str]:
    what = f"fn(x, positions) at positions {int(positions.min())}…{int(positions.max())}"
    try:
        out = _call_rotary(fn, caller.array_type, x, positions)
    except Exception as exc:  # the user's code raised: one line, with the positions it was given
        raise PosencSymError(
            f"{what} failed ({_describe(exc)}); if it handles fewer positions, pass --positions N "
            "(max_position=N) to probe below N"
        ) from None
    array, name = output_array(out, what)
    if array.shape != x.shape:
        raise PosencSymError(
            f"{what} returned shape {tuple(array.shape)} for x of shape {x.shape}; return x rotated, "
            "of the same shape (tokens, D)"
        )
    # every format but float64 is exact in float32: half the memory of float64 maps (P × D × D)
    return numpy.asarray(array, dtype=numpy.float64 if name == "float64" else numpy.float32), name


def call_rotary(
    fn: Callable[..., Any], caller: Caller, x: numpy.ndarray, positions: numpy.ndarray
) -> tuple[numpy.ndarray, str]:
    """``fn(x, positions)`` in calls of at most :data:`CALL_TOKENS` tokens, as float32 values (float64
    for float64 results: exact either way), and the format of the result (one format for every
    call, else an error)."""
    parts, names = [], set()
    for start in range(0, x.shape[0], CALL_TOKENS):
        part, name = _rotary_chunk(fn, caller, x[start : start + CALL_TOKENS], positions[start : start + CALL_TOKENS])
        parts.append(part)
        names.add(name)
    if len(names) > 1:
        raise PosencSymError(f"fn(x, positions) returned different dtypes ({sorted(names)}) for different calls")
    return numpy.concatenate(parts), names.pop()


def probe_maps(
    fn: Callable[..., Any], caller: Caller, dim: int, positions: numpy.ndarray
) -> tuple[numpy.ndarray, str]:
    """M(t) for each position t, shape (len(positions), D, D), and the result's format: the basis
    vectors e_0 … e_{D−1} at each position, column j of M(t) being what e_j comes back as."""
    basis = numpy.eye(dim, dtype=numpy.float32)
    per_call = max(1, CALL_TOKENS // dim)
    out: numpy.ndarray | None = None
    name = ""
    for start in range(0, positions.size, per_call):
        block = positions[start : start + per_call]
        x = numpy.tile(basis, (block.size, 1))
        y, name = call_rotary(fn, caller, x, numpy.repeat(block, dim).astype(numpy.int64))
        if out is None:  # filled in place: no second copy of P × D × D values
            out = numpy.empty((positions.size, dim, dim), dtype=y.dtype)
        out[start : start + block.size] = y.reshape(block.size, dim, dim)
    assert out is not None
    # out[t, j, :] is M(t)·e_j, column j of M(t)
    return out.transpose(0, 2, 1), name


@dataclass(frozen=True)
class Linearity:
    """fn(x) against M(t)·x for random x: the largest |Δ| relative to the bound, and where."""

    worst_load: float  # max |y − M x| / bound; > 1 is outside
    position: int
    dimension: int
    error: float
    bound: float

    def note(self, fmt: str) -> str:
        return (
            f"not linear in x: for random x, fn(x, positions) differs from M(t)·x (M(t) read off the "
            f"basis vectors) by {self.error:.3g} at position {self.position}, dimension {self.dimension}, "
            f"beyond the {self.bound:.3g} a linear map computed in {fmt} allows; the function is not "
            "one rotation per position (it depends on x's size, adds a term, or mixes tokens)"
        )


def dot_bound(matrix: numpy.ndarray, x: numpy.ndarray, fmt: str) -> numpy.ndarray:
    """γ_(n+3)·(|M|·|x|) for each output element of x @ M.T (x: tokens × D), γ_k = k·u/(1 − k·u)
    in ``fmt``: a row of M·x with n nonzero terms, computed as a dot product (each term perturbed
    by at most n − 1 + 1 roundings, Higham's γ_n), then possibly scaled by a constant (an
    attention factor applied last: one rounding more) and possibly rounded from a wider format
    or computed from x rounded into ``fmt`` (one more), against entries M read back as the
    function's own rounded values (fl(m·s): one more).

    >>> bool(dot_bound(numpy.eye(2), numpy.ones((1, 2)), "float32")[0, 0] == 4 * 2.0**-24 / (1 - 4 * 2.0**-24))
    True
    """
    u = FORMATS[fmt].unit_roundoff
    terms = numpy.count_nonzero(matrix, axis=1) + 3  # per output row
    gamma = terms * u / (1 - terms * u)
    return gamma[None, :] * (numpy.abs(x) @ numpy.abs(matrix).T)


def linearity(
    fn: Callable[..., Any], caller: Caller, maps: numpy.ndarray, positions: numpy.ndarray, fmt: str, seed: int = 21
) -> Linearity:
    """Call fn once more with random x (four tokens per position, in shuffled order, so that each
    token sits among other positions than when probed) and compare with M(t)·x."""
    rng = numpy.random.default_rng(seed)
    index = rng.permutation(numpy.repeat(numpy.arange(positions.size), 4))
    dim = maps.shape[1]
    x = rng.standard_normal((index.size, dim)).astype(numpy.float32)
    y32, _ = call_rotary(fn, caller, x, positions[index].astype(numpy.int64))
    y, x64 = y32.astype(numpy.float64), x.astype(numpy.float64)
    expected = numpy.empty_like(y)
    bound = numpy.empty_like(y)
    for p in range(positions.size):  # grouped by position: never a (tokens, D, D) temporary
        rows = numpy.nonzero(index == p)[0]
        matrix = maps[p].astype(numpy.float64)
        expected[rows] = x64[rows] @ matrix.T
        bound[rows] = dot_bound(matrix, x64[rows], fmt)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        error = numpy.abs(y - expected)
        load = numpy.where(error == 0, 0.0, error / numpy.maximum(bound, math.ulp(0.0)))
    load = numpy.where(numpy.isnan(load), numpy.inf, load)
    flat = int(numpy.argmax(load))
    token, dimension = divmod(flat, dim)
    return Linearity(
        float(load.flat[flat]),
        int(positions[index[token]]),
        dimension,
        float(error.flat[flat]),
        float(bound.flat[flat]),
    )


def call_builder(fn: Callable[..., Any], q_len: int, k_len: int) -> tuple[numpy.ndarray, str]:
    """``fn(q_len, k_len)`` (an ALiBi bias builder) as float64 values and the result's format."""
    what = f"fn({q_len}, {k_len})"
    try:
        out = fn(q_len, k_len)
    except Exception as exc:  # the user's code raised: one line
        raise PosencSymError(
            f"{what} failed ({_describe(exc)}); fn(q_len, k_len) must return the bias, (heads, q_len, "
            "k_len) or (heads, 1, k_len)"
        ) from None
    array, name = output_array(out, what)
    return numpy.asarray(array, dtype=numpy.float64), name
