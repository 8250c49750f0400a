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

import pytest
import sympy

from posenc_sym import Claim

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
    # 2^-24·|a|, which exp turns into a relative error e^{2·2^-24·|a|} − 1, i.e. at most 2|a| ulps
    # (a float32 ulp is more than 2^-24 of the value; the factor 1 + 10^-6 covers e^x − 1 > x);
    # NumPy's float32 exp adds at most 3 ulps (its accuracy suite's tolerance,
    # umath-validation-set-exp.csv). Bound: 2·|a|_max + 3 ulps, |a|_max = 2·255·ln(10000)/512 ≈ 9.2.
    a_max = 2 * 255 * math.log(10000.0) / D
    assert bench.ulp_errors(bench.log_form(D), D).max() <= 2 * a_max * (1 + 1e-6) + 3


def test_log_form_is_less_accurate_at_the_quoted_pair(bench: ModuleType) -> None:
    errors_log = bench.ulp_errors(bench.log_form(D), D)
    errors_direct = bench.ulp_errors(bench.direct(D), D)
    assert errors_log[239] > errors_direct[239]


def _quoted_claim() -> Claim:
    path = ROOT / "derivations" / "seeds" / "doc003_transformer_pe_explained.py"
    spec = importlib.util.spec_from_file_location("_seed_doc003_numerics", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return next(c for c in module.DERIVATION.claims if c.id == "seeds.doc003.log-form.more-accurate")


def _dyadic(side: sympy.Expr) -> sympy.Rational:
    """The one float32 result a side of the claim quotes, |value − ω_239|: the rational inside Abs."""
    values = [abs(r) for r in side.atoms(sympy.Rational) if r.q == 2**36]  # SymPy may write Abs(f − r)
    assert len(values) == 1, values
    return values[0]


def test_quoted_values_are_the_benchmarks_float32_results(bench: ModuleType) -> None:
    # The claim copies the two float32 results of benchmarks/bench_seed_div_term.py as exact rationals;
    # recompute them here with the benchmark's own functions: they must be these numbers exactly
    # (ω_239 ≈ 1.8·10^-4 lies in [2^-13, 2^-12), where the float32 numbers are the multiples of 2^-36).
    # The claim's scope names NumPy 2.4's float32 exp/pow: another NumPy or CPU (SIMD kernels) may
    # round differently, and then this fails on purpose: rerun the benchmark and update the claim.
    claim = _quoted_claim()
    log_value, direct_value = _dyadic(claim.lhs), _dyadic(claim.rhs)
    assert sympy.Rational(float(bench.log_form(D)[239])) == log_value
    assert sympy.Rational(float(bench.direct(D)[239])) == direct_value


def test_quoted_ulp_figures_are_the_benchmarks(bench: ModuleType) -> None:
    # The prose quotes 7.3 and 0.66 ulps at k = 239 and maxima 7.3 and 0.89 over the 256 pairs.
    claim = _quoted_claim()
    errors_log = bench.ulp_errors(bench.log_form(D), D)
    errors_direct = bench.ulp_errors(bench.direct(D), D)
    at_239_log, at_239_direct = f"{errors_log[239]:.2g}", f"{errors_direct[239]:.2g}"
    max_log, max_direct = f"{errors_log.max():.2g}", f"{errors_direct.max():.2g}"
    for quoted in (f"log form is {at_239_log} float32 ulps", f"the power {at_239_direct} ulps",
                   f"error reaches {max_log} ulps", f"the power's {max_direct}"):
        assert quoted in " ".join(claim.prose.split()), quoted
