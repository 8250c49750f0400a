"""The figures as PNG images with matplotlib, for Markdown notes (optional: the ``figures`` extra).

Without matplotlib nothing fails: :func:`draw_pngs` returns no images and says which figures
were left out and how to get them.

>>> from posenc_sym.render.figures import heatmap_data
>>> pngs, left_out = draw_pngs([heatmap_data()])
>>> bool(pngs) != bool(left_out)
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from .figures import FigureData

__all__ = ["draw_pngs"]


def _draw(plt: Any, data: FigureData) -> bytes:
    fig, ax = plt.subplots(figsize=(6.4, 4.0 if data.grid is not None or not data.arrows else 5.0))
    try:
        if data.grid is not None:
            # Diverging, as the LaTeX figure's (pgf.DIVERGING): signed values around 0.
            image = ax.imshow(data.grid, cmap="RdBu_r", vmin=-1, vmax=1, aspect="auto",
                              interpolation="nearest")
            fig.colorbar(image, ax=ax)
        for label, xs, ys in data.series:
            style = {"linestyle": "none", "marker": "o"} if label == "positions" else {}
            ax.plot(xs, ys, label=label, **style)
        for x0, y0, x1, y1 in data.arrows:
            # A filled head that stops short of the marker it lands on (shrinkB, in points).
            arrow = {"arrowstyle": "-|>", "color": "0.3", "lw": 1.2, "mutation_scale": 14,
                     "shrinkA": 4, "shrinkB": 5}
            ax.annotate("", xy=(x1, y1), xytext=(x0, y0), arrowprops=arrow, zorder=3)
        if data.arrows:
            ax.set_aspect("equal")
        if data.series:
            ax.legend(loc="upper right", fontsize="small")
        ax.set_xlabel(data.xlabel)
        ax.set_ylabel(data.ylabel)
        ax.set_title(data.caption, fontsize="small", wrap=True)
        buffer = io.BytesIO()
        # No timestamp in the metadata: the same notes give the same bytes.
        fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
        return buffer.getvalue()
    finally:
        plt.close(fig)


def draw_pngs(figures: Sequence[FigureData]) -> tuple[dict[str, bytes], list[str]]:
    """``{figure name: PNG bytes}``, and the figures left out (all of them without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        names = ", ".join(f.name for f in figures)
        why = f"{names} (matplotlib is not installed: pip install 'posenc-sym[figures]')"
        return {}, [why] if figures else []
    return {f.name: _draw(plt, f) for f in figures}, []
