"""Off-by-one numbering is refused with both readings named, never refuted (issue 23; brief O item 1).

A text defines an indexed name counting from one start and lists examples counting from the next: the
rows are false under the definition and hold with the index shifted by one. The definitions are the
field's two countings as public notes write them: θ_i = 10000^{-2i/d} from 0 (math.awsome.icu, "18-04
Rotary Position Embeddings (RoPE) — Deep": θ_i = base^(−2i/d), θ₀ … θ_{d/2−1}) and θ_k = 10000^{-2(k-1)/d}
from 1 (1cademy, "Calculation of RoPE Frequency Parameters", k from 1 to d/2, as RoFormer counts). The
examples were worked out by hand: 10000^{-0/128} = 1 is θ_0 of the first at any d and θ_1 of the second;
10000^{-126/128} is θ_63 of the first at d = 128 (126 = 2·63), θ_64 of it only at d = 128·128/126, not an
even integer. Where a slip is false under both numberings it stays refuted.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

P, R, U, D = "proven", "refuted", "unknown", "definition"

FROM_0 = "$$\n\\theta_{i} = 10000^{-2i/d_{model}}\n$$\n\n"
FROM_1 = "$$ \\theta_k = 10000^{-2(k-1)/d} $$\n\n"
SAY = ("say which is meant: renumber the row, or declare \\theta with let in a posenc block (its rows are then "
       "read with its numbering)")


def _two(row: str, index: int, other: int, line: int, way: str, at: str, value: str, fails: str) -> str:
    """The whole note, as a pattern: the point where the row fails is the engine's (any such point is one)."""
    where = f", at {at}" if at else ""
    return re.escape(f"{row} has two readings: it holds if \\theta is numbered one {way} than in the definition of line {line} "
            f"(\\theta_{{{index}}} = that \\theta_{{{other}}}{where}); with the numbering of line {line}, "
            f"\\theta_{{{index}}} = {value} and the row {fails}; {SAY}").replace("POINT", r"\d+")


@pytest.mark.parametrize(("text", "links"), [
    # θ numbered from 0 in the definition, from 1 in the examples (RoFormer's count): refused, both named
    (FROM_0 + "$$ \\theta_1 = 10000^{-0/128} = 1 $$\n", [
        (2, D, re.escape("defines \\theta_{i}")),
        (5, U, _two("\\theta_1 = 10000^{-0/128}", 1, 0, 2, "higher", "",
                    "10000^{- \\frac{2}{d_{\\text{model}}}}", "fails at d_model = POINT")),
        (5, P, "")]),
    (FROM_0 + "$$ \\theta_2 = 10000^{-2/128} $$\n", [
        (2, D, re.escape("defines \\theta_{i}")),
        (5, U, _two("\\theta_2 = 10000^{-2/128}", 2, 1, 2, "higher", "d_model = 128",
                    "10000^{- \\frac{4}{d_{\\text{model}}}}", "fails at d_model = POINT"))]),
    (FROM_0 + "$$ \\theta_{64} = 10000^{-126/128} $$\n", [
        (2, D, re.escape("defines \\theta_{i}")),
        (5, U, _two("\\theta_{64} = 10000^{-126/128}", 64, 63, 2, "higher", "d_model = 128",
                    "10000^{- \\frac{128}{d_{\\text{model}}}}", "fails at d_model = POINT"))]),
    # the brief's list in one display: each row bounded by its own index's range only (θ_64's 64 < d/2 is no
    # condition on θ_2, which holds at d = 128 numbered from 1)
    (FROM_0 + "$$ \\theta_1 = 10000^{-0/128} = 1, \\quad \\theta_2 = 10000^{-2/128}, \\quad "
     "\\theta_{64} = 10000^{-126/128} $$\n", [
        (2, D, re.escape("defines \\theta_{i}")),
        (5, U, _two("\\theta_1 = 10000^{-0/128}", 1, 0, 2, "higher", "",
                    "10000^{- \\frac{2}{d_{\\text{model}}}}", "fails at d_model = POINT")),
        (5, P, ""),
        (5, U, _two("\\theta_2 = 10000^{-2/128}", 2, 1, 2, "higher", "d_model = 128",
                    "10000^{- \\frac{4}{d_{\\text{model}}}}", "fails at d_model = POINT")),
        (5, U, _two("\\theta_{64} = 10000^{-126/128}", 64, 63, 2, "higher", "d_model = 128",
                    "10000^{- \\frac{128}{d_{\\text{model}}}}", "fails at d_model = POINT"))]),
    # θ numbered from 1 in the definition, from 0 in the examples: the other shift
    (FROM_1 + "$$ \\theta_0 = 1 $$\n", [
        (1, D, re.escape("defines \\theta_k")),
        (3, U, _two("\\theta_0 = 1", 0, 1, 1, "lower", "", "10000^{\\frac{2}{d}}", "fails at d = POINT"))]),
    (FROM_1 + "$$ \\theta_1 = 10000^{-2/128} $$\n", [
        (1, D, re.escape("defines \\theta_k")),
        (3, U, _two("\\theta_1 = 10000^{-2/128}", 1, 2, 1, "lower", "d = 128", "1", "fails"))]),
])
def test_a_row_that_holds_with_its_index_shifted_by_one_is_refused(tmp_path: Path, text: str,
                                                                   links: list[tuple[int, str, str]]) -> None:
    found = _links(tmp_path, text)
    assert [(line, status) for line, status, _ in found] == [(line, status) for line, status, _ in links]
    for (_, _, note), (_, _, pattern) in zip(found, links, strict=True):
        assert re.fullmatch(pattern, note), note


