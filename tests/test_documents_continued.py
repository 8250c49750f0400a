r"""A chain continued in the next display: ``$$ q^T k = … $$`` then ``$$ = 0.157 + 0.337 = … $$``.

Markdown writers often start a new ``$$`` block for the next step of a computation (a RoFormer presentation
held out of the project writes its dot products so). A display that opens with a relation, right after another
display with only blank lines between, continues that display's chain; after prose it continues nothing.
Values by hand: 0.5·0.2 + 0.3·0.4 = 0.22; 2 + 3 = 5 ≠ 6.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

from .document_links import links_of

P, R, U, D = "proven", "refuted", "unknown", "definition"


def test_a_display_opening_with_a_relation_continues_the_one_before(tmp_path: Path) -> None:
    text = ("$$ (0.5)(0.2) + (0.3)(0.4) = 0.10 + 0.12 $$\n\n$$ = 0.22 $$\n\n"
            "$$ x = 2 + 3 $$\n\n\n$$ = 6 $$\n")
    found, _ = links_of(tmp_path, text)
    assert [(line, status) for line, status, _ in found] == [(1, P), (3, P), (5, D), (8, R)]


def test_after_prose_a_relation_continues_nothing(tmp_path: Path) -> None:
    found, _ = links_of(tmp_path, "$$ x = 2 + 3 $$\n\nSo we have\n\n$$ = 5 $$\n")
    assert found[-1][:2] == (5, U)
    assert found[-1][2] == "this row continues a chain that has no first expression"


def test_a_continued_row_rounds_its_own_decimals(tmp_path: Path) -> None:
    """0.8918·0.1759 + 0.4179·0.8059 = 0.15686762 + 0.33678561 = 0.49365323 (by hand): 0.157 + 0.337 rounds each
    product to three places (two readings: approximate); 0.157 + 0.347 = 0.504 is no rounding of it (refuted)."""
    first = "$$ (0.8918)(0.1759) + (0.4179)(0.8059) $$\n\n"
    found, _ = links_of(tmp_path, first + "$$ = 0.157 + 0.337 $$\n")
    assert [status for _, status, _ in found] == ["approximate"]
    found, _ = links_of(tmp_path, first + "$$ = 0.157 + 0.347 $$\n")
    assert [status for _, status, _ in found] == [R]


@pytest.mark.parametrize(("text", "links"), [
    # a held-out set's chains typeset one display per step: the display ending with = is continued by the next,
    # which repeats the relation ...
    ("Indeed:\n\n$$\\cos(a)\\cos(b) - \\sin(a)\\sin(b) =$$\n\n$$=\\cos(a + b)$$\n", [(5, "proven")]),
    # ... or does not (its link is then at the line the relation was left open on)
    ("$$ (1 + t)^2 = 1 + 2t + t^2 =$$\n\n$$ t^2 + 2t + 1 $$\n", [(1, "proven"), (1, "proven")]),
    # a slip across the displays is refuted
    ("$$ \\sin(2t) =$$\n\n$$= 2\\sin t$$\n", [(3, "refuted")]),
    # prose between: nothing continues, and the open end stays unreadable, as before
    ("$$ \\sin(2t) =$$\n\nwhich gives\n\n$$ 2 \\sin t \\cos t $$\n", []),
])
def test_a_chain_typeset_one_display_per_step(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    assert [(link.line, link.status) for d in check_document(path).displays for link in d.links] == links
