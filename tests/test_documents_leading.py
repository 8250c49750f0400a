"""A condition in the sentence that runs into a display (``For $0 < t < 1$, we have $$…$$``) is the display's.

Each row's truth was worked out by hand: |t| + |t - 1| = 1 holds exactly on 0 ≤ t ≤ 1 (at t = -5/3 the left side
is 13/3); √(t²) = t exactly where t ≥ 0 (t = -1 gives 1 ≠ -1); √(t²) = -t is false at t = 1/2 (1/2 ≠ -1/2),
inside t ≥ 0; t² > t exactly where t > 1 or t < 0; |t - 1| = 1 - t exactly where t ≤ 1 (t = 2 gives 1 ≠ -1); t² ≤ t exactly on [0, 1] (t = 2 gives 4 > 2); cos(m - n) =
1 + m fails at m = n = 1 (1 ≠ 2) but holds at m = n = 0, so under "if m = n" it is neither proven nor refuted
by a point outside the condition. Words that widen the claim ("for all", "in general", "for example") leave the
display claimed for every value: it is refuted as before.
"""

from __future__ import annotations

from pathlib import Path

import mpmath
import pytest
import sympy

from .document_links import report_of

P, R, U = "proven", "refuted", "unknown"
_HELD = "refuted without the condition the sentence before the display states"


@pytest.mark.parametrize(("text", "status", "said"), [
    # a bound in the sentence, applied: true rows proven under it, false rows refuted inside it
    ("For $0<t<1$, we have\n$$|t|+|t-1|=1$$\n", P, "read 0<t<1 as the condition"),
    ("For $0<t<1$, we have\n\n$$\n|t|+|t-1|=1\n$$\n", P, "read 0<t<1 as the condition"),
    ("When $t \\ge 0$:\n\n$$\\sqrt{t^2} = t$$\n", P, "read t \\ge 0 as the condition"),
    ("If $t \\geq 0$, then $$\\sqrt{t^2} = t$$\n", P, "read t \\geq 0 as the condition"),
    ("When $t \\ge 0$, we have\n$$\\sqrt{t^2} = -t$$\n", R, "read t \\ge 0 as the condition"),
    ("Whenever $t > 1$, it holds that\n$$t^2 > t$$\n", P, "read t > 1 as the condition"),
    ("当 $t > 1$ 时，有\n$$t^2 > t$$\n", P, "read t > 1 as the condition"),
    ("For $t > 1$ and $m > 0$, we get $$t^m > 1$$\n", P, "read t > 1, m > 0 as the condition"),
    ("For $t \\in (0, 1)$, we have\n$$|t - 1| = 1 - t$$\n", P, "read t \\in (0, 1) as the condition"),
    ("For $t \\in (1, 2]$, we have\n$$|t - 1| = 1 - t$$\n", R, "read t \\in (1, 2] as the condition"),
    ("\\begin{document}\nSuppose that $t \\ge 0$. Then \\[ \\sqrt{t^2} = t \\]\n", R, ""),  # a sentence end between
    # a condition that is not applied: a refutation is held back, never made outside the condition
    ("If $m = n$, then\n$$\\cos(m - n) = 1 + m$$\n", U, _HELD),
    ("For $t$ in the unit interval, $$t^2 \\le t$$\n", U, _HELD),
    ("For $t > 1$ and $t < 0$, we have $$t^2 < t$$\n", U, _HELD),  # bounds that hold together nowhere
    # words that claim the row for every value: no condition
    ("For all $t$, we have\n$$\\sqrt{t^2} = t$$\n", R, ""),
    ("For $t > 1$, in general $$t^2 < t$$\n", R, ""),
    # an example's value is no condition either, but the row holds at it: its refutation is held back (examples.py);
    # false at the example's value too, it is refuted
    ("For example, $t = 2$, and $$\\sqrt{t^2} = t$$\n", U,
     "false for other values, but it holds at the example's values the text gives on line 1 (t = 2), which the row may "
     "be about: not refuted; write the values into the row, or bind them (Let $… = …$)"),
    ("For example, $t = -2$, and $$\\sqrt{t^2} = t$$\n", R, ""),
])
def test_a_condition_of_the_sentence_before_a_display(tmp_path: Path, text: str, status: str, said: str) -> None:
    report = report_of(tmp_path, text)
    [display] = report.displays
    assert display.status == status
    notes = [c.text for c in display.conventions] + [link.note for link in display.links]
    if said:
        assert any(note.startswith(said) for note in notes), notes
    else:
        assert not any("the condition" in note for note in notes), notes


