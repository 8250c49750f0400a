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
from posenc_sym.notation.escape import _ASCII, _TEXT, escape_latex
from posenc_sym.notation.vocabulary import UNICODE_GREEK as _GREEK
from posenc_sym.notation.vocabulary import UNICODE_MATH as _MATH
from posenc_sym.render.document import Notes, Section, latex_document, tex_engine
from posenc_sym.render.fragments import latex_fragments
from posenc_sym.render.tex import (
    _RERUN,
    PDFLATEX_COMMAND,
    TEXLIVE_PACKAGES,
    XELATEX_PACKAGES,
    compile_latex,
    find_engine,
    overfull_boxes,
)

SAMPLES = Path(__file__).parent / "render_samples"
t = sympy.Symbol("t", real=True)


def doc(body: str, packages: str = "") -> str:
    """A minimal document around ``body``."""
    return f"\\documentclass{{article}}\n{packages}\\begin{{document}}\n{body}\n\\end{{document}}\n"


def require_pdflatex(engine: str = "pdflatex") -> None:
    if find_engine(engine) is not None:
        return
    why = f"{engine} is not installed (apt-get install {TEXLIVE_PACKAGES}{XELATEX_PACKAGES})"
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
    notes = sample_notes()
    require_pdflatex(tex_engine(notes))
    result = compile_latex(latex_document(notes), engine=tex_engine(notes))
    assert result.problems == ()
    assert result.pdf is not None and result.pdf.startswith(b"%PDF")


@pytest.mark.slow
def test_every_fragment_compiles_on_its_own() -> None:
    notes = sample_notes()
    require_pdflatex(tex_engine(notes))
    files = latex_fragments(notes)
    # figures.tex and properties.tex are compiled by test_builtin_catalogue_fragments_each_compile.
    for name in files:
        if name in ("preamble.tex", "figures.tex", "properties.tex"):
            continue
        wrapper = ("\\documentclass{article}\n\\input{preamble.tex}\n\\begin{document}\n"
                   f"\\input{{{name}}}\n\\end{{document}}\n")
        result = compile_latex(wrapper, files, jobname="wrapper", engine=tex_engine(notes))
        assert result.problems == (), name


@pytest.mark.slow
def test_the_contents_list_the_derivations_not_every_claim(tmp_path: Path) -> None:
    # A contents entry of every claim ran to four pages for the built-in catalogue.
    notes = sample_notes()
    require_pdflatex(tex_engine(notes))
    result = compile_latex(latex_document(notes), engine=tex_engine(notes))
    assert result.pdf is not None
    text = pdf_text(result.pdf, tmp_path)
    # The appendix "How each statement was checked" (the last section) numbers each claim again.
    text = text[:text.rindex("How each statement was checked")]
    for number, section in enumerate(notes.sections, start=1):
        for place, claim in enumerate(section.derivation.claims, start=1):
            # the heading only (pdftotext starts a page with a form feed: a heading may open one)
            assert len(re.findall(rf"^\f?{number}\.{place}\b", text, re.M)) == 1, claim.id


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
    from posenc_sym.app.notes import decide_notes

    decided = decide_notes()
    assert decided.report.problems == ()
    return decided.notes


@pytest.fixture(scope="module")
def builtin_compiled(builtin_notes: Notes) -> tuple[str, object]:
    """The built-in catalogue's document and its compilation (once for this module)."""
    engine = tex_engine(builtin_notes)
    require_pdflatex(engine)
    document = latex_document(builtin_notes)
    return document, compile_latex(document, engine=engine)


@pytest.mark.slow
def test_builtin_catalogue_notes_compile_stably_without_warnings(builtin_compiled: tuple[str, object]) -> None:
    _document, result = builtin_compiled
    assert result.problems == ()  # type: ignore[attr-defined]
    assert result.pdf is not None  # type: ignore[attr-defined]
    log: str = result.log  # type: ignore[attr-defined]
    assert not _RERUN.search(log)  # the references and contents settled
    assert "Package hyperref Warning" not in log  # bookmarks: \texorpdfstring everywhere needed


@pytest.mark.slow
def test_builtin_catalogue_notes_shrink_nothing_and_hide_no_quote(builtin_compiled: tuple[str, object]) -> None:
    document, _result = builtin_compiled
    for scaled in (r"\resizebox", r"\scalebox", r"\posencfit", r"\textasciicircum", "[non-Latin text]",
                   "(quote in the source document)"):
        assert scaled not in document


#: The issue's bound: no overfull box over 10pt anywhere in the notes.
OVERFULL_LIMIT_PT = 10.0


@pytest.mark.slow
def test_builtin_catalogue_notes_have_no_overfull_box_over_10pt(builtin_compiled: tuple[str, object]) -> None:
    _document, result = builtin_compiled
    widths = overfull_boxes(result.log)  # type: ignore[attr-defined]
    assert [w for w in widths if w > OVERFULL_LIMIT_PT] == []


LECTURER = r"""\documentclass[12pt]{article}
\usepackage[margin=3cm,a5paper]{geometry}
\usepackage[colorlinks,linkcolor=blue]{hyperref}
\input{preamble.tex}
\begin{document}
BODY
\end{document}
"""

BEAMER = r"""\documentclass{beamer}
\input{preamble.tex}
\begin{document}
BODY
\end{document}
"""


def _fragment_names(files: dict[str, str]) -> list[str]:
    # Chinese too: the preamble sets it with CJKutf8 under pdfLaTeX.
    return [n for n in files if n != "preamble.tex"]


@pytest.mark.slow
def test_builtin_fragments_compile_in_a_lecturers_article(builtin_notes: Notes) -> None:
    # The lecturer's own geometry and hyperref come first; the preamble must not clash with them.
    require_pdflatex()
    files = latex_fragments(builtin_notes)
    names = _fragment_names(files)
    assert len(names) > 100  # one per claim, not only per derivation
    body = "\n".join(f"\\input{{{n}}}" for n in names)
    result = compile_latex(LECTURER.replace("BODY", body), files, jobname="lecture")
    assert result.problems == ()


# Every claim in a frame of its own, broken to the frame's line and split into frame-sized pieces:
# tests/test_render_fragments.py (no overfull box over 10pt, vertical or horizontal).


@pytest.mark.slow
def test_builtin_catalogue_fragments_each_compile(builtin_notes: Notes) -> None:
    engine = tex_engine(builtin_notes)
    require_pdflatex(engine)
    files = latex_fragments(builtin_notes)
    failures = {}
    for name in files:
        if name == "preamble.tex" or name.startswith("claims/"):
            continue
        wrapper = doc(f"\\input{{{name}}}", "\\input{preamble.tex}\n")
        result = compile_latex(wrapper, files, jobname="wrapper", engine=engine)
        if result.problems:
            failures[name] = result.problems
    assert failures == {}
