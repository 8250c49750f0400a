"""Run the test suite against the mutants of issues 15, 19 and 21 and count the failing tests of each.

A mutant is a deliberate bug the suite must catch:

``prove-everything``
    every symbolic strategy "proves" whatever it is given (``prove_zero`` and ``prove_inequality``
    always return a method name);
``proven-after-probe``
    a claim is ``proven`` whenever the 3-point numeric probe finds no counterexample (the strategies
    prove everything and the engine no longer keeps floating-point claims away from them);
``rotation-sign``
    the sines of the sinusoidal rotation block T_k change sign (``schemes.sinusoidal.rotation_block``);
``kernel-toward-zero``
    the accurate sin/cos kernel rounds its final sum toward zero instead of to nearest;
``check-wide``
    the check's error models are widened 10×, for every scheme (``ErrorModel.allowance``, which
    builds each bound): the ``faithful`` bound (|x − v| <= ulp(v), ``--strict``) and the ``native``
    and ``angle:FORMAT`` bounds whole, ulp term and angle (or amplitude, or slope) term alike.
    ``tests/test_check_bounds.py`` plants an element just outside each scheme's derived bound.
``chain-last-step``
    a derivation is proven when its *last* step is proven (its earlier steps are not looked at);
``conditions-strict``
    a non-strict condition is built in as a strict one (``b ≥ 1`` becomes ``b = 1 + β`` with β > 0,
    so log b > 0 is "proven" although it fails at b = 1);
``min-checked-one``
    one agreeing point is enough for ``checked`` (``engine.MIN_CHECKED_POINTS = 1``).
``function-wide``
    the function checks' bounds are widened 10× (issue 21): ``ErrorModel.allowance`` as for
    ``check-wide`` (the measurement of every probed position, the ALiBi bias elements, the rotary
    amplitude) and the linearity bound γ·|M|·|x| of a rotary function (``probe.dot_bound``).
    ``tests/test_check_function_bounds.py`` plants errors at 3× the derived bounds.

Mutants are applied by monkeypatching, not by editing text, so they survive refactoring of the
code they patch: ``tests/conftest.py`` calls :func:`apply` when ``POSENC_SYM_MUTANT=NAME`` is
set, and the patched functions count how often they are reached (printed at the end of the
pytest run; 0 means the mutant no longer reaches the code and this file needs updating). Each
run works on a temporary copy of the tree, so hypothesis' example database and the goldens of
the real tree are never touched. Patches reach only the pytest process and its forks, not the
subprocesses some CLI tests start.

Run from the repository root::

    python tools/mutants.py                      # baseline + every mutant, fast suite
    python tools/mutants.py --mutant rotation-sign -- tests/test_codegen.py
"""

from __future__ import annotations

import argparse
import functools
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PYTEST_ARGS = ("-m", "not slow", "-q", "-p", "no:randomly", "-p", "no:cacheprovider")


@dataclass
class Mutant:
    """An applied mutant and the number of times its patched code was reached."""

    name: str
    counter: list[int] = field(default_factory=lambda: [0])

    def hits(self) -> int:
        return self.counter[0]

    def hit(self) -> None:
        self.counter[0] += 1


def _posenc_modules() -> list[ModuleType]:
    return [m for n, m in list(sys.modules.items()) if n.startswith("posenc_sym") and m is not None]


def _replace(module: ModuleType, attr: str, new: Any) -> None:
    """Set ``module.attr = new`` and rebind every loaded posenc_sym module that imported the old object."""
    if not hasattr(module, attr):
        raise SystemExit(f"mutant: {module.__name__}.{attr} no longer exists; update tools/mutants.py")
    old = getattr(module, attr)
    setattr(module, attr, new)
    for other in _posenc_modules():
        for name, value in list(vars(other).items()):
            if value is old:
                setattr(other, name, new)


def _prove_everything(mutant: Mutant) -> None:
    from posenc_sym.proof import inequality, strategies

    def proves(*_args: Any, **_kwargs: Any) -> str:
        mutant.hit()
        return "mutant"

    # functools.wraps keeps the name, module and docstring, so their doctests still run (and fail)
    _replace(strategies, "prove_zero", functools.wraps(strategies.prove_zero)(proves))
    _replace(inequality, "prove_inequality", functools.wraps(inequality.prove_inequality)(lambda *a, **k: proves()))