def test_the_condition_is_said_once_with_the_sentence(tmp_path: Path) -> None:
    report = report_of(tmp_path, "For $0<t<1$, we have\n$$|t|+|t-1|=1$$\n")
    [display] = report.displays
    assert [c.text for c in display.conventions] == [
        "read t as a real position",
        "read 0<t<1 as the condition of the display below it (the sentence before it: 'For $0<t<1$, we have')"]
    assert display.links[0].note.startswith("decided under 0<t<1, which the sentence before the display states")


def test_a_proof_for_every_value_stands_under_a_condition_not_applied(tmp_path: Path) -> None:
    # what holds for every t holds under a condition in words too
    report = report_of(tmp_path, "For $t$ in the unit interval, $$\\sin^2 t + \\cos^2 t = 1$$\n")
    assert [d.status for d in report.displays] == [P]


# -- ≈ between vectors, complex numbers, shapes that differ (a Chinese RoPE note's worked example stopped the
# whole report with "cannot create mpf from Matrix" before)

def _gap_values(note: str) -> list[complex]:
    shown = note.removeprefix("approximate, not decided: lhs - rhs = ").strip("[]")
    return [complex(sympy.sympify(part).evalf()) for part in shown.split(", ")]


@pytest.mark.parametrize(("row", "exact"), [
    ("\\begin{pmatrix} \\cos 1 \\\\ \\sin 1 \\end{pmatrix} \\approx \\begin{pmatrix} 0.5403 \\\\ 0.8415 \\end{pmatrix}",
     [mpmath.cos(1) - mpmath.mpf("0.5403"), mpmath.sin(1) - mpmath.mpf("0.8415")]),
    ("e^{\\mathrm{i}} \\approx 0.5403 + 0.8415 \\mathrm{i}",
     [mpmath.exp(1j) - mpmath.mpc("0.5403", "0.8415")]),
])
def test_an_approximate_row_reports_each_gap(tmp_path: Path, row: str, exact: list[mpmath.mpc]) -> None:
    [display] = report_of(tmp_path, f"$${row}$$\n").displays
    [link] = display.links
    assert link.status == "approximate"
    shown = _gap_values(link.note)
    assert len(shown) == len(exact)
    for got, want in zip(shown, exact, strict=True):
        # six significant digits shown: each part is within half a unit of the sixth digit of the gap's size
        assert abs(got - complex(want)) <= 5e-6 * abs(complex(want))


def test_an_approximate_row_whose_sides_cannot_be_subtracted(tmp_path: Path) -> None:
    [display] = report_of(tmp_path, "$$\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix} \\approx 3$$\n").displays
    assert [(link.status, link.note) for link in display.links] == [(
        "approximate", "approximate, not decided: its sides cannot be subtracted (a vector beside a number, or shapes "
        "that differ)")]


def test_a_kramdown_clause_is_a_condition_of_the_display_it_runs_into(tmp_path: Path) -> None:
    # kramdown writes inline math with $$: "**For** $$d=2$$, …:" stated a case, and with d declared, d = 2 was
    # refuted as a claim (at d = 6); so was d^2 = 4 below it, which holds in that case
    text = ("```posenc\nassume d even positive\n```\n\n**For** $$d=2$$, RoPE does the following ($$\\theta$$ is a "
            "constant):\n\n$$ d^2 = 4 $$\n")
    clause, display = report_of(tmp_path, text).displays
    assert (clause.status, [r.note for r in clause.links]) == (
        "condition", ["the condition of a sentence ('For $$d=2$$,'): stated, not claimed"])
    assert display.status == U
    assert display.links[0].note.startswith(f"{_HELD} ('For $$d=2$$,'), which is not applied")


def test_a_kramdown_clause_leaves_the_claim_beside_it_a_claim(tmp_path: Path) -> None:
    # "When $$b=1$$,  $$…$$, we denote …": the second formula is what holds in that case, not the condition
    text = "```posenc\nassume b real\n```\n\nWhen $$b=1$$,  $$b^2 = 2$$, we call it fixed.\n"
    clause, display = report_of(tmp_path, text).displays
    assert clause.status == "condition"
    assert display.status == U  # b^2 = 2 is false at b = 1 too, but an equation is no bound: held back, not refuted
    assert display.links[0].note.startswith(f"{_HELD} ('When $$b=1$$,')")


@pytest.mark.parametrize("text", [
    "For example, if $$t = 2$$ and $$\\theta = \\frac{\\pi}{3}$$\n(a small angle):\n\n$$ y = 1 $$\n",
    "举个例子，若 $$t = 2$$ 且 $$\\theta = \\frac{\\pi}{3}$$\n\n（一个小角度）：\n\n$$ y = 1 $$\n",
])
def test_a_kramdown_clause_after_a_lead_in_states_each_of_its_formulas(tmp_path: Path, text: str) -> None:
    # with θ declared, θ = π/3 read as a claim was refuted (at θ = 1/2, say): in the clause it is a case stated
    declared = "```posenc\nassume t, \\theta real\n```\n\n"
    first, second, _ = report_of(tmp_path, declared + text).displays
    assert (first.status, second.status) == ("condition", "condition")
    assert second.links[0].note.startswith("the condition of a sentence (")


