"""Documents as people keep them (issue 23 item 3, issue 22 item 3): notebooks, Quarto, ```math blocks,
front matter, and bad documents refused as bad input.

Notebooks and Quarto pages are built here in ``tmp_path``; the two real notebooks of
``tests/documents/real`` are read against their manifest, whose cells and lines were placed by hand.
Where a test needs the file line of a notebook's source line, it finds it in the file's text (each
line of a cell's source is its own JSON string on its own line, as Jupyter writes it), not through
the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from posenc_sym.cli import main
from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.extract import Display, extract
from posenc_sym.documents.source import load_document

REAL = Path(__file__).parent / "documents" / "real"
P, R, U = "proven", "refuted", "unknown"

DECLARE = "```posenc\nassume x real\n```\n"
#: (cell type, source) of a notebook: declarations, code that holds a display, a display, a raw cell,
#: a slip (sin 2x = 2 sin x, false at x = 1).
CELLS = [
    ("markdown", "# Notes\n" + DECLARE),
    ("code", "x = 1\n# $$ 1 = 2 $$ in a code cell is code\n"),
    ("markdown", "Pythagoras:\n\n$$\n\\sin^2 x + \\cos^2 x = 1\n$$\n"),
    ("raw", "$$ 2 = 3 $$"),
    ("markdown", "A slip:\n$$ \\sin(2x) = 2\\sin x $$"),
]


def notebook(cells: list[tuple[str, str]], *, indent: int | None = 1, one_string: bool = False) -> str:
    """A notebook as Jupyter writes it (nbformat 4); ``one_string`` writes each source as one string."""
    def cell(kind: str, source: str) -> dict[str, Any]:
        extra = {"execution_count": None, "outputs": []} if kind == "code" else {}
        return {"cell_type": kind, "metadata": {}, "source": source if one_string else
                source.splitlines(keepends=True), **extra}
    data = {"cells": [cell(k, s) for k, s in cells], "metadata": {"kernelspec": {"name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(data, indent=indent, ensure_ascii=False) + "\n"


def file_line(text: str, source_line: str) -> int:
    """The first line of the notebook file that holds ``source_line``."""
    encoded = json.dumps(source_line, ensure_ascii=False)[1:-1]
    found = [n for n, line in enumerate(text.split("\n"), start=1) if encoded in line]
    assert found, source_line
    return found[0]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["verify", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_notebook_is_read_cell_by_cell_and_every_verdict_names_its_cell(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nb.ipynb"
    text = notebook(CELLS)
    path.write_text(text, encoding="utf-8")
    pythagoras, slip = file_line(text, "$$\n"), file_line(text, "$$ \\sin(2x) = 2\\sin x $$")
    status, out, err = _run(capsys, str(path))
    assert (status, err) == (1, "")
    assert out.splitlines()[:3] == [
        f"{path}:{pythagoras} (cell 2, line 3): proven      \\sin^2 x + \\cos^2 x = 1",
        f"{path}:{slip} (cell 4, line 2): refuted     \\sin(2x) = 2\\sin x  [UNEXPECTED]",
        f"    {path}:{slip} (cell 4, line 2): refuted     \\sin(2x) = 2\\sin x",
    ]
    status, out, _ = _run(capsys, str(path), "--json")
    claims = json.loads(out)["claims"]
    assert [(c["line"], c["cell"], c["cell_line"], c["status"]) for c in claims] == [
        (pythagoras, 2, 3, P), (slip, 4, 2, R)]
    row = file_line(text, "\\sin^2 x + \\cos^2 x = 1\n")
    assert [(k["line"], k["cell"], k["cell_line"]) for c in claims for k in c["links"]] == [(row, 2, 4), (slip, 4, 2)]


@pytest.mark.parametrize(("indent", "one_string"), [(1, False), (2, False), (None, False), (1, True)])
def test_a_notebook_s_cells_are_placed_however_the_file_is_laid_out(tmp_path: Path, indent: int | None,
                                                                    one_string: bool) -> None:
    path = tmp_path / "nb.ipynb"
    text = notebook(CELLS, indent=indent, one_string=one_string)
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    found = [(d.read.display.cell.index if d.read.display.cell else None, d.line, d.status) for d in report.displays]
    assert found == [(2, 3, P), (4, 2, R)]
    places = [d.read.display.cell.place(d.line).line for d in report.displays if d.read.display.cell]
    if indent is None:  # the whole notebook on one line
        assert places == [1, 1]
    elif one_string:  # a cell's source is one JSON string: its lines are all on that string's line
        assert places == [file_line(text, CELLS[2][1]), file_line(text, CELLS[4][1])]
    else:
        assert places == [file_line(text, "$$\n"), file_line(text, "$$ \\sin(2x) = 2\\sin x $$")]


def test_annotate_writes_a_notebook_back_as_a_notebook_with_every_cell(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path, out = tmp_path / "nb.ipynb", tmp_path / "nb.checked.ipynb"
    path.write_text(notebook(CELLS), encoding="utf-8")
    status, _, err = _run(capsys, str(path), "--annotate", str(out))
    assert (status, err) == (1, "")
    before, after = json.loads(path.read_text(encoding="utf-8")), json.loads(out.read_text(encoding="utf-8"))
    assert len(after["cells"]) == len(before["cells"])
    assert {k: v for k, v in after.items() if k != "cells"} == {k: v for k, v in before.items() if k != "cells"}
    for n, (old, new) in enumerate(zip(before["cells"], after["cells"], strict=True)):
        assert {k: v for k, v in new.items() if k != "source"} == {k: v for k, v in old.items() if k != "source"}
        assert all(isinstance(line, str) for line in new["source"])
        if n not in (2, 4):
            assert new["source"] == old["source"]
    # the verdict follows its display in its cell, rows named by their line in the cell
    assert "".join(after["cells"][2]["source"]).startswith(
        CELLS[2][1] + "\n> **posenc-sym ✓ proven**: proven\n> - line 4 ✓ proven: read as $")
    assert "".join(after["cells"][4]["source"]).startswith(
        CELLS[4][1] + "\n\n> **posenc-sym ✗ refuted**: line 2: refuted\n> - line 2 ✗ refuted: read as $")
    again = tmp_path / "again.ipynb"  # the annotated notebook is a notebook that verify reads again
    assert _run(capsys, str(out), "--annotate", str(again))[0] == 1
    assert len(json.loads(again.read_text(encoding="utf-8"))["cells"]) == len(CELLS)


@pytest.mark.parametrize(("document", "target", "message"), [
    ("nb.ipynb", "out.md", "--annotate {target}: the annotated copy is a Jupyter notebook, like the document; give "
     "it a .ipynb name, e.g. nb.checked.ipynb"),
    ("page.qmd", "out.md", "--annotate {target}: the annotated copy is Quarto, like the document; give it a .qmd "
     "name, e.g. page.checked.qmd"),
])
def test_annotate_keeps_the_format(tmp_path: Path, capsys: pytest.CaptureFixture[str], document: str, target: str,
                                   message: str) -> None:
    source = tmp_path / document
    source.write_text(notebook(CELLS) if document.endswith(".ipynb") else DECLARE + "$$ x = x $$\n", encoding="utf-8")
    status, out, err = _run(capsys, str(source), "--annotate", str(tmp_path / target))
    assert (status, out, err) == (2, "", f"posenc-sym verify: error: {message.format(target=tmp_path / target)}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [document]


QUARTO = """---
title: "Identities"
subtitle: "$$ 1 = 2 $$ in the front matter is metadata"
format: html
---

