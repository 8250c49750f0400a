"""Matrices of any size (issue 20): proven by matrix algebra, searched at concrete sizes.

True identities about MatrixSymbols of a symbolic size, block-diagonal matrices of d/2 blocks and
columns of d/2 pairs are proven for every size; the block rules apply only where the block structures
provably agree; the rotation lemmas are proven before they are used; the numeric search reaches
every such claim at concrete sizes (3 and up: at size 1 a transpose or an order of factors cannot
show). The false neighbours of these identities are in test_soundness_corpus.py (MATRIX_CORPUS).
"""

from __future__ import annotations

import re

import pytest
import sympy
from sympy import Transpose as Tr

from posenc_sym import Claim, decide
from posenc_sym.errors import PosencSymError
from posenc_sym.notation import to_latex
from posenc_sym.notation.applied import AppliedMatrix
from posenc_sym.notation.blocks import BlockColumn, BlockDiagonal
from posenc_sym.proof.assumptions import describe_symbol, require_assumptions
from posenc_sym.proof.matrix_algebra import INDEX, LEMMAS, Lemma, prove_matrix_identity, rotation
from posenc_sym.proof.matrix_sizes import any_size, at_size, sizes
from posenc_sym.schemes import sinusoidal as S
from posenc_sym.schemes.rope import head_rotation

n = sympy.Symbol("n", integer=True, positive=True)
d = S.d
c = sympy.Symbol("c", real=True)
x, y, m, r = sympy.symbols("x y m r", real=True)
A, B, C = (sympy.MatrixSymbol(name, n, n) for name in "ABC")
u, v = sympy.MatrixSymbol("u", n, 1), sympy.MatrixSymbol("v", n, 1)
q, k = sympy.MatrixSymbol("q", d, 1), sympy.MatrixSymbol("k", d, 1)
PE, T = S.pe_column, S.shift_matrix
BASE = (S.b > 1,)

# (id, lhs, rhs, conditions): true for every size.
TRUE = [
    ("transpose-of-product", Tr(A * B), Tr(B) * Tr(A), ()),
    ("transpose-twice", Tr(Tr(A)), A, ()),
    ("distributivity", A * (B + C), A * B + A * C, ()),
    ("scalars-commute", A * (c * B), c * (A * B), ()),
    ("sum-commutes", A + B, B + A, ()),
    ("identity-is-neutral", sympy.Identity(n) * A, A, ()),
    ("quadratic-form", Tr(A * (u + v)) * B * (u + v),
     Tr(u) * Tr(A) * B * u + Tr(u) * Tr(A) * B * v + Tr(v) * Tr(A) * B * u + Tr(v) * Tr(A) * B * v, ()),
    ("rope-relative", Tr(head_rotation(m) * q) * head_rotation(x) * k, Tr(q) * head_rotation(x - m) * k, ()),
    ("rope-shift", head_rotation(m + r), head_rotation(r) * head_rotation(m), ()),
    ("rope-norm", Tr(head_rotation(m) * q) * head_rotation(m) * q, Tr(q) * q, ()),
    ("shift", PE(S.t + S.k), T(S.k) * PE(S.t), BASE),
    ("shift-orthogonal", Tr(T(S.k)) * T(S.k), sympy.Identity(d), BASE),
    ("shift-group", T(x) * T(y), T(x + y), BASE),
    ("shift-inverse", T(-S.k), Tr(T(S.k)), BASE),
    ("shift-square", T(x) ** 2, T(2 * x), BASE),
    ("norm-is-half-d", Tr(PE(S.t)) * PE(S.t), sympy.ImmutableMatrix([[d / 2]]), BASE),
    ("dot-is-sum-of-cosines", Tr(PE(S.t)) * PE(S.t + S.k),
     sympy.ImmutableMatrix([[sympy.Sum(sympy.cos(S.frequency(S.i) * S.k), (S.i, 0, d / 2 - 1))]]), BASE),
]


@pytest.mark.parametrize(("name", "lhs", "rhs", "conditions"), TRUE, ids=[t[0] for t in TRUE])
@pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-first"])
def test_true_identity_of_any_size_is_proven(name: str, lhs: object, rhs: object, conditions: tuple,
                                             probe: bool) -> None:
    verdict = decide(Claim(f"matrix.{name}", name, lhs, rhs, conditions=conditions), probe=probe)  # type: ignore[arg-type]
    assert verdict.status == "proven", verdict.reason
    assert verdict.method.startswith("matrix algebra") and verdict.reason.endswith("for matrices of every size")
    assert (verdict.points_checked > 0) == probe  # the probe looked at concrete sizes first


