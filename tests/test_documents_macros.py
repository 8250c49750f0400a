r"""A document's own macros (issue 23 item 3): expanded before reading, what cannot be followed named.

Each construct is a row: a document, and the bodies of its displays after expansion, written by
hand from TeX's rules (a call is its body with the arguments put in, then expanded again; a
definition holds from where it stands). A real preamble, the *Deep Learning* book's
``math_commands.tex`` (``tests/documents/macros``), is read whole. Refusals are matched whole, at
their display's line, and the rest of the document is still decided.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from posenc_sym.cli import main
from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.extract import Display, extract
from posenc_sym.documents.macros import MAX_CALLS, MAX_SIZE, Macros, definitions

MACROS = Path(__file__).parent / "documents" / "macros"
DLBOOK = MACROS / "dlbook_math_commands.tex"
P, R, U = "proven", "refuted", "unknown"


def bodies(text: str, kind: str = "latex") -> list[str]:
    """The displays' bodies, white space collapsed (a blanked definition leaves spaces)."""
    return [" ".join(d.body.split()) for d in extract(text, kind) if isinstance(d, Display)]  # type: ignore[arg-type]


EXPANDED = [
    ("braced name", r"\newcommand{\R}{\mathbb{R}} \[ x \in \R \]", [r"x \in \mathbb{R}"]),
    ("unbraced name", r"\newcommand\R{\mathbb{R}} \[ x \in \R \]", [r"x \in \mathbb{R}"]),
    ("starred", r"\newcommand*{\R}{\mathbb{R}} \[ \R \]", [r"\mathbb{R}"]),
    ("robust", r"\DeclareRobustCommand{\R}{\mathbb{R}} \[ \R \]", [r"\mathbb{R}"]),
    ("single-token body", r"\newcommand{\w}\omega \[ \w \]", [r"\omega"]),
    ("one parameter", r"\newcommand{\sq}[1]{#1^2} \[ \sq{x} + \sq y + \sq\alpha \]", [r"x^2 + y^2 + \alpha^2"]),
    ("two parameters", r"\newcommand{\pe}[2]{PE_{(#1,#2)}} \[ \pe{t}{2i} \]", [r"PE_{(t,2i)}"]),
    ("optional first argument", r"\newcommand{\pe}[2][t]{PE_{(#1,#2)}} \[ \pe{2i} = \pe[s]{2i} \]",
     [r"PE_{(t,2i)} = PE_{(s,2i)}"]),
    ("a default that holds brackets in braces", r"\newcommand{\f}[1][{[a]}]{g(#1)} \[ \f = \f[{[b]}] \]",
     [r"g({[a]}) = g({[b]})"]),
    ("## is #", r"\newcommand{\h}{\#1} \def\k{a##b} \[ \h + \k \]", [r"\#1 + a#b"]),
    ("renewcommand holds from where it stands",
     r"\newcommand{\base}{10000} \[ b = \base \] \renewcommand{\base}{500000} \[ b = \base \]",
     ["b = 10000", "b = 500000"]),
    ("providecommand defines a new name", r"\providecommand{\C}{c} \[ \C \]", ["c"]),
    ("providecommand leaves the document's macro", r"\newcommand{\B}{b} \providecommand{\B}{c} \[ \B \]", ["b"]),
    ("providecommand leaves LaTeX's \\sin", r"\providecommand{\sin}{\cos} \[ \sin x \]", [r"\sin x"]),
    ("def", r"\def\w{\omega} \[ \w_i \]", [r"\omega_i"]),
    ("def with parameters", r"\def\f#1#2{#1+#2} \[ \f{a}{b} \]", ["a+b"]),
    ("gdef", r"\gdef\w{\omega} \[ \w \]", [r"\omega"]),
    ("edef takes the body as it stands", r"\def\a{x} \edef\b{\a} \def\a{y} \[ \b = \a \]", ["x = y"]),
    ("def of a control symbol", r"\def\1{\mathbf{1}} \[ \1 \]", [r"\mathbf{1}"]),
    ("math operator", r"\DeclareMathOperator{\sgn}{sgn} \[ \sgn x \]", [r"\operatorname{sgn} x"]),
    ("math operator with limits", r"\DeclareMathOperator*{\argmax}{arg\,max} \[ \argmax_x f \]",
     [r"\operatorname*{arg\,max}_x f"]),
    ("a macro inside a macro", r"\newcommand{\om}[1]{\omega_{#1}} \newcommand{\ang}[1]{\om{#1} t} \[ \ang{i} \]",
     [r"\omega_{i} t"]),
    ("an argument that is a macro", r"\newcommand{\sq}[1]{#1^2} \newcommand{\w}{\omega} \[ \sq{\w} \]",
     [r"\omega^2"]),
    ("a control word never runs into a letter", r"\newcommand{\w}{\omega} \newcommand{\f}[1]{#1x} \[ \w t + \f{\w} \]",
     [r"\omega t + \omega x"]),
    ("a call right before a letter", r"\newcommand{\w}{\omega} \[ 2\w{}t \]", [r"2\omega{}t"]),
    ("a longer name is another name", r"\newcommand{\R}{\mathbb{R}} \[ a \Rightarrow b \]", [r"a \Rightarrow b"]),
    ("used before it is defined: not expanded", r"\[ \R \] \newcommand{\R}{\mathbb{R}}", [r"\R"]),
    ("defined inside the display, before its use", r"\[ \def\x{y} \x = \x \]", ["y = y"]),
    ("a commented definition is no definition", "% \\newcommand{\\R}{X}\n\\[ \\R \\]", [r"\R"]),
    ("macros that open and close a display", r"\newcommand{\be}{\begin{equation}} \newcommand{\ee}{\end{equation}} "
     r"\be x = x \ee", ["x = x"]),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in EXPANDED], ids=[row[0] for row in EXPANDED])
