"""What the tables of the document tests compare: each link of a checked document, as (line, status, note).

The note is kept where it is the verdict's substance (an unknown row says why, a definition says what it
defines) and left out elsewhere; a display that cannot be read is one entry with its reason, at the line
of the token the reader stopped at.
"""

from __future__ import annotations

from pathlib import Path

from posenc_sym.documents.decide_document import DocumentReport, check_document

Row = tuple[int, str, str]


def report_of(tmp_path: Path, text: str, name: str = "notes.md") -> DocumentReport:
    """The report of ``text`` saved as ``name`` and checked (a document with problems fails the test)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    assert not report.problems
    return report


def links_of(tmp_path: Path, text: str) -> tuple[list[Row], list[str]]:
    """The rows of ``text`` saved as notes.md and checked, and the conventions the report says, in order."""
    report = report_of(tmp_path, text)
    found: list[Row] = []
    for display in report.displays:
        if display.read.unreadable:
            found.append((display.read.unreadable_line, display.status, display.read.unreadable))
        else:
            found += [(link.line, link.status, link.note if link.status in ("unknown", "definition") else "")
                      for link in display.links]
    return found, [c.text for d in report.displays for c in d.conventions]
