"""Check a document: apply its declarations in order, read and decide each display after them.

>>> import pathlib, tempfile
>>> text = "```posenc\\nassume x real\\n```\\n\\n$$\\\\sin^2 x + \\\\cos^2 x = 1$$\\n"
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "notes.md"); _ = path.write_text(text)
...     report = check_document(path)
>>> [(r.line, r.status) for r in report.displays], report.exit_status
([(5, 'proven')], 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import PosencSymError
from ..notation.presets import PRESETS
from .claims import read_display
from .context import Context
from .decide import DisplayResult, decide_display
from .declarations import DeclarationError, apply_declaration
from .extract import Declaration, Kind
from .places import Place, place_of
from .source import Format, load_document

__all__ = ["DocumentProblem", "DocumentReport", "check_document", "preset_context"]


@dataclass(frozen=True)
class DocumentProblem:
    """A bad declaration (or an unreadable file): one line, with file:line (and its cell in a notebook)."""

    file: str
    line: int
    message: str
    place: Place | None = None  # where line is in a notebook

    def __str__(self) -> str:
        where = self.place or (Place(self.line) if self.line else None)
        return f"{self.file}:{where}: {self.message}" if where else f"{self.file}: {self.message}"


@dataclass(frozen=True)
class DocumentReport:
    """Every display of one document with its verdict, in document order, and the problems met."""

    file: str
    displays: tuple[DisplayResult, ...]
    problems: tuple[DocumentProblem, ...]
    seconds: float
    text: str
    kind: Kind
    file_format: Format | None = None  # None: the format of ``kind`` (Markdown or LaTeX)

    @property
    def exit_status(self) -> int:
        """2 for a bad declaration, else 1 for an unexpected verdict, else 0."""
        if self.problems:
            return 2
        return 1 if any(d.unexpected for d in self.displays) else 0


def preset_context(notation: str | None) -> Context:
    """A context with the declarations of a ``--notation`` preset (empty for None)."""
    ctx = Context()
    if notation is None:
        return ctx
    if notation not in PRESETS:
        raise PosencSymError(f"--notation {notation!r} is not a preset; use one of {', '.join(sorted(PRESETS))}")
    for line in PRESETS[notation]:
        apply_declaration(line, ctx)
    return ctx


def check_document(path: Path, *, notation: str | None = None, name: str | None = None,
                   on_display: Callable[[DisplayResult], object] | None = None) -> DocumentReport:
    """Check the document at ``path``; ``on_display`` hears of each display as it is decided."""
    start = time.perf_counter()
    document = load_document(path, name)
    ctx = preset_context(notation)
    problems: list[DocumentProblem] = []
    results: list[DisplayResult] = []
    for item in document.items:
        if isinstance(item, Declaration):
            try:
                apply_declaration(item.text, ctx)
            except DeclarationError as exc:
                place = place_of(item.cell, item.line)
                problems.append(DocumentProblem(document.file, place.line, str(exc), place))
            continue
        ctx.bound_conditions.clear()
        read = read_display(item, ctx)
        if not read.has_relation:
            continue  # a display with no relation states nothing to check
        # A notation bound outside what can be shown in range holds only where it is defined.
        conditions = (*ctx.conditions, *ctx.bound_conditions)
        result = decide_display(read, conditions, f"doc.d{item.line}")
        results.append(result)
        if on_display is not None:
            on_display(result)
    return DocumentReport(document.file, tuple(results), tuple(problems), time.perf_counter() - start,
                          document.text, document.kind, document.format)