def test_latex_macros_are_expanded_as_tex_would(text: str, expected: list[str]) -> None:
    assert bodies(text) == expected


MARKDOWN = [
    ("inline MathJax definition", "Let $\\newcommand{\\R}{\\mathbb{R}}$ be given.\n\n$$ x \\in \\R $$\n",
     [r"x \in \mathbb{R}"]),
    ("a display of definitions", "$$\n\\newcommand{\\R}{\\mathbb{R}}\n\\def\\w{\\omega}\n$$\n\n$$ \\w \\in \\R $$\n",
     ["", r"\omega \in \mathbb{R}"]),
    ("a definition in code is code", "```latex\n\\newcommand{\\R}{X}\n```\n$$ \\R $$\n", [r"\R"]),
    ("a definition in inline code is code", "Write `\\newcommand{\\R}{X}`.\n$$ \\R $$\n", [r"\R"]),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in MARKDOWN], ids=[row[0] for row in MARKDOWN])
def test_markdown_macros_are_expanded_as_mathjax_would(text: str, expected: list[str]) -> None:
    assert bodies(text, "markdown") == expected


@pytest.mark.parametrize("text", [
    # an argument spread over two lines, then a row below it
    "\\newcommand{\\pair}[2]{(#1, #2)}\n\\begin{align}\na &= \\pair{x\n}{y} \\\\\nb &= c\n\\end{align}\n",
    # a body over three lines, called at the start of the display
    "\\newcommand{\\M}{\\begin{pmatrix} 1 \\\\\n0 \\\\\n0 \\end{pmatrix}}\n\\begin{align}\nv &= \\M \\\\\nb &= c\n"
    "\\end{align}\n",
])
def test_expansion_keeps_every_row_on_its_line(text: str) -> None:
    (display,) = [d for d in extract(text, "latex") if isinstance(d, Display)]
    line = text.split("\n").index("b &= c") + 1
    assert display.line_of(display.body.index("b &= c")) == line
    assert display.end_line == line + 1