@pytest.mark.parametrize(("lhs", "rhs", "method"), [
    (Tr(A * B), Tr(B) * Tr(A), "matrix algebra"),
    (head_rotation(m) * head_rotation(x), head_rotation(m + x),
     "matrix algebra; block by block with the lemma $B(a) B(b) = B(a + b)$"),
    # T_k's blocks B(-ω_p k) are read as B(ω_p k)ᵀ, then turned into B(-ω_p k) by the transpose lemma.
    (T(x) * T(y), T(x + y),
     "matrix algebra; block by block with the lemmas $B(a) B(b) = B(a + b)$ and $B(a)^\\top = B(-a)$"),
    (Tr(head_rotation(m) * q) * head_rotation(x) * k, Tr(q) * head_rotation(x - m) * k,
     "matrix algebra; block by block with the lemma $B(a)^\\top B(b) = B(b - a)$"),
    (PE(S.t + S.k), T(S.k) * PE(S.t), "matrix algebra; block by block"),
], ids=["no-blocks", "product-lemma", "product-and-transpose-lemmas", "transposed-product-lemma",
        "blocks-no-lemma"])
def test_the_method_cites_the_rules_and_lemmas_used(lhs: object, rhs: object, method: str) -> None:
    assert prove_matrix_identity(lhs, rhs, BASE) == method


def test_blocks_of_different_sizes_are_never_merged() -> None:
    # diag(c, c, …) of 2n blocks of size 1 times diag(B(x), …) of n blocks of size 2 is diag(c B(x), …),
    # but the block rule needs one block size: no rule applies, nothing is proven (the search decides).
    ones = BlockDiagonal(sympy.Matrix([[c]]), INDEX, 2 * n)
    twos = BlockDiagonal(rotation(x), INDEX, n)
    assert ones.shape == twos.shape
    assert prove_matrix_identity(ones * twos, BlockDiagonal(c * rotation(x), INDEX, n)) is None
    verdict = decide(Claim("matrix.mixed-blocks", "mixed block sizes", ones * twos, BlockDiagonal(c * rotation(x), INDEX, n)))
    assert verdict.status == "checked", verdict.reason


def test_blocks_equal_only_where_proven_for_every_block() -> None:
    # B(p x) against B(x): equal at p = 1 only, so the two block-diagonal matrices differ.
    assert prove_matrix_identity(BlockDiagonal(rotation(INDEX * x), INDEX, n), BlockDiagonal(rotation(x), INDEX, n)) is None


@pytest.mark.parametrize(("conditions", "status", "reason"), [
    ((), "checked", "not proven for every size (cos(x) under tan is not shown ≠ 0 where the assumptions allow it, "
                    "so the side may be undefined there; add the condition cos(x) ≠ 0, or assumptions that imply it); "
                    "agrees at N points at the sizes n = 3; n = 4 (mpmath)"),
    ((sympy.Ne(sympy.cos(x), 0),), "proven", "lhs - rhs reduced to 0 by matrix algebra, for matrices of every size"),
], ids=["pole-allowed", "pole-excluded"])
@pytest.mark.parametrize("probe", [True, False], ids=["probe", "symbolic-first"])
def test_a_side_undefined_at_an_admissible_point_is_never_proven(conditions: tuple, status: str, reason: str,
                                                                 probe: bool) -> None:
    # tan(x) cos(x) A u = sin(x) A u: the algebra closes it, but at cos(x) = 0 the left side has no value
    # (issue 19's definedness pass, applied to matrices of any size as to scalars).
    claim = Claim("matrix.tan-pole", "tan(x) cos(x) A u", (sympy.tan(x) * sympy.cos(x) * A) * u, sympy.sin(x) * A * u,
                  conditions=conditions)
    verdict = decide(claim, probe=probe)
    # how many points agreed is the sampler's business (it grows as the falsifier tries more places), not the claim's
    assert (verdict.status, re.sub(r"agrees at \d+ points", "agrees at N points", verdict.reason)) == (status, reason)


def test_the_lemmas_are_proven_and_a_wrong_one_is_not() -> None:
    assert all(lemma.holds for lemma in LEMMAS.values())
    a, b = sympy.symbols("a b", real=True)
    assert not Lemma("wrong", rotation(a).T * rotation(b), rotation(a + b)).holds


