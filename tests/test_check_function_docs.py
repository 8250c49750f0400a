"""docs/check.md, "Checking a function": the page's pytest example for a project's own suite runs
and passes on the page's example module. (The page's ``$ posenc-sym check … --function`` commands
run in ``tests/test_docs_examples.py``, with every other command the docs show.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "check.md").read_text(encoding="utf-8")
SECTION = PAGE[PAGE.index("## Checking a function"):PAGE.index("## Speed and memory")]


def _block(first_line: str) -> str:
    blocks = re.findall(r"^```python\n(.*?)^```$", SECTION, re.DOTALL | re.MULTILINE)
    return next(b for b in blocks if b.startswith(first_line))


def test_the_pytest_example_runs_and_passes(tmp_path: Path) -> None:
    (tmp_path / "rotary.py").write_text(_block("# rotary.py"), encoding="utf-8")
    (tmp_path / "test_rotary.py").write_text(_block("# test_rotary.py"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rotary.py"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1].startswith("3 passed")
