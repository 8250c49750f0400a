"""Speed and accuracy of the sinusoidal table methods, as ratios measured in one run.

    python benchmarks/bench_tables.py [--rows 8192] [--width 1024] [--repeats 5]

Speed: an (rows × width) float64 table by each method, against (a) a plain NumPy fill of an array
of the same shape (allocation + one write pass: the memory floor) and (b) the direct formula.
A Python double loop in the style of the seed notes (math.sin/math.cos per entry, as in
001_bb44b78ede21af39.txt) is timed on ``--loop-rows`` rows and scaled linearly to ``--rows`` (said
in the output). Times are the best of ``--repeats`` runs taken round-robin; the machine may be
shared, so ratios (taken in the same run) are what to compare.

Accuracy: the max error (in ulps, and absolute) of each method against mpmath (50 digits) on the
rows at positions 0, 10^3, 10^5, 10^6 and 2^31 − 1, all columns, float64 and float32. Each row is
taken from inside a 40-row table, so that "fast" produces it by a rotation, not at a block start.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

import numpy

from posenc_sym import sinusoidal_table
from posenc_sym.numerics import abs_error, accurate_ulp_bound, ulp_error
from posenc_sym.reference import sinusoidal_reference

POSITIONS = (0, 10**3, 10**5, 10**6, 2**31 - 1)
METHODS = ("direct", "accurate", "fast")


def best_times(candidates: dict[str, Callable[[], object]], repeats: int) -> dict[str, float]:
    """Best of ``repeats`` for each candidate, taken round-robin so that load on a shared machine
    hits every candidate alike."""
    best = dict.fromkeys(candidates, math.inf)
    for _ in range(repeats):
        for name, fn in candidates.items():
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    return best


def python_loop(rows: int, width: int, base: float = 10000.0) -> numpy.ndarray:
    """The seed notes' double loop: one math.sin and math.cos per pair, written entry by entry."""
    table = numpy.zeros((rows, width))
    for pos in range(rows):
        for col in range(0, width, 2):
            angle = pos / base ** (col / width)
            table[pos, col] = math.sin(angle)
            table[pos, col + 1] = math.cos(angle)
    return table


def speed(rows: int, width: int, repeats: int, loop_rows: int) -> list[tuple[str, float]]:
    sinusoidal_table(2, width, method="accurate")  # warm the frequency cache and the codegen
    candidates: dict[str, Callable[[], object]] = {
        "numpy fill (memory floor)": lambda: numpy.full((rows, width), 0.5),
    }
    for method in METHODS:
        candidates[f"sinusoidal_table method={method!r}"] = lambda m=method: sinusoidal_table(rows, width, method=m)  # type: ignore[misc]
    timings = list(best_times(candidates, repeats).items())
    loop = best_times({"loop": lambda: python_loop(loop_rows, width)}, 1)["loop"] * rows / loop_rows
    timings.append((f"python loop ({loop_rows} rows, scaled ×{rows / loop_rows:g})", loop))
    return timings


def sampled_rows(t: int, width: int, dtype: type, method: str) -> numpy.ndarray:
    """Row t taken from inside a 40-row table (37 rows in when possible), so "fast" rotates it."""
    first = max(0, t - 37)
    return sinusoidal_table(40, width, start=first, dtype=dtype, method=method)[t - first : t - first + 1]


def accuracy(width: int) -> list[tuple[str, str, list[float], list[float]]]:
    exact = sinusoidal_reference(POSITIONS, width)
    out = []
    for dtype in (numpy.float64, numpy.float32):
        for method in METHODS:
            worst_ulp, worst_abs = [], []
            for r, t in enumerate(POSITIONS):
                row = sampled_rows(t, width, dtype, method)
                worst_ulp.append(float(ulp_error(row, exact[r : r + 1], dtype).max()))
                worst_abs.append(float(abs_error(row, exact[r : r + 1]).max()))
            out.append((numpy.dtype(dtype).name, method, worst_ulp, worst_abs))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=8192)
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--loop-rows", type=int, default=128)
    args = parser.parse_args()

    timings = speed(args.rows, args.width, args.repeats, args.loop_rows)
    fill = timings[0][1]
    direct = dict(timings)["sinusoidal_table method='direct'"]
    print(f"## speed: {args.rows}×{args.width} float64, best of {args.repeats}\n")
    print("| what | seconds | × fill | × direct |")
    print("|---|---:|---:|---:|")
    for name, seconds in timings:
        print(f"| {name} | {seconds:.4f} | {seconds / fill:.2f} | {seconds / direct:.2f} |")
    print("\ntargets: fast <= 3× fill; accurate <= 2× direct\n")

    results = accuracy(args.width)
    for title, index, fmt in (("max error in ulps", 2, "{:.3g}"), ("max absolute error", 3, "{:.2e}")):
        print(f"## {title} against mpmath (50 digits), width {args.width}, all columns\n")
        header = " | ".join(f"t={t}" for t in POSITIONS)
        print(f"| dtype | method | {header} |")
        print("|---|---|" + "---:|" * len(POSITIONS))
        for row in results:
            cells = " | ".join(fmt.format(w) for w in row[index])  # type: ignore[attr-defined]
            print(f"| {row[0]} | {row[1]} | {cells} |")
        print()
    print(
        f"accurate bound: {accurate_ulp_bound(numpy.float64)} ulp (float64), "
        f"{accurate_ulp_bound(numpy.float32):.10f} ulp (float32)"
    )


if __name__ == "__main__":
    main()
