"""Every decision bounded in memory as well as time (issue 22, item 1).

Numbers too large to build are refused before SymPy builds them (posenc_sym.sizes): the reader's
powers, the falsifier's points, a claim whose side cannot be touched. What the estimate misses, the
claim's memory budget stops (RLIMIT_AS): a MemoryError is ``unknown: too large to evaluate`` and
the run goes on. The CLI cases run in a subprocess under an address-space cap (``ulimit -v``), so a
number that were built after all would end the run with a MemoryError, not pass.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
import sympy

from posenc_sym.proof import engine
from posenc_sym.proof.budget import memory_limit
from posenc_sym.proof.claim import Claim
from posenc_sym.proof.engine import decide
from posenc_sym.sizes import MAX_BITS, power_too_large, too_large

x = sympy.Symbol("x", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)
j = sympy.Symbol("j", integer=True)
TWO, TEN = sympy.Integer(2), sympy.Integer(10)
LIMIT = "(the limit is 315,653)"


def _unevaluated_tower() -> sympy.Expr:
    return sympy.Pow(TWO, sympy.Pow(TWO, sympy.Pow(TWO, 32, evaluate=False), evaluate=False), evaluate=False)


@pytest.mark.parametrize(("expr", "point", "why"), [
    # the cases, and the same kinds at other sizes
    (sympy.Pow(TWO, sympy.Integer(2) ** 32, evaluate=False), {}, f"2^4294967296 would have about 1.29e+09 decimal "
                                                                 f"digits {LIMIT}"),
    (sympy.Pow(TEN, TEN ** 10, evaluate=False), {}, f"10^10000000000 would have about 1e+10 decimal digits {LIMIT}"),
    (x ** (10**10), {x: sympy.Rational(3, 7)}, f"(3/7)^10000000000 would have about 1.32e+10 decimal digits {LIMIT}"),
    (sympy.factorial(n), {n: 10**9}, f"factorial(1000000000) would have about 9e+09 decimal digits {LIMIT}"),
    (sympy.Product(j, (j, 1, n)), {n: 10**10}, f"Product(j, (j, 1, 10000000000)) would have about 1.02e+11 decimal "
                                               f"digits {LIMIT}"),
    (sympy.sin(x), {x: TEN ** 30000}, "sin(<a number of about 30000 digits>) has an argument past 2^65536, which "
                                      "cannot be reduced modulo 2π"),
    (sympy.exp(sympy.exp(sympy.exp(TEN))), {}, "exp(exp(exp(10))) is too large for any float format (its binary "
                                               "exponent has more than 1024 bits)"),
    # what is not too large: exactly at the limit, a power of 1, π to a large power, a sum in closed form
    (sympy.Pow(TWO, MAX_BITS, evaluate=False), {}, None),
    (sympy.Pow(sympy.Integer(1), TEN ** 100, evaluate=False), {}, None),
    (sympy.pi ** x, {x: 10**10}, None),
    (sympy.Sum(j, (j, 1, n)), {n: 10**10}, None),
    (x ** 2, {x: sympy.Rational(3, 7)}, None),
])
def test_the_estimate(expr: sympy.Expr, point: dict[sympy.Symbol, object], why: str | None) -> None:
    assert too_large(expr, point) == why


def test_the_limit_is_on_bits_not_on_exponents() -> None:
    """2^(2^20) is at the limit and built; 2^(2^20 + 1) and 3^(2^20) are not (their bits are past it)."""
    assert power_too_large(TWO, sympy.Integer(MAX_BITS)) is None
    assert power_too_large(TWO, sympy.Integer(MAX_BITS + 64)) is not None
    assert power_too_large(sympy.Integer(3), sympy.Integer(MAX_BITS)) is not None


@pytest.mark.parametrize(("claim", "status", "reason"), [
    (Claim("big.tower", "a tower", _unevaluated_tower(), 1, relation=">"), "unknown",
     f"too large to evaluate: 2^(2^32) would have about 1.29e+09 decimal digits {LIMIT}"),
    (Claim("big.power", "a power", (x + sympy.Rational(1, 3)) ** (10**10), 0, relation=">"), "proven", None),
])
def test_a_claim_too_large_to_evaluate_is_unknown_and_says_so(claim: Claim, status: str, reason: str | None) -> None:
    verdict = decide(claim)
    assert verdict.status == status
    if reason is not None:
        assert verdict.reason == reason


def test_a_memory_limit_refuses_an_allocation_past_it_and_ends_with_its_block() -> None:
    with memory_limit(2**24), pytest.raises(MemoryError):
        bytearray(2**27)
    assert len(bytearray(2**27)) == 2**27


def test_a_memory_error_inside_the_engine_is_an_unknown_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real allocation past the claim's budget (a stand-in for a runaway expand) is the claim's
    verdict, and the process goes on."""
    def hungry(*args: object, **kwargs: object) -> object:
        return bytearray(2**30)

    monkeypatch.setattr(engine, "CLAIM_BYTES", 2**26)
    monkeypatch.setattr(engine, "_decide_statement", hungry)
    verdict = decide(Claim("big.hungry", "hungry", x, x))
    assert (verdict.status, verdict.method) == ("unknown", "memory")
    assert verdict.reason == ("too large to evaluate: deciding it needed more than 0.0625 GiB of memory (the "
                              "claim's memory budget); neither proven nor refuted")