def test_the_deep_learning_book_preamble_is_read_whole() -> None:
    text = DLBOOK.read_text(encoding="utf-8")
    # One definition a line in this file: their names, read with a plain pattern over the lines.
    written = [m.group(2) for m in re.finditer(r"^\\(newcommand|def|DeclareMathOperator\*?|let)\{?(\\[A-Za-z]+|\\.)",
                                                text, re.MULTILINE)]
    found = list(definitions(text, lambda offset: f"line {text.count(chr(10), 0, offset) + 1}"))
    assert [d.macro.name for d in found] == written and len(written) == 434
    assert [(d.macro.name, d.macro.refusal) for d in found if d.macro.refusal] == [
        ("\\ab", "\\ab is defined with \\let at line 506 (as \\allowbreak), which posenc-sym does not follow; "
                 "define it with \\newcommand, or write the formula without it")]


@pytest.mark.parametrize(("display", "expanded"), [
    # each expected body copied from the definitions in the file: \vx (l. 237), \mW (l. 301), \E (l. 476),
    # \rvx (l. 121), \ceil (l. 56), \argmax (l. 501), \Tr (l. 505), \mA (l. 279), \1 (l. 58), \KL (l. 486)
    (r"\vx^\top \mW \vx", r"{\bm{x}}^\top {\bm{W}} {\bm{x}}"),
    (r"\E_{\rvx}[\ceil{x}]", r"\mathbb{E}_{{\mathbf{x}}}[\lceil x \rceil]"),
    (r"\argmax_{\vx} \Tr(\mA)", r"\operatorname*{arg\,max}_{{\bm{x}}} \operatorname{Tr}({\bm{A}})"),
    (r"\1 + \KL", r"\bm{1} + D_{\mathrm{KL}}"),
])
def test_displays_written_with_the_preamble_expand_to_its_definitions(display: str, expanded: str) -> None:
    text = DLBOOK.read_text(encoding="utf-8") + f"\n\\[ {display} \\]\n"
    assert bodies(text) == [expanded]


DECLARED = "```posenc\nassume x real\n```\n"
REFUSED = [
    ("let", "$$\\let\\S\\sin$$", "\\S x = \\S x",
     "\\S is defined with \\let at line 4 (as \\sin), which posenc-sym does not follow; define it with \\newcommand, "
     "or write the formula without it"),
    ("delimited parameters", "$$\\def\\f#1.{#1^2}$$", "\\f x. = x^2",
     "\\f is defined at line 4 with delimited parameters (#1.), which posenc-sym does not expand; define it with "
     "\\newcommand, or write the formula without it"),
    ("xparse", "$$\\NewDocumentCommand{\\f}{m}{#1^2}$$", "\\f{x} = x^2",
     "\\f is defined with \\NewDocumentCommand at line 4, whose argument types posenc-sym does not expand; define it "
     "with \\newcommand, or write the formula without it"),
    ("itself", "$$\\def\\a{\\a x}$$", "\\a = x",
     "\\a expands into itself without end (defined at line 4); change its definition so that it stops"),
    ("each other", "$$\\newcommand{\\a}{\\b} \\newcommand{\\b}{\\a}$$", "\\a = x",
     "\\a expands into itself without end (defined at line 4); change its definition so that it stops"),
    ("too large", "$$\\def\\x{" + "x" * 1000 + "} \\def\\y{" + "\\x" * 25 + "}$$", "\\y = x",
     f"\\y (defined at line 4) expands to more than {MAX_SIZE} characters; posenc-sym stops there: simplify the "
     "macro"),
    ("too many calls", "$$\\def\\z{} \\def\\y{" + "\\z" * 10 + "} \\def\\x{" + "\\y" * 10 + "} \\def\\w{" + "\\x" * 10
     + "} \\def\\v{" + "\\w" * 11 + "}$$", "\\v x = x",
     f"\\v (defined at line 4) expands into more than {MAX_CALLS} macro calls; posenc-sym stops there: simplify the "
     "macro"),
    ("a missing argument", "$$\\newcommand{\\f}[2]{#1 + #2}$$", "x = \\f{x}",
     "\\f takes 2 argument(s) (defined at line 4) and the formula ends before them; give each argument in braces"),
    ("never closed", "$$\\newcommand{\\f}{x $$", "\\f = x",
     "the definition of \\f at line 4 is never closed; close its braces"),
    ("a parameter count that is no number", "$$\\newcommand{\\f}[two]{#1}$$", "\\f{x} = x",
     "\\f is defined at line 4 with [two] parameters; give a number from 0 to 9"),
]


