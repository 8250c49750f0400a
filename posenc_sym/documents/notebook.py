"""Jupyter notebooks (``.ipynb``): their Markdown cells read like Markdown, each line placed in the file.

A notebook is JSON; a cell's ``source`` is a list of lines (or one string). :func:`notebook_cells`
returns every cell with the line of the ``.ipynb`` file that holds each of its lines, so a verdict
names the cell, the line in it, and the file line an editor jumps to. Code and raw cells are kept
(for writing back) and never read. :func:`annotated_notebook` writes the notebook back with text
added after given lines of its cells: still a notebook, with every cell, output and metadata kept.

>>> text = '{"cells": [{"cell_type": "markdown", "metadata": {},\\n "source": ["# Title\\\\n",\\n "$$x = x$$"]}],\\n'
>>> text += ' "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
>>> [(c.index, c.kind, c.source, c.file_lines) for c in notebook_cells(text)]
[(0, 'markdown', '# Title\\n$$x = x$$', (2, 3))]
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import PosencSymError

__all__ = ["NotebookCell", "NotebookError", "annotated_notebook", "markdown_by_file_line", "notebook_cells"]


class NotebookError(PosencSymError):
    """A file that is not a notebook Jupyter would open; the message says what is wrong and the fix."""


@dataclass(frozen=True)
class NotebookCell:
    """A cell: its index (from 0), kind (``markdown``, ``code``, ``raw``), source, and the file line of
    each of its lines."""

    index: int
    kind: str
    source: str
    file_lines: tuple[int, ...]


def notebook_cells(text: str) -> tuple[NotebookCell, ...]:
    """The cells of the notebook ``text``, in order."""
    notebook = _parsed(text)
    offsets = _source_offsets(text)
    newlines = [match.start() for match in re.finditer("\n", text)]
    cells = []
    for index, cell in enumerate(notebook["cells"]):
        parts = [cell["source"]] if isinstance(cell["source"], str) else list(cell["source"])
        lines = [bisect.bisect_left(newlines, offset) + 1 for offset in offsets.get(index, [])]
        if len(lines) != len(parts):  # the positions could not be found: place the cell at its start
            lines = [lines[0] if lines else 1] * len(parts)
        cells.append(NotebookCell(index, str(cell.get("cell_type", "")), "".join(parts), _line_map(parts, lines)))
    return tuple(cells)


def markdown_by_file_line(text: str) -> str | None:
    """The notebook's Markdown as one Markdown text whose line n is what the file's line n holds of a Markdown
    cell (blank for code, outputs and JSON), so headings and formulas keep the file's lines; None where lines of
    a cell share a file line (a source kept as one string), which no such text can place.

    >>> import json
    >>> cells = [{"cell_type": "markdown", "source": ["# A\\n", "x"]}, {"cell_type": "code", "source": ["# c"]}]
    >>> markdown_by_file_line(json.dumps({"cells": cells}, indent=1)).splitlines()[-2:]
    ['# A', 'x']
    """
    placed: dict[int, str] = {}
    for cell in notebook_cells(text):
        if cell.kind != "markdown":
            continue
        lines = zip(cell.source.split("\n"), cell.file_lines, strict=False)
        written = [(line, at) for line, at in lines if line.strip()]
        if len({at for _, at in written}) != len(written):
            return None
        placed.update((at, line) for line, at in written)
    return "\n".join(placed.get(n, "") for n in range(1, max(placed, default=0) + 1))


def _parsed(text: str) -> dict[str, Any]:
    """The notebook as JSON, its cells checked to be what nbformat 4 writes."""
    try:
        notebook = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"not valid JSON ({exc}); a notebook is the .ipynb file Jupyter saves") from None
    if isinstance(notebook, dict) and "worksheets" in notebook and "cells" not in notebook:
        raise NotebookError("a notebook of nbformat 3; open and save it in Jupyter to make it nbformat 4")
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise NotebookError('no "cells" list; a notebook is the .ipynb file Jupyter saves (nbformat 4)')
    for index, cell in enumerate(cells):
        source = cell.get("source") if isinstance(cell, dict) else None
        if not (isinstance(source, str) or (isinstance(source, list) and all(isinstance(s, str) for s in source))):
            raise NotebookError(f'cell {index} has no "source" text; a cell\'s source is a string or a list of '
                                "strings (nbformat 4)")
    return notebook


def _line_map(parts: Sequence[str], file_lines: Sequence[int]) -> tuple[int, ...]:
    """The file line of each line of the cell whose source is ``parts``, part ``k`` on ``file_lines[k]``.

    A line starts in the part that holds its first character (a line that a part's final line
    break ends is followed by one that starts in the next part).

    >>> _line_map(["a\\n", "b\\n", "c"], [5, 6, 7]), _line_map(["a\\nb\\n"], [9])
    ((5, 6, 7), (9, 9, 9))
    """
    lines: list[int] = []
    line_open = False
    for part, file_line in zip(parts, file_lines, strict=True):
        for char in part:
            if not line_open:
                lines.append(file_line)
                line_open = True
            line_open = char != "\n"
    total = "".join(parts).count("\n") + 1
    last = lines[-1] if lines else (file_lines[-1] if file_lines else 1)
    return tuple(lines + [last] * (total - len(lines)))


def _source_offsets(text: str) -> dict[int, list[int]]:
    """For each cell, the offset in ``text`` of each string of its ``source`` (of the string itself when
    it is one), found by walking the JSON: the cells, then each cell's keys."""
    decoder = json.JSONDecoder()
    found: dict[int, list[int]] = {}
    for key, start in _members(text, _skip(text, 0), decoder):
        if key != "cells":
            continue
        for index, cell_start in enumerate(_elements(text, start, decoder)):
            for cell_key, value_start in _members(text, cell_start, decoder):
                if cell_key == "source":
                    found[index] = ([value_start] if text.startswith('"', value_start)
                                    else list(_elements(text, value_start, decoder)))
    return found


