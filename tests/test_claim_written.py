"""The claim as written: the displayed form is the author's, the decided form is its expansion.

A claim's ``lhs``/``rhs`` are exactly ``notation.expand(written)`` (a definitional unfolding), so
the page can never show something other than what the engine decided; a claim whose two sides
display identically is decided but never written into notes (loading renders nothing); the proof
layer imports no renderer.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
import sympy
from sympy.printing.latex import LatexPrinter

import posenc_sym
from posenc_sym import Claim, Derivation, Step
from posenc_sym.catalog import load_catalog, without_same_sides
from posenc_sym.cli import main
from posenc_sym.notation import Definition, Notation, NotationError
from posenc_sym.render.mathtex import claim_chain_latex, claim_definitions_latex, claim_sides_latex
from posenc_sym.runner import run_catalog
from posenc_sym.schemes import sinusoidal
from posenc_sym.schemes.sinusoidal import NOTATION, k, t

PACKAGE = Path(posenc_sym.__file__).parent
i = sympy.Symbol("i", integer=True, nonnegative=True)
n = sympy.Symbol("n", integer=True)
x = sympy.Symbol("x", real=True)
z = sympy.Symbol("z")  # no assumptions: not known to be real
SQUARE = Definition("f", (x,), x**2, form="call")
PE = Definition("PE", (2 * i,), sympy.sin(i)), Definition("PE", (2 * i + 1,), sympy.cos(i))


def test_the_decided_sides_are_the_expansion_of_the_written_ones() -> None:
    shift = NOTATION.apply("T", k) * NOTATION.apply("PE_i", t)
    claim = Claim("demo.shift", "PE_i(t+k) = T_k PE_i(t)", written=(NOTATION.apply("PE_i", t + k), shift),
                  notation=NOTATION)
    assert claim.display_sides == (NOTATION.apply("PE_i", t + k), shift)
    assert claim.lhs == sinusoidal.pe_pair(t + k)
    assert claim.rhs == sinusoidal.rotation_block(k) * sinusoidal.pe_pair(t)
    assert claim_sides_latex(claim) == (r"\mathrm{PE}_{i}(k + t)", r"T_{k} \mathrm{PE}_{i}(t)")
    assert claim_definitions_latex(claim)[0].startswith(r"\mathrm{PE}_{i}(t) = ")


def test_a_hand_given_side_must_be_the_expansion() -> None:
    with pytest.raises(ValueError) as error:
        Claim("demo.wrong", "f(x) = x^2", lhs=x**3, written=(SQUARE.apply(x), x**2),
              notation=Notation(definitions=(SQUARE,)))
    assert str(error.value) == ("demo.wrong: lhs=x**3 is not the expansion of the written form (x**2); "
                                "leave lhs out and let the claim expand it")


def test_a_step_keeps_its_written_form_and_is_decided_as_its_expansion() -> None:
    notation = Notation(definitions=(SQUARE,))
    step = Step(None, "the definition of f", written=SQUARE.apply(x + 1))
    claim = Claim("demo.step", "f(x+1) = x^2 + 2x + 1", written=(SQUARE.apply(x + 1), x**2 + 2 * x + 1),
                  notation=notation, steps=(step,))
    assert claim.steps[0].expr == (x + 1) ** 2
    assert claim.steps[0].display == SQUARE.apply(x + 1)
    assert claim_chain_latex(claim) == [r"f(x + 1)", "x^{2} + 2 x + 1"]


def test_sides_are_required_one_way_or_the_other() -> None:
    with pytest.raises(ValueError, match=r"^demo.none: give both sides, as lhs and rhs or as written=\(lhs, rhs\)$"):
        Claim("demo.none", "nothing")


@pytest.mark.parametrize(("args", "unfolded"), [
    ((2 * i,), sympy.sin(i)),
    ((2 * i + 1,), sympy.cos(i)),
    ((2 * i + 2,), sympy.sin(i + 1)),  # PE_{2(i+1)}: i + 1 is a nonnegative integer
    ((sympy.Integer(4),), sympy.sin(2)),
    ((sympy.Integer(5),), sympy.cos(2)),
])
def test_indexed_notations_match_by_the_parity_of_the_index(args: tuple[sympy.Expr, ...],
                                                              unfolded: sympy.Expr) -> None:
    notation = Notation(definitions=PE)
    assert notation.expand(PE[0].apply(*args)) == unfolded


@pytest.mark.parametrize(("index", "why"), [
    # i + 1/2 is not an integer: 2i + 1 never matches the pattern 2i, whatever SymPy could solve.
    (n, "PE[n] matches no definition (PE_(2*i) or PE_(2*i + 1))"),  # n may be negative
    (2 * i - 2, "PE[2*i - 2] matches no definition (PE_(2*i) or PE_(2*i + 1))"),  # i − 1 may be negative
    (sympy.Rational(3, 2), "PE[3/2] matches no definition (PE_(2*i) or PE_(2*i + 1))"),
])
def test_an_index_outside_every_pattern_is_an_error_not_a_guess(index: sympy.Expr, why: str) -> None:
    with pytest.raises(NotationError) as error:
        Notation(definitions=PE).expand(PE[0].apply(index))
    assert str(error.value) == (f"{why}: the parameters are not known to keep their assumptions; declare the "
                                "symbols in it (e.g. integer, real) or write a defined case")


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Notation(definitions=(SQUARE, Definition("f", (x,), x, form="call"))),
     "f(x) is already defined; choose another name or drop one definition"),
    (lambda: Definition("f", (x**2,), x, form="call"),
     "f: the arguments of a function notation must be distinct symbols, got (x**2,); write R(x) = ..."),
    (lambda: Definition("w", (i**2,), i),
     "w: the index pattern i**2 must be c*i + e with a nonzero integer c and a constant e, e.g. 2*i + 1"),
    (lambda: Definition("w x", (i,), i), "notation name 'w x' must be letters and digits (e.g. 'omega', 'PE')"),
    (lambda: Notation(definitions=(SQUARE,)).expand(SQUARE.apply(z)),
     "f(z) matches no definition (f(x)): the parameters are not known to keep their assumptions; declare the "
     "symbols in it (e.g. integer, real) or write a defined case"),
])
def test_bad_notations_say_what_to_fix(make: object, message: str) -> None:
    with pytest.raises(NotationError) as error:
        make()  # type: ignore[operator]
    assert str(error.value) == message


def test_a_computed_notation_is_applied_to_concrete_arguments() -> None:
    heads = sympy.Symbol("h", integer=True, positive=True)
    slopes = Definition("slopes", (heads,), posenc_sym.schemes.alibi.slopes, form="call")
    notation = Notation(definitions=(slopes,))
    assert notation.expand(slopes.apply(2)) == sympy.ImmutableMatrix([sympy.Rational(1, 16), sympy.Rational(1, 256)])
    with pytest.raises(NotationError, match=r"^slopes\(0\) matches no definition \(slopes\(h\)\)"):
        notation.expand(slopes.apply(0))  # 0 heads: not a positive integer, no match at all


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "same.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


SAME_SIDES = """\
    import sympy
    from posenc_sym import Claim, Derivation
    x = sympy.Symbol("x", real=True)
    DERIVATION = Derivation("same", "Same", (Claim("same.shift", "x + 0 = x", x + 0, x),))
    """
SAME_SIDES_WHY = ("claim 'same.shift': both sides display as x; keep the form its author wrote (written=(lhs, rhs), "
                  "see docs/writing-derivations.md) or give same_sides_ok='why the sides are meant to look alike'")


def test_a_claim_whose_sides_display_alike_is_decided_but_kept_off_the_page(tmp_path: Path) -> None:
    path = _write(tmp_path, SAME_SIDES)
    loaded = load_catalog([path])
    # Loading renders nothing: verify decides the claim (x + 0 = x is true, and SymPy's evaluation
    # on construction is exact), ...
    assert ([c.id for c, _ in loaded.claims], loaded.problems) == (["same.shift"], ())
    assert [r.verdict.status for r in run_catalog(loaded).results] == ["proven"]
    # ... and whatever writes a page leaves it out, saying why.
    shown = without_same_sides(loaded)
    assert [c.id for c, _ in shown.claims] == []
    assert [str(p).split(": ", 1)[1] for p in shown.problems] == [SAME_SIDES_WHY]


@pytest.mark.parametrize("command", ["latex", "markdown"])
def test_notes_are_never_written_with_identical_sides(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, SAME_SIDES)
    out = tmp_path / "out" / ("notes.tex" if command == "latex" else "notes.md")
    assert main([command, str(path), "-o", str(out), "--no-figures"]) == 2
    assert capsys.readouterr().err == (f"posenc-sym {command}: error: {path}: {SAME_SIDES_WHY}; "
                                       "fix it and run again (nothing was written)\n")
    assert not out.parent.exists()


def test_same_sides_may_be_marked_intended(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
        import sympy
        from posenc_sym import Claim, Derivation
        x = sympy.Symbol("x", real=True)
        DERIVATION = Derivation("same", "Same", (
            Claim("same.ok", "x = x", x, x, same_sides_ok="reflexivity, as a smoke test"),
            Claim("same.written", "x + 0 = x", written=(sympy.Add(x, 0, evaluate=False), x)),
        ))
        """)
    catalog = without_same_sides(load_catalog([path]))
    assert [c.id for c, _ in catalog.claims] == ["same.ok", "same.written"]
    assert catalog.problems == ()


