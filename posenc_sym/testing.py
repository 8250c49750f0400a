"""Assertions for other projects' test suites: is my table the encoding I think it is?

Each assertion identifies the convention from the data, compares it with the convention you
expect (only the keys you pass, compared as ``posenc-sym check --expect`` compares them: see
:mod:`posenc_sym.crosscheck.expect`), and requires the data to meet the error model: by default
the data's own precision (a float32 table whose angles were formed in float32 passes, as a
correct float32 implementation should); ``model="faithful"`` demands every element within 1 ulp
of the exact value (the CLI's ``--strict``); ``model="angle:float64"`` names a model explicitly.
On failure the AssertionError names the convention found and the worst element.

>>> import numpy
>>> from posenc_sym.tables import sinusoidal_table
>>> table = sinusoidal_table(16, 4, dtype=numpy.float32)  # correctly rounded but for 2^-28 ulp
>>> _ = assert_sinusoidal(table, layout="interleaved", base=10000)
>>> assert_sinusoidal(table, layout="split")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: sinusoidal convention differs: expected layout='split', found layout='interleaved' ...
"""

from __future__ import annotations

from typing import Any

from .crosscheck import (
    CheckResult,
    check_alibi,
    check_alibi_function,
    check_rope,
    check_rope_axes,
    check_rotary_function,
    check_sinusoidal,
    check_sinusoidal_2d,
    check_xpos,
    parse_error_model,
)

__all__ = [
    "assert_alibi_function",
    "assert_alibi_slopes",
    "assert_rope_axes",
    "assert_rope_cache",
    "assert_rotary_function",
    "assert_sinusoidal",
    "assert_sinusoidal_2d",
    "assert_xpos_cache",
]


def _assert(result: CheckResult) -> CheckResult:
    if result.matches:
        return result
    described = ", ".join(f"{k}={v}" for k, v in result.convention)
    differs = [n for n in result.notes if n.startswith("expected ")]
    if differs:
        raise AssertionError(f"{result.scheme} convention differs: {'; '.join(differs)} (found: {described})")
    bugs = dict(result.extra).get("function", {}).get("bugs", [])
    if bugs:
        # a function's bugs are its first notes, one per bug found
        raise AssertionError(
            f"{result.scheme} function has {len(bugs)} bug(s) ({', '.join(bugs)}): "
            f"{'; '.join(result.notes[: len(bugs)])} (convention found: {described})"
        )
    worst = result.worst.describe() if result.worst is not None else "no element measured"
    reasons = "; ".join(result.notes)
    raise AssertionError(
        f"{result.scheme} data do not meet the {result.error_model} error model "
        f"(convention found: {described}); worst element {worst}; {reasons}"
    )


def assert_sinusoidal(table: Any, *, model: str = "native", **expected_convention: Any) -> CheckResult:
    """Assert ``table`` (positions × d_model) is a sinusoidal encoding with the given convention keys
    (layout, order, base, exponent_denominator, start, scale, …, and dtype) meeting ``model``."""
    return _assert(check_sinusoidal(table, model=parse_error_model(model), expect=expected_convention))


def assert_sinusoidal_2d(
    table: Any, *, model: str = "native", grid_shape: tuple[int, int] | None = None, **expected_convention: Any
) -> CheckResult:
    """Assert ``table`` (tokens × d_model, rows in row-major grid order) is a 2-D sin-cos table with
    the given keys (grid, extra_rows, axis_blocks, layout, base, position_scale, …). ``grid_shape``
    (H, W) gives the check the grid when the data cannot show it.

    >>> import numpy
    >>> i, j = numpy.divmod(numpy.arange(16), 4)
    >>> emb = lambda p: numpy.stack([numpy.sin(p), numpy.sin(p / 100), numpy.cos(p), numpy.cos(p / 100)], 1)
    >>> assert_sinusoidal_2d(numpy.hstack([emb(j), emb(i)]), grid=[4, 4], axis_blocks=["w", "h"]).verdict
    'matches'
    """
    result = check_sinusoidal_2d(table, grid=grid_shape, model=parse_error_model(model), expect=expected_convention)
    return _assert(result)


def assert_rope_cache(cos: Any, sin: Any, *, model: str = "native", **expected_convention: Any) -> CheckResult:
    """Assert (cos, sin) is a RoPE cache with the given keys (pairing, base, scaling, start, factor, …).

    >>> from posenc_sym.tables import rope_cache
    >>> cos, sin = rope_cache(8, 4, pairing="adjacent", dtype="float32")
    >>> _ = assert_rope_cache(cos, sin, pairing="adjacent")
    """
    return _assert(check_rope(cos, sin, model=parse_error_model(model), expect=expected_convention))


