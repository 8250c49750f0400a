"""Jupyter displays, figure data and the optional matplotlib figures."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import sympy

import posenc_sym
from posenc_sym import Claim, Derivation, Step, Verdict
from posenc_sym.render import jupyter
from posenc_sym.render.figures import BASE, HEAT_WIDTH, figure_data, heatmap_data, rotation_data
from posenc_sym.render.figures_mpl import draw_pngs

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

    monkeypatch.setattr(posenc_sym, "decide", decide, raising=False)
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
        "\\sin^{2}\\left(x\\right) + \\cos^{2}\\left(x\\right) = 1\\\\\n"
        "\\text{where } x\\ \\text{is real}\\\\\n"
        "\\begin{aligned}\n"
        "\\sin^{2}\\left(x\\right) + \\cos^{2}\\left(x\\right) &= 1 "
        "&& \\text{(1) Pythagoras }\\&\\text{ co.}\n"
        "\\end{aligned}\\\\\n"
        "\\text{Proven symbolically (stand-in).}\n"
        "\\end{gathered}$$"
    )


def test_derivation_repr_latex_holds_each_claim(engine: list[Claim]) -> None:
    shown = Derivation("demo.d", "Demo", (CLAIM,))._repr_latex_()
    assert shown.startswith("$$\\begin{gathered}\n\\text{Demo}\\\\\n")
    assert shown.count("Proven symbolically") == 1


def test_repr_latex_without_an_engine_says_not_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(posenc_sym, "decide", raising=False)
    jupyter._decide.cache_clear()
    try:
        assert "\\text{Not decided: the proof engine is not available.}" in CLAIM._repr_latex_()
    finally:
        jupyter._decide.cache_clear()


def test_heatmap_is_the_encoding() -> None:
    # Independent of the lambdified expression: the textbook formula, written out in NumPy.
    grid = heatmap_data().grid
    assert grid is not None
    t = np.arange(grid.shape[0])[:, None]
    pair = np.arange(HEAT_WIDTH // 2)[None, :]
    angle = t / BASE ** (2 * pair / HEAT_WIDTH)
    expected = np.empty_like(grid)
    expected[:, 0::2], expected[:, 1::2] = np.sin(angle), np.cos(angle)
    # Both are float64 evaluations of the same angles; 1e-12 is far above their rounding (~1e-15 here).
    np.testing.assert_allclose(grid, expected, atol=1e-12)


def test_rotation_arrows_land_on_the_shifted_positions() -> None:
    data = rotation_data(pair=2, offset=3)
    points = dict((label, (xs, ys)) for label, xs, ys in data.series)["positions"]
    for n, (_x0, _y0, x1, y1) in enumerate(data.arrows):
        assert (x1, y1) == pytest.approx((points[0][n + 3], points[1][n + 3]), abs=1e-12)


def test_without_matplotlib_the_figures_are_named_as_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    data, _ = figure_data()
    pngs, left_out = draw_pngs(data)
    assert pngs == {}
    assert left_out == [", ".join(d.name for d in data)
                        + " (matplotlib is not installed: pip install 'posenc-sym[figures]')"]


def test_with_matplotlib_every_figure_is_a_png() -> None:
    pytest.importorskip("matplotlib", reason="the optional 'figures' extra is not installed")
    data, _ = figure_data()
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
    data, left_out = figure_data()
    decay = {d.name: d for d in data}["rope-decay"]
    assert left_out == []
    _label, xs, ys = decay.series[0]
    assert list(xs) == list(range(0, 257, 2))
    np.testing.assert_array_equal(ys, [1.0 / (1 + r) for r in range(0, 257, 2)])
    assert {(dim, base) for _r, dim, base in calls} == {(128, 10000)}


def test_without_decay_bound_the_decay_figure_is_left_out_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from posenc_sym.schemes import rope

    monkeypatch.delattr(rope, "decay_bound", raising=False)
    data, left_out = figure_data()
    assert "rope-decay" not in {d.name for d in data}
    assert left_out == ["rope-decay (needs posenc_sym.schemes.rope.decay_bound, which this installation "
                        "does not provide: AttributeError)"]