@pytest.mark.parametrize(("terms", "conditions", "expected"), [
    ((sympy.MatrixSymbol("q", d, 1),), (), [{d: 4}, {d: 6}]),
    ((A,), (), [{n: 3}, {n: 4}]),
    ((sympy.MatrixSymbol("W", sympy.Symbol("d_k", integer=True, positive=True), n),), (),
     [{sympy.Symbol("d_k", integer=True, positive=True): 3, n: 3},
      {sympy.Symbol("d_k", integer=True, positive=True): 3, n: 4}]),
    ((sympy.MatrixSymbol("q", d, 1),), (d > 4,), [{d: 6}, {d: 8}]),
    ((T(S.k),), (), [{d: 4}, {d: 6}]),
    ((sympy.MatrixSymbol("P", 3, 3),), (), []),
], ids=["even-width", "integer-size", "two-sizes", "conditions", "block-count", "concrete"])
def test_concrete_sizes_searched(terms: tuple, conditions: tuple, expected: list) -> None:
    assert sizes(*terms, conditions=conditions) == expected


@pytest.mark.parametrize(("term", "expected"), [
    (sympy.MatrixSymbol("q", d, 1).T * sympy.MatrixSymbol("k", d, 1), True),  # shape (1, 1), inner size d
    (sympy.MatrixSymbol("P", 3, 3), True),  # unknown entries of a concrete size
    (T(S.k), True),
    (sympy.ImmutableMatrix([[x]]), False),
    (sympy.sin(x), False),
    (S.shift_matrix(S.k, 4), False),  # two blocks, written out
], ids=["inner-size", "concrete-matrix-symbol", "blocks", "explicit", "scalar", "concrete-blocks"])
def test_any_size_detection(term: object, expected: bool) -> None:
    assert any_size(term) is expected


def test_at_size_writes_matrices_out_with_named_entries() -> None:
    out = at_size(Tr(A) * u, {n: 2})
    assert out == sympy.ImmutableMatrix([[sympy.Symbol(f"A_{r}_{c_}", real=True) for r in range(2)] for c_ in range(2)]) \
        * sympy.ImmutableMatrix([sympy.Symbol(f"u_{r}", real=True) for r in range(2)])
    assert at_size(T(S.k), {d: 4}) == S.rotation_matrix(S.k, 4)


def test_a_claim_names_its_matrices_and_sizes() -> None:
    claim = Claim("matrix.names", "names", Tr(u) * A * v, Tr(v) * Tr(A) * u)
    assert [str(s) for s in claim.symbols] == ["A", "n", "u", "v"]
    assert describe_symbol(A) == "A is a real matrix"
    with pytest.raises(PosencSymError) as info:
        require_assumptions([sympy.Symbol("N")], "claim 'x'")
    assert str(info.value) == "claim 'x': symbol 'N' has no assumptions; declare its domain, e.g. Symbol('N', real=True)"


@pytest.mark.parametrize(("expr", "latex"), [
    # the decided form: explicit blocks, ω_p printed for b^(-2p/d) (a shorthand), then p = 0 and p = d/2 - 1
    (T(S.k), r"\operatorname{diag}\left(\begin{bmatrix}\cos\left(\omega_{0} k\right) & \sin\left(\omega_{0} k\right)"
             r"\\- \sin\left(\omega_{0} k\right) & \cos\left(\omega_{0} k\right)\end{bmatrix}, \ldots, \begin{bmatrix}\cos\left(\omega_{d / 2 - 1} k\right) & "
             r"\sin\left(\omega_{d / 2 - 1} k\right)\\- \sin\left(\omega_{d / 2 - 1} k\right) & \cos\left(\omega_{d / 2 "
             r"- 1} k\right)\end{bmatrix}\right)"),
    (S.T_SHIFT.body, r"\operatorname{diag}\left(B\left(- \omega_{0} k\right), \ldots, B\left(- \omega_{d / 2 - 1} "
                     r"k\right)\right)"),
    (BlockColumn(sympy.Matrix([x * INDEX]), INDEX, 2), r"\begin{bmatrix}0 \\ x\end{bmatrix}"),
    (AppliedMatrix("R", "call", (m,), (d, d)) * q, r"R\left(m\right) q"),
    (Tr(AppliedMatrix("T", "subscript", (S.k,), (d, d))), r"T_{k}^{\top}"),
    (sympy.Identity(n), "I"),
    (sympy.Integer(8) ** sympy.Rational(1, 16), r"2^{\frac{3}{16}}"),
    (sympy.sqrt(S.b), r"\sqrt{b}"),
], ids=["blocks-explicit", "blocks-written", "column", "call", "subscript-transposed", "identity", "root-as-power",
        "square-root"])
def test_matrices_of_any_size_print_by_their_blocks(expr: object, latex: str) -> None:
    assert to_latex(expr, S.MATRIX_NOTATION) == latex
