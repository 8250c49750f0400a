"""The property table of the encodings, as LaTeX and Markdown (issue 4 builds it; we render it)."""

from __future__ import annotations

import pytest
import sympy

from posenc_sym import Claim, Derivation, Verdict
from posenc_sym.render.table import LEGEND, table_latex, table_markdown
from posenc_sym.report.table import build_table, plain_label, table_lines
from posenc_sym.runner import ClaimResult

x = sympy.Symbol("x", real=True)


def result(claim_id: str, tag: str, status: str) -> ClaimResult:
    claim = Claim(claim_id, claim_id, x, x, tags=(tag,))
    verdict = Verdict(status, counterexample={} if status == "refuted" else None)  # type: ignore[arg-type]
    return ClaimResult(claim, verdict, "f.py", Derivation("d", "d", (claim,)), 0.0)


RESULTS = [
    result("rope.norm", "table:rope:bounded", "proven"),
    result("integer.bounded", "table:integer:bounded", "refuted"),
    result("mine.odd", "table:my_enc%:bounded", "checked"),
]


def test_latex_cells_link_to_their_claims_in_the_full_document() -> None:
    text = table_latex(build_table(RESULTS), links=True)
    assert r"\hyperref[claim:rope.norm]{\posencyes{}}" in text
    assert r"\hyperref[claim:integer.bounded]{\posencno{}}" in text


def test_the_table_names_no_claim_and_says_its_signs_once() -> None:
    # The cells link to their claims; the ids are in the appendix "How each statement was checked".
    for text in (table_latex(build_table(RESULTS), links=True), table_markdown(build_table(RESULTS))):
        assert "rope.norm" not in text.replace("claim:rope.norm", "")
        assert "integer.bounded" not in text.replace("claim:integer.bounded", "")
    latex = table_latex(build_table(RESULTS), links=False)
    assert latex.count(r"\posencyes{} the encoding has the property") == 1
    assert table_markdown(build_table(RESULTS)).count(LEGEND) == 1


def test_latex_fragment_has_no_links() -> None:
    text = table_latex(build_table(RESULTS), links=False)
    assert r"\hyperref" not in text
    assert "RoPE & \\posencyes{} & " + " & ".join([r"\textendash{}"] * 5) + r" \\" in text


def test_latex_table_escapes_keys_from_tags() -> None:
    text = table_latex(build_table(RESULTS), links=False)
    assert r"my\_enc\% & \posencchecked{}\posencyes{} & \textendash{}" in text


def test_markdown_table() -> None:
    text = table_markdown(build_table(RESULTS))
    assert "| RoPE | ✓ | – | – | – | – | – |" in text
    assert "| integer index $t$ | ✗ | – | – | – | – | – |" in text
    assert "| my\\_enc% | ≈✓ | – | – | – | – | – |" in text


def test_row_labels_are_math_in_the_notes_and_plain_in_the_terminal() -> None:
    table = build_table(RESULTS)
    latex = table_latex(table, links=False)
    assert r"sin only, $1/2^i$ & \textendash{}" in latex
    assert r"sin only, $b^{-i/(d-1)}$ & \textendash{}" in latex  # the minus sign as TeX math writes it
    assert r"\^{}" not in latex and "textasciicircum" not in latex
    assert "| sin only, $1/2^i$ | – |" in table_markdown(table)
    lines = table_lines(table)
    assert any(line.startswith("sin only, b^(−i/(d−1)) | ") for line in lines)
    assert not any("$" in line for line in lines)


@pytest.mark.parametrize(("label", "plain"), [
    ("sin only, $b^{−i/(d−1)}$", "sin only, b^(−i/(d−1))"),
    ("$t/(n−1)$ in [0, 1]", "t/(n−1) in [0, 1]"),
    ("my_enc%", "my_enc%"),
])
def test_plain_label(label: str, plain: str) -> None:
    assert plain_label(label) == plain


def test_column_labels_and_meanings_carry_their_math() -> None:
    latex = table_latex(build_table(RESULTS), links=False)
    assert r"& past $L$ & linear shift &" in latex
    assert r"\item[linear shift] a fixed linear map takes position $t$ to $t + k$" in latex
    lines = table_lines(build_table(RESULTS))
    assert "  linear shift: a fixed linear map takes position t to t + k" in lines