# Red team, round 4: words after the clause's formula that negate or widen it leave it unapplied (these rows were
# proven, false at t = -1, where √(t²) = 1 ≠ -1); "unless"/"except" negate it (held back, never refuted at t = 3/7,
# outside it); a supposition in a sentence of its own governs the display the next sentence opens with.
@pytest.mark.parametrize(("text", "status"), [
    ("If $t > 0$ fails to hold, then\n$$\\sqrt{t^2} = t$$\n", U),
    ("当 $t > 0$ 不成立时，有\n$$\\sqrt{t^2} = t$$\n", U),
    ("For $t > 0$ and likewise for negative values, we get\n$$\\sqrt{t^2} = t$$\n", U),
    ("Given $t > 0$ or negative, we get $$\\sqrt{t^2} = t$$\n", U),
    ("Unless $t > 0$, we have $$\\sqrt{t^2} = -t$$\n", U),
    ("Except when $t \\le 0$, we have $$\\sqrt{t^2} = t$$\n", U),
    ("Suppose $t \\ge 0$. Then\n$$\\sqrt{t^2} = t$$\n", P),
    ("Assume $t \\ge 0$. We have\n$$\\sqrt{t^2} = -t$$\n", R),  # false inside it: at t = 1, 1 ≠ -1
    ("设 $t \\ge 0$。则\n$$\\sqrt{t^2} = t$$\n", P),
    ("Let $t \\ge 0$. The next line is well known. We have\n$$\\sqrt{t^2} = t$$\n", U),
    ("Let $t \\ge 0$.\n\nAnother paragraph.\n\n$$\\sqrt{t^2} = t$$\n", R),  # the supposition's paragraph ended
    ("Where $t < 0$ it fails, but for $t \\ge 0$ we have\n$$\\sqrt{t^2} = t$$\n", P),
])
def test_words_around_a_clause_decide_whether_it_is_applied(tmp_path: Path, text: str, status: str) -> None:
    [display] = report_of(tmp_path, text).displays
    assert display.status == status


def test_a_clause_governs_the_displays_that_follow_with_nothing_between(tmp_path: Path) -> None:
    text = "For $0<t<1$, we have\n$$ |t| + |t-1| = 1 $$\nand\n$$ |t - 1| = 1 - t $$\n\nHence $$ |t| = t $$\n"
    first, second, third = report_of(tmp_path, text).displays
    assert (first.status, second.status, third.status) == (P, P, R)  # the third is claimed for every t


@pytest.mark.parametrize("text", [
    "**当** $$t>0$$ 时：\n\n$$ \\sqrt{t^2} = t $$\n",
    "**若** $$t>0$$，则：\n\n$$ \\sqrt{t^2} = t $$\n",
    "**For** $$t>0$$ we get:\n\n$$ \\sqrt{t^2} = t $$\n",
    "**For** $$t>0$$, we get\n\n$$ \\sqrt{t^2} = t $$\n",
])
def test_a_kramdown_clause_in_the_ways_people_end_it(tmp_path: Path, text: str) -> None:
    clause, display = report_of(tmp_path, text).displays
    assert (clause.status, display.status) == ("condition", P)


def test_a_kramdown_clause_and_a_display_on_one_line(tmp_path: Path) -> None:
    # the displays were ordered by their text, so the clause came after the claim beside it and governed nothing:
    # d/2 = 1 was refuted at d = 6, outside the case d = 2 the sentence states
    clause, display = report_of(tmp_path, "**For** $$d=2$$, the ratio is $$\\frac{d}{2} = 1$$ exactly.\n").displays
    assert (clause.status, display.status) == ("condition", U)


@pytest.mark.parametrize(("text", "later"), [
    ("Let $f(t) = t^2$. For $t = 3$, we get $$ f(t) = 9 $$\n\n$$ f(2) = 9 $$\n", R),  # f(2) = 4
    ("Denote $\\omega_i = 10000^{-2i/d}$. For $d = 2$, we have $$ \\omega_i = 10000^{-i} $$\n\n"
     "$$ \\omega_1 = 10000^{-2/d} $$\n", P),
])
def test_a_display_under_a_clause_defines_nothing(tmp_path: Path, text: str, later: str) -> None:
    # restated for one case, f(t) = 9 became f's definition and f(2) = 9 was proven; so was ω_1 = 10000^{-1}
    # (false at d = 4, where ω_1 = 1/100)
    under, after = report_of(tmp_path, text).displays
    assert not [link for link in under.links if link.status == "definition"]
    assert after.status == later


