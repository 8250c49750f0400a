"""Measure document 003's claims about the log form of the frequencies (``div_term``).

``003_750a8455e46b047a.txt`` says computing ω_k = 1/10000^(2k/d) through
exp(2k·(−ln 10000/d)) is numerically more stable and more efficient. This script measures both
in float32 with NumPy (torch is not a dependency; NumPy's float32 pow/exp are the stand-in):

* speed: the direct power 10000^(−2k/d) against the log form, and both against the fill of the
  whole max_len × d table they feed (the memory-bound cost that dominates), all in one run;
* accuracy: the error of each float32 form in ulps of float32, against mpmath at 50 digits.

Run: ``python benchmarks/bench_seed_div_term.py [--d 512] [--max-len 5000]``.
"""

from __future__ import annotations

import argparse
import math
import timeit

import mpmath
import numpy as np


def direct(d: int) -> np.ndarray:
    """ω_k as a float32 power: 10000^(−2k/d), exponent rounded to float32 first."""
    two_k = np.arange(0, d, 2, dtype=np.float32)
    return np.float32(10000.0) ** (-two_k / np.float32(d))


def log_form(d: int) -> np.ndarray:
    """ω_k the way the document's code computes it: exp(2k·(−ln 10000/d)) in float32."""
    two_k = np.arange(0, d, 2, dtype=np.float32)
    return np.exp(two_k * np.float32(-(math.log(10000.0) / d)))


def table(max_len: int, freqs: np.ndarray) -> np.ndarray:
    """The max_len × d table the frequencies feed (interleaved sin/cos), for scale."""
    pos = np.arange(max_len, dtype=np.float32)[:, None]
    out = np.empty((max_len, 2 * freqs.size), dtype=np.float32)
    out[:, 0::2] = np.sin(pos * freqs)
    out[:, 1::2] = np.cos(pos * freqs)
    return out


def ulp_errors(values: np.ndarray, d: int) -> np.ndarray:
    """|value − exact| in units of the float32 spacing at the exact value."""
    errs = []
    with mpmath.workdps(50):
        for k, v in enumerate(values):
            exact = mpmath.power(10000, mpmath.mpf(-2 * k) / d)
            spacing = float(np.spacing(np.float32(float(exact))))
            errs.append(float(abs(mpmath.mpf(float(v)) - exact)) / spacing)
    return np.array(errs)


def best(stmt: object, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=7)) / number  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--d", type=int, default=512)
    parser.add_argument("--max-len", type=int, default=5000)
    args = parser.parse_args()
    d, max_len = args.d, args.max_len

    t_direct = best(lambda: direct(d), 2000)
    t_log = best(lambda: log_form(d), 2000)
    freqs = log_form(d)
    t_table = best(lambda: table(max_len, freqs), 5)
    print(f"d = {d}, max_len = {max_len}, NumPy {np.__version__}, float32")
    print(f"  direct 10000^(-2k/d)     : {t_direct * 1e6:9.2f} us   (baseline 1.00)")
    print(f"  log form exp(2k*(-ln/d)) : {t_log * 1e6:9.2f} us   ratio {t_log / t_direct:5.2f}")
    print(f"  the {max_len}x{d} table     : {t_table * 1e6:9.0f} us   ratio {t_table / t_direct:8.0f}")
    print(f"  frequencies' share of the table fill: {max(t_direct, t_log) / t_table:.2%}")

    e_direct, e_log = ulp_errors(direct(d), d), ulp_errors(log_form(d), d)
    print("accuracy against mpmath (50 digits), in float32 ulps:")
    print(f"  direct : max {e_direct.max():.2f}, mean {e_direct.mean():.2f}")
    print(f"  log    : max {e_log.max():.2f}, mean {e_log.mean():.2f}")
    print(
        f"  largest intermediate of the direct form: 10000^((d-2)/d) = {10000 ** ((d - 2) / d):.1f}"
        f" (float32 max {np.finfo(np.float32).max:.3e}, float16 max {np.finfo(np.float16).max:.0f})"
    )


if __name__ == "__main__":
    main()
