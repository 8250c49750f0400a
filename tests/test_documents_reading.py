"""A document read as written (issue 23): its names, its conventions, its definitions, its plain text.

The reader of a document reads every name: what the text declares or defines, what a convention of
the field reads (said once, with its line), and provisionally anything else. Each row below is one
construct in a document whose other formulas give its names their roles; the expected readings and
messages are written by hand from the rules in posenc_sym/documents (conventions.py, scope.py,
text_definitions.py) and docs/checking-your-own-notes.md.
"""

from __future__ import annotations

import pytest
import sympy

from posenc_sym.documents.claims import document_scope, read_display
from posenc_sym.documents.context import Context
from posenc_sym.documents.extract import Display
from posenc_sym.documents.name_forms import NameForm, name_form
from posenc_sym.documents.statements import range_of, statements
from posenc_sym.documents.survey import survey
from posenc_sym.notation.read import Unreadable, from_latex


def _read(latex: str, *others: str) -> tuple[str, list[str]]:
    """``latex`` read in a document that also holds ``others``: the reading, and the conventions said."""
    scope = document_scope(Context(), [latex, *others])
    value = from_latex(latex, scope)
    return sympy.sstr(value), [c.text for c in scope.take_recent()]


@pytest.mark.parametrize(("latex", "others", "reading", "said"), [
    ("e^{x}", [], "exp(x)", ["read e as Euler's number"]),
    (r"\ell + \ell", [], "2*ell", []),  # the script l is a name of its own, never e·l·l
    ("e^{i t}", [], "exp(I*t)", ["read e as Euler's number", "read i as the imaginary unit (the text never "
                                 "indexes with i)", "read t as a real position"]),
    (r"\omega_i t", [], "t*omega[i]", ["read i as an integer index (the text indexes with it)",
                                       "read t as a real position"]),
    (r"PE_{(pos, 2i)}", [r"10000^{2i/d_{model}}"], "PE[pos, 2*i]",
     ["read pos as a real position", "read i as a pair index, 0 ≤ i < d_model/2 (it indexes the pairs 2i, 2i+1)"]),
    ("d", [r"\lambda_d"], "d", ["read d as an integer index (the text indexes with it)"]),
    ("d", [], "d", ["read d as the width, a positive even integer"]),
    ("m n", [], "m*n", ["read m as a real position", "read n as a real position"]),
    (r"\mathbf{q}_m", [], "q[m]", ["read m as an integer position (the text indexes with it)"]),
    (r"\mathrm{e}^{\text{i}\theta_i}", [], "exp(I*theta[i])", ["read i as an integer index (the text indexes with "
                                                               "it)"]),
    # bold or an arrow over more than one letter (issue 23): bold over a product is each factor bold, in its
    # order; a subscript inside an accent's braces is the accented name's (\vec{e_j} is \vec{e}_j)
    (r"\mathbf{\Theta_m Q_m}", [], "Theta[m]*Q[m]", ["read m as an integer position (the text indexes with it)"]),
    (r"\vec{e_j} - \vec{e}_j", [], "0", ["read j as an integer index (the text indexes with it)"]),
    (r"\hat{q_m}", [], "qhat[m]", ["read m as an integer position (the text indexes with it)"]),
    (r"\mathbf{\theta} - \theta", [], "0", []),
    # plain-text math
    ("sin(x) + cosB", ["x"], "x*y", []) if False else ("sin(x) + cosB", [], "sin(x) + cos(B)", []),
    (r"input\_embedding + step{\_}num", [], "input_embedding + step_num", []),
    (r"\Delta t + \bigtriangleup t", [], "2*Δt", ["read Δt as a real shift of t", "read Δt (\\Delta t, "
                                                "\\bigtriangleup t) as one symbol, a shift, not Δ·t"]),
    ("tk", ["t", "k"], "t*k", ["read tk as t·k (letters side by side multiply)", "read t as a real position"]),
    ("x * y", [], "x*y", []),
    # functions of several arguments, vectors, primes, labels
    ("f(q, m)", [], "f(q, m)", ["read m as a real position", "read f(…), and any name before parentheses that the "
                                "text does not define, as a function applied; a row about one is decided only if it "
                                "holds whatever the function is"]),
    # W_q: a matrix's name before one argument is a product; its q (written only as a subscript) an index
    (r"\mathbf{W}_q(\mathbf{x} + \mathbf{p})", [], "W[q]*(p + x)", ["read q as an integer index (the text "
                                                                     "indexes with it)"]),
    (r"\langle \mathbf{q}, \mathbf{k} \rangle", [], "transpose(q)*k", ["read ⟨a, b⟩ as the dot product aᵀb"]),
    (r"b' + \lambda^{\prime}_d", [], "b' + lambda'[d]", ["read a primed name (b′) as a name of its own, not a "
                                                          "derivative", "read d as an integer index (the text indexes "
                                                          "with it)"]),
    (r"a^{(1)}_{i,j}", [], "a^(1)[i, j]", ["read i as an integer index (the text indexes with it)",
                                           "read j as an integer index (the text indexes with it)"]),
    (r"\boldsymbol{\mathcal{R}}_n", [], "Rcal[n]", ["read n as an integer position (the text indexes with it)"]),
    (r"\sum_i x_i", [], "Sum(x[i], (i, i_first, i_last))", []),
    (r"q_{[2i:2i+1]}", [], "q[2*i, 2*i + 1]", ["read i as an integer index (the text indexes with it)"]),
    (r"\lambda{max}", [], "lambda*max", []),
    (r"[x, y]", [], "Matrix([[x, y]])", ["read [a, b, …] as a row vector"]),
    # an ellipsis between terms of one indexed name: its product or sum over the indices
    (r"\lambda_1\lambda_2\cdots\lambda_m", [], "Product(lambda[j], (j, 1, m))",
     ["read m as an integer position (the text indexes with it)"]),
    # the label after a subscript belongs to the subscripted name even where its index is a sequence too (m_1
    # beside x_m^{(1)}: the m took the label, and the matrix around it could not be read, RoFormer's eq. 13)
    (r"\begin{pmatrix} x_m^{(1)} \\ x_m^{(2)} \end{pmatrix}", ["m_1"], "Matrix([\n[x^(1)[m]],\n[x^(2)[m]]])", []),
    (r"a_1 + a_2 + \cdots + a_n", [], "Sum(a[j], (j, 1, n))", ["read n as an integer position (the text indexes with it)"]),
])
def test_a_document_reads_its_names(latex: str, others: list[str], reading: str, said: list[str]) -> None:
    assert _read(latex, *others) == (reading, said)


