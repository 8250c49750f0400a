"""Ink around formulas and steps across words, as real notes write them (issue 23).

Each expected verdict was worked out by hand before the code ran: (a + b)^2 = a^2 + 2ab + b^2 and
(a - b)^2 = a^2 - 2ab + b^2 are true for all real a, b, and (a + b)^2 = a^2 + b^2 is false (a = b = 1: 4 ≠ 2).
A frame (``\\boxed``), a proof's end mark (``\\square``), a caption in parentheses (``\\quad \\text{(binomial)}``) and
a label (``\\text{Identity: }``) are ink: the verdict is the formula's. A caption that states a condition
(``\\text{(if b > 0)}``) is not ink: the row stays unread, never decided without it. A display that opens with
``=`` after one short line of words ending in a colon continues the display before it; the words may say it
continues a part only ("Expanding the numerator:"), so such a row is proven or left unknown, never refuted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import report_of

P, R, U, D, C = "proven", "refuted", "unknown", "definition", "condition"
HEAD = "```posenc\nassume a, b, c, x, s real\nassume c > 0\nassume s > 1\n```\n\n"  # rows start at line 7


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    return [(link.line, link.status) for display in report_of(tmp_path, text).displays for link in display.links]


@pytest.mark.parametrize(("text", "links"), [
    (HEAD + "$$\\boxed{(a+b)^2 = a^2 + 2ab + b^2}$$\n", [(7, P)]),
    (HEAD + "$$\\boxed{(a+b)^2 = a^2 + b^2}$$\n", [(7, R)]),
    # a frame around two statements side by side, with a caption: both read
    (HEAD + "$$\\boxed{(a-b)^2 = a^2 - 2ab + b^2, \\quad (a+b)(a-b) = a^2 - b^2 \\quad \\text{(two identities)}}$$\n",
     [(7, P), (7, P)]),
    (HEAD + "$$\\bbox[5px, border: 1px solid red]{(a+b)^2 = a^2 + 2ab + b^2}$$\n", [(7, P)]),
    (HEAD + "$$\n(a+b)^2 = a^2 + 2ab + b^2 \\quad \\square\n$$\n", [(8, P)]),
    (HEAD + "$$\n(a+b)^2 = a^2 + b^2 \\qquad \\blacksquare\n$$\n", [(8, R)]),
    (HEAD + "$$\\text{Identity: } (a+b)^2 = a^2 + 2ab + b^2 \\quad \\text{(binomial)}$$\n", [(7, P)]),
    (HEAD + "$$\\text{ALiBi: } (a+b)^2 = a^2 + b^2$$\n", [(7, R)]),
])
def test_ink_around_a_formula_is_not_the_formula(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize("caption", ["\\text{(if a > 0)}", "\\text{(for small a)}", "\\text{(当 a 很小时)}"])
def test_a_caption_that_states_a_condition_is_kept(tmp_path: Path, caption: str) -> None:
    # |a| = a holds only where a ≥ 0: dropped, the condition would leave a refutation the text does not claim
    report = report_of(tmp_path, HEAD + f"$$|a| = a \\quad {caption}$$\n")
    assert [link.status for display in report.displays for link in display.links] == []


def test_an_unclosed_frame_is_refused_by_name(tmp_path: Path) -> None:
    report = report_of(tmp_path, HEAD + "$$\\boxed{(a+b)^2 = a^2 + 2ab + b^2$$\n")
    assert not report.displays[0].links
    assert "boxed" in report.displays[0].read.unreadable or "{" in report.displays[0].read.unreadable


@pytest.mark.parametrize(("words", "right", "links"), [
    ("Expanding:", "a^2 + 2ab + b^2", [(7, P), (11, P)]),
    ("代入公式：", "a^2 + 2ab + b^2", [(7, P), (11, P)]),
    ("Khai triển:", "a^2 + 2ab + b^2", [(7, P), (11, P)]),
    # a slip after the words: not refuted, as the words may say which part it continues
    ("Expanding:", "a^2 + b^2", [(7, P), (11, U)]),
    ("Expanding the numerator:", "a^2 + b^2", [(7, P), (11, U)]),
])
def test_a_step_after_words_continues_the_display_before(tmp_path: Path, words: str, right: str,
                                                          links: list[tuple[int, str]]) -> None:
    text = HEAD + f"$$(a+b)^2 = (a+b)(a+b)$$\n\n{words}\n\n$$= {right}$$\n"
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize("between", ["## Next\n", "We now prove something else, which needs $a > 0$:\n",
                                     "First line of words\nand a second one:\n", "A sentence that ends in a stop.\n"])
def test_no_step_across_a_heading_math_or_a_paragraph(tmp_path: Path, between: str) -> None:
    report = report_of(tmp_path, HEAD + f"$$(a+b)^2 = (a+b)(a+b)$$\n\n{between}\n$$= a^2 + 2ab + b^2$$\n")
    assert [link.status for link in report.displays[1].links] == []
    assert "no first expression" in report.displays[1].read.unreadable


def test_the_refutation_held_back_names_the_words(tmp_path: Path) -> None:
    text = HEAD + "$$f = \\frac{(a+b)^2}{c}$$\n\nExpanding the numerator:\n\n$$= a^2 + 2ab + b^2$$\n"
    note = report_of(tmp_path, text).displays[1].links[0].note
    assert "“Expanding the numerator:”" in note and "not refuted" in note


CASES = ("$$\n\\text{scale}_i = \\begin{cases}\n\\frac{1}{2 s}, & i < \\text{corr_dim} \\quad \\text{(high freq)} \\\\\n"
         "\\frac{1}{s}, & i \\ge \\text{corr_dim} \\quad \\text{(low freq)}\n\\end{cases}\n$$\n")


def test_a_case_with_a_caption_and_a_word_for_a_bound(tmp_path: Path) -> None:
    # the caption is ink; corr_dim, a word the text compares i with, is a number there: the definition is read and
    # each condition is linked on its own line, stated, not decided
    text = "```posenc\nassume s > 1\nassume i integer\n```\n\n" + CASES
    assert _links(tmp_path, text) == [(7, D), (8, C), (9, C)]


def test_a_minimum_over_a_set_defines_its_name_unread(tmp_path: Path) -> None:
    # \min\{i \mid …\}: the set's condition is inside its braces, not a statement; the name is defined, unread
    text = "```posenc\nassume i integer\n```\n\n$$\\text{corr_dim} = \\min \\left\\{ i \\mid \\frac{2\\pi}{b_i} > L " \
           "\\right\\}$$\n"
    report = report_of(tmp_path, text)
    assert [(link.line, link.status) for link in report.displays[0].links] == [(5, D)]
    assert "defines \\text{corr_dim} (its formula cannot be read" in report.displays[0].links[0].note


@pytest.mark.parametrize(("row", "status"), [
    ("e^i\\theta = \\cos\\theta + i\\sin\\theta", None),  # e^{i}·θ as typeset, e^{iθ} as meant: refused
    ("e^{i\\theta} = \\cos\\theta + i\\sin\\theta", P),
    ("e^x a = a e^x", P),  # e^x·a: no slip likely, read as typeset
])
def test_an_unbraced_unit_exponent_before_a_name(tmp_path: Path, row: str, status: str | None) -> None:
    text = "```posenc\nlet i = \\mathrm{i}\nassume \\theta, x, a real\n```\n\n" + f"$${row}$$\n"
    report = report_of(tmp_path, text)
    assert [link.status for link in report.displays[0].links] == ([status] if status else [])
    if status is None:
        assert "two readings" in report.displays[0].read.unreadable


def test_names_given_one_value_together_are_an_example(tmp_path: Path) -> None:
    # f(x) = x^2 + c, then "for instance b = c = 0" and f(x) = x^2: line 7's formula at the example's c = 0, so no
    # finding of a second, different definition; without the example it is one
    base = "```posenc\nassume x, c real\n```\n\n$$f(x) = x^2 + c$$\n\n"
    again = report_of(tmp_path, base + "For instance, with $b = c = 0$:\n\n$$f(x) = x^2$$\n")
    assert not again.displays[1].read.findings and again.displays[1].links[0].status == U
    plain = report_of(tmp_path, base + "We now take:\n\n$$f(x) = x^2$$\n")
    assert plain.displays[1].read.findings
