r"""An ``array`` inside delimiters is a matrix (or, after ``\left\{``, cases); around a whole display it only lays out.

Mathpix and Zhihu export matrices as ``\left(\begin{array}{cc} … \end{array}\right)``; the rows' layout wrapper
was once blanked inside them too, leaving cells with ``&`` that no reader takes ("a column break"). The truth of
each row is worked by hand: the rotation by π/4 takes (1, 0) to (cos π/4, sin π/4) = (√2/2, √2/2); the transpose
of [[1, 2], [3, 4]] is [[1, 3], [2, 4]], which differs from it at row 1, column 2; f = 1 for x > 0 and 0 for
x ≤ 0 gives f(2) = 1 and f(-1) = 0 ≠ 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import links_of

P, R, U = "proven", "refuted", "unknown"
_ROTATION = (r"\left(\begin{array}{cc}\cos \frac{\pi}{4} & -\sin \frac{\pi}{4} \\ \sin \frac{\pi}{4} & "
             r"\cos \frac{\pi}{4}\end{array}\right)\left(\begin{array}{l}1 \\ 0\end{array}\right)")


@pytest.mark.parametrize(("row", "status"), [
    (_ROTATION + r"=\left(\begin{array}{c}\sqrt{2} / 2 \\ \sqrt{2} / 2\end{array}\right)", P),
    (_ROTATION + r"=\left(\begin{array}{c}\sqrt{2} / 2 \\ -\sqrt{2} / 2\end{array}\right)", R),
    (r"\left[\begin{array}{cc} 1 & 2 \\ 3 & 4 \end{array}\right]^T = \left[\begin{array}{cc} 1 & 3 \\ 2 & 4 "
     r"\end{array}\right]", P),
    (r"\left(\begin{array}{cc} 1 & 2 \\ 3 & 4 \end{array}\right) = \left(\begin{array}{cc} 1 & 3 \\ 2 & 4 "
     r"\end{array}\right)", R),
])
def test_an_array_in_parentheses_or_brackets_is_a_matrix(tmp_path: Path, row: str, status: str) -> None:
    found, _ = links_of(tmp_path, f"$$\n{row}\n$$\n")
    assert [s for _, s, _ in found] == [status]


def test_an_array_around_a_chain_lays_it_out_and_the_arrays_inside_are_matrices(tmp_path: Path) -> None:
    text = ("$$\n\\begin{array}{l} \\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}\\right]^T "
            "\\\\ = \\left[\\begin{array}{cc} 1 & 3 \\\\ 2 & 4 \\end{array}\\right] \\\\ = "
            "\\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}\\right] \\end{array}\n$$\n")
    found, _ = links_of(tmp_path, text)
    assert [s for _, s, _ in found] == [P, R]


def test_an_array_after_a_brace_is_cases(tmp_path: Path) -> None:
    text = ("```posenc\nassume x real\n```\n\n$$\nf(x) = \\left\\{\\begin{array}{ll} 1 & x > 0 \\\\ 0 & x \\le 0 "
            "\\end{array}\\right.\n$$\n\n$$ f(2) = 1 $$\n\n$$ f(-1) = 1 $$\n")
    found, _ = links_of(tmp_path, text)
    assert [s for _, s, _ in found if s != "condition"] == ["definition", P, R]


def test_an_augmented_matrix_is_refused(tmp_path: Path) -> None:
    found, _ = links_of(tmp_path, "$$\n\\left(\\begin{array}{c|c} 1 & 2 \\\\ 3 & 4 \\end{array}\\right) = I\n$$\n")
    assert found == [(2, U, "an array with a rule between its columns ({c|c}) is an augmented matrix, not read; write "
                             "the matrix as a pmatrix")]
