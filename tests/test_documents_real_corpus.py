"""The collection of real notes (tests/documents/real): manifests well formed, every judged row where it says.

The manifests are the by-hand truth that ``tools/notes_corpus.py`` compares ``verify``'s verdicts with,
so a row must sit at its line with the text it quotes; a notebook's row is checked in its cell's
Markdown source and at the line of the ``.ipynb`` file that holds that source line. The scoring rules
of the script are tested on a made-up report.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import require_seeds

REAL = Path(__file__).resolve().parent / "documents" / "real"
JUDGEMENTS = {"definition", "true", "false", "not-math", "ambiguous"}
ROW_KEYS = {"line", "quote", "written", "meaning", "judgement", "why"}
DOCUMENT_KEYS = {"file", "source", "licence", "language", "covers", "rows"}


def _documents(name: str) -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = json.loads((REAL / name).read_text(encoding="utf-8"))["documents"]
    return documents


def _rows(name: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    return [(name, d, r) for d in _documents(name) for r in d["rows"]]


def _notebook_lines(path: Path) -> dict[int, tuple[int, int, str]]:
    """File line -> (cell, line in cell, source line) for every source line of a notebook's cells."""
    raw = path.read_text(encoding="utf-8").split("\n")
    cells = json.loads("\n".join(raw))["cells"]
    found: dict[int, tuple[int, int, str]] = {}
    position = 0
    for number, cell in enumerate(cells):
        source = cell["source"] if isinstance(cell["source"], list) else cell["source"].splitlines(True)
        for k, text in enumerate(source, start=1):
            while not _holds(raw[position], text):
                position += 1
            position += 1
            found[position] = (number, k, text.rstrip("\n"))
    return found


def _holds(raw_line: str, text: str) -> bool:
    """True if ``raw_line`` of a notebook file is the JSON string ``text`` (a source line of a cell)."""
    stripped = raw_line.strip().removesuffix(",")
    try:
        return stripped.startswith('"') and json.loads(stripped) == text
    except ValueError:  # a key: value line, not a bare string
        return False


def _line_text(path: Path, row: dict[str, Any]) -> str:
    if path.suffix == ".ipynb":
        cell, cell_line, text = _notebook_lines(path)[row["line"]]
        assert (cell, cell_line) == (row["cell"], row["cell_line"]), f"{path.name}:{row['line']}"
        return text
    return path.read_text(encoding="utf-8").split("\n")[row["line"] - 1]


@pytest.mark.parametrize("name", ["MANIFEST.json", "SEEDS.json"])
def test_manifest_is_well_formed(name: str) -> None:
    documents = _documents(name)
    assert documents
    for document in documents:
        assert set(document) >= DOCUMENT_KEYS, document["file"]
        assert document["licence"].strip() and document["covers"].strip() and document["rows"]
        source = document["source"]
        assert "seed" in source or re.fullmatch(r"[0-9a-f]{40}", source["commit"]), document["file"]
        lines = [row["line"] for row in document["rows"]]
        assert lines == sorted(lines), f"{document['file']}: rows out of document order"
        for row in document["rows"]:
            where = f"{document['file']}:{row['line']}"
            assert set(row) >= ROW_KEYS, where
            assert row["judgement"] in JUDGEMENTS, where
            assert isinstance(row["line"], int) and row["line"] > 0, where
            assert row["quote"].strip() and row["written"].strip() and row["meaning"].strip(), where
            if row["judgement"] in ("false", "ambiguous"):
                assert len(row["why"]) > 20, f"{where}: a {row['judgement']} row says why"


def test_development_files_are_exactly_the_manifests_documents() -> None:
    listed = {d["file"] for d in _documents("MANIFEST.json")}
    present = {p.name for p in REAL.iterdir()} - {"MANIFEST.json", "SEEDS.json", "README.md"}
    assert listed == present


@pytest.mark.parametrize(("name", "document", "row"), _rows("MANIFEST.json"),
                         ids=lambda v: f"{v['file']}" if isinstance(v, dict) and "file" in v else
                         (f"{v['line']}" if isinstance(v, dict) else str(v)))
