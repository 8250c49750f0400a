"""The figures of the notes, as data we compute from the proven expressions.

Every number plotted comes from the library's symbolic definitions (``pe_vector``,
``rotation_block``, RoPE's ``decay_bound``), turned into NumPy functions by ``sympy.lambdify``;
nothing is re-typed. :mod:`.pgf` writes the data into the LaTeX as coordinate tables, small enough
to keep the document light (a 40 × 16 heatmap is the largest); :mod:`.figures_mpl` draws them as
PNG files for Markdown.

>>> [d.name for d in figure_data()]
['sinusoidal-heatmap', 'sinusoidal-dimensions', 'sinusoidal-rotation', 'rope-decay']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import sympy

from ..schemes import rope as rope_scheme
from ..schemes import sinusoidal as sin_scheme

__all__ = ["BASE", "HEAT_POSITIONS", "HEAT_WIDTH", "WIDTH", "FigureData", "figure_data"]

#: The sizes the figures use: the paper's base and a width small enough to read every column.
#: The heatmap is smaller still: pgfplots spends about 2.5 ms of CPU per cell (measured), so
#: 40 × 16 cells cost about 1.5 s a compilation where 48 × 32 cost 4 s.
WIDTH, BASE, HEAT_POSITIONS, HEAT_WIDTH = 32, 10000, 40, 16


@dataclass(frozen=True)
class FigureData:
    """What a figure shows, as numbers: named series of (x, y) points or one (rows × cols) grid."""

    name: str
    caption: str  # with $...$ math (render.inline)
    xlabel: str
    ylabel: str
    series: tuple[tuple[str, np.ndarray, np.ndarray], ...] = ()
    grid: np.ndarray | None = None
    arrows: tuple[tuple[float, float, float, float], ...] = ()
    #: The sentence of the text that sends the reader to the figure; ``{figure}`` is its name
    #: there ("Figure 3" in LaTeX, with \ref).
    mention: str = ""


def _table(width: int = WIDTH, positions: int = HEAT_POSITIONS) -> np.ndarray:
    """PE(t, j) for t = 0..positions-1, from the symbolic pe_vector, lambdified."""
    expr = sin_scheme.pe_vector(sin_scheme.t, width, BASE)
    f = sympy.lambdify(sin_scheme.t, list(expr), "numpy")
    ts = np.arange(positions, dtype=float)
    return np.array([np.broadcast_to(np.asarray(v, dtype=float), ts.shape) for v in f(ts)]).T


def heatmap_data() -> FigureData:
    return FigureData(
        "sinusoidal-heatmap",
        f"The sinusoidal encoding $\\mathrm{{PE}}(t, j)$ for $d = {HEAT_WIDTH}$, base {BASE}: position $t$ down, "
        "dimension $j$ across.", "dimension j", "position t", grid=_table(HEAT_WIDTH),
        mention="{figure} shows the whole encoding as a picture: each column is a sinusoid in $t$, "
                "fast in the first columns and ever slower to the right.",
    )


def dimensions_data() -> FigureData:
    expr = sin_scheme.pe_vector(sin_scheme.t, WIDTH, BASE)
    ts = np.linspace(0, 40, 201)
    series = []
    for column in (0, 2, 6, 10):
        f = sympy.lambdify(sin_scheme.t, expr[column], "numpy")
        series.append((f"j = {column}", ts, np.broadcast_to(np.asarray(f(ts), dtype=float), ts.shape)))
    return FigureData(
        "sinusoidal-dimensions",
        f"A few dimensions of the encoding against position ($d = {WIDTH}$, base {BASE}): "
        "lower pairs turn faster.", "position t", "PE(t, j)", series=tuple(series),
        mention="{figure} follows a few columns along the positions: the frequency falls "
                "geometrically from one pair to the next.",
    )


def rotation_data(pair: int = 2, offset: int = 3) -> FigureData:
    """One (sin, cos) pair on the unit circle, and T_k moving it from t to t + k."""
    omega = sin_scheme.frequency(pair, WIDTH, BASE)
    pair_at = sympy.lambdify(sin_scheme.t, list(sin_scheme.pe_pair(sin_scheme.t, pair, WIDTH, BASE)), "numpy")
    block = np.array(sin_scheme.rotation_block(offset, omega).evalf(), dtype=float)
    ts = np.arange(0, 9, dtype=float)
    points = np.array([pair_at(t) for t in ts], dtype=float)
    circle = np.linspace(0, 2 * np.pi, 73)
    arrows = tuple(
        (float(p[0]), float(p[1]), float(q[0]), float(q[1]))
        for p, q in ((points[n], block @ points[n]) for n in range(3))
    )
    return FigureData(
        "sinusoidal-rotation",
        f"Pair $i = {pair}$ of the encoding ($d = {WIDTH}$) on the unit circle at $t = 0, \\ldots, 8$; "
        f"the arrows apply $T_k$ with $k = {offset}$ to $t = 0, 1, 2$ and land on $t + {offset}$.",
        "PE(t, 2i) = sin", "PE(t, 2i+1) = cos",
        series=(("unit circle", np.sin(circle), np.cos(circle)),
                ("positions", points[:, 0], points[:, 1])),
        arrows=arrows,
        mention=f"{{figure}} draws one pair on the unit circle: $T_k$ turns every point by the same "
                f"angle, so the arrows from $t$ to $t + {offset}$ all have the same length.",
    )


def decay_data() -> FigureData:
    """RoPE's long-term decay bound against relative distance (``schemes.rope.decay_bound``)."""
    distances = np.arange(0, 257, 2)  # step 2: the bound wiggles (it is not monotone)
    values = np.array([float(rope_scheme.decay_bound(int(r), 128, BASE)) for r in distances])
    return FigureData(
        "rope-decay", "RoPE's long-term decay bound (RoFormer) against relative distance, head width 128: "
        "it falls overall, but not monotonically.",
        "relative distance m - n", "bound", series=(("bound", distances.astype(float), values),),
        mention="{figure} plots RoPE's long-term decay bound: it falls with the distance, but not "
                "monotonically.",
    )


#: Each figure's builder, in the order the notes show them.
_BUILDERS: tuple[Callable[[], FigureData], ...] = (heatmap_data, dimensions_data, rotation_data, decay_data)


def figure_data() -> list[FigureData]:
    """The data of every figure."""
    return [build() for build in _BUILDERS]
