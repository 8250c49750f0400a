"""docs/checking-your-own-notes.md: the real document the page opens with, and the annotated copy of
the worked example, are what the page shows.

What ``posenc-sym verify notes.md`` prints is compared, whole, by tests/test_docs_examples.py.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from posenc_sym.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "checking-your-own-notes.md"


def _blocks(fence: str, info: str) -> list[str]:
    pattern = re.compile(rf"^{fence}{info}\n(.*?)^{fence}$", re.DOTALL | re.MULTILINE)
    return pattern.findall(PAGE.read_text(encoding="utf-8"))


def test_the_page_opens_with_a_real_document_verified_as_written(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    (command, *_) = _blocks("```", "sh")
    arguments = command.split()
    assert arguments[:2] == ["posenc-sym", "verify"] and arguments[2].startswith("tests/documents/real/")
    monkeypatch.chdir(ROOT)
    status = main(arguments[1:])
    assert status == 0
    assert capsys.readouterr().out.splitlines() == _blocks("```", "text")[0].splitlines()


@pytest.fixture
def example(tmp_path: Path) -> Path:
    (notes,) = _blocks("````", "markdown")
    (tmp_path / "notes.md").write_text(notes, encoding="utf-8")
    return tmp_path


def test_the_annotated_example_matches_the_page(example: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example)
    main(["verify", "notes.md", "--annotate", "checked.md"])
    annotated = (example / "checked.md").read_text(encoding="utf-8").splitlines()
    shown = _blocks("```", "text")[2].splitlines()
    assert shown[:2] == [line for line in annotated if line.startswith(("> **", "> - line 18"))][:2]
    refuted = next(line for line in annotated if line.startswith("> - line 19"))
    assert refuted.startswith(shown[2].removesuffix("…"))
    assert os.path.exists(example / "checked.md") and not os.path.exists(example / "checked.md.partial")