def test_development_row_is_at_its_line(name: str, document: dict[str, Any], row: dict[str, Any]) -> None:
    text = _line_text(REAL / document["file"], row)
    assert row["quote"] in text, f"{document['file']}:{row['line']}: {row['quote']!r} not in {text!r}"


@pytest.mark.parametrize(("name", "document", "row"), _rows("SEEDS.json"),
                         ids=lambda v: f"{v['file']}" if isinstance(v, dict) and "file" in v else
                         (f"{v['line']}" if isinstance(v, dict) else str(v)))
def test_seed_row_is_at_its_line(name: str, document: dict[str, Any], row: dict[str, Any]) -> None:
    text = _line_text(require_seeds() / document["file"], row)
    assert row["quote"] in text, f"{document['file']}:{row['line']}: {row['quote']!r} not in {text!r}"


@functools.cache
def _tool() -> Any:
    path = Path(__file__).resolve().parent.parent / "tools" / "notes_corpus.py"
    spec = importlib.util.spec_from_file_location("notes_corpus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("judgement", "status", "wrong", "decided"), [
    ("false", "proven", True, True), ("false", "checked", True, True), ("false", "definition", True, True),
    ("false", "refuted", False, True), ("false", "unknown", False, False),
    ("true", "refuted", True, True), ("true", "proven", False, True), ("true", "definition", False, True),
    ("definition", "refuted", True, True), ("definition", "definition", False, True),
    ("definition", "approximate", False, False),
    ("ambiguous", "proven", True, True), ("ambiguous", "definition", True, True), ("ambiguous", "unknown", False, False),
    ("not-math", "refuted", True, True), ("not-math", "unknown", False, False),
    ("true", "defines", False, False),  # a status the script does not know: read, not decided, listed
])
def test_scoring_of_one_row(judgement: str, status: str, wrong: bool, decided: bool) -> None:
    tool = _tool()
    result = tool.DocumentResult("notes.md", 1)
    row = {"line": 3, "quote": "a = b", "written": "a = b", "judgement": judgement, "why": ""}
    tool._score(result, row, {"line": 3, "status": status, "written": "a = b"})
    assert (result.read, result.decided, bool(result.wrong)) == (1, int(decided), wrong)
    assert sum(result.new_statuses.values()) == (status == "defines")


def test_rows_are_matched_by_line_in_order_and_unread_rows_are_blamed_on_their_display(tmp_path: Path,
                                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    report = {"summary": {"seconds": 0.5}, "claims": [
        {"line": 2, "unreadable": None, "links": [{"line": 2, "status": "proven", "written": "x = y"},
                                                  {"line": 2, "status": "refuted", "written": "y = z"}]},
        {"line": 5, "unreadable": {"line": 6, "reason": "'PE' is not declared"}, "written": "u < v \\\\\n PE = 1",
         "links": [{"line": 5, "status": "checked", "written": "u < v"}]},
    ]}
    rows = [{"line": 2, "quote": "x = y", "written": "x = y", "judgement": "true", "why": ""},
            {"line": 2, "quote": "y = z", "written": "y = z", "judgement": "true", "why": ""},
            {"line": 5, "quote": "u < v", "written": "u < v", "judgement": "true", "why": ""},
            {"line": 6, "quote": "PE = 1", "written": "PE = 1", "judgement": "definition", "why": ""},
            {"line": 9, "quote": "w = 1", "written": "w = 1", "judgement": "definition", "why": ""}]
    monkeypatch.setattr(tool, "run_verify", lambda path, notation, timeout: (report, 1.0, ""))
    result = tool.measure({"file": "notes.md", "rows": rows}, tmp_path, None, 60.0)
    assert (result.rows, result.read, result.decided, len(result.wrong)) == (5, 3, 3, 1)
    assert result.wrong == ["notes.md:2: refuted on a row judged true: y = z"]
    # line 6 sits in the display of line 5 (lines 5-7), unreadable from line 6; line 9 is in no display.
    assert dict(result.stops) == {"'PE' is not declared": 1, tool.NOT_FOUND: 1}
