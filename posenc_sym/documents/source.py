"""A document file as read: its format (from the suffix), its text, and its declarations and displays.

========== ================================ ==================================================
format     suffixes                         read as
========== ================================ ==================================================
markdown   ``.md``, ``.markdown``, ``.txt`` Markdown
latex      ``.tex``                         LaTeX
notebook   ``.ipynb``                       each Markdown cell as Markdown; code cells skipped
quarto     ``.qmd``, ``.rmd``               Markdown (code chunks and front matter skipped)
========== ================================ ==================================================

A document that cannot be read as written is refused with a :class:`~posenc_sym.errors.PosencSymError`
naming the file, the line and the fix: a display opened and never closed, a file with no display
at all (an empty file among them), a notebook that is not one.

>>> format_of(".ipynb"), format_of(".QMD"), format_of(".py")
('notebook', 'quarto', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..errors import PosencSymError
from .extract import Display, DocumentError, Item, Kind, extract
from .macros import Macros
from .markdown_escapes import escapes_undone
from .notebook import NotebookError, notebook_cells
from .places import Cell

__all__ = ["FORMAT_NAMES", "SUFFIXES", "Document", "Format", "format_of", "load_document"]

Format = Literal["markdown", "latex", "notebook", "quarto"]

_FORMATS: dict[str, Format] = {".md": "markdown", ".markdown": "markdown", ".txt": "markdown", ".tex": "latex",
                               ".ipynb": "notebook", ".qmd": "quarto", ".rmd": "quarto"}
#: The suffixes of documents, as a message lists them.
SUFFIXES = ", ".join(_FORMATS)
#: Each format's name and the suffix of its annotated copy, as a message names them.
FORMAT_NAMES: dict[Format, tuple[str, str]] = {"markdown": ("Markdown", ".md"), "latex": ("LaTeX", ".tex"),
                                               "notebook": ("a Jupyter notebook", ".ipynb"),
                                               "quarto": ("Quarto", ".qmd")}


def format_of(suffix: str) -> Format | None:
    """The format of a document file from its suffix, None for anything else."""
    return _FORMATS.get(suffix.lower())


@dataclass(frozen=True)
class Document:
    """A document as read: its file (as shown), format, whole text, and items in document order."""

    file: str
    format: Format
    text: str
    items: tuple[Item, ...]

    @property
    def kind(self) -> Kind:
        """The syntax its math is read in: LaTeX for ``.tex``, Markdown for the rest."""
        return "latex" if self.format == "latex" else "markdown"


def load_document(path: Path, shown: str | None = None) -> Document:
    """Read the document at ``path`` (named ``shown`` in messages); a bad document is refused."""
    shown = shown or str(path)
    fmt = format_of(path.suffix)
    if fmt is None:
        raise PosencSymError(f"{shown}: a document must end in {SUFFIXES}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PosencSymError(f"{shown}: cannot read the file ({exc}); pass a UTF-8 text file") from None
    if not text.strip():
        raise PosencSymError(f"{shown}: the file is empty; there is nothing to check")
    if fmt not in ("latex", "notebook"):
        text = escapes_undone(text)  # \begin{align\*}, \\( … \\): math escaped for Markdown (ox-hugo)
    try:
        items = _notebook_items(text) if fmt == "notebook" else extract(text, "latex" if fmt == "latex" else "markdown")
    except DocumentError as exc:
        raise PosencSymError(f"{shown}:{exc.place}: {exc.message}") from None
    except NotebookError as exc:
        raise PosencSymError(f"{shown}: {exc}") from None
    if not any(isinstance(item, Display) and (item.body.strip() or item.problem) for item in items):
        where = " in its Markdown cells" if fmt == "notebook" else ""
        raise PosencSymError(f"{shown}: no display to check{where} (no $$ … $$, \\[ … \\], ```math block or "
                             "equation/align environment; inline $ … $ math is not checked); write each claim "
                             "as a display")
    return Document(shown, fmt, text, tuple(items))


def _notebook_items(text: str) -> list[Item]:
    """The items of each Markdown cell, in order; macros defined in a cell hold in the later ones."""
    macros = Macros()
    items: list[Item] = []
    for cell in notebook_cells(text):
        if cell.kind == "markdown":
            items += extract(cell.source, "markdown", macros=macros, cell=Cell(cell.index, cell.file_lines))
    return items
