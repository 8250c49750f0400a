"""Markdown every renderer reads (issue 20, item 7): the notes built with MkDocs' arithmatex.

``posenc-sym markdown`` writes ``$$`` displays and ``$…$`` inline math for MathJax. The test runs the
built-in notes through Python-Markdown with ``pymdownx.arithmatex`` in generic mode, as MkDocs does,
and checks that every display and every inline formula comes out as math (a ``$$`` right after a
line of text is not a display; its underscores then become ``<em>``), and that no emphasis lands
inside math.
"""

from __future__ import annotations

import html
import re

import pytest

from posenc_sym.render.document import markdown_document, pad_displays

from .conftest import require_module


@pytest.fixture(scope="module")
def page() -> tuple[str, str]:
    """The built-in notes as Markdown, and as the HTML arithmatex makes of it."""
    markdown = require_module("markdown", "Markdown is not installed (pip install 'posenc-sym[test]')")
    require_module("pymdownx", "pymdown-extensions is not installed (pip install 'posenc-sym[test]')")
    from posenc_sym.app.notes import decide_notes

    source = markdown_document(decide_notes(figures=False).notes)
    out = markdown.markdown(source, extensions=["pymdownx.arithmatex", "tables"],
                            extension_configs={"pymdownx.arithmatex": {"generic": True}})
    return source, out


def displays(source: str) -> list[str]:
    """The bodies of the ``$$`` displays of a page, each on lines of its own."""
    return re.findall(r"^\$\$\n(.*?)\n\$\$$", source, re.S | re.M)


def test_every_display_is_math_to_arithmatex(page: tuple[str, str]) -> None:
    source, out = page
    found = displays(source)
    assert len(found) > 250 and source.count("$$") == 2 * len(found)  # every $$ opens or closes a display
    recognised = [html.unescape(b).strip() for b in re.findall(r'<div class="arithmatex">\\\[(.*?)\\\]</div>', out, re.S)]
    assert [d for d in found if d.strip() not in recognised] == []
    assert len(recognised) == len(found)


def test_every_inline_formula_is_math_to_arithmatex(page: tuple[str, str]) -> None:
    source, out = page
    text = re.sub(r"^\$\$\n.*?\n\$\$$", "", source, flags=re.S | re.M)  # the displays
    text = re.sub(r"(`+).*?\1", "", text)  # code spans
    inline = re.findall(r"(?<![\\$])\$(?!\$)((?:[^$\\]|\\.)+?)(?<!\\)\$", text)
    spans = re.findall(r'<span class="arithmatex">\\\((.*?)\\\)</span>', out, re.S)
    assert len(spans) == len(inline) > 1000


def test_no_emphasis_inside_math(page: tuple[str, str]) -> None:
    _source, out = page
    maths = re.findall(r'<(span|div) class="arithmatex">(.*?)</\1>', out, re.S)
    assert [m for _, m in maths if re.search(r"</?(em|strong)>", m)] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("text\n$$\nx\n$$\nmore\n", "text\n\n$$\nx\n$$\n\nmore\n"),
    ("<small>a</small>\n$$\nx\n$$\n<small>b</small>\n", "<small>a</small>\n\n$$\nx\n$$\n\n<small>b</small>\n"),
    ("a\n\n$$\nx\n$$\n\nb\n", "a\n\n$$\nx\n$$\n\nb\n"),  # already apart: unchanged
    ("$$\nx\n$$\n$$\ny\n$$\n", "$$\nx\n$$\n\n$$\ny\n$$\n"),
])
def test_displays_get_a_blank_line_around_them(text: str, expected: str) -> None:
    assert pad_displays(text) == expected
