r"""Bars and accents as real notes write them (issue 23; brief O items 2 and 3).

A bar is the complex conjugate where the text is complex, a name of its own (a mean, a discretised
matrix) elsewhere, and refused where it is both. The rows follow public notes: the complex form of RoPE
in RoFormer (Su et al. 2021, section 3.2: ``q e^{im\theta}`` times the conjugate of ``k e^{in\theta}``),
the discretised matrices of Mamba (Gu and Dao 2023, ``\overline{\boldsymbol{A}}``, ``\overline{\boldsymbol{B}}``:
names in a real text), Su Jianlin's ``\tilde{\boldsymbol{q}}_m = \boldsymbol{f}(\boldsymbol{q}, m)``
(spaces.ac.cn/archives/8265, tests/documents/real/su-jianlin_rope-8265.md). Verdicts worked out by hand:
conj(k e^{inθ}) = k̄ e^{-inθ} for real n and θ, so the RoPE row holds and its m + n slip does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

from .document_links import links_of

P, R, U, D, C = "proven", "refuted", "unknown", "definition", "condition"

ROPE = r"q e^{\mathrm{i} m\theta} \overline{k e^{\mathrm{i} n\theta}} = q \bar{k} e^{\mathrm{i}(m-n)\theta}"
THETA = "```posenc\nassume \\theta real\n```\n\n"
FORMULA_BAR = ("a bar over a formula (\\overline{…}) is its complex conjugate in a complex text, and a mean or a "
               "closure elsewhere; this text writes no imaginary unit (\\mathrm{i}, \\mathbb{C}), so neither is read: "
               "declare a name complex (assume z complex) for the conjugate, or name the formula")
CONJUGATE_K = "read \\bar{k} as the complex conjugate of k (the text is complex: it writes \\mathrm{i}; and it writes k " \
              "on its own)"
CONJUGATE_FORMULA = "read a bar over a formula (\\overline{…}) as its complex conjugate (the text is complex: it " \
                    "writes \\mathrm{i})"


@pytest.mark.parametrize(("text", "links", "said"), [
    # RoPE's complex form: the bars are conjugates (the text writes \mathrm{i}, and k on its own)
    (THETA + f"$$ {ROPE} $$\n", [(5, P, "")], [CONJUGATE_FORMULA, CONJUGATE_K]),
    # ... and its slip (m + n) is refuted once q, k are given values
    (THETA + "Let $q = 2$ and $k = 3$.\n\n$$ " + ROPE.replace("(m-n)", "(m+n)") + " $$\n", [(7, R, "")],
     [CONJUGATE_FORMULA, CONJUGATE_K]),
    # the conjugate of a defined z, written with a bar: a claim, decided (not a definition of a name z̄)
    ("Let $z = t + \\mathrm{i}$.\n\n$$ \\bar{z} = t - \\mathrm{i} $$\n", [(3, P, "")],
     ["read \\bar{z} as the complex conjugate of z (the text is complex: it writes \\mathrm{i}; and it writes z on its "
      "own)"]),
    # ... a false one has two readings, the conjugate or a name of its own: refused with both named
    ("Let $z = t + \\mathrm{i}$.\n\n$$ \\bar{z} = t + \\mathrm{i} $$\n",
     [(3, U, "\\bar{z} = t + \\mathrm{i} has two readings: a claim about the complex conjugate, which fails at t = 0; "
             "or the definition of a name \\bar{z} of its own (a mean, a new variable); say which is meant: declare "
             "\\bar{z} (assume \\bar{z} complex, or let \\bar{z} = …) for a name, or write the conjugate as z^*")], None),
    # the RoFormer row as notes type it, with a plain i: i(m-n) is i times m - n, never a function i applied
    (THETA + "$$ f(q, m) = q e^{i m\\theta} $$\n\n$$ f(q, m) \\overline{f(k, n)} = q \\bar{k} e^{i(m-n)\\theta} $$\n",
     [(5, D, "defines f(q, m)"), (7, P, "")], None),
    # ... and an index i before a parenthesis is a product too
    ("$$ \\omega_i = 2^{-i} $$\n\n$$ i(i+1) \\omega_i = (i^2 + i) 2^{-i} $$\n", [(1, D, "defines \\omega_i"), (3, P, "")],
     None),
    # conjugating twice
    (THETA + "$$ \\overline{\\bar{k}} = k + 0 \\cdot \\mathrm{i} $$\n", [(5, P, "")], None),
])
def test_a_bar_in_a_complex_text_is_the_conjugate(tmp_path: Path, text: str, links: list[tuple[int, str, str]],
                                                  said: list[str] | None) -> None:
    found, conventions = links_of(tmp_path, text)
    assert found == links
    if said is not None:
        assert [c for c in conventions if "bar" in c] == said


@pytest.mark.parametrize(("text", "links"), [
    # no imaginary unit: a bar over a name is a name of its own (Mamba's discretised matrices), never a conjugate
    ("$$ \\overline{\\boldsymbol{K}} = \\boldsymbol{C} \\overline{\\boldsymbol{B}} $$\n\n"
     "$$ \\boldsymbol{C} \\overline{\\boldsymbol{B}} = \\overline{\\boldsymbol{K}} $$\n",
     [(1, D, "defines \\overline{\\boldsymbol{K}}"), (3, P, "")]),
    # ... a mean the text defines, and uses
    ("$$ \\bar{x} = \\frac{x_1 + x_2}{2} $$\n\n$$ 2 \\bar{x} = x_1 + x_2 $$\n",
     [(1, D, "defines \\bar{x}"), (3, P, "")]),
    # ... and a bar over a formula: the conjugate or a mean? refused, both named
    ("$$ \\overline{x + y} = 1 $$\n", [(1, U, FORMULA_BAR)]),
    # complex, but k never written on its own: \bar{k} is a name of its own, about which nothing is refuted
    ("$$ \\bar{k} e^{\\mathrm{i} t} = 2 $$\n", [(1, U, "kbar is not defined in the text (or declared): the row is not "
                                                   "decided from values they do not have")]),
    # a bar over a real position (t) in a complex text: its conjugate would be t itself, so \bar{t} is a name (a mean)
    ("Let $z = t + \\mathrm{i}$.\n\n$$ \\bar{t} = \\frac{t_1 + t_2}{2} $$\n\n$$ 2 \\bar{t} = t_1 + t_2 $$\n",
     [(3, D, "defines \\bar{t}"), (5, P, "")]),
    # a declared \bar{z} is the author's name even in a complex text: no conjugate; the free name set equal to another
    # formula holds for no value of it whatever t is, so the row relates \bar{z} to z (stated; it was refuted)
    ("```posenc\nassume \\bar{z} complex\nassume t real\n```\n\nLet $z = t + \\mathrm{i}$.\n\n$$ \\bar{z} = z $$\n",
     [(8, C, "")]),
])
def test_where_a_bar_is_no_conjugate(tmp_path: Path, text: str, links: list[tuple[int, str, str]]) -> None:
    found, conventions = links_of(tmp_path, text)
    assert found == links
    assert not [c for c in conventions if "conjugate" in c]


@pytest.mark.parametrize(("text", "links"), [
    # Su Jianlin's \tilde{\boldsymbol{q}}_m: one name, defined, then used
    ("$$ \\tilde{\\boldsymbol{q}}_m = 2 m $$\n\n$$ \\tilde{\\boldsymbol{q}}_{m} + \\tilde{\\mathbf{q}}_{m} = 4 m $$\n",
     [(1, D, "defines \\tilde{\\boldsymbol{q}}_m"), (3, P, "")]),
    ("$$ \\hat{\\mathbf{k}} = 3 $$\n\n$$ \\hat{\\boldsymbol k} + \\hat k = 6 $$\n",
     [(1, D, "defines \\hat{\\mathbf{k}}"), (3, P, "")]),
    # an accent over anything but one letter is refused
    ("$$ \\tilde{x + y} = 1 $$\n",
     [(1, U, "\\tilde is read over one letter (\\tilde{q}, \\tilde{\\omega}, \\tilde{\\boldsymbol{q}}); name anything "
             "else")]),
    ("$$ \\tilde{\\boldsymbol{q} \\boldsymbol{k}} + 1 = 2 $$\n",
     [(1, U, "\\tilde is read over one letter (\\tilde{q}, \\tilde{\\omega}, \\tilde{\\boldsymbol{q}}); name anything "
             "else")]),
])
def test_an_accent_over_a_bold_letter_is_one_name(tmp_path: Path, text: str, links: list[tuple[int, str, str]]) -> None:
    assert links_of(tmp_path, text)[0] == links


@pytest.mark.parametrize(("text", "status"), [
    # a real q_1 is its own conjugate, so q_1^* = q_1 cos(mθ) - q_2 sin(mθ) fails (at m θ = π, q_1 = 1: 1 ≠ -1);
    # texts write q_1^* for the rotated component too: refused with both readings named, never refuted
    ("```posenc\nassume q_1, q_2, m, \\theta real\n```\n\n$$ q_1^* = q_1 \\cos(m\\theta) - q_2 \\sin(m\\theta) $$\n",
     "unknown"),
    # the same row true as a conjugate (cos 0 = 1, sin 0 = 0): proven, one reading holds either way
    ("```posenc\nassume q_1, q_2 real\n```\n\n$$ q_1^* = q_1 \\cos(0) - q_2 \\sin(0) $$\n", "proven"),
])
def test_a_star_on_a_real_name_has_two_readings(tmp_path: Path, text: str, status: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    [display] = check_document(path).displays
    assert display.status == status
    if status == "unknown":
        assert "rename it (q_1' or \\tilde{q_1}) for a name of its own, or write the conjugate as \\overline{q_1}" in \
            display.links[0].note


@pytest.mark.parametrize(("row", "status"), [
    # \star and \ast are the star of z^*, also written before the subscript (x^\star_n, as in a Jekyll post on
    # RoPE): the conjugate of z_1 in every spelling
    (r"z^\star_1 = \overline{z_1}", P),
    (r"z_1^{\star} = \overline{z_1}", P),
    (r"z^{\ast}_1 = \overline{z_1}", P),
    # a complex z_1 is not its own conjugate: false at z_1 = i (conj(i) = -i)
    (r"z^\star_1 = z_1", R),
])
def test_a_star_before_or_after_the_subscript_is_the_conjugate(tmp_path: Path, row: str, status: str) -> None:
    # the text writes z_1 on its own too, so a bar over it is its conjugate (see test_where_a_bar_is_no_conjugate)
    text = f"```posenc\nassume z_1 complex\n```\n\n$$ 2 z_1 = z_1 + z_1 $$\n\n$$ {row} $$\n"
    [_, (_, found, _)] = links_of(tmp_path, text)[0]
    assert found == status


def test_a_star_on_a_real_name_before_its_subscript_has_two_readings(tmp_path: Path) -> None:
    """q^\\star_1 of a real q_1 is refused as q_1^* is: the conjugate, or the rotated value's own name."""
    text = ("```posenc\nassume q_1, q_2, m, \\theta real\n```\n\n"
            "$$ q^\\star_1 = q_1 \\cos(m\\theta) - q_2 \\sin(m\\theta) $$\n")
    [(_, found, note)] = links_of(tmp_path, text)[0]
    assert found == U
    assert "has two readings" in note