@pytest.mark.parametrize(("latex", "others", "reason"), [
    # two plausible readings: refused, both named
    ("dim", ["d", "i", "m", "dim"], "'dim' reads as d·i·m or dim; separate the names with spaces or declare one"),
    # an ellipsis between different names leaves its terms unstated
    (r"a_1 + \cdots + b_n", [], r"an ellipsis (\cdots) leaves terms unstated; state the claim per entry, per block, or "
                                "as a sum"),
    # a prime on a function the text has is its derivative, in a variable the row can vary: x is not declared
    ("f'(x)", ["f(x, y)"], "the derivative's variable x is not declared real: a derivative is taken in a real "
                           "variable; declare it (assume x real)"),
])
def test_a_document_refuses_what_has_two_readings(latex: str, others: list[str], reason: str) -> None:
    scope = document_scope(Context(), [latex, *others])
    with pytest.raises(Unreadable) as info:
        from_latex(latex, scope)
    assert info.value.reason == reason


@pytest.mark.parametrize(("text", "form"), [
    ("w_k", NameForm("w", ("k",), None, "")),
    (r"PE_{(pos, 2i+1)}", NameForm("PE", ("pos", "2i+1"), None, "")),
    (r"\tilde{\boldsymbol{q}}_m", NameForm("qtilde", ("m",), None, "")),
    (r"f(\mathbf{x}_m, m)", NameForm("f", None, (r"\mathbf{x}_m", "m"), "")),
    (r"d_{\text{model}}", NameForm("d_model", None, None, "")),
    (r"\text{max\_seq}", NameForm("max_seq", None, None, "")),
    (r"\lambda^{\prime}_d", NameForm("lambda'", ("d",), None, "")),
    (r"PE_t^{(i)}", NameForm("PE", ("t",), None, "i")),
    ("x^2", None), ("2 w", None), (r"\lambda_1 \lambda_2", None), ("f(x) + 1", None),
])
def test_what_a_definition_may_define(text: str, form: NameForm | None) -> None:
    assert name_form(text) == form