def _proven_after_probe(mutant: Mutant) -> None:
    from posenc_sym.proof import engine

    _prove_everything(Mutant("prove-everything", mutant.counter))
    original = engine._decide_statement
    if "has_floats" not in inspect.signature(original).parameters:
        raise SystemExit("mutant: engine._decide_statement has no has_floats parameter; update tools/mutants.py")

    @functools.wraps(original)
    def decide(*args: Any, **kwargs: Any) -> Any:
        bound = inspect.signature(original).bind(*args, **kwargs)
        bound.arguments["has_floats"] = False  # floats no longer keep a claim from being "proven"
        return original(*bound.args, **bound.kwargs)

    _replace(engine, "_decide_statement", decide)


def _rotation_sign(mutant: Mutant) -> None:
    import sympy

    from posenc_sym.schemes import sinusoidal

    original = sinusoidal.rotation_block

    @functools.wraps(original)
    def flipped(*args: Any, **kwargs: Any) -> Any:
        mutant.hit()
        m = original(*args, **kwargs)
        return sympy.ImmutableMatrix([[m[0, 0], -m[0, 1]], [-m[1, 0], m[1, 1]]])

    _replace(sinusoidal, "rotation_block", flipped)


class _TowardZeroNumpy:
    """numpy, except that the kernel's final ``add(hi, lo, out=…, casting=…)`` rounds toward zero."""

    def __init__(self, numpy: ModuleType, mutant: Mutant) -> None:
        self._np, self._mutant = numpy, mutant

    def __getattr__(self, name: str) -> Any:
        return getattr(self._np, name)

    def add(self, a: Any, b: Any, *args: Any, **kwargs: Any) -> Any:
        np = self._np
        if "casting" not in kwargs or args:
            return np.add(a, b, *args, **kwargs)
        self._mutant.hit()
        out = kwargs.get("out")
        s = np.add(a, b)
        bb = s - a
        err = (a - (s - bb)) + (b - bb)  # TwoSum: a + b = s + err exactly
        if out is None or out.dtype == np.float64:
            over = (err != 0) & (s != 0) & (np.sign(err) != np.sign(s))
            result = np.where(over, np.nextafter(s, 0.0), s)
        else:
            f = s.astype(out.dtype)
            wide = f.astype(np.float64)
            over = (np.abs(wide) > np.abs(s)) | ((wide == s) & (err * s < 0))
            result = np.where(over, np.nextafter(f, out.dtype.type(0)), f)
        if out is None:
            return result
        out[...] = result
        return out


def _kernel_toward_zero(mutant: Mutant) -> None:
    from posenc_sym.numerics import sincos

    sincos.numpy = _TowardZeroNumpy(sincos.numpy, mutant)  # type: ignore[assignment]


def _wide_allowance(mutant: Mutant) -> None:
    from posenc_sym.crosscheck import precision

    # Every scheme's bound is built by ErrorModel.allowance (tables, caches, multi-axis and 2-D
    # tables, xPos, ALiBi slopes and bias arrays, the function checks' measurements; faithful,
    # native and angle:FORMAT alike): the allowance, ulp term and computation term, becomes 10
    # times what was derived.
    original = precision.ErrorModel.allowance

    @functools.wraps(original)
    def allowance(self: Any, *args: Any, **kwargs: Any) -> Any:
        mutant.hit()
        return 10 * original(self, *args, **kwargs)

    precision.ErrorModel.allowance = allowance  # type: ignore[method-assign]


def _check_wide(mutant: Mutant) -> None:
    _wide_allowance(mutant)


def _function_wide(mutant: Mutant) -> None:
    from posenc_sym.crosscheck import probe

    _wide_allowance(mutant)
    dot_bound = probe.dot_bound

    @functools.wraps(dot_bound)
    def wide_dot_bound(*args: Any, **kwargs: Any) -> Any:
        mutant.hit()
        return 10 * dot_bound(*args, **kwargs)

    _replace(probe, "dot_bound", wide_dot_bound)


def _chain_last_step(mutant: Mutant) -> None:
    from posenc_sym.proof import chain
    from posenc_sym.proof.verdict import Verdict

    original = chain.decide_chain

    @functools.wraps(original)
    def last_step_only(claim: Any, decide_statement: Any) -> Any:
        links = tuple(decide_statement(left, right, relation, f"{claim.id}/step{n}")
                      for n, (left, right, relation, _because) in enumerate(claim.links, start=1))
        if links and links[-1].is_proven:
            mutant.hit()
            return Verdict("proven", method=f"derivation of {len(links)} steps",
                           reason="the last step is proven", links=links)
        return original(claim, decide_statement)

    _replace(chain, "decide_chain", last_step_only)


def _conditions_strict(mutant: Mutant) -> None:
    from posenc_sym.proof import conditions

    original = conditions._order_gap

    @functools.wraps(original)
    def strict_gap(left: Any, op: str, right: Any) -> Any:
        if op in (">=", "<="):
            mutant.hit()
            op = op[0]  # b >= 1 built in as b > 1
        return original(left, op, right)

    _replace(conditions, "_order_gap", strict_gap)


