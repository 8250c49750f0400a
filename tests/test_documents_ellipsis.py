r"""Vectors and block-diagonal matrices written with ellipses (issue 23, brief S): read by their pattern.

Real sources: Su Jianlin's RoPE post (tests/documents/real/su-jianlin_rope-8265.md, a mirror of
spaces.ac.cn/archives/8265): its d×d rotation written with ``\cdots``, ``\vdots``, ``\ddots`` (lines 67-76) and
the columns of its element-wise form (lines 80-86) are taken from the file as written; openppl's
``Q=[q_0, q_1, \cdots, …]`` (tests/documents/real/openppl_rotary-position-embedding.md). Each expected status was
worked out by hand: (R_m)^T R_n = R_{n-m} holds for every width (each 2×2 block is a rotation by m θ_i), and
R_{m-n} does not (at d = 4, m = 0, n = -1 the first entries differ by sin 1 + … ≠ 0). The near-misses are
where the pattern must not be read, each refused with its whole message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

P, R, U, D = "proven", "refuted", "unknown", "definition"
REAL = Path(__file__).parent / "documents" / "real"


def _su_display(first: int, last: int) -> str:
    """Lines ``first``..``last`` (1-based) of Su Jianlin's post, as written."""
    return "\n".join((REAL / "su-jianlin_rope-8265.md").read_text(encoding="utf-8").splitlines()[first - 1:last])


def _su_matrix() -> str:
    text = _su_display(67, 76)
    return text[text.index(r"\begin{pmatrix}"):text.index(r"\end{pmatrix}") + len(r"\end{pmatrix}")]


def _su_columns() -> list[str]:
    text = _su_display(80, 86)
    out, at = [], 0
    while (start := text.find(r"\begin{pmatrix}", at)) >= 0:
        at = text.index(r"\end{pmatrix}", start) + len(r"\end{pmatrix}")
        out.append(text[start:at])
    return out


def _links(tmp_path: Path, text: str) -> list[tuple[int, str, str]]:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    assert not report.problems
    return [(link.line, link.status, link.note) for display in report.displays for link in display.links]