def _skip(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _members(text: str, start: int, decoder: json.JSONDecoder) -> list[tuple[str, int]]:
    """The keys of the JSON object at ``start`` with the offset of each value."""
    members: list[tuple[str, int]] = []
    position = _skip(text, start + 1)
    while position < len(text) and text[position] != "}":
        key, position = decoder.raw_decode(text, position)
        value = _skip(text, _skip(text, position) + 1)  # past the colon
        members.append((key, value))
        position = _skip(text, decoder.raw_decode(text, value)[1])
        position = _skip(text, position + 1) if text.startswith(",", position) else position
    return members


def _elements(text: str, start: int, decoder: json.JSONDecoder) -> list[int]:
    """The offset of each element of the JSON array at ``start``."""
    elements: list[int] = []
    position = _skip(text, start + 1)
    while position < len(text) and text[position] != "]":
        elements.append(position)
        position = _skip(text, decoder.raw_decode(text, position)[1])
        position = _skip(text, position + 1) if text.startswith(",", position) else position
    return elements


def annotated_notebook(text: str, added: Mapping[tuple[int, int], Sequence[str]]) -> str:
    """The notebook ``text`` with the lines ``added[(cell, line)]`` put after that line of that cell.

    Every cell, output and piece of metadata is kept; a cell's source stays a list of lines (or a
    string, as it was), and the file keeps its indentation.

    >>> text = '{\\n "cells": [{"cell_type": "markdown", "source": ["$$x = x$$"]}]\\n}\\n'
    >>> json.loads(annotated_notebook(text, {(0, 1): ["", "> proven"]}))["cells"][0]["source"]
    ['$$x = x$$\\n', '\\n', '> proven']
    """
    notebook = _parsed(text)
    for index, cell in enumerate(notebook["cells"]):
        after = {line: list(lines) for (cell_index, line), lines in added.items() if cell_index == index}
        if not after:
            continue
        source = cell["source"]
        lines = (source if isinstance(source, str) else "".join(source)).split("\n")
        out: list[str] = []
        for n, line in enumerate(lines, start=1):
            out.append(line)
            out.extend(after.get(n, []))
        joined = "\n".join(out)
        cell["source"] = joined if isinstance(source, str) else joined.splitlines(keepends=True)
    second = text.split("\n", 2)[1] if text.count("\n") >= 2 else ""
    indent = len(second) - len(second.lstrip(" ")) or None
    written = json.dumps(notebook, indent=indent, ensure_ascii=False)
    return written + "\n" if text.endswith("\n") else written
