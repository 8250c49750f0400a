"""The imaginary unit i in a section that has not indexed with i (issue 23): the complex form written with i inside
the exponent's product (``e^{mi\\theta}``, ``e^{(m-n)i\\theta}``, as a notebook on RoPE writes it) reads i as the unit
there, a conjugate bar over a formula is then read too, and a notebook's headings set its sections apart as a
Markdown file's do.

The verdicts are worked out by hand: e^{imθ} · conj(e^{inθ}) = e^{i(m-n)θ} for real θ and integer m, n; with
(m + n) it fails at m = n = 1, θ = 1 (e^{0} = 1 against e^{2i}).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .document_links import report_of

BLOCK = "```posenc\nassume m, n integer\nassume \\theta real\n```\n"
INDEXED = "## The frequencies\n\n$$ \\theta_i = 10000^{-2(i-1)/d} $$\n\n"
PRODUCT = "$$ e^{mi\\theta} \\overline{e^{ni\\theta}} = e^{(m - n)i\\theta} $$\n"


def _statuses(tmp_path: Path, text: str, name: str = "notes.md") -> list[str]:
    return [link.status for display in report_of(tmp_path, text, name=name).displays
            for link in (display.links or [display])]


@pytest.mark.parametrize(("text", "statuses"), [
    (BLOCK + INDEXED + "## The product\n\n" + PRODUCT, ["definition", "proven"]),
    (BLOCK + INDEXED + "## The product\n\n" + PRODUCT.replace("(m - n)", "(m + n)"), ["definition", "refuted"]),
    # near-miss: in the section that indexes with i, i has two readings: refused, never guessed
    (BLOCK + INDEXED + PRODUCT, ["definition", "unknown"]),
    # near-miss: 2i before an angle is an index's pair, no complex form: two readings (e^{2iθ} > 0 holds of the index,
    # means nothing of the unit), refused
    (BLOCK + INDEXED + "## The product\n\n$$ e^{2i\\theta} > 0 $$\n", ["definition", "unknown"]),
])
def test_the_unit_inside_an_exponents_product(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


def _notebook(*cells: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": c.splitlines(keepends=True)}
                                 for c in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def test_a_notebooks_headings_set_its_sections_apart(tmp_path: Path) -> None:
    cells = (BLOCK, INDEXED, "## The product\n\n" + PRODUCT)
    assert _statuses(tmp_path, _notebook(*cells), name="notes.ipynb") == ["definition", "proven"]
    # near-miss: the same product in the cell that indexes with i stays refused
    assert _statuses(tmp_path, _notebook(BLOCK, INDEXED + PRODUCT), name="notes.ipynb") == ["definition", "unknown"]


@pytest.mark.parametrize(("text", "statuses"), [
    # the section indexes with i only after the row ("For the $i$-th pair" in the next paragraph): before it, i has
    # two readings (i² + 1 = 0 is true of the unit, refuted at i = 2 of the index, as it was)
    ("## Rotations\n\n$$ i^2 + 1 = 0 $$\n\nFor the $i$-th pair the frequency is $\\theta_i = 10000^{-2i/d}$.\n",
     ["unknown"]),
    # ... but a "where" sentence right after the display says what its names are: the index, from the display on
    ("## Rotations\n\n$$ \\theta_i \\le 1 $$\n\nwhere $\\theta_i = 10000^{-2i/d}$ for the $i$-th pair.\n",
     ["proven"]),
    # a complex form (cos t + i sin t) in a section that indexes with i, in a display that indexes with no i: the unit,
    # as every reader takes it (sections.unit_display; De Moivre's square was refuted at i = 1 as the index, then
    # refused); also where the author declares i an integer (the note says so), and a slip is refuted
    ("The frequencies are $\\theta_i = 10000^{-2i/d}$. Treating each pair as a complex number,\n\n"
     "$$ (\\cos t + i \\sin t)^2 = \\cos 2t + i \\sin 2t $$\n", ["proven"]),
    ("```posenc\nassume i integer\nassume t real\n```\n$$ (\\cos t + i \\sin t)^2 = \\cos 2t + i \\sin 2t $$\n",
     ["proven"]),
    ("```posenc\nassume i integer\nassume t real\n```\n$$ (\\cos t + i \\sin t)^2 = \\cos 2t - i \\sin 2t $$\n",
     ["refuted"]),
    # near-miss: the author's declaration decides where the display indexes with i itself: the index, refuted at i = 1
    ("```posenc\nassume i integer\nassume t real\n```\n$$ (\\cos t + i \\sin t)^2 + x_i - x_i = \\cos 2t + i \\sin 2t $$\n",
     ["refuted"]),
    # near-miss: an index's sum k + 2i is no complex form
    ("```posenc\nassume k integer\n```\nThe frequencies are $\\theta_i = 10000^{-2i/d}$.\n\n$$ k + 2i - 2i = k $$\n",
     ["proven"]),
])
def test_a_section_indexes_with_i_from_where_it_does(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses
