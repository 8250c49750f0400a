"""The float32 figures behind document 003's log-form claims (``benchmarks/bench_seed_div_term.py``).

The seed claim ``seeds.doc003.log-form.more-accurate`` quotes two float32 results as exact
rationals. These tests recompute them on this platform and check what the claim rests on, with
bounds derived from the operations rather than tuned.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
D = 512


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_bench_seed_div_term", ROOT / "benchmarks" / "bench_seed_div_term.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _bench()


def test_direct_power_is_within_one_ulp(bench: ModuleType) -> None:
    # 2k/512 is exact in float32 and a float32 pow is faithful: at most 1 ulp from the exact value.
    assert bench.ulp_errors(bench.direct(D), D).max() <= 1.0


def test_log_form_error_is_within_its_argument_bound(bench: ModuleType) -> None:
    # exp(a) with a = fl(2k·fl(c)): rounding c and rounding the product each move a by at most
    # 2^-24·|a|, which exp turns into a relative error 2^-24·|a|, i.e. at most |a| ulps (a float32
    # ulp is at least 2^-24 of the value); exp itself adds at most 1 ulp. Bound: 2·|a|_max + 1 ulps,
    # with |a|_max = 2·255·ln(10000)/512 ≈ 9.2.
    a_max = 2 * 255 * math.log(10000.0) / D
    assert bench.ulp_errors(bench.log_form(D), D).max() <= 2 * a_max + 1


def test_log_form_is_less_accurate_at_the_quoted_pair(bench: ModuleType) -> None:
    errors_log = bench.ulp_errors(bench.log_form(D), D)
    errors_direct = bench.ulp_errors(bench.direct(D), D)
    assert errors_log[239] > errors_direct[239]


@pytest.mark.parametrize("numerator", [12667899, 12667907])
def test_quoted_values_are_float32_numbers(numerator: int) -> None:
    value = numerator / 2**36
    assert float(np.float32(value)) == value