def _reasons(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    return [display.reason for display in check_document(path).displays]


ROPE = "Let $\\theta_i = 10000^{-2i/d}$.\n\n$$ R_m = " + "{matrix}" + " $$\n\n"


@pytest.mark.parametrize(("claims", "expected"), [
    ("$$ R_m^{\\top} R_n = R_{n-m} $$\n", P),
    ("$$ R_m^{\\top} R_n = R_{m-n} $$\n", R),
    ("$$ R_m R_n = R_{m+n} $$\n", P),
    ("$$ R_m R_n = R_{m-n} $$\n", R),
])
def test_the_rotation_of_a_real_post_is_read_and_decided_blockwise(tmp_path: Path, claims: str, expected: str) -> None:
    text = ROPE.replace("{matrix}", _su_matrix()) + claims
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    definition, claim = report.displays[0], report.displays[-1]
    assert [(link.status, link.note) for link in definition.links] == [(D, "defines R_m")]
    assert claim.status == expected
    if expected == P:
        assert any("block by block" in (link.verdict.method or "") for link in claim.links if link.verdict)


@pytest.mark.parametrize("which", [0, 1, 2, 3])
def test_the_columns_of_a_real_post_are_read(tmp_path: Path, which: int) -> None:
    """q_0 … q_{d-1}; cos mθ_0 twice, …; -q_1, q_0, …, -q_{d-1}, q_{d-2} (blocks of two); sin mθ_0 twice, …"""
    column = _su_columns()[which]
    assert _links(tmp_path, f"$$ v = {column} $$\n") == [(1, D, "defines v")]


@pytest.mark.parametrize(("text", "note"), [
    ("$$ y = (x_0, x_1, \\ldots, x_{d-1}) $$\n", "defines y"),
    ("$$ \\boldsymbol{r}_j = [s_{j,1}, s_{j,2}, \\cdots, s_{j,d}] $$\n", "defines \\boldsymbol{r}_j"),
    ("$$ z = \\begin{pmatrix} q_0 \\\\ q_1 \\\\ \\vdots \\\\ q_{d-1} \\end{pmatrix} $$\n", "defines z"),
    ("$$ u = (x_1, \\ldots, x_4) $$\n", "defines u"),
])
def test_vectors_by_pattern_are_definitions(tmp_path: Path, text: str, note: str) -> None:
    assert _links(tmp_path, text) == [(1, D, note)]


def test_a_concrete_width_is_instantiated(tmp_path: Path) -> None:
    text = "$$ (x_1, x_2, \\ldots, x_4) (x_1, x_2, \\ldots, x_4)^\\top = x_1^2 + x_2^2 + x_3^2 + x_4^2 $$\n"
    assert [s for _, s, _ in _links(tmp_path, text)] == [P]
    slipped = "$$ (x_1, x_2, \\ldots, x_4) (x_1, x_2, \\ldots, x_4)^\\top = x_1^2 + x_2^2 + x_3^2 $$\n"
    assert [s for _, s, _ in _links(tmp_path, slipped)] != [P]


ROW = ("0 & 0 & \\cos m\\theta_2 & -\\sin m\\theta_2 & \\cdots & 0 & 0 \\\\ "
       "0 & 0 & \\sin m\\theta_2 & \\cos m\\theta_2 & \\cdots & 0 & 0 \\\\ ")


def _rotation(second_block: str = ROW, last_row: str = "0 & 0") -> str:
    return ("\\begin{pmatrix}\\cos m\\theta_1 & -\\sin m\\theta_1 & 0 & 0 & \\cdots & 0 & 0 \\\\ "
            "\\sin m\\theta_1 & \\cos m\\theta_1 & 0 & 0 & \\cdots & 0 & 0 \\\\ " + second_block +
            "\\vdots & \\vdots & \\vdots & \\vdots & \\ddots & \\vdots & \\vdots \\\\ "
            "0 & 0 & 0 & 0 & \\cdots & \\cos m\\theta_{d/2} & -\\sin m\\theta_{d/2} \\\\ " + last_row +
            " & 0 & 0 & \\cdots & \\sin m\\theta_{d/2} & \\cos m\\theta_{d/2} \\end{pmatrix}")


REPEATED = ("\\sin m\\theta_2 & \\cos", "\\cos m\\theta_2 & -\\sin")
SIGN = ("-\\sin m\\theta_2", "\\sin m\\theta_2")
UNSTATED = "an ellipsis leaves terms unstated: "
LIST = "an ellipsis (\\ldots) leaves terms unstated: "
LIST_FIX = "; write entries that show one pattern (x_1, x_2, \\ldots, x_d), or state the claim per entry"


@pytest.mark.parametrize(("text", "reason"), [
    # a copy slip: the second block's second row repeats its first
    ("$$ " + _rotation(ROW.replace(REPEATED[0], REPEATED[1])) + " = 0 $$",
     "row 4, column 3: \\cos m\\theta_2 does not follow the pattern of the first and last entries, which gives "
     "\\sin m\\theta_2 there; correct the entry"),
    # a sign lost in the second block
    ("$$ " + _rotation(ROW.replace(SIGN[0], SIGN[1])) + " = 0 $$",
     "row 3, column 4: \\sin m\\theta_2 does not follow the pattern of the first and last entries, which gives "
     "-\\sin m\\theta_2 there; correct the entry"),
    # a non-zero entry outside the blocks
    ("$$ " + _rotation(last_row="0 & 1") + " = 0 $$",
     UNSTATED + "row 7, column 2: 1 where the block-diagonal pattern of the first and last blocks gives 0; write "
     "blocks that show one pattern, or state the claim per block"),
    # the last block's first row repeats its second (a copy slip there): first and last blocks differ
    ("$$ " + _rotation().replace("\\cos m\\theta_{d/2} & -\\sin m\\theta_{d/2}",
                                 "\\sin m\\theta_{d/2} & \\cos m\\theta_{d/2}") + " = 0 $$",
     UNSTATED + "\\cos m\\theta_1 and \\sin m\\theta_{d/2} are not one formula with other subscripts; write "
     "blocks that show one pattern, or state the claim per block"),
    # blocks that are names nobody defines: numbers or blocks?
    ("$$ \\begin{bmatrix} M_1 & & \\\\ & \\ddots & \\\\ & & M_{d/2} \\end{bmatrix} = 0 $$",
     "M is not defined in the text: M_1 may be a number or a block; define it (M_k = \\begin{pmatrix}…), or "
     "write the zeros"),
    # an index that does not step by one
    ("$$ (x_0, x_2, \\ldots, x_{d-1}) = 0 $$",
     LIST + "from x_0 to x_2 a subscript steps by 2, not by one" + LIST_FIX),
    # a written entry against the pattern
    ("$$ (x_0, x_1, x_3, \\ldots, x_{d-1}) = 0 $$",
     "entry 3: x_3 does not follow the pattern of the first and last entries, which gives x_2 there; correct the "
     "entry"),
    # entries of two names
    ("$$ (x_0, y_1, \\ldots, x_{d-1}) = 0 $$",
     "entry 2: y_1 does not follow the pattern of the first and last entries, which gives x_1 there; correct the "
     "entry"),
    # entries all alike: how many?
    ("$$ (x_1, x_1, \\ldots, x_1) = 0 $$",
     LIST + "the first and the last entries are alike, so the ellipsis does not say how many there are" + LIST_FIX),
    # more entries written than the pattern has
    ("$$ (x_1, x_2, x_3, \\ldots, x_2) = 0 $$",
     "the pattern of x_1 … x_2 has 2 entries, fewer than the 4 written"),
    # an ellipsis in a sum of one name repeated stays refused as before
    ("$$ t + \\cdots + t = 0 $$",
     "an ellipsis (\\cdots) leaves terms unstated; state the claim per entry, per block, or as a sum"),
])
def test_what_is_not_one_pattern_is_refused(tmp_path: Path, text: str, reason: str) -> None:
    assert _reasons(tmp_path, text + "\n") == ["cannot be read: " + reason]
