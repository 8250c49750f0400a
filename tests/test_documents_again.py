"""A name defined again in another form (``PE_{(pos, 2i)} = …`` after ``PE(pos, i) = \\begin{cases}…``) is compared
with the definition in force at the new form's parameters: a finding where they differ, none where they agree.

A notebook's "Nice representation" rows gave PE_{(pos,2i)} = sin(pos/10000^{2i/d}) after its own cases
PE(pos, i) = sin(pos/10000^{2i/d}) for even i: at the even index 2i those cases give sin(pos/10000^{4i/d}), which
differs (i = 1, d = 4, pos = 1: sin(10^-4) against sin(10^-2)); they were reported as fresh definitions. Cases written
with the index as the width's exponent, sin(pos/10000^{i/d}) for even i and cos(pos/10000^{(i-1)/d}) for odd i, agree
with both parts at 2i and 2i + 1: no finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.screen import differs_somewhere

from .document_links import report_of

_CASES = ("$$PE(pos,i) = \\begin{{cases}} \\sin\\left(\\frac{{pos}}{{10000^{{{even}/d_{{model}}}}}}\\right) & "
          "\\text{{for even }} i \\\\ \\cos\\left(\\frac{{pos}}{{10000^{{{odd}/d_{{model}}}}}}\\right) & \\text{{for odd }} i"
          " \\end{{cases}}$$\n\n")
_PARTS = ("$$PE_{(pos, 2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$\n\n"
          "$$PE_{(pos, 2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$\n")


@pytest.mark.parametrize(("even", "odd", "findings"), [
    ("2i", "2i", [(3, "PE_{(pos, 2i)} is defined again, differently from line 1; the rows after this line use this "
                      "definition"),
                  (5, "PE_{(pos, 2i+1)} is defined again, differently from line 1; the rows after this line use this "
                      "definition")]),
    ("i", "(i-1)", []),
])
def test_a_definition_in_another_form_is_compared(tmp_path: Path, even: str, odd: str,
                                                  findings: list[tuple[int, str]]) -> None:
    path = tmp_path / "notes.md"
    path.write_text(_CASES.format(even=even, odd=odd) + _PARTS, encoding="utf-8")
    report = check_document(path)
    assert [d.status for d in report.displays] == ["definition"] * 3
    assert [f for d in report.displays for f in d.read.findings] == findings


def test_a_small_real_difference_is_shown() -> None:
    # cos(pos/10000^{2(2i+1)/d}) - cos(pos/10000^{2i/d}) at d = 2, i = 3 is about 1e-24: below an absolute 1e-20,
    # far above the rounding of 50 digits
    i = sympy.Symbol("i", integer=True, nonnegative=True)
    pos = sympy.Symbol("pos", real=True)
    d = sympy.Symbol("d_model", even=True, positive=True)
    assert differs_somewhere(sympy.cos(pos / 10000**(2 * (2 * i + 1) / d)) - sympy.cos(pos / 10000**(2 * i / d)))
    assert not differs_somewhere(sympy.cos(pos / 10000**(2 * i / d))**2 + sympy.sin(pos / 10000**(2 * i / d))**2 - 1)


def test_a_definition_read_before_a_name_it_uses_is_compared_with_that_name_put_in(tmp_path: Path) -> None:
    # A notebook wrote PE = sin(pos ω_i), then ω_i = 1/10000^{i/d}, then PE = sin(pos/10000^{i/d}) in one display:
    # the third row is the first with ω_i put in (the same formula), not a definition "shown different"; it is a claim
    # about PE, whose registered formula still holds ω free: not decided (never refuted)
    path = tmp_path / "notes.md"
    path.write_text("$$\nPE_{(pos, i)} = \\sin\\left(pos \\cdot \\omega_i\\right) \\\\\n"
                    "\\omega_i = \\frac{1}{10000^{i/d_{model}}} \\\\\n"
                    "PE_{(pos, i)} = \\sin\\left(\\frac{pos}{10000^{i/d_{model}}}\\right)$$\n", encoding="utf-8")
    [display] = check_document(path).displays
    assert display.read.findings == ()
    assert [link.status for link in display.links] == ["definition", "definition", "unknown"]


def test_a_function_at_a_point_given_in_decimals_is_no_definition(tmp_path: Path) -> None:
    # A Chinese RoPE walk-through ended with RoPE(q) = [-0.4161, 0.9093, -0.02, 0.9998], the rounded result of the
    # rows above: read as "defines RoPE(q)" (a function of q with a constant value); it is a worked value, a claim
    path = tmp_path / "notes.md"
    path.write_text("$$\\text{RoPE}(\\mathbf{q}) = [-0.4161,\\ 0.9093,\\ -0.02,\\ 0.9998]$$\n", encoding="utf-8")
    [display] = check_document(path).displays
    assert [link.status for link in display.links] == ["unknown"]


@pytest.mark.parametrize(("text", "finding"), [
    # in terms of other names the text does not define, the second form may well be the first (a complex number
    # rotated, then the rotation matrix times the pair): no finding; the names it has are undefined anyway
    ("$$ f_q(x_m, m) = (W_q x_m) e^{\\mathrm{i} m \\theta} $$\n\n$$ f_q(x_m, m) = R_m q $$\n", False),
    # the same undefined name on both sides: a difference that no value of it removes everywhere is a finding
    ("$$ g(t) = a t $$\n\n$$ g(t) = a t + 1 $$\n", True),
])
def test_a_definition_in_other_undefined_terms_is_not_shown_different(tmp_path: Path, text: str,
                                                                       finding: bool) -> None:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    assert bool([f for d in report.displays for f in d.read.findings]) == finding


def test_a_definition_again_in_a_form_not_read_leaves_later_rows_undecided(tmp_path: Path) -> None:
    # "Equivalently, ω_i = e^{-9.21 i/d}" (a slip: 2i/d) cannot be read (i in an exponential); the row
    # after it was proven from the first form, though the report said rows that use ω are not decided
    text = ("Denote $\\omega_i = 10000^{-2i/d}$. Equivalently,\n\n$$ \\omega_i = e^{-9.21 i/d} $$\n\n"
            "Then\n\n$$ \\omega_1 = 10000^{-2/d} $$\n")
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    again, later = check_document(path).displays
    assert again.links[0].note.startswith("defines \\omega_i again, in a form that cannot be read (line 1 defines")
    assert later.status == "unknown"


def test_a_definition_again_in_log_space_is_read_and_its_slip_found(tmp_path: Path) -> None:
    # exp(-(i/d) ln 10000): an i beside a logarithm is the index (the log-space 10000^{-2i/d}), so the slip, i/d for
    # 2i/d, is shown: ω_1 = 10000^{-1/d}, not 10000^{-2/d}
    text = ("Denote $\\omega_i = 10000^{-2i/d}$. Equivalently,\n\n$$ \\omega_i = \\exp\\left(-\\frac{i}{d}\\ln 10000"
            "\\right) $$\n")
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    (again,) = check_document(path).displays
    assert again.links[0].note == "defines \\omega_i again, differently from line 1"
    assert [f for f in again.read.findings]


_BLOCK = ("$$\\mathbf{{M_{sub}}} = \\begin{{bmatrix}} \\cos(\\omega_i {var}) & \\sin(\\omega_i {var}) \\\\ "
          "-\\sin(\\omega_i {var}) & \\cos(\\omega_i {var}) \\end{{bmatrix}}$$\n\n")


def test_a_subscript_the_earlier_formula_uses_for_something_else_defines_again(tmp_path: Path) -> None:
    # A blog's M_k = [[cos ω_i k, …]] (the shift by k of pair i), then "M_i is the rotation matrix of pair i":
    # M_i = [[cos ω_i p, …]]. Read as M_k at k = i it was refuted (cos(ω_i i) against cos(ω_i p)); the text gives M
    # a new meaning, whose subscript is ω_i's i: a definition again, with a finding, used by the rows after it
    # (M_1 below is the new one at i = 1, which the last row states: proven).
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume p, k real\nassume d even positive\nassume i integer\n"
                    "let \\omega_i = 10000^{-2i/d}\n```\n\n" + _BLOCK.format(sub="k", var="k")
                    + _BLOCK.format(sub="i", var="p")
                    + "$$\\mathbf{M_1} = \\begin{bmatrix} \\cos(\\omega_1 p) & \\sin(\\omega_1 p) \\\\ "
                      "-\\sin(\\omega_1 p) & \\cos(\\omega_1 p) \\end{bmatrix}$$\n", encoding="utf-8")
    report = check_document(path)
    assert [d.status for d in report.displays] == ["definition", "definition", "proven"]
    assert [f for d in report.displays for f in d.read.findings] == [
        (10, "\\mathbf{M_i} is defined again, differently from line 8; the rows after this line use this definition")]


def test_a_subscript_new_to_the_formula_is_an_instance_still(tmp_path: Path) -> None:
    # the near miss: M_n after M_k, n a name M_k's formula does not use, is M_k at k = n (here true: proven; with a
    # slip, refuted), never a second definition
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume p, k, n real\nassume d even positive\nassume i integer\n"
                    "let \\omega_i = 10000^{-2i/d}\n```\n\n" + _BLOCK.format(sub="k", var="k")
                    + _BLOCK.format(sub="n", var="n") + _BLOCK.format(sub="n", var="p"), encoding="utf-8")
    report = check_document(path)
    assert [d.status for d in report.displays] == ["definition", "proven", "refuted"]


def test_a_definition_back_to_an_earlier_form_is_no_finding(tmp_path: Path) -> None:
    # A RoPE write-up defines the score, changes it for a section (interpolation, m/k), then states the plain one
    # again: not a conflict with the text (it is line 1's formula again), said so; a third form that is neither
    # stays a finding. The rows after each use the one in force.
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume a, b, m, n real\nassume k positive\n```\n\n"
                    "$$ s(a, b) = a \\cdot b \\cdot \\cos(m - n) $$\n\n"
                    "$$ s(a, b) = a \\cdot b \\cdot \\cos(m/k - n/k) $$\n\n"
                    "$$ s(a, b) = a b \\cos(n - m) $$\n\n"
                    "$$ s(1, 1) = \\cos(m - n) $$\n\n"
                    "$$ s(a, b) = a + b $$\n", encoding="utf-8")
    report = check_document(path)
    assert [d.status for d in report.displays] == ["definition", "definition", "definition", "proven", "definition"]
    assert [f for d in report.displays for f in d.read.findings] == [
        (8, "s(a, b) is defined again, differently from line 6; the rows after this line use this definition"),
        (14, "s(a, b) is defined again, differently from line 10; the rows after this line use this definition")]
    assert report.displays[2].read.links[0].note == ("defines s(a, b) again, differently from line 8: as line 6 does "
                                                     "(not shown different from it)")


def test_a_label_that_is_a_formula_defines_nothing(tmp_path: Path) -> None:
    # \vec{p}^{(i+k)} = … after \vec{p}^{(i)} = …: the vector at i + k (here with the slip θ i + k for θ (i + k)), a
    # claim, never the definition of a new name p^(i+k) (which hid the slip as a definition); a label is a tag, not a
    # parameter, so the claim is not decided
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume \\theta, i, k real\n```\n\n"
                    "$$ p^{(i)} = \\begin{bmatrix} \\sin(\\theta i) \\\\ \\cos(\\theta i) \\end{bmatrix} $$\n\n"
                    "$$ p^{(i+k)} = \\begin{bmatrix} \\sin(\\theta i + k) \\\\ \\cos(\\theta i + k) \\end{bmatrix} $$\n",
                    encoding="utf-8")
    assert [d.status for d in check_document(path).displays] == ["definition", "unknown"]


def test_a_subscript_the_formula_uses_is_an_instance_where_the_formula_is_the_instance(tmp_path: Path) -> None:
    # a red team's near miss: M_i = [[cos ω_i i, …]] after M_k = [[cos ω_i k, …]] is M_k at k = i as written: a claim
    # (proven), and M_k is still in force for M_k M_j = M_{k+j} (proven: the rotations compose); read as a
    # redefinition, the last row was refuted
    rot = ("\\begin{{bmatrix}} \\cos(\\omega_i {v}) & -\\sin(\\omega_i {v}) \\\\ \\sin(\\omega_i {v}) & "
           "\\cos(\\omega_i {v}) \\end{{bmatrix}}")
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume k, j real\nassume d even positive\nassume i integer\n"
                    "let \\omega_i = 10000^{-2i/d}\n```\n\n"
                    f"$$ M_k = {rot.format(v='k')} $$\n\n$$ M_i = {rot.format(v='i')} $$\n\n$$ M_k M_j = M_{{k+j}} $$\n",
                    encoding="utf-8")
    assert [d.status for d in check_document(path).displays] == ["definition", "proven", "proven"]


_EQUATIONS = [
    # a red team's near misses: a second formula for a defined name that is free of the definition's variables
    # says where the name takes that value (an equation to solve), never a new definition; the definition before
    # stays in force, so the row after it is decided by it (each was proven from the "new definition" before)
    ("$$ PE(pos) = \\sin\\left(\\frac{pos}{10000}\\right) $$\n\nThe encoding vanishes where\n\n$$ PE(pos) = 0 $$\n\n"
     "$$ PE(5000\\pi) = 0 $$\n", ["definition", "condition", "refuted"]),
    ("$$ g(x) = x^2 + 1 $$\n\n$$ g(x) = 2 $$\n\n$$ g(3) = 2 $$\n", ["definition", "condition", "refuted"]),
    ("Let $a_k = 2^k$. The first term is where\n\n$$ a_k = 1 $$\n\n$$ a_3 = 1 $$\n", ["condition", "refuted"]),
    # x has no convention: the definition's own variable is still a variable of both formulas (it was "not shown
    # different", then g(x) = 5 became the definition and g(3) = 5 was proven)
    ("Let $g(x) = x^2 + 1$. We look for the points where\n\n$$ g(x) = 5 $$\n\n$$ g(3) = 5 $$\n",
     ["condition", "refuted"]),
    ("$$ g(x) := x^2 + 1 \\qquad g(x) = 2 $$\n\n$$ g(3) = 2 $$\n", ["definition", "refuted"]),
    # in the prose: "where", "setting", "with" a value for a defined function is the same equation
    ("$$ PE(pos) = \\sin\\left(\\frac{pos}{10000}\\right) $$\n\nThe encoding vanishes where $PE(pos) = 0$; for "
     "example\n\n$$ PE(5000\\pi) = 0 $$\n", ["definition", "refuted"]),
    ("Let $f(t) = \\sin(t) + 1$. Setting $f(t) = 0$ and solving gives the troughs. Hence\n\n$$ f(0) = 0 $$\n",
     ["refuted"]),
    # near misses where it must not apply: a second formula that is one of the variables is a definition again
    # (a finding where shown different), and the same formula again is restated
    ("$$ g(x) = x^2 + 1 $$\n\n$$ g(x) = x + 1 $$\n\n$$ g(3) = 4 $$\n", ["definition", "definition", "proven"]),
    ("$$ g(x) = 2 $$\n\n$$ g(x) = 2 $$\n\n$$ g(3) = 2 $$\n", ["definition", "proven", "proven"]),
]


@pytest.mark.parametrize(("text", "statuses"), _EQUATIONS)
def test_a_value_for_a_defined_name_is_an_equation_not_a_definition(tmp_path: Path, text: str,
                                                                      statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a name whose formula was not read: a value at one of its subscripts is a claim about it, not decided; it was
    # taken for a definition of a_3, and a_3^2 = 16 was then proven (a_3 = 6)
    ("$$ a_k = \\oint_0^k 2 \\, dx $$\n\n$$ a_3 = 4 $$\n\n$$ a_3^2 = 16 $$\n", ["definition", "unknown", "unknown"]),
    ("$$ \\theta_i = 10000^{-2i/d} \\qquad \\theta_i = 1 $$\n\n$$ \\theta_1 = 1 $$\n", ["definition", "unknown"]),
    # where it must not apply: the odd pattern beside an even one that was not read is a definition of its own
    ("$$ PE_{(pos, 2i)} = \\oint_0^{pos} \\cos(x) \\, dx $$\n\n$$ PE_{(pos, 2i+1)} = \\cos(pos) $$\n\n"
     "$$ PE_{(0, 2i+1)} = 1 $$\n", ["definition", "definition", "proven"]),
])
def test_a_value_of_a_definition_not_read_is_not_a_definition(tmp_path: Path, text: str,
                                                                statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a held-out set's wrong verdicts: the prose gives z a formula in passing ("复数$z=a+bi$", the complex number
    # z = a + bi), so a display with another formula for z is a claim about that z (here not decided: a and b are
    # free), never z's definition (a false polar form, sin for cos, was reported as one)
    ("复数$z=a+bi$可以用模长和幅角表示：\n$$\nz=r(\\sin \\theta + i\\sin \\theta)\n$$\n", ["unknown"]),
    ("The complex number $z = a + bi$ is, in polar form,\n\n$$ z = r(\\cos\\theta + i\\sin\\theta) $$\n", ["unknown"]),
    # the same formula in the display is the definition
    ("The complex number $z = a + bi$ is\n\n$$ z = a + bi $$\n\n$$ z - bi = a $$\n", ["definition", "proven"]),
    # a formula in passing for a name the text defined, shown different: which one a later row means is not said,
    # so it is undefined from there on (it was refuted from the first with a, b, x, y declared)
    ("```posenc\nassume a, b, x, y, \\theta real\n```\n\n$$ z = a + bi $$\n\n将复数$z = x + yi$旋转角度$\\theta$：\n"
     "$$ z' = z \\cdot e^{i\\theta} = (x + yi)(\\cos\\theta + i\\sin\\theta) $$\n", ["definition", "unknown"]),
    # where it must not apply: the same formula in passing changes nothing
    ("```posenc\nassume a, b, \\theta real\n```\n\n$$ z = a + bi $$\n\nRotating $z = a + bi$ by $\\theta$:\n"
     "$$ z e^{i\\theta} = (a + bi)(\\cos\\theta + i\\sin\\theta) $$\n", ["definition", "proven"]),
])
def test_a_formula_the_prose_gives_in_passing(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


def test_a_formula_in_passing_that_is_not_read_is_a_formula_all_the_same(tmp_path: Path) -> None:
    # held-out set 16 after the section rule for i: "复数$z=a+bi$" in a section whose i is another section's index
    # was not read, and the false polar form below it became z's definition again
    path = tmp_path / "notes.md"
    path.write_text("## 频率\n\n$$ \\theta_i = 10000^{-2i/d} $$\n\n## 复数\n\n复数$z=a+bi$可以用模长和幅角表示：\n$$\n"
                    "z=r(\\sin \\theta + i\\sin \\theta)\n$$\n", encoding="utf-8")
    assert [d.status for d in check_document(path).displays] == ["definition", "unknown"]


@pytest.mark.parametrize(("row", "status"), [
    # in a section that has not indexed with i, a row that writes a complex number with i reads it as the unit ...
    ("(\\cos t + i \\sin t)(\\cos t - i \\sin t) = 1", "proven"),
    ("(a + bi)(a - bi) = a^2 + b^2", "proven"),
    ("(a + bi)(a - bi) = a^2 - b^2", "refuted"),
    # ... a bare i with no such form keeps its two readings (true of one, false of the other): refused
    ("(-1)^i (-1)^i = 1", "unknown"),
])
def test_a_complex_number_written_with_i_in_a_section_without_the_index(tmp_path: Path, row: str,
                                                                        status: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume a, b, t real\n```\n\n## Frequencies\n\n$$ \\omega_i = 10000^{-2i/d} $$\n\n"
                    f"## Complex numbers\n\n$$ {row} $$\n", encoding="utf-8")
    assert [d.status for d in check_document(path).displays] == ["definition", status]


_WORDS_DECIDE = [
    # a second red team: an equation that still uses the variable, after "where", "Setting" (prose) or a lead-in
    # "where" (display), is an equation, not a redefinition (each was proven from the "new definition")
    ("Let $g(x) = x^2 + 1$. The line $y = 2x$ touches the parabola where $g(x) = 2x$.\n\n$$ g(3) = 6 $$\n",
     ["refuted"]),
    ("Let $f(t) = \\sin t$. Setting $f(t) = t$ and solving gives the fixed points.\n\n$$ f(\\pi) = \\pi $$\n",
     ["refuted"]),
    ("Let $a_k = 2^k$. The terms that equal their index squared are where $a_k = k^2$.\n\n$$ a_3 = 9 $$\n",
     ["refuted"]),
    ("$$ g(x) = x^2 + 1 $$\n\nThe tangent points are where\n\n$$ g(x) = 2x $$\n\n$$ g(3) = 6 $$\n",
     ["definition", "condition", "refuted"]),
    ("$$ PE(pos) = \\sin\\left(\\frac{pos}{10000}\\right) $$\n\nThe encoding reaches one half where\n\n"
     "$$ PE(pos) = 0.5 $$\n", ["definition", "condition"]),
    # ... and a redefinition the words announce is one, constant or not (these were equations, and the rows after
    # them refuted or proven from the old formula)
    ("Let $g(x) = x^2 + 1$. For the constant baseline, let $g(x) = 5$ instead.\n\n$$ g(0) = 1 $$\n", ["refuted"]),
    ("Let $g(x) = x^2 + 1$. For the constant baseline, let $g(x) = 5$ instead.\n\n$$ g(3) = 5 $$\n", ["proven"]),
    ("$$ PE(pos) = \\sin\\left(\\frac{pos}{10000}\\right) $$\n\nIn the ablation we redefine the encoding as\n\n"
     "$$ PE(pos) = 0 $$\n\nfor every position, so that\n\n$$ PE(5000\\pi) = 1 $$\n",
     ["definition", "definition", "refuted"]),
    ("$$ f(t) = \\cos(t) $$\n\nTo remove the encoding, set instead\n\n$$ f(t) = 1 $$\n\nfor every $t$. Then\n\n"
     "$$ f(\\pi) = 1 $$\n", ["definition", "definition", "proven"]),
    # where they must not apply: a plain name's new value after "where" is its value there (a finding as before),
    # and a display redefinition with no words is still a finding
    ("Let $\\omega = 1$.\n\n$$ \\cos(\\omega \\pi) = -1 $$\n\nwhere $\\omega = 2$.\n", ["refuted"]),
    ("$$ g(x) = x^2 + 1 $$\n\n$$ g(x) = x + 1 $$\n\n$$ g(3) = 4 $$\n", ["definition", "definition", "proven"]),
]


@pytest.mark.parametrize(("text", "statuses"), _WORDS_DECIDE)
def test_the_words_decide_an_equation_from_a_redefinition(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a second red team: a function or a subscripted name given a formula in passing, as a plain one is
    ("The encoding $PE(t) = \\sin(t)$ is smooth.\n\n$$ PE(t) = \\cos(t) $$\n\n$$ PE(0) = 1 $$\n", ["unknown", "unknown"]),
    ("The point on the circle has coordinates $x_1 = \\cos t$ and $x_2 = \\sin t$.\n\n$$ x_1 = \\sin t $$\n",
     ["unknown"]),
    ("```posenc\nassume \\theta real\n```\n\nThe angle has two coordinates, $\\theta_1 = \\cos\\theta$ and "
     "$\\theta_2 = \\sin\\theta$.\n\n$$ \\theta_1 = \\theta $$\n", ["unknown"]),
    # the same formula in the display defines it
    ("The encoding $PE(t) = \\sin(t)$ is smooth.\n\n$$ PE(t) = \\sin(t) $$\n\n$$ PE(0) = 0 $$\n",
     ["definition", "proven"]),
])
def test_a_function_or_subscripted_name_in_passing(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a sealed held-out set's wrong verdict: θ_i = 10000^{-2i/d} after θ_i = 10000^{-2(i-1)/d} is the same
    # frequencies counted from 0: two numberings, not decided, and θ_i undefined from there on (it was a definition,
    # and rows after it decided by one numbering)
    ("$$ \\theta_i = 10000^{-2(i-1)/d}, \\quad i \\in [1, 2, \\ldots, d/2] $$\n\n$$ \\theta_i = 10000^{-2i/d} $$\n\n"
     "$$ \\theta_1 = 1 $$\n", ["definition", "unknown", "unknown"]),
    # the chain Θ = θ_i = formula defines θ_i too (θ_i stayed undefined, so the row above was a first definition)
    ("$$ \\Theta = \\theta_i = 10000^{-2(i-1)/d}, i\\in[1,2,\\ldots, d/2] $$\n\n$$ \\theta_1 = 1 $$\n",
     ["definition", "proven"]),
    # ... also beside a declared plain θ (the text's θ_i is its own); a declared θ_i stays a claim
    ("```posenc\nassume \\theta real\n```\n\n$$ \\Theta = \\theta_i = 10000^{-2(i-1)/d} $$\n\n$$ \\theta_1 = 1 $$\n",
     ["definition", "proven"]),
    ("```posenc\nassume \\theta_i real\n```\n\n$$ \\Theta = \\theta_i = 10000^{-2i/d} $$\n", ["refuted"]),
    # where it must not apply: a shift by two is a finding as before
    ("$$ \\theta_i = 10000^{-2(i-1)/d} $$\n\n$$ \\theta_i = 10000^{-2(i+1)/d} $$\n", ["definition", "definition"]),
])
def test_a_definition_again_in_another_numbering(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


def _statuses(tmp_path: Path, text: str) -> list[str]:
    """The status of each display of ``text``, saved as notes.md and checked."""
    return [d.status for d in report_of(tmp_path, text).displays]