# Red team, round 5: clauses in words the formula-reading missed (each was refuted at t = 1/2, outside the clause).
# A sign in words ("For negative $t$") is the bound t < 0, applied; a supposition after a connective and an adverb
# ("so suppose instead that $t < 0$. Then") is one; a negated clause ("except", "If not") and words with no formula
# ("otherwise") hold the refutations back. |t| = -t and √(t²) = -t hold exactly for t ≤ 0.
@pytest.mark.parametrize(("text", "status", "said"), [
    ("For negative $t$, we have\n\n$$ |t| = -t $$\n", P, "decided under t < 0"),
    ("The case $t > 0$ is easy, so suppose instead that $t < 0$. Then\n\n$$ \\sqrt{t^2} = -t $$\n", P,
     "decided under t < 0"),
    ("For all $t$ except $t > 0$, we have\n\n$$ |t| = -t $$\n", U,
     _HELD + " ('For all $t$ except $t > 0$, we have')"),
    ("When $t > 0$ we get $|t| = t$; otherwise\n\n$$ |t| = -t $$\n", U, _HELD + " ('otherwise')"),
    ("If not $t > 0$, then\n\n$$ |t| = -t $$\n", U, _HELD + " ('If not $t > 0$, then')"),
    ("For large $t$, we have\n\n$$ |t| = -t $$\n", U, _HELD + " ('For large $t$, we have')"),
    ("If the width is large, then\n\n$$ |t| = -t $$\n", U, _HELD + " ('If the width is large, then')"),
    # near misses: a false row inside the clause in words is refuted; no condition words, a sentence end, a quantifier:
    # the display is claimed for every t
    ("For negative $t$, we have\n\n$$ |t| = t $$\n", R, ""),
    ("We have\n\n$$ |t| = -t $$\n", R, ""),
    ("When $t > 0$ we get $|t| = t$. Hence\n\n$$ |t| = -t $$\n", R, ""),
    ("For all $t$, we have\n\n$$ |t| = -t $$\n", R, ""),
    ("Otherwise.\n\nThe next paragraph.\n\n$$ |t| = -t $$\n", R, ""),
])
def test_a_clause_in_words(tmp_path: Path, text: str, status: str, said: str) -> None:
    [display] = report_of(tmp_path, text).displays
    assert display.status == status
    assert display.links[0].note.startswith(said)


@pytest.mark.parametrize(("text", "statuses"), [
    # a red team's false proven: a definition in the prose that the prose restricts is not read as holding everywhere
    # (on an interval, a bound beside it, "restricted to", the next sentence's "This holds only when")
    ("Let $s(x) = 1$ on $(0, \\infty)$. Let $s(x) = -1$ on $(-\\infty, 0)$.\n\n$$ s(2) = -1 $$\n", ["unknown"]),
    ("Let $s(x) = x$, $x \\ge 0$. Let $s(x) = -x$, $x < 0$.\n\n$$ s(3) = -3 $$\n", ["unknown"]),
    ("Let $h(x) = 1$ on $(0, \\infty)$.\n\n$$ h(-1) = 1 $$\n", ["unknown"]),
    ("Restricted to $x > 0$, we define $h(x) = 1$.\n\n$$ h(-1) = 1 $$\n", ["unknown"]),
    ("Define $h(x) = 1/x$ ($x > 0$). Then\n\n$$ h(-2) = -\\frac{1}{2} $$\n", ["unknown"]),
    ("Let $h(x) = 1$. This holds only when $x > 0$.\n\n$$ h(-1) = 1 $$\n", ["unknown"]),
    # where it must not apply: a bound of the index beside a subscripted definition, a name the bound does not
    # mention, "depends on", a next sentence that restricts nothing
    ("Let $\\theta_i = 10000^{-2i/d}$, $0 \\le i < d/2$.\n\n$$ \\theta_0 = 1 $$\n", ["proven"]),
    ("Let $h(x) = x^2$, $t > 0$.\n\n$$ h(-1) = 1 $$\n", ["proven"]),
    ("Let $h(x) = x^2$, which depends on $x$ only through its square.\n\n$$ h(-1) = 1 $$\n", ["unknown"]),
    ("Let $h(x) = x^2$. This holds for every real $x$.\n\n$$ h(-1) = 1 $$\n", ["proven"]),
])
def test_a_prose_definition_the_prose_restricts_is_not_read(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert [d.status for d in report_of(tmp_path, text).displays] == statuses
