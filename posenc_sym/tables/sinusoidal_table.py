"""``sinusoidal_table``: the sinusoidal encoding as a NumPy array, by one of three methods."""

from __future__ import annotations

from typing import Any

import numpy

from ..numerics import TurnWords
from ..schemes.sinusoidal import validate_width
from ._methods import encoding_words, fast_rotations, fill_pairs
from ._validate import METHODS, check_base, check_choice, check_count, check_memory, check_positions

__all__ = ["sinusoidal_table"]


def sinusoidal_table(n_positions: int, d_model: int, *, base: Any = 10000, layout: str = "interleaved",
                     start: int = 0, dtype: Any = numpy.float64, method: str = "accurate") -> numpy.ndarray:
    """PE(t, ·) for t = start..start+n_positions−1, shape (n_positions, d_model).

    ``layout="interleaved"``: column 2i = sin(t·ω_i), 2i+1 = cos(t·ω_i); ``"split"``: sines in the
    first half, cosines in the second; ω_i = base^(−2i/d_model). Bounds, per entry, against the
    exact value (derivations in ``docs/numerics.md``):

    - ``"accurate"``: float64 within 0.5 + 2^−10 ulp (entries of magnitude >= 2^−60); float32
      within 0.5 + 2^−28 ulp.
    - ``"fast"``: float64 within (2√2·(0.5 + 2^−10) + 2)·2^−53·(1 + 2^−51) absolute; float32
      within 0.5 ulp32 + twice that (:func:`posenc_sym.accuracy.fast_bound`).
    - ``"direct"``: :func:`posenc_sym.accuracy.direct_bound`, which grows with t·ω.

    Bad input raises :class:`~posenc_sym.errors.PosencSymError` before anything is allocated.

    >>> sinusoidal_table(2, 4, layout="split", start=1, method="fast").round(4).tolist()
    [[0.8415, 0.01, 0.5403, 1.0], [0.9093, 0.02, -0.4161, 0.9998]]
    >>> sinusoidal_table(2, 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: d_model=5 is odd; the sinusoidal encoding pairs columns, so ...
    """
    n = check_count(n_positions, "n_positions")
    first = check_count(start, "start")
    validate_width(d_model)
    check_base(base)
    check_choice(layout, "layout", ("interleaved", "split"))
    check_choice(method, "method", METHODS)
    check_positions(first, n)
    dt = check_memory(n, d_model, dtype, 1, "table")
    pairs = d_model // 2
    out = numpy.empty((n, d_model), dtype=dt)
    if method == "fast" and layout == "interleaved":
        _fast_interleaved(out, first, encoding_words(d_model, base))
        return out
    sin_cols, cos_cols = ((slice(0, None, 2), slice(1, None, 2)) if layout == "interleaved"
                          else (slice(0, pairs), slice(pairs, None)))
    fill_pairs(method, n, first, d_model, base, dt,
               lambda r0, r1: (out[r0:r1, sin_cols], out[r0:r1, cos_cols]))
    return out


def _fast_interleaved(out: numpy.ndarray, start: int, words: TurnWords) -> None:
    """Interleaved rows are complex numbers sin + i·cos: one complex product per pair, written in place."""
    n = out.shape[0]
    block, conj_w, z0 = fast_rotations(n, start, words)
    as_complex = out.view(numpy.complex128 if out.dtype == numpy.float64 else numpy.complex64)
    direct = out.dtype == numpy.float64
    buffer = None if direct else numpy.empty_like(conj_w)
    for k, r0 in enumerate(range(0, n, block)):
        r1 = min(n, r0 + block)
        if direct:
            numpy.multiply(conj_w[: r1 - r0], z0[k], out=as_complex[r0:r1])
        else:
            assert buffer is not None
            as_complex[r0:r1] = numpy.multiply(conj_w[: r1 - r0], z0[k], out=buffer[: r1 - r0])
