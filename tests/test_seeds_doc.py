"""``docs/seeds.md`` and its generator ``tools/seeds_doc.py`` (a repository tool, not in the wheel).

The renderer is tested on small hand-written ``verify --json`` documents (tables of cases). The
sync test regenerates the page from the seed derivations with the real engine and compares it
with the committed file; after a deliberate change, refresh it with
``POSENC_SYM_UPDATE_SEEDS_DOC=1 pytest tests/test_seeds_doc.py`` (or
``python tools/seeds_doc.py``) and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import load_tool, require_seeds

seeds_doc = load_tool("seeds_doc")

DOC = Path(__file__).resolve().parents[1] / "docs" / "seeds.md"


def _claim(cid: str, document: str, status: str, expected: str | None = None,
           **extra: Any) -> dict[str, Any]:
    claim: dict[str, Any] = {
        "id": cid, "title": f"title of {cid}", "file": "f.py", "derivation": "seeds.docx",
        "status": status, "expected": expected or status, "unexpected": False,
        "scope": "", "assumptions": [], "counterexample": None, "seconds": 0.01, "method": "m",
        "reason": "r", "lhs_value": None, "rhs_value": None, "difference": None,
        "source": {"document": document, "quote": "q", "locator": "§"}, "tags": [], "links": [],
    }
    claim.update(extra)
    return claim


@pytest.mark.parametrize(
    ("statuses", "row"),
    [
        (["proven"], "| `000_02f08a127fa96913.txt` | 1 | 1 | 0 | 0 | 0 | 0 |"),
        (["proven", "refuted", "checked", "unknown"],
         "| `000_02f08a127fa96913.txt` | 4 | 1 | 1 | 1 | 1 | 0 |"),
        (["refuted", "refuted"], "| `000_02f08a127fa96913.txt` | 2 | 0 | 2 | 0 | 0 | 0 |"),
    ],
)
def test_summary_counts_each_status(statuses: list[str], row: str) -> None:
    claims = [_claim(f"c{n}", seeds_doc.SEED_DOCUMENTS[0], s) for n, s in enumerate(statuses)]
    table = seeds_doc.render_summary(seeds_doc.group_by_document(claims)).splitlines()
    assert table[2] == row
    assert table[3] == "| **all** | " + row.split("| ", 2)[2]


def test_summary_orders_seed_documents_and_counts_unexpected() -> None:
    claims = [
        _claim("b", seeds_doc.SEED_DOCUMENTS[3], "proven", expected="refuted"),
        _claim("a", seeds_doc.SEED_DOCUMENTS[1], "unknown"),
        _claim("z", "other.txt", "checked"),
    ]
    rows = seeds_doc.render_summary(seeds_doc.group_by_document(claims)).splitlines()[2:]
    assert rows == [
        f"| `{seeds_doc.SEED_DOCUMENTS[1]}` | 1 | 0 | 0 | 0 | 1 | 0 |",
        f"| `{seeds_doc.SEED_DOCUMENTS[3]}` | 1 | 1 | 0 | 0 | 0 | 1 |",
        "| `other.txt` | 1 | 0 | 0 | 1 | 0 | 0 |",
        "| **all** | 3 | 1 | 0 | 1 | 1 | 1 |",
    ]


@pytest.mark.parametrize(
    ("extra", "expected_lines"),
    [
        ({}, ["1. **proven** · § · quote `q`", "   title of c", "   Verdict: m: r"]),
        (
            {"status": "refuted", "expected": "refuted", "counterexample": {"d": "2", "b": "3"},
             "lhs_value": "1.5", "rhs_value": "2"},
            ["1. **refuted** · § · quote `q`", "   title of c",
             "   Verdict: m: r (counterexample b = 3, d = 2; left side ≈ 1.5, right side ≈ 2)"],
        ),
        (
            {"status": "checked", "expected": "proven", "scope": "d = 8",
             "tags": ["form:equivalent"]},
            ["1. **checked** (expected proven) · § · quote `q`",
             "   title of c — scope: d = 8 — formula: equivalent form", "   Verdict: m: r"],
        ),
    ],
)
def test_claim_lines(extra: dict[str, Any], expected_lines: list[str]) -> None:
    claim = _claim("c", "d.txt", "proven")
    claim.update(extra)
    assert seeds_doc.render_claim(1, claim).split("  \n") == expected_lines


def test_claim_note_and_multiline_quote() -> None:
    claim = _claim("c", "d.txt", "proven")
    claim["source"] = {"document": "d.txt", "quote": "a\n  b`c", "locator": ""}
    lines = seeds_doc.render_claim(2, claim, prose="why\nit holds").split("  \n")
    assert lines[0] == "2. **proven** · — · quote `` a b`c ``"
    assert lines[-1] == "   Note: why it holds"


def test_page_lists_problems_and_documents_in_order() -> None:
    report = {
        "claims": [_claim("x", seeds_doc.SEED_DOCUMENTS[2], "proven"),
                   _claim("y", seeds_doc.SEED_DOCUMENTS[0], "refuted")],
        "problems": [{"file": "bad.py", "claim": None, "message": "no DERIVATION"}],
    }
    page = seeds_doc.render(report, titles={seeds_doc.SEED_DOCUMENTS[0]: "Doc zero"})
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings == ["## Doc zero", f"## {seeds_doc.SEED_DOCUMENTS[2]}"]
    assert "- `bad.py`: no DERIVATION" in page


def test_docs_seeds_md_is_in_sync() -> None:
    # The page's "read straight from the LaTeX" section reads the seed documents themselves: without
    # them the page generated here is a different page, not a stale one (skipped; a failure in CI).
    require_seeds()
    generated = seeds_doc.generate()
    if os.environ.get("POSENC_SYM_UPDATE_SEEDS_DOC") == "1":  # only "1" rewrites, never "0"
        DOC.write_text(generated, encoding="utf-8")
    assert DOC.exists(), "docs/seeds.md is missing; run python tools/seeds_doc.py"
    assert DOC.read_text(encoding="utf-8") == generated, (
        "docs/seeds.md is stale; regenerate with POSENC_SYM_UPDATE_SEEDS_DOC=1 pytest tests/test_seeds_doc.py"
    )
