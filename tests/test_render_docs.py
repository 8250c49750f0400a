"""The worked example of docs/writing-derivations.md runs: extracted, verified by the engine, rendered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from posenc_sym.catalog import load_catalog
from posenc_sym.cli import main
from posenc_sym.runner import run_catalog

DOC = Path(__file__).parent.parent / "docs" / "writing-derivations.md"


def example_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"<!-- example: derivation -->\n```python\n(.*?)```", text, re.S)
    assert match, "docs/writing-derivations.md lost its marked example block"
    return match.group(1)


@pytest.fixture
def example_file(tmp_path: Path) -> Path:
    path = tmp_path / "shift_example.py"
    path.write_text(example_source(), encoding="utf-8")
    return path


def test_the_example_verifies_as_the_doc_says(example_file: Path) -> None:
    report = run_catalog(load_catalog([example_file]))
    assert report.problems == ()
    assert {r.claim.id: r.verdict.status for r in report.results} == {
        "example.shift.sin": "proven",
        "example.shift.cos-slip": "refuted",
    }
    assert report.exit_status == 0


def test_the_example_renders(example_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "notes.tex"
    assert main(["latex", str(example_file), "-o", str(out), "--no-figures"]) == 0
    latex = out.read_text(encoding="utf-8")
    assert r"\section{A shift by k rotates each pair}" in latex
    assert r"angle addition: sin(x + y) = sin x cos y + cos x sin y" in latex
    assert r"\quad\posencrefuted{}}\label{claim:example.shift.cos-slip}" in latex  # the badge after its title
    assert r"\textbf{Counterexample.} At $" in latex
    md = tmp_path / "notes.md"
    assert main(["markdown", str(example_file), "-o", str(md), "--no-figures"]) == 0
    assert "$$\n\\begin{aligned}" in md.read_text(encoding="utf-8")
