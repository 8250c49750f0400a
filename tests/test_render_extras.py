"""Jupyter displays, figure data and the optional matplotlib figures."""

from __future__ import annotations

import sys

import mpmath
import numpy as np
import pytest
import sympy

from posenc_sym import Claim, Derivation, PosencSymError, Step, Verdict
from posenc_sym.accuracy import direct_bound, rotation_bound
from posenc_sym.proof import engine as engine_module
from posenc_sym.render import jupyter
from posenc_sym.render.figures import BASE, HEAT_WIDTH, WIDTH, figure_data, heatmap_data, rotation_data
from posenc_sym.render.figures_mpl import draw_pngs

from .conftest import require_module

x = sympy.Symbol("x", real=True)
CLAIM = Claim("demo.jup", "a {title} with $ and %", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1,
              steps=(Step(1, "Pythagoras & co."),))


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> list[Claim]:
    """A stand-in engine that records what it was asked and proves everything."""
    asked: list[Claim] = []

    def decide(claim: Claim) -> Verdict:
        asked.append(claim)
        return Verdict("proven", method="stand-in")

    monkeypatch.setattr(engine_module, "decide", decide)
    jupyter._decide.cache_clear()
    yield asked
    jupyter._decide.cache_clear()


def test_claim_repr_latex_shows_the_engines_verdict_and_decides_once(engine: list[Claim]) -> None:
    shown = CLAIM._repr_latex_()
    assert CLAIM._repr_latex_() == shown
    assert engine == [CLAIM]
    assert shown == (
        "$$\\begin{gathered}\n"
        "\\text{a }\\{\\text{title}\\}\\text{ with }\\$\\text{ and }\\%\\\\\n"
        "\\sin^{2}(x) + \\cos^{2}(x) = 1\\\\\n"
        "\\text{where } x\\ \\text{is real}\\\\\n"
        "\\begin{aligned}\n"
        "\\sin^{2}(x) + \\cos^{2}(x) &= 1 "
        "&& \\text{(1) Pythagoras }\\&\\text{ co.}\n"
        "\\end{aligned}\\\\\n"
        "\\text{Proven symbolically (stand-in).}\n"
        "\\end{gathered}$$"
    )


def test_derivation_repr_latex_holds_each_claim(engine: list[Claim]) -> None:
    shown = Derivation("demo.d", "Demo", (CLAIM,))._repr_latex_()
    assert shown.startswith("$$\\begin{gathered}\n\\text{Demo}\\\\\n")
    assert shown.count("Proven symbolically") == 1


def test_repr_latex_of_a_claim_the_engine_refuses_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(claim: Claim) -> Verdict:
        raise PosencSymError("symbol x has no assumptions; declare it")

    monkeypatch.setattr(engine_module, "decide", refuse)
    jupyter._decide.cache_clear()
    try:
        assert "\\text{Not decided: symbol x has no assumptions; declare it}" in CLAIM._repr_latex_()
    finally:
        jupyter._decide.cache_clear()


def test_heatmap_is_the_encoding() -> None:
    # Independent of the lambdified expression: the textbook formula sin/cos(t / b^(2i/d)), in mpmath.
    grid = heatmap_data().grid
    assert grid is not None
    for t in range(grid.shape[0]):
        for column in range(HEAT_WIDTH):
            pair = column // 2
            with mpmath.workdps(30):
                angle = mpmath.mpf(t) / mpmath.power(BASE, mpmath.mpf(2 * pair) / HEAT_WIDTH)
                exact = float(mpmath.sin(angle) if column % 2 == 0 else mpmath.cos(angle))
            # The grid is float64 NumPy code of the formula; accuracy.direct_bound (docs/numerics.md,
            # "direct") bounds it: SymPy writes b^(-2i/16) as 10^(-i/2) = (√10 or 1)/10^k, so the
            # angle takes at most 4 roundings, (1+u)^4, within the model's e^{x·u·ln b}(1+2u)(1+u).
            bound = direct_bound(t, pair, HEAT_WIDTH, BASE, exact, np.float64)
            assert abs(grid[t, column] - exact) <= bound, (t, column, grid[t, column], exact, bound)


def test_rotation_arrows_land_on_the_shifted_positions() -> None:
    pair, offset, width = 2, 3, WIDTH
    data = rotation_data(pair=pair, offset=offset)
    points = dict((label, (xs, ys)) for label, xs, ys in data.series)["positions"]
    # An arrow is T_k (entries from a 15-digit evalf: within 10^-15, SymPy's n-digit contract, plus
    # the float conversion) applied to the row at t = n (float64 direct formula, accuracy.direct_bound);
    # accuracy.rotation_bound propagates both. The point at t + k carries its own direct bound.
    rotation_error = 1e-15 + 2.0**-53
    for n, (_x0, _y0, x1, y1) in enumerate(data.arrows):
        row_error = direct_bound(n, pair, width, BASE, 1.0, np.float64)
        later_error = direct_bound(n + offset, pair, width, BASE, 1.0, np.float64)
        bound = rotation_bound(row_error, rotation_error) + later_error
        assert abs(x1 - points[0][n + offset]) <= bound, (n, x1, points[0][n + offset], bound)
        assert abs(y1 - points[1][n + offset]) <= bound, (n, y1, points[1][n + offset], bound)


def test_without_matplotlib_the_figures_are_named_as_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    data = figure_data()
    pngs, left_out = draw_pngs(data)
    assert pngs == {}
    assert left_out == [", ".join(d.name for d in data)
                        + " (matplotlib is not installed: pip install 'posenc-sym[figures]')"]


def test_with_matplotlib_every_figure_is_a_png() -> None:
    require_module("matplotlib", "matplotlib is not installed (pip install 'posenc-sym[figures]')")
    data = figure_data()
    pngs, left_out = draw_pngs(data)
    assert left_out == []
    assert sorted(pngs) == sorted(d.name for d in data)
    assert all(png.startswith(b"\x89PNG") for png in pngs.values())


def test_rope_decay_figure_plots_decay_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from posenc_sym.schemes import rope

    calls: list[tuple[int, int, int]] = []

    def stand_in(distance: int, dim: int, base: int) -> float:
        calls.append((distance, dim, base))
        return 1.0 / (1 + distance)

    monkeypatch.setattr(rope, "decay_bound", stand_in, raising=False)
    decay = {d.name: d for d in figure_data()}["rope-decay"]
    _label, xs, ys = decay.series[0]
    assert list(xs) == list(range(0, 257, 2))
    np.testing.assert_array_equal(ys, [1.0 / (1 + r) for r in range(0, 257, 2)])
    assert {(dim, base) for _r, dim, base in calls} == {(128, 10000)}


def test_figure_captions_set_their_math_as_math() -> None:
    from posenc_sym.render.pgf import pgf_figure

    latex = pgf_figure(rotation_data(pair=2, offset=3))
    assert (r"\caption{Pair $i = 2$ of the encoding ($d = " + str(WIDTH) + r"$) on the unit circle at "
            r"$t = 0, \ldots, 8$; the arrows apply $T_k$ with $k = 3$ to $t = 0, 1, 2$ and land on $t + 3$.}"
            ) in latex
    assert r"\_" not in latex.split(r"\caption")[1]
