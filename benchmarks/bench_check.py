"""Benchmark ``posenc-sym check``: time and peak memory, as ratios against baselines in this run.

Cases (the targets of issue 5: each under 3 s, memory a small multiple of the input):

* a 131072×128 float32 RoPE cache (cos and sin, 64 MiB each), computed accurately (the
  "matches" path) and with float32 angles (the "mismatch" path, which also evaluates the
  angle-rounding models on every element beyond 1 ulp);
* an 8192×1024 float64 sinusoidal table (64 MiB), accurate and direct-formula;
* inputs of 10⁶ elements (issue 14: none may take more than 3 s), one per shape that used to be
  slow: a 512×64 cache in an unusual base (the start search over many candidates), a table 100001
  columns wide, a bfloat16 cache saved as float32, a float16 table, and a float32 cache from
  float32 angles in the default model.

* 512×64 float32 caches of several conventions (issue 14: one such cache took 21 s): float32
  angles, base 2000 (a short name), YaRN, LongRoPE, xPos, and frequencies no convention has
  (every candidate's start search, and the LongRoPE search, run and fail).

Baselines measured here: a plain NumPy fill of an array of the input's size (the memory-bandwidth
floor) and one pass of ``numpy.sin`` over it (the cost of touching every element with a libm call).
Peak memory is traced with tracemalloc (NumPy reports its buffers to it) during the check only,
so it is the check's own working memory, compared with the input's size.

Run from the repository root: ``python -m benchmarks.bench_check [BUILDER ...]`` with BUILDER
among convention_cases, million_cases, rope_cases, table_cases (default all: about a minute).
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy

from posenc_sym.crosscheck import check_rope, check_sinusoidal, check_xpos
from posenc_sym.tables import rope_cache, sinusoidal_table

TARGET_SECONDS = 3.0


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def traced(fn: Callable[[], Any]) -> tuple[float, int, Any]:
    """Seconds (untraced run) and peak traced bytes (second, traced run) of fn()."""
    seconds, out = timed(fn)
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, out


def baselines(shape: tuple[int, int], dtype: Any, copies: int) -> tuple[float, float]:
    """Seconds to fill ``copies`` arrays of ``shape`` with a constant, and to take their sin."""
    arrays = [numpy.empty(shape, dtype=dtype) for _ in range(copies)]
    fill, _ = timed(lambda: [a.fill(0.5) for a in arrays])
    sin, _ = timed(lambda: [numpy.sin(a) for a in arrays])
    return fill, sin


def rope_cases() -> list[tuple[str, Callable[[], Any], int, tuple[int, int], Any, int]]:
    n, dim = 131072, 128
    acc = rope_cache(n, dim, dtype=numpy.float32, method="accurate")
    t = numpy.arange(n, dtype=numpy.float32)[:, None]
    inv = (1.0 / 10000.0 ** (numpy.arange(0, dim, 2) / dim)).astype(numpy.float32)
    ang = numpy.concatenate([t * inv, t * inv], axis=1)  # float32 angles, as torch code computes them
    f32 = (numpy.cos(ang), numpy.sin(ang))
    del ang
    size = 2 * n * dim * 4
    return [
        ("RoPE 131072×128 f32, accurate", lambda: check_rope(*acc), size, (n, dim), numpy.float32, 2),
        ("RoPE 131072×128 f32, f32 angles", lambda: check_rope(*f32), size, (n, dim), numpy.float32, 2),
    ]


def table_cases() -> list[tuple[str, Callable[[], Any], int, tuple[int, int], Any, int]]:
    n, d = 8192, 1024
    acc = sinusoidal_table(n, d, dtype=numpy.float64, method="accurate")
    direct = sinusoidal_table(n, d, dtype=numpy.float64, method="direct")
    size = n * d * 8
    return [
        ("sinusoidal 8192×1024 f64, accurate", lambda: check_sinusoidal(acc), size, (n, d), numpy.float64, 1),
        ("sinusoidal 8192×1024 f64, direct", lambda: check_sinusoidal(direct), size, (n, d), numpy.float64, 1),
    ]


def million_cases() -> list[tuple[str, Callable[[], Any], int, tuple[int, int], Any, int]]:
    """Inputs of about 10⁶ elements (sizes in elements; float32 unless said)."""
    n, dim = 7813, 64  # 2 × 7813 × 64 ≈ 10⁶ elements
    t = numpy.arange(n, dtype=numpy.float32)[:, None]

    def f32_cache(base: float, width: int) -> tuple[numpy.ndarray, numpy.ndarray]:
        inv = (1.0 / numpy.float32(base) ** (numpy.arange(0, width, 2, dtype=numpy.float32) / width)).astype(
            numpy.float32
        )
        ang = numpy.concatenate([t * inv, t * inv], axis=1)
        return numpy.cos(ang), numpy.sin(ang)

    plain = f32_cache(10000.0, dim)
    small_base = f32_cache(10.0, dim)
    bits = plain[0].view(numpy.uint32), plain[1].view(numpy.uint32)
    # round to nearest even at bit 16: a bfloat16 cache, widened back to float32 (as .float() does)
    bf16 = tuple(
        ((b + numpy.uint32(0x7FFF) + ((b >> 16) & numpy.uint32(1))) & numpy.uint32(0xFFFF0000)).view(numpy.float32)
        for b in bits
    )
    wide = numpy.zeros((10, 100001), dtype=numpy.float32)  # an odd width: the last column is padding
    wide[:, :100000] = sinusoidal_table(10, 100000, dtype=numpy.float32)
    half = sinusoidal_table(15625, 64, dtype=numpy.float32).astype(numpy.float16)  # float32, rounded
    size = 2 * n * dim * 4  # bytes
    return [
        ("1e6: RoPE f32, f32 angles (default)", lambda: check_rope(*plain), size, (n, dim), numpy.float32, 2),
        ("1e6: RoPE f32, base 10", lambda: check_rope(*small_base), size, (n, dim), numpy.float32, 2),
        ("1e6: RoPE bfloat16 saved as f32", lambda: check_rope(*bf16), size, (n, dim), numpy.float32, 2),
        ("1e6: sinusoidal 10×100001 f32", lambda: check_sinusoidal(wide), wide.nbytes, wide.shape, numpy.float32, 1),
        ("1e6: sinusoidal 15625×64 f16", lambda: check_sinusoidal(half), half.nbytes, half.shape, numpy.float16, 1),
    ]


def convention_cases() -> list[tuple[str, Callable[[], Any], int, tuple[int, int], Any, int]]:
    """512×64 float32 caches, one per convention (the shape of the 21 s case of issue 14)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.implementations
    from tests.implementations import numpy_impls as impl

    n, dim = 512, 64
    t = numpy.arange(n, dtype=numpy.float32)[:, None]

    def f32_cache(inv: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
        ang = numpy.concatenate([t * inv, t * inv], axis=1).astype(numpy.float32)
        return numpy.cos(ang), numpy.sin(ang)

    pairs = numpy.arange(dim // 2, dtype=numpy.float32)
    caches = {
        "f32 angles": f32_cache(1 / numpy.float32(10000) ** (2 * pairs / dim)),
        "base 2000": f32_cache(1 / numpy.float32(2000) ** (2 * pairs / dim)),
        "YaRN": impl.rope_yarn(n, dim),
        "LongRoPE": impl.rope_longrope(n, dim, impl.phi3_factors(dim // 2)),
        "no convention fits": f32_cache(numpy.sort(numpy.random.default_rng(0).uniform(0, 1, dim // 2))[::-1]),
    }
    size = 2 * n * dim * 4
    out: list[tuple[str, Callable[[], Any], int, tuple[int, int], Any, int]] = [
        (f"512×64: RoPE {name}", lambda c=c: check_rope(*c), size, (n, dim), numpy.float32, 2)
        for name, c in caches.items()
    ]
    xpos = impl.xpos_cache(n, dim)
    out.append(("512×64: xPos", lambda: check_xpos(*xpos), size, (n, dim), numpy.float32, 2))
    return out


def main() -> int:
    header = (
        f"{'case':36} {'verdict':9} {'seconds':>8} {'vs fill':>8} {'vs sin':>7} "
        f"{'peak MiB':>9} {'peak/input':>10}  target"
    )
    print(header)
    print("-" * len(header))
    only = sys.argv[1:]  # builder names to run (default: all), e.g. convention_cases
    builders = (convention_cases, million_cases, rope_cases, table_cases)
    for builder in [b for b in builders if not only or b.__name__ in only]:
        for name, run, size, shape, dtype, copies in builder():
            fill, sin = baselines(shape, dtype, copies)
            seconds, peak, result = traced(run)
            met = "met" if seconds < TARGET_SECONDS else "MISSED"
            print(
                f"{name:36} {result.verdict:9} {seconds:8.2f} {seconds / fill:7.0f}× {seconds / sin:6.1f}× "
                f"{peak / 2**20:9.1f} {peak / size:9.2f}×  <{TARGET_SECONDS:.0f} s {met}"
            )
    print(
        "\nvs fill: check time / time to fill arrays of the input's size; vs sin: / one numpy.sin over them."
        "\npeak: largest tracemalloc-traced allocation total during the check (the input itself excluded)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
