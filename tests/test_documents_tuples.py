"""Tuples written for vectors (issue 23): ``(x_1, x_2)^\\top``, ``R_m (x_1, x_2)``, ``q = (q_0, q_1)`` then ``\\langle q,
k \\rangle``; and the near-misses where a tuple is no vector (a pair, an interval, a point, a call's arguments).

The verdicts were worked out by hand: the rotation by mθ of (x_1, x_2) is (x_1 cos mθ − x_2 sin mθ, x_1 sin mθ +
x_2 cos mθ), so a + before x_2 sin mθ is false in entry 1 (at x_2 ≠ 0, sin mθ ≠ 0); the row (a, b) times that
rotation is (a cos mθ + b sin mθ, −a sin mθ + b cos mθ); ⟨(q_0, q_1), (k_0, k_1)⟩ = q_0 k_0 + q_1 k_1; (a, b)ᵀ =
(b, a)ᵀ fails at a ≠ b.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.report import display_lines

from .document_links import links_of, report_of

P, R, U, D = "proven", "refuted", "unknown", "definition"

DECLARED = "```posenc\nassume m, \\theta, x_1, x_2, a, b real\n```\n\n"
ROTATION = ("$$R_m = \\begin{pmatrix} \\cos m\\theta & -\\sin m\\theta \\\\ \\sin m\\theta & \\cos m\\theta "
            "\\end{pmatrix}$$\n\n")
ROTATED = "(x_1\\cos m\\theta - x_2 \\sin m\\theta, x_1 \\sin m\\theta + x_2\\cos m\\theta)"
SLIPPED = "(x_1\\cos m\\theta + x_2 \\sin m\\theta, x_1 \\sin m\\theta + x_2\\cos m\\theta)"
TUPLE_AS_VECTOR = ("read (a, b, …) as a column vector where a vector is meant: transposed ((a, b)^\\top), beside a "
                   "matrix it multiplies (a row on the matrix's left), in ⟨a, b⟩, or equated with or added to a "
                   "vector of its length, or defining a name")


def _not_meant(shown: str) -> str:
    return (f"a tuple {shown} is read as a vector only where a vector is meant (transposed, beside a matrix it "
            "multiplies, in ⟨a, b⟩, equated with a vector of its length, or defining a name); here it may as well be "
            f"a point, a pair or an interval, so it is not read; write it transposed, {shown}^\\top, for a column "
            "vector")


@pytest.mark.parametrize(("text", "rows"), [
    # transposed: a column, whatever the other side
    (DECLARED + "$$(x_1, x_2)^T = \\begin{pmatrix} x_1 \\\\ x_2 \\end{pmatrix}$$\n", [(5, P, "")]),
    (DECLARED + "$$(x_1, x_2)^\\top = \\begin{pmatrix} x_2 \\\\ x_1 \\end{pmatrix}$$\n", [(5, R, "")]),
    # a factor of a matrix product: the rotation, right and with a sign slipped in one entry
    (DECLARED + ROTATION + f"$$R_m (x_1, x_2)^\\top = {ROTATED}^\\top$$\n", [(5, D, "defines R_m"), (7, P, "")]),
    (DECLARED + ROTATION + f"$$R_m (x_1, x_2)^\\top = {SLIPPED}^\\top$$\n", [(5, D, "defines R_m"), (7, R, "")]),
    # ... untransposed on both sides: the product makes the left one a column, the column the right one
    (DECLARED + ROTATION + f"$$R_m (x_1, x_2) = {ROTATED}$$\n", [(5, D, "defines R_m"), (7, P, "")]),
    # ... on the matrix's left: a row, and the other side a row too
    (DECLARED + ROTATION + "$$(a, b) R_m = (a\\cos m\\theta + b \\sin m\\theta, -a\\sin m\\theta + b\\cos m\\theta)$$\n",
     [(5, D, "defines R_m"), (7, P, "")]),
    (DECLARED + ROTATION + "$$(a, b) R_m = (a\\cos m\\theta - b \\sin m\\theta, a\\sin m\\theta + b\\cos m\\theta)$$\n",
     [(5, D, "defines R_m"), (7, R, "")]),
    # defining a name by its components, then the inner product of two of them
    ("$$q = (q_0, q_1)$$\n\n$$k = (k_0, k_1)$$\n\n$$\\langle q, k \\rangle = q_0 k_0 + q_1 k_1$$\n",
     [(1, D, "defines q"), (3, D, "defines k"), (5, P, "")]),
    ("$$q = (q_0, q_1)$$\n\n$$k = (k_0, k_1)$$\n\n$$\\langle q, k \\rangle = q_0 k_1 + q_1 k_0$$\n",
     [(1, D, "defines q"), (3, D, "defines k"), (5, U, "k, q are not defined in the text (or declared): the row is "
                                                       "not decided from values they do not have")]),
    # sums and multiples of tuples stay tuples until a vector is meant
    (DECLARED + "$$2 (a, b)^T = (2a, 2b)^T$$\n", [(5, P, "")]),
    (DECLARED + "$$(a, b)^T + (b, a)^T = (a + b, a + b)^T$$\n", [(5, P, "")]),
    (DECLARED + "$$(a, b)^T = (b, a)^T$$\n", [(5, R, "")]),
    # a pair equated with a pair of its length: entry by entry, as points, pairs and vectors are equal alike;
    # (a, b) = (b, a) fails at a ≠ b; a worked example's rotation by 30° (30^\circ is π/6), mapped by \to
    (DECLARED + "$$(a, b) = (b, a)$$\n", [(5, R, "")]),
    (DECLARED + "$$(a + b, b) = (b + a, b)$$\n", [(5, P, "")]),
    ("$$(1, 0) \\to (\\cos 30^\\circ, \\sin 30^\\circ) = (\\sqrt{3}/2, 1/2)$$\n", [(1, P, "")]),
    ("$$(1, 0) \\to (\\cos 30^\\circ, \\sin 30^\\circ) = (1/2, \\sqrt{3}/2)$$\n", [(1, R, "")]),
    ("$$(1, 0) \\to (\\cos 30^\\circ, \\sin 30^\\circ) \\approx (0.866, 0.5)$$\n", [(1, "approximate", "")]),
    # near-misses: a tuple beside a tuple of another length, or beside a number, is no comparison of entries
    (DECLARED + "$$(a, b) = (a, b, 0)$$\n", [(5, U, _not_meant("(a,b)"))]),
    (DECLARED + "$$(1, 2) + 3 = 4$$\n",
     [(5, U, "a tuple plus a number has no meaning as a vector, nor as a pair; check the terms")]),
    (DECLARED + "$$(a, b) < (a, b + 1)$$\n",
     [(5, U, "an order between tuples ((a, b) < (c, d)) is lexicographic to some and entrywise to others, and a "
             "tuple is no number; not read: compare the entries")]),
    # a tuple beside a complex number identifies R² with C: refused, that reason named
    ("```posenc\nassume m, \\theta, x_1, x_2 real\n```\n\n$$(x_1, x_2) e^{\\mathrm{i} m\\theta} = (x_1, x_2)$$\n",
     [(5, U, "a tuple times a complex number identifies ℝ² with ℂ ((x, y) as x + iy), which is not read; write the "
             "complex number x + \\mathrm{i} y, or the rotation as a matrix")]),
    # the arguments of a call, and a pair passed as one of them
    (DECLARED + "$$f(a, b) = a + b$$\n", [(5, D, "defines f(a, b)")]),
    (DECLARED + "$$g(a, (a, b)) = a$$\n",
     [(5, U, "the tuple (a,b) is one argument of g: a pair or a point passed to it, not read; write it transposed, "
             "(a,b)^\\top, if it is a vector")]),
    # an interval after \in, and a notation's subscript
    # an interval after \\in stays an interval: its two bounds are conditions the text states (0 < x, x < 1)
    ("$$x \\in (0, 1)$$\n\n$$PE_{(pos, 2i)} = \\sin(pos / 10000^{2i/d})$$\n",
     [(1, "condition", ""), (1, "condition", ""), (3, D, "defines PE_{(pos, 2i)}")]),
])
def test_tuples_read_as_vectors_only_where_meant(tmp_path: Path, text: str, rows: list[tuple[int, str, str]]) -> None:
    found, _ = links_of(tmp_path, text)
    assert found == rows


def test_the_convention_is_said_once_with_its_line(tmp_path: Path) -> None:
    text = DECLARED + "$$(a, b)^T = (a, b)^T$$\n\n$$(b, a)^T = (b, a)^T$$\n"
    _, conventions = links_of(tmp_path, text)
    assert conventions == [TUPLE_AS_VECTOR]


@pytest.mark.parametrize(("text", "counterexample"), [
    # the slip is in the first entry: the report names it, as the author counts (from 1)
    (DECLARED + ROTATION + f"$$R_m (x_1, x_2)^\\top = {SLIPPED}^\\top$$\n", ", at entry 1  (lhs - rhs = "),
    (DECLARED + "$$(a, b)^\\top = (a, a + 1)^\\top$$\n", ", at entry 2  (lhs - rhs = "),
    (DECLARED + "$$\\begin{pmatrix} a & b \\\\ a & b \\end{pmatrix} = \\begin{pmatrix} a & b \\\\ a & a + 1 "
                "\\end{pmatrix}$$\n", ", at row 2, column 2  (lhs - rhs = "),
])
def test_a_refuted_vector_row_names_its_entry(tmp_path: Path, text: str, counterexample: str) -> None:
    report = report_of(tmp_path, text)
    shown = [line for display in report.displays for line in display_lines("notes.md", display)
             if "counterexample:" in line]
    assert len(shown) == 1 and counterexample in shown[0]


REALS = "```posenc\nassume a, b real\n```\n\n"


@pytest.mark.parametrize(("text", "rows"), [
    # negated orders of reals: not less is ≥, not ≤ is >, not ≥ is <, not greater is ≤ (decided both ways)
    (REALS + "$$a^2 + 1 \\nless 2a$$\n", [(5, P, "")]),
    (REALS + "$$a^2 \\nless a^2 + 1$$\n", [(5, R, "")]),
    (REALS + "$$a^2 + 1 \\nleq a^2$$\n", [(5, P, "")]),
    (REALS + "$$a^2 \\ngeq a^2 + 1$$\n", [(5, P, "")]),
    (REALS + "$$2a \\ngtr a^2 + 1$$\n", [(5, P, "")]),
    (REALS + "$$a^2 + 2 \\ngtr a^2 + 1$$\n", [(5, R, "")]),
    # relations not decided: the display comes back unknown, the relation named (before, it vanished)
    (REALS + "$$a \\asymp b$$\n", [(5, U, "\\asymp (asymptotic equivalence) is a relation posenc-sym does not decide")]),
    (REALS + "$$a \\mid b$$\n", [(5, U, "\\mid (divides) is a relation posenc-sym does not decide")]),
    (REALS + "$$a \\lll b$$\n", [(5, U, "\\lll (very much less than) is a relation posenc-sym does not decide")]),
    (REALS + "$$a \\perp b$$\n", [(5, U, "\\perp (perpendicular to) is a relation posenc-sym does not decide")]),
    (REALS + "$$a \\notin b$$\n", [(5, U, "\\notin (not an element of) is a relation posenc-sym does not decide")]),
])
def test_every_relation_comes_back(tmp_path: Path, text: str, rows: list[tuple[int, str, str]]) -> None:
    found, _ = links_of(tmp_path, text)
    assert found == rows
