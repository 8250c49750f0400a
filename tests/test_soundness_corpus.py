"""Soundness: false statements that sit close to true ones are never proven, always refuted.

Each entry is a near-miss of a true identity or inequality: a sign flipped, sin and cos
swapped, 2i/d against i/d, T_(a−b) for T_(a+b), the block transposed, a float literal
standing for π or ln 10000, an exact perturbation of 10⁻⁴⁰ that no float64 test can see.
Every counterexample the engine returns is re-evaluated here independently (SymPy's own
``doit`` and ``evalf`` at 80 digits, not the engine's evaluator) to confirm it is one.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import I, Rational, Sum, cos, exp, log, pi, sin, sqrt

from posenc_sym import Claim, decide
from posenc_sym.schemes import sinusoidal as S

t, k, a, c, x, y = sympy.symbols("t k a c x y", real=True)
q1, q2, k1, k2 = sympy.symbols("q1 q2 k1 k2", real=True)
m, n = sympy.symbols("m n", integer=True)
w = sympy.Symbol("w", positive=True)
s = sympy.Symbol("s", positive=True)
b, d, i = S.b, S.d, S.i
j = sympy.Symbol("j", integer=True, nonnegative=True)
wj = S.frequency(j)
TINY = Rational(1, 10**40)
BASE = (b > 1,)
PAIR = (b > 1, i < d / 2)


def block(offset: sympy.Expr, omega: sympy.Expr = w) -> sympy.ImmutableMatrix:
    return S.rotation_block(offset, omega)


def pair(x_: sympy.Expr, omega: sympy.Expr = w) -> sympy.ImmutableMatrix:
    return sympy.ImmutableMatrix([sin(omega * x_), cos(omega * x_)])


def pairs_sum(term: sympy.Expr, lo: sympy.Expr = 0, hi: sympy.Expr = d / 2 - 1) -> Sum:
    return Sum(term, (j, lo, hi))


def rot2(angle: sympy.Expr) -> sympy.ImmutableMatrix:
    return sympy.ImmutableMatrix([[cos(angle), -sin(angle)], [sin(angle), cos(angle)]])


th = w  # one RoPE frequency
QV = sympy.ImmutableMatrix([q1, q2])
KV = sympy.ImmutableMatrix([k1, k2])

# (id, lhs, rhs, relation, conditions)
CORPUS: list[tuple[str, object, object, str, tuple]] = [
    # angle addition and the rotation block
    ("sin-addition-sign", sin(w * (t + k)), sin(w * t) * cos(w * k) - cos(w * t) * sin(w * k), "==", ()),
    ("cos-addition-sign", cos(w * (t + k)), cos(w * t) * cos(w * k) + sin(w * t) * sin(w * k), "==", ()),
    ("sin-cos-swapped", sin(w * (t + k)), cos(w * t) * cos(w * k) + sin(w * t) * sin(w * k), "==", ()),
    ("block-transposed", pair(t + k), block(k).T * pair(t), "==", ()),
    ("block-sin-cos-swapped", pair(t + k),
     sympy.ImmutableMatrix([[sin(w * k), cos(w * k)], [-cos(w * k), sin(w * k)]]) * pair(t), "==", ()),
    ("block-maps-backwards", block(k) * pair(t), pair(t - k), "==", ()),
    ("block-general-d-transposed", S.pe_pair(t + k), S.rotation_block(k).T * S.pe_pair(t), "==", PAIR),
    ("pair-additive", pair(t + k), pair(t) + pair(k), "==", ()),
    ("group-law-minus", block(a) * block(c), block(a - c), "==", ()),
    ("group-law-general-d-minus", S.rotation_block(a) * S.rotation_block(c), S.rotation_block(a - c), "==", PAIR),
    ("inverse-is-itself", block(-k), block(k), "==", ()),
    ("idempotent", block(k) * block(k), block(k), "==", ()),
    ("det-minus-one", block(k).det(), -1, "==", ()),
    ("orthogonal-as-square", block(k).T * block(k), block(k) * block(k), "==", ()),
    ("full-d4-transposed", S.pe_vector(t + k, 4), S.rotation_matrix(k, 4).T * S.pe_vector(t, 4), "==", BASE),
    ("full-d4-group-minus", S.rotation_matrix(a, 4) * S.rotation_matrix(c, 4), S.rotation_matrix(a - c, 4),
     "==", BASE),
    # frequencies and div_term
    ("div-term-i-over-d", S.div_term(2 * i), b ** (-i / d), "==", PAIR),
    ("div-term-index-not-doubled", S.div_term(i), b ** (-2 * i / d), "==", PAIR),
    ("div-term-sign", exp(2 * i * log(b) / d), b ** (-2 * i / d), "==", PAIR),
    ("div-term-d-minus-2", exp(2 * i * (-log(b) / (d - 2))), b ** (-2 * i / d), "==", (b > 1, i < d / 2, d > 2)),
    ("frequency-sign", S.frequency(i), b ** (2 * i / d), "==", PAIR),
    ("wavelength-i-over-d", S.wavelength(i), 2 * pi * b ** (i / d), "==", PAIR),
    ("wavelength-last-is-2pi-b", S.wavelength(d / 2 - 1), 2 * pi * b, "==", BASE),
    # float literals standing for exact constants
    ("float-pi-shift", sin(x + sympy.Float(3.141592653589793)), -sin(x), "==", ()),
    ("float-pi-wavelength", 2 * sympy.Float(3.141592653589793) * b ** (2 * i / d), S.wavelength(i), "==", PAIR),
    ("float-ln-10000", exp(2 * i * (-sympy.Float(9.210340371976184) / d)), Rational(1, 10000) ** (2 * i / d),
     "==", (i < d / 2,)),
    ("float-half", sin(x) ** 2, (1 - cos(2 * x)) * sympy.Float(0.5000001), "==", ()),
    ("rational-pi", 2 * Rational(355, 113), 2 * pi, "==", ()),
    # near-identities no float64 test can see
    ("pythagoras-plus-tiny-x2", sin(x) ** 2 + cos(x) ** 2, 1 + TINY * x**2, "==", ()),
    ("x-plus-tiny-x", x + TINY * x, x, "==", ()),
    ("exp-log-plus-tiny", exp(log(b)), b + TINY, "==", ()),
    ("frequency-perturbed", cos(w * k * (1 + TINY)), cos(w * k), "==", ()),
    ("norm-plus-tiny-d", pairs_sum(sin(wj * t) ** 2 + cos(wj * t) ** 2), d / 2 + TINY * d / 10**5, "==", BASE),
    ("first-wavelength-plus-tiny", S.wavelength(0), 2 * pi + Rational(1, 10**42), "==", ()),
    ("block-entry-tiny", block(k), block(k) + sympy.ImmutableMatrix([[0, 0], [TINY * k, 0]]), "==", ()),
    # sums over the pairs
    ("norm-is-d", pairs_sum(sin(wj * t) ** 2 + cos(wj * t) ** 2), d, "==", BASE),
    ("norm-plus-one", pairs_sum(sin(wj * t) ** 2 + cos(wj * t) ** 2), d / 2 + 1, "==", BASE),
    ("dot-is-sin-sum", pairs_sum(sin(wj * t) * sin(wj * (t + k)) + cos(wj * t) * cos(wj * (t + k))),
     pairs_sum(sin(wj * k)), "==", BASE),
    ("dot-is-cos-t", pairs_sum(sin(wj * t) * sin(wj * (t + k)) + cos(wj * t) * cos(wj * (t + k))),
     pairs_sum(cos(wj * t)), "==", BASE),
    ("dot-is-cos-t-plus-k", pairs_sum(sin(wj * t) * sin(wj * (t + k)) + cos(wj * t) * cos(wj * (t + k))),
     pairs_sum(cos(wj * (t + k))), "==", BASE),
    ("distance-plus", pairs_sum((sin(wj * (t + k)) - sin(wj * t)) ** 2 + (cos(wj * (t + k)) - cos(wj * t)) ** 2),
     pairs_sum(2 + 2 * cos(wj * k)), "==", BASE),
    ("distance-halved", pairs_sum((sin(wj * (t + k)) - sin(wj * t)) ** 2 + (cos(wj * (t + k)) - cos(wj * t)) ** 2),
     pairs_sum(1 - cos(wj * k)), "==", BASE),
    ("pairs-off-by-one", pairs_sum(sympy.Integer(1), 0, d / 2), d / 2, "==", BASE),
    ("pairs-index-shifted", pairs_sum(cos(wj * k), 1, d / 2), pairs_sum(cos(wj * k)), "==", BASE),
    ("sin-part-depends-on-t", sympy.Derivative(pairs_sum(sin(wj * t) * sin(wj * (t + k))), t), 0, "==", BASE),
    # trigonometry slips
    ("double-angle-sin", sin(2 * x), 2 * sin(x), "==", ()),
    ("double-angle-cos", cos(2 * x), 1 - sin(x) ** 2, "==", ()),
    ("cos-square-difference", cos(x) ** 2 - sin(x) ** 2, cos(x), "==", ()),
    ("euler-sign", exp(I * x), cos(x) - I * sin(x), "==", ()),
    # assumption traps
    ("sqrt-of-square", sqrt(x**2), x, "==", ()),
    ("log-of-product", log(x * y), log(x) + log(y), "==", ()),
    ("exp-product", exp(x) * exp(y), exp(x * y), "==", ()),
    # RoPE, ALiBi, softmax, long context
    ("rope-depends-on-sum", (rot2(m * th) * QV).dot(rot2(n * th) * KV), QV.dot(rot2((m + n) * th) * KV), "==", ()),
    ("rope-complex-sum", sympy.re((q1 + I * q2) * exp(I * m * th) * sympy.conjugate((k1 + I * k2) * exp(I * n * th))),
     sympy.re((q1 + I * q2) * sympy.conjugate(k1 + I * k2) * exp(I * (m + n) * th)), "==", ()),
    ("alibi-absolute-dropped", -w * sympy.Abs(m - n), -w * (m - n), "==", ()),
    ("softmax-scale", exp(2 * x) / (exp(2 * x) + exp(2 * y)), exp(x) / (exp(x) + exp(y)), "==", ()),
    ("ntk-lowest-frequency", (b * s ** (d / (d - 2))) ** (-(d - 2) / d), b ** (-(d - 2) / d) / s**2, "==",
     (b > 1, s > 1, d > 2)),
    ("interpolation-outside", sin(w * t / s), sin(w * t) / s, "==", (s > 1,)),
    # inequalities turned the wrong way
    ("wavelengths-decrease", S.wavelength(i + 1), S.wavelength(i), "<", (b > 1, i < d / 2 - 1)),
    ("longest-reaches-2pi-b", 2 * pi * b ** ((d - 2) / d), 2 * pi * b, ">=", BASE),
    ("sin-square-below-half", sin(w * t) ** 2, Rational(1, 2), "<=", ()),
    ("log-base-negative", log(b), 0, "<", BASE),
]

IDS = [entry[0] for entry in CORPUS]

# Matrices of any size (proof.matrix_algebra): the wrong transpose, the wrong order, the wrong sign, a
# missing term. Square projections, so that every near-miss is well-typed and only a size of 2 or more
# can refute it (at size 1 every matrix is its own transpose and every product commutes).
dm = sympy.Symbol("d", integer=True, positive=True)
E_i, E_j, U_i, U_j = (sympy.MatrixSymbol(name, dm, 1) for name in ("E_i", "E_j", "U_i", "U_j"))
W_q, W_k = sympy.MatrixSymbol("W_q", dm, dm), sympy.MatrixSymbol("W_k", dm, dm)
A_, B_ = sympy.MatrixSymbol("A", dm, dm), sympy.MatrixSymbol("B", dm, dm)
Tr = sympy.Transpose
XL_LHS = sympy.MatMul(Tr(W_q * sympy.MatAdd(E_i, U_i)), W_k, sympy.MatAdd(E_j, U_j))


def _xl(*terms: sympy.MatrixExpr) -> sympy.MatAdd:
    return sympy.MatAdd(*terms)


def _head(angles: sympy.Expr) -> object:
    """R(x θ) of RoPE for any width d: diag(B(x θ_0), …)."""
    from posenc_sym.schemes.rope import head_rotation
    return head_rotation(angles)


qd, kd = sympy.MatrixSymbol("q", d, 1), sympy.MatrixSymbol("k", d, 1)
MATRIX_CORPUS: list[tuple[str, object, object, tuple]] = [
    ("xl-wq-not-transposed", XL_LHS, _xl(Tr(E_i) * W_q * W_k * E_j, Tr(E_i) * Tr(W_q) * W_k * U_j,
                                         Tr(U_i) * Tr(W_q) * W_k * E_j, Tr(U_i) * Tr(W_q) * W_k * U_j), ()),
    ("xl-projections-swapped", XL_LHS, _xl(Tr(E_i) * Tr(W_k) * W_q * E_j, Tr(E_i) * Tr(W_q) * W_k * U_j,
                                           Tr(U_i) * Tr(W_q) * W_k * E_j, Tr(U_i) * Tr(W_q) * W_k * U_j), ()),
    ("xl-term-sign", XL_LHS, _xl(Tr(E_i) * Tr(W_q) * W_k * E_j, Tr(E_i) * Tr(W_q) * W_k * U_j,
                                 Tr(U_i) * Tr(W_q) * W_k * E_j, -Tr(U_i) * Tr(W_q) * W_k * U_j), ()),
    ("xl-term-missing", XL_LHS, _xl(Tr(E_i) * Tr(W_q) * W_k * E_j, Tr(E_i) * Tr(W_q) * W_k * U_j,
                                    Tr(U_i) * Tr(W_q) * W_k * E_j), ()),
    ("transpose-of-product-unreversed", Tr(A_ * B_), Tr(A_) * Tr(B_), ()),
    ("matrices-commute", A_ * B_, B_ * A_, ()),
    ("bilinear-form-symmetric", Tr(E_i) * A_ * E_j, Tr(E_j) * A_ * E_i, ()),
    ("rope-any-d-sum", Tr(_head(m) * qd) * _head(n) * kd, Tr(qd) * _head(m + n) * kd, ()),
    ("rope-any-d-transposed", Tr(_head(m) * qd) * _head(n) * kd, Tr(qd) * Tr(_head(n - m)) * kd, ()),
    ("shift-any-d-transposed", S.pe_column(t + k), Tr(S.shift_matrix(k)) * S.pe_column(t), BASE),
    ("shift-any-d-group-minus", S.shift_matrix(a) * S.shift_matrix(c), S.shift_matrix(a - c), BASE),
    ("shift-any-d-not-involution", S.shift_matrix(k) * S.shift_matrix(k), sympy.Identity(d), BASE),
    ("norm-any-d-is-d", Tr(S.pe_column(t)) * S.pe_column(t), sympy.ImmutableMatrix([[d]]), BASE),
]
MATRIX_IDS = [entry[0] for entry in MATRIX_CORPUS]


def test_corpus_is_large_and_unique() -> None:
    assert len(CORPUS) >= 50
    assert len(set(IDS)) == len(IDS)


def _independent_value(expr: sympy.Expr, point: dict) -> sympy.Expr:
    # Differentiate before substituting numbers for the variables.
    expr = expr.replace(lambda e: isinstance(e, sympy.Derivative), lambda e: e.doit(deep=False))
    closed = expr.xreplace(point).doit()
    return sympy.N(closed, 80)


@pytest.mark.parametrize(("name", "lhs", "rhs", "relation", "conditions"), CORPUS, ids=IDS)
def test_near_miss_is_refuted(name: str, lhs: object, rhs: object, relation: str, conditions: tuple) -> None:
    claim = Claim(id=f"corpus.{name}", title=name, lhs=lhs, rhs=rhs, relation=relation,  # type: ignore[arg-type]
                  conditions=conditions, expect="refuted")
    verdict = decide(claim)
    assert verdict.status != "proven", f"{name} was proven: {verdict.reason}"
    assert verdict.status == "refuted", f"{name} came back {verdict.status}: {verdict.reason}"
    point = dict(verdict.counterexample or {})
    # The point satisfies every assumption and condition ...
    for sym, value in point.items():
        for fact in ("real", "integer", "positive", "nonnegative", "even"):
            if getattr(sym, f"is_{fact}"):
                assert getattr(value, f"is_{fact}"), f"{sym} = {value} is not {fact}"
    for cond in conditions:
        assert bool(cond.xreplace(point)), f"{cond} fails at the counterexample"
    # ... and the statement fails there, by SymPy's own evaluation at 80 digits.
    if isinstance(claim.lhs, sympy.MatrixBase) or hasattr(claim.lhs, "as_explicit"):
        left = sympy.ImmutableMatrix(sympy.ImmutableMatrix(claim.lhs.as_explicit()).xreplace(point).doit())
        right = sympy.ImmutableMatrix(sympy.ImmutableMatrix(claim.rhs.as_explicit()).xreplace(point).doit())
        worst = max(abs(sympy.N(e, 80)) for e in (left - right))
        assert worst > Rational(1, 10**50)
        return
    gap = _independent_value(claim.lhs - claim.rhs, point)
    if relation == "==":
        assert abs(gap) > Rational(1, 10**50) * max(1, abs(_independent_value(claim.lhs, point)))
    elif relation in ("<", "<="):
        assert gap >= 0 if relation == "<" else gap > 0
    else:
        assert gap <= 0 if relation == ">" else gap < 0


def _at(term: object, point: dict) -> sympy.ImmutableMatrix:
    """``term`` at the counterexample, written out by SymPy itself (``as_explicit``): every
    MatrixSymbol becomes the matrix of the entries the point names (``q_0``, ``W_q_0_1``)."""
    sizes = {s_: v for s_, v in point.items() if s_ in term.free_symbols or any(
        s_ in getattr(e, "free_symbols", set()) for m_ in term.atoms(sympy.MatrixSymbol) for e in m_.shape)}
    sized = term.xreplace(sizes)
    matrices = {}
    for symbol in sized.atoms(sympy.MatrixSymbol):
        rows, cols = (int(e) for e in symbol.shape)
        names = [[f"{symbol.name}_{r}" if cols == 1 else f"{symbol.name}_{r}_{c_}" for c_ in range(cols)]
                 for r in range(rows)]
        matrices[symbol] = sympy.ImmutableMatrix([[point.get(sympy.Symbol(nm, real=True), 0) for nm in row]
                                                  for row in names])
    from posenc_sym.notation.blocks import is_block_matrix
    written_out = sized.xreplace(matrices).replace(is_block_matrix, lambda e: sympy.ImmutableMatrix(e.as_explicit()))
    explicit = sympy.ImmutableMatrix(written_out.as_explicit() if hasattr(written_out, "as_explicit") else written_out)
    return sympy.ImmutableMatrix(explicit.xreplace(point).doit())


def test_matrix_corpus_is_unique() -> None:
    assert len(MATRIX_CORPUS) >= 12 and len(set(MATRIX_IDS)) == len(MATRIX_IDS)


@pytest.mark.parametrize(("name", "lhs", "rhs", "conditions"), MATRIX_CORPUS, ids=MATRIX_IDS)
@pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-first"])
def test_matrix_near_miss_is_refuted_at_a_size_that_shows_it(name: str, lhs: object, rhs: object,
                                                             conditions: tuple, probe: bool) -> None:
    # probe=False: the rules of matrix algebra are tried before any number; they must not prove it.
    claim = Claim(id=f"corpus.matrix.{name}", title=name, lhs=lhs, rhs=rhs, conditions=conditions,  # type: ignore[arg-type]
                  expect="refuted")
    verdict = decide(claim, probe=probe)
    assert verdict.status == "refuted", f"{name} came back {verdict.status}: {verdict.reason}"
    point = dict(verdict.counterexample or {})
    sizes = {s_: v for s_, v in point.items() if s_ in (dm, d)}
    assert sizes and all(v >= 2 for v in sizes.values()), f"no size of 2 or more in {point}"
    for cond in conditions:
        assert bool(cond.xreplace(point)), f"{cond} fails at the counterexample"
    worst = max(abs(sympy.N(e, 80)) for e in (_at(claim.lhs, point) - _at(claim.rhs, point)))
    assert worst > Rational(1, 10**50)