def _min_checked_one(mutant: Mutant) -> None:
    from posenc_sym.proof import engine

    if not hasattr(engine, "MIN_CHECKED_POINTS"):
        raise SystemExit("mutant: engine.MIN_CHECKED_POINTS no longer exists; update tools/mutants.py")
    # setattr, not _replace: _replace would rebind every module constant that is the same small int.
    engine.MIN_CHECKED_POINTS = 1  # type: ignore[misc]
    original = engine._decide_statement

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        mutant.hit()  # the constant is read here
        return original(*args, **kwargs)

    _replace(engine, "_decide_statement", counted)


MUTANTS: dict[str, Callable[[Mutant], None]] = {
    "prove-everything": _prove_everything,
    "proven-after-probe": _proven_after_probe,
    "rotation-sign": _rotation_sign,
    "kernel-toward-zero": _kernel_toward_zero,
    "check-wide": _check_wide,
    "function-wide": _function_wide,
    "chain-last-step": _chain_last_step,
    "conditions-strict": _conditions_strict,
    "min-checked-one": _min_checked_one,
}


def apply(name: str) -> Mutant:
    """Apply mutant ``name`` to the loaded posenc_sym (called by tests/conftest.py)."""
    if name not in MUTANTS:
        raise SystemExit(f"POSENC_SYM_MUTANT={name!r} is unknown; use one of: {', '.join(MUTANTS)}")
    import posenc_sym  # noqa: F401  (load the package so that _replace sees its modules)

    mutant = Mutant(name)
    MUTANTS[name](mutant)
    return mutant


@dataclass(frozen=True)
class Outcome:
    name: str
    tests: int
    failed: tuple[str, ...]
    skipped: int
    hits: str


def _copy_tree(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", ".venv", ".hypothesis", "__pycache__", ".mypy_cache", ".ruff_cache",
                                    ".pytest_cache", "*.egg-info", "build", "dist")
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def run_one(name: str | None, pytest_args: list[str], workdir: Path) -> Outcome:
    tree = _copy_tree(workdir / (name or "baseline"))
    report = workdir / f"{name or 'baseline'}.xml"
    env = {**os.environ, "POSENC_SYM_SEEDS_DIR": os.environ.get("POSENC_SYM_SEEDS_DIR")
           or str(ROOT.parent / "shared" / "seeds")}
    env.pop("POSENC_SYM_MUTANT", None)
    env.pop("POSENC_SYM_UPDATE_GOLDEN", None)
    env.pop("POSENC_SYM_UPDATE_SEEDS_DOC", None)
    if name:
        env["POSENC_SYM_MUTANT"] = name
    done = subprocess.run([sys.executable, "-m", "pytest", *pytest_args, f"--junitxml={report}"],
                          cwd=tree, env=env, capture_output=True, text=True)
    hits = next((line.split(": ", 1)[1] for line in done.stdout.splitlines()
                 if line.startswith("POSENC_SYM_MUTANT")), "-")
    if not report.exists():
        tail = done.stdout[-2000:] + done.stderr[-2000:]
        raise SystemExit(f"pytest wrote no report for {name or 'baseline'}:\n{tail}")
    failed, tests, skipped = [], 0, 0
    for case in ET.parse(report).getroot().iter("testcase"):
        tests += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname')}::{case.get('name')}")
        elif case.find("skipped") is not None:
            skipped += 1
    return Outcome(name or "baseline", tests, tuple(failed), skipped, hits)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutant", action="append", choices=list(MUTANTS),
                        help="run only this mutant (repeatable; default: all of them)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the unmutated run")
    parser.add_argument("--list-failures", action="store_true", help="print the failing tests of each run")
    parser.add_argument("pytest_args", nargs="*",
                        help=f"after --: pytest arguments (default: {' '.join(DEFAULT_PYTEST_ARGS)})")
    args = parser.parse_args(argv)
    pytest_args = args.pytest_args or list(DEFAULT_PYTEST_ARGS)
    names: list[str | None] = ([] if args.no_baseline else [None]) + list(args.mutant or MUTANTS)
    with tempfile.TemporaryDirectory(prefix="posenc-mutants-") as tmp:
        for name in names:
            outcome = run_one(name, pytest_args, Path(tmp))
            print(f"{outcome.name:20s} failing {len(outcome.failed):4d} of {outcome.tests:4d} tests "
                  f"(skipped {outcome.skipped}); {outcome.hits}", flush=True)
            if args.list_failures:
                for test in outcome.failed:
                    print(f"    {test}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