@pytest.mark.parametrize(("text", "pieces"), [
    (r"\lambda^{d/2} = k \Rightarrow \lambda = k^{2/d}", [r"\lambda^{d/2} = k", r"\lambda = k^{2/d}"]),
    (r"q_m = f(q, m), \quad k_n = f(k, n)", ["q_m = f(q, m)", "k_n = f(k, n)"]),
    (r"z \leftarrow z + 1", ["z + 1"]),  # an assignment: nothing claimed of z
    (r"T_n \le T, \mathrm{for}\, n = 0, \cdots, N", ["T_n \\le T", r"n = 0, \cdots, N"]),
    (r"{\rm s.t.} \quad x = 1", ["x = 1"]),
    (r"\text{seq} = 100", [r"\text{seq} = 100"]),  # a name in a font, not prose
    (r"0 = 0 \qquad y = 0", [r"0 = 0 \qquad y = 0"]),  # a wide space alone does not split: the reader refuses it
    # a comma outside every bracket between two relations sets two statements apart (issue 23, rows as written)
    (r"\theta_i = b^{-2i/d}, b = 10000", [r"\theta_i = b^{-2i/d}", "b = 10000"]),
    (r"q_m = f_q(x_m, m), k_m = f_k(x_m, n)", ["q_m = f_q(x_m, m)", "k_m = f_k(x_m, n)"]),
    (r"g(m) = m, ~ h(\theta_d) = b'^{-2d/|D|}", ["g(m) = m", r"h(\theta_d) = b'^{-2d/|D|}"]),
    (r"a = 1, b = 2, c := 3", ["a = 1", "b = 2", "c := 3"]),
    (r"i = 0, 1, \ldots, d/2 - 1, b = 2", [r"i = 0, 1, \ldots, d/2 - 1", "b = 2"]),  # a range, then a value
    (r"f(x) = x^2, x > 0", ["f(x) = x^2", "x > 0"]),  # a condition beside: read as one (see the near misses)
    # near misses: the comma inside a function's arguments, a range, a list, a tuple, names before one '='
    (r"F(\text{lower}=0, \, \text{upper}=n - 1) = 1", [r"F(\text{lower}=0, \, \text{upper}=n - 1) = 1"]),
    (r"i = 0, 1, \ldots, d/2 - 1", [r"i = 0, 1, \ldots, d/2 - 1"]),
    ("x = 1, 2", ["x = 1, 2"]),
    ("(a, b) = (c, d)", ["(a, b) = (c, d)"]),
    ("a, b = c, d", ["a, b = c, d"]),
    (r"a = b, \text{if } x > 0", [r"a = b, \text{if } x > 0"]),
    # a word of prose set apart by wide spaces between two relations starts the second statement; a condition
    # word does not (the condition stays with its statement), nor prose with no relation after it
    (r"\theta_i = b^{-2i/d} \quad \text{where} \quad b = 10000", [r"\theta_i = b^{-2i/d}", "b = 10000"]),
    (r"a = b \quad \text{and} \quad c = d", ["a = b", "c = d"]),
    (r"a = b \quad \text{if} \quad x > 0", [r"a = b \quad \text{if} \quad x > 0"]),
    (r"a = b \quad \text{for all} \quad h", [r"a = b \quad \text{for all} \quad h"]),
])
def test_statements_of_a_row(text: str, pieces: list[str]) -> None:
    assert [p.text for p in statements(text)] == pieces


@pytest.mark.parametrize(("text", "found"), [
    (r"i = 0, 1, \ldots, d/2 - 1", ("i", "0", "d/2 - 1")),
    (r"n = 0,\cdot\cdot\cdot,d_{extra}/2-1", ("n", "0", "d_{extra}/2-1")),
    ("x = 1, 2", None),
    (r"x = \frac{1}{2}", None),
])
def test_ranges(text: str, found: tuple[str, str, str] | None) -> None:
    assert range_of(text) == found


