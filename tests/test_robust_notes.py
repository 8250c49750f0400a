"""Notes of a user's own derivation files and what the terminal shows of them (issue 22, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.cli import main

MINE = '''\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("mine", "My identities", (
    Claim("mine.sq", "$x^2 \\\\ge 0$ for every real $x$", x**2, 0, relation=">="),
    Claim("mine.float", "a Float identity", 0.5 * x + 0.5 * x, x, expect=EXPECT),
))
'''


@pytest.fixture
def mine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.py"
    # A Float is never proven (SymPy rounds it): the claim says what its author expects.
    path.write_text(MINE.replace("EXPECT", repr("checked")), encoding="utf-8")
    return path


def test_notes_of_your_own_file_leave_the_catalogue_out(mine: Path) -> None:
    """Issue: notes from a user's own derivation included the catalogue's property table and
    figures, under a fixed title."""
    assert main(["markdown", "mine.py", "-o", "mine.md"]) == 0
    assert main(["latex", "mine.py", "-o", "mine.tex"]) == 0
    page, tex = Path("mine.md").read_text(encoding="utf-8"), Path("mine.tex").read_text(encoding="utf-8")
    assert page.startswith("# My identities\n")
    assert "\\title{My identities}" in tex
    for text in (page, tex):
        assert "Properties of the encodings" not in text and "Figures" not in text
    assert not Path("mine_figures").exists()


@pytest.mark.parametrize("command", ["latex", "markdown"])
def test_title_table_and_figures_on_request(mine: Path, command: str) -> None:
    out = "notes.tex" if command == "latex" else "notes.md"
    assert main([command, "mine.py", "-o", out, "--title", "Week 3: squares", "--table", "--no-figures"]) == 0
    text = Path(out).read_text(encoding="utf-8")
    assert ("\\title{Week 3: squares}" if command == "latex" else "# Week 3: squares\n") in text
    assert "Properties of the encodings" in text
    assert "all figures (turned off)" in text  # asked to leave them out: the notes say so


def test_terminal_titles_are_plain_text_and_a_weaker_verdict_says_why(mine: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue: terminal titles showed raw $T_k$; a Float in a claim expected proven came back
    "checked ... OK" with the reason only in JSON. Expected proven, it is a verdict other than the
    expected one (exit 1, issue 19), and its line says why."""
    mine.write_text(MINE.replace("EXPECT", repr("proven")), encoding="utf-8")
    assert main(["verify", "mine.py"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("mine.sq  x^2 ≥ 0 for every real x")
    assert lines[1].split(maxsplit=2)[2] == (
        "mine.float  a Float identity  [UNEXPECTED: expected proven; not proven (it holds floating-point literals, which SymPy "
        "rounds, so it is never proven); agrees at 24 admissible points to 50 digits (mpmath)]")
