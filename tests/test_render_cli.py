"""``posenc-sym latex`` and ``posenc-sym markdown``: what they write, and that bad input writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.catalog import load_catalog
from posenc_sym.cli import main
from posenc_sym.render import tex
from posenc_sym.render.latex import render_derivation
from posenc_sym.runner import run_catalog

GOOD = '''
import sympy
from posenc_sym import Claim, Derivation, Step

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("cli.demo", "Pythagoras, 100% & more", (
    Claim("cli.demo.pythagoras", "sin^2 + cos^2 = 1", sympy.sin(x)**2 + sympy.cos(x)**2, 1,
          steps=(Step(1, "the Pythagorean identity"),)),
    Claim("cli.demo.slip", "a slip", sympy.sin(x), sympy.cos(x), expect="refuted"),
))
'''


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "cli_demo.py"
    path.write_text(GOOD, encoding="utf-8")
    return path


def test_latex_document_holds_exactly_what_the_engine_decided(good: Path, tmp_path: Path) -> None:
    out = tmp_path / "notes.tex"
    assert main(["latex", str(good), "-o", str(out), "--no-figures"]) == 0
    written = out.read_text(encoding="utf-8")
    report = run_catalog(load_catalog([good]))
    derivation = report.results[0].derivation
    expected = render_derivation(derivation, {r.claim.id: r.verdict for r in report.results})
    assert expected in written
    assert r"\section{Pythagoras, 100\% \& more}" in written
    assert written.startswith("\\documentclass") and written.endswith("\\end{document}\n")


def test_fragments_are_one_file_per_derivation_plus_preamble(good: Path, tmp_path: Path) -> None:
    folder = tmp_path / "frag"
    assert main(["latex", str(good), "--fragments", str(folder), "--no-figures"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "claims", "cli.demo.tex", "figures.tex", "preamble.tex",  # no table: no claim fills a cell
    ]
    assert sorted(p.name for p in (folder / "claims").iterdir()) == [
        "cli.demo.pythagoras.tex", "cli.demo.slip.tex",
    ]
    assert "\\documentclass" not in (folder / "cli.demo.tex").read_text(encoding="utf-8")


def test_markdown_uses_display_math(good: Path, tmp_path: Path) -> None:
    out = tmp_path / "notes.md"
    assert main(["markdown", str(good), "-o", str(out), "--no-figures"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "## Pythagoras, 100% & more" in text
    assert "$$\n\\sin^{2}(x) + \\cos^{2}(x) = 1\n$$" in text


BROKEN = "raise RuntimeError('boom')\n"
NO_ASSUMPTIONS = '''
import sympy
from posenc_sym import Claim, Derivation
x = sympy.Symbol("x")
DERIVATION = Derivation("bad.free", "free", (Claim("bad.free.x", "x", x, x, same_sides_ok="a fixture"),))
'''


@pytest.mark.parametrize("command", ["latex", "markdown"])
@pytest.mark.parametrize("content", [BROKEN, NO_ASSUMPTIONS])
def test_bad_derivation_exits_2_with_one_line_and_writes_nothing(
    command: str, content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "bad.py"
    src.write_text(content, encoding="utf-8")
    out = tmp_path / "out" / ("notes.tex" if command == "latex" else "notes.md")
    assert main([command, str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"posenc-sym {command}: error: ")
    assert "bad.py" in err
    assert not out.parent.exists() or list(out.parent.iterdir()) == []


ONE_OF = "posenc-sym latex: error: give exactly one of -o FILE.tex (a whole document) or --fragments DIR\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["latex"], ONE_OF),
    (["latex", "-o", "a.tex", "--fragments", "d"], ONE_OF),
    (["latex", "--fragments", "d", "--pdf"],
     "posenc-sym latex: error: --pdf compiles a whole document; use it with -o FILE.tex, not --fragments\n"),
])
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err == message


def test_pdf_without_pdflatex_writes_nothing(good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tex, "find_pdflatex", lambda: None)
    out = tmp_path / "notes.tex"
    assert main(["latex", str(good), "-o", str(out), "--pdf"]) == 2
    assert capsys.readouterr().err == (
        "posenc-sym latex: error: pdflatex is not installed; install TeX (on Debian: apt-get install "
        f"{tex.TEXLIVE_PACKAGES}) or leave out --pdf\n"
    )
    assert not out.exists()


def test_a_failing_compilation_leaves_the_old_file_untouched(
    good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "notes.tex"
    out.write_text("old notes", encoding="utf-8")
    monkeypatch.setattr(tex, "find_pdflatex", lambda: "/bin/false")
    monkeypatch.setattr(tex, "compile_latex", lambda *a, **k: tex.CompileResult(None, "", ("! boom",)))
    assert main(["latex", str(good), "-o", str(out), "--pdf", "--no-figures"]) == 2
    assert out.read_text(encoding="utf-8") == "old notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cli_demo.py", "notes.tex"]


@pytest.mark.slow
def test_pdf_is_written_beside_the_tex(good: Path, tmp_path: Path) -> None:
    if tex.find_pdflatex() is None:
        import os
        if os.environ.get("CI"):
            pytest.fail("pdflatex is not installed; CI must compile the notes, never skip")
        pytest.skip(f"pdflatex is not installed (apt-get install {tex.TEXLIVE_PACKAGES})")
    out = tmp_path / "notes.tex"
    assert main(["latex", str(good), "-o", str(out), "--pdf", "--no-figures"]) == 0
    assert out.with_suffix(".pdf").read_bytes().startswith(b"%PDF")
    log = out.with_suffix(".log").read_text(encoding="utf-8")  # the log stays beside the PDF
    assert "Output written on" in log and not tex._RERUN.search(log)


LOG_WITH_ERROR = """This is pdfTeX
./notes.tex:12: Undefined control sequence.
l.12 \\oops
./notes.tex:30: Emergency stop.
"""


def test_a_latex_error_is_reported_with_its_first_line(
    good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "notes.tex"
    monkeypatch.setattr(tex, "find_pdflatex", lambda: "/bin/false")
    monkeypatch.setattr(tex, "compile_latex", lambda *a, **k: tex.CompileResult(
        None, LOG_WITH_ERROR, tex.problems_in_log(LOG_WITH_ERROR)))
    assert main(["latex", str(good), "-o", str(out), "--pdf", "--no-figures"]) == 2
    assert capsys.readouterr().err == (
        "posenc-sym latex: error: pdflatex failed: notes.tex line 12: Undefined control sequence.; "
        "nothing was written (this is a bug in posenc-sym, please report it)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cli_demo.py"]


@pytest.mark.parametrize(("options", "present", "absent"), [
    # By default no id and no method in the main text: a badge after each title.
    ([], [r"\subsection[{A slip}]{A slip\quad\posencrefuted{}}", r"\section{"], [r"\texttt{cli.", "Proven: "]),
    (["--ids"], [r"\texttt{cli.\allowbreak{}demo.\allowbreak{}pythagoras}",
                 r"{\small Proven: A derivation of one step, proven.}"], []),
    (["--no-refuted"], [r"\label{claim:cli.demo.pythagoras}"], ["A slip"]),
    (["--heading-level", "subsection"], [r"\subsection{Pythagoras", r"\subsubsection[{A slip}]"], [r"\section{"]),
    (["--heading-level", "none"], [r"\noindent\textbf{A slip}\quad\posencrefuted{}"], [r"\section{", r"\subsection"]),
])
def test_fragment_options(good: Path, tmp_path: Path, options: list[str], present: list[str],
                          absent: list[str]) -> None:
    folder = tmp_path / "frag"
    assert main(["latex", str(good), "--fragments", str(folder), "--no-figures", *options]) == 0
    text = (folder / "cli.demo.tex").read_text(encoding="utf-8")
    for piece in present:
        assert piece in text
    for piece in absent:
        assert piece not in text


UNEXPECTED = '''
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("cli.wrong", "Wrong", (Claim("cli.wrong.claim", "sin = cos", sympy.sin(x), sympy.cos(x)),))
'''


def test_an_unexpected_refutation_is_rendered_honestly_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "wrong.py"
    src.write_text(UNEXPECTED, encoding="utf-8")
    out = tmp_path / "notes.tex"
    assert main(["latex", str(src), "-o", str(out), "--no-figures"]) == 1
    text = out.read_text(encoding="utf-8")
    assert r"\textbf{Counterexample.} At $x = " in text
    assert r"\textbf{Not as expected:} the derivation expected it to be \emph{proven}." in text
    assert capsys.readouterr().out.endswith("1 claim: 1 refuted; 1 not as expected\n")


LONG = '''
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
terms = sum(sympy.sin(k * x) ** 2 + sympy.cos(k * x) ** 2 for k in range(1, 9))
DERIVATION = Derivation("cli.long", "Long", (Claim("cli.long.sum", "eight Pythagoras", terms, 8),))
'''


def test_line_beamer_breaks_formulas_to_a_frames_line(tmp_path: Path) -> None:
    path = tmp_path / "cli_long.py"
    path.write_text(LONG, encoding="utf-8")
    rows = {}
    for line in ("article", "beamer"):
        folder = tmp_path / line
        assert main(["latex", str(path), "--fragments", str(folder), "--no-figures", "--line", line]) == 0
        text = (folder / "claims" / "cli.long.sum.tex").read_text(encoding="utf-8")
        display = text[text.index(r"\begin{align*}"):text.index(r"\end{align*}")]
        rows[line] = [row for row in display.split("\\\\\n") if row.strip()]
    # 16 squares and "= 8": more lines on a frame, each narrower than the article's widest.
    assert len(rows["beamer"]) > len(rows["article"]) >= 2
    assert max(map(len, rows["beamer"])) < max(map(len, rows["article"]))
