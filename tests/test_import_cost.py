"""What the verify path imports: neither NumPy nor the renderer nor the cross-checks.

``posenc-sym verify`` is measured against ``import sympy`` (benchmarks/bench_verify.py); importing
NumPy, the LaTeX renderer or the cross-check package on that path costs time and buys nothing.
The public names of ``posenc_sym`` are imported when first used, and each subcommand imports its
use case inside ``run``.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import contextlib, io, json, sys
from posenc_sym.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main({argv!r})
print(json.dumps([status, sorted(sys.modules)]))
"""


@functools.cache
def _modules_after(argv: tuple[str, ...]) -> tuple[int, frozenset[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(argv=list(argv))], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    status, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return status, frozenset(modules)


@pytest.mark.parametrize("heavy", ["numpy", "matplotlib", "posenc_sym.render", "posenc_sym.crosscheck",
                                   "posenc_sym.tables", "posenc_sym.codegen"])
def test_verify_of_the_catalogue_does_not_import(heavy: str) -> None:
    status, modules = _modules_after(("verify", "--jobs", "1"))
    assert status == 0
    assert heavy not in modules


def test_the_probe_sees_an_import() -> None:
    """The same probe on `check` does see NumPy: the test above can fail."""
    status, modules = _modules_after(("check", "no-such-file.npy", "--scheme", "rope"))
    assert status == 2
    assert "numpy" in modules
