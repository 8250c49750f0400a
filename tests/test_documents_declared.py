"""Notes read with a minimal declaration block (issue 23: a block at the top must not read fewer rows).

A ``posenc`` block that declares widths, positions and indices is the author's word on those names only:
the text's indexed family θ_i beside a declared plain θ, a bold vector p beside a declared scalar p, a
primed name, and a value the text sets for a declared name are each read as the same notes with no block
read them. Each row is a small document and the verdict of each of its links, worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

from .document_links import report_of

P, R, U, D, C = "proven", "refuted", "unknown", "definition", "condition"


def _block(*lines: str) -> str:
    return "```posenc\n" + "\n".join(lines) + "\n```\n\n"


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    """(line, status) of every link; a display that cannot be read, (its line, unknown)."""
    return [(link.line, link.status) for display in report_of(tmp_path, text).displays
            for link in (display.links or [display])]


_THETA = _block(r"assume \theta real")
_ROFORMER = r"$$\theta_i = 10000^{-2(i-1)/d}, i \in [1, 2, ..., d/2]$$" + "\n\n"


@pytest.mark.parametrize(("text", "links"), [
    # RoFormer's frequencies beside a declared plain θ: θ_i is the text's family, defined (θ_1 = 10000^0 = 1)
    (_THETA + _ROFORMER + "$$\\theta_1 = 1$$\n", [(5, D), (5, D), (7, P)]),
    (_THETA + "$$\\theta_i = 10000^{-2i/d}$$\n\n$$\\theta_0 = 1$$\n", [(5, D), (7, P)]),
    # ... and used: a slip is refuted (θ_0 = 1, not 2)
    (_THETA + "$$\\theta_i = 10000^{-2i/d}$$\n\n$$\\theta_0 = 2$$\n", [(5, D), (7, R)]),
    # θ_0 is 1 and θ stays the declared real: θ_0 + θ = θ + 1 holds, θ_0 θ = 2θ fails at θ ≠ 0
    (_THETA + "$$\\theta_i = 10000^{-2i/d}$$\n\n$$\\theta_0 + \\theta = \\theta + 1$$\n\n"
     "$$\\theta_0 \\theta = 2 \\theta$$\n", [(5, D), (7, P), (9, R)]),
    # near-miss: a declared θ_i is the author's variable, not defined here; θ_i = … for every θ_i holds for no θ_i, so
    # the row relates it to i and d (stated, not decided; it was refuted) and later rows keep θ_i as declared
    (_block(r"assume \theta_i real") + "$$\\theta_i = 10000^{-2i/d}$$\n", [(5, C)]),
    # near-miss: a θ_i a let declares is a claim too, decided by the let
    (_block("assume d even positive", r"let \theta_i = 10000^{-2i/d}") + "$$\\theta_i = 10000^{-2i/d}$$\n\n"
     "$$\\theta_i = 10000^{-i/d}$$\n", [(6, P), (8, R)]),
])
def test_the_texts_family_beside_a_declared_plain_name(tmp_path: Path, text: str,
                                                       links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


_P = _block("assume p real")
_BOLD_P = "$$\\mathbf{p} = \\begin{bmatrix} \\sin(t) \\\\ \\cos(t) \\end{bmatrix}$$\n\n"


@pytest.mark.parametrize(("text", "links"), [
    # a bold vector with its subscript inside the braces, beside a declared scalar p: defined, and used
    (_P + "$$\\mathbf{p_t} = \\begin{bmatrix} \\sin(\\omega_1 t) \\\\ \\cos(\\omega_1 t) \\end{bmatrix}$$\n\n"
     "$$\\mathbf{p_t}^\\top \\mathbf{p_t} = 1$$\n", [(5, D), (7, P)]),
    # the bold p set to a vector is not the declared real p: |p⃗|² = 1 holds, and p p⃗ᵀp⃗ = p with it
    (_P + _BOLD_P + "$$\\mathbf{p}^\\top \\mathbf{p} = 1$$\n\n$$p \\mathbf{p}^\\top \\mathbf{p} = p$$\n",
     [(5, D), (7, P), (9, P)]),
    # near-miss: the plain p is still the declared scalar, not the vector: p p⃗ᵀp⃗ = 2p fails at p ≠ 0
    (_P + _BOLD_P + "$$p \\mathbf{p}^\\top \\mathbf{p} = 2 p$$\n", [(5, D), (7, R)]),
    # near-miss: a bold p never set to a vector reads as the declared p, as before
    (_P + "$$\\mathbf{p} + 1 = p + 1$$\n", [(5, P)]),
])
def test_a_bold_vector_beside_a_declared_scalar(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "links"), [
    (_block("assume L' positive") + "$$L' + 1 > 1$$\n\n$$L' > 1$$\n", [(5, P), (7, R)]),
    (_block("assume j' integer") + "$$\\cos(2 \\pi j') = 1$$\n", [(5, P)]),
    # \prime and a relation: L′ > 1 declares L′ (real) with its bound
    (_block("assume L^{\\prime} > 1") + "$$L' > 0$$\n\n$$L' > 2$$\n", [(5, P), (7, R)]),
    # j'' (two primes) in a relation, after its domain: an integer below 4 is at most 3
    (_block("assume j'' integer", "assume 0 \\le j'' < 4") + "$$j'' \\le 3$$\n\n$$j'' \\le 2$$\n", [(6, P), (8, R)]),
    # near-miss: undeclared, j′ is a name of its own nothing says is an integer: not decided
    ("$$\\cos(2 \\pi j') = 1$$\n", [(1, U)]),
])
def test_primed_names_can_be_declared(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("declaration", "message"), [
    ("assume L'x real", "cannot read the declaration 'assume L'x real': 'L'x' is not a symbol"),
    ("assume L^2 real", "cannot read the declaration 'assume L^2 real': 'L^2' is not a symbol"),
])
def test_a_prime_that_is_no_name_is_still_refused(tmp_path: Path, declaration: str, message: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text(_block(declaration) + "$$ 1 = 1 $$\n", encoding="utf-8")
    assert [p.message for p in check_document(path).problems] == [message]


_D = _block("assume d even positive")
_SETTINGS = "With the settings $$b=10000$$ and $$d=768$$ the wavelength is about 9763 tokens.\n"
_EXAMPLE = ("sets d = 768 here, a value chosen for an example or a case (d is declared, and its declaration allows "
            "it): stated, not decided; later rows keep d as declared")


def _rows(tmp_path: Path, text: str) -> tuple[list[tuple[int, str, str]], list[str]]:
    """Each link as (line, status, note), and what the report says beside the rows, in order."""
    report = report_of(tmp_path, text)
    return ([(link.line, link.status, link.note if link.status in (U, D, C) else "")
             for display in report.displays for link in display.links],
            [c.text for display in report.displays for c in display.conventions])


@pytest.mark.parametrize(("text", "links"), [
    # kramdown's inline $$…$$: b is defined (undeclared), the declared d is given an example's value
    (_D + _SETTINGS, [(5, D, "defines b"), (5, C, _EXAMPLE)]),
    (_D + "$$ d = 768 $$\n\n$$ d + 2 > 2 $$\n", [(5, C, _EXAMPLE), (7, P, "")]),
    # a name set to another name: a case, stated
    (_block("assume m, n real") + "$$ m = n $$\n",
     [(5, C, "sets m = n here, a value chosen for an example or a case (m is declared, and its declaration allows it): "
             "stated, not decided; later rows keep m as declared")]),
    # near-misses: the name itself is an identity; a formula is a claim about every d; a value the declaration does
    # not allow is a claim no allowed d makes true (d = 7 of an even d, b = 1/2 for b > 1): refuted
    (_D + "$$ d = d $$\n", [(5, P, "")]),
    (_D + "$$ d = 2 d - 768 $$\n", [(5, R, "")]),
    (_D + "$$ d = 7 $$\n", [(5, R, "")]),
    (_block("assume b > 1") + "$$ b = 1/2 $$\n", [(5, R, "")]),
])
def test_a_value_set_for_a_declared_name(tmp_path: Path, text: str, links: list[tuple[int, str, str]]) -> None:
    assert _rows(tmp_path, text)[0] == links


_HELD = ("false for other values, but it holds at the example's values the text gives on line {line} ({given}), which "
         "the row may be about: not refuted; write the values into the row, or bind them (Let $… = …$)")
_OMEGA = _block("assume d even positive", "assume i integer", "assume 0 \\le i < d/2", r"let \omega_i = 10000^{-2i/d}")


@pytest.mark.parametrize(("text", "links", "said"), [
    # "Let $d = 768$" binds the declared d for what follows, as it binds an undeclared d
    (_D + "Let $d = 768$. Then\n\n$$ d = 768 $$\n", [(7, P, "")], ["binds the declared d = 768 (in the text)"]),
    # ... also in a let made before it: ω_1 = 10000^{-2/768} there; a later binding moves it
    (_OMEGA + "Let $d = 768$. Then\n\n$$\\omega_1 = 10000^{-2/768}$$\n\nLet $d = 512$. Then\n\n"
     "$$\\omega_1 = 10000^{-2/512}$$\n\n$$\\omega_1 = 10000^{-2/768}$$\n", [(10, P, ""), (14, P, ""), (16, R, "")],
     ["binds the declared d = 768 (in the text)", "binds the declared d = 512 (in the text)"]),
    # a display's other value after the binding is a claim about the bound d: refuted
    (_D + "Let $d = 768$. Then\n\n$$ d = 512 $$\n", [(7, R, "")], ["binds the declared d = 768 (in the text)"]),
    # an exercise's values ("with" binds nothing): θ_63 = 500000^{-126/128} is false for every b, d but holds at the
    # exercise's b = 500000, d = 128 (a held-out notebook's row, refuted at b = 100, d = 252 before): held back; a slip
    # false there too (-125/128) is refuted
    (_block("assume d even positive", "assume b > 1") + "$$\\theta_i = b^{-2i/d}$$\n\nExercise: with $b = 500000$ and "
     "$d = 128$, compute\n\n$$\\theta_{63} = 500000^{-126/128}$$\n\n$$\\theta_{63} = 500000^{-125/128}$$\n",
     [(6, D, "defines \\theta_i"), (10, U, _HELD.format(line=8, given="b = 500000, d = 128")), (12, R, "")],
     ["read i as an integer index (the text indexes with it)"]),
    (_block("assume d even positive", "assume b > 1") + "Let $b = 2$ and $d = 4$. Then\n\n$$ b^d = 16 $$\n",
     [(8, P, "")], ["binds the declared b = 2 (in the text)", "binds the declared d = 4 (in the text)"]),
    # near-miss: "and" after a formula no binding word opened binds nothing: b^d = 16, false at b = 2, d = 2, holds at the
    # values the sentence gives, so its refutation is held back; b^d = 15 is refuted
    (_block("assume d even positive", "assume b > 1") + "Note $b = 2$ and $d = 4$. Then\n\n$$ b^d = 16 $$\n",
     [(8, U, _HELD.format(line=6, given="b = 2, d = 4"))], []),
    (_block("assume d even positive", "assume b > 1") + "Note $b = 2$ and $d = 4$. Then\n\n$$ b^d = 15 $$\n",
     [(8, R, "")], []),
    # near-miss: a value the declaration does not allow is not bound, and the report says so; d = 7 is then refuted
    (_D + "Let $d = 7$. Then\n\n$$ d = 7 $$\n", [(7, R, "")],
     ["d = 7 is a value the declaration does not allow (d is declared even, and 7 is not): d is not set to it, and "
      "later rows keep d as declared"]),
    (_block("assume b > 1") + "Let $b = 1/2$. Then\n\n$$ b > 1 $$\n", [(7, P, "")],
     ["b = 1/2 is a value the declaration does not allow (the declaration says b > 1, which b = 1/2 breaks): b is "
      "not set to it, and later rows keep b as declared"]),
])
def test_let_binds_a_declared_name(tmp_path: Path, text: str, links: list[tuple[int, str, str]],
                                   said: list[str]) -> None:
    assert _rows(tmp_path, text) == (links, said)


@pytest.mark.parametrize(("text", "statuses"), [
    # a true row refuted: the width a convention reads, bound by "Let", is at that value in the definitions made
    # before the binding too (θ_1 = 10000^{-2/768} was refuted at d = 4)
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\nLet $d = 768$. Then\n\n$$ \\theta_1 = 10000^{-2/768} $$\n",
     ["definition", "proven"]),
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\nLet $d = 768$. Then\n\n$$ \\theta_1 = 10000^{-2/512} $$\n",
     ["definition", "refuted"]),
    # an example's value binds nothing: the row stays about every width, false for most, true at the example's d:
    # held back; one false at the example's d too is refuted
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\nFor instance $d = 768$.\n\n$$ \\theta_1 = 10000^{-2/768} $$\n",
     ["definition", "unknown"]),
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\nFor instance $d = 768$.\n\n$$ \\theta_1 = 10000^{-2/512} $$\n",
     ["definition", "refuted"]),
    # ... and its values end with its section
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\nFor instance $d = 768$.\n\n## In general\n\n$$ \\theta_1 = 10000^{-2/768} $$\n",
     ["definition", "refuted"]),
])
def test_let_binds_a_conventional_width_in_earlier_definitions(tmp_path: Path, text: str,
                                                                statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


_BLOCK = "```posenc\nassume d even positive\n```\n\n"


@pytest.mark.parametrize(("text", "statuses"), [
    # a second red team: a value the text binds holds until a display's lead-in speaks in general again, or a
    # sentence says the name is any value again (each later row was proven at the example's d)
    (f"{_BLOCK}For example, let $d = 4$. Then $10000^{{-2/d}} = 0.01$.\n\nIn general, for every width,\n\n"
     "$$ 10000^{-2/d} = \\frac{1}{100} $$\n", ["refuted"]),
    (f"{_BLOCK}Let $d = 4$ for the toy model.\n\n$$ 10000^{{-4/d}} = 10^{{-4}} $$\n\nFor the real model, $d$ is any "
     "even width again:\n\n$$ 10000^{-4/d} = 10^{-4} $$\n", ["proven", "refuted"]),
    ("```posenc\nassume d even positive\nlet \\omega_i = 10000^{-2i/d}\n```\n\nLet $d = 4$.\n\n"
     "$$ \\omega_1 = \\frac{1}{100} $$\n\nWe now return to a general even $d$:\n\n$$ \\omega_1 = \\frac{1}{100} $$\n",
     ["proven", "refuted"]),
    # where it must not apply: a lead-in with no general words keeps the binding
    (f"{_BLOCK}Let $d = 4$.\n\n$$ 10000^{{-4/d}} = 10^{{-4}} $$\n\nThen also\n\n$$ 10000^{{-2/d}} = 10^{{-2}} $$\n",
     ["proven", "proven"]),
])
def test_a_bound_value_ends_where_the_text_speaks_in_general(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


@pytest.mark.parametrize(("text", "statuses"), [
    # a held-out set's declarations variant: with q and k declared, the run qke that the text writes (and so "sees")
    # is q·k·e, not a second reading as one undeclared name qke (the row was refused with both named)
    ("```posenc\nassume q, k nonnegative\nassume a real\n```\n\n$$ e^{0} = 1 $$\n\n"
     "$$ \\text{Re}(qke^{i a}) = q k\\cos a $$\n", ["proven", "proven"]),
    # a run the text declares stays one name; a convention's name (pos) keeps its reading
    ("```posenc\nassume q, k, qk, a real\n```\n\n$$ qk = q k $$\n", ["unknown"]),
    ("$$ \\sin(pos) = \\sin(pos) $$\n", ["proven"]),
])
def test_a_run_of_declared_names_beats_a_run_only_seen(tmp_path: Path, text: str, statuses: list[str]) -> None:
    assert _statuses(tmp_path, text) == statuses


def _statuses(tmp_path: Path, text: str) -> list[str]:
    """The status of each display of ``text``, saved as notes.md and checked."""
    return [d.status for d in report_of(tmp_path, text).displays]