```{python}
#| echo: false
print("$$ 2 = 3 $$ in a code chunk is code")
```

""" + DECLARE + """
$$
\\sin^2 x + \\cos^2 x = 1
$$ {#eq-pythagoras}

See @eq-pythagoras. And a slip:

$$ \\cos(2x) = 2\\cos x $$ {#eq-slip}
"""


def test_a_quarto_page_skips_front_matter_and_code_chunks_and_keeps_labelled_displays(tmp_path: Path) -> None:
    path = tmp_path / "page.qmd"
    path.write_text(QUARTO, encoding="utf-8")
    report = check_document(path)
    lines = QUARTO.split("\n")
    slip = lines.index("$$ \\cos(2x) = 2\\cos x $$ {#eq-slip}") + 1
    expected = [(lines.index("$$") + 1, P, [(lines.index("\\sin^2 x + \\cos^2 x = 1") + 1, P)]), (slip, R, [(slip, R)])]
    assert [(d.line, d.status, [(k.line, k.status) for k in d.links]) for d in report.displays] == expected


@pytest.mark.parametrize(("text", "bodies"), [
    # GitHub's and GitLab's math blocks are displays; other fences stay code
    ("```math\nx = x\n```\n```python\ny = '$$ 1 = 2 $$'\n```\n", [(1, "x = x")]),
    ("~~~math\na = a \\\\\nb = b\n~~~\n", [(1, "a = a \\\\\nb = b")]),
    # a YAML front matter (Jekyll, Hugo) is metadata, even with dollars in it
    ("---\ntitle: $$ 1 = 2 $$\n---\n$$ y = y $$\n", [(4, "y = y")]),
    # a rule that opens a page is not front matter when nothing closes it, or when prose or math follows
    ("---\n$$ z = z $$\n", [(2, "z = z")]),
    ("---\nSome prose:\n$$ z = z $$\n\n---\n", [(3, "z = z")]),
    # kramdown: $$ … $$ inside a sentence is math; two on a line are two
    ("The ratio $$a = b$$ and $$c \\le d$$ hold.\n", [(1, "a = b"), (1, "c \\le d")]),
    # \[ alone in Markdown is an escaped bracket, not an unclosed display
    ("See \\[1] and\n$$ w = w $$\n", [(2, "w = w")]),
    # a bare environment in Markdown (MathJax reads it)
    ("\\begin{align}\nq &= q\n\\end{align}\n", [(1, "q &= q")]),
])
def test_markdown_displays_as_written_by_hand(text: str, bodies: list[tuple[int, str]]) -> None:
    found = [(d.line, d.body.strip()) for d in extract(text, "markdown") if isinstance(d, Display)]
    assert found == bodies


@pytest.mark.parametrize(("text", "bodies"), [
    # \\[2pt] is a line break with its spacing, not a display; \$$ is a dollar sign then math
    ("a \\\\[2pt] b\n\\[ x = x \\]\n", [(2, "x = x")]),
    ("Costs \\$$5$ a month.\n\\begin{equation} y = y \\end{equation}\n", [(2, "y = y")]),
])
def test_latex_line_breaks_with_spacing_open_no_display(text: str, bodies: list[tuple[int, str]]) -> None:
    assert [(d.line, d.body.strip()) for d in extract(text, "latex") if isinstance(d, Display)] == bodies


NO_DISPLAY = ("no display to check{where} (no $$ … $$, \\[ … \\], ```math block or equation/align environment; "
              "inline $ … $ math is not checked); write each claim as a display")
BAD = [
    ("open.md", "Text\n\n$$ x = x\n\nmore text\n", "{path}:3: the display opened here with $$ is never closed; "
     "close it with $$"),
    ("align.md", "$$ a = a $$\n\\begin{align}\nx &= x\n", "{path}:2: the display opened here with \\begin{align} is "
     "never closed; close it with \\end{align}"),
    ("fence.md", "```math\nx = x\n", "{path}:1: the ```math block opened here is never closed; close it with ```"),
    ("open.tex", "\\[ x = x\n", "{path}:1: the display opened here with \\[ is never closed; close it with \\]"),
    ("eq.tex", "Text.\n\\begin{equation*}\nx = x\n\\end{equation}\n", "{path}:2: the display opened here with "
     "\\begin{equation*} is never closed; close it with \\end{equation*}"),
    ("empty.md", "", "{path}: the file is empty; there is nothing to check"),
    ("blank.tex", "  \n\n", "{path}: the file is empty; there is nothing to check"),
    ("prose.md", "# Notes\n\nOnly inline math: $x = 1$.\n", "{path}: " + NO_DISPLAY.format(where="")),
    ("macros.md", "$$\\newcommand{\\R}{\\mathbb{R}}$$\n", "{path}: " + NO_DISPLAY.format(where="")),
    ("declared.md", DECLARE, "{path}: " + NO_DISPLAY.format(where="")),
    ("code.ipynb", notebook([("code", "$$ 1 = 2 $$\n"), ("markdown", "# Title\n")]),
     "{path}: " + NO_DISPLAY.format(where=" in its Markdown cells")),
    ("open.ipynb", notebook([("markdown", "$$ x = x $$\n"), ("markdown", "Intro\n$$ y = y\n")]),
     "{path}:{line} (cell 1, line 2): the display opened here with $$ is never closed; close it with $$"),
    ("broken.ipynb", '{"cells": [', "{path}: not valid JSON (Expecting value: line 1 column 12 (char 11)); a "
     "notebook is the .ipynb file Jupyter saves"),
    ("old.ipynb", '{"worksheets": [], "nbformat": 3}', "{path}: a notebook of nbformat 3; open and save it in "
     "Jupyter to make it nbformat 4"),
    ("list.ipynb", "[]", '{path}: no "cells" list; a notebook is the .ipynb file Jupyter saves (nbformat 4)'),
    ("nosource.ipynb", '{"cells": [{"cell_type": "markdown"}]}', '{path}: cell 0 has no "source" text; a cell\'s '
     "source is a string or a list of strings (nbformat 4)"),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD, ids=[b[0] for b in BAD])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_bad_document_is_bad_input_exit_2_nothing_on_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              name: str, text: str, message: str,
                                                              json_flag: list[str]) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    line = file_line(text, "$$ y = y\n") if name == "open.ipynb" else 0
    status, out, err = _run(capsys, str(path), *json_flag)
    expected = message.replace("{path}", str(path)).replace("{line}", str(line))
    assert (status, out, err) == (2, "", f"posenc-sym verify: error: {expected}\n")


def test_a_bad_document_among_good_ones_stops_the_run_before_any_verdict(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.md", tmp_path / "bad.md"
    good.write_text(DECLARE + "$$ x = x $$\n", encoding="utf-8")
    bad.write_text("$$ x = x\n", encoding="utf-8")
    assert _run(capsys, str(good), str(bad)) == (
        2, "", f"posenc-sym verify: error: {bad}:1: the display opened here with $$ is never closed; close it with "
        "$$\n")


def _manifest(name: str) -> dict[str, Any]:
    documents = json.loads((REAL / "MANIFEST.json").read_text(encoding="utf-8"))["documents"]
    return next(d for d in documents if d["file"] == name)


@pytest.mark.parametrize("name", ["krasserm_rotary-position-embedding.ipynb", "tensorflow-text_transformer.ipynb"])
def test_every_row_of_a_real_notebook_is_in_a_display_at_its_cell_and_line(name: str) -> None:
    document = load_document(REAL / name)
    displays = [i for i in document.items if isinstance(i, Display)]
    rows = _manifest(name)["rows"]
    assert rows
    for row in rows:
        holding = [d for d in displays if d.cell is not None and d.cell.index == row["cell"]
                   and d.line <= row["cell_line"] <= d.end_line]
        assert len(holding) == 1, row
        assert holding[0].cell is not None and holding[0].cell.place(row["cell_line"]).line == row["line"]
        assert row["quote"] in holding[0].body


@pytest.mark.parametrize("name", ["krasserm_rotary-position-embedding.ipynb", "tensorflow-text_transformer.ipynb"])
def test_a_real_notebook_annotated_keeps_every_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   name: str) -> None:
    out = tmp_path / name
    status, _, err = _run(capsys, str(REAL / name), "--annotate", str(out))
    assert status in (0, 1) and err == ""  # 1 once the reader finds the notebook's slips
    before = json.loads((REAL / name).read_text(encoding="utf-8"))
    after = json.loads(out.read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in after["cells"]] == [c["cell_type"] for c in before["cells"]]
    assert [c.get("outputs") for c in after["cells"]] == [c.get("outputs") for c in before["cells"]]
    changed = [n for n, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True)) if a != b]
    assert changed and all(before["cells"][n]["cell_type"] == "markdown" for n in changed)
    for n in changed:  # text is only added: the cell's own lines are all still there, in order
        old, new = "".join(before["cells"][n]["source"]).split("\n"), "".join(after["cells"][n]["source"]).split("\n")
        position = 0
        for line in old:
            position = new.index(line, position) + 1


def test_a_bad_declaration_in_a_notebook_names_its_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = notebook([("markdown", "# Notes\n```posenc\nassume x realish\n```\n"), ("markdown", "$$ 1 = 1 $$\n")])
    path = tmp_path / "nb.ipynb"
    path.write_text(text, encoding="utf-8")
    line = file_line(text, "assume x realish\n")
    message = ("cannot read the declaration 'assume x realish': the domain must be one of real, positive, nonnegative, "
               "integer, integer positive, integer nonnegative, even positive, complex")
    status, _, err = _run(capsys, str(path))
    assert (status, err) == (2, f"posenc-sym verify: error: {path}:{line} (cell 0, line 3): {message}\n")
    status, out, _ = _run(capsys, str(path), "--json")
    assert json.loads(out)["problems"] == [{"file": str(path), "line": line, "cell": 0, "cell_line": 3,
                                            "message": message}]
