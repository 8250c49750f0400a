"""Scripts that index a name as real notes write them (issue 23): a superscript that lists (RoFormer's
``R_d^{\\Theta,m}``), a subscript that is a set of letters (``f_{\\{q,k\\}}``, "f_q or f_k"), a subscript that is a
formula with a parenthesized factor (``R_{(n-m)\\theta}``), and a Greek letter under a name the text defines as a
parameter (``\\mathbf{R}_\\phi = …`` then ``\\mathbf{R}_{-\\phi}``, ``\\mathbf{R}_{a+b}``).

The expected verdicts are worked out by hand: R_φ is the rotation by φ, so R_φ^T = R_{-φ} and R_a R_b = R_{a+b}
hold for every angle; R_a R_b = R_{a-b} fails at a = b = 1 (R_2 is not the identity).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import report_of

P, R, U, D = "proven", "refuted", "unknown", "definition"

ROTATION = ("Work with $\\mathbf{R}_\\phi = \\begin{bmatrix}\\cos\\phi & -\\sin\\phi\\\\ \\sin\\phi & \\cos\\phi"
            "\\end{bmatrix}$, the rotation by $\\phi$.\n\n")


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    """(line, status) of every link; a display that cannot be read, (its line, unknown) and its reason."""
    return [(link.line, link.status) for display in report_of(tmp_path, text).displays
            for link in (display.links or [display])]


def _reasons(tmp_path: Path, text: str) -> list[str]:
    return [display.reason or "" for display in report_of(tmp_path, text).displays if not display.links]


@pytest.mark.parametrize(("text", "links"), [
    # the text's R at -φ and at a + b: claims about R, decided (never "defines R_{-φ}")
    (ROTATION + "$$\\mathbf{R}_\\phi^\\top = \\mathbf{R}_{-\\phi}, \\qquad \\mathbf{R}_a\\mathbf{R}_b = "
                "\\mathbf{R}_{a+b}$$\n", [(3, P), (3, P)]),
    # slips: the sign of the sum, the transpose dropped
    (ROTATION + "$$\\mathbf{R}_a\\mathbf{R}_b = \\mathbf{R}_{a-b}$$\n", [(3, R)]),
    (ROTATION + "$$\\mathbf{R}_{2a} = \\mathbf{R}_a \\mathbf{R}_a^\\top$$\n", [(3, R)]),
    # a parenthesized factor inside the subscript: one formula, R at (n - m)θ
    (ROTATION + "```posenc\nassume m, n integer\nassume \\theta real\n```\n"
                "$$\\mathbf{R}_{m\\theta}^\\top \\mathbf{R}_{n\\theta} = \\mathbf{R}_{(n-m)\\theta}$$\n", [(7, P)]),
    (ROTATION + "```posenc\nassume m, n integer\nassume \\theta real\n```\n"
                "$$\\mathbf{R}_{m\\theta}^\\top \\mathbf{R}_{n\\theta} = \\mathbf{R}_{(m-n)\\theta}$$\n", [(7, R)]),
])
def test_a_subscript_under_a_defined_rotation_is_its_angle(tmp_path: Path, text: str,
                                                          links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize("text", [
    # RoFormer's eq. (14), as notes write it: the superscript lists (Θ, m), it is no power
    "```posenc\nassume m, n integer\n```\n$$(R_d^{\\Theta,m})^{\\top}R_d^{\\Theta,n} = R_d^{\\Theta, n-m}$$\n",
    "```posenc\nassume m integer\n```\n$$q_m = R^{\\Theta,m} W_q x_m$$\n",
])
def test_a_superscript_that_lists_is_read_as_an_index(tmp_path: Path, text: str) -> None:
    # read, not decided: R is not defined in these rows, so nothing can be claimed of it
    assert [status for _, status in _links(tmp_path, text)] in (["unknown"], ["definition"])
    assert all("power" not in reason and "expected" not in reason for reason in _reasons(tmp_path, text))


def test_a_subscript_set_of_letters_names_either() -> None:
    from posenc_sym.documents.name_forms import name_form
    form = name_form("f_{\\{q,k\\}}(x_m, m)")
    assert form is not None and form.head == "f_q_or_k" and form.arguments == ("x_m", "m")
    assert name_form("f_{\\{q+k\\}}(x_m, m)") is None or name_form("f_{\\{q+k\\}}(x_m, m)").head != "f_q_or_k"


def test_roformer_definition_with_a_set_subscript_defines(tmp_path: Path) -> None:
    text = "```posenc\nassume m integer\n```\n$$f_{\\{q,k\\}}(x_m,m) = R_{\\Theta,m}^{d}W_{\\{q,k\\}}x_m$$\n"
    assert _links(tmp_path, text) == [(4, D)]


def test_a_text_space_between_a_function_and_its_argument(tmp_path: Path) -> None:
    text = "```posenc\nassume j, \\theta real\n```\n$$\\cos \\enspace j\\theta = \\cos(j\\theta)$$\n"
    assert _links(tmp_path, text) == [(4, P)]


@pytest.mark.parametrize(("text", "links"), [
    # Markdown's escaped row end (\\\\ for \\) in a matrix: one row end, as the page shows it; the identity is read
    ("$$\\begin{pmatrix} 1 & 0 \\\\\\\\ 0 & 1 \\end{pmatrix} \\begin{pmatrix} 2 \\\\\\\\ 3 \\end{pmatrix} = "
     "\\begin{pmatrix} 2 \\\\\\\\ 3 \\end{pmatrix}$$\n", [(1, P)]),
    ("$$\\begin{pmatrix} 1 & 0 \\\\\\\\ 0 & 1 \\end{pmatrix} \\begin{pmatrix} 2 \\\\\\\\ 3 \\end{pmatrix} = "
     "\\begin{pmatrix} 3 \\\\\\\\ 2 \\end{pmatrix}$$\n", [(1, R)]),
    # a thousands separator: a group of three digits led by 0 is no number written alone
    ("```posenc\nassume d even positive\n```\n$$10,000^{-2/d} = 10000^{-2/d}$$\n", [(4, P)]),
    ("```posenc\nassume d even positive\n```\n$$10,000^{-2/d} = 1000^{-2/d}$$\n", [(4, R)]),
])
def test_typed_conventions_of_markdown_math(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


def test_a_list_of_numbers_stays_a_list() -> None:
    from posenc_sym.notation.read_tokens import tokenize
    assert [t.text for t in tokenize("(1, 2)")] == ["(", "1", ",", "2", ")"]
    assert [t.text for t in tokenize("(10,25)")] == ["(", "10", ",", "25", ")"]
    assert [t.text for t in tokenize("1,000,000")] == ["1000000"]
