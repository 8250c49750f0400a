"""The property table: tags to cells, answers from verdicts, the text and JSON forms, --table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy

from posenc_sym.catalog import builtin_root, load_catalog
from posenc_sym.cli import main
from posenc_sym.proof.claim import Claim, Derivation
from posenc_sym.proof.verdict import Verdict
from posenc_sym.report.table import PROPERTIES, build_table, encodings, table_document, table_lines
from posenc_sym.runner import ClaimResult, run_catalog

x = sympy.Symbol("x", real=True)


def _result(cid: str, status: str, *tags: str) -> ClaimResult:
    claim = Claim(cid, cid, x, x, tags=tags)
    verdict = Verdict(status, counterexample={} if status == "refuted" else None)  # type: ignore[arg-type]
    return ClaimResult(claim, verdict, "f.py", Derivation("d", "d", (claim,)), 0.0)


@pytest.mark.parametrize(
    ("status", "negated", "answer"),
    [
        ("proven", False, "yes"), ("refuted", False, "no"), ("checked", False, "checked yes"),
        ("unknown", False, "?"), ("proven", True, "no"), ("refuted", True, "yes"),
        ("checked", True, "checked no"), ("unknown", True, "?"),
    ],
)
def test_answer_follows_verdict_and_polarity(status: str, negated: bool, answer: str) -> None:
    tag = "table:rope:bounded" + (":negated" if negated else "")
    cell = build_table([_result("c.one", status, tag)]).cell("rope", "bounded")
    assert (cell.answer, cell.status, cell.claim_id) == (answer, status, "c.one")


def test_the_strongest_evidence_decides_and_opposite_strong_claims_conflict() -> None:
    table = build_table([
        _result("c.weak", "checked", "table:rope:distinct"),
        _result("c.strong", "proven", "table:rope:distinct"),
        _result("c.yes", "proven", "table:alibi:bounded"),
        _result("c.no", "proven", "table:alibi:bounded:negated"),
    ])
    assert table.cell("rope", "distinct").summary == "yes (proven, c.strong)"
    assert table.cell("alibi", "bounded").answer == "conflict"


def test_unknown_rows_and_columns_are_appended_and_bad_tags_ignored() -> None:
    table = build_table([
        _result("c.a", "proven", "table:xpos:bounded"),
        _result("c.b", "proven", "table:rope:causal"),
        _result("c.c", "proven", "table:rope", "table:rope:bounded:maybe", "other"),
    ])
    assert [e for e, _ in table.encodings][-1] == "xpos"
    assert [p[0] for p in table.properties][-1] == "causal"
    assert table.cell("rope", "bounded").claim_id is None


def test_lines_and_document_cover_every_cell() -> None:
    table = build_table([_result("c.one", "proven", "table:rope:bounded")])
    lines = table_lines(table)
    assert len(lines[0].split(" | ")) == 1 + len(PROPERTIES)
    assert "  RoPE / bounded: yes (proven, c.one)" in lines
    doc = table_document(table)
    assert len(doc["cells"]) == len(encodings()) * len(PROPERTIES)
    json.dumps(doc)


# The table the project's claims must produce: the truth of each cell, worked out by hand from the
# definitions (see docs/encodings.md for the argument behind each cell), not copied from a run.
# Whether a true cell is proven or only checked is SymPy's business, tested separately below.
EXPECTED = {
    "integer": ["no", "yes", "yes", "yes", "no", "no"],
    "unit_interval": ["yes", "yes", "no", "yes", "no", "no"],
    "binary": ["yes", "no", "yes", "yes", "no", "no"],
    "sin_pow2": ["yes", "yes", "yes", "yes", "no", "no"],
    "sin_geometric": ["yes", "yes", "yes", "yes", "no", "no"],
    "learned": ["yes", "no", "yes", "no", "no", "no"],
    "sinusoidal": ["yes"] * 6,
    "rope": ["yes"] * 6,
    "alibi": ["no", "yes", "yes", "yes", "yes", "yes"],
}
FILES = ("naive_encodings.py", "encoding_properties.py", "rope.py", "alibi.py")
#: Functions SymPy's assumptions cannot bound: a claim about them can only be checked numerically.
UNBOUNDABLE = (sympy.Mod, sympy.floor, sympy.frac)


def test_the_built_in_claims_fill_the_table_as_worked_out_by_hand() -> None:
    catalog = load_catalog([builtin_root() / f for f in FILES])
    claims = {claim.id: claim for claim, _ in catalog.claims}
    table = build_table(run_catalog(catalog))
    cells = {(enc, p[0]): table.cell(enc, p[0]) for enc, _ in encodings() for p in PROPERTIES}
    truth = {"yes": "yes", "checked yes": "yes", "no": "no", "checked no": "no"}
    got = {enc: [truth.get(cells[enc, p[0]].answer, cells[enc, p[0]].answer) for p in PROPERTIES]
           for enc, _ in encodings()}
    assert got == EXPECTED
    # A cell is only "checked" where its claim involves a function SymPy cannot bound (the bits of
    # the binary encoding are remainders mod 2); everywhere else the engine must prove it.
    for key, cell in cells.items():
        if cell.answer.startswith("checked"):
            assert cell.claim_id is not None, key
            claim = claims[cell.claim_id]
            assert any(side.has(*UNBOUNDABLE) for side in (claim.lhs, claim.rhs)), (key, cell.claim_id)


def test_verify_table_option_prints_and_embeds_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "one.py").write_text(
        "import sympy\nfrom posenc_sym import Claim, Derivation\n"
        "x = sympy.Symbol('x', real=True)\n"
        "DERIVATION = Derivation('one', 'one', (Claim('one.c', 'c', sympy.sin(x)**2 + sympy.cos(x)**2, 1,"
        " scope='x real', tags=('table:rope:bounded',)),))\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["verify", "one.py", "--table"]) == 0
    out = capsys.readouterr().out
    assert "  RoPE / bounded: yes (proven, one.c)" in out
    assert main(["verify", "one.py", "--table", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    cell = next(c for c in doc["table"]["cells"] if (c["encoding"], c["property"]) == ("rope", "bounded"))
    assert (cell["answer"], cell["status"], cell["claim"]) == ("yes", "proven", "one.c")
    assert main(["verify", "one.py", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"] == doc["table"]  # --json always carries it
