"""pgfplots code for a :class:`~posenc_sym.render.figures.FigureData`: axes, coordinate tables, arrows;
and the notes' figures as :class:`Figure` (the data with its code).

Numbers are written with 4 decimals: the figures are pictures, and 4 decimals are far below
what a printed plot can resolve, while keeping the document small.

>>> import numpy as np
>>> from posenc_sym.render.figures import FigureData
>>> print(coordinates(np.array([0.0, 1.0]), np.array([0.5, -0.25])))
(0.0000,0.5000) (1.0000,-0.2500)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..notation.escape import escape_latex
from .figures import FigureData, figure_data
from .inline import text_latex

__all__ = ["DIVERGING", "Figure", "build_figures", "coordinates", "pgf_figure"]

_COLOURS = ("blue", "red", "black!60!green", "orange")

#: A diverging colour map for signed values (ColorBrewer's RdBu, blue for -1 through white to red
#: for +1): the same map as matplotlib's ``RdBu_r`` (:mod:`.figures_mpl`), perceptually ordered
#: where a rainbow (pgfplots' ``bluered``) puts false edges at yellow and cyan.
DIVERGING = " ".join(f"rgb255=({r},{g},{b})" for r, g, b in (
    (5, 48, 97), (33, 102, 172), (67, 147, 195), (146, 197, 222), (209, 229, 240), (247, 247, 247),
    (253, 219, 199), (244, 165, 130), (214, 96, 77), (178, 24, 43), (103, 0, 31)))


def coordinates(xs: np.ndarray, ys: np.ndarray) -> str:
    return " ".join(f"({x:.4f},{y:.4f})" for x, y in zip(xs, ys, strict=True))


def _heatmap(data: FigureData) -> str:
    assert data.grid is not None
    rows, cols = data.grid.shape
    lines = [f"{j} {t} {data.grid[t, j]:.4f} \\\\" for t in range(rows) for j in range(cols)]
    return (
        f"\\begin{{axis}}[width=0.9\\linewidth, height=0.6\\linewidth, view={{0}}{{90}}, y dir=reverse,\n"
        f"  colormap={{rdbu}}{{{DIVERGING}}}, colorbar, enlargelimits=false, point meta min=-1, point meta max=1,\n"
        f"  xlabel={{{escape_latex(data.xlabel)}}}, ylabel={{{escape_latex(data.ylabel)}}}]\n"
        f"\\addplot[matrix plot*, mesh/cols={cols}, point meta=explicit]\n"
        "  table[x index=0, y index=1, meta index=2, row sep=\\\\] {\n"
        + "\n".join(lines) + "\n};\n\\end{axis}"
    )


def _lines(data: FigureData, square: bool) -> str:
    shape = ("axis equal image, width=0.6\\linewidth" if square
             else "width=0.75\\linewidth, height=0.45\\linewidth")
    out = [
        f"\\begin{{axis}}[{shape}, legend pos=outer north east, legend cell align=left,\n"
        f"  xlabel={{{escape_latex(data.xlabel)}}}, ylabel={{{escape_latex(data.ylabel)}}}]"
    ]
    for n, (label, xs, ys) in enumerate(data.series):
        colour = _COLOURS[n % len(_COLOURS)]
        style = "only marks, mark=*" if label == "positions" else "no marks, thick"
        out.append(f"\\addplot[{colour}, {style}] coordinates {{{coordinates(xs, ys)}}};")
        out.append(f"\\addlegendentry{{{escape_latex(label)}}}")
    for x0, y0, x1, y1 in data.arrows:
        # The tip stops short of the point it lands on: a mark drawn there would hide it.
        out.append(f"\\draw[-stealth, line width=0.9pt, shorten <=3pt, shorten >=3.5pt, black!70] "
                   f"(axis cs:{x0:.4f},{y0:.4f}) -- (axis cs:{x1:.4f},{y1:.4f});")
    out.append("\\end{axis}")
    return "\n".join(out)


def pgf_figure(data: FigureData) -> str:
    """A complete ``figure`` environment (needs ``pgfplots`` and ``compat=1.16`` or later)."""
    body = _heatmap(data) if data.grid is not None else _lines(data, square=bool(data.arrows))
    return (
        "\\begin{figure}[htbp]\n\\centering\n\\begin{tikzpicture}\n" + body + "\n\\end{tikzpicture}\n"
        f"\\caption{{{text_latex(data.caption)}}}\\label{{fig:{data.name}}}\n\\end{{figure}}\n"
    )


@dataclass(frozen=True)
class Figure:
    """A figure ready for the notes: its data and its pgfplots code (a ``figure`` environment)."""

    data: FigureData
    pgf: str

    @property
    def name(self) -> str:
        return self.data.name


def build_figures() -> list[Figure]:
    """Every figure of the notes as pgfplots code.

    >>> [f.name for f in build_figures()][:3]
    ['sinusoidal-heatmap', 'sinusoidal-dimensions', 'sinusoidal-rotation']
    """
    return [Figure(d, pgf_figure(d)) for d in figure_data()]
