"""Calls as code-like notes write them (issue 23): named arguments, a function of another arity, names in words.

Each row is a small document and the (line, status) of each of its links, worked out by hand; beside
each construct, the near-misses where it must not apply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.report import link_latex

from .document_links import report_of

P, R, U, D, C, A = "proven", "refuted", "unknown", "definition", "condition", "argument"


def _report(tmp_path: Path, text: str) -> tuple[list[tuple[int, str]], list[str], str]:
    report = report_of(tmp_path, text)
    links = [(link.line, link.status) for display in report.displays for link in display.links]
    notes = [link.note for display in report.displays for link in display.links]
    unreadable = "; ".join(d.read.unreadable for d in report.displays if d.read.unreadable)
    return links, notes, unreadable


_SKEW = "$$\nS = \\text{skew}\\left(\\text{band}(QE, \\text{lo}=0, \\, \\text{hi}=n - 1)\\right)\n$$\n"


@pytest.mark.parametrize(("text", "links"), [
    # an algorithm's line: S is defined; lo and hi are arguments of band, each a link of its own
    (_SKEW, [(2, D), (2, A), (2, A)]),
    ("$$ Y = \\operatorname{trunc}(X, \\text{keep} = n_1) $$\n", [(1, D), (1, A)]),
    # a bare word is a keyword too (code writes keep=n_1)
    ("$$ Y = \\operatorname{trunc}(X, keep = n_1) $$\n", [(1, D), (1, A)]),
    # the same call twice is the same value: the claim that repeats S's formula holds
    (_SKEW + "\n$$\n\\text{skew}\\left(\\text{band}(QE, \\text{lo}=0, \\text{hi}=n - 1)\\right) = S\n$$\n",
     [(2, D), (2, A), (2, A), (6, A), (6, A), (6, P)]),
    # calls that differ in the name of an argument differ: never proven (nor refuted: band is unknown)
    ("$$ \\text{band}(QE, \\text{lo}=0) = \\text{band}(QE, \\text{hi}=0) $$\n", [(1, A), (1, U), (1, A)]),
    # ... and so do calls that differ in its value
    ("$$ \\text{band}(x, \\text{lo}=0) = \\text{band}(x, \\text{lo}=1) $$\n", [(1, A), (1, U), (1, A)]),
    # near-misses: \max(a, b) = a is a claim about max, its '=' outside the parentheses
    ("$$ \\max(a, b) = a $$\n", [(1, U)]),
    # f(x) = 1 defines f; the '=' is not inside the call
    ("$$ f(x) = x + 1 $$\n\n$$ f(2) = 3 $$\n", [(1, D), (3, P)]),
])
def test_named_arguments(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _report(tmp_path, text)[0] == links


#: Two displays of public notes on GitHub, quoted as written, found by an exact-string search for ``\\text{dim}=``
#: (the search index names no repository for them): a Chinese note on self-attention, and a note on VICReg.
_DIM_ARGUMENTS = ("$$\nattn = \\text{softmax}(\\frac{QK^T}{\\sqrt{d}}, \\text{dim}=-1)\n$$\n\n"
                  "$$C = \\frac{1}{B-1} \\hat{z}'^{\\,T} \\hat{z}', \\quad \\hat{z}' = z' - \\text{mean}(z', \\text{dim}=0)$$\n")


def test_named_arguments_in_real_notes(tmp_path: Path) -> None:
    # before: both definitions were recorded with formulas that "cannot be read: expected ')' but found '='"
    links, notes, _ = _report(tmp_path, _DIM_ARGUMENTS)
    assert links == [(2, D), (2, A), (5, D), (5, D), (5, A)]
    assert [n for n in notes if "argument" in n] == [
        "a named argument of softmax: passed by name, not a relation, not decided",
        "a named argument of mean: passed by name, not a relation, not decided"]


@pytest.mark.parametrize(("text", "unreadable"), [
    # a '=' inside parentheses that are not a call's: a relation where none may stand, as before
    ("$$ 2(x = 1) + 1 \\le y $$\n", "expected ')' but found '='"),
    # a '=' inside a set
    ("$$ \\{x = 1\\} \\le 2 $$\n", "a brace \\{ is read only before cases (\\{\\begin{matrix} … \\end{matrix}); "
     "a set is not read"),
    # a single letter: an event (P(X = 1)) or a keyword X; both readings named
    ("$$ P(X = 1) \\le 1 $$\n", "'X =' inside the parentheses of a function may name an argument X (a keyword "
     "argument) or state an event (X = …, as in P(X = 1)); write the name in words (\\text{X}), or the event as "
     "a relation of its own"),
    # a '=' after a formula inside a call is no keyword
    ("$$ f(x + 1 = 2) \\le 1 $$\n", "expected ')' but found '='"),
    # a function the text defines takes its arguments by position
    ("$$ g(x) = x^2 $$\n\n$$ g(\\text{lo}=2) = 4 $$\n", "g is defined with parameters, by position; the named "
     "argument lo=2 matches none of them: pass it by position"),
])
def test_where_a_named_argument_is_not_read(tmp_path: Path, text: str, unreadable: str) -> None:
    assert _report(tmp_path, text)[2] == unreadable


def test_a_named_argument_says_what_it_is(tmp_path: Path) -> None:
    _, notes, _ = _report(tmp_path, _SKEW)
    assert notes[1:] == ["a named argument of band: passed by name, not a relation, not decided"] * 2



_F = "$$\nf(q, m) = q e^{\\mathrm{i} m \\theta}\n$$\n"


@pytest.mark.parametrize(("text", "links"), [
    # f of three arguments beside f of two: another function, never evaluated by f(q, m)'s definition;
    # a row about it holds only if it holds whatever it is
    (_F + "\n$$\nf(q, m, j) = f(q, m) e^{\\mathrm{i} j}\n$$\n", [(2, D), (6, D)]),
    # defined, both are used: each by its own definition
    (_F + "\n$$\nf(q, m, j) = f(q, m) e^{\\mathrm{i} j}\n$$\n\n$$\nf(q, m, j) = q e^{\\mathrm{i} (m \\theta + j)}\n"
     "$$\n\n$$\nf(q, m) = q e^{\\mathrm{i} m \\theta}\n$$\n", [(2, D), (6, D), (10, P), (14, P)]),
    # ... a slip about the three-argument one is refuted by its own definition (q declared: not a matrix)
    ("```posenc\nassume q, \\theta, m, j real\n```\n\n" + _F + "\n$$\nf(q, m, j) = q e^{\\mathrm{i} m j}\n$$\n\n"
     "$$\n2 f(q, m, j) = 2 q e^{\\mathrm{i} m \\theta}\n$$\n\n$$\n2 f(q, m, j) = 2 q e^{\\mathrm{i} m j}\n$$\n",
     [(6, D), (10, D), (14, R), (18, P)]),
    # used, not defined: a function of its own, unknown unless the row holds whatever it is (q, j declared
    # numbers: the reader reasons about a function only of numbers)
    ("```posenc\nassume q, j real\n```\n\n" + _F + "\n$$\n2 f(q, m, j) = f(q, m) + q\n$$\n\n"
     "$$\nf(q, m, j) + 1 = 1 + f(q, m, j)\n$$\n", [(6, D), (10, U), (14, P)]),
    # g of three and of four arguments, neither defined: two applications, as before
    ("$$ g(q, k, m - n, i - j) = g(q, k, m - n) $$\n", [(1, U)]),
])
def test_another_arity(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _report(tmp_path, text)[0] == links


#: EleutherAI's blog post "Rotary Embeddings: A Relative Revolution" (2021, blog.eleuther.ai/rotary-embeddings): the
#: display that introduces g and its definition of f, quoted as written, and the first and last members of its chain for two dimensions (whose middle
#: rows slice vectors, q_{: d / 2}, which is another construct).
_ELEUTHER = ("$$\n\\langle f(\\mathbf{q}, m), f(\\mathbf{k}, n)\\rangle=g(\\mathbf{q}, \\mathbf{k}, m-n)\n$$\n\n"
             "$$\nf(\\mathbf{q}, m)=R_f(\\mathbf{q}, m) e^{i \\Theta_f(\\mathbf{q}, m)}=\\mathbf{q} "
             "e^{i(\\Theta(\\mathbf{q})+m \\theta)}=\\sum_{j=1}^{d / 2} q_j e^{i m \\theta_j} \\vec{e}_j\n$$\n\n"
             "$$\n\\langle f(\\mathbf{q}, m, i), f(\\mathbf{k}, n, j) \\rangle = g(\\mathbf{q}, \\mathbf{k}, m-n, i-j)\n$$\n")


def test_another_arity_in_a_real_note(tmp_path: Path) -> None:
    # before: "f takes 2 argument(s), not 3" and the row was not read; now read, and never decided (f of three
    # arguments and g are functions nobody defines)
    links, notes, unreadable = _report(tmp_path, _ELEUTHER)
    assert (links[-1], unreadable) == ((10, U), "")
    assert notes[-1] == "f, g, k, q are not defined in the text (or declared): the row is not decided from values they " \
                        "do not have"


def test_another_arity_is_said_once_with_the_line_of_the_definition(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text(_F + "\n$$\nf(q, m, j) = q\n$$\n\n$$\nf(q, m, j) = q\n$$\n", encoding="utf-8")
    notes = [c.text for d in check_document(path).displays for c in d.conventions if c.key.startswith("arity:")]
    assert notes == ["read f(q, m, j) as another function than f of 2 arguments (line 2): a function of 3 arguments "
                     "of its own, never evaluated by that definition"]


@pytest.mark.parametrize(("text", "unreadable"), [
    # a function the author declared with let keeps its arity
    ("```posenc\nassume q, m, j real\nlet f(q, m) = q m\n```\n\n$$ f(q, m, j) \\le q m j $$\n",
     "f takes 2 argument(s), not 3"),
    # the same arity, an argument that matches no pattern of a function defined by patterns: as before
    ("$$ PE(pos, 2i) = \\sin(pos) $$\n\n$$ PE(pos, 2i + 1) = \\cos(pos) $$\n\n$$ PE(pos, i) \\le 1 $$\n",
     "PE with subscript (pos, i) matches no definition (pos, 2*i; pos, 2*i + 1); write the subscript in the form "
     "of a definition"),
])
def test_where_another_arity_is_not_read(tmp_path: Path, text: str, unreadable: str) -> None:
    assert _report(tmp_path, text)[2] == unreadable


_SCALE = ("$$\n\\begin{aligned}\n\\text{scale} &= \\dfrac{\\text{factor} * \\text{seq len}}{\\text{original ctx}} - "
          "(\\text{factor} - 1)\n\\end{aligned}\n$$\n")


#: Dynamic NTK scaling as a reader's notes on a blog post write it, in a ```math block: PoptropicaSahil/1_Resources-NLP,
#: AmanArora/YaRN/readme.md (commit 64dcabc1a3a6d4ff5b7a4a73ff6dcae9b23fbca3), lines 476-481, quoted as written.
_DYNAMIC_NTK = ("```math\n\\begin{align*}\n"
                "    \\text{dynamic factor} &= \\dfrac{\\text{factor} * \\text{seq len}}{\\text{original context}} - "
                "(\\text{factor} - 1) \\\\\n"
                "    \\text{base new} &= \\text{base} * \\text{dynamic factor}^{d/(d-2)}\n"
                "\\end{align*}\n```\n")


@pytest.mark.parametrize(("text", "links"), [
    # a real note: two definitions, each name in words one quantity (before: the display was not read)
    (_DYNAMIC_NTK, [(3, D), (4, D)]),
    # dynamic NTK as code-like notes write it: each name in words is one quantity, and defines where it is new
    (_SCALE + "\n$$\n\\text{base new} = \\text{base} * \\text{scale}^{d/(d-2)}\n$$\n", [(3, D), (8, D)]),
    # at the end of a row, after an operator or in a function's parentheses, the words are a value, not a remark
    ("$$ \\text{total len} = \\text{factor} * \\text{seq len} $$\n", [(1, D)]),
    ("$$ \\text{ratio} = \\log(\\text{seq len}) $$\n", [(1, D)]),
    # spaces at the ends of the words are typography (a note on mixture of experts writes them so)
    ("$$ \\text{size} = \\text{hidden dim } \\cdot \\text{ number of experts} $$\n", [(1, D)]),
    # a name in words used by a later row: the definition is used (L declared real: a number)
    ("```posenc\nassume L real\n```\n\n$$ \\text{seq len} = 2 L $$\n\n$$ \\text{seq len} - L = L $$\n\n"
     "$$ \\text{seq len} - L = 2 L $$\n", [(5, D), (7, P), (9, R)]),
    # a tie ~ between the words is a space (a course note on MLA writes \text{Attention ~Score}: the chain was lost)
    ("```posenc\nassume L real\n```\n\n$$\n\\begin{aligned}\n\\text{Attention ~Score} &= 2 L \\\\\n&= L + L\n"
     "\\end{aligned}\n$$\n\n$$ \\text{Attention Score} - L = 2 L $$\n", [(7, D), (8, P), (12, R)]),
    # its words are one name: \text{seq len} is not seq·len, nor the name seqlen (a claim about the declared
    # seqlen: a value set for it, seqlen = 2, would be an example's, not decided)
    ("```posenc\nassume seq, len, seqlen real\n```\n\n$$ \\text{seq len} = 2 $$\n\n$$ \\text{seqlen} + 1 = 3 $$\n",
     [(5, D), (7, R)]),
    # near-misses: prose between two statements, a clause, a condition of cases, a justification stay what they were
    ("$$ \\omega = 1 \\quad \\text{by angle addition} $$\n", [(1, D)]),
    ("$$ w_x = \\begin{cases} 1 & \\text{if } x > 0 \\\\ 0 & \\text{otherwise} \\end{cases} $$\n", [(1, D), (1, C)]),
])
def test_names_in_words(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _report(tmp_path, text)[0] == links


@pytest.mark.parametrize(("text", "unreadable"), [
    ("$$ x + 1 = 1 + x \\text{ and } y = 2 $$\n", "\\text{and} is a word of prose inside the formula (a condition or "
     "a clause); state a condition as a relation of its own, or write the formula without it"),
    ("$$ 2 \\cdot \\text{for all} = 2 $$\n", "\\text{for all} is prose inside the formula ('for' is a word of a clause), "
     "not a name in words; state a condition as a relation of its own, or write the formula without it"),
    ("$$ 2 \\cdot \\text{ seq len where } = 2 $$\n", "\\text{seq len where} is prose inside the formula ('where' is a "
     "word of a clause), not a name in words; state a condition as a relation of its own, or write the formula "
     "without it"),
])
def test_where_words_are_no_name(tmp_path: Path, text: str, unreadable: str) -> None:
    assert _report(tmp_path, text)[2] == unreadable


def test_a_name_in_words_is_said_once_and_printed_as_its_words(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text(_SCALE + "\n$$\n\\text{base new} = \\text{base} * \\text{scale}^{d/(d-2)}\n$$\n", encoding="utf-8")
    report = check_document(path)
    notes = [c.text for d in report.displays for c in d.conventions if c.key == "words"]
    assert notes == ["read \\text{seq len}, and any name written in words where a value stands, as one quantity named "
                     "by its words (not a product of letters)"]
    assert link_latex(report.displays[1].links[0]).startswith("\\text{base new} = \\mathrm{base} \\cdot ")
    assert "\\text{seq len}" in link_latex(report.displays[0].links[0])


_XY = "```posenc\nassume x, y, t real\n```\n\n"


@pytest.mark.parametrize(("text", "links"), [
    # a clause of prose on a row of its own: what it states is a condition, and the chain goes on after it; the
    # row after it, false for every y but 1, is never refuted (the clause may be what it is meant for)
    (_XY + "$$\n\\begin{aligned}\n(x + y)^2 &= x^2 + 2xy + y^2 \\\\\n&\\text{where } y = 1 \\\\\n&= x^2 + 2x + 1\n"
     "\\end{aligned}\n$$\n", [(7, P), (8, C), (9, U)]),
    # ... a row that holds whatever the clause says is proven from the chain above the clause
    (_XY + "$$\n\\begin{aligned}\n(x + y)^2 &= x^2 + 2xy + y^2 \\\\\n&\\text{where } y = 1 \\\\\n&= x^2 + y^2 + 2xy\n"
     "\\end{aligned}\n$$\n", [(7, P), (8, C), (9, P)]),
    # ... a bound is applied: |t| = t holds for t > 0
    (_XY + "$$\n\\begin{aligned}\n\\sqrt{t^2} &= |t| \\\\\n&\\text{for } t > 0 \\\\\n&= t\n\\end{aligned}\n$$\n",
     [(7, P), (8, C), (9, P)]),
    # ... and a slip after it is still refuted under the bound
    (_XY + "$$\n\\begin{aligned}\n\\sqrt{t^2} &= |t| \\\\\n&\\text{for } t > 0 \\\\\n&= -t\n\\end{aligned}\n$$\n",
     [(7, P), (8, C), (9, R)]),
    # words of prose that end in a formula (the product xy) do not start a chain of their own
    (_XY + "$$\n\\begin{aligned}\n(x + y)^2 &= x^2 + 2xy + y^2 \\\\\n&\\text{where the middle term is twice } xy \\\\\n"
     "&= x^2 + y^2 + 2xy\n\\end{aligned}\n$$\n", [(7, P), (9, P)]),
    # a clause that sets the width: the next row, true at d = 512 only, is not refuted
    ("$$\n\\begin{aligned}\n\\omega &= 10000^{-2/d} \\\\\n\\text{where } d &= 512 \\\\\n&= 10000^{-1/256}\n"
     "\\end{aligned}\n$$\n", [(3, D), (4, D), (5, U)]),
    # near-misses: a chain with no clause is decided as before; a clause with no chain above it is read as before
    (_XY + "$$\n\\begin{aligned}\n(x + y)^2 &= x^2 + 2xy + y^2 \\\\\n&= x^2 + 2x + 1\n\\end{aligned}\n$$\n",
     [(7, P), (8, R)]),
    (_XY + "$$ \\text{where } y = x + 1 $$\n", [(5, C)]),  # the declared y related to x: stated (it was refuted)
    # a chain begun after the clause is not under it: its slip is refuted
    (_XY + "$$\n\\begin{aligned}\n(x + y)^2 &= x^2 + 2xy + y^2 \\\\\n&\\text{where } y = 1 \\\\\n&= x^2 + 2x + 1 \\\\\n"
     "y^2 &= 1\n\\end{aligned}\n$$\n", [(7, P), (8, C), (9, U), (10, R)]),
    # a row that opens with 'and' states a claim of its own, which the next row continues
    (_XY + "$$\n\\begin{aligned}\nx + y &= y + x \\\\\n\\text{and } x y &= y x \\\\\n&= x y + 1\n\\end{aligned}\n$$\n",
     [(7, P), (8, P), (9, R)]),
])
def test_a_chain_goes_on_after_a_clause_of_prose(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _report(tmp_path, text)[0] == links
