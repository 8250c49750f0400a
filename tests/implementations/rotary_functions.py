"""Rotary functions ``fn(x, positions)`` in NumPy, right and wrong, for the function check.

Each computes as such code does in float32: inverse frequencies 1/base^(2i/R) in float64 then
rounded to float32 (as ``inv_freq.float()``), angles t·ω formed in float32, cos/sin in float32,
then x·cos + rotate(x)·sin. The wrong ones each carry one bug of the kinds the check must name:

* ``sign``: rotate_half returning (x2, −x1) instead of (−x2, x1): a rotation by −θ;
* ``same_sign``: the minus dropped from one half only: not a rotation;
* ``offset``: positions + k reach the angles (position_ids + 1);
* ``float16_positions``: positions cast to float16 before the angles are formed;
* ``mispaired``: rotate_every_two (adjacent pairs) over a cache laid out for rotate_half, or
  rotate_half over an interleaved cache;
* ``base``: a base other than the one meant (the check names it; ``--expect base=`` refuses it);
* ``normalised``: x rotated and then divided by its norm (not linear in x);
* ``leaky``: a rotation plus a small multiple of the neighbouring token (mixes tokens).

Functions are built by :func:`make` from keyword options, so a test table names them in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

Fn = Callable[[numpy.ndarray, numpy.ndarray], numpy.ndarray]


def inv_freq(rotary_dim: int, base: float = 10000.0, denominator: int | None = None) -> numpy.ndarray:
    """1/base^(2i/den) for i < rotary_dim/2, computed in float64, held in float32."""
    den = denominator or rotary_dim
    return (1.0 / base ** (numpy.arange(0, rotary_dim, 2, dtype=numpy.float64) / den)).astype(numpy.float32)


def angles(positions: numpy.ndarray, freq: numpy.ndarray, position_dtype: Any = numpy.float32) -> numpy.ndarray:
    """t·ω in float32, t first held in ``position_dtype`` (float16: the slip of casting positions
    to the model's dtype)."""
    with numpy.errstate(over="ignore"):  # float16 positions overflow from 65520: the bug itself
        t = positions.astype(position_dtype).astype(numpy.float32)
    return t[:, None] * freq[None, :]


def rotate_half(x: numpy.ndarray, sign: float = 1.0, second_sign: float | None = None) -> numpy.ndarray:
    """(−x2, x1) for sign 1; (x2, −x1) for sign −1 (the sign bug); ``second_sign`` sets the sign
    of the second half on its own (the same-sign bug: (x2, x1))."""
    h = x.shape[1] // 2
    second = sign if second_sign is None else second_sign
    return numpy.concatenate([-sign * x[:, h:], second * x[:, :h]], axis=1)


def rotate_every_two(x: numpy.ndarray) -> numpy.ndarray:
    """(−x_{2i+1}, x_{2i}) per adjacent pair, as GPT-J's rotate_every_two."""
    out = numpy.empty_like(x)
    out[:, 0::2] = -x[:, 1::2]
    out[:, 1::2] = x[:, 0::2]
    return out


def make(
    *,
    pairing: str = "halves",
    layout: str | None = None,
    base: float = 10000.0,
    rotary_dim: int | None = None,
    denominator: int | None = None,
    offset: int = 0,
    position_dtype: Any = numpy.float32,
    sign: float = 1.0,
    second_sign: float | None = None,
    scale: float = 1.0,
    normalised: bool = False,
    leak: float = 0.0,
) -> Fn:
    """A rotary function: ``pairing`` of the rotation (halves: rotate_half; adjacent:
    rotate_every_two), ``layout`` of its cos/sin (default: the pairing's own), over the first
    ``rotary_dim`` dimensions (the rest pass through), and one bug at most (module docstring).
    ``scale`` multiplies the result (a planted error for the bound tests)."""
    layout = layout or pairing

    def fn(x: numpy.ndarray, positions: numpy.ndarray) -> numpy.ndarray:
        assert x.dtype == numpy.float32 and positions.dtype == numpy.int64
        r = rotary_dim or x.shape[1]
        theta = angles(positions + offset, inv_freq(r, base, denominator), position_dtype)
        emb = numpy.concatenate([theta, theta], 1) if layout == "halves" else numpy.repeat(theta, 2, axis=1)
        with numpy.errstate(invalid="ignore"):  # cos(inf) is NaN, as the bug makes it
            cos, sin = numpy.cos(emb).astype(numpy.float32), numpy.sin(emb).astype(numpy.float32)
        rot, rest = x[:, :r], x[:, r:]
        turned = rotate_half(rot, sign, second_sign) if pairing == "halves" else rotate_every_two(rot)
        out = numpy.concatenate([rot * cos + turned * sin, rest], axis=1)
        if normalised:
            out = out / numpy.linalg.norm(x, axis=1, keepdims=True).astype(numpy.float32)
        if leak:
            out = out + numpy.float32(leak) * numpy.roll(x, 1, axis=0)
        if scale != 1.0:
            out = out * numpy.float32(scale)
        return out.astype(numpy.float32)

    return fn
