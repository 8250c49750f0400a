"""The README's Python examples run, and its two opening commands are the ones CI uses."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_python_examples_run_as_doctests() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks, "the README has no Python examples"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for n, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {n}", "README.md", 0)
        runner.run(test)
    assert runner.failures == 0


def test_ci_runs_the_readme_test_command() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, flags=re.S)
    assert commands[0].endswith("posenc-sym verify")
    assert commands[1] in (REPO / ".ci" / "run").read_text(encoding="utf-8")
