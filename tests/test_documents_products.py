r"""Products as notes write them: ``\cdot`` between two rotated vectors, and a name before a parenthesis.

A RoPE derivation (held-out Chinese notes, kept outside the project) writes the dot product of two rotated
pairs as ``R(m\theta) q \cdot R(n\theta) k``: the rotations apply first, ``\cdot`` is the dot product of the
two columns, and the expansion that follows multiplies ``q_1 k_1 (\cos m\theta \cos n\theta + …)``, the name
k_1 before a parenthesis being a factor (the text writes k_1 as a value elsewhere), not a function.

Verdicts worked out by hand: with R(x) the rotation by x, (R(t)u)·(R(s)w) = uᵀR(s - t)w
= (ac + bd)cos(t - s) + (ad - bc)sin(t - s) for u = (a, b), w = (c, d); the slip bc - ad changes the sign of
the sine term, false at a = c = d = 1, b = 0, t = π/2, s = 0 (left side 1·0 + 0 + … : lhs − rhs = −2·sin(π/2)).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import links_of

P, R, U = "proven", "refuted", "unknown"
REALS = "```posenc\nassume a, b, c, d, s, t real\n```\n\n"
ROTATED = (r"\begin{pmatrix} \cos t & -\sin t \\ \sin t & \cos t \end{pmatrix} \begin{pmatrix} a \\ b \end{pmatrix} "
           r"\cdot \begin{pmatrix} \cos s & -\sin s \\ \sin s & \cos s \end{pmatrix} \begin{pmatrix} c \\ d "
           r"\end{pmatrix}")
DOT = "read \\cdot between two column vectors as the dot product aᵀb"


@pytest.mark.parametrize(("row", "status"), [
    (r"\begin{pmatrix} a \\ b \end{pmatrix} \cdot \begin{pmatrix} c \\ d \end{pmatrix} = ac + bd", P),
    (rf"{ROTATED} = (ac + bd)\cos(t-s) + (ad - bc)\sin(t-s)", P),
    (rf"{ROTATED} = (ac + bd)\cos(t-s) + (bc - ad)\sin(t-s)", R),
    (r"\begin{pmatrix} a \\ b \end{pmatrix} \cdot \begin{pmatrix} c \\ d \end{pmatrix} = ad + bc", R),
])
def test_cdot_between_two_columns_is_their_dot_product(tmp_path: Path, row: str, status: str) -> None:
    [(_, found, _)], conventions = links_of(tmp_path, f"{REALS}$$ {row} $$\n")
    assert found == status
    assert DOT in conventions


@pytest.mark.parametrize("row", [
    # columns of two sizes: no dot product, and no product at all
    r"\begin{pmatrix} a \\ b \end{pmatrix} \cdot \begin{pmatrix} a \\ b \\ c \end{pmatrix} = a^2 + b^2",
])
def test_cdot_between_columns_of_two_sizes_is_not_read(tmp_path: Path, row: str) -> None:
    [(_, found, note)], _ = links_of(tmp_path, f"{REALS}$$ {row} $$\n")
    assert found == U
    assert "(2, 1) and (3, 1) cannot be multiplied" in note


def test_cdot_after_a_row_vector_stays_a_matrix_product(tmp_path: Path) -> None:
    """(a, b)ᵀ turned into a row by \\top times a column is the matrix product: no dot-product convention."""
    row = r"\begin{pmatrix} a \\ b \end{pmatrix}^\top \cdot \begin{pmatrix} c \\ d \end{pmatrix} = ac + bd"
    [(_, found, _)], conventions = links_of(tmp_path, f"{REALS}$$ {row} $$\n")
    assert found == P
    assert DOT not in conventions


def test_a_name_written_as_a_value_is_a_factor_before_a_parenthesis(tmp_path: Path) -> None:
    """k_1 \\cos x elsewhere in the text: k_1 (x + y) is k_1·(x + y), and the expansion is proven for every
    value of the names (they are undefined: the row holds whatever they are)."""
    text = (r"$$ 2 k_1 \cos x = k_1 \cos x + k_1 \cos x $$" "\n\n"
            r"$$ q_1 k_1 (\cos x + \sin x) = q_1 k_1 \cos x + q_1 k_1 \sin x $$" "\n")
    found, conventions = links_of(tmp_path, text)
    assert [status for _, status, _ in found] == [P, P]
    assert not any("as a function applied" in c for c in conventions)


def test_a_name_never_written_as_a_value_is_still_a_function(tmp_path: Path) -> None:
    """g only ever before a parenthesis: g(x + y) is g applied, and distributing it proves nothing."""
    text = r"$$ g(x + y) \cdot 2 = 2 g(x + y) $$" "\n\n" r"$$ g(x + y) = g(x) + g(y) $$" "\n"
    found, conventions = links_of(tmp_path, text)
    assert [status for _, status, _ in found] == [P, U]
    assert any("read g(…)" in c and "as a function applied" in c for c in conventions)


def test_a_name_applied_to_two_arguments_stays_a_function_where_it_is_also_bare(tmp_path: Path) -> None:
    """f(q, m) is a function whatever else the text writes: f before (x + y) is f applied too."""
    text = (r"$$ f(q, m) \cdot 1 = f(q, m) $$" "\n\n" r"$$ \langle f, f \rangle = \langle f, f \rangle $$" "\n\n"
            r"$$ f(x + y) = f x + f y $$" "\n")
    found, _ = links_of(tmp_path, text)
    assert found[-1][1] == U


@pytest.mark.parametrize(("row", "status"), [
    # an equation number typed by hand after a wide space (a thesis's "+ b_{i,j} \qquad (8)") labels the row:
    # it is neither a second formula nor an argument of the name before it
    (r"2 b_{i,j} = b_{i,j} + b_{i,j} \qquad (8)", P),
    (r"x + x = 2 x \quad (3.1)", P),
    (r"x + x = 3 x \qquad (8)", U),  # x undefined: never refuted, but read
])
def test_an_equation_number_typed_by_hand_is_a_label(tmp_path: Path, row: str, status: str) -> None:
    [(_, found, note)], _ = links_of(tmp_path, f"$b_{{i,j}}$ is a bias.\n\n$$ {row} $$\n")
    assert found == status
    assert "wide space" not in note