def test_memory_limits_nest_and_never_loosen() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with memory_limit(2**28):
        inner_soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        with memory_limit(2**34):  # looser: the outer one stays
            assert resource.getrlimit(resource.RLIMIT_AS)[0] == inner_soft
        assert resource.getrlimit(resource.RLIMIT_AS)[0] == inner_soft
    assert resource.getrlimit(resource.RLIMIT_AS) == (soft, hard)


CAP = 3 * 2**30  # the address space a run may use here: far below what the tower took (5.4 GB+)


def _capped(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    return subprocess.run([sys.executable, "-m", "posenc_sym", *argv], capture_output=True, text=True, cwd=cwd,
                          preexec_fn=cap, timeout=900)


@pytest.mark.parametrize(("display", "reason"), [
    (r"2^{2^{2^{2^{5}}}} > 1", f"2^4294967296 would have about 1.29e+09 decimal digits {LIMIT}"),
    (r"10^{10^{10}} > 1", f"10^10000000000 would have about 1e+10 decimal digits {LIMIT}"),
    (r"\left(\frac{3}{7}\right)^{10^{9}} < 1", f"(3/7)^1000000000 would have about 1.32e+09 decimal digits {LIMIT}"),
])
def test_a_tower_in_notes_is_unknown_and_the_run_goes_on(tmp_path: Path, display: str, reason: str) -> None:
    """Issue: $$ 2^{2^{2^{2^{5}}}} > 1 $$ took 5.4 GB and more; under a 2 GB cap, a MemoryError traceback, exit 1."""
    (tmp_path / "notes.md").write_text(f"# Towers\n\n$$ {display} $$\n\n```posenc\nassume x real\n```\n\n"
                                       "$$ x^2 \\ge 0 $$\n", encoding="utf-8")
    done = _capped(["verify", "notes.md"], tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("notes.md:3: unknown ")
    assert lines[1] == f"    notes.md:3: cannot be read: too large to evaluate: {reason}; state it for a symbol, " \
                       "or with smaller numbers"
    assert lines[2].startswith("notes.md:9: proven ")


def test_a_header_asking_for_a_huge_array_is_refused_under_the_cap(tmp_path: Path) -> None:
    import numpy

    with (tmp_path / "huge.npy").open("wb") as handle:
        numpy.lib.format.write_array_header_2_0(handle, {"descr": "<f4", "fortran_order": False,
                                                         "shape": (10**12, 64)})
    done = _capped(["check", "huge.npy", "--scheme", "sinusoidal"], tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("posenc-sym check: error: huge.npy: its header declares shape (1000000000000, 64)")
