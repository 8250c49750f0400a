"""The LaTeX reader (posenc_sym.notation.read): what it reads, and what it refuses, with the place.

Expected values are written by hand from the LaTeX conventions the module docstring states.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

from posenc_sym.documents.context import Context
from posenc_sym.documents.decide_document import check_document
from posenc_sym.documents.declarations import DeclarationError, apply_declaration, symbol_name
from posenc_sym.notation import to_latex
from posenc_sym.notation.read import SimpleScope, Unreadable, from_latex, read_row

T, K, X, Y = sympy.symbols("t k x y", real=True)
A = sympy.Symbol("a", positive=True)
N = sympy.Symbol("n", integer=True, positive=True)
POS = sympy.Symbol("pos", real=True)
D_MODEL = sympy.Symbol("d_model", even=True, positive=True)
OMEGA = sympy.Symbol("omega", real=True)
J = sympy.Symbol("j", integer=True)
SCOPE = SimpleScope({"t": T, "k": K, "x": X, "y": Y, "a": A, "n": N, "pos": POS, "d_model": D_MODEL,
                     "omega": OMEGA})
M = sympy.ImmutableMatrix


@pytest.mark.parametrize(("latex", "expected"), [
    (r"\sin(x)\cos(y) + \cos x \sin y", sympy.sin(X) * sympy.cos(Y) + sympy.cos(X) * sympy.sin(Y)),
    (r"\sin \omega t", sympy.sin(OMEGA * T)),
    (r"\sin^2 x", sympy.sin(X) ** 2),
    (r"\sin(x)^{2}", sympy.sin(X) ** 2),
    (r"\frac{pos}{10000^{2k/d_{model}}}", POS / 10000 ** (2 * K / D_MODEL)),
    (r"d_{\text{model}} + d_{\mathrm{model}} + d_{model}", 3 * D_MODEL),
    (r"\omega * pos", OMEGA * POS),
    (r"\omega(t+k)", OMEGA * (T + K)),
    (r"x \cdot y \times 2", 2 * X * Y),
    (r"\left( x \, + \; y \right)^{2}", (X + Y) ** 2),
    (r"\exp(x) + \ln a + \log a", sympy.exp(X) + 2 * sympy.log(A)),
    (r"\log_{2} a", sympy.log(A) / sympy.log(2)),
    (r"\sqrt{a} + \sqrt[3]{a}", sympy.sqrt(A) + sympy.root(A, 3)),
    (r"\frac12 + \frac{x}{y}", sympy.Rational(1, 2) + X / Y),
    (r"10000.0", sympy.Integer(10000)),
    (r"0.5 x", X / 2),
    (r"|x - y|", sympy.Abs(X - Y)),
    (r"\sum_{j=0}^{n-1} x^j", sympy.Sum(X**J, (J, 0, N - 1))),
    (r"\prod_{j=1}^{n} j", sympy.Product(J, (J, 1, N))),
    (r"\pi t", sympy.pi * T),
    (r"\mathrm{e}^{\mathrm{i} t}", sympy.exp(sympy.I * T)),
    (r"sin(x)cos(y)", sympy.sin(X) * sympy.cos(Y)),
    (r"2x^2 3", 6 * X**2),
    (r"\frac12 x", X / 2),
    ("x − y · 2 × ω", X - 2 * Y * OMEGA),  # typed Unicode means its LaTeX  # \frac12 is the idiom for 1/2: TeX's one-character arguments
    (r"\begin{pmatrix} x & y \end{pmatrix}^\top", M([[X], [Y]])),
    (r"\begin{bmatrix} x \\ y \end{bmatrix}^{T}", M([[X, Y]])),
    (r"\begin{pmatrix} x \\ y \end{pmatrix}^{\mathsf{T}}", M([[X, Y]])),
    (r"\left[\begin{matrix} 1 & 0 \\ 0 & 1 \end{matrix}\right] \begin{pmatrix} x \\ y \end{pmatrix}", M([[X], [Y]])),
    (r"\begin{pmatrix} \begin{pmatrix} 1 & 0 \end{pmatrix} & x \end{pmatrix}", M([[1, 0, X]])),
    # issue 23: the notations of real notes
    (r"\langle \begin{pmatrix} x \\ 1 \end{pmatrix}, \begin{pmatrix} 2 \\ y \end{pmatrix} \rangle", 2 * X + Y),
    (r"\|x\| + \Vert y \Vert + \lVert x \rVert", 2 * sympy.Abs(X) + sympy.Abs(Y)),
    ("‖x‖", sympy.Abs(X)),
    (r"\Vert \begin{pmatrix} x \\ y \end{pmatrix} \Vert", sympy.sqrt(X**2 + Y**2)),
    (r"\operatorname{Re}(x) + \Re[y] + \text{Im}\,(x) + \mathrm{Re}(t)", X + Y + T),
    (r"x^* + y^{*} + t^\dagger", X + Y + T),  # the conjugate of a real number is itself
    (r"\lceil x \rceil - \lfloor y \rfloor", sympy.ceiling(X) - sympy.floor(Y)),
    (r"\lceil\sqrt[3]{2000}\rceil", sympy.Integer(13)),
    (r"\begin{cases} x & x > 0 \\ 0 & \text{otherwise} \end{cases}", sympy.Piecewise((X, X > 0), (0, True))),
    (r"\begin{cases} x, & \text{if } x > 0 \\ -x, & x \le 0 \end{cases}", sympy.Piecewise((X, X > 0), (-X, True))),
    (r"\left\{\begin{matrix} 1 & x \ge 0 \\ 0 & x < 0 \end{matrix}\right.", sympy.Piecewise((1, X >= 0), (0, True))),
    (r"[x, y, 1]", M([[X, Y, 1]])),
    (r"x^{2} \big|_{x = 3}", sympy.Integer(9)),
    (r"\Large{x + y}", X + Y),
    (r"\cot t \tan t", sympy.cot(T) * sympy.tan(T)),  # SymPy does not cancel it; the divisors are kept (below)
    # issue 23: math typed in Unicode (a transpose ⊤ or ᵀ, scripts ² ᵢ, ⋅, floors)
    ("\\begin{pmatrix} x & y \\end{pmatrix}^⊤ + \\begin{pmatrix} x & y \\end{pmatrix}^{⊤}", M([[2 * X], [2 * Y]])),
    ("\\begin{pmatrix} x & y \\end{pmatrix}ᵀ", M([[X], [Y]])),
    ("x² + y³ − xⁿ", X**2 + Y**3 - X**N), ("x ⋅ y", X * Y), ("⌊x⌋ + ⌈y⌉", sympy.floor(X) + sympy.ceiling(Y)),
    ("10⁻² t", T / 100),
    # issue 23: a brace over or under a formula is the formula; its caption (words, a name) is not read
    (r"\underbrace{x + x}_{\text{twice}}", 2 * X), (r"\overbrace{x y}^{2 \text{ terms}} + 1", X * Y + 1),
    (r"\underbrace{x}_\text{a} + \underbrace{y}_{R_i(k)} \cdot 2", X + 2 * Y), (r"\underbrace{x}", X),
    (r"\underbrace{\begin{pmatrix} x & y \end{pmatrix}}_{\mathcal{R}_{m}} \begin{pmatrix} 1 \\ 1 \end{pmatrix}", M([[X + Y]])),
])
def test_reads(latex: str, expected: object) -> None:
    assert from_latex(latex, SCOPE) == expected


@pytest.mark.parametrize(("latex", "reason", "position"), [
    ("u + 1", "'u' is not declared; declare it (assume u real)", 0),
    ("g(t)", "'g' is not declared; declare it (assume g real for a product g·(…), or let g(x) = … for a function)", 0),
    (r"\alpha(t+k)", "'\\alpha' is not declared; declare it (assume \\alpha real for a product \\alpha·(…), or let "
     "\\alpha(x) = … for a function)", 0),
    ("e^{x}", "'e' is not declared; declare it (write \\exp(…) or \\mathrm{e} for Euler's number, or assume e real "
     "for a symbol)", 0),
    ("x + tk", "'tk' is not a declared name; write 't k' for a product, or declare tk", 4),
    (r"\frob{x}", r"unknown macro \frob; rewrite it in plain LaTeX math or declare its meaning", 0),
    (r"x + \cdots + y", r"an ellipsis (\cdots) leaves terms unstated; state the claim per entry, per block, or as a sum", 4),
    ("x/2y", "after '/', a product is ambiguous: write (a/b) c or a/(b c)", 3),
    (r"\sin^{-1} x", r"\sin^{-1} may mean arcsin or 1/sin; write \arcsin or (\sin x)^{-1}", 0),
    ("(x, y)", "a tuple (x,y) is read as a vector only where a vector is meant (transposed, beside a matrix it "
     "multiplies, in ⟨a, b⟩, equated with a vector of its length, or defining a name); here it may as well be a "
     "point, a pair or an interval, so it is not read; write it transposed, (x,y)^\\top, for a column vector", 0),
    ("x'", "a prime (') is not read; name the derivative or the new symbol", 1),
    (r"\begin{tabular} x \end{tabular}", "the environment tabular is not read here (matrices: pmatrix, bmatrix, "
     "matrix)", 0),
    (r"\begin{pmatrix} x \\ y \end{pmatrix} + x", "a matrix plus a scalar has no meaning; check the terms of this sum", 37),
    (r"\begin{pmatrix} x \\ y \end{pmatrix} \begin{pmatrix} x \\ y \end{pmatrix}",
     "matrices of shapes (2, 1) and (2, 1) cannot be multiplied", 37),
    (r"\sum x", r"\sum needs its limits: \sum_{i=0}^{n-1}", 0),
    (r"x_{1}", "'x_{1}' is not declared; declare it (assume, or let x_i = ...)", 0),
    (r"\frac{x}{", "the formula ends too early", 9),
    (r"\frac{x}{0}", "division by zero", 0),
    (r"x / (y - y)", "division by zero", 2),
    (r"x \pm y", r"\pm states two formulas at once; write each on its own row", 2),
    # TeX typesets x^23 as x²3 and x_12 as x₁2; the writer likely meant a braced script.
    ("2x^23", "an unbraced script takes one character, so '23' is typeset as 2 then 3; write {23} or space the "
     "factor", 3),
    ("2^10", "an unbraced script takes one character, so '10' is typeset as 1 then 0; write {10} or space the "
     "factor", 2),
    (r"\sqrt12", "an unbraced script takes one character, so '12' is typeset as 1 then 2; write {12} or space the "
     "factor", 5),
    ("x_12", "'_12' is typeset as the subscript 1 then 2; brace the subscript (_{12}) or space the factor", 2),
    # After \sum_{j=...} j, a second j is outside the sum by precedence; it was likely meant inside.
    (r"x \qquad y", r"a wide space (\quad, \qquad) sets two formulas apart; put each on its own row, or write "
     "the product without it", 9),
    (r"\sin x \quad y", r"a wide space (\quad, \qquad) sets two formulas apart; put each on its own row, or "
     "write the product without it", 13),
    ("2 3", r"two numbers side by side are typeset as one (2 3 shows as 23); write 2 \cdot 3 or 23", 2),
    (r"10\,000", r"two numbers side by side are typeset as one (2 3 shows as 23); write 2 \cdot 3 or 23", 4),
    (r"\sin t/2", r"\sin without parentheses before '/' may be \sin(a/b) or (\sin a)/b; write \sin(a/b) or "
     r"\frac{\sin a}{b}", 6),
    # d/(d x) x^2 = x would be "proven"; as a derivative it is 2x: read where it is one (test_reads_derivatives),
    # refused where its variable is an integer, and where the numerator's d stands alone (an unbraced \frac d{dx})
    (r"\frac{d}{d n} n^2", r"the derivative's variable n is an integer (an index): a derivative is taken in a real "
     r"variable; declare it real (assume n real) if it varies continuously, or write \frac{d}{d \cdot n} for a "
     "quotient", 11),
    (r"x + \frac d{dt} t", r"\frac{d}{d…} is a derivative, which is not read; state the derivative's value as a "
     "claim of its own", 4),
    ("2^3^2", "a double superscript a^b^c is (a^b)^c to some and a^(b^c) to others; brace one", 3),
    (r"\sin x \cdot y", r"\sin without parentheses before \cdot may be \sin(a \cdot b) or (\sin a) \cdot b; write "
     "the parentheses", 7),
    ("x := y", "':' (as in a := b) is not read; put a definition in a let declaration", 2),
    (r"x \equiv y", r"\equiv is a relation posenc-sym does not decide; write =, \le, \ge, <, > or \approx", 2),
    (r"\sum_{j=0}^{2} j + j", "'j' is the index of a sum or product earlier in this row, and here it is outside "
     r"it; parenthesize the body, \sum_{...}^{...} (...), or rename the index", 19),
    # issue 23: notations of real notes read only where they have one meaning
    (r"\begin{cases} x & \text{(ReRoPE)} \\ y & \text{(Leaky)} \end{cases}", "these cases are labelled, not "
     "conditioned: a list of alternatives, not one function; state each as a claim of its own", 0),
    (r"\{ x \}", r"a brace \{ is read only before cases (\{\begin{matrix} … \end{matrix}); a set is not read", 0),
    (r"\langle x, \begin{pmatrix} x \\ y \end{pmatrix} \rangle", "⟨a, b⟩ of a vector and a number has no meaning; "
     "check the two sides", 0),
    (r"\langle \begin{pmatrix} x \\ y \end{pmatrix}, \begin{pmatrix} x & y \end{pmatrix} \rangle", "⟨a, b⟩ of "
     "shapes (2, 1) and (1, 2): the dot product needs two columns of one length", 0),
    (r"x^{2} \big|_{x + 1 = 2}", "an evaluation bar |_{x = a} names one symbol and its value", 10),
    ("x + … + y", r"an ellipsis (\ldots) leaves terms unstated; state the claim per entry, per block, or as a sum", 4),
    (r"\sum_{j} x", r"\sum needs its limits: \sum_{i=0}^{n-1}", 0),  # over an unstated range: a document may read it
    # a condition in words is never read as a name (if·x) nor dropped
    (r"x \text{ if } y > 0", r"\text{if} is a word of prose inside the formula (a condition or a clause); state a "
     "condition as a relation of its own, or write the formula without it", 2),
    # operators of real notes that are not read, named for what they are
    (r"\partial_x y", r"\partial (a partial derivative) is not read; state its value as a claim of its own", 0),
    (r"\nabla f", r"\nabla (a gradient) is not read; state its value as a claim of its own", 0),
    # ⊙, ⊗ between numbers: no elementwise product of written vectors (test_documents_brackets.py has the rest)
    (r"x \odot y", r"⊙ between two numbers is no elementwise product of vectors; write a \cdot b", 2),
    (r"x \otimes y", r"⊗ between two numbers is no elementwise product of vectors; write a \cdot b; ⊗ is read as "
     "the elementwise product only between two written vectors of one length n ≥ 2 (RoFormer's eq. 34), elsewhere "
     "it may be the Kronecker product", 2),
    (r"\int_0^1 x", r"the integral's differential (dx, \mathrm{d}x) is not found where its integrand ends; write "
     r"it last, \int_a^b f(x)\,dx", 0),
    (r"\oint_0^1 x \, dx", r"\oint (a contour integral) is not read; state its value as a claim of its own", 0),
    (r"\underbrace x_{a}", r"\underbrace takes its formula in braces: \underbrace{a + b}", 0),
    ("x ≡ y", r"\equiv is a relation posenc-sym does not decide; write =, \le, \ge, <, > or \approx", 2),
    ("∂x", r"\partial (a partial derivative) is not read; state its value as a claim of its own", 0),
    ("x ⊙ y", r"⊙ between two numbers is no elementwise product of vectors; write a \cdot b", 2),
    ("x (when y)", "'when' is a word of prose inside the formula (a condition or a clause); state a condition as a "
     "relation of its own, or write the formula without it", 3),
])
def test_refuses_to_guess(latex: str, reason: str, position: int) -> None:
    with pytest.raises(Unreadable) as info:
        from_latex(latex, SCOPE)
    assert (info.value.reason, info.value.position) == (reason, position)


@pytest.mark.parametrize(("latex", "expected"), [
    (r"\frac{d}{d x} x^2", sympy.Derivative(X**2, X)),
    (r"x + \frac{dx}{dt}", X + sympy.Derivative(X, T)),
    (r"\frac{\partial y}{\partial x}", sympy.Derivative(Y, X)),
    (r"\frac{\partial^2}{\partial x \partial t} x t", sympy.Derivative(X * T, X, T)),
    (r"\frac{\mathrm{d}^{2}}{\mathrm{d} t^{2}} \sin \omega t", sympy.Derivative(sympy.sin(OMEGA * T), (T, 2))),
    (r"\frac{d}{dt} \begin{pmatrix} t \\ t^2 \end{pmatrix}",
     M([sympy.Derivative(T, T), sympy.Derivative(T**2, T)])),
    # the d of the width where it is no differential: quotients
    (r"\frac{d_{model}}{2}", D_MODEL / 2),
])
def test_reads_derivatives(latex: str, expected: sympy.Basic) -> None:
    assert from_latex(latex, SCOPE) == expected


@pytest.mark.parametrize(("latex", "nonzero"), [
    # SymPy builds sin x / sin x as 1 and cot x tan x as is; the divisors stay with the row, so that the
    # checker never proves it at x = 0, where it is undefined
    (r"\frac{\sin x}{\sin x} = 1", (sympy.sin(X),)),
    (r"\cot x \tan x = 1", (sympy.sin(X), sympy.cos(X))),
    (r"\coth x \tanh x = 1", (sympy.sinh(X),)),
    (r"x^{-1} + \log_{2} y = \ln t", (X, Y, T)),
    (r"\frac{x}{2} + \sec t = 2^{-x}", (sympy.cos(T),)),  # 2 and a power of 2 never vanish
])
def test_a_row_keeps_what_must_not_vanish(latex: str, nonzero: tuple[sympy.Expr, ...]) -> None:
    assert read_row(latex, SCOPE).nonzero == nonzero


@pytest.mark.parametrize(("latex", "stated"), [
    (r"\begin{cases} 0 & x \le y \\ 1 & x > y \end{cases} = 0",
     [("<=", X, Y, "a condition of the cases"), (">", X, Y, "a condition of the cases")]),
    (r"x^2 \big|_{x = 2} = 4", [("==", X, 2, "the point where the formula before the bar is taken")]),
    (r"0 < t < 1", []),
])
def test_a_row_keeps_the_relations_it_states_inside_its_formulas(latex: str, stated: list[object]) -> None:
    assert [(r, a, b, what) for r, a, b, _, what in read_row(latex, SCOPE).stated] == stated


@pytest.mark.parametrize(("latex", "links"), [
    (r"x \approx 1 \simeq 1", [("~", 1), ("~", 1)]),  # \simeq: approximately, reported with its gap, not decided
])
def test_approximate_relations(latex: str, links: list[tuple[str, object]]) -> None:
    assert [(r, e) for r, e, _ in read_row(latex, SCOPE).links] == links


def test_a_row_holds_a_chain_of_relations_and_drops_alignment_marks() -> None:
    row = read_row(r"x^2 &\le x^2 + y^2 &< x^2 + y^2 + 1", SCOPE)
    assert row.first == X**2
    assert [(r, e) for r, e, _ in row.links] == [("<=", X**2 + Y**2), ("<", X**2 + Y**2 + 1)]


@pytest.mark.parametrize(("latex", "links"), [
    (r"x &=& y", [("==", Y)]),  # eqnarray's marks around the relation
    (r"x &= y &", [("==", Y)]),  # an empty last column
    (r"x &\le y &< x", [("<=", Y), ("<", X)]),  # a mark before a relation continues the chain
    (r"x \lt y \gt x", [("<", Y), (">", X)]),
    ("x ≤ y ≠ x", [("<=", Y), ("!=", X)]),  # typed Unicode; "x^2 ≥ 0" was once skipped as holding no relation
    (r"x = y \quad", [("==", Y)]),  # a wide space ending the row separates nothing
])
def test_alignment_marks_beside_a_relation_are_dropped(latex: str, links: list[tuple[str, object]]) -> None:
    assert [(r, e) for r, e, _ in read_row(latex, SCOPE).links] == links


@pytest.mark.parametrize(("latex", "position"), [
    (r"0 &= 0 & y &= 0", 9),  # was read as the chain 0 = 0·y = 0, and "proven"
    (r"x &= x, & y &= y", 10),
    (r"1 & 0 = 0", 4),  # the cells of \begin{array}{cc} 1 & 0 \end{array}: once the product 1·0, "= 0" proven
])
def test_two_statements_side_by_side_are_not_one_chain(latex: str, position: int) -> None:
    with pytest.raises(Unreadable) as info:
        read_row(latex, SCOPE)
    assert (info.value.reason, info.value.position) == (
        "'&' between two expressions is a column break: two statements side by side, or the cells of an array; "
        "put each statement on its own row, or write the matrix as a pmatrix", position)


def _context(*lines: str) -> Context:
    ctx = Context()
    for line in lines:
        apply_declaration(line, ctx)
    return ctx


def test_indexed_notation_is_matched_by_structure_never_solved() -> None:
    ctx = _context("assume t, k real", "assume i integer", r"let PE_{(t,2i)} = \sin(t)",
                   r"let PE_{(t,2i+1)} = \cos(t)")
    t, i = ctx.symbols["t"], ctx.symbols["i"]
    assert from_latex("PE_{(t+k,2i)}", ctx) == sympy.sin(t + ctx.symbols["k"])
    assert from_latex("PE_{(t,2(i+1)+1)}", ctx) == sympy.cos(t)
    with pytest.raises(Unreadable) as info:
        from_latex("PE_{(t,i)}", ctx)
    assert info.value.reason == ("PE with subscript (t, i) matches no definition (t, 2*i; t, 2*i + 1); write the "
                                 "subscript in the form of a definition")
    assert i.is_integer


def test_subscript_parameters_bind_and_plain_text_subscripts_name() -> None:
    ctx = _context("assume b > 1", "assume d even positive", "assume i integer", r"let \omega_i = b^{-2i/d}",
                   r"let \lambda_{0} = 1")
    b, d, i = (ctx.symbols[n] for n in "bdi")
    # The body with the parameter replaced, exactly (a zero difference, not a numeric check).
    assert sympy.simplify(from_latex(r"\omega_{i+1}", ctx) - b ** (-2 * (i + 1) / d)) == 0
    assert sympy.simplify(from_latex(r"\omega_{d/2-1}", ctx) - b ** (-2 * (d / 2 - 1) / d)) == 0
    assert from_latex(r"\lambda_0", ctx) == 1


def test_a_lets_subscript_names_are_its_parameters() -> None:
    # issue 23: "let \\omega_i = …" needs no declared i; the formula holds for every value of its parameter, which
    # stays the let's own (no i is declared for the rest of the document)
    ctx = _context("assume d even positive", r"let \omega_i = 10000^{-2i/d}", r"let \theta_k = 2k")
    d = ctx.symbols["d"]
    assert sympy.simplify(from_latex(r"\omega_{1}", ctx) - 10000 ** (-2 / d)) == 0
    assert from_latex(r"\theta_{3}", ctx) == 6
    assert "i" not in ctx.symbols and "k" not in ctx.symbols


def test_a_bound_declares_a_greek_name() -> None:
    # docs: "an undeclared name in it is declared real"; a Greek name too (a held-out set's assume \alpha > 1)
    ctx = _context(r"assume \alpha > 1", r"assume 0 < \beta_1 \le 1")
    assert ctx.symbols["alpha"].is_positive and ctx.symbols["beta_1"].is_positive


@pytest.mark.parametrize(("lines", "message"), [
    (["assume x realish"], "cannot read the declaration 'assume x realish': the domain must be one of real, "
     "positive, nonnegative, integer, integer positive, integer nonnegative, even positive, complex"),
    (["assume real"], "cannot read the declaration 'assume real': name the symbols before the domain, e.g. "
     "assume t, k real"),
    (["assume x real", "assume x positive"], "cannot read the declaration 'assume x positive': 'x' is already "
     "declared; declare each symbol once"),
    (["assume x real", "let x = 2"], "cannot read the declaration 'let x = 2': let redefines 'x'; each name is "
     "defined once"),
    (["assume t real", "assume i integer", "let f_{i} = t", "let f_{i} = 2 t"],
     "cannot read the declaration 'let f_{i} = 2 t': let redefines 'f' for the same subscript; each notation is "
     "defined once"),
    (["assume 0 < < 1"], "cannot read the declaration 'assume 0 < < 1': cannot read '<' here"),
    (["assume x = 1"], "cannot read the declaration 'assume x = 1': an assumption is an inequality (<, \\le, >, "
     "\\ge), not '=='"),
    (["let y"], "cannot read the declaration 'let y': write let NAME = LATEX"),
    (["frobnicate z"], "cannot read the declaration 'frobnicate z': a declaration starts with 'assume' or 'let'"),
    (["assume t, k real", "let f_{t+k} = 1"], "cannot read the declaration 'let f_{t+k} = 1': the subscript k + t "
     "mixes two parameters; give each its own place"),
    # Once "the subscript ... is not plain text; use let ..." for a line that was a let.
    (["assume t real", "let PE_{(t,2i)} = t"], "cannot read the declaration 'let PE_{(t,2i)} = t': the subscript of "
     "'PE_{(t,2i)}' cannot be read: 'i' is not declared; declare it (assume i real)"),
    (["let g(x, x) = x"], "cannot read the declaration 'let g(x, x) = x': the parameter 'x' of g appears twice; give "
     "each its own name"),
])
def test_bad_declarations(lines: list[str], message: str) -> None:
    with pytest.raises(DeclarationError) as info:
        _context(*lines)
    assert str(info.value) == message


def test_a_bound_makes_a_symbol_positive_everywhere_it_appears() -> None:
    ctx = _context("assume b real", r"let c = b^2", "assume b > 1")
    b = ctx.symbols["b"]
    assert b.is_positive and ctx.values["c"] == b**2 and ctx.conditions == [b > 1]


@pytest.mark.parametrize(("latex", "name"), [
    ("t", "t"), (r"\omega", "omega"), ("d_{model}", "d_model"), (r"d_{\text{model}}", "d_model"), ("x_0", "x_0"),
    ("pos", "pos"),
    # what the reader reads, a declaration declares (once refused: '\hat{q}' is not a symbol)
    (r"\hat{q}", "qhat"), (r"R_\theta", "R_theta"), ("x_{i,j}", "x_i_j"), (r"\tilde{\omega}_{i}", "omegatilde_i"),
])
def test_symbol_names(latex: str, name: str) -> None:
    assert symbol_name(latex) == name


@pytest.mark.parametrize("part", [sympy.re, sympy.im, sympy.arg])
def test_the_parts_of_a_complex_number_read_back_as_the_writer_prints_them(part: object) -> None:
    z = sympy.Symbol("z", complex=True)
    expr = part(z) + 1  # type: ignore[operator]
    assert from_latex(to_latex(expr), SimpleScope({"z": z})) == expr


def test_a_lets_parameter_gets_the_texts_range(tmp_path: Path) -> None:
    # a red team's: with `let \omega_i = 10000^{-2i/d}` (i declared nowhere) the row ω_i ≤ 1 was refuted at i = -1;
    # the block's let is the text's notation, so the row's i is the pair index 0 ≤ i < d/2, where ω_i ≤ 1 holds
    path = tmp_path / "notes.md"
    path.write_text("```posenc\nassume d even positive\nlet \\omega_i = 10000^{-2i/d}\n```\n\n$$ \\omega_i \\le 1 $$\n",
                    encoding="utf-8")
    assert [d.status for d in check_document(path).displays] == ["proven"]
