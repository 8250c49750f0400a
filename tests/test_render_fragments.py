"""Fragments that fit their host (issue 20, item 6): a line given as a width, beamer frames, no break
inside a matrix, what does not fit reported, Chinese under pdfLaTeX as well as XeLaTeX.

The compile tests put the built-in catalogue's fragments where a lecturer would: every claim piece
of ``--line beamer`` in a frame of its own in a plain beamer deck, every derivation fragment of
``--line 15cm`` in an A4 article with 3 cm margins (15 cm of line at 11pt), and read the log for
overfull boxes over 10pt, horizontal or vertical.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from posenc_sym.cli import main
from posenc_sym.errors import PosencSymError
from posenc_sym.notation.escape import has_cjk
from posenc_sym.render.document import Notes
from posenc_sym.render.fragments import Fragments, fragment_files
from posenc_sym.render.layout import BEAMER_WIDTH, LINE_WIDTH, PT_PER_UNIT, parse_line
from posenc_sym.render.options import Options
from posenc_sym.render.tex import CJKUTF8_PACKAGES, compile_latex

from .conftest import require_or_skip, require_tex

#: The issue's bound: no overfull box over 10pt.
OVERFULL_LIMIT_PT = 10.0

CM, MM, INCH, BP = 72.27 / 2.54, 72.27 / 25.4, 72.27, 72.27 / 72  # TeX's units, in pt


@pytest.mark.parametrize(("spec", "width"), [
    ("article", LINE_WIDTH),
    ("beamer", BEAMER_WIDTH),
    ("15cm", 15 * CM / PT_PER_UNIT),
    ("150mm", 150 * MM / PT_PER_UNIT),
    ("6in", 6 * INCH / PT_PER_UNIT),
    ("426pt", 426 / PT_PER_UNIT),
    ("400bp", 400 * BP / PT_PER_UNIT),
    ("12.5cm", 12.5 * CM / PT_PER_UNIT),
])
def test_a_line_is_a_host_or_a_width(spec: str, width: float) -> None:
    assert parse_line(spec) == pytest.approx(width, rel=1e-12)


@pytest.mark.parametrize(("spec", "message"), [
    ("15", "--line '15' is not a line: give article, beamer or a width with its unit (15cm, 150mm, 6in, 426pt)"),
    ("letter", "--line 'letter' is not a line: give article, beamer or a width with its unit (15cm, 150mm, 6in, "
               "426pt)"),
    ("15 em", "--line '15 em' is not a line: give article, beamer or a width with its unit (15cm, 150mm, 6in, "
              "426pt)"),
    ("2cm", "--line 2cm is 57pt, too narrow to set a formula; give at least 79pt (about 2.8cm)"),
])
def test_a_line_that_is_not_one_is_refused_with_the_fix(spec: str, message: str) -> None:
    with pytest.raises(PosencSymError) as raised:
        parse_line(spec)
    assert str(raised.value) == message


def test_the_cli_refuses_a_bad_line_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["latex", "--fragments", str(tmp_path / "f"), "--line", "15"]) == 2
    assert capsys.readouterr().err == (
        "posenc-sym latex: error: --line '15' is not a line: give article, beamer or a width with its unit "
        "(15cm, 150mm, 6in, 426pt)\n")
    assert not (tmp_path / "f").exists()


LONG = '''
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
terms = sum(sympy.sin(k * x) ** 2 + sympy.cos(k * x) ** 2 for k in range(1, 40))
DERIVATION = Derivation("cli.long", "Long", (Claim("cli.long.sum", "thirty-nine Pythagoras", terms, 39),))
'''


def test_a_split_is_reported_with_the_files_it_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "cli_long.py"
    source.write_text(LONG, encoding="utf-8")
    folder = tmp_path / "slides"
    assert main(["latex", str(source), "--fragments", str(folder), "--no-figures", "--line", "beamer",
                 "--heading-level", "none"]) == 0
    pieces = sorted(p.name for p in (folder / "claims").iterdir())
    assert pieces == [f"cli.long.sum-{n}.tex" for n in range(1, len(pieces) + 1)] and len(pieces) >= 2
    out, err = capsys.readouterr()
    first = f"{folder}/claims/cli.long.sum-1.tex"
    assert f"wrote {first}\n" in out
    assert err.startswith(f"note: claim cli.long.sum is split into {len(pieces)} frames: claims/cli.long.sum-1.tex "
                          f"to claims/cli.long.sum-{len(pieces)}.tex\n")
    # The later pieces open with the title, marked as continued; only the first carries the label.
    second = (folder / "claims" / "cli.long.sum-2.tex").read_text(encoding="utf-8")
    assert r"\noindent\textbf{thirty-nine Pythagoras} (continued)\par" in second and r"\label" not in second


@pytest.fixture(scope="module")
def notes() -> Notes:
    from posenc_sym.app.notes import decide_notes

    return decide_notes(figures=False).notes


@pytest.fixture(scope="module")
def beamer(notes: Notes) -> Fragments:
    return fragment_files(notes, Options(level=-1, width=BEAMER_WIDTH, frames=True))


@pytest.fixture(scope="module")
def a4(notes: Notes) -> Fragments:
    return fragment_files(notes, Options(width=parse_line("15cm")))


_MATRICES = re.compile(r"\\begin\{([bp]?matrix)\}(.*?)\\end\{\1\}", re.S)


@pytest.mark.parametrize("host", ["beamer", "a4", "article"])
def test_no_line_break_inside_a_matrix(host: str, notes: Notes, beamer: Fragments, a4: Fragments) -> None:
    made = {"beamer": beamer, "a4": a4, "article": fragment_files(notes, Options())}[host]
    garbled = []
    for name, text in made.files.items():
        for match in _MATRICES.finditer(text):
            rows = [r for r in re.split(r"\\\\(?![a-zA-Z])", match.group(2))]
            cells = {len(re.findall(r"(?<!\\)&", r)) for r in rows}
            if len(cells) > 1 or re.search(r"&\\q?quad|\n", match.group(2)):
                garbled.append((name, match.group(0)[:80]))
    assert garbled == []


def overfull_by_file(log: str) -> dict[str, list[float]]:
    """The overfull boxes over the limit, by the fragment the log was in (``FRAGMENT: name`` marks)."""
    found: dict[str, list[float]] = {}
    current = ""
    for line in log.splitlines():
        mark = re.match(r"FRAGMENT: (\S+)", line)
        if mark:
            current = mark.group(1)
            continue
        box = re.match(r"Overfull \\[hv]box \((\d+(?:\.\d+)?)pt too (?:wide|high)", line)
        if box and float(box.group(1)) > OVERFULL_LIMIT_PT:
            found.setdefault(current, []).append(float(box.group(1)))
    return found


#: Pieces that do not fit and say so when they are written (their remark), with why. A stale entry
#: fails the test: when the claim is rewritten to fit, take it out.
BEAMER_MISFITS: dict[str, str] = {}
A4_MISFITS: dict[str, str] = {}


def check_host(made: Fragments, names: list[str], wrapper: str, known: dict[str, str], engine: str) -> None:
    body = "\n".join(wrapper.replace("NAME", n) for n in names)
    document = re.sub("BODY", lambda _: body, HOSTS[wrapper])
    result = compile_latex(document, made.files, jobname="host", engine=engine, runs=1)
    assert result.problems == ()
    wide = overfull_by_file(result.log)
    assert sorted(wide) == sorted(known), wide
    for name in known:  # each misfit was reported with its file
        assert "does not fit" in made.remarks.get(name, ""), name


FRAME = r"\typeout{FRAGMENT: NAME}\begin{frame}\input{NAME}\end{frame}"
ARTICLE = r"\typeout{FRAGMENT: NAME}\input{NAME}"
HOSTS = {
    FRAME: "\\documentclass{beamer}\n\\input{preamble.tex}\n\\begin{document}\nBODY\n\\end{document}\n",
    ARTICLE: ("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=3cm]{geometry}\n\\usepackage{hyperref}\n"
              "\\input{preamble.tex}\n\\begin{document}\nBODY\n\\end{document}\n"),
}


@pytest.mark.slow
def test_every_beamer_claim_piece_fits_its_own_frame(beamer: Fragments) -> None:
    require_tex()
    claims = [n for n in beamer.files if n.startswith("claims/")]
    assert len(claims) > 280
    check_host(beamer, claims, FRAME, BEAMER_MISFITS, "pdflatex")
    split = {re.sub(r"-\d+\.tex$", "", n) for n in claims if re.search(r"-\d+\.tex$", n)}
    for stem in split:  # each split is reported once, on its first piece
        assert beamer.remarks[f"{stem}-1.tex"].startswith(f"claim {stem[len('claims/'):]} is split into ")


@pytest.mark.slow
def test_every_derivation_fragment_fits_an_a4_page_with_3cm_margins(a4: Fragments) -> None:
    require_tex()
    derivations = [n for n in a4.files if not n.startswith("claims/") and n not in ("preamble.tex", "figures.tex")]
    check_host(a4, derivations, ARTICLE, A4_MISFITS, "pdflatex")


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["pdflatex", "xelatex"])
def test_fragments_that_quote_chinese_compile_with_either_engine(a4: Fragments, engine: str) -> None:
    require_tex(engine)
    found = subprocess.run(["kpsewhich", "CJKutf8.sty", "c70gbsn.fd"], capture_output=True, text=True, check=False)
    if engine == "pdflatex" and found.stdout.count("\n") != 2:
        require_or_skip("CJKutf8", f"CJKutf8 or its gbsn font is not installed (apt-get install{CJKUTF8_PACKAGES})")
    chinese = [n for n, text in a4.files.items() if n != "preamble.tex" and has_cjk(text)]
    assert len(chinese) > 50
    body = "\n".join(rf"\input{{{n}}}" for n in chinese)
    document = HOSTS[ARTICLE].replace("BODY", body)
    result = compile_latex(document, a4.files, jobname="chinese", engine=engine, runs=1)
    assert result.problems == ()
    assert result.pdf is not None
