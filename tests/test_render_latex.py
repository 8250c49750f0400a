"""The LaTeX and Markdown of claims and derivations: golden files, verdict wording, escaping.

Verdicts here are built by hand: the renderer is a pure function of (claim, verdict), and these
tests pin what it writes for each kind of verdict. The verdicts the engine really gives are
rendered in tests/test_render_cli.py. Regenerate the golden files with
``POSENC_SYM_UPDATE_GOLDEN=1 pytest tests/test_render_latex.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from posenc_sym import Claim, Derivation, Source, Verdict
from posenc_sym.proof.assumptions import stated_assumptions
from posenc_sym.render.escape import escape_latex, escape_markdown, is_latex_safe
from posenc_sym.render.latex import QUOTE_PLACEHOLDER, render_claim, render_derivation, verdict_text
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


@pytest.mark.parametrize(("claim", "verdict", "expected"), [
    (PLAIN, Verdict("proven", method="trigsimp"),
     r"\noindent\textbf{Verdict: proven} symbolically (method \texttt{trigsimp}) for every value the "
     "assumptions allow."),
    (PLAIN, Verdict("checked", method="falsifier", points_checked=24),
     r"\noindent\textbf{Verdict: numerically checked, not proven:} the two sides agree numerically at 24 "
     r"points (method \texttt{falsifier}); this is evidence, not a proof. \textbf{Not as expected:} the "
     r"derivation expected it to be \emph{proven}."),
    (PLAIN, Verdict("unknown", reason="no strategy applied"),
     r"\noindent\textbf{Verdict: unknown:} neither proven nor refuted. No strategy applied. "
     r"\textbf{Not as expected:} the derivation expected it to be \emph{proven}."),
    (FALSE, Verdict("refuted", counterexample={X: sympy.Integer(0)}, lhs_value="0.0", rhs_value="1.0",
                    difference="-1.0"),
     r"\noindent\textbf{Verdict: refuted.} counterexample $x = 0$; there, evaluated with mpmath: left side "
     "$0.0$, right side $1.0$, difference $-1.0$. The derivation expected this claim to be false, and it is."),
    (FALSE, Verdict("proven", method="trigsimp"),
     r"\noindent\textbf{Verdict: proven} symbolically (method \texttt{trigsimp}) for every value the "
     r"assumptions allow. \textbf{Not as expected:} the derivation expected it to be refuted, but no "
     "counterexample was found."),
    (PLAIN, None, r"\noindent\textbf{Verdict: not decided.} Run the engine to decide this claim."),
])
def test_verdict_wording(claim: Claim, verdict: Verdict | None, expected: str) -> None:
    assert verdict_text(claim, verdict) == expected


def test_checked_is_never_called_proven() -> None:
    text = render_claim(PLAIN, Verdict("checked", points_checked=24))
    assert "proven" not in text.replace("not proven", "").replace(r"\emph{proven}", "")


def test_assumptions_are_the_engines_words() -> None:
    b = sympy.Symbol("b", positive=True)
    d = sympy.Symbol("d", even=True, positive=True)
    claim = Claim("demo.assume", "assume", b ** (2 / d), b ** (2 / d), conditions=(b > 1,))
    text = render_claim(claim, None)
    words = stated_assumptions(claim.symbols, claim.conditions)
    assert r"$b$ is a positive real; $d$ is a positive even integer; $b > 1$." in text
    assert words[:2] == ("b is a positive real", "d is a positive even integer")


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
    assert chain.count(r"\textbf{checked, not proven}") == 1


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
    assert math_latex(f(X)) == r"\operatorname{\text{f\char37{}\textbackslash{}input\{g\}}}{\left(x \right)}"


# Undo escape_latex for text of printable ASCII: the escaping is right when this gives back the input.
_UNESCAPE = [
    (r"\textbackslash{}", "\\"), (r"\textasciitilde{}", "~"), (r"\textasciicircum{}", "^"),
    (r"\textless{}", "<"), (r"\textgreater{}", ">"), (r"\textbar{}", "|"), ("{\\ttfamily\\char34}", '"'),
    (r"\{", "{"), (r"\}", "}"), (r"\%", "%"), (r"\&", "&"), (r"\#", "#"), (r"\$", "$"), (r"\_", "_"),
]


def unescape(latex: str) -> str:
    pattern = "|".join(re.escape(a) for a, _ in _UNESCAPE)
    return re.sub(pattern, lambda m: dict(_UNESCAPE)[m.group(0)], latex)


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126)))
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
    ("1.0", "1.0"), ("-2.5e-40", r"-2.5 \times 10^{-40}"), ("3", "3"),
    # 20 significant digits kept (leading zeros do not count), the cut marked:
    ("0.000123456789012345678901234", r"0.00012345678901234567890\ldots"),
    ("12345678901234567890.123", r"12345678901234567890.\ldots"),
    ("inf", r"\text{inf}"),
])
def test_decimal_latex(value: str, expected: str) -> None:
    assert decimal_latex(value) == expected


@pytest.mark.parametrize(("shape", "expected"), [
    ((3, 1), r"\left[\begin{matrix}0\\1\\2\end{matrix}\right]"),
    ((12, 1), None),  # at the limit: printed whole, by SymPy
    ((13, 1), r"\left[\begin{matrix}0 \\ 1 \\ 2 \\ 3 \\ \vdots \\ 11 \\ 12\end{matrix}\right]_{13 \times 1}"),
    ((1, 11), r"\left[\begin{matrix}0 & 1 & 2 & 3 & \cdots & 9 & 10\end{matrix}\right]_{1 \times 11}"),
])
def test_large_matrices_show_corners_and_shape(shape: tuple[int, int], expected: str | None) -> None:
    matrix = sympy.ImmutableMatrix(*shape, list(range(shape[0] * shape[1])))
    assert math_latex(matrix) == (expected if expected is not None else sympy.latex(matrix))


def test_elided_matrix_entries_are_the_matrix_own() -> None:
    # Every entry shown is the one at that place: entry (r, c) holds 100*r + c.
    matrix = sympy.ImmutableMatrix(20, 20, lambda r, c: 100 * r + c)
    rows = math_latex(matrix).split(r"\\")
    assert rows[0].endswith("0 & 1 & 2 & 3 & \\cdots & 18 & 19 ")
    assert rows[-1].startswith(" 1900 & 1901 & 1902 & 1903 & \\cdots & 1918 & 1919")