def assert_alibi_slopes(slopes: Any, *, model: str = "native", **expected_convention: Any) -> CheckResult:
    """Assert ``slopes`` are ALiBi slopes with the given keys (heads, rule, max_bias, alibi_heads), or
    an ALiBi bias (heads, queries, keys) with them and its own (form, row_offset).

    >>> assert_alibi_slopes([2.0**-h for h in range(1, 9)], heads=8).verdict
    'matches'
    """
    return _assert(check_alibi(slopes, model=parse_error_model(model), expect=expected_convention))


def assert_rope_axes(
    cos: Any, sin: Any, ids: Any, *, model: str = "native", blocks: Any = None, **expected_convention: Any
) -> CheckResult:
    """Assert (cos, sin) is a multi-axis RoPE cache over the per-token ``ids`` (tokens × axes) with
    the given keys (pairing, axes_dim, axes_theta, …). ``blocks`` gives the check the block widths
    (its ``axes_dim``), needed only when the last axis's ids are constant; an expected ``axes_dim``
    is compared with the widths found, like any other key.

    >>> import numpy
    >>> ids = numpy.stack([numpy.repeat(numpy.arange(4), 4), numpy.tile(numpy.arange(4), 4)], 1)
    >>> angle = numpy.concatenate([ids[:, [a]] * 10000.0 ** (-numpy.arange(2) / 2) for a in (0, 1)], 1)
    >>> assert_rope_axes(numpy.cos(angle), numpy.sin(angle), ids, axes_dim=[4, 4]).verdict
    'matches'
    """
    result = check_rope_axes(cos, sin, ids, axes_dim=blocks, model=parse_error_model(model), expect=expected_convention)
    return _assert(result)


def assert_xpos_cache(cos: Any, sin: Any, *, model: str = "native", **expected_convention: Any) -> CheckResult:
    """Assert (cos·A, sin·A) is an xPos cache with the given keys (scale_base, amplitude_centre,
    amplitude_sign, and the RoPE keys: pairing, base, …)."""
    return _assert(check_xpos(cos, sin, model=parse_error_model(model), expect=expected_convention))


def assert_rotary_function(
    fn: Any, *, dim: int, model: str = "native", offsets: Any = (), max_position: int = 1 << 20,
    **expected_convention: Any,
) -> CheckResult:
    """Assert ``fn(x, positions)`` (x float32 (tokens, ``dim``), positions int64) rotates x as a RoPE
    convention with the given keys (pairing, base, scaling, rotary_dim, factor, …) in its own precision,
    at the check's positions and at blocks from ``offsets`` (e.g. drawn by
    :func:`posenc_sym.strategies.rotary_offsets`). On failure the AssertionError names the bugs.

    >>> import numpy
    >>> def rope(x, positions):  # adjacent pairs, as a complex product does
    ...     angle = positions[:, None] * (10000.0 ** -(numpy.arange(0, x.shape[1], 2) / x.shape[1]))
    ...     z = (x[:, 0::2] + 1j * x[:, 1::2]) * numpy.exp(1j * angle)
    ...     return numpy.stack([z.real, z.imag], -1).reshape(x.shape).astype(numpy.float32)
    >>> assert_rotary_function(rope, dim=8, pairing="adjacent", base=10000).verdict
    'matches'
    >>> assert_rotary_function(lambda x, t: rope(x, t + 1), dim=8)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: rope function has 1 bug(s) (position-offset): positions off by +1: ...
    """
    result = check_rotary_function(
        fn, dim=dim, model=parse_error_model(model), expect=expected_convention, max_position=max_position,
        offsets=tuple(offsets),
    )
    return _assert(result)


def assert_alibi_function(fn: Any, *, heads: int, model: str = "native", **expected_convention: Any) -> CheckResult:
    """Assert the bias builder ``fn(q_len, k_len)`` gives an ALiBi bias of ``heads`` heads, (heads, q_len,
    k_len) or (heads, 1, k_len), with the given keys (rule, max_bias, form, rows), up to a per-row constant.

    >>> import numpy
    >>> def alibi(q_len, k_len):  # symmetric, the queries being the last q_len keys
    ...     slopes = 2.0 ** -numpy.arange(1, 5)
    ...     i, j = numpy.arange(k_len - q_len, k_len)[:, None], numpy.arange(k_len)
    ...     return (-slopes[:, None, None] * numpy.abs(i - j)).astype(numpy.float32)
    >>> assert_alibi_function(alibi, heads=4, form="symmetric").verdict
    'matches'
    """
    return _assert(check_alibi_function(fn, heads=heads, model=parse_error_model(model), expect=expected_convention))
