"""Notes read with a minimal declaration block (issue 23: a block at the top must not read fewer rows).

A primed name can be declared, as the reader names it. Each row is a small document and the verdict of
each of its links, worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

from .document_links import report_of

P, R, U = "proven", "refuted", "unknown"


def _block(*lines: str) -> str:
    return "```posenc\n" + "\n".join(lines) + "\n```\n\n"


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    """(line, status) of every link; a display that cannot be read, (its line, unknown)."""
    return [(link.line, link.status) for display in report_of(tmp_path, text).displays
            for link in (display.links or [display])]


@pytest.mark.parametrize(("text", "links"), [
    (_block("assume L' positive") + "$$L' + 1 > 1$$\n\n$$L' > 1$$\n", [(5, P), (7, R)]),
    (_block("assume j' integer") + "$$\\cos(2 \\pi j') = 1$$\n", [(5, P)]),
    # \prime and a relation: L′ > 1 declares L′ (real) with its bound
    (_block("assume L^{\\prime} > 1") + "$$L' > 0$$\n\n$$L' > 2$$\n", [(5, P), (7, R)]),
    # j'' (two primes) in a relation, after its domain: an integer below 4 is at most 3
    (_block("assume j'' integer", "assume 0 \\le j'' < 4") + "$$j'' \\le 3$$\n\n$$j'' \\le 2$$\n", [(6, P), (8, R)]),
    # near-miss: undeclared, j′ is a name of its own nothing says is an integer: not decided
    ("$$\\cos(2 \\pi j') = 1$$\n", [(1, U)]),
])
def test_primed_names_can_be_declared(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("declaration", "message"), [
    ("assume L'x real", "cannot read the declaration 'assume L'x real': 'L'x' is not a symbol"),
    ("assume L^2 real", "cannot read the declaration 'assume L^2 real': 'L^2' is not a symbol"),
])
def test_a_prime_that_is_no_name_is_still_refused(tmp_path: Path, declaration: str, message: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text(_block(declaration) + "$$ 1 = 1 $$\n", encoding="utf-8")
    assert [p.message for p in check_document(path).problems] == [message]
