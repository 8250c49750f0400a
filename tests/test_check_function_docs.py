"""docs/check.md, "Checking a function": the example module is checked as the page shows, and the
page's pytest example for a project's own suite runs and passes."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import posenc_sym.cli as cli

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "check.md").read_text(encoding="utf-8")
SECTION = PAGE[PAGE.index("## Checking a function"):PAGE.index("## Speed and memory")]


def _block(info: str, first_line: str = "") -> str:
    blocks = re.findall(rf"^```{info}\n(.*?)^```$", SECTION, re.DOTALL | re.MULTILINE)
    return next(b for b in blocks if b.startswith(first_line))


def _sessions() -> list[tuple[list[str], list[str]]]:
    """(argv, lines shown) for each ``$ posenc-sym …`` of the example's text block."""
    out: list[tuple[list[str], list[str]]] = []
    for line in _block("text", "$ posenc-sym").splitlines():
        if line.startswith("$ posenc-sym "):
            out.append((shlex.split(line)[2:], []))
        else:
            out[-1][1].append(line)
    return out


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "rotary.py").write_text(_block("python", "# rotary.py"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    if "rotary" in sys.modules:
        monkeypatch.delitem(sys.modules, "rotary")
    return tmp_path


@pytest.mark.parametrize(("argv", "shown"), _sessions(), ids=lambda v: " ".join(v) if isinstance(v, list) and v and
                         v[0] == "check" else None)
def test_the_example_prints_what_the_page_shows(
    folder: Path, argv: list[str], shown: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = cli.main(argv)
    printed = capsys.readouterr().out.splitlines()
    assert status == (0 if shown[0].split(": ")[1].startswith("matches") else 1)
    assert printed[:2] == shown[:2]
    notes = [line for line in printed if line.startswith("  note: ")]
    assert notes[: len(shown) - 2] == shown[2:]


def test_the_pytest_example_runs_and_passes(folder: Path) -> None:
    (folder / "test_rotary.py").write_text(_block("python", "# test_rotary.py"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rotary.py"],
                          cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1].startswith("3 passed")