@pytest.mark.parametrize(("definition", "use", "message"), [row[1:] for row in REFUSED], ids=[r[0] for r in REFUSED])
def test_what_expansion_cannot_follow_is_named_and_the_rest_is_decided(tmp_path: Path, definition: str, use: str,
                                                                       message: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text(f"{DECLARED}{definition}\n\nUsed:\n$$ {use} $$\n\n$$ x = x $$\n$$ 2x = x $$\n", encoding="utf-8")
    report = check_document(path)
    assert [(d.line, d.status, d.read.unreadable_line, d.read.unreadable) for d in report.displays] == [
        (7, U, 7, message), (9, P, 0, ""), (10, R, 0, "")]


def test_a_tex_document_with_its_macros_is_decided_at_its_lines(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.tex"
    path.write_text("\\documentclass{article}\n\\newcommand{\\sq}[1]{{#1}^2}\n\\newcommand{\\w}{\\omega}\n"
                    "\\begin{document}\n% posenc\n% assume x real\n% assume \\omega real\n"
                    "\\[ \\sq{\\sin \\w x} + \\sq{\\cos \\w x} = 1 \\]\n"
                    "\\begin{align}\n\\sq{\\sin x} &= (\\sin x)(\\sin x) \\\\\n&= \\sin(\\sq{x})\n\\end{align}\n"
                    "\\end{document}\n", encoding="utf-8")
    status = main(["verify", str(path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [(c["line"], c["status"], [(k["line"], k["status"]) for k in c["links"]]) for c in report["claims"]] == [
        (8, P, [(8, P)]), (9, R, [(10, P), (11, R)])]
    assert report["claims"][0]["written"] == "{\\sin \\omega x}^2 + {\\cos \\omega x}^2 = 1"


def test_a_notebook_s_macros_hold_in_its_later_cells(tmp_path: Path) -> None:
    cells = [("markdown", "$\\newcommand{\\sq}[1]{{#1}^2}$\n```posenc\nassume x real\n```\n"),
             ("code", "print(1)\n"),
             ("markdown", "$$ \\sq{\\sin x} + \\sq{\\cos x} = 1 $$\n")]
    data = {"cells": [{"cell_type": k, "metadata": {}, "source": s.splitlines(keepends=True),
                       **({"outputs": [], "execution_count": None} if k == "code" else {})} for k, s in cells],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    report = check_document(path)
    assert [(d.read.display.cell.index if d.read.display.cell else None, d.line, d.status)
            for d in report.displays] == [(2, 1, P)]


def test_an_unknown_macro_from_a_style_file_is_named_at_its_line() -> None:
    # garrett361's notes use \Lcal from a style file that is not part of the document.
    path = Path(__file__).parent / "documents" / "real" / "garrett361_architecture.tex"
    lines = path.read_text(encoding="utf-8").split("\n")
    report = check_document(path)
    named = [(d.read.unreadable_line, d.read.unreadable) for d in report.displays if "\\Lcal" in d.read.unreadable]
    assert named and all("\\Lcal" in lines[line - 1] for line, _ in named)
    assert {reason for _, reason in named} == {
        "unknown macro \\Lcal; rewrite it in plain LaTeX math or declare its meaning"}


def test_macros_leave_a_text_without_definitions_as_it_is() -> None:
    text = "no macros: \\alpha \\\\ $$ x $$"
    assert Macros().expand(text, lambda offset: "line 1").text == text


def test_the_macro_example_of_the_docs_prints_what_the_page_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "checking-your-own-notes.md").read_text(encoding="utf-8")
    example = re.search(r"Save this as `macros.tex`:\n\n```latex\n(.*?)^```\n\nand `posenc-sym verify macros.tex` "
                        r"prints:\n\n```text\n(.*?)^```$", page, re.DOTALL | re.MULTILINE)
    assert example is not None
    (tmp_path / "macros.tex").write_text(example.group(1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["verify", "macros.tex"]) == 0
    assert capsys.readouterr().out == example.group(2)
