"""The LaTeX and Markdown of claims and derivations: golden files, verdict wording, escaping.

Verdicts here are built by hand: the renderer is a pure function of (claim, verdict), and these
tests pin what it writes for each kind of verdict. The verdicts the engine really gives are
rendered in tests/test_render_cli.py. Regenerate the golden files with
``POSENC_SYM_UPDATE_GOLDEN=1 pytest tests/test_render_latex.py`` and review the diff.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
from pathlib import Path

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from posenc_sym import Claim, Derivation, Source, Verdict
from posenc_sym.notation.escape import escape_latex, escape_markdown, is_latex_safe
from posenc_sym.proof.assumptions import stated_assumptions
from posenc_sym.render.latex import QUOTE_PLACEHOLDER, render_claim, render_derivation, verdict_text
from posenc_sym.render.layout import _depths, break_sum
from posenc_sym.render.markup import MARKDOWN
from posenc_sym.render.mathtex import decimal_latex, math_latex

HERE = Path(__file__).parent
SAMPLES = HERE / "render_samples"
GOLDEN = HERE / "golden" / "latex"
UPDATE = os.environ.get("POSENC_SYM_UPDATE_GOLDEN") == "1"  # only "1" rewrites the goldens, never "0"

t = sympy.Symbol("t", real=True)


def load_sample(name: str) -> Derivation:
    spec = importlib.util.spec_from_file_location(f"render_sample_{name}", SAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.DERIVATION


# Hand-made verdicts of each kind (the golden files show how each is worded).
SHIFT_VERDICTS = {
    "demo.shift.sin": Verdict("proven", method="expand_trig",
                              links=(Verdict("proven", method="expand"),
                                     Verdict("proven", method="expand_trig"))),
    "demo.norm.pair": Verdict("checked", method="falsifier", reason="agrees at 24 points", points_checked=24),
    "demo.bound.wrong": Verdict("refuted", method="falsifier", counterexample={t: sympy.pi / 2},
                                lhs_value="1.0", rhs_value="0.5", difference="0.5"),
}
MATRIX_VERDICTS = {"demo.matrix.block": Verdict("proven", method="expand_trig"),
                   "demo.matrix.flat": Verdict("proven", method="doit")}
HOSTILE_VERDICTS = {"hostile.claim": Verdict("unknown", reason="no strategy closed the gap")}


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; run with POSENC_SYM_UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize(("sample", "verdicts", "golden"), [
    ("shift_demo", SHIFT_VERDICTS, "shift_demo.tex"),
    ("hostile_demo", HOSTILE_VERDICTS, "hostile_demo.tex"),
    ("matrix_demo", MATRIX_VERDICTS, "matrix_demo.tex"),
])
def test_derivation_latex_matches_golden(sample: str, verdicts: dict[str, Verdict], golden: str) -> None:
    check_golden(golden, render_derivation(load_sample(sample), verdicts))


def test_derivation_markdown_matches_golden() -> None:
    check_golden("shift_demo.md", render_derivation(load_sample("shift_demo"), SHIFT_VERDICTS, MARKDOWN))


X = sympy.Symbol("x", real=True)
PLAIN = Claim("demo.plain", "plain", sympy.sin(X) ** 2 + sympy.cos(X) ** 2, 1)
FALSE = Claim("demo.false", "false", sympy.sin(X), sympy.cos(X), expect="refuted")


# The badge beside the title says the verdict (tests/test_render_voice.py); below the statement the
# main text says only what the badge cannot: a counterexample, a check that is not a proof, a surprise.
@pytest.mark.parametrize(("claim", "verdict", "expected"), [
    (PLAIN, Verdict("proven", method="trigsimp"), ""),
    (PLAIN, Verdict("proven"), ""),
    (PLAIN, Verdict("checked", method="falsifier", points_checked=24),
     r"\noindent\textbf{Checked numerically, not proven.} The two sides agree at 24 points "
     "(mpmath, high precision); this is evidence, not a proof: no symbolic method closed the gap. "
     r"\textbf{Not as expected:} the derivation expected it to be \emph{proven}."),
    (PLAIN, Verdict("unknown", reason="no strategy applied"),
     r"\noindent\textbf{Not decided.} Neither proven nor refuted. "
     r"\textbf{Not as expected:} the derivation expected it to be \emph{proven}."),
    (FALSE, Verdict("refuted", counterexample={X: sympy.Integer(0)}, lhs_value="0.0", rhs_value="1.0",
                    difference="-1.0"),
     r"\noindent\textbf{Counterexample.} At $x = 0$ the left side is $0$, the right side $1$."),
    # A counterexample's long values are rounded to 6 significant digits for the eye.
    (FALSE, Verdict("refuted", counterexample={X: sympy.Rational(10**20 + 1, 3)},
                    lhs_value="0.84147098480789650665250232163029899962256306079837",
                    rhs_value="0.54030230586813971740093660744297660373231042061792",
                    difference="0.30116867893975678925156571418732239589025264018045"),
     r"\noindent\textbf{Counterexample.} At $x \approx 3.33333 \times 10^{19}$ the left side is "
     "$0.841471$, the right side $0.540302$."),
    # A matrix claim fails at one entry (the engine's reason names it): the values are that entry's.
    (FALSE, Verdict("refuted", counterexample={X: sympy.Integer(0)}, lhs_value="0.0", rhs_value="1.0",
                    entry=(2, 0)),
     r"\noindent\textbf{Counterexample.} At $x = 0$ the two sides differ in row 2, column 0 (counted from 0): "
     "$0$ on the left, $1$ on the right."),
    # A claim with no free symbols: the two values, no point.
    (FALSE, Verdict("refuted", counterexample={}, lhs_value="8", rhs_value="1"),
     r"\noindent\textbf{Counterexample.} The left side is $8$, the right side $1$."),
    (FALSE, Verdict("proven", method="trigsimp"),
     r"\textbf{Not as expected:} the derivation expected it to be refuted, but no counterexample was found."),
    (PLAIN, None, r"\noindent\textbf{Not decided.} Run the engine to decide this claim."),
])
def test_verdict_wording(claim: Claim, verdict: Verdict | None, expected: str) -> None:
    assert verdict_text(claim, verdict) == expected


# The words are the author's, the numbers in them the engine's: a refuted claim with words says them.
WORDS = Claim("demo.row", "row 8 is indented by 8 spaces", sympy.Integer(8), sympy.Integer(1), expect="refuted",
              refutation="row 8 is indented by {rhs} space, not {lhs}.")


@pytest.mark.parametrize(("verdict", "expected"), [
    (Verdict("refuted", counterexample={}, lhs_value="8", rhs_value="1"),
     r"\noindent\textbf{Counterexample.} Row 8 is indented by $1$ space, not $8$."),
    (Verdict("refuted", counterexample={}, lhs_value="8.0000000001", rhs_value="2"),
     r"\noindent\textbf{Counterexample.} Row 8 is indented by $2$ space, not $8$."),
    # Not refuted after all: the words are not shown; the surprise is.
    (Verdict("proven"),
     r"\textbf{Not as expected:} the derivation expected it to be refuted, but no counterexample was found."),
])
def test_a_refutation_in_words_carries_the_engines_values(verdict: Verdict, expected: str) -> None:
    assert verdict_text(WORDS, verdict) == expected


@pytest.mark.parametrize(("words", "message"), [
    ("the row is {value}", "demo.bad: refutation names {value}; use {lhs} and {rhs} (the engine's values of the two sides)"),
    ("a brace { alone", "demo.bad: refutation 'a brace { alone' is not a template (expected '}' before end of string); "
                        "write {{ and }} for a literal brace"),
])
def test_a_refutation_names_only_the_two_sides(words: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Claim("demo.bad", "bad", sympy.Integer(1), sympy.Integer(2), expect="refuted", refutation=words)
    assert str(raised.value) == message


def test_checked_is_never_called_proven() -> None:
    text = render_claim(PLAIN, Verdict("checked", points_checked=24))
    assert "proven" not in text.replace("not proven", "").replace(r"\emph{proven}", "")


def test_assumptions_are_the_engines_words() -> None:
    b = sympy.Symbol("b", positive=True)
    d = sympy.Symbol("d", even=True, positive=True)
    claim = Claim("demo.assume", "assume", b ** (2 / d), b ** (2 / d), conditions=(b > 1,))
    text = render_claim(claim, None)
    words = stated_assumptions(claim.symbols, claim.conditions)
    # The engine's words, less what a condition says again: b > 1 already says b is a positive real.
    assert r"\textbf{Assumptions.} $d$ is a positive even integer; $b > 1$." in text
    assert words[:2] == ("b is a positive real", "d is a positive even integer")


@pytest.mark.parametrize(("symbol", "condition", "expected"), [
    (sympy.Symbol("t", real=True), sympy.Symbol("t", real=True) > 0, "$t > 0$."),
    (sympy.Symbol("t", real=True), sympy.Symbol("t", real=True) >= 0, "$t \\ge 0$."),
    (sympy.Symbol("t", nonnegative=True), sympy.Symbol("t", nonnegative=True) < 5,
     "$t$ is a nonnegative real; $t < 5$."),
    (sympy.Symbol("t", real=True), sympy.Symbol("t", real=True) > -1, "$t > -1$."),
    (sympy.Symbol("n", integer=True), sympy.Symbol("n", integer=True) > 1, "$n$ is an integer; $n > 1$."),
])
def test_a_bound_says_what_it_implies_once(symbol: sympy.Symbol, condition: sympy.Basic, expected: str) -> None:
    claim = Claim("demo.bound", "bound", symbol ** 2, symbol * symbol, conditions=(condition,))
    assert f"\\textbf{{Assumptions.}} {expected}" in render_claim(claim, None)


def test_chain_has_every_step_and_justification() -> None:
    claim = load_sample("shift_demo").claims[0]
    text = render_claim(claim, SHIFT_VERDICTS["demo.shift.sin"])
    chain = text[text.index(r"\begin{align*}"):text.index(r"\end{align*}")]
    assert chain.count("&=") == len(claim.links) == 2
    for _start, end, _rel, because in claim.links:
        assert math_latex(end) in chain
        assert escape_latex(" ".join(because.split())) in chain


def test_a_link_that_is_not_proven_is_marked() -> None:
    claim = load_sample("shift_demo").claims[0]
    verdict = Verdict("checked", links=(Verdict("proven"), Verdict("checked", points_checked=5)))
    chain = render_claim(claim, verdict)
    assert chain.count(r"\textbf{\posencchecked{} checked numerically only}") == 1
    assert "In the derivation, step 2 is not proven (marked above)." in chain


def test_chinese_quote_becomes_the_placeholder_in_latex_and_stays_in_markdown() -> None:
    claim = Claim("demo.quote", "q", X, X, source=Source("003_750a8455e46b047a.txt", "位置编码"))
    assert QUOTE_PLACEHOLDER in render_claim(claim, None)
    assert "位置编码" not in render_claim(claim, None)
    assert "位置编码" in render_claim(claim, None, MARKDOWN)


@pytest.mark.parametrize(("name", "expected"), [
    ("x%", r"\text{x\%}"),
    (r"\input{f}", r"\text{\textbackslash{}input\{f\}}"),
    ("a&b", r"\text{a\&b}"),
    ("omega_i", r"\omega_{i}"),
    ("x_1", "x_{1}"),
])
def test_symbol_names_cannot_inject(name: str, expected: str) -> None:
    assert math_latex(sympy.Symbol(name, real=True)) == expected


def test_function_names_cannot_inject() -> None:
    f = sympy.Function("f%\\input{g}")
    assert math_latex(f(X)) == r"\operatorname{\text{f\%\textbackslash{}input\{g\}}}(x)"


# Undo escape_latex for text of printable ASCII: the escaping is right when this gives back the input.
_UNESCAPE = [
    (r"\textbackslash{}", "\\"), (r"\textasciitilde{}", "~"), (r"\^{}", "^"),
    (r"\textless{}", "<"), (r"\textgreater{}", ">"), (r"\textbar{}", "|"),
    (r"\{", "{"), (r"\}", "}"), (r"\%", "%"), (r"\&", "&"), (r"\#", "#"), (r"\$", "$"), (r"\_", "_"),
]


def unescape(latex: str) -> str:
    pattern = "|".join(re.escape(a) for a, _ in _UNESCAPE)
    return re.sub(pattern, lambda m: dict(_UNESCAPE)[m.group(0)], latex)


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126, blacklist_characters='"')))
def test_escaping_ascii_round_trips_and_leaves_no_bare_specials(text: str) -> None:
    escaped = escape_latex(text)
    assert unescape(escaped) == text
    # Outside the replacements, no character with a special meaning to TeX is left.
    pattern = "|".join(re.escape(a) for a, _ in _UNESCAPE)
    assert not set(re.sub(pattern, "", escaped)) & set("\\{}%&#$_~^")


@pytest.mark.parametrize(("text", "safe"), [("ω ≤ π", True), ("é ü ß", True), ("正弦", False), ("😀", False)])
def test_is_latex_safe(text: str, safe: bool) -> None:
    assert is_latex_safe(text) is safe


def test_a_run_of_unknown_characters_is_one_placeholder() -> None:
    assert escape_latex("位置 编码 and 正弦") == r"\textit{[non-Latin text]} and \textit{[non-Latin text]}"


@pytest.mark.parametrize(("text", "expected"), [
    ("a_b", r"a\_b"), ("# title", r"\# title"), ("- item", r"\- item"), ("1. one", r"1\. one"),
    ("$x$", r"\$x\$"), ("<b>", "&lt;b&gt;"), ("[a](b)", "&#91;a&#93;(b)"),
])
def test_escape_markdown(text: str, expected: str) -> None:
    assert escape_markdown(text) == expected


@pytest.mark.parametrize(("value", "expected"), [
    ("1.0", "1"), ("-2.5e-40", r"-2.5 \times 10^{-40}"), ("3", "3"),
    # at most 6 significant digits, rounded (leading zeros do not count); the exact value stays in JSON:
    ("0.000123456789012345678901234", r"0.000123457"),
    ("12345678901234567890.123", r"1.23457 \times 10^{19}"),
    ("-0.99999999", "-1"),
    ("inf", r"\text{inf}"),
])
def test_decimal_latex(value: str, expected: str) -> None:
    assert decimal_latex(value) == expected


@pytest.mark.parametrize(("shape", "expected"), [
    ((3, 1), r"\begin{bmatrix}0\\1\\2\end{bmatrix}"),
    ((12, 1), r"\begin{bmatrix}" + r"\\".join(str(n) for n in range(12)) + r"\end{bmatrix}"),  # at the limit: whole
    ((13, 1), r"\begin{bmatrix}0 \\ 1 \\ 2 \\ 3 \\ \vdots \\ 11 \\ 12\end{bmatrix}_{13 \times 1}"),
    ((1, 11), r"\begin{bmatrix}0 & 1 & 2 & 3 & \cdots & 9 & 10\end{bmatrix}_{1 \times 11}"),
])
def test_large_matrices_show_corners_and_shape(shape: tuple[int, int], expected: str) -> None:
    matrix = sympy.ImmutableMatrix(*shape, list(range(shape[0] * shape[1])))
    assert math_latex(matrix) == expected


def test_elided_matrix_entries_are_the_matrix_own() -> None:
    # Every entry shown is the one at that place: entry (r, c) holds 100*r + c.
    matrix = sympy.ImmutableMatrix(20, 20, lambda r, c: 100 * r + c)
    rows = math_latex(matrix).split(r"\\")
    assert rows[0].endswith("0 & 1 & 2 & 3 & \\cdots & 18 & 19 ")
    assert rows[-1].startswith(" 1900 & 1901 & 1902 & 1903 & \\cdots & 1918 & 1919")


def test_every_dollar_segment_of_the_catalogue_is_typeset_as_math() -> None:
    # A segment outside the safe vocabulary would print as literal dollars: the author's slip.
    from posenc_sym.render.inline import _SEGMENT, safe_math

    refused = []
    for loaded in _catalogue():
        d = loaded.derivation  # type: ignore[attr-defined]
        texts = [d.title, d.prose]
        for c in d.claims:
            texts += [c.title, c.prose, c.scope, *(s.because for s in c.steps)]
        refused += [m.group(0) for t in texts for m in _SEGMENT.finditer(t) if safe_math(m.group(1)) is None]
    assert refused == []


@pytest.mark.parametrize(("text", "expected"), [
    (r"the block $T_k$ of pair $i$", r"the block $T_k$ of pair $i$"),
    (r"$\frac{1}{\sqrt{d}}$", r"$\frac{1}{\sqrt{d}}$"),
    (r"$ω_i = b^{-2i/d}$", r"$\omega_i = b^{-2i/d}$"),
    (r"$\begin{bmatrix} a & b \\ c & d \end{bmatrix}$", r"$\begin{bmatrix} a & b \\ c & d \end{bmatrix}$"),
    # Anything outside the vocabulary is text, shown literally: nothing from user text runs.
    (r"$\input{x}$", r"\$\textbackslash{}input\{x\}\$"),
    (r"$\def\a{b}$", r"\$\textbackslash{}def\textbackslash{}a\{b\}\$"),
    (r"$a & b$", r"\$a \& b\$"),
    (r"$a}{b$", r"\$a\}\{b\$"),
    (r"$x % y$", r"\$x \% y\$"),
    (r"$\begin{xy}$", r"\$\textbackslash{}begin\{xy\}\$"),
    (r"costs \$5", r"costs \$5"),
])
def test_inline_math_from_a_fixed_vocabulary(text: str, expected: str) -> None:
    from posenc_sym.render.inline import text_latex

    assert text_latex(text) == expected


# Golden pieces of the built-in catalogue (issue 12): the shift block, RoPE's relative score, a
# refuted step, a document's printed table. The verdicts are hand-made (the renderer is a pure
# function of claim and verdict); the claims are the catalogue's own, so a change in their written
# form or in the layout shows up here for review.
@functools.lru_cache(maxsize=1)
def _catalogue() -> tuple[object, ...]:
    from posenc_sym.catalog import load_catalog

    return tuple(load_catalog([]).derivations)


def _catalogue_derivation(derivation_id: str) -> Derivation:
    for loaded in _catalogue():
        derivation: Derivation = loaded.derivation  # type: ignore[attr-defined]
        if derivation.id == derivation_id:
            return derivation
    raise AssertionError(f"{derivation_id} is not in the catalogue")


def _claim(derivation_id: str, claim_id: str) -> Claim:
    return next(c for c in _catalogue_derivation(derivation_id).claims if c.id == claim_id)


def _proven_chain(claim: Claim) -> Verdict:
    links = tuple(Verdict("proven", method="expand_trig") for _ in claim.links)
    return Verdict("proven", method=f"derivation of {len(links)} steps", links=links)


def test_golden_shift_block() -> None:
    claim = _claim("sinusoidal.shift", "sinusoidal.shift.block")
    check_golden("catalogue_shift_block.tex", render_claim(claim, _proven_chain(claim)))


def test_golden_rope_relative_score() -> None:
    claim = _claim("rope", "rope.block.relative")
    check_golden("catalogue_rope_relative.tex", render_claim(claim, _proven_chain(claim)))
    check_golden("catalogue_rope_relative.md", render_claim(claim, _proven_chain(claim), MARKDOWN))


def test_golden_refuted_step() -> None:
    # The second step of the shift derivation made false: its row carries the mark, and the
    # verdict (the conclusion itself holds) says which step is not proven.
    claim = load_sample("shift_demo").claims[0]
    verdict = Verdict("proven", method="expand_trig",
                      links=(Verdict("proven", method="expand"),
                             Verdict("refuted", counterexample={t: sympy.pi / 3}, lhs_value="0.5",
                                     rhs_value="0.25", difference="0.25")))
    text = render_claim(claim, verdict)
    check_golden("refuted_step.tex", text)
    assert r"\textbf{\posencrefuted{} this step is false}" in text
    assert "In the derivation, step 2 is not proven (marked above)." in text


def test_golden_seed_table() -> None:
    derivation = _catalogue_derivation("seeds.doc000")
    entries = [c for c in derivation.claims if ".demo.r" in c.id]
    verdicts = {c.id: Verdict("proven", method="sign") for c in entries}
    verdicts[entries[5].id] = Verdict("refuted", counterexample={}, lhs_value="0.00012",
                                      rhs_value="0.00005", difference="0.00007")
    text = render_derivation(Derivation("seeds.doc000.table", "The printed table", tuple(entries)), verdicts)
    check_golden("seed_table.tex", text)
    assert text.count(r"\begin{tabular}") == 1 and r"\subsection" in text
    assert text.count(r"\posencproven{}") == len(entries) - 1


# The bound for Markdown: MathJax (GitHub, MkDocs) handles long displays badly.
MARKDOWN_LINE_LIMIT = 2500


def test_catalogue_markdown_lines_are_short_and_latex_shrinks_nothing() -> None:
    longest, scaled = 0, []
    for loaded in _catalogue():
        derivation: Derivation = loaded.derivation  # type: ignore[attr-defined]
        markdown = render_derivation(derivation, {}, MARKDOWN)
        longest = max(longest, *(len(line) for line in markdown.splitlines()))
        latex = render_derivation(derivation, {})
        scaled += [derivation.id for word in (r"\resizebox", r"\scalebox", r"\textasciicircum") if word in latex]
    assert longest <= MARKDOWN_LINE_LIMIT
    assert scaled == []


def test_a_wide_matrix_definition_starts_under_its_name() -> None:
    # R_halves(m) of rope.pairings.permutation at d = 8 (8 × 8) ran 8.5pt past the margin beside its name
    # (the catalogue now states it at d = 4, so the 8-wide claim is built here).
    from posenc_sym.notation import Definition, Notation
    from posenc_sym.schemes.rope import pairing_permutation, rotation_matrix

    m, b = sympy.Symbol("m", real=True), sympy.Symbol("b", positive=True)
    halves = Definition("R_halves", (m,), rotation_matrix(m, 8, b, "halves"), form="call")
    adjacent = Definition("R_adjacent", (m,), rotation_matrix(m, 8, b, "adjacent"), form="call")
    perm = Definition("P", (), pairing_permutation(8), form="value")
    P = perm.apply()
    claim = Claim("demo.pairings", "the two pairings, d = 8", written=(halves.apply(m), P * adjacent.apply(m) * sympy.transpose(P)),
                  notation=Notation(symbols=(m, b), definitions=(halves, adjacent, perm)))
    text = render_claim(claim, Verdict("proven"))
    assert "&R_{\\text{halves}}(m) = \\\\\n&\\qquad {\\renewcommand{\\arraystretch}{1.5}\\begin{bmatrix}\\cos(m) & 0" in text
    assert "&P = \\begin{bmatrix}1 & 0" in text  # a narrow one stays beside its name


@pytest.mark.parametrize(("method", "words"), [
    ("structural", "direct computation"),
    ("residues (4 cases): residues (2 cases): sign",
     "cases on the residues (4 cases), then cases on the residues (2 cases), then the signs of the terms"),
    ("breakpoints (3 cases): expand", "cases on the pieces between the breakpoints (3 cases), then multiplying out"),
    ("conditions, trigsimp, half-angle",
     "using the conditions, then trigonometric simplification, then the half-angle formula"),
    ("closed forms, structural", "the sums' closed forms, then direct computation"),
    ("conditions, common roots, cancel",
     "using the conditions, the powers of one base over a common root, then cancelling common factors"),
    ("entrywise: generalized pythagoras, structural",
     r"entry by entry: treating each power as a positive unknown, then $\sin^2 + \cos^2 = 1$; direct computation"),
])
def test_methods_read_as_mathematics(method: str, words: str) -> None:
    from posenc_sym.render.verdicts import method_words

    assert method_words(method) == words


def test_a_small_matrix_in_text_is_math() -> None:
    # "smallmatrix", the longest environment name, was read as text: its closing brace was not looked at.
    from posenc_sym.render.inline import text_latex

    text = r"the block $\left[\begin{smallmatrix} \cos B & \sin B \\ −\sin B & \cos B \end{smallmatrix}\right]$"
    assert text_latex(text) == (r"the block $\left[\begin{smallmatrix} \cos B & \sin B \\ -\sin B & \cos B "
                                r"\end{smallmatrix}\right]$")


_LONG_SUM = " + ".join(f"x_{{{i}}}" for i in range(40))


@pytest.mark.parametrize(("latex", "rows"), [
    # A parenthesised sum with a short, balanced prefix/suffix is broken inside the parentheses.
    (rf"2 \left({_LONG_SUM}\right)^{{2}}", "many"),
    # Inside \frac{...}{...} or \sqrt{...} a break would leave an unclosed brace on the first row.
    (rf"\frac{{\left({_LONG_SUM}\right)}}{{c}}", "one"),
    (rf"\sqrt{{\left({_LONG_SUM}\right)}}", "one"),
])
def test_break_sum_rows_are_balanced(latex: str, rows: str) -> None:
    lines = break_sum(latex, width=30)
    assert (len(lines) > 1) == (rows == "many")
    for line in lines:
        depths = _depths(line + " ")
        assert min(depths) >= 0 and depths[-1] == 0, line


def _catalogue_titles() -> list[tuple[str, str]]:
    from posenc_sym.catalog import builtin_root, load_catalog

    catalogue = load_catalog([builtin_root()])
    titles = [(d.file, d.derivation.title) for d in catalogue.derivations]
    return titles + [(claim.id, claim.title) for claim, _ in catalogue.claims]


# Math written as text in a title: a superscript character, a transpose sign, a norm bar, a
# product dot, a function applied to a shifted position, ln( or a |...| bar. In a title each is
# written inside $...$ so that it is typeset as math.
_MATH_AS_TEXT = re.compile(r"[²³ᵀ‖·]|\w\(t ?\+ ?1\)|\bln ?\(|\|[^|]+\|")


def test_catalogue_titles_carry_math_only_inside_dollars() -> None:
    from posenc_sym.render.inline import math_segments, safe_math

    offenders = []
    for name, title in _catalogue_titles():
        text = " ".join(piece for is_math, piece in math_segments(title) if not is_math)
        rejected = [seg for seg in re.findall(r"(?<!\\)\$([^$]+)\$", title) if safe_math(seg) is None]
        if _MATH_AS_TEXT.search(text) or rejected:
            offenders.append((name, title))
    assert offenders == [], "\n".join(f"{n}: {t}" for n, t in offenders)


def test_catalogue_matrix_entries_print_as_one_subscripted_name() -> None:
    # A symbolic matrix entry named wq_0_0 prints as \mathrm{wq}_{0,0}, read as w·q; the entries
    # are named W_q_0_0 (W_{q,0,0}) instead.
    import sympy as sp

    from posenc_sym.catalog import builtin_root, load_catalog
    from posenc_sym.notation.names import name_latex

    entry_as_word = re.compile(r"^\\mathrm\{[A-Za-z]+\}_\{\d+,\d+\}$")
    offenders = set()
    for claim, _ in load_catalog([builtin_root()]).claims:
        for side in (claim.lhs, claim.rhs):
            for symbol in getattr(side, "free_symbols", set()):
                latex = name_latex(symbol.name) if isinstance(symbol, sp.Symbol) else None
                if latex is not None and entry_as_word.match(latex):
                    offenders.add((claim.id, symbol.name))
    assert sorted(offenders) == []


def _where_definitions(text: str) -> list[str]:
    """The definitions each "Where" of a Markdown section states, in order: inline in its paragraph,
    or displayed in the block after it (one aligned row each, side by side with \\qquad)."""
    found = []
    paragraphs = text.split("\n\n")
    for n, paragraph in enumerate(paragraphs):
        if not paragraph.startswith("**Where.**"):
            continue
        said = paragraph.removeprefix("**Where.**").strip().removesuffix(".")
        found += [item for item in said.split("; ") if item]  # "$name$ is words" whole: two meanings differ
        after = paragraphs[n + 1] if n + 1 < len(paragraphs) else ""
        if after.startswith("$$"):
            rows = re.findall(r"^&(.+?)(?:\\\\)?$", after, flags=re.M)
            found += [d.strip() for row in rows for d in row.split(r"\qquad")]
    return found


def test_a_section_states_each_definition_once_where_first_used() -> None:
    # Every built-in section, rendered whole: a definition a claim's "Where" gave is not given again
    # by a later claim of the section; the same claim alone (a fragment) still gives all of its own.
    from posenc_sym.catalog import load_catalog
    from posenc_sym.render.mathtex import claim_definitions_latex

    repeated, sections = [], 0
    for loaded in load_catalog().derivations:
        derivation = loaded.derivation
        said = _where_definitions(render_derivation(derivation, {}, MARKDOWN))
        repeated += [(derivation.id, d) for d in set(said) if said.count(d) > 1]
        shared = [c for c in derivation.claims if claim_definitions_latex(c)]
        sections += len(shared) > 1
        for claim in shared[1:2]:
            alone = _where_definitions(render_claim(claim, None, MARKDOWN))
            assert alone, claim.id
    assert sections > 5  # the test has sections with several claims that use notation
    assert repeated == []


@pytest.mark.parametrize(("rows", "as_row"), [
    (5, False),  # short: a column reads fine
    (6, True),
    (12, True),  # every entry, one by one (the writer would elide a row of more than 10)
    (13, False),  # elided as a column: a shape label under a transpose would read worse
])
def test_a_tall_column_of_a_claim_is_offered_as_a_transposed_row(rows: int, as_row: bool) -> None:
    from posenc_sym.render.columns import transposed_columns

    column = sympy.Matrix(list(range(1, rows + 1)))
    sides = transposed_columns(Claim("demo.column", "a column", written=(column, column)))
    entries = " & ".join(str(n) for n in range(1, rows + 1))
    assert sides == ((rf"\begin{{bmatrix}}{entries}\end{{bmatrix}}^{{\top}}",) * 2 if as_row else None)


def test_the_eight_alibi_slopes_are_one_line() -> None:
    from posenc_sym.catalog import load_catalog

    eight = next(c for d in load_catalog().derivations for c in d.derivation.claims if c.id == "alibi.slopes.eight")
    text = render_claim(eight, Verdict("proven", method="exact"))
    assert r"2^{-8}\end{bmatrix}^{\top}" in text and "aligned" not in text


@pytest.mark.parametrize(("quote", "shown"), [
    # LaTeX a document displays: set as the formula (it compiles: known commands, balanced groups)
    (r"w_k = \frac{1}{10000^{2k/d_{model}}}", r"``$w_k = \frac{1}{10000^{2k/d_{model}}}$''"),
    (r"PE_{(pos, 2i)} & = \sin x", r"``$PE_{(pos, 2i)}  = \sin x$''"),  # the alignment mark left out
    # verbatim: code, plain text, a cut fragment, an unbraced parenthesis script, an unknown macro
    ("math.sin(pos / (10000 ** ((2 * i)/d_model)))", None),
    ("(2 * i)/d_model", None),
    (r"\cos((t + \bigtriangleup t)", None),
    ("PE_(pos,2i)=sin(pos/10000^{2i/d})", None),
    (r"\frob{t} = 1", None),
])
def test_a_quoted_formula_is_set_as_math_only_when_it_compiles(quote: str, shown: str | None) -> None:
    claim = Claim("demo.quote", "a quote", written=(sympy.Integer(1), sympy.Integer(1)), source=Source("doc.md", quote))
    text = render_claim(claim, Verdict("proven", method="exact"))
    source = text[text.index("Source."):]
    if shown is None:
        assert "$" not in source
    else:
        assert shown in source