def test_the_builtin_catalogue_shows_no_claim_with_identical_sides() -> None:
    catalog = load_catalog()
    shown = without_same_sides(catalog)
    assert shown.problems == catalog.problems == ()
    assert len(shown.claims) == len(catalog.claims)


def test_loading_the_catalogue_renders_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same-sides rule renders both sides of every claim: a cost for pages, not for loading."""
    def no_latex(self: object, expr: object) -> str:
        raise AssertionError(f"rendered {expr} while loading")

    monkeypatch.setattr(LatexPrinter, "doprint", no_latex)
    catalog = load_catalog()
    assert catalog.problems == ()
    assert len(catalog.claims) > 250
    with pytest.raises(AssertionError, match=r"^rendered "):
        without_same_sides(catalog)  # the stand-in really stops any rendering


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            prefix = "." * node.level + (node.module or "")
            names.add(prefix)
            names.update(f"{prefix}.{a.name}" if not prefix.endswith(".") else prefix + a.name for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("proof", ("render", "cli", "catalog", "report", "notation.write")),
    ("notation", ("proof", "render", "cli", "catalog", "schemes", "report")),
])
def test_a_lower_layer_never_imports_a_higher_one(layer: str, forbidden: tuple[str, ...]) -> None:
    for path in sorted((PACKAGE / layer).glob("*.py")):
        for name in _imports(path):
            bare = name.lstrip(".").removeprefix("posenc_sym.")
            assert not any(bare == f or bare.startswith(f + ".") for f in forbidden), f"{path.name} imports {name}"


def test_the_render_layer_attaches_the_jupyter_display() -> None:
    """``from posenc_sym import Claim`` gives claims and derivations the render layer's display."""
    from posenc_sym.render import jupyter

    claim = Claim("demo.jupyter", "f(x+1) = (x+1)^2", written=(SQUARE.apply(x + 1), (x + 1) ** 2),
                  notation=Notation(definitions=(SQUARE,)))
    derivation = Derivation("demo", "Demo", (claim,))
    assert claim._repr_latex_() == jupyter.claim_repr_latex(claim)  # type: ignore[attr-defined]
    assert derivation._repr_latex_() == jupyter.derivation_repr_latex(derivation)  # type: ignore[attr-defined]
    shown = jupyter.claim_display(claim, None)
    assert r"f(x + 1) = (x + 1)^{2}\\" in shown
    assert r"\text{with } f(x) = x^{2}\\" in shown


def test_the_written_form_example_of_the_docs_runs_as_it_says() -> None:
    import re

    text = (PACKAGE.parent / "docs" / "writing-derivations.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "example.alibi.shift" in b]
    namespace: dict[str, object] = {}
    exec(compile(block, "writing-derivations.md", "exec"), namespace)
    shift, total = namespace["SHIFT"], namespace["SUM"]
    assert isinstance(shift, Claim) and isinstance(total, Claim)
    assert claim_sides_latex(shift) == (r"B(i + s, j + s)", r"B(i, j)")
    assert claim_definitions_latex(shift) == [r"B(i, j) = - m \left|{i - j}\right|"]
    assert claim_sides_latex(total) == (r"11 \cdot (11 + 22 + 33)", "726")
    assert (posenc_sym.decide(shift).status, posenc_sym.decide(total).status) == ("proven", "proven")
