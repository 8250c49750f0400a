"""Documents checked display by display and row by row (tests/documents/*).

Each sample is written so that which rows hold is known by hand: the true rows are textbook
identities, and each slip is a single change to a true row (a sign, a transposed block, the
exponent i/d for 2i/d, an off-by-one limit). The tables say, per display, its first line, its
status, and each row's (line, status); errors name their line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.extract import Declaration, Display, extract
from posenc_sym.documents.katex import katex_source
from posenc_sym.documents.rows import split_rows

from .conftest import require_seeds

DOCS = Path(__file__).parent / "documents"
P, R, U, A, C = "proven", "refuted", "unknown", "approximate", "checked"

EXPECTED = {
    "shift.md": [
        (16, P, [(18, P), (19, P), (20, P)]),  # the chain: PE shifted by k, angle addition
        (26, P, [(27, P)]),
        (32, P, [(33, P)]),  # ω_{i+1} < ω_i since b > 1
    ],
    "slips.md": [
        (16, R, [(18, P), (19, R)]),  # a sign: cos(a+b) = cos a cos b + sin a sin b
        (25, R, [(28, R), (29, P)]),  # the transposed rotation block, caught at its row
        (35, R, [(37, P), (38, R), (39, P)]),  # b^{-i/d} for b^{-2i/d}, carried on consistently
        (45, R, [(46, R)]),  # sum_{j=0}^{n} 2^j = 2^n - 1: off by one
    ],
    "constructs.md": [
        (14, P, [(14, P)]), (16, P, [(16, P)]), (20, P, [(20, P)]), (24, P, [(24, P)]), (26, P, [(27, P)]),
        (30, P, [(31, P)]),
        # tan x cos x = sin x: tan has poles, where the left side has no value; the reader keeps the divisor
        # cos x and the row is "checked where the row is defined", unknown for every x
        (36, U, [(37, P), (38, U)]),
        (43, P, [(43, P)]), (45, P, [(45, P)]),
        (47, P, [(47, P)]), (51, P, [(52, P)]), (57, A, [(57, A)]),
        (65, P, [(65, P)]),  # π ≠ 3: SymPy shows π - 3 is never 0
        (67, U, [(67, U)]),  # x ≠ y fails where x = y; not searched for, so not decided
        (71, P, [(72, P), (73, P)]),  # \text{…} justifications and \\[4pt] are not math
    ],
    "misreadings.md": [
        (12, U, []),  # two statements side by side, once read as one chain and "proven"
        (18, U, []), (20, U, []), (22, U, []),  # a_12, \omega_12, 2^10: typeset a₁2, ω₁2, 2¹0
        (26, U, []),  # a sum's index again after its body
        (30, P, [(31, P)]), (34, P, [(34, P)]), (36, P, [(36, P)]),
        (40, U, []),  # a wide space between two formulas
        (44, U, []),  # \equiv: once skipped as "no relation"
        (48, P, [(48, P)]),
        (52, P, [(53, P)]),  # in a block quote: once "cannot read '>'"
        (64, U, [(64, U)]), (66, U, []),  # an array's cells (a row vector, not a number); two numbers side by side
        (75, U, []), (77, U, []),  # a value defined with i, inside or after a sum over i; once "proven"
        (81, P, [(81, P)]),  # x^2 ≥ 0, typed in Unicode
    ],  # and the display in an HTML comment (line 59) is not a claim
    "broken.tex": [  # verbatim, \verb and \iffalse hold no claims
        (18, R, [(19, R)]),  # 0 <= x^2 \\ - 1 is one row, marked expected; once 0 <= x^2 and proven
        (23, P, [(24, P)]),  # multline: one equation over two lines
        (29, P, [(30, P), (31, P)]),  # a row opening with '-' and holding a relation is a statement
    ],
    "rope.tex": [
        (11, P, [(12, P), (13, P)]),  # the RoPE score depends on n - m only: R(a)^T R(b) = R(b - a)
        (16, P, [(16, P)]),  # R is orthogonal
        (19, R, [(19, R)]),  # the offset the wrong way round, marked "% posenc: expect refuted"
    ],
    "notes.tex": [
        (11, P, [(12, P), (13, P)]),
        (19, R, [(20, R)]),  # marked "% posenc: expect refuted"
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_display_and_row_is_decided(name: str) -> None:
    report = check_document(DOCS / name)
    found = [(d.line, d.status, [(link.line, link.status) for link in d.links]) for d in report.displays]
    assert found == EXPECTED[name]
    assert not report.problems


@pytest.mark.parametrize(("name", "status"), [("shift.md", 0), ("slips.md", 1), ("constructs.md", 0),
                                              ("notes.tex", 0), ("rope.tex", 0),
                                              ("errors.md", 2), ("misreadings.md", 0),
                                              ("broken.tex", 0)])
def test_exit_status(name: str, status: int) -> None:
    assert check_document(DOCS / name).exit_status == status


def test_a_refuted_row_carries_its_counterexample() -> None:
    report = check_document(DOCS / "slips.md")
    sign = report.displays[0].links[1]
    assert sign.verdict is not None and sign.verdict.counterexample
    assert set(sign.verdict.counterexample_strings()) <= {"b", "d", "i", "k", "t"}


def test_unreadable_displays_say_why_and_where() -> None:
    report = check_document(DOCS / "errors.md")
    found = [(d.line, d.status, d.read.unreadable_line, d.read.unreadable) for d in report.displays]
    assert found == [
        # Names nothing declares are read as the text's own (issue 23): sin(u) = sin(u) holds whatever u is,
        # g(t+k) is a function nobody defined (the row is not decided), tk is t·k, 0·v is 0 whatever v is.
        (16, P, 0, ""),
        (20, U, 0, ""),
        (24, P, 0, ""),  # ω declared a symbol: ω(t+k) is a product
        (28, U, 28, r"unknown macro \frob; rewrite it in plain LaTeX math or declare its meaning"),
        (32, P, 0, ""),
        (36, U, 36, r"an ellipsis (\cdots) leaves terms unstated; state the claim per entry, per block, or as a sum"),
        (40, U, 40, "row 1 of this matrix has 2 cells and every other row fewer; write the same number of cells (&) "
                    "in every row (a blank cell is 0)"),
        (44, P, 0, ""),
    ]  # a display never closed refuses the whole document: tests/test_documents_formats.py
    g = report.displays[1].links[0]
    assert (g.status, g.note) == (U, "g is not defined in the text (or declared): the row is not decided from values "
                                     "they do not have")
    assert report.displays[0].links[0].note == ("holds whatever u is (not defined in the text): the two sides are "
                                                "equal for every value (structural)")


def test_misreadings_are_unknown_with_the_reason_and_line() -> None:
    report = check_document(DOCS / "misreadings.md")
    found = [(d.line, d.read.unreadable_line, d.read.unreadable) for d in report.displays if d.status == U]
    script = "an unbraced script takes one character, so '10' is typeset as 1 then 0; write {10} or space the factor"
    captured = (r"'\nu' depends on i, which is also the index of a sum in this row: write its indexed form (\nu_i) for "
                "the sum's terms, or rename the index")
    assert found == [
        (12, 13, "'&' between two expressions is a column break: two statements side by side, or the cells of an "
                 "array; put each statement on its own row, or write the matrix as a pmatrix"),
        (18, 18, "'_12' is typeset as the subscript 1 then 2; brace the subscript (_{12}) or space the factor"),
        (20, 20, "'_12' is typeset as the subscript 1 then 2; brace the subscript (_{12}) or space the factor"),
        (22, 22, script),
        (26, 26, "'i' is the index of a sum or product earlier in this row, and here it is outside it; "
                 r"parenthesize the body, \sum_{...}^{...} (...), or rename the index"),
        (40, 40, r"a wide space (\quad, \qquad) sets two formulas apart; put each on its own row, or write the "
                 "product without it"),
        (44, 44, r"\equiv is a relation posenc-sym does not decide; write =, \le, \ge, <, > or \approx"),
        (64, 0, ""),  # read: a row vector [1 0] is no number (the note below)
        (66, 66, r"two numbers side by side are typeset as one (2 3 shows as 23); write 2 \cdot 3 or 23"),
        (75, 75, captured), (77, 77, captured),
    ]
    [vector] = [d for d in report.displays if d.line == 64]
    assert vector.links[0].note == "one side is a matrix and the other is not"


def test_bad_declarations_one_line_each_with_file_and_line() -> None:
    report = check_document(DOCS / "errors.md", name="errors.md")
    assert [str(p) for p in report.problems] == [
        "errors.md:5: cannot read the declaration 'assume x realish': the domain must be one of real, positive, "
        "nonnegative, integer, integer positive, integer nonnegative, even positive, complex",
        "errors.md:6: cannot read the declaration 'assume y real positive stuff': the domain must be one of real, "
        "positive, nonnegative, integer, integer positive, integer nonnegative, even positive, complex",
        "errors.md:7: cannot read the declaration 'assume 0 < < 1': cannot read '<' here",
        "errors.md:8: cannot read the declaration 'let t = 3': let redefines 't'; each name is defined once",
        "errors.md:9: cannot read the declaration 'let f = \\frac{1}{': the formula ends too early",
        "errors.md:10: cannot read the declaration 'frobnicate z': a declaration starts with 'assume' or 'let'",
    ]


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("a\n$$x = 1$$\nb\n\\[\ny = 2\n\\]\n", "markdown", [("D", 2), ("D", 4)]),
    ("```python\n$$ not math $$\n```\n`$$ code $$`\n$$ z = 3 $$\n", "markdown", [("D", 5)]),
    ("```posenc\nassume x real\n\nlet y = 2\n```\n", "markdown", [("d", 2), ("d", 4)]),
    ("\\begin{align*}\na &= b\n\\end{align*}\n\\begin{gather}\nc = d\n\\end{gather}\n", "latex", [("D", 1), ("D", 4)]),
    ("% posenc\n% assume x real\n%\n% let y = 2\ntext % $$ no $$\n\\begin{equation}x=1\\end{equation}", "latex",
     [("d", 2), ("d", 4), ("D", 6)]),
    # \verb never runs past its line: an unclosed one hides nothing below it.
    ("a \\verb|x\n\\[ y = 1 \\] |\n", "latex", [("D", 2)]),
])
def test_extraction_finds_displays_and_declarations_with_lines(text: str, kind: str, expected: list) -> None:
    items = extract(text, kind)  # type: ignore[arg-type]
    assert [("D" if isinstance(i, Display) else "d", i.line) for i in items] == expected
    assert all(isinstance(i, (Display, Declaration)) for i in items)


@pytest.mark.parametrize(("text", "bodies"), [
    ("> $$\n> x = 1\n> $$\n", ["\n  x = 1\n  "]),  # a quoted display: the quote's '>' blanked
    ("$$\nx + 1\n> 0\n$$\n", ["\nx + 1\n> 0\n"]),  # a row starting with '>' outside a quote is kept
    ("<!-- $$ x = 2 $$ -->\n$$ y = 3 $$\n", [" y = 3 "]),  # a commented-out display is not a claim
    # An indented code block (four spaces or a tab, after a blank line) renders verbatim: no display there.
    ("text\n\n    $$ x = 2 $$\n\n$$ y = 3 $$\n", [" y = 3 "]),
    ("\t$$ x = 2 $$\n    $$ w = 1 $$\n\n    more\n$$ y = 3 $$\n", [" y = 3 "]),
    # An indented line cannot interrupt a paragraph, nor is a display's indented row code:
    ("text\n    $$ x = 2 $$\n", [" x = 2 "]),
    ("$$\n    x = 1\n$$\n", ["\n    x = 1\n"]),
    # Inside a list an indented line continues the item; the list ends at the margin.
    ("- item\n\n    $$ x = 2 $$\n\npara\n\n    $$ z = 1 $$\n", [" x = 2 "]),
])
def test_markdown_quotes_and_comments(text: str, bodies: list[str]) -> None:
    assert [i.body for i in extract(text, "markdown") if isinstance(i, Display)] == bodies


@pytest.mark.parametrize(("marker", "kind", "expected"), [
    ("<!-- posenc: expect refuted -->", "markdown", True),
    ("<!-- posenc: expect proven -->", "markdown", False),
    ("% posenc: expect refuted", "latex", True),
])
def test_expect_refuted_marker_on_the_line_before(marker: str, kind: str, expected: bool) -> None:
    (display,) = extract(f"{marker}\n$$ x = 1 $$\n", kind)  # type: ignore[arg-type]
    assert isinstance(display, Display) and display.expect_refuted is expected


@pytest.mark.parametrize(("body", "rows"), [
    (r"a &= b \quad \text{by angle addition} \\[4pt] &= c", ["a &= b", "&= c"]),
    (r"a = b \qquad (\text{since } x > 0)", ["a = b"]),
    (r"d_{\text{model}} = d_\text{model} + x^{\text{T}}", [r"d_{\text{model}} = d_\text{model} + x^{\text{T}}"]),
    (r"a = b, \quad \text{by parts}.", ["a = b"]),
    # Prose between two relations, or a one-word text (a name), stays, to be read or refused, never dropped:
    (r"a = b \text{ and } c = d", [r"a = b \text{ and } c = d"]),
    (r"\text{sign}(x) = 1", [r"\text{sign}(x) = 1"]),
    (r"f(x) = (\text{at } x = 1) 2", [r"f(x) = (\text{at } x = 1) 2"]),
    # A formula broken over lines is one row; a row of its own opening with '-' has a relation:
    ("a &= b \\\\\n &\\quad + c \\\\ &= d", ["a &= b   \n        + c", "&= d"]),
    ("0 \\le x \\\\ - 1", ["0 \\le x    - 1"]),
    ("a = b \\\\ -a = -b", ["a = b", "-a = -b"]),
    # align or equation inside $$ (MathJax accepts it) lays out like aligned; only array and alignedat
    # take an argument, so a group after \begin{equation} stays (a name braced alone before its script: x):
    (r"\begin{align} a &= b \\ &= c \end{align}", ["a &= b", "&= c"]),
    (r"\begin{equation}{x}^2 = y\end{equation}", ["x^2 = y"]),
    # A remark in words in parentheses after a number is prose (issue 23); a name, a formula, a condition, a
    # script's argument stay:
    ("b = 10000 (usually)", ["b = 10000"]), ("b = 10000 (通常)", ["b = 10000"]), ("b = 10000（通常）", ["b = 10000"]),
    ("b = 10000 (in practice), c = 2", ["b = 10000" + " " * len(" (in practice)") + ", c = 2"]),
    ("x = 2 (pos)", ["x = 2 (pos)"]), ("x = 2 (base)", ["x = 2 (base)"]), ("x = 2 (t + 1)", ["x = 2 (t + 1)"]),
    ("w = 1 (if positive)", ["w = 1 (if positive)"]), ("w = 1（当 x > 0 时）", ["w = 1（当 x > 0 时）"]),
    (r"\cos^2(w t) = 1", [r"\cos^2(w t) = 1"]), (r"x_{2} (ab cd) = 1", [r"x_{2} (ab cd) = 1"]),
    ("x = f (input)", ["x = f (input)"]),
])
def test_prose_and_row_spacing_are_blanked_names_kept(body: str, rows: list[str]) -> None:
    assert [r.text for r in split_rows(body)] == rows


def test_justifications_in_words_become_each_rows_because() -> None:
    (display,) = [d for d in check_document(DOCS / "constructs.md").displays if d.line == 71]
    assert [link.link.because for link in display.links] == ["angle addition",
                                                             "the terms reordered, since x y = y x"]


def test_rows_keep_their_offsets_through_wrappers_labels_and_final_punctuation() -> None:
    body = "\\begin{aligned} a &= b \\label{eq:x} \\\\ &= \\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}. \\end{aligned}"
    rows = split_rows(body)
    assert [r.text.strip() for r in rows] == ["a &= b", "&= \\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}"]
    assert all(body[r.offset:r.offset + len(r.text)] == r.text for r in rows)


@pytest.mark.parametrize(("line", "source"), [
    ("a 2 + b 2 = c 2 a^2 + b^2 = c^2 a2+b2=c2", "a^2 + b^2 = c^2"),
    ("x = 1 2 x = \\frac{1}{2} x=21", "x = \\frac{1}{2}"),
    ("Some prose a 2 a^2 a2", None),  # words before the formula: inline, not a display
    ("· a 2 a^2 a2", None),  # a bullet before it, likewise
    ("no formula at all here", None),
])
def test_katex_copies_give_their_latex_source(line: str, source: str | None) -> None:
    assert katex_source(line) == source


def test_seed_003_display_lines_give_their_source() -> None:
    lines = (require_seeds() / "003_750a8455e46b047a.txt").read_text(encoding="utf-8").split("\n")
    found = {n: katex_source(line) for n, line in enumerate(lines, start=1)}
    displays = {n: s for n, s in found.items() if s is not None}
    assert sorted(displays) == [7, 146, 164, 203, 218, 220, 223, 225, 241, 243, 244]
    # Each source is a stretch of its own line, starting where the LaTeX starts.
    assert all(s in lines[n - 1] for n, s in displays.items())
    assert displays[225].startswith("PE_{t+\\bigtriangleup t} = T_{\\bigtriangleup t} * PE_{t} =\\begin{pmatrix}")
    assert displays[220].startswith("\\begin{pmatrix} \\sin(t + \\bigtriangleup t)")
    assert displays[243] == "w_k = \\frac{1}{10000^{2k/d_{model}}}"


def test_a_subscript_outside_the_declared_range_is_refused_and_one_maybe_outside_holds_under_it() -> None:
    report = check_document(DOCS / "ranges.md")
    found = [(d.line, d.status, d.read.unreadable) for d in report.displays]
    assert found == [
        (12, U, "omega with subscript (-1) binds i = -1, but i is declared nonnegative; use a subscript in the "
                "declared range"),
        (14, U, "omega with subscript (d/2) binds i = d/2, outside the declared i < d/2; use a subscript in the "
                "declared range"),
        (16, P, ""),
        # ω_{i+1} is defined for i + 1 < d/2 only, and there it exceeds b^{-1} = ω_{d/2}; without that
        # condition i = d/2 - 1 would give ω_{i+1} = b^{-1}, a counterexample to a claim about an undefined ω.
        (18, "checked", ""),
    ]