@pytest.mark.parametrize(("body", "links"), [
    # a definition, then a claim with it: θ_d, a divisor, is a number (a denominator is one), which may be 0, where
    # neither side is defined: not proven for every θ_d (it was proven while θ_d was read as a possible matrix)
    (r"\lambda_d = \frac{2\pi}{\theta_d} = 2\pi \theta_d^{-1}", [("definition", r"defines \lambda_d"), ("unknown", "")]),
    # a chain with an ellipsis for a member: its links to the ellipsis are not decided
    (r"a_1 \ge a_2 \ge \cdots \ge 1", [("unknown", ""), ("ellipsis", "an ellipsis leaves the terms it stands for "
                                                                  "unstated; not decided"),
                                      ("ellipsis", "an ellipsis leaves the terms it stands for unstated; not decided")]),
    # a range
    (r"i = 0, 1, \ldots, 9", [("definition", "i ranges over the integers from 0 to 9")]),
    # a range to a name nobody defined is shown and not used (it was an internal error: N is not a real number)
    (r"n = 0, 1, \ldots, N", [("definition", "n ranges from 0 to N (not used: an end is not a real number)")]),
    # cases: the definition, and each condition stated (not a claim)
    (r"m_{s} = \begin{cases} 0 & s \le 1 \\ 1 & s > 1 \end{cases}",
     [("definition", "defines m_{s}"), ("condition", "a condition of the cases: stated, not a claim"),
      ("condition", "a condition of the cases: stated, not a claim")]),
    # \equiv and := define a name, as = does
    (r"W'_{d} \equiv \gamma_d W_{d}", [("definition", "defines W'_{d}")]),
    (r"a := b + 1", [("definition", "defines a")]),
    # a name written for the first time on the right of '=' names the formula on its left
    (r"\langle \mathbf{q}, \mathbf{k} \rangle = g(\mathbf{q}, \mathbf{k}, m - n)",
     [("definition", r"defines g(\mathbf{q}, \mathbf{k}, m - n) (later rows cannot use it: its arguments are not all "
                     "names, so later rows do not use it)")]),
    (r"Attention(Q, K, V)_i = \frac{a}{b}", [("definition", "defines Attention(Q, K, V)_i")]),
    # a system (cases, or a brace before aligned, around the whole display, every row a relation): its rows
    (r"\begin{cases} \sin^2 t + \cos^2 t = 1 \\ \sin(2t) = 2 \sin t \cos t \end{cases}", [("proven", ""), ("proven", "")]),
    (r"\left\{\begin{aligned} \sin(2t) &= 2 \sin t \cos t \\ \cos^2 t &= 2 \end{aligned}\right.",
     [("proven", ""), ("refuted", "")]),
    # a definition whose formula cannot be read still introduces its name
    (r"y_i = f(x_i, (x_1, x_1))", [("definition", "defines y_i (its formula cannot be read, so rows that use it are "
                                                  "not decided): the tuple (x_1,x_1) is one argument of f: a pair "
                                                  "or a point passed to it, not read; write it transposed, "
                                                  "(x_1,x_1)^\\top, if it is a vector")]),
])
def test_a_display_reads_into_roles(body: str, links: list[tuple[str, str]]) -> None:
    scope = document_scope(Context(), [body])
    read = read_display(Display(body, 1, 1, False, 1), scope)
    from posenc_sym.documents.decide import decide_link
    found = []
    for link in read.links:
        status = link.role if link.role in ("definition", "condition", "ellipsis") else decide_link(link, (), "t").status
        found.append((status, link.note if link.role != "claim" else ""))
    assert found == links


@pytest.mark.parametrize("body", [
    r"\begin{cases} t = 1 \\ 0 \end{cases}",  # a row with no relation: not a system
    r"\begin{cases} t = 1 & t > 0 \\ t = 2 & t \le 0 \end{cases}",  # values and conditions in columns
    r"\begin{cases} t = 1 \\ t = 2 \end{cases} + \begin{cases} t = 3 \end{cases}",  # not around the whole display
])
def test_a_cases_that_is_not_a_system_is_not_split(body: str) -> None:
    scope = document_scope(Context(), [body])
    read = read_display(Display(body, 1, 1, False, 1), scope)
    assert (read.links, read.unreadable) == ((), r"expected '\end' but found '='")


def test_a_defining_relation_on_a_name_the_text_has_is_refused() -> None:
    body = r"x \equiv y"
    scope = document_scope(Context(), [body])
    scope.ctx.declare("x", {"real": True})
    read = read_display(Display(body, 1, 1, False, 1), scope)
    assert (read.links, read.unreadable) == ((), r"\equiv defines a name; here its left side is one the text has (or "
                                                 "declares), so it is a claim posenc-sym does not decide: write = to "
                                                 "have it checked")


def test_the_survey_reads_roles_off_the_whole_text() -> None:
    roles = survey([r"\mathbf{W}_q(\mathbf{x})", r"f(q, m) = q e^{i m \theta}", r"\sum_{j=0}^{n} x_j^\top y",
                    r"PE_{(pos,2i)} = \sin(pos/10000^{2i/d})"])
    assert sorted(roles.applied) == ["f"]
    assert sorted(roles.vectors) == ["W", "x"]
    assert sorted(roles.indices) == ["i", "j", "q"]
    assert sorted(roles.pairs) == ["i"]
    assert sorted(roles.scalars) == ["d", "i", "j", "m", "n", "pos", "theta"]
    assert (roles.widths, roles.exponent_widths) == ({"d"}, {"d"})
