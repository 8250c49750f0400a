"""Time ``posenc-sym verify DOCUMENT`` on the seeds and the real notes: end to end, and by stage.

End to end is a fresh interpreter running ``python -m posenc_sym.cli verify FILE --json``, as a
user sees it (the package's import included, from compiled ``.pyc`` files as an installed package
has them: ``PYTHONDONTWRITEBYTECODE`` is dropped and each command runs once before it is timed).
In the same run, on the same machine: a bare interpreter start, ``import sympy`` (the ratio's unit)
and ``import posenc_sym.cli`` (what every run pays before reading a line). Each is timed as wall
time and as the CPU time of the process (user + system), which other jobs on a shared machine
disturb far less; the ratios are of CPU times. By stage, in this process (imports done): loading the file and
finding its displays (:func:`~posenc_sym.documents.source.load_document`, macros and KaTeX copies
included), reading the displays into SymPy (:func:`~posenc_sym.documents.claims.read_display`) and
deciding them (:func:`~posenc_sym.documents.decide.decide_display`). Issue 23 asks for a document
the size of the seeds in under 2 s, and none over 5 s; this script reports against that and never
fails on it.

    python benchmarks/bench_documents.py [--repeat N] [--seeds DIR] [FILE ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from posenc_sym.documents import decide_document
from posenc_sym.errors import PosencSymError

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 2.0  # a seed-sized document, end to end (issue 23 item 7)
LIMIT_SECONDS = 5.0  # any document (issue 23, done when)
SUFFIXES = {".md", ".tex", ".ipynb", ".qmd", ".txt"}


_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Timing:
    """Wall and CPU seconds of one command (the least of its runs), and its last result."""

    wall: float
    cpu: float
    done: subprocess.CompletedProcess[str]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best_of(repeat: int, argv: list[str]) -> Timing:
    """The least wall and CPU time of ``repeat`` runs, after one untimed run (which compiles the .pyc)."""
    subprocess.run(argv, capture_output=True, text=True, check=False, cwd=ROOT, env=_ENV)
    walls, cpus = [], []
    for _ in range(repeat):
        cpu, start = _children_cpu(), time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False, cwd=ROOT, env=_ENV)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu() - cpu)
    return Timing(min(walls), min(cpus), done)


@dataclass
class Stages:
    """Seconds spent in each stage of one check, summed over its calls."""

    seconds: dict[str, float] = field(default_factory=lambda: {"load": 0.0, "read": 0.0, "decide": 0.0})


@contextmanager
def timed_stages(stages: Stages) -> Iterator[None]:
    """Time the three stages of ``check_document`` by wrapping the functions it calls."""
    names = {"load": "load_document", "read": "read_display", "decide": "decide_display"}
    saved = {stage: getattr(decide_document, name) for stage, name in names.items()}

    def timing(stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                stages.seconds[stage] += time.perf_counter() - start
        return run

    for stage, name in names.items():
        setattr(decide_document, name, timing(stage, saved[stage]))
    try:
        yield
    finally:
        for stage, name in names.items():
            setattr(decide_document, name, saved[stage])


def documents(paths: list[str], seeds: Path) -> list[Path]:
    """The documents to time: those given, else the seeds and tests/documents/real (its README aside)."""
    if paths:
        return [Path(p) for p in paths]
    real = (p for p in (ROOT / "tests/documents/real").glob("*") if p.suffix in SUFFIXES and p.stem != "README")
    return sorted(p for p in seeds.glob("*") if p.suffix in SUFFIXES) + sorted(real)


def measure(path: Path, repeat: int, unit: Timing) -> tuple[Timing, str]:
    """One document's timing and its line of the table."""
    timing = best_of(repeat, [sys.executable, "-m", "posenc_sym.cli", "verify", str(path), "--json"])
    head = f"{path.name[:44]:<44} {path.stat().st_size:>7} "
    times = f"{timing.wall:7.2f} {timing.cpu:6.2f} {timing.cpu / unit.cpu:5.1f}"
    stages = Stages()
    try:
        with timed_stages(stages):
            report = decide_document.check_document(path)
    except PosencSymError as exc:
        return timing, f"{head}{'-':>8} {times}  refused (exit {timing.done.returncode}): …{str(exc)[-50:]}"
    s = stages.seconds
    return timing, f"{head}{len(report.displays):>8} {times} {s['load']:7.3f} {s['read']:7.3f} {s['decide']:7.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="documents (default: the seeds and tests/documents/real)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command; the fastest counts")
    parser.add_argument("--seeds", type=Path, default=Path(os.environ.get("POSENC_SYM_SEEDS_DIR",
                                                                          ROOT.parent / "shared/seeds")))
    args = parser.parse_args()
    python = [sys.executable]
    bare = best_of(args.repeat, [*python, "-c", "pass"])
    unit = best_of(args.repeat, [*python, "-c", "import sympy"])
    package = best_of(args.repeat, [*python, "-c", "import posenc_sym.cli"])
    print(f"{'':<32} {'wall':>6} {'cpu':>6}")
    print(f"baseline  interpreter start      {bare.wall:6.2f} {bare.cpu:6.2f} s")
    print(f"baseline  import sympy           {unit.wall:6.2f} {unit.cpu:6.2f} s  (the unit of x: CPU seconds)")
    print(f"start-up  import posenc_sym.cli  {package.wall:6.2f} {package.cpu:6.2f} s  = "
          f"{package.cpu / unit.cpu:4.1f} x import sympy\n")
    print(f"{'document':<44} {'bytes':>7} {'displays':>8} {'wall':>7} {'cpu':>6} {'x':>5} {'load':>7} {'read':>7} "
          f"{'decide':>7}")
    slowest: Timing | None = None
    for path in documents(args.paths, args.seeds):
        timing, line = measure(path, args.repeat, unit)
        slowest = timing if slowest is None or timing.cpu > slowest.cpu else slowest
        print(line, flush=True)
    if slowest is not None:
        print(f"\nslowest end to end: {slowest.cpu:.2f} s CPU ({slowest.wall:.2f} s wall) = "
              f"{slowest.cpu / unit.cpu:.1f} x import sympy (issue 23: a seed-sized document under "
              f"{TARGET_SECONDS:g} s, none over {LIMIT_SECONDS:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
