"""Where a line of what was read is in the file: a line, or a notebook's cell and the line in it.

A Markdown or LaTeX file is read as it is, so a line is a line of the file. A notebook is read cell
by cell: a display's lines count within its cell, and :class:`Cell` maps them to the lines of the
``.ipynb`` file that hold them (where an editor jumps).

>>> cell = Cell(3, (40, 41, 42))
>>> str(place_of(cell, 2)), str(place_of(None, 7))
('41 (cell 3, line 2)', '7')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Cell", "Place", "place_of"]


@dataclass(frozen=True)
class Place:
    """A line of the file and, in a notebook, the cell (numbered from 0, as in the file) and its line."""

    line: int
    cell: int | None = None
    cell_line: int | None = None

    def __str__(self) -> str:
        return str(self.line) if self.cell is None else f"{self.line} (cell {self.cell}, line {self.cell_line})"

    def label(self) -> str:
        """``line 7``, or ``cell 3, line 2`` in a notebook (how a message names where something is)."""
        return f"line {self.line}" if self.cell is None else f"cell {self.cell}, line {self.cell_line}"


@dataclass(frozen=True)
class Cell:
    """A notebook cell: its index among all the cells, and the file line that holds each of its lines."""

    index: int
    file_lines: tuple[int, ...]

    def place(self, line: int) -> Place:
        """The place of the cell's ``line`` (1-based); a line past the cell's end is at its last line."""
        file_line = self.file_lines[min(max(line, 1), len(self.file_lines)) - 1] if self.file_lines else 0
        return Place(file_line, self.index, line)


def place_of(cell: Cell | None, line: int) -> Place:
    """Where ``line`` of what was read is: in ``cell`` when there is one, else that line of the file."""
    return Place(line) if cell is None else cell.place(line)
