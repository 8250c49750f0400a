"""Shared test configuration: hypothesis profiles, optional requirements, the seed folder, mutants.

``ci`` is deterministic (``derandomize=True``) and is chosen automatically when the ``CI``
environment variable is set; ``dev`` (the local default) runs more examples. Pick one by hand
with ``HYPOTHESIS_PROFILE=ci pytest``.

Optional requirements (torch, matplotlib, TeX, the seed documents) go through
:func:`require_or_skip`: a visible skip that names what is missing and how to get it, except in
CI (``CI`` set to anything but ``""``, ``0`` or ``false``), where a missing requirement is a
failure: CI must run every test, never skip one silently.

``POSENC_SYM_MUTANT=NAME`` applies one of the mutants of ``tools/mutants.py`` before any test
runs (``python tools/mutants.py`` drives it); unset, nothing is patched.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
#: The five seed documents live outside the repository; one setting for every test that reads them.
SEEDS_DIR = Path(os.environ.get("POSENC_SYM_SEEDS_DIR") or ROOT.parent / "shared" / "seeds")
#: Golden files are rewritten only when this is exactly "1" (not "0", not "yes").
UPDATE_GOLDEN = os.environ.get("POSENC_SYM_UPDATE_GOLDEN") == "1"

# Every test decides afresh: no verdict comes from (or goes to) the user's verdict cache, also in the
# CLI subprocesses the tests start. tests/test_verdict_cache.py turns it on in a folder of its own.
os.environ["POSENC_SYM_CACHE_DIR"] = ""

settings.register_profile(
    "ci", derandomize=True, max_examples=40, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=200, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def in_ci() -> bool:
    """True when the ``CI`` environment variable is set to something other than "", "0" or "false"."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false")


settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "dev"))


def require_or_skip(what: str, reason: str) -> NoReturn:
    """Skip with ``reason`` (which says how to get ``what``); in CI, fail instead."""
    if in_ci():
        pytest.fail(f"missing in CI ({what}): {reason}; CI must run this test, never skip it", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def require_module(name: str, reason: str) -> ModuleType:
    """Import ``name`` or skip (fail in CI) when it is not installed.

    Only the module's own absence is a skip: an ImportError raised *inside* an installed module
    (or inside posenc_sym) propagates and fails the test, as ``pytest.importorskip`` would not.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is None or (err.name != name and not name.startswith(err.name + ".")):
            raise
        require_or_skip(name, reason)


def has_module(name: str) -> bool:
    """Whether ``name`` is installed (without importing it)."""
    return importlib.util.find_spec(name) is not None


def require_program(name: str, reason: str) -> str:
    """The path of the executable ``name`` (pdflatex, xelatex, …), or skip (fail in CI)."""
    path = shutil.which(name)
    if path is None:
        require_or_skip(name, reason)
    return path


def require_tex(engine: str = "pdflatex") -> str:
    """The path of a TeX engine (pdflatex, or xelatex for the CJK notes), or skip (fail in CI)."""
    return require_program(engine, f"{engine} is not installed (apt-get install texlive-latex-recommended "
                                   "texlive-xetex texlive-lang-chinese fonts-noto-cjk)")


def require_seeds() -> Path:
    """The seed folder (:data:`SEEDS_DIR`), or skip (fail in CI) when it is absent."""
    if not SEEDS_DIR.is_dir():
        require_or_skip(
            "the seed documents",
            f"seed documents not found at {SEEDS_DIR} (they live in ../shared/seeds beside the clone; "
            "point POSENC_SYM_SEEDS_DIR at them)",
        )
    return SEEDS_DIR


def load_tool(name: str) -> ModuleType:
    """The script ``tools/NAME.py`` as a module (tools/ is not a package, and not in the wheel)."""
    module_name = f"_posenc_sym_tool_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def pytest_configure(config: pytest.Config) -> None:
    name = os.environ.get("POSENC_SYM_MUTANT")
    if name:
        config._posenc_sym_mutant = load_tool("mutants").apply(name)  # type: ignore[attr-defined]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    mutant = getattr(config, "_posenc_sym_mutant", None)
    if mutant is not None:
        terminalreporter.write_line(f"POSENC_SYM_MUTANT {mutant.name}: patch reached {mutant.hits()} times")
