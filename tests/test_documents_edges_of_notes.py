"""Rows of real notes at the edges of what is read (issue 23): each must end in a verdict or a reason, never a crash.

Each expected verdict was worked out by hand before the code ran.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import links_of, report_of

D = "definition"
BAM = ("```posenc\nassume i, j, h integer nonnegative\nassume \\mu_h real\n{extra}```\n\n"
       "$$\nB_{{i,j}}^{{(h)}} = -(|j - \\alpha_h i - \\mu_h| + 1)^{{2}}\n$$\n")


def test_an_absolute_value_of_a_name_that_may_be_a_vector_is_refused_with_both_readings(tmp_path: Path) -> None:
    # α_h undeclared is read as a name that may be a vector: |…| is then a norm or an absolute value. SymPy's Abs of
    # such a sum recursed without end (an internal error on a real .tex appendix); the row defines B all the same
    (row,), _ = links_of(tmp_path, BAM.format(extra=""))
    assert row[:2] == (7, D)
    assert "|…| of \\alpha_{h}, which may be a number (an absolute value) or a vector (a norm)" in row[2]
    assert "assume \\alpha_{h} real" in row[2]
    # declared, as the message says, it is read
    (row,), _ = links_of(tmp_path, BAM.format(extra="assume \\alpha_{h} real\n"))
    assert row == (8, D, "defines B_{i,j}^{(h)}")


U, P, R = "unknown", "proven", "refuted"
MOMENT_HEAD = "```posenc\nassume d_k integer positive\nassume x, y real\n```\n\n"


@pytest.mark.parametrize(("row", "status"), [
    # read, and unknown: Var of a sum is the sum of the variances only for independent terms, which is not applied
    ("\\operatorname{Var}\\!\\left[\\sum_{i=1}^{d_k} q_i k_i\\right] = \\sum_{i=1}^{d_k} \\operatorname{Var}[q_i k_i]", U),
    ("\\mathbb{E}[x + y] = \\mathbb{E}[x] + \\mathbb{E}[y]", U),
    # Var(x) = E[x²] − E[x]² as the first row about Var(x): its definition, as texts give it
    ("\\mathrm{Var}(x) = \\mathbb{E}[x^2] - \\mathbb{E}[x]^2", D),
    # never refuted, though false for some operators (and for the expectation: Var[x] >= 0)
    ("\\operatorname{Var}[x] = -1", U),
    ("\\mathbb{E}[x] = 2 \\mathbb{E}[x]", U),
    # what holds whatever the operator is, is proven; the arithmetic beside it is checked as ever
    ("\\mathbb{E}[x] = \\mathbb{E}[x]", P),
    ("\\mathbb{E}[x] + 1 = 1 + \\mathbb{E}[x]", P),
    # near-misses: a table E (plain E[...]) is still refused, and so are a moment with a superscript and \mathbb{R}
    ("E[x] = E[x]", None),
    ("\\mathbb{E}^{x}[x] = 0", None),
    ("\\mathbb{R} = \\mathbb{R}", None),
])
def test_moments_are_read_as_operators_of_unknown_properties(tmp_path: Path, row: str, status: str | None) -> None:
    rows, conventions = links_of(tmp_path, MOMENT_HEAD + f"$$ {row} $$\n")
    if status is None:
        assert [r[1] for r in rows] == [U]
        assert "not read" in rows[0][2] or "neither is read" in rows[0][2]
        return
    assert [r[1] for r in rows] == [status]
    assert any("operators of unknown properties" in c for c in conventions)


WIDTH_EXAMPLE = ("The encoding of width $d$:\n\n$$\nPE(pos, 2i) = \\sin\\left(\\frac{{pos}}{{10000^{{2i/d}}}}\\right)\n$$\n"
                 "\n{words}\n\n$$\nPE(1, 2) = \\sin\\left(\\frac{{1}}{{10000^{{{exponent}}}}}\\right)\n$$\n")


@pytest.mark.parametrize(("words", "exponent", "status", "note"), [
    # an even width in words (8): an example's value; PE(1, 2) = sin(1/10000^{2/8}) holds there, false at d = 4
    ("Example: an 8-dimensional encoding, position 1:", "2/8", U, "(d = 8)"),
    ("例如，维度为 8 时：", "2/8", U, "(d = 8)"),
    ("Take 8 dimensions:", "2/8", U, "(d = 8)"),
    # false at the width the words give too (2/7 at d = 8), or no width in words: refuted as before
    ("Example: an 8-dimensional encoding, position 1:", "2/7", R, ""),
    ("Example: position 1:", "2/8", R, ""),
    # an odd width in words (5) sets d to a value the even width cannot take: d is the text's own name, free
    # (as after "For instance $d = 5$"), and no row about it is decided
    ("Example: a 5-dimensional encoding, position 1:", "2/5", U, "d is not defined"),
    ("In 4 dimensions or 5 dimensions:", "2/5", U, "d is not defined"),
])
def test_a_width_in_words_is_an_example_value(tmp_path: Path, words: str, exponent: str, status: str,
                                              note: str) -> None:
    rows, _ = links_of(tmp_path, WIDTH_EXAMPLE.format(words=words, exponent=exponent))
    assert [r[1] for r in rows] == [D, status]
    assert note in rows[1][2]


SOLVE = ("```posenc\nassume k positive\nassume n integer\nassume \\beta > 1\n```\n\n{bound}\n\n{lead}\n$$\n"
         "\\frac{{n}}{{\\beta}} = \\frac{{nk}}{{\\lambda \\beta}}\n$$\n{after}\n")


@pytest.mark.parametrize(("bound", "lead", "after", "status"), [
    # with λ = k² bound, n/β = nk/(λβ) is false (n = 1, k = 2: 1/β ≠ 1/(2β)); the text sets it up to find λ = k
    ("Let $\\lambda=k^{2}$.", "To enlarge the range $k$ times we need:", "which gives $\\lambda=k$.", U),
    ("解得 $\\lambda=k^{2}$。", "要把表示范围扩大 $k$ 倍，需要满足：", "可以解得 $\\lambda=k$ 。", U),
    ("Let $\\lambda=k^{2}$.", "To enlarge the range $k$ times:", "Solving for $\\lambda$ gives $\\lambda = k$.", U),
    # near-misses: the same row claimed ("Then", "so the claim holds") is refuted
    ("Let $\\lambda=k^{2}$.", "Then", "so the claim holds.", R),
    ("Let $\\lambda=k^{2}$.", "We find", "", R),
    # a proof stands under the same words (λ = k makes the row true)
    ("Let $\\lambda=k$.", "we need:", "which gives $\\lambda=k$.", P),
])
def test_an_equation_the_text_sets_up_to_solve_is_not_refuted(tmp_path: Path, bound: str, lead: str, after: str,
                                                               status: str) -> None:
    rows, _ = links_of(tmp_path, SOLVE.format(bound=bound, lead=lead, after=after))
    assert [r[1] for r in rows] == [status]
    if status == U:
        assert "an equation the text sets up to solve" in rows[0][2]


@pytest.mark.parametrize(("text", "last"), [
    # a display in the prose sets m = 2, n = 5 for an example: mθ = 0.2 holds there (θ = 0.1), false at m = 3
    ("$$\\theta = 0.1$$\n\n$$(m + n)\\theta = m\\theta + n\\theta$$\n\nFirst $$m = 2,\\ n = 5$$. Then "
     "$$m\\theta = 0.2$$.\n", U),
    # δ = n - m at m = 5, n = 8 is 3: not "defined again, differently"
    ("$$\\delta = n - m$$\n\nTake $$m = 5,\\ n = 8$$. Then $$\\delta = 3$$.\n", U),
    # near-misses: false at the example's values too (2·0.1 ≠ 0.3; 8 - 5 ≠ 4) stay refuted / a finding
    ("$$\\theta = 0.1$$\n\n$$(m + n)\\theta = m\\theta + n\\theta$$\n\nFirst $$m = 2,\\ n = 5$$. Then "
     "$$m\\theta = 0.3$$.\n", R),
    ("$$\\delta = n - m$$\n\nTake $$m = 5,\\ n = 8$$. Then $$\\delta = 4$$.\n", D),
])
def test_a_display_that_sets_a_free_name_gives_an_example_value(tmp_path: Path, text: str, last: str) -> None:
    report = report_of(tmp_path, text)
    final = report.displays[-1]
    assert final.status == last
    if last == D:  # δ = 4: a definition again, said different from line 1
        assert any("differently from line 1" in str(f) for f in final.read.findings)


@pytest.mark.parametrize(("value", "status"), [("-1", P), ("0", R)])
def test_parameters_after_a_semicolon_are_arguments(tmp_path: Path, value: str, status: str) -> None:
    # φ(u; τ) = u - τ defines φ of two arguments: φ(1; 2) = -1
    rows, _ = links_of(tmp_path, f"$$ \\phi(u;\\tau) = u - \\tau $$\n\n$$ \\phi(1; 2) = {value} $$\n")
    assert [r[1] for r in rows] == [D, status]


def test_a_width_in_words_beside_cjk_text_and_two_width_names(tmp_path: Path) -> None:
    # "使用8维" (an 8-dimensional encoding), the text writing both d and d_model: both are the width 8
    text = ("设 $d_{model}$ 为模型维度。\n\n$$\nPE(pos, 2i) = \\sin\\left(\\frac{pos}{10000^{2i/d}}\\right)\n$$\n\n"
            "举个例子，使用8维的位置编码：\n\n$$\nPE(1, 2) = \\sin\\left(\\frac{1}{10000^{2/8}}\\right)\n$$\n")
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == [D, U]
    assert "(d = 8" in rows[1][2]


EXAMPLE_VECTOR = ("```posenc\nassume q_1, q_2, k_1, k_2 real\n```\n\nWrite $$q = (q_1, q_2)$$ and $$k = (k_1, k_2)$$.\n\n"
                  "Take $$q = (1, 0)$$ and the key of the figure.\n\n$$ {row} $$\n")


@pytest.mark.parametrize(("row", "status"), [
    # at q = (1, 0): -k_2 = -1 holds for k_2 = 1, a key the text gives only in a figure: not refuted
    ("q_2k_1 - q_1k_2 = 0 - 1", U),
    # near-misses: no real k_1 makes 1 + k_1^2 = -5; and a claim with no number on either side stays refuted
    ("q_1 + q_2 + k_1^2 = -5", R),
    ("q_2k_1 - q_1k_2 = k_1", R),
])
def test_a_value_computed_at_an_example_read_in_part(tmp_path: Path, row: str, status: str) -> None:
    rows, _ = links_of(tmp_path, EXAMPLE_VECTOR.format(row=row))
    assert rows[-1][1] == status


@pytest.mark.parametrize(("row", "status"), [
    # R(0.5) q at q = (1, 0) is (cos 0.5, sin 0.5) = (0.8775826, 0.4794255): to the 5 digits written, it holds
    ("R(0.5)q = (0.87758,\\ 0.47943)", U),
    # near-miss: off by more than half a unit of the last digit (0.87759 - 0.8775826 = 7.4e-6)
    ("R(0.5)q = (0.87759,\\ 0.47943)", R),
])
def test_an_example_computed_in_decimals(tmp_path: Path, row: str, status: str) -> None:
    text = ("```posenc\nassume q_1, q_2, t real\nlet R(t) = \\begin{pmatrix} \\cos t & -\\sin t \\\\ \\sin t & \\cos t "
            "\\end{pmatrix}\n```\n\nWrite $$q = (q_1, q_2)$$.\n\nTake $$q = (1, 0)$$.\n\n"
            f"Then $${row}$$.\n")
    rows, _ = links_of(tmp_path, text)
    assert rows[-1][1] == status


SINE = "\\sin(\\frac{{i}}{{10000^{{\\frac{{2t}}{{d}}}}}})"


@pytest.mark.parametrize(("display", "statuses"), [
    # an equation number with a space before its brace is ink
    ("$$f(x)=x^2 \\tag {1.1} $$\n\n$$ f(2) = 4 $$\n", [D, P]),
    # a cases of definitions aligned at their relations (&=), numbered after it: a system, one statement a row
    ("$$\n\\begin{cases}\n\tP_{i, 2t} &= \\sin(\\frac{i}{10000^{\\frac{2t}{d}}}) \\\\\n"
     "\tP_{i, 2t+1} &= \\cos(\\frac{i}{10000^{\\frac{2t}{d}}}) \\\\\n\\end{cases} \\tag{1.2}\n$$\n\n$$ P_{0, 1} = 1 $$\n",
     [D, D, P]),
    # an array in a brace, closed by \right. and a stray \\
    ("$$\n\\left\\{\\begin{array}{l}p_{k, 2 i}=\\sin (k / 10000^{2 i / d}) \\\\ p_{k, 2 i+1}=\\cos \\left(k / "
     "10000^{2 i / d}\\right)\\end{array}\\right.\\\\\n$$\n\n$$ p_{0, 1} = 1 $$\n", [D, D, P]),
    # near-miss: a cases whose second column is a condition stays a function by cases
    ("$$ f(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & x \\le 0 \\end{cases} $$\n\n$$ f(1) = 1 $$\n",
     [D, "condition", "condition", P]),
])
def test_systems_and_equation_numbers(tmp_path: Path, display: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, display)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # PE(p)_{2i}, the component 2i of PE(p): the function PE of p and its component, read at it
    ("$$\\mathrm{PE}(p)_{2i} = \\sin(p\\,\\theta_i), \\qquad \\mathrm{PE}(p)_{2i+1} = \\cos(p\\,\\theta_i)$$\n\n"
     "$$\\mathrm{PE}(0)_{2i+1} = 1$$\n\n$$\\mathrm{PE}(0)_{2i} = 1$$\n", [D, D, P, R]),
    ("$$PE_{2i}(p) = \\sin(p\\,\\theta_i)$$\n\n$$PE_{2i+1}(p) = \\cos(p\\,\\theta_i)$$\n\n$$PE_{2i+1}(0) = 1$$\n",
     [D, D, P]),
    # only the even component defined: the odd one matches no definition (it was PE_{2i+1} times 0, refuted)
    ("$$\\mathrm{PE}_{2i}(p) = \\sin(p\\,\\theta_i)$$\n\n$$\\mathrm{PE}_{2i+1}(0) = 1$$\n", [D, U]),
    # near-misses: a letter alone names a function of its own, digits alone label one
    ("$$ f_q(x) = 2x $$\n\n$$ f_k(x) = 3x $$\n\n$$ f_q(1) = 2 $$\n", [D, D, P]),
    ("$$ g_1(x) = 2x $$\n\n$$ g_2(x) = 3x $$\n\n$$ g_2(1) = 3 $$\n", [D, D, P]),
])
def test_a_component_of_a_call_is_its_last_argument(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a matrix used to align rows eqnarray-style (Q &=& H W_q): each row a statement
    ("$$\n\\begin{matrix}\nQ &=& 2x,\\\\\nK &=& 3x\\\\\n\\end{matrix}\n$$\n\n$$ Q + K = 5x $$\n", [D, D, P]),
    # a case's word in a column of its own (0 & \text{for} & i - j \le -k), and \text{others.} for otherwise
    ("```posenc\nassume i, j integer\nassume k integer positive\n```\n\n$$\n\\delta(i,j) =\n\\begin{cases}\n"
     "0 & \\text{for} & i-j\\leqslant-k\\\\\n2k-1 & \\text{for} & i-j\\geqslant k\\\\\ni-j+k &\\text{others.} &\\\\\n"
     "\\end{cases}\n$$\n\n$$ \\delta(3, 3) = k $$\n\n$$ \\delta(5, 1) = 2k - 1 $$\n",
     [D, "condition", "condition", P, R]),  # δ(i, i) = k (neither condition holds); δ(5, 1) = 10 ≠ 11 at k = 6
])
def test_layouts_of_lecture_notes(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("row", "status"), [
    # Attention, nowhere defined, of a matrix: a value of unknown shape, the same for the same argument
    ("\\text{Attention}(PX) = P \\cdot \\text{Attention}(X)", U),
    ("\\text{Attention}(X) = \\text{Attention}(X)", P),
    ("\\text{Attention}(X + X) = 2 \\text{Attention}(X)", U),
])
def test_an_undefined_function_of_a_matrix(tmp_path: Path, row: str, status: str) -> None:
    text = ("$$ X = \\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}, \\quad P = \\begin{bmatrix} 0 & 1 \\\\ 1 & 0 "
            f"\\end{{bmatrix}} $$\n\n$$ {row} $$\n")
    rows, conventions = links_of(tmp_path, text)
    assert rows[-1][1] == status
    assert any("of a matrix, which the text does not define" in c for c in conventions)
    if status == U:
        assert rows[-1][2].startswith("Attention is not defined")


@pytest.mark.parametrize(("text", "statuses"), [
    ("$$ y = \\text{stop-gradient}(x) $$\n", [D]),
    ("$$ 1 + 1 = 2 \\checkmark $$\n", [P]),
    ("$$ 1 + 1 = 3 \\checkmark $$\n", [R]),  # a tick is ink: the slip is refuted all the same
    # near-miss: a sign after a space inside \text is no hyphen: the formula is not read (y defined, opaque)
    ("$$ y = \\text{i -j} $$\n", [D]),
])
def test_hyphenated_names_and_ticks(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses
    assert ("cannot be read" in rows[0][2] or "cannot read" in rows[0][2]) == ("i -j" in text)


@pytest.mark.parametrize(("value", "status"), [
    # A's entries are rounded to 4 places: A·(1, 1) = 0.5065 + 0.1863 + 0.3072 = 1.0000 exactly; the text's 0.9999
    # (from the unrounded A) is one unit off, within the two units such a sum of rounded data may gather
    ("0.9999", "approximate"),
    ("1.0001", "approximate"),
    # three units off is no rounding of this sum: refuted
    ("0.9997", R),
])
def test_a_value_computed_from_rounded_data(tmp_path: Path, value: str, status: str) -> None:
    text = ("$$ A = \\begin{bmatrix} 0.5065 & 0.1863 & 0.3072 \\end{bmatrix} $$\n\n"
            f"$$ A \\begin{{bmatrix}} 1 \\\\ 1 \\\\ 1 \\end{{bmatrix}} = \\begin{{bmatrix}} {value} \\end{{bmatrix}} $$\n")
    rows, _ = links_of(tmp_path, text)
    assert rows[-1][1] == status


@pytest.mark.parametrize(("text", "statuses"), [
    # pos, the position, beside an o and an s of the text: the name pos, never p·o·s
    ("$$ o = 1 $$\n\n$$ s = 2 $$\n\n$$ g(pos) = 2 pos $$\n\n$$ g(pos + 1) = g(pos) + 2 $$\n", [D, D, D, P]),
    # an expectation over named variables: an operator of its own per subscript, read, never decided beyond identity
    ("$$ \\mathbb{E}_{q,k}[q + k] = \\mathbb{E}_{q}[q] + \\mathbb{E}_{k}[k] $$\n", [U]),
    ("$$ \\mathbb{E}_{q}[q] = \\mathbb{E}_{q}[q] $$\n", [P]),
    # an accent inside a bold name: the bold k̃ is k̃
    ("$$ \\boldsymbol{\\tilde k} = 2 \\tilde{k} - \\tilde k $$\n", [P]),
    # "so the score splits into four terms:" before a new name: a claim about the score, not a definition
    ("Q and K split, so the attention score splits into four terms:\n\n$$ \\tilde{A}_{i, j} = Q_i K_j + Q_i R_j $$\n",
     [U]),
    # near-misses: "Thus the encoding is:" and "so we define" keep the definition
    ("Thus the positional encoding is:\n\n$$ P_{t} = \\sin(t) $$\n", [D]),
    ("The score splits into two terms, so we define\n\n$$ \\tilde{A}_{i, j} = Q_i K_j + Q_i R_j $$\n", [D]),
])
def test_more_readings_of_lecture_notes(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a prime written as a superscript is the prime
    ("$$ \\mathbf{q}_{i}^{\\prime} = 2 \\mathbf{q}_{i} $$\n\n$$ \\mathbf{q}_{i}^{\\prime} - \\mathbf{q}_{i} = "
     "\\mathbf{q}_{i} $$\n", [D, P]),
    ("```posenc\nassume x real\n```\n\n$$ f(x) = x^2 $$\n\n$$ f^{\\prime}(x) = 2x $$\n\n$$ f^\\prime(x) = 3x $$\n",
     [D, P, R]),
])
def test_primes_written_as_superscripts(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a red team's false proofs. A matrix space is no real domain: (A + B)^2 = A^2 + 2AB + B^2 fails for
    # A = [[0, 1], [0, 0]], B = [[0, 0], [1, 0]] (BA - AB ≠ 0); a real t keeps its reading
    ("Let $A, B \\in \\mathbb{R}^{2 \\times 2}$.\n\n$$ (A + B)^2 = A^2 + 2AB + B^2 $$\n\nLet $t \\in \\mathbb{R}$.\n\n"
     "$$ (t+1)^2 = t^2 + 2t + 1 $$\n", [U, P]),
    # a width in words is a setting of the width: d = 5 is odd, so no row needing an even d is proven ((-1)^5 = -1)
    ("Consider a 5-dimensional encoding $x \\in \\mathbb{R}^d$.\n\n$$ (-1)^d = 1 $$\n\n$$ \\sin(\\pi d / 2) = 0 $$\n",
     [U, U]),
    # near-miss: an even width in words keeps the convention
    ("Consider a 4-dimensional encoding $x \\in \\mathbb{R}^d$.\n\n$$ (-1)^d = 1 $$\n", [P]),
    # a vector set "for example" is an example, never the name's new formula for the sections after it
    ("Let $q = (q_1, q_2)^\\top$ be a query.\n\nFor example\n$$ q = (1, 0)^\\top $$\n\n## General queries\n\n"
     "$$ \\|q\\| = 1 $$\n", ["condition", U]),
])
def test_red_team_false_proofs(tmp_path: Path, text: str, statuses: list[str]) -> None:
    rows, _ = links_of(tmp_path, text)
    assert [r[1] for r in rows] == statuses


@pytest.mark.parametrize(("text", "last"), [
    # a red team's lost refutations: nothing to solve in 2 + 2 = 5, whatever the words before it say
    ("The constant must satisfy\n$$ 2 + 2 = 5 $$\n", R),
    # Ax - Ax is 0 whatever the rounded data: 0.0002 is no rounding of it
    ("$$ A = \\begin{bmatrix} 0.5065 & 0.8623 \\end{bmatrix}, \\quad x = \\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix} $$\n\n"
     "$$ A x - A x = \\begin{bmatrix} 0.0002 \\end{bmatrix} $$\n", R),
    # π is never defined by a formula beside it: ∫_0^1 2x dx = 1 ≠ π
    ("$$ \\int_0^{1} 2x\\,dx = \\pi $$\n", R),
])
def test_red_team_lost_refutations(tmp_path: Path, text: str, last: str) -> None:
    rows, _ = links_of(tmp_path, text)
    assert rows[-1][1] == last
