"""Time ``posenc-sym verify`` on the built-in catalogue: end to end, and claim by claim.

End to end is a fresh interpreter running ``python -m posenc_sym.cli verify --json``, so SymPy's
import is included, as a user sees it. Baselines measured in the same run, on the same machine:
a bare interpreter start and ``import sympy``. The budget is 10 s of wall time for the whole
catalogue (issue 2); this script reports against it and never fails on it.

    python benchmarks/bench_verify.py [--repeat N] [PATH ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

BUDGET_SECONDS = 10.0


def wall(argv: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Wall time of one subprocess, and its result."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done


def best_of(repeat: int, argv: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The fastest of ``repeat`` runs (the least disturbed by the other jobs on the machine)."""
    runs = [wall(argv) for _ in range(repeat)]
    return min(runs, key=lambda r: r[0])


def claim_table(doc: dict[str, Any]) -> list[str]:
    """Per-claim seconds as measured inside the run, slowest first."""
    claims = sorted(doc["claims"], key=lambda c: c["seconds"], reverse=True)
    width = max((len(c["id"]) for c in claims), default=5)
    lines = [f"{'seconds':>8}  {'status':<8} {'claim':<{width}}  file"]
    lines += [f"{c['seconds']:8.3f}  {c['status']:<8} {c['id']:<{width}}  {c['file']}" for c in claims]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="derivation files or folders (default: built-in)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each command; the fastest counts")
    args = parser.parse_args()

    python = [sys.executable]
    bare, _ = best_of(args.repeat, [*python, "-c", "pass"])
    sympy_import, _ = best_of(args.repeat, [*python, "-c", "import sympy"])
    total, done = best_of(args.repeat, [*python, "-m", "posenc_sym.cli", "verify", *args.paths, "--json"])
    if not done.stdout.strip():
        print(f"verify printed no JSON (exit {done.returncode}):\n{done.stderr}", file=sys.stderr)
        return 2
    doc = json.loads(done.stdout)

    print("\n".join(claim_table(doc)))
    summary = doc["summary"]
    deciding = sum(c["seconds"] for c in doc["claims"])
    print()
    print(f"claims: {summary['claims']}, problems: {summary['problems']}, exit status {done.returncode}")
    for problem in doc["problems"]:
        print(f"  problem: {problem['file']}: {problem['claim']}: {problem['message']}")
    print(f"baseline  interpreter start      {bare:7.2f} s")
    print(f"baseline  import sympy           {sympy_import:7.2f} s")
    print(f"deciding  sum over claims        {deciding:7.2f} s")
    print(f"total     verify, end to end     {total:7.2f} s  = {total / sympy_import:5.1f} x import sympy")
    verdict = "within" if total <= BUDGET_SECONDS else "OVER"
    share = total / BUDGET_SECONDS
    print(f"budget    {BUDGET_SECONDS:.0f} s wall                {share:7.0%}  ({verdict} budget)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
