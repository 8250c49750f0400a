"""The notation layer's writer: names, expressions and numbers as the reader's LaTeX.

The expected strings below are the notation's specification (what a reader of the field writes),
typed from the conventions in posenc_sym/notation/write.py, not copied from the printer's output.
Representative pieces (the shift block with its definitions, a seed formula, a T5 table) are
golden files in tests/golden/notation/; regenerate with ``POSENC_SYM_UPDATE_GOLDEN=1`` and review.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from posenc_sym.notation import Definition, Notation, as_written, definition_latex, number_latex, to_latex
from posenc_sym.notation.names import is_plain_name, latex_name, name_latex
from posenc_sym.schemes import sinusoidal
from posenc_sym.schemes.sinusoidal import b, d, i, k, t

GOLDEN = Path(__file__).parent / "golden" / "notation"
UPDATE = bool(os.environ.get("POSENC_SYM_UPDATE_GOLDEN"))

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)


@pytest.mark.parametrize(("name", "latex"), [
    ("omega_i", r"\omega_{i}"),
    ("pos", r"\mathrm{pos}"),
    ("d_model", r"d_{\text{model}}"),
    ("T_k", "T_{k}"),
    ("R_theta", r"R_{\theta}"),
    ("PE", r"\mathrm{PE}"),
    ("W_qc", "W_{qc}"),
    ("x_i_j", "x_{i,j}"),
    ("w_2i", "w_{2i}"),
    ("Omega", r"\Omega"),
    ("pi", r"\mathrm{pi}"),  # the letter π is the constant; a symbol named pi is the word
    ("omicron", r"\mathrm{omicron}"),
    ("x1", r"\mathrm{x1}"),
])
def test_symbol_names_as_the_field_writes_them(name: str, latex: str) -> None:
    assert name_latex(name) == latex
    assert latex_name(latex) == name


@pytest.mark.parametrize("name", ["x%", r"\input{f}", "a b", "x_", "_x", "1x", "a^b", "ω"])
def test_names_outside_the_table_are_never_copied(name: str) -> None:
    assert name_latex(name) is None
    latex = to_latex(sympy.Symbol(name))
    assert latex.startswith(r"\text{") and "\\input" not in latex and not re.search(r"(?<!\\)%", latex)


_PART = st.from_regex(r"[A-Za-z0-9]{1,5}", fullmatch=True)


@given(base=st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,5}", fullmatch=True), parts=st.lists(_PART, max_size=2))
def test_every_plain_name_reads_back_as_itself(base: str, parts: list[str]) -> None:
    name = "_".join([base, *parts])
    assert is_plain_name(name)
    latex = name_latex(name)
    assert latex is not None
    assert latex_name(latex) == name


@pytest.mark.parametrize(("expr", "latex"), [
    (sympy.log(x), r"\ln\left(x\right)"),
    (sympy.exp(sympy.I * x), r"\mathrm{e}^{\mathrm{i} x}"),
    (sympy.E * sympy.Symbol("e"), r"\mathrm{e} e"),
    (sympy.sin(x) ** 2, r"\sin^{2}\left(x\right)"),
    (1 / sympy.sin(x), r"\left(\sin\left(x\right)\right)^{-1}"),  # \sin^{-1} would read as arcsin
    (sympy.Add(t, k, evaluate=False), "t + k"),  # term order as written
    (t + k, "k + t"),  # SymPy's order when nothing was written
    (t - k, "t - k"),
    (sympy.Symbol("L'", positive=True) - 1, "L' - 1"),  # a primed name takes a math prime, not text  # a difference as a reader writes it, not SymPy's "- k + t"
    (-t - k, "- k - t"),  # both terms negative: nothing to put first
    (sympy.Add(-k, t, evaluate=False), "- k + t"),  # as written, even so
    (sympy.Min(x, t - k), r"\min\left(x, t - k\right)"),
    (sympy.Mul(2, sympy.pi, 1, evaluate=False), r"2 \pi \cdot 1"),
    (x * (y + 1), r"x \cdot \left(y + 1\right)"),  # not the call x(y + 1)
    (sympy.Function("f")(x + 1), r"f\left(x + 1\right)"),
    (sympy.Function("PE")(t), r"\mathrm{PE}\left(t\right)"),
    (sympy.IndexedBase("PE")[t, 2 * i + 1], r"\mathrm{PE}_{(t, 2 i + 1)}"),
    (sympy.IndexedBase("omega")[i + 1], r"\omega_{i + 1}"),
    (sympy.transpose(sympy.Symbol("P", commutative=False)), r"P^{\top}"),
    (sympy.transpose(sympy.Function("R", commutative=False)(x)), r"R\left(x\right)^{\top}"),  # no (R(x))ᵀ
    (sympy.Matrix([[x, 0], [0, y]]), r"\begin{bmatrix}x & 0\\0 & y\end{bmatrix}"),
    (as_written("11*(11 + 22 + 33)"), r"11 \cdot \left(11 + 22 + 33\right)"),
    (as_written("(10 + 20 + 30)/(1 + 2 + 3)"), r"\frac{10 + 20 + 30}{1 + 2 + 3}"),
    (sympy.Le(x, 1), r"x \le 1"),
    (sympy.Ne(x, 1), r"x \neq 1"),
    (sympy.Eq(x, 1, evaluate=False), "x = 1"),
    (sympy.Ge(x, 1), r"x \ge 1"),
    (sympy.coth(x), r"\coth\left(x\right)"),
    (sympy.Max(x, y), r"\max\left(x, y\right)"),
    (sympy.Symbol("qhat"), r"\hat{q}"),  # an accent's name after one letter, as SymPy names it
    (sympy.Symbol("omegatilde_i"), r"\tilde{\omega}_{i}"),
    (sympy.Symbol("varrho"), r"\varrho"),
    (sympy.Symbol("R_theta"), r"R_{\theta}"),
])
def test_expressions_in_the_readers_notation(expr: sympy.Basic, latex: str) -> None:
    assert to_latex(expr) == latex


_M, _A, _P = (lambda *a: sympy.Mul(*a, evaluate=False)), (lambda *a: sympy.Add(*a, evaluate=False)), (
    lambda a, b: sympy.Pow(a, b, evaluate=False))


@pytest.mark.parametrize(("written", "latex"), [
    (_M(-1, t, k), "-t k"),  # issue 18: the written minus is kept
    (_A(t, _M(-1, _M(-1, k))), r"t - \left(- k\right)"),  # a minus after a minus, in parentheses
    (_A(t, _M(-3, -1)), r"t - 3 \cdot \left(-1\right)"),
    (_A(t, _M(-1, _A(t, k))), r"t - \left(t + k\right)"),
    (_A(t, _A(k, _M(-1, t))), r"t + \left(k - t\right)"),  # a written sum is added whole, never negated
    (_M(-1, sympy.Rational(3, 7), t), r"-\frac{3}{7} t"),
    (_P(_M(-1, sympy.Rational(3, 7), t), -2), r"\frac{1}{\left(-\frac{3}{7} t\right)^{2}}"),  # not 1/(9/49 t^2)
    (_P(_M(t, t), -2), r"\frac{1}{\left(t t\right)^{2}}"),
    (_P(-3, -2), r"\frac{1}{\left(-3\right)^{2}}"),
    (_M(_P(k, -2), t), r"\frac{t}{k^{2}}"),
    (_P(_A(t, k), 2), r"\left(t + k\right)^{2}"),
    (_A(t, t), "t + t"),  # like terms as written, not 2 t
    (_A(_M(-1, 0), _M(t, 0), _M(t, k)), r"-0 + t \cdot 0 + t k"),
    # a sum of matrices in the author's order (DeBERTa's c2c + c2p before p2c), never SymPy's sorted one
    (sympy.MatAdd(sympy.MatrixSymbol("Z", 2, 2), sympy.MatrixSymbol("A", 2, 2)), "Z + A"),
    (sympy.MatAdd(sympy.MatrixSymbol("A", 2, 2), sympy.MatrixSymbol("Z", 2, 2)), "A + Z"),
])
def test_written_forms_keep_their_signs_grouping_and_order(written: sympy.Expr, latex: str) -> None:
    assert to_latex(written) == latex


def test_large_matrices_keep_corners_with_dots_and_shape() -> None:
    latex = to_latex(sympy.ImmutableMatrix(16, 16, lambda r, c: 100 * r + c))
    assert latex.startswith(r"\begin{bmatrix}0 & 1 & 2 & 3 & \cdots & 14 & 15 \\")
    assert latex.endswith(r"1500 & 1501 & 1502 & 1503 & \cdots & 1514 & 1515\end{bmatrix}_{16 \times 16}")
    assert r"\vdots & \vdots & \vdots & \vdots & \ddots" in latex


NOTATION = sinusoidal.NOTATION
FREQUENCY = sinusoidal.frequency(i)


@pytest.mark.parametrize(("expr", "latex"), [
    (sympy.sin(FREQUENCY * t), r"\sin\left(\omega_{i} t\right)"),
    (sinusoidal.frequency(i + 1), r"\omega_{i + 1}"),
    (sinusoidal.frequency(2 * i + 1), r"\omega_{2 i + 1}"),
    # b^(-i/d) would be ω_{i/2}: i/2 is not known to be an integer, so no shorthand.
    (b ** (-i / d), r"b^{- \frac{i}{d}}"),
    # A constant is never a shorthand's instance (λ-like bodies would otherwise rename 2π).
    (2 * sympy.pi, r"2 \pi"),
])
def test_the_frequency_shorthand_only_where_the_frequency_is_meant(expr: sympy.Expr, latex: str) -> None:
    assert to_latex(expr, NOTATION) == latex


def test_a_written_form_is_shown_without_shorthands() -> None:
    written = as_written("sin(10000**(-2*i/d)*t)", t, i, d)
    notation = sinusoidal.notation(10000)
    assert to_latex(written, notation) == r"\sin\left(\omega_{i} t\right)"
    assert to_latex(written, notation, shorthands=False) == r"\sin\left(10000^{- \frac{2 i}{d}} t\right)"


@pytest.mark.parametrize(("value", "latex"), [
    ("0.84147098480789650665250232163029899962256306079837", "0.841471"),
    ("-1.5e-400", r"-1.5 \times 10^{-400}"),  # beyond a float's range
    ("0.000123456789", "0.000123457"),
    ("0.0000123456789", r"1.23457 \times 10^{-5}"),
    ("123456.4", "123456"),
    ("1234567", r"1.23457 \times 10^{6}"),
    ("1.0", "1"),
    ("0", "0"),
    (sympy.Rational(1, 3), "0.333333"),
    (sympy.Integer(12), "12"),
    ("inf", r"\text{inf}"),
    ("x%", r"\text{x\%}"),
])
def test_numbers_in_text_have_at_most_six_significant_digits(value: object, latex: str) -> None:
    assert number_latex(value) == latex  # type: ignore[arg-type]


def test_definitions_print_as_stated() -> None:
    omega, pe_sin = NOTATION.lookup("omega")[0], NOTATION.lookup("PE")[0]
    assert definition_latex(omega, NOTATION) == r"\omega_{i} = b^{- \frac{2 i}{d}}"
    assert definition_latex(pe_sin, NOTATION) == r"\mathrm{PE}_{(t, 2 i)} = \sin\left(\omega_{i} t\right)"


def _pieces() -> dict[str, str]:
    n = NOTATION
    shift = n.apply("T", k) * n.apply("PE_i", t)
    seed = sinusoidal.notation(10000)
    pieces = {
        "shift_block.tex": "\n".join([
            to_latex(n.apply("PE_i", sympy.Add(t, k, evaluate=False)), n) + " = " + to_latex(shift, n),
            to_latex(n.expand(shift), n),
            *(definition_latex(defn, n) for defn in n.used_by(shift)),
        ]),
        "seed_formula.tex": to_latex(sympy.Matrix([as_written("sin(t/10000**(2*i/d))", t, i, d),
                                                   as_written("cos(t/10000**(2*i/d))", t, i, d)]), seed,
                                     shorthands=False),
        "large_rotation.tex": to_latex(sinusoidal.rotation_matrix(k, 16), n),
    }
    return {name: text + "\n" for name, text in pieces.items()}


@pytest.mark.parametrize("name", sorted(_pieces()))
def test_representative_pieces_match_their_golden_files(name: str) -> None:
    text = _pieces()[name]
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; run with POSENC_SYM_UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def test_a_notation_definition_round_trips_through_expand() -> None:
    # What the writer prints for an applied notation, expanded, is the body at those arguments.
    square = Definition("f", (x,), x**2, form="call")
    notation = Notation(symbols=(x,), definitions=(square,))
    assert to_latex(square.apply(x + 1), notation) == r"f\left(x + 1\right)"
    assert notation.expand(square.apply(x + 1)) == (x + 1) ** 2


_ROT = Definition("B", (x,), sympy.Matrix([[sympy.cos(x), -sympy.sin(x)], [sympy.sin(x), sympy.cos(x)]]), form="call",
                  as_matrix=True)


@pytest.mark.parametrize(("expr", "latex", "expanded"), [
    (sympy.Determinant(_ROT.apply(-y)), r"\det B\left(- y\right)", sympy.sin(y) ** 2 + sympy.cos(y) ** 2),
    (sympy.Determinant(sympy.MatrixSymbol("A", 2, 2)), r"\det A", None),
    (sympy.Determinant(_ROT.apply(x) * _ROT.apply(y)), r"\det \left(B\left(x\right) B\left(y\right)\right)", None),
], ids=["applied", "symbol", "product"])
def test_a_determinant_is_written_det_and_unfolds_to_the_blocks_determinant(expr: sympy.Expr, latex: str,
                                                                           expanded: sympy.Expr | None) -> None:
    assert to_latex(expr) == latex  # det, not |A|, which reads as an absolute value beside scalars
    if expanded is not None:
        assert Notation(symbols=(x, y), definitions=(_ROT,)).expand(expr) == expanded


def test_a_large_block_diagonal_matrix_is_shown_by_its_blocks() -> None:
    blocks = [sympy.Matrix([[c, -s], [s, c]]) for c, s in zip(sympy.symbols("c0:8"), sympy.symbols("s0:8"),
                                                                strict=True)]
    latex = to_latex(sympy.ImmutableMatrix(sympy.diag(*blocks)))
    first, second, last = (to_latex(blocks[n]) for n in (0, 1, 7))
    assert latex == (rf"\begin{{bmatrix}}{first} &  &  &  \\  & {second} &  &  \\  &  & \ddots &  \\  &  &  & "
                     rf"{last}\end{{bmatrix}}_{{16 \times 16}}")


@pytest.mark.parametrize(("value", "latex"), [
    (sympy.Rational(7, 2), r"\frac{7}{2}"),
    (sympy.pi / 3, r"\frac{\pi}{3}"),
    # 2^100/3^50 = 1267650600228229401496703205376/717897987691852588770249: far too long to read;
    # its value is 1.7658...e6 (2^100 ≈ 1.26765e30, 3^50 ≈ 7.17898e23).
    (sympy.Rational(2**100, 3**50), r"\approx 1.76578 \times 10^{6}"),
])
def test_a_counterexample_value_is_exact_when_short_and_rounded_when_long(value: sympy.Expr, latex: str) -> None:
    from posenc_sym.notation import value_latex

    assert value_latex(value) == latex


def test_fractions_in_a_matrix_are_set_at_full_size() -> None:
    # A text-size fraction in a bmatrix cell (1748651/349807 in premise.positions_break_equivariance)
    # was too small to read.
    vector = sympy.Matrix([sympy.Rational(1748651, 349807), sympy.Rational(-31, 7), 3])
    assert to_latex(vector) == r"\begin{bmatrix}\dfrac{1748651}{349807}\\-\dfrac{31}{7}\\3\end{bmatrix}"
    assert to_latex(sympy.Matrix([[1, 2], [3, 4]])) == r"\begin{bmatrix}1 & 2\\3 & 4\end{bmatrix}"
    from posenc_sym.notation.read import SimpleScope, from_latex

    assert from_latex(to_latex(vector), SimpleScope({})) == vector  # the reader takes it back
