"""The generated LaTeX compiles with a real TeX engine (pdflatex), with no error and no undefined reference.

Where pdflatex is absent these tests skip and say why, except in CI (the ``CI`` environment
variable set), where a missing pdflatex is a failure: ``.ci/run`` installs Debian's
texlive-latex-base, texlive-latex-recommended and texlive-pictures.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy

from posenc_sym import Derivation, Verdict
from posenc_sym.render.document import Notes, Section, latex_document, latex_fragments
from posenc_sym.render.escape import _ASCII, _GREEK, _MATH, _TEXT, escape_latex
from posenc_sym.render.tex import PDFLATEX_COMMAND, TEXLIVE_PACKAGES, compile_latex, find_pdflatex

SAMPLES = Path(__file__).parent / "render_samples"
t = sympy.Symbol("t", real=True)


def doc(body: str, packages: str = "") -> str:
    """A minimal document around ``body``."""
    return f"\\documentclass{{article}}\n{packages}\\begin{{document}}\n{body}\n\\end{{document}}\n"


def require_pdflatex() -> None:
    if find_pdflatex() is not None:
        return
    why = f"pdflatex is not installed (apt-get install {TEXLIVE_PACKAGES})"
    if os.environ.get("CI"):
        pytest.fail(f"{why}; CI must compile the notes, never skip")
    pytest.skip(why)


def load_sample(name: str) -> Derivation:
    spec = importlib.util.spec_from_file_location(f"render_sample_{name}", SAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.DERIVATION


def sample_notes() -> Notes:
    verdicts = {
        "demo.shift.sin": Verdict("proven", method="expand_trig",
                                  links=(Verdict("proven"), Verdict("checked"))),
        "demo.norm.pair": Verdict("checked", points_checked=24),
        "demo.bound.wrong": Verdict("refuted", counterexample={t: sympy.pi / 2}, lhs_value="1.0",
                                    rhs_value="0.5", difference="0.5"),
    }
    sections = (
        Section(load_sample("shift_demo"), "shift_demo.py", verdicts),
        Section(load_sample("hostile_demo"), "hostile_demo.py", {"hostile.claim": Verdict("unknown")}),
        Section(load_sample("matrix_demo"), "matrix_demo.py", {"demo.matrix.block": Verdict("proven")}),
    )
    # No figures: the built-in catalogue's notes below compile them (they cost most of a compilation).
    return Notes(sections, (), ("all (not in this test)",), table_left_out="No property table in this test.")


@pytest.mark.slow
def test_full_notes_compile_without_errors_or_undefined_references() -> None:
    require_pdflatex()
    result = compile_latex(latex_document(sample_notes()))
    assert result.problems == ()
    assert result.pdf is not None and result.pdf.startswith(b"%PDF")


@pytest.mark.slow
def test_every_fragment_compiles_on_its_own() -> None:
    require_pdflatex()
    files = latex_fragments(sample_notes())
    # figures.tex and properties.tex are compiled by test_builtin_catalogue_fragments_each_compile.
    for name in files:
        if name in ("preamble.tex", "figures.tex", "properties.tex"):
            continue
        wrapper = ("\\documentclass{article}\n\\input{preamble.tex}\n\\begin{document}\n"
                   f"\\input{{{name}}}\n\\end{{document}}\n")
        result = compile_latex(wrapper, files, jobname="wrapper")
        assert result.problems == (), name


HOSTILE = r"\input{/etc/passwd} 100% _x_ & #1 $5 ~a ^b \\ {braces} \immediate\write18{touch PWNED} | <> end"


def pdf_text(pdf: bytes, folder: Path) -> str:
    (folder / "out.pdf").write_bytes(pdf)
    subprocess.run(["pdftotext", "-enc", "UTF-8", "out.pdf", "out.txt"], cwd=folder, check=True)
    return (folder / "out.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_hostile_text_renders_literally_and_runs_nothing(tmp_path: Path) -> None:
    require_pdflatex()
    document = doc("\\noindent " + escape_latex(HOSTILE))
    result = compile_latex(document)
    assert result.problems == ()
    assert result.pdf is not None
    assert not list(Path.cwd().glob("PWNED")) and not list(tmp_path.glob("PWNED"))
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is absent: compiled fine, literal text not read back")
    text = pdf_text(result.pdf, tmp_path)
    # The OT1 fonts draw ~ and ^ as accents (U+02DC, U+02C6); pdftotext reports them as such.
    text = " ".join(text.replace("\u02dc", "~").replace("\u02c6", "^").split())
    # OT1's \_ is a drawn rule, not a glyph, so pdftotext cannot read it back; the escaping of _
    # itself is pinned by test_escaping_ascii_round_trips_and_leaves_no_bare_specials.
    assert HOSTILE.replace("_", "") in text


def test_every_mapped_character_compiles() -> None:
    require_pdflatex()
    every = "".join([*_ASCII, *_GREEK, *_MATH, *_TEXT]) + "éüßçñ 位置"
    document = doc(escape_latex(every), "\\usepackage{amsmath,amssymb}\n")
    assert compile_latex(document, runs=1).problems == ()


def test_an_error_in_the_document_is_reported() -> None:
    # The log parser must not be blind: a broken document fails with the error line.
    require_pdflatex()
    result = compile_latex(doc("\\undefinedmacro"), runs=1)
    assert not result.ok
    assert any("Undefined control sequence" in p for p in result.problems)


def test_an_undefined_reference_is_reported() -> None:
    require_pdflatex()
    result = compile_latex(doc("See \\ref{nowhere}."))
    assert result.pdf is not None
    assert any(re.search(r"Reference `nowhere' .*undefined", p) for p in result.problems)


def test_shell_escape_is_off() -> None:
    assert "-no-shell-escape" in PDFLATEX_COMMAND
    require_pdflatex()
    document = doc("\\immediate\\write18{echo ran > ran.txt}x")
    result = compile_latex(document, runs=1)
    assert "runsystem(echo ran > ran.txt)...disabled" in result.log


@pytest.fixture(scope="module")
def builtin_notes() -> Notes:
    """The notes of the built-in catalogue, decided by the engine (once for this module)."""
    from posenc_sym.render.run import decide_notes

    notes, report = decide_notes()
    assert report.problems == ()
    return notes


@pytest.mark.slow
def test_builtin_catalogue_notes_compile(builtin_notes: Notes) -> None:
    require_pdflatex()
    result = compile_latex(latex_document(builtin_notes))
    assert result.problems == ()
    assert result.pdf is not None


@pytest.mark.slow
def test_builtin_catalogue_fragments_each_compile(builtin_notes: Notes) -> None:
    require_pdflatex()
    files = latex_fragments(builtin_notes)
    failures = {}
    for name in files:
        if name == "preamble.tex":
            continue
        wrapper = doc(f"\\input{{{name}}}", "\\input{preamble.tex}\n")
        result = compile_latex(wrapper, files, jobname="wrapper")
        if result.problems:
            failures[name] = result.problems
    assert failures == {}