@pytest.mark.parametrize(("text", "links"), [
    # a slip false under both numberings stays refuted: 124 is neither 2·64 nor 2·63 at an even width
    (FROM_0 + "$$ \\theta_{64} = 10000^{-124/128} $$\n", [(2, D), (5, R)]),
    # ... and θ_3 = 10000^{-6/d} meets 10000^{-3/128} only at d = 256, a width the row does not write
    (FROM_0 + "$$ \\theta_2 = 10000^{-3/128} $$\n", [(2, D), (5, R)]),
    (FROM_1 + "$$ \\theta_0 = 2 $$\n", [(1, D), (3, R)]),
    # the numbering of the definition, kept: proven, with no second reading sought
    (FROM_0 + "$$ \\theta_0 = 1 $$\n", [(2, D), (5, P)]),
    # a name declared with let fixes the numbering (the override): its rows are refuted when false
    ("```posenc\nassume d even positive\nassume i integer\nlet \\theta_i = 10000^{-2i/d}\n```\n\n"
     "$$ \\theta_1 = 1 $$\n", [(7, R)]),
    # a subscript that is not an integer is not renumbered: θ_{1/2} is no example of a count
    (FROM_0 + "$$ \\theta_{j} = 1 $$\n", [(2, D), (5, R)]),
    # two patterns (2i, 2i+1): a shift would move between them, so none is tried
    ("$$ p_{2j} = \\sin(10000^{-2j/d}) $$\n\n$$ p_{2j+1} = \\cos(10000^{-2j/d}) $$\n\n$$ p_{1} = \\sin(1) $$\n",
     [(1, D), (3, D), (5, R)]),
    # a shifted index outside the stated range is no reading: θ_{-1} does not exist for i = 0, 1, …
    ("$$\n\\theta_{i} = 10000^{-2i/d}, \\quad i = 0, 1, \\ldots, d/2 - 1\n$$\n\n$$ \\theta_0 = 10000^{2/d} $$\n",
     [(2, D), (2, D), (5, R)]),
])
def test_where_the_index_is_not_shifted(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert [(line, status) for line, status, _ in _links(tmp_path, text)] == links


def test_the_index_range_at_the_written_index_bounds_the_row(tmp_path: Path) -> None:
    """θ_64 exists only where 64 ≤ d/2 - 1: the row as written is refuted at a width where it exists."""
    text = ("$$\n\\theta_{i} = 10000^{-2i/d}, \\quad i = 0, 1, \\ldots, d/2 - 1\n$$\n\n"
            "$$ \\theta_{64} = 10000^{-124/128} $$\n")
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    (link,) = check_document(path).displays[1].links
    assert link.status == R and link.verdict is not None and link.verdict.counterexample is not None
    assert {str(k): v for k, v in link.verdict.counterexample.items()} == {"d": 130}


# The same list under a declared range (as --notation sinusoidal declares 0 <= i < d_model/2 for a text that
# writes PE_{(pos,2i)}): each subscript binds the range at its index for the whole display (64 < d_model/2
# from θ_64), but the second reading of θ_2 and θ_3 is sought at the width the row writes, d_model = 128,
# which only θ_64's own bound excludes. A slip false under both numberings is still refuted.
PE_FIRST = "$$ PE_{(pos,2i)} = \\sin(pos/10000^{2i/d_{model}}) $$\n\n"
DECLARED = "```posenc\nassume i integer\nassume d_{model} even positive\nassume 0 \\le i < d_{model}/2\n```\n\n"


@pytest.mark.parametrize(("before", "notation"), [("", None), (PE_FIRST, "sinusoidal"), (DECLARED, None)])
def test_a_list_under_a_declared_range_keeps_both_readings(tmp_path: Path, before: str, notation: str | None) -> None:
    text = (before + FROM_0 + "$$\n\\begin{aligned}\n\\theta_1 &= 10000^{-0/128} \\\\\n"
            "\\theta_2 &= 10000^{-2/128} \\\\\n\\theta_3 &= 10000^{-4/128} \\\\\n"
            "\\theta_{64} &= 10000^{-126/128} \\\\\n\\theta_2 &= 10000^{-3/128}\n\\end{aligned}\n$$\n")
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path, notation=notation)
    assert [link.status for link in report.displays[-1].links] == [U, U, U, U, R]


def _links(tmp_path: Path, text: str) -> list[tuple[int, str, str]]:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    assert not report.problems
    return [(link.line, link.status, link.note if link.status != P else "") for display in report.displays
            for link in display.links]
