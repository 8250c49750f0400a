"""Suppositions, implications, coordinates introduced, and the readable parts of rows real notes write (issue 23).

Each expected verdict was worked out by hand before the code ran. (a+b)^2 = a^2 + 2ab + b^2 holds for all real a, b;
(a+b)^2 = a^2 + b^2 fails at a = b = 1 (4 ≠ 2); cos a = cos b fails at a = 0, b = 1; x^2 + y^2 = r^2 holds for x =
r cos A, y = r sin A (cos² + sin² = 1) and fails for free x, y (x = y = 1, r = 0). A row joined to another by ⇒ may
hold only under it (λ^{d/2} = k ⇒ λ = k^{2/d} holds for positive λ, k, though neither side holds alone): such a row
is proven or unknown, never refuted. So is a display after a sentence that supposes what it works from ("Assume, for
a contradiction, …"); a property of a name ("Suppose $d$ is odd") is applied instead, and a refutation under it
stands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import report_of

P, R, U, D, C = "proven", "refuted", "unknown", "definition", "condition"
HEAD = "```posenc\nassume a, b, x, y, r, A real\nassume k, \\lambda positive\nassume d even positive\n```\n\n"


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    return [(link.line, link.status) for display in report_of(tmp_path, text).displays for link in display.links]


def _statuses(tmp_path: Path, text: str) -> list[str]:
    return [display.status for display in report_of(tmp_path, text).displays]


@pytest.mark.parametrize(("text", "links"), [
    # ⇒ joins a premise and what follows from it: neither refuted alone (both were)
    (HEAD + "$$ \\lambda^{d/2} = k \\Rightarrow \\lambda = k^{2/d} $$\n", [(7, U), (7, C)]),
    (HEAD + "$$\n\\begin{aligned}\nx &= 1 \\\\\n\\implies x^2 &= 1\n\\end{aligned}\n$$\n", [(9, C), (10, U)]),
    (HEAD + "$$ a \\cos x = a \\cos y \\Longrightarrow \\cos x = \\cos y $$\n", [(7, U), (7, C)]),
    # what holds alone is proven still
    (HEAD + "$$ (a+b)^2 = a^2 + 2ab + b^2 \\Rightarrow (a+b)^2 \\ge 0 $$\n", [(7, P), (7, P)]),
    # near-miss: \therefore claims what follows it
    (HEAD + "$$ a = a \\therefore (a+b)^2 = a^2 + b^2 $$\n", [(7, P), (7, R)]),
])
def test_an_implication_claims_each_side_only_under_the_other(tmp_path: Path, text: str,
                                                              links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "statuses"), [
    (HEAD + "Assume, for a contradiction, that two angles $a$ and $b$ have the same cosine:\n\n"
            "$$ \\cos a = \\cos(a + b) $$\n", [U]),
    (HEAD + "Assume two different angles $a$ and $b$ give the same point.\n\n$$ \\cos a = \\cos(a + b) $$\n", [U]),
    (HEAD + "Assume two different angles $a$ and $b$ give the same point. The angles are real.\n\n"
            "$$ \\cos a = \\cos(a + b) $$\n", [U]),
    # near-misses: no supposition; a property the reader applies; a posenc block's "assume" is no prose
    (HEAD + "Two different angles $a$ and $b$ give the same point.\n\n$$ \\cos a = \\cos(a + b) $$\n", [R]),
    ("Suppose $d$ is an odd number of channels.\n\n$$ \\cos(\\pi d) = 1 $$\n", [R]),
    (HEAD + "$$ \\cos a = \\cos(a + b) $$\n", [R]),
])
def test_a_display_after_a_supposition_is_not_refuted_without_it(tmp_path: Path, text: str,
                                                                  statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


POLAR = "$$ \\begin{bmatrix} x \\\\ y \\end{bmatrix} = \\begin{bmatrix} r\\cos A \\\\ r\\sin A \\end{bmatrix} $$\n\n"


@pytest.mark.parametrize(("text", "links"), [
    # declared coordinates first written as a column: introduced there, and used after (it was refuted)
    (HEAD + POLAR + "$$ x^2 + y^2 = r^2 $$\n", [(7, D), (9, P)]),
    # plain-text notes: rcosA is r cos A (it was refused as r·cos·A or rcos·A)
    (HEAD + POLAR.replace("r\\cos A", "rcosA").replace("r\\sin A", "rsinA") + "$$ x^2 + y^2 = r^2 $$\n",
     [(7, D), (9, P)]),
    # near-misses: written before; one name alone; after an arrow; without the column, x and y stay free
    (HEAD + "$$ x^2 + y^2 = r^2 $$\n\n" + POLAR, [(7, R), (9, R)]),
    (HEAD + "$$ x = r \\cos A $$\n", [(7, C)]),  # one free name set to a formula in others: related, not decided
    (HEAD + "$$ a = b \\Rightarrow \\begin{bmatrix} x \\\\ y \\end{bmatrix} = \\begin{bmatrix} r\\cos A \\\\ "
            "r\\sin A \\end{bmatrix} $$\n\n$$ x^2 + y^2 = r^2 $$\n", [(7, C), (7, U), (9, R)]),
])
def test_coordinates_first_written_as_a_column_are_introduced(tmp_path: Path, text: str,
                                                              links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    # a chain whose member cannot be read: the links after it are read (2·1 = 2), the row stays unknown
    (HEAD + "$$ a = \\nabla x = 2 \\cdot 1 = 2 $$\n", [(7, P)]),
    (HEAD + "$$ \\lambda_0 = \\nabla x = 2 \\cdot 1 = 2 $$\n", [(7, D), (7, P)]),
    (HEAD + "$$ \\nabla x + a = (a+b)^2 = a^2 + b^2 $$\n", [(7, R)]),
    # near-miss: nothing after the unread member, nothing read (a clause before the rest: chain_parts' doctests)
    (HEAD + "$$ a + b = \\nabla x $$\n", []),
    # a component of a vector written by a subscript on its name in parentheses; a formula's stays unread
    (HEAD + "$$ (\\mathbf{p}_a)_1 + (\\mathbf{p}_a)_2 = (\\mathbf{p}_a)_2 + (\\mathbf{p}_a)_1 $$\n", [(7, P)]),
    (HEAD + "$$ (\\mathbf{p}_a)_1 = (\\mathbf{p}_a)_2 $$\n", [(7, U)]),
    (HEAD + "$$ (a + b)_1 = 1 $$\n", []),
    # a trailing \forall over names only is ink; over a range, a condition, and the row is not read
    (HEAD + "$$ (a+b)^2 = a^2 + b^2 \\quad \\forall a, b $$\n", [(7, R)]),
    (HEAD + "$$ (a+b)^2 = a^2 + b^2 \\quad \\forall a > 0 $$\n", []),
    # a caption citing the identity a step uses, with its formula: ink; one that states a condition is kept
    (HEAD + "$$ (a+b)^2 = a^2 + 2ab + b^2 \\quad \\text{(by the identity } (a+b)^2 = (a+b)(a+b) \\text{)} $$\n",
     [(7, P)]),
    (HEAD + "$$ (a+b)^2 = a^2 + b^2 \\quad \\text{(if } ab = 0 \\text{)} $$\n", []),
    # a backslash that ends a display is TeX's control space
    (HEAD + "$$\n(a+b)^2 = a^2 + 2ab + b^2\n\\\n$$\n", [(8, P)]),
])
def test_the_readable_parts_of_a_row(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


def test_the_last_member_of_a_chain_after_an_unread_one_is_said_and_the_row_is_unknown(tmp_path: Path) -> None:
    (display,) = report_of(tmp_path, HEAD + "$$ a = \\nabla x = 2 \\cdot 1 = 2 $$\n").displays
    assert display.status == U
    assert "gradient" in display.read.unreadable


@pytest.mark.parametrize(("row", "status"), [
    # i beside a logarithm is the index (the log-space 10000^{-2i/d}); a slip there is refuted
    ("10000^{2i/d} = \\exp\\left(\\frac{2i}{d} \\log 10000\\right)", P),
    ("10000^{2i/d} = \\exp\\left(\\frac{2i}{d} \\log 1000\\right)", R),
])
def test_an_index_i_beside_a_logarithm_in_an_exponential(tmp_path: Path, row: str, status: str) -> None:
    # (a bare i with no logarithm stays refused: test_documents_names, the sections' index i)
    text = "```posenc\nassume i integer nonnegative\nassume d even positive\n```\n\n$$ " + row + " $$\n"
    assert _links(tmp_path, text) == [(6, status)]


@pytest.mark.parametrize(("text", "links"), [
    # a definition whose formula SymPy cannot build (max of a vector) still introduces its name (it failed the row)
    ("$$ \\mathrm{FFN}(\\mathbf{z}) = \\max(0, \\mathbf{z} W_1 + \\mathbf{b}_1) W_2 + \\mathbf{b}_2 $$\n", [(1, D)]),
    ("$$ a + \\max(0, \\mathbf{z} W_1) = 1 $$\n", []),
    # ℝ^{d×N} after a product of matrices is a shape, stated (it was refused as "not real"); a complex value in ℝ is not
    (HEAD + "$$ \\mathbf{Q} = \\mathbf{W} \\mathbf{X} + \\mathbf{b} \\mathbf{1}^T \\in \\mathbb{R}^{d \\times d} $$\n",
     [(7, D)]),
    (HEAD + "$$ a + b = 3 + \\mathrm{i} \\in \\mathbb{R} $$\n", []),
])
def test_definitions_and_spaces_sympy_cannot_check(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


def test_a_shape_after_a_product_of_matrices_leaves_the_definition_read(tmp_path: Path) -> None:
    text = HEAD + "$$ \\mathbf{Q} = \\mathbf{W} \\mathbf{X} + \\mathbf{b} \\mathbf{1}^T \\in \\mathbb{R}^{d \\times d} $$\n"
    (display,) = report_of(tmp_path, text).displays
    assert [link.note for link in display.links] == ["defines \\mathbf{Q}"]


@pytest.mark.parametrize(("text", "links"), [
    # align's columns come in pairs: the second '&' sets two statements side by side (it was refused)
    (HEAD + "\\begin{align*}\n(a+b)^2 &= a^2 + 2ab + b^2 \\qquad && (a+b)^2 = a^2 + b^2 \\\\\n"
            "(a-b)^2 &= a^2 - 2ab + b^2\n\\end{align*}\n", [(8, P), (8, R), (9, P)]),
    (HEAD + "\\begin{align}\n0 &= 0 & (a+b)^2 &= a^2 + b^2\n\\end{align}\n", [(8, P), (8, R)]),
    # near-misses: eqnarray's a &=& b is one statement; a part with no relation keeps the row whole (not read)
    (HEAD + "\\begin{eqnarray}\n(a+b)^2 &=& a^2 + 2ab + b^2\n\\end{eqnarray}\n", [(8, P)]),
    (HEAD + "\\begin{align}\n0 &= 0 & a & 0\n\\end{align}\n", []),
])
def test_statements_side_by_side_in_align_columns(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


# ox-hugo's Markdown: the math escaped for the Markdown processor, which undoes the escapes before MathJax reads it
ESCAPED = ("Given the position \\\\(pos\\\\):\n\n\\begin{align\\*}\nPE\\_{a} &= (a+b)^2\\\\\\\\\n"
           "PE\\_{a} &= a^2 + 2ab + b^2\n\\end{align\\*}\n\n\\\\[\n(a+b)^2 = a^2 + b^2\n\\\\]\n")


def test_math_escaped_for_markdown_is_read_as_mathjax_reads_it(tmp_path: Path) -> None:
    assert _links(tmp_path, HEAD + ESCAPED) == [(10, D), (11, P), (15, R)]


def test_a_page_that_escapes_nothing_keeps_its_backslashes(tmp_path: Path) -> None:
    # \\ ends a row, \_ is what the writer typed: without escapes around its math, nothing is undone
    text = HEAD + "$$\n\\begin{aligned}\n(a+b)^2 &= a^2 + 2ab + b^2 \\\\\n(a-b)^2 &= a^2 - 2ab + b^2\n\\end{aligned}\n$$\n"
    assert _links(tmp_path, text) == [(9, P), (10, P)]


@pytest.mark.parametrize(("row", "status"), [
    # plain-text sin α · cos β: a product of two values, as with \sin\alpha \cdot \cos\beta (it was refused)
    ("sin(a+b)=sina \\cdot cosb + cosa \\cdot sinb", P),
    ("sin(a+b)=sin a \\cdot cos b - cos a \\cdot sin b", R),
    # near-miss: before a name, \sin x \cdot y may be sin(x·y): still refused
    ("\\sin x \\cdot y = y \\sin x", None),
])
def test_a_function_without_parentheses_before_a_product_of_functions(tmp_path: Path, row: str,
                                                                      status: str | None) -> None:
    assert _links(tmp_path, HEAD + "$$ " + row + " $$\n") == ([(7, status)] if status else [])


@pytest.mark.parametrize(("text", "links"), [
    # a declared name nothing gives a value, set to or bounded by a formula in other names: a setting or a supposition
    # ("Note $$d = h \times k$$", "with $$L' > L$$ we have"), stated, not decided (both were refuted)
    ("```posenc\nassume d, h, k integer positive\n```\n\nNote $$ d = h \\times k$$ and more.\n", [(5, C)]),
    ("```posenc\nassume L, L' integer positive\n```\n\nWith $$L' > L$$ we have\n", [(5, C)]),
    # near-misses: a bound by a number in a display of its own, a formula in the name itself, and a name the text
    # defines are claims (a bound inside a line of words is supposed: test_what_the_text_supposes)
    ("```posenc\nassume d integer positive\n```\n\n$$ d > 0 $$\n\n$$ d < d + 1 $$\n\n$$ d \\le 1 $$\n",
     [(5, P), (7, P), (9, R)]),
    ("```posenc\nassume h integer positive\n```\n\n$$ a = 2h $$\n\n$$ a - h = 2h $$\n", [(5, D), (7, R)]),
    # a bold name beside entries the text defines is their matrix: the row is a claim about it, never a definition
    ("$$ A'_{(n,m)} = q_n k_m $$\n\n$$ \\textbf{A}' = q_n $$\n", [(1, D), (3, U)]),
    ("$$ \\textbf{B} = q_n $$\n", [(1, D)]),
])
def test_a_free_name_related_to_others_is_stated(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    # \newline ends a row, as \\ does (the rows were refused: an unknown macro)
    (HEAD + "$$\n\\begin{aligned}\n(a+b)^2 &= a^2 + 2ab + b^2 \\newline\n(a+b)^2 &= a^2 + b^2\n\\end{aligned}\n$$\n",
     [(9, P), (10, R)]),
    # a name in the text's own words (\text{点积}) is read, as \text{score} is; it was refused
    (HEAD + "$$ \\text{点积} + a = a + \\text{点积} $$\n", [(7, P)]),
    # words with a name inline between two steps still connect them ($\theta$ is a name, not math)
    (HEAD + "$$ (a+b)^2 = (a+b)(a+b) $$\n\n提取公因式 $a$，即可直接化简为：\n\n$$ = a^2 + 2ab + b^2 $$\n",
     [(7, P), (11, P)]),
    # near-miss: a formula inline is math of its own: the display after it is no step
    (HEAD + "$$ (a+b)^2 = (a+b)(a+b) $$\n\nSince $a = b$, we get:\n\n$$ = a^2 + 2ab + b^2 $$\n", [(7, P)]),
])
def test_rows_and_steps_as_notes_write_them(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    # a declared s > 0 bounded by a number its declaration does not imply: supposed ("a constant $$s<1$$"), not
    # refuted; one it implies is proven
    ("```posenc\nassume s > 0\n```\n\nScale positions by a constant $$s<1$$ now.\n", [(5, U)]),
    ("```posenc\nassume s > 0\n```\n\nScale positions by a constant $$s>0$$ now.\n", [(5, P)]),
    # what the text supposes holds for the rows after it: L/L' < 1 is not refuted at L = L' (it was)
    ("```posenc\nassume L, L' positive\n```\n\nA larger window $$L' > L$$, and $$\\frac{L}{L'} < 1$$.\n",
     [(5, C), (5, U)]),
    # near-miss: a refutation at a point where the supposition holds stands (L/L' < 1/2 fails at L' = 3L/2)
    ("```posenc\nassume L, L' positive\n```\n\nA larger window $$L' > L$$, and $$\\frac{L}{L'} < \\frac{1}{2}$$.\n",
     [(5, C), (5, R)]),
    # a formula in one free declared name set to a formula in others: set, as a name is (it was refuted)
    ("```posenc\nassume t, s positive\n```\n\n$$\\sqrt{\\frac{1}{t}} = 0.1 \\ln(s) + 1$$\n", [(5, C)]),
    # "Any periodic function can be represented as": a claim about every f, not a definition of one
    ("Any periodic function can be represented as a sum:\n\n$$ f(x) = a_0 + a_1 \\cos x $$\n", [(3, U)]),
    ("We define the function:\n\n$$ f(x) = a_0 + a_1 \\cos x $$\n", [(3, D)]),
])
def test_what_the_text_supposes(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("words", "status"), [("Any periodic function can be represented as a sum:", U),
                                               ("We define the function:", D)])
def test_words_that_quantify_over_functions_in_a_notebook_cell(tmp_path: Path, words: str, status: str) -> None:
    import json

    cell = {"cell_type": "markdown", "metadata": {}, "source": [f"{words}\n", "$$ f(x) = a_0 + a_1 \\cos x $$\n"]}
    text = json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)
    (display,) = report_of(tmp_path, text, "notes.ipynb").displays
    assert [link.status for link in display.links] == [status]


@pytest.mark.parametrize(("text", "links"), [
    # a system \left\{\begin{aligned} … \end{aligned}\right. with a \tag after it: its rows (it was refused at '&')
    (HEAD + "$$\n\\left\\{\\begin{aligned}&(a+b)^2 = a^2 + 2ab + b^2\\\\\n&(a+b)^2 = a^2 + b^2\n"
            "\\end{aligned}\\right.\\tag{1}\n$$\n", [(8, P), (9, R)]),
    # colour is ink: \color{…} and \textcolor{…}{…} (the row was refused: an unknown macro)
    (HEAD + "$$ (a+b)^2 = a^2 + \\color{green}{2ab} + b^2 $$\n", [(7, P)]),
    (HEAD + "$$ (a+b)^2 = a^2 + \\textcolor{red}{2ab} + b^2 $$\n", [(7, P)]),
    (HEAD + "$$ (a+b)^2 = a^2 + {\\color{red} 3ab} + b^2 $$\n", [(7, R)]),
])
def test_systems_and_colour(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


def test_a_subscript_with_a_name_that_may_be_a_vector_is_a_value_not_given(tmp_path: Path) -> None:
    # k is bold elsewhere (a key vector), so PE_{(pos+k, 2i)} may not be in the definition's domain: the row is read
    # and left undecided (it was refused: "matches no definition"); a definition's own form is still evaluated
    text = ("$$ PE_{(pos, 2i)} = \\sin(pos / 10000^{2i/d}) $$\n\n$$ PE_{(pos+k, 2i)} = \\sin(pos + k) $$\n\n"
            "$$ PE_{(pos, 2i)} = \\sin(pos / 10000^{2i/d}) + 0 $$\n\n$$ \\boldsymbol{k}_n = f(n) $$\n")
    assert _links(tmp_path, text)[:3] == [(1, D), (3, U), (5, P)]


def test_a_vector_of_its_own_is_named_as_written(tmp_path: Path) -> None:
    # PE with one subscript beside the text's PE_{pos, 2i} is a vector of its own: the message names it \vec{PE},
    # never the reader's internal PEvec
    text = "$$ PE_{pos, 2i} = \\sin(pos) $$\n\n$$ 2 PE_{pos} = \\cos(p) $$\n"
    later = report_of(tmp_path, text).displays[1]
    assert later.links[0].status == U
    assert later.links[0].note.startswith("\\vec{PE}, p are not defined")


@pytest.mark.parametrize(("text", "links"), [
    # Θ_g written before inside e^{iΘ_g(q, k, m-n)}: a row equal to Θ_g(q, j, m-n) is about it, no definition of it
    ("$$ f(q,m) f(k,n) = R e^{i\\Theta_g(q,k,m-n)} $$\n\n$$ \\Theta_f(q,m)-\\Theta_f(k,n)=\\Theta_g(q,j,m-n) $$\n",
     [(1, U), (3, U)]),
    # near-miss: a name no formula wrote before is introduced by the row (RoFormer's ⟨f_q, f_k⟩ = g(…))
    ("$$ \\Theta_f(q,m)-\\Theta_f(k,n)=\\Theta_g(q,k,m-n) $$\n", [(1, D)]),
])
def test_a_function_written_before_is_not_introduced_again(tmp_path: Path, text: str,
                                                           links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    # typesetting that places a formula without changing it (the rows were refused: unknown macros, an environment
    # closed by another): \smash, \underset's formula, a phantom, a shape under a matrix's bracket
    (HEAD + "$$ \\sqrt{\\smash[b]{a^2}} = |a| $$\n", [(7, P)]),
    (HEAD + "$$ \\underset{\\text{two}}{(a+b)^2} = a^2 + 2ab + b^2 \\phantom{+ 1} $$\n", [(7, P)]),
    (HEAD + "$$ \\left[\\begin{matrix} a + b \\end{matrix}\\right]_{1 \\times 1} = \\left[\\begin{matrix} b + a "
            "\\end{matrix}\\right]_{1 \\times 1} $$\n", [(7, P)]),
    # near-miss: a subscript under a bracket that is no shape stays, and is refused as before
    (HEAD + "$$ \\left[ a \\right]_{k} = a $$\n", []),
])
def test_typesetting_that_places_a_formula(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    # a name that may be a matrix beside a matrix written out: as a number it commutes with it, as a matrix it need
    # not (W = [[1, 0], [0, 0]], θ = π/2): never proven (it was, a false proven found by a held-out set's builder);
    # read as a 2×2 matrix of unknown entries, a row that holds for every matrix (and so for a number) is proven
    ("```posenc\nassume \\theta real\nlet R(x) = \\begin{pmatrix} \\cos x & \\sin x \\\\ -\\sin x & \\cos x "
     "\\end{pmatrix}\n```\n\nLet $W$ be a $2 \\times 2$ matrix.\n\n$$ W R(\\theta) = R(\\theta) W $$\n", [(8, U)]),
    ("```posenc\nassume \\theta real\nlet R(x) = \\begin{pmatrix} \\cos x & \\sin x \\\\ -\\sin x & \\cos x "
     "\\end{pmatrix}\n```\n\n$$ 2 W R(\\theta) = W R(\\theta) + W R(\\theta) $$\n", [(6, P)]),
    # near-misses: declared a number, it commutes (proven); a column of its names multiplies as a column
    ("```posenc\nassume \\theta, w real\nlet R(x) = \\begin{pmatrix} \\cos x & \\sin x \\\\ -\\sin x & \\cos x "
     "\\end{pmatrix}\n```\n\n$$ w R(\\theta) = R(\\theta) w $$\n", [(6, P)]),
])
def test_a_name_that_may_be_a_matrix_beside_a_matrix(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("row", "status"), [
    # products of names that may be matrices beside a matrix: each a square matrix of unknown entries
    ("2 K W R(\\theta) = K W R(\\theta) + K W R(\\theta)", P),
    ("K W R(\\theta) = W K R(\\theta)", U),
    ("(K + W) R(\\theta) = K R(\\theta) + W R(\\theta)", P),
    ("W^T R(\\theta) + W R(\\theta) = (W + W^T) R(\\theta)", P),
    # near-miss: a name after a column may be a row (an outer product) or a number: not read
    ("\\begin{pmatrix} 1 \\\\ 0 \\end{pmatrix} K = K \\begin{pmatrix} 1 \\\\ 0 \\end{pmatrix}", None),
])
def test_products_of_names_beside_a_matrix(tmp_path: Path, row: str, status: str | None) -> None:
    text = ("```posenc\nassume \\theta real\nlet R(x) = \\begin{pmatrix} \\cos x & \\sin x \\\\ -\\sin x & \\cos x "
            "\\end{pmatrix}\n```\n\n$$ " + row + " $$\n")
    assert _links(tmp_path, text) == ([(6, status)] if status else [])


@pytest.mark.parametrize(("text", "links"), [
    # a function applied on both sides with as many arguments: an equation it must satisfy, no definition (a
    # primed \text{f}' was read as a definition once a name before a tuple was no longer a number)
    ("$$ \\text{f}'(x,m)=\\text{f}'(x,\\frac{mL}{L'}) $$\n", [(1, U)]),
    # near-miss: f of three arguments defined by f of two is a definition
    ("$$ f(q, m) = q e^{\\mathrm{i} m} $$\n\n$$ f(q, m, j) = f(q, m) e^{\\mathrm{i} j} $$\n", [(1, D), (3, D)]),
])
def test_a_function_on_both_sides_is_no_definition(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links
