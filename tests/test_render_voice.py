"""The notes in a teacher's voice, with a typesetter's habits (issue 20, items 4 and 5).

The built-in catalogue is decided once (module fixture) and rendered; the tests read the LaTeX
as a lecturer would read the page: no claim ids, hashed file names or repeated method text in the
main text (they are in the appendix "How each statement was checked"), a badge per statement and
its meaning said once, refuted claims stated as the document made them with the counterexample in
words, assumptions that name matrices rather than their entries, connecting prose under every
section, figures sent to from the text, parentheses and quotes set right.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import sympy

from posenc_sym import Claim, Source, Verdict
from posenc_sym.render.document import BADGE_MEANINGS, Notes, latex_document
from posenc_sym.render.latex import render_claim
from posenc_sym.render.markup import LATEX, MARKDOWN
from posenc_sym.render.options import Options
from posenc_sym.render.pgf import DIVERGING, build_figures
from posenc_sym.render.typeset import curly_quotes, nested_quotes, tidy_parens
from posenc_sym.render.verdicts import short_decimal

from .conftest import require_module


@pytest.fixture(scope="module")
def notes() -> Notes:
    from posenc_sym.app.notes import decide_notes

    decided = decide_notes()
    assert decided.report.problems == ()
    return decided.notes


@pytest.fixture(scope="module")
def document(notes: Notes) -> str:
    return latex_document(notes)


def main_text(document: str) -> str:
    """The document up to the appendix of how each statement was checked, without labels and links."""
    text = document[:document.index(r"\section{How each statement was checked}")]
    return re.sub(r"\\(?:label|ref)\{[^{}]*\}|\\hyperref\[[^\]]*\]", "", text)


def claim_ids(notes: Notes) -> list[str]:
    return [c.id for s in notes.sections for c in s.derivation.claims]


def test_the_main_text_names_no_claim_and_no_hashed_file(notes: Notes, document: str) -> None:
    text = main_text(document)
    named = [cid for cid in claim_ids(notes) if cid in text]
    assert named == []
    assert re.findall(r"\d{3}_[0-9a-f]{16}\.txt", text) == []
    assert "derivations/" not in text


def test_the_appendix_lists_each_claim_once_with_its_files(notes: Notes, document: str) -> None:
    appendix = document[document.index(r"\section{How each statement was checked}"):]
    for cid in claim_ids(notes):
        if not re.search(r"\.r\d+c\d+$", cid):  # a printed table's entries are one line
            assert appendix.count(rf"\ref{{claim:{cid}}}") == 1, cid
    assert len(re.findall(r"\d{3}\\_\\allowbreak\{\}[0-9a-f]{16}", appendix)) == 5  # each source document
    assert appendix.count(r"\posencfile{derivations/") == len([s for s in notes.sections])


@pytest.mark.parametrize("phrase", [
    "for every value the assumptions allow", "JSON", r"Proven} by", "Refuted:", "as the derivation expected",
    "it has no free symbols", "Checked numerically, not proven:",
])
def test_machine_phrases_are_gone_from_the_main_text(document: str, phrase: str) -> None:
    assert phrase not in main_text(document)


def test_each_badge_is_explained_once_and_worn_by_every_statement(notes: Notes, document: str) -> None:
    intro = document[document.index(r"\maketitle"):document.index(r"\tableofcontents")]
    for status, words in BADGE_MEANINGS:
        assert intro.count(words) == 1, status
    assert document.count("for every value its assumptions allow") == 1
    headed = re.findall(r"\\(?:sub)+section\[\{.*?\}\]\{.*?\\quad\\posenc(proven|refuted|checked|unknown)\{\}\}"
                        r"\\label\{claim:", document)
    table_entries = sum(1 for cid in claim_ids(notes) if re.search(r"\.r\d+c\d+$", cid))
    assert len(headed) == len(claim_ids(notes)) - table_entries


def seed_refutations(notes: Notes) -> list[tuple[Claim, Verdict]]:
    return [(c, s.verdicts[c.id]) for s in notes.sections if s.derivation.id.startswith("seeds.")
            for c in s.derivation.claims if c.expect == "refuted"]


def test_every_refuted_seed_claim_is_stated_as_made_and_refuted_in_words(notes: Notes) -> None:
    found = seed_refutations(notes)
    assert len(found) == 25
    for claim, verdict in found:
        assert verdict.status == "refuted", claim.id
        assert re.search(r"\{(lhs|rhs)\}", claim.refutation), claim.id  # the engine's numbers, not typed ones
        # The title is the statement as the document made it, not its correction.
        assert not re.search(r"\((it|they|that|the post)\b[^)]*\)$|\(false", claim.title), claim.title
        text = render_claim(claim, verdict, LATEX, 2, Options())
        assert r"\textbf{Counterexample.}" in text, claim.id
        for side, value in (("lhs", verdict.lhs_value), ("rhs", verdict.rhs_value)):
            if "{" + side + "}" in claim.refutation:
                assert value is not None, (claim.id, side)
                assert f"${short_decimal(value)}$".replace(" ", "") in text.replace(" ", ""), (claim.id, side)


BARE = re.compile(r"\\begin\{equation\*\}\n-?[\d.]+ (?:=|\\le|<|>|\\ge) -?[\d.]+\n\\end\{equation\*\}")


def test_no_refuted_claim_with_words_shows_a_bare_number_equation(notes: Notes) -> None:
    # "8 = 1" for the indentation finding, "2046 = 858" for the document's slip: the words say it.
    shown = {claim.id: render_claim(claim, verdict, LATEX, 2, Options()) for claim, verdict in seed_refutations(notes)}
    assert [cid for cid, text in shown.items() if BARE.search(text)] == []
    numbers_only = [cid for cid, text in shown.items() if r"\begin{equation*}" not in text and r"\begin{align*}" not in text]
    assert "seeds.doc000.code.runs" in numbers_only and "seeds.doc002.h1.858-is-wo" in numbers_only


def test_assumptions_name_matrices_not_their_entries(document: str) -> None:
    lines = re.findall(r"\\textbf\{Assumptions\.\}(.*)", document)
    assert lines
    assert [line for line in lines if re.search(r"_\{[^{}]*\d+,\d+\}", line)] == []
    assert any("The entries of $X$, $W_{k}$, $W_{q}$ and $W_{v}$ are real" in line
               or "the entries of" in line.lower() for line in lines)


def test_every_section_opens_with_prose(document: str) -> None:
    body = main_text(document)
    sections = re.split(r"\n\\section\{[^\n]*\n", body)[1:]
    for text in sections:
        first = text.strip().split("\n\n")[0]
        assert not first.startswith(("\\subsection", "\\begin", "\\section")), first[:80]


def test_every_figure_is_sent_to_from_the_text(document: str) -> None:
    labels = re.findall(r"\\label\{(fig:[^}]+)\}", document)
    assert len(labels) == 4
    for label in labels:
        assert document.count(rf"\ref{{{label}}}") == 1, label


# --- typography ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("latex", "expected"), [
    (r"\sin\left(x\right)", r"\sin(x)"),
    (r"\mathrm{PE}_{i}\left(t + k\right) = T_{k} \mathrm{PE}_{i}\left(t\right)", r"\mathrm{PE}_{i}(t + k) = T_{k} \mathrm{PE}_{i}(t)"),
    (r"\sin\left(\omega_{i} \cdot \left(k + t\right)\right)", r"\sin(\omega_{i} \cdot (k + t))"),
    # Tall contents keep the growing parentheses, without the space before them.
    (r"\cos\left(\frac{t}{b}\right)", r"\cos\mathopen{}\left(\frac{t}{b}\right)\mathclose{}"),
    (r"\left(\sum_{j} a_{j}\right)^{2}", r"\mathopen{}\left(\sum_{j} a_{j}\right)\mathclose{}^{2}"),
    # Brackets are not parentheses; an unmatched \left( is left as it is.
    (r"\left[x\right]", r"\left[x\right]"),
    (r"\left(x", r"\left(x"),
])
def test_parentheses_are_set_tight(latex: str, expected: str) -> None:
    assert tidy_parens(latex) == expected


def test_no_function_is_followed_by_a_spaced_parenthesis(document: str) -> None:
    # \left( right after a name prints "sin (x)": every one the notes keep is preceded by \mathopen{}.
    loose = re.findall(r"(?<!\\mathopen\{\})\\left\(", document)
    assert loose == []


@pytest.mark.parametrize(("text", "expected"), [
    ("the outputs of 'B A' are swapped", "the outputs of ‘B A’ are swapped"),
    ("the document's claim", "the document’s claim"),
    ('a "quoted" word', "a “quoted” word"),
    ("('0::2' and '1::2')", "(‘0::2’ and ‘1::2’)"),
    ("'its log form'", "‘its log form’"),
])
def test_straight_quotes_open_and_close_by_their_place(text: str, expected: str) -> None:
    assert curly_quotes(text) == expected


@pytest.mark.parametrize(("quote", "latex", "markdown"), [
    ("只要处于不同位置，他们就不是同一个“我”", "``只要处于不同位置，他们就不是同一个`我'\\,''",
     "“只要处于不同位置，他们就不是同一个‘我’”"),
    ('"hi" said', "``\\,`hi' said''", "“‘hi’ said”"),
])
def test_a_quotation_inside_quotes_uses_single_ones(quote: str, latex: str, markdown: str) -> None:
    from posenc_sym.render.markup import LATEX_CJK

    assert LATEX_CJK.quotation(quote).replace("\\posenccjk{", "").replace("}", "") == latex.replace("}", "")
    assert MARKDOWN.quotation(quote) == markdown
    assert nested_quotes(quote).count("“") == 0


def test_no_double_opening_quote_in_the_notes(document: str) -> None:
    assert "````" not in document and "``\\posenccjk{``" not in document
    assert "''''" not in document


def test_the_heatmap_uses_one_diverging_map_in_both_renderers() -> None:
    heatmap = next(f for f in build_figures() if f.name == "sinusoidal-heatmap").pgf
    assert "colormap/bluered" not in heatmap and "colormap={rdbu}" in heatmap
    matplotlib = require_module("matplotlib", "matplotlib is not installed (pip install 'posenc-sym[figures]')")
    from posenc_sym.render import figures_mpl

    source = figures_mpl.__loader__.get_source(figures_mpl.__name__)  # type: ignore[union-attr]
    cmap = matplotlib.colormaps[re.search(r'cmap="(\w+)"', source).group(1)]  # type: ignore[union-attr]
    stops = [tuple(int(v) for v in m) for m in re.findall(r"rgb255=\((\d+),(\d+),(\d+)\)", DIVERGING)]
    # Resampled to as many colours as stops, matplotlib returns its stops themselves (no lookup-table
    # rounding): RdBu_r is ColorBrewer's 11-class RdBu reversed, so each channel agrees within the
    # rounding of 0-1 floats to 0-255 integers.
    sampled = cmap.resampled(len(stops))(np.arange(len(stops)))[:, :3] * 255
    assert np.max(np.abs(sampled - np.array(stops))) <= 0.5


def test_arrow_tips_stop_short_of_the_points() -> None:
    rotation = next(f for f in build_figures() if f.name == "sinusoidal-rotation").pgf
    arrows = re.findall(r"\\draw\[([^\]]*)\]", rotation)
    assert len(arrows) == 3
    assert all("-stealth" in a and "shorten >=3.5pt" in a for a in arrows)


def test_a_source_is_named_by_its_title_never_its_file() -> None:
    x = sympy.Symbol("x", real=True)
    claim = Claim("demo.src", "t", x, x, source=Source("003_750a8455e46b047a.txt", "quote", "section 2"),
                  same_sides_ok="a fixture")
    options = Options(sources=(("003_750a8455e46b047a.txt", "Transformer positional encoding explained"),))
    text = render_claim(claim, Verdict("proven"), LATEX, 2, options)
    assert r"\emph{Transformer positional encoding explained}, section 2: ``quote''." in text
    assert "750a8455" not in text
    own = render_claim(claim, Verdict("proven"), LATEX, 2, Options(own_source="003_750a8455e46b047a.txt"))
    assert "The document, section 2: ``quote''." in own
