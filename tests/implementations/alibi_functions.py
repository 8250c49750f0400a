"""ALiBi bias builders ``fn(q_len, k_len)`` in NumPy, right and wrong, for the function check.

Slopes are computed as the reference code does (ofirpress/attention_with_linear_biases, BLOOM,
MPT): powers of 2^(−B/c) for the closest power of two c ≤ n, then every other power of
2^(−B/2c), as float32 powers; the queries are the last q_len of the k_len keys (a prompt when
q_len = k_len, decoding with a cache when q_len < k_len). Forms:

* ``causal``: −m·(i − j) for j ≤ i, ``mask`` after (−∞ by default; −10⁴ or −10⁹ in older code);
* ``symmetric``: −m·|i − j| (an encoder's bias);
* ``row``: m·j, one row for every query (BLOOM's form, (heads, 1, k_len)).

Bugs (one at a time): ``sign`` (+m·distance), ``reverse`` (slopes in reverse head order),
``start_one`` (2^(−B·h/n): the exponent h where h + 1 belongs, slopes from 1), ``query_shift``
(the query placed k keys later: −m·|i + k − j|), ``first_queries`` (the queries on the first
q_len keys, not the last), ``plant`` (one element moved by a given amount, for the bound tests);
:func:`varying` builds one form for square calls and another for the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

Builder = Callable[[int, int], numpy.ndarray]


def slopes(n: int, max_bias: float = 8.0, start_one: bool = False) -> numpy.ndarray:
    """The interpolated rule (power-of-two for n = 2^k), as float32 powers of a float32 base."""

    def powers(c: int, odd: bool = False) -> numpy.ndarray:
        base = numpy.float32(2.0 ** (-max_bias / c))
        exponents = numpy.arange(1, 2 * c + 1, 2) if odd else numpy.arange(0 if start_one else 1, c + (0 if start_one else 1))
        return numpy.array([base ** numpy.float32(e) for e in exponents], dtype=numpy.float32)

    c = 1 << (n.bit_length() - 1)
    out = powers(c)
    if c != n:
        out = numpy.concatenate([out, powers(2 * c, odd=True)[: n - c]])
    return out


def make(
    heads: int,
    *,
    form: str = "causal",
    max_bias: float = 8.0,
    sign: float = 1.0,
    reverse: bool = False,
    start_one: bool = False,
    query_shift: int = 0,
    plant: tuple[int, int, int, float] | None = None,
    mask: float = -numpy.inf,
    first_queries: bool = False,
) -> Builder:
    """A bias builder (module docstring); ``plant`` = (head, row, key, amount) adds ``amount`` to
    that element of the square calls whose size holds it."""
    m = slopes(heads, max_bias, start_one)
    if reverse:
        m = m[::-1].copy()
    m = (sign * m).astype(numpy.float32)

    def fn(q_len: int, k_len: int) -> numpy.ndarray:
        j = numpy.arange(k_len, dtype=numpy.float32)
        if form == "row":
            out = m[:, None, None] * j[None, None, :]
        else:
            first = 0 if first_queries else k_len - q_len
            i = numpy.arange(first, first + q_len, dtype=numpy.float32)[:, None] + query_shift
            distance = numpy.abs(i - j) if form == "symmetric" else (i - j)
            out = -m[:, None, None] * distance[None]
            if form == "causal":
                out = numpy.where(j[None, None, :] > i[None], mask, out)
        out = out.astype(numpy.float32)
        if plant is not None and plant[1] < out.shape[1] and plant[2] < k_len and q_len == k_len:
            h, r, k, amount = plant
            out[h, r, k] = numpy.float32(float(out[h, r, k]) + amount)
        return out

    return fn


def varying(heads: int, square: dict[str, Any], other: dict[str, Any]) -> Builder:
    """Broken: a builder that changes with the call, ``make(heads, **square)`` when q_len = k_len and
    ``make(heads, **other)`` otherwise."""
    when_square, otherwise = make(heads, **square), make(heads, **other)
    return lambda q_len, k_len: (when_square if q_len == k_len else otherwise)(q_len, k_len)
