"""Where each convention of the reader must NOT apply, and what must never be proven (issue 23 item 8).

Each row is a small document and the verdict of each of its links, worked out by hand: a declared
``e`` is a symbol, not Euler's number; an ``i`` the text indexes with is never the imaginary unit in an
exponential; a name defined twice is a finding; a name the text does not define is never refuted (the
row may state a condition on it); names that may be vectors or matrices keep their order; a quotient
is not cancelled where its divisor vanishes (SymPy builds sin x / sin x as 1, and cot x tan x as 1).
Every misreading found before stays unknown (tests/documents/misreadings.md, test_documents_check.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

P, R, U, D, C = "proven", "refuted", "unknown", "definition", "condition"


def _links(tmp_path: Path, text: str, notation: str | None = None) -> list[tuple[int, str]]:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path, notation=notation)
    assert not report.problems
    return [(link.line, link.status) for display in report.displays for link in display.links]


@pytest.mark.parametrize(("text", "links"), [
    # e: Euler's number where nothing declares it ...
    ("$$ e^{0} = 1 $$\n", [(1, P)]),
    # ... and a symbol once declared: e^0 = 1 still holds, e^1 = 2.718... is not a claim about Euler's number.
    ("```posenc\nassume e real\n```\n\n$$ e^{0} = 1 $$\n\n$$ \\ln e = 1 $$\n", [(5, P), (7, R)]),
    # i: the imaginary unit where the text never indexes with it ...
    ("$$ e^{i\\pi} = -1 $$\n", [(1, P)]),
    # ... the index where it does: e^{i\\pi} is then refused, never read either way.
    ("$$ \\omega_i = 10000^{-2i/d} $$\n\n$$ e^{i\\pi} = -1 $$\n", [(1, D)]),
    # a complex derivation: i the imaginary unit throughout, a slip in the sign refuted (θ declared)
    ("```posenc\nassume \\theta real\n```\n\n$$ e^{i\\theta} e^{-i\\theta} = 1 $$\n\n"
     "$$ e^{i\\theta} + e^{-i\\theta} = 2 \\sin\\theta $$\n", [(5, P), (7, R)]),
    # \mathrm{i} and \text{i} are the imaginary unit even where i is an index
    ("$$ \\omega_i = 2^{-i} $$\n\n$$ e^{\\text{i}\\pi} + 1 = 0 $$\n", [(1, D), (3, P)]),
    # a name defined twice, the same way: the second statement is a claim, and holds
    ("$$ \\beta = 10000^{2/d} $$\n\n$$ \\beta = 10000^{2/d} $$\n", [(1, D), (3, P)]),
    # defined twice, differently: a definition again, with a finding; the rows after use the new one
    ("$$ \\beta = 2 $$\n\n$$ \\beta = 3 $$\n\n$$ \\beta^2 = 9 $$\n", [(1, D), (3, D), (5, P)]),
    # a name used before as a free name, set to a value: a choice or a case, never a claim refuted
    ("$$ \\lambda = k^{2/d} $$\n\n$$ k = 8 $$\n", [(1, D), (3, D)]),
    # the same value declared by the author is the author's claim: refuted
    ("```posenc\nassume k real\n```\n\n$$ k = 8 $$\n", [(5, R)]),
    # undefined names: an identity holds whatever they are; anything else is never refuted
    ("$$ (a+b)^2 = a^2 + 2 a b + b^2 $$\n", [(1, U)]),
    ("$$ \\sin(a+b) = \\sin a \\cos b + \\cos a \\sin b $$\n", [(1, P)]),
    ("$$ \\sin(a+b) = \\sin a \\cos b - \\cos a \\sin b $$\n", [(1, U)]),
    ("$$ a \\ge 0 $$\n", [(1, U)]),
    # names that may be matrices keep their order: (R q)^T (R k) is q^T R^T R k, not q^T R^2 k
    ("$$ (R q)^T (R k) = q^T R^T R k $$\n", [(1, P)]),
    ("$$ (R q)^T (R k) = q^T R R k $$\n", [(1, U)]),
    ("$$ q^T R k = q^T k R $$\n", [(1, U)]),
    # a capital letter may be a matrix even in an exponent (a generator): e^A e^B = e^{A+B} fails for matrices
    ("$$ e^{A} e^{B} = e^{A + B} $$\n", [(1, U)]),
    ("$$ e^{a} e^{b} = e^{a + b} $$\n", [(1, P)]),
    # a variable of the notes set to a number is an example, not a definition the rows after are read with
    ("$$ d = 512 $$\n\n$$ d^2 = 262144 $$\n", [(1, D), (3, C)]),
    # a comparison of names read by conventions alone that fails somewhere is a condition, not refuted
    ("$$ t > 1 $$\n", [(1, C)]),
    # a function of them is a claim: refuted
    ("$$ \\sin t \\le \\frac{1}{2} $$\n", [(1, R)]),
    # the soundness hole: SymPy cancels these to 1, but they are undefined at x = 0 (at cos x = 0 for tan)
    ("```posenc\nassume x real\n```\n\n$$ \\frac{\\sin x}{\\sin x} = 1 $$\n", [(5, U)]),
    ("```posenc\nassume x real\n```\n\n$$ \\cot x \\tan x = 1 $$\n", [(5, U)]),
    ("```posenc\nassume x real\n```\n\n$$ \\coth x \\tanh x = 1 $$\n", [(5, U)]),
    ("```posenc\nassume x real\n```\n\n$$ x \\cdot x^{-1} = 1 $$\n", [(5, U)]),
    # ... and stay proven where the divisor cannot vanish
    ("```posenc\nassume x positive\n```\n\n$$ \\frac{x}{x} = 1 $$\n", [(5, P)]),
    # a false claim with a divisor is still refuted at a point where it is defined
    ("```posenc\nassume x real\n```\n\n$$ \\frac{x^2}{x} = x + 1 $$\n", [(5, R)]),
    # the index of a sum reusing a declared name is the sum's own: a slip inside is refuted
    ("```posenc\nassume i integer\nassume d even positive\nassume i < d/2\n```\n\n"
     "$$ \\sum_{i=0}^{1} (i + d) = 2 d + 2 $$\n", [(7, R)]),
    # a multline whose first line holds no relation is one formula: once its second line was refuted alone
    ("```posenc\nassume t real\nassume w positive\n```\n\n\\begin{multline}\n\\cos^2(w t) + \\sin^2(w t) \\\\\n"
     "- \\cos^2(w t) = \\sin^2(w t)\n\\end{multline}\n", [(8, P)]),
    ("```posenc\nassume t real\nassume w positive\n```\n\n$$\n\\begin{split}\n\\cos^2(w t) + 2 \\\\\n"
     "- \\cos^2(w t) &= 3\n\\end{split}\n$$\n", [(9, R)]),
    # a name in a subscript that the text also indexes (R_{m\theta}, then \theta_i) is neither an index nor a
    # sequence by convention: cos(2πθ) = 1 holds for integers only, and θ is not assumed one (not proven)
    ("$$ R_{m\\theta} q = q $$\n\n$$ \\cos(2 \\pi \\theta) = 1 $$\n\nwhere $\\theta_i = 10000^{-2i/d}$.\n",
     [(1, U), (3, U)]),
    # ... while δ, only ever an index, is an integer: the same row is proven
    ("$$ p_{i+\\delta} = 1 $$\n\n$$ \\cos(2 \\pi \\delta) = 1 $$\n", [(1, D), (3, P)]),
    # an index the text used before, set to a formula afterwards, is a case, never its definition restated
    ("$$ \\theta_d = b^{-2d/D} $$\n\n$$ d = D/2 - 1 $$\n\n$$ d = D/2 - 1 $$\n", [(1, D), (3, D), (5, D)]),
    # f_q(x, m) and f_k(x, n) are two functions, not one defined twice; a row about f_q uses f_q's formula
    ("$$ f_q(x, m) = 2 x \\cos(m) \\\\ f_k(x, n) = 3 x \\cos(n) $$\n\n$$ f_q(y, t) = 2 y \\cos(t) $$\n",
     [(1, D), (1, D), (3, P)]),
    # pairs counted from 1 (RoFormer's x_{2i-1}, x_{2i}): 1 ≤ i ≤ d/2, where θ_i ≤ 1 holds (it was refuted at i = 0)
    ("Let $\\theta_i = 10000^{-2(i-1)/d}$ rotate the pair $(q_{2i-1}, q_{2i})$.\n\n$$ \\theta_i \\le 1 $$\n"
     "\n$$ \\theta_i \\ge 10000^{-1} $$\n", [(3, P), (5, "checked")]),  # true for i ≤ d/2
    # ... the pairs 2i, 2i+1 from 0, but the range the text states replaces the convention's
    ("Let $\\theta_i = 10000^{-2(i-1)/d}$ for $i = 1, 2, \\ldots, d/2$, and rotate $(q_{2i}, q_{2i+1})$.\n\n"
     "$$ \\theta_i \\le 1 $$\n", [(3, P)]),
    # ... and a text that writes both 2i-1 and 2i+1 says neither: i is not read by a convention (never refuted)
    ("Let $\\theta_i = 10000^{-2(i-1)/d}$ rotate $(q_{2i-1}, q_{2i})$, then $(q_{2i}, q_{2i+1})$.\n\n"
     "$$ \\theta_i \\le 1 $$\n", [(3, U)]),
    # a condition in words is never dropped: w_x = 1 only if x > 0, so w_{-2} = 1 is not proven from it, and
    # cos y = 1 if y = 0 is not refuted as cos y = 1 (the rows are not read)
    ("$$ w_x = 1 \\text{ if } x > 0 $$\n\n$$ w_{-2} + 1 = 2 $$\n", [(1, D), (3, U)]),
    ("$$\n\\begin{cases}\nw_x = 1 \\text{ if } x > 0 \\\\\nw_x = 0 \\text{ otherwise}\n\\end{cases}\n$$\n\n"
     "$$ w_{2} + 1 = 1 $$\n", [(3, D), (4, D), (8, U)]),
    ("```posenc\nassume y real\n```\n\n$$ \\cos y = 1, \\text{ if } y = 0 $$\n\n"
     "$$ \\cos y = 1 \\quad \\text{when } y = 0 $$\n\n$$ \\cos y = 1 \\quad (\\text{for } y = 0) $$\n", []),
    # \text{ for all } h is prose: the row before it is read
    ("```posenc\nassume h real\n```\n\n$$ (h + 1)^2 = h^2 + 2h + 1 \\text{ for all } h $$\n", [(5, P)]),
])
def test_where_a_convention_must_not_apply(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


def test_a_definition_given_again_differently_is_a_finding_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("$$ \\beta = 2 $$\n\n$$ \\beta = 3 $$\n\n$$ \\beta^2 = 9 $$\n", encoding="utf-8")
    report = check_document(path)
    assert [f for d in report.displays for f in d.read.findings] == [
        (3, "\\beta is defined again, differently from line 1; the rows after this line use this definition")]


@pytest.mark.parametrize(("text", "notation", "links"), [
    # the preset's k is the shift of PE_{(pos+k, 2i)}; in a note that writes none of the preset's notation
    # k is the text's own (a scale factor), and setting it is a choice, not a claim refuted
    ("$$ \\lambda = k^{2/(d-2)} $$\n\n$$ k = 8 $$\n", "sinusoidal", [(1, D), (3, D)]),
    ("$$ w < n $$\n\n$$ \\frac{1}{k} < 1 $$\n", "sinusoidal", [(1, U), (3, U)]),
    # a note in d gets ω_i in d, not a d_model of its own: (ω_i)^d = 10000^{-2i} holds (in d_model it would not)
    ("$$ PE_{(t,2i)} = \\sin(t \\omega_i) $$\n\n$$ \\omega_i \\le 1 $$\n\n$$ \\omega_i^{d} = 10000^{-2i} $$\n",
     "sinusoidal", [(1, D), (3, P), (5, P)]),
    # \omega_{d/2} is the last pair of the width d, so d stays the width: the preset binds to d, not d_model
    # (10000^{2/d} > 1 holds for a positive d; read as an index, d could be 0 or negative)
    ("$$ \\omega_k = 10000^{-2k/d} $$\n\n$$ \\omega_{d/2} = 10000^{-1} $$\n\n$$ 10000^{2/d} > 1 $$\n",
     "sinusoidal", [(1, D), (3, P), (5, P)]),
    # a note counting its pairs from 1 (PE_{(t,2i-1)}) does not get the preset's 0 ≤ i < d/2: θ_i ≤ 1 holds there
    ("$$ PE_{(t,2i-1)} = \\sin(t \\omega_i) $$\n\n$$ \\omega_i = 10000^{-2(i-1)/d} $$\n\n$$ \\omega_i \\le 1 $$\n",
     "sinusoidal", [(1, D), (3, D), (5, P)]),
])
def test_presets_follow_the_text(tmp_path: Path, text: str, notation: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text, notation) == links
