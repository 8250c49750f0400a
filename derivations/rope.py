"""RoPE: the rotated query·key product depends only on the offset, for every width; forms, pairings, decay."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.notation.blocks import BlockDiagonal
from posenc_sym.schemes.rope import (
    MATRIX_NOTATION,
    ROTARY,
    THETA,
    decay_bound_expr,
    pairing_permutation,
    rotation_matrix,
    theta,
)
from posenc_sym.schemes.sinusoidal import ROTATION, d

m, n, r = sympy.symbols("m n r", real=True)  # query position, key position, offset
w = sympy.Symbol("theta", positive=True)  # one pair's frequency θ (any positive value)
base = sympy.Symbol("b", positive=True)
q0, q1, k0, k1 = sympy.symbols("q_0 q_1 k_0 k_1", real=True)
B = ROTATION.apply
_T = sympy.transpose  # of a notation applied to its arguments, kept as written
_U = sympy.UnevaluatedExpr  # keeps (B q)ᵀ grouped as written instead of distributing the ᵀ


def _times(*factors: sympy.Expr) -> sympy.Expr:
    """A product kept in the order written (the first factor marked, since SymPy's own order may coincide)."""
    return sympy.Mul(_U(factors[0]), *factors[1:], evaluate=False)


_OFFSET = sympy.Add(n, -m, evaluate=False)  # n − m, in the author's order

# One pair: q and k are 2-vectors, B(x) the 2×2 rotation, θ one pair's frequency.
Q_PAIR = Definition("q", (), sympy.Matrix([q0, q1]), form="value")
K_PAIR = Definition("k", (), sympy.Matrix([k0, k1]), form="value")
PAIR = Notation(symbols=(m, n, r, w), definitions=(ROTATION, Q_PAIR, K_PAIR))
qp, kp = Q_PAIR.apply(), K_PAIR.apply()


def pair_score(first: sympy.Expr, second: sympy.Expr) -> sympy.Expr:
    """(B(first θ) q)ᵀ (B(second θ) k), as written."""
    return _T(_U(B(_times(first, w)) * qp)) * B(_times(second, w)) * kp


# The whole head, any width d: q and k columns of d numbers, R(x) = diag(B(x_0), …), θ the column of θ_i.
q, k = sympy.MatrixSymbol("q", d, 1), sympy.MatrixSymbol("k", d, 1)
R, theta_col = ROTARY.apply, THETA.apply()
HEAD = MATRIX_NOTATION


def head_score(first: sympy.Expr, second: sympy.Expr) -> sympy.Expr:
    """(R(first θ) q)ᵀ R(second θ) k, as written."""
    return sympy.MatMul(sympy.Transpose(R(sympy.MatMul(first, theta_col)) * q), R(sympy.MatMul(second, theta_col)), k)


# The complex form of one pair: q̃ = q_0 + i q_1, k̃ = k_0 + i k_1.
Q_C = Definition("qtilde", (), q0 + sympy.I * q1, form="value")
K_C = Definition("ktilde", (), k0 + sympy.I * k1, form="value")
_zz = sympy.Symbol("z", complex=True)
REAL_PART = Definition("Re", (_zz,), (_zz + sympy.conjugate(_zz)) / 2, form="call")  # Re z = (z + z̄)/2
COMPLEX = PAIR.define(Q_C, K_C, REAL_PART)
_qc, _kc = Q_C.apply(), K_C.apply()
_ROTATED_K = _times(_kc, sympy.exp(sympy.I * n * w))
_COMPLEX_PRODUCT = _times(_qc, sympy.exp(sympy.I * m * w), sympy.conjugate(_ROTATED_K, evaluate=False))

# R_halves(m) and R_adjacent(m), the 4-wide rotation in each pairing, and P the pairing permutation.
R_HALVES = Definition("R_halves", (m,), rotation_matrix(m, 4, base, "halves"), form="call")
_pair = sympy.Symbol("i", integer=True, nonnegative=True)
THETA_4 = Definition("theta", (_pair,), theta(_pair, 4, base))  # θ_i of a 4-wide head
# R_adjacent(m) = diag(B(mθ_0), B(mθ_1)): the adjacent pairing is block-diagonal (2 blocks).
R_ADJACENT = Definition("R_adjacent", (m,), BlockDiagonal(B(_times(m, THETA_4.apply(_pair))), _pair, 2, 2), form="call")
PERM = Definition("P", (), pairing_permutation(4), form="value")
PAIRINGS = Notation(symbols=(m, base), definitions=(R_HALVES, R_ADJACENT, PERM, ROTATION, THETA_4))
_P = sympy.MatrixSymbol("P", 4, 4)  # the notation P, as a matrix beside the matrix expression R_adjacent(m)

# Abel summation for 4 terms with S_0 = 0, S_{j+1} = S_j + z_j: Σ h_j z_j = Σ h_j (S_{j+1} − S_j)
# = h_3 S_4 − Σ_{j<3} S_{j+1} (h_{j+1} − h_j). With h_4 = 0 (RoFormer's convention) the first
# term is −S_4 (h_4 − h_3), so the sum is −Σ_{j<4} S_{j+1}(h_{j+1} − h_j).
h = sympy.symbols("h_0:5", complex=True)
# z_j stands for e^{i r θ_j} and h_j for RoFormer's product of a query pair and a conjugated key pair:
# both complex. Abel summation is a polynomial identity in them.
z = sympy.symbols("z_0:4", complex=True)
_j = sympy.Symbol("j", integer=True, nonnegative=True)
PARTIAL = Definition("S", (_j,), lambda j: sum(z[:j], sympy.Integer(0)), about="the sum of the z with an index below j")
ABEL = Notation(definitions=(PARTIAL,))
_ABEL_LHS = sympy.Add(*(_times(h[j], z[j]) for j in range(4)), evaluate=False)
_ABEL_RHS = sympy.Add(*(-_times(PARTIAL.apply(j + 1), sympy.Add(h[j + 1], -h[j], evaluate=False))
                        for j in range(3)), _times(PARTIAL.apply(4), h[3]), evaluate=False)

_dist = sympy.Symbol("r", integer=True, nonnegative=True)
BOUND = Definition("rho", (_dist,), lambda distance: decay_bound_expr(distance, 8, 10000), form="call",
                   about="the relative upper bound at distance r")
DECAY = Notation(definitions=(BOUND,))

DERIVATION = Derivation(
    id="rope",
    title="Rotary position embedding: relative scores, two forms, two pairings, long-term decay",
    prose=(
        "RoPE rotates each pair $(x_{2i}, x_{2i+1})$ of a query at position $m$ by the angle $m\\theta_i$ and "
        "each pair of a key at position $n$ by $n\\theta_i$: the query becomes $R(m\\theta) q$ with "
        "$R(x) = \\mathrm{diag}(B(x_0), \\ldots, B(x_{d/2-1}))$. Rotations compose by adding angles and are "
        "orthogonal, so the score of the rotated pair is $q^\\top R(m\\theta)^\\top R(n\\theta) k = "
        "q^\\top R((n-m)\\theta) k$: only $n - m$ survives. The claims below are for one pair with a frequency "
        "$\\theta > 0$ and for a whole head of any width $d$. The RoFormer decay bound is computed honestly: "
        "on average it falls with the distance, but it is not monotone; it rises in places, shown with "
        "exact values."
    ),
    claims=(
        Claim(
            id="rope.block.relative",
            title="One pair: $(B(m\\theta) q)^\\top B(n\\theta) k = q^\\top B((n-m)\\theta)\\, k$",
            written=(pair_score(m, n), _T(qp) * B(_times(_OFFSET, w)) * kp),
            notation=PAIR,
            steps=(
                Step(None, "the transpose of a product: $(Ba)^\\top = a^\\top B^\\top$",
                     written=_T(qp) * _T(B(_times(m, w))) * B(_times(n, w)) * kp),
                Step(None, "the lemma $B(a)^\\top B(b) = B(b - a)$ (angle addition for $\\cos$ and $\\sin$)",
                     written=_T(qp) * B(_times(_OFFSET, w)) * kp),
            ),
            scope="one pair, any frequency $\\theta > 0$",
        ),
        Claim(
            id="rope.full.relative",
            title="The whole head: $(R(m\\theta) q)^\\top R(n\\theta) k = q^\\top R((n-m)\\theta)\\, k$",
            written=(head_score(m, n), sympy.MatMul(sympy.Transpose(q), R(sympy.MatMul(_OFFSET, theta_col)), k)),
            notation=HEAD,
            steps=(
                Step(None, "the transpose of a product: $(Rq)^\\top = q^\\top R^\\top$",
                     written=sympy.MatMul(sympy.Transpose(q), sympy.Transpose(R(sympy.MatMul(m, theta_col))),
                                          R(sympy.MatMul(n, theta_col)), k)),
                Step(None, "block by block, the lemma $B(a)^\\top B(b) = B(b - a)$ for each pair $i$",
                     written=sympy.MatMul(sympy.Transpose(q), R(sympy.MatMul(_OFFSET, theta_col)), k)),
            ),
            scope="every even $d$, any base $b > 0$",
            tags=("table:rope:inner_product_offset",),
            prose="A whole head is block-diagonal, so the score is the sum of the pair scores above.",
        ),
        Claim(
            id="rope.block.depends_on_offset",
            title="With $m = n + r$, the rotated pair score does not change with $n$",
            written=(sympy.Derivative(pair_score(sympy.Add(n, r, evaluate=False), n), n), sympy.zeros(1, 1)),
            notation=PAIR,
            scope="one pair, any frequency $\\theta > 0$",
        ),
        Claim(
            id="rope.complex.relative",
            title="Complex form: $\\tilde{q} e^{im\\theta} \\cdot \\overline{\\tilde{k} e^{in\\theta}} = "
                  "\\tilde{q} \\overline{\\tilde{k}} e^{i(m-n)\\theta}$",
            written=(_COMPLEX_PRODUCT,
                     _times(_qc, sympy.conjugate(_kc, evaluate=False),
                            sympy.exp(sympy.Mul(sympy.I, sympy.Add(m, -n, evaluate=False), w, evaluate=False)))),
            notation=COMPLEX,
            scope="one pair, any frequency $\\theta > 0$",
            prose="Identify the pair $(q_0, q_1)$ with $\\tilde{q} = q_0 + i q_1$: multiplying by $e^{ix}$ is $B(x)$.",
        ),
        Claim(
            id="rope.complex_equals_real",
            title="The complex form's real part is the real score $(B(m\\theta) q)^\\top B(n\\theta) k$",
            written=(sympy.ImmutableMatrix([[REAL_PART.apply(_COMPLEX_PRODUCT)]]), pair_score(m, n)),
            notation=COMPLEX,
            scope="one pair, any frequency $\\theta > 0$",
        ),
        Claim(
            id="rope.norm",
            title="Rotation keeps the length: $(R(m\\theta) q)^\\top R(m\\theta) q = q^\\top q$",
            written=(sympy.MatMul(sympy.Transpose(R(sympy.MatMul(m, theta_col)) * q), R(sympy.MatMul(m, theta_col)), q),
                     sympy.MatMul(sympy.Transpose(q), q)),
            notation=HEAD,
            scope="every even $d$: block by block, $B(x)^\\top B(x) = I$",
            tags=("table:rope:bounded",),
            prose="Every entry of the rotated query is bounded by $|q|$: the encoding adds no growth.",
        ),
        Claim(
            id="rope.shift",
            title="$R((m + r)\\theta) = R(r\\theta) R(m\\theta)$: a fixed linear map takes position $m$ to $m + r$",
            written=(R(sympy.MatMul(sympy.Add(m, r, evaluate=False), theta_col)),
                     R(sympy.MatMul(r, theta_col)) * R(sympy.MatMul(m, theta_col))),
            notation=HEAD,
            scope="every even $d$: block by block, $B(x) B(y) = B(x + y)$",
            tags=("table:rope:linear_shift",),
        ),
        Claim(
            id="rope.pairings.permutation",
            title="$R_{\\mathrm{halves}}(m) = P R_{\\mathrm{adjacent}}(m) P^{\\top}$ with $P$: $2i \\mapsto i$, "
                  "$2i+1 \\mapsto i + d/2$",
            written=(R_HALVES.apply(m), sympy.MatMul(_P, R_ADJACENT.apply(m), sympy.Transpose(_P))),
            notation=PAIRINGS,
            scope="$d = 4$ as an example, symbolic position $m$ and base $b > 0$ (the permutation of a "
                  "general $d$ is not block-diagonal, so the claim is shown at one size)",
            prose=(
                "The two pairings rotate the same pairs by the same angles; they only store the pair "
                "$(2i, 2i+1)$ of the adjacent layout at $(i, i + d/2)$. So a checkpoint trained with one "
                "pairing works with the other after permuting the columns of $W_q$ and $W_k$ by $P$."
            ),
        ),
        Claim(
            id="rope.decay.abel",
            title="Abel summation: $\\sum_j h_j z_j = -\\sum_j S_{j+1}(h_{j+1} - h_j)$ when $h_{d/2} = 0$",
            written=(_ABEL_LHS, _ABEL_RHS),
            notation=ABEL,
            scope="$d/2 = 4$ terms; $z_j = e^{i r \\theta_j}$ and $h_j$ (RoFormer's products of a query pair and a "
                  "conjugated key pair) any complex numbers: a polynomial identity",
            prose=(
                "With the triangle inequality this gives $|\\sum_j h_j e^{ir\\theta_j}| \\le \\max_j |h_{j+1} - h_j| "
                "\\cdot \\sum_j |S_{j+1}|$, RoFormer's bound; $\\rho(r) = \\frac{1}{d/2} \\sum_j |S_j|$ is the "
                "relative upper bound it plots."
            ),
        ),
        Claim(
            id="rope.decay.monotone",
            title="The relative upper bound never rises with the distance (false: $\\rho(4) > \\rho(3)$)",
            written=(BOUND.apply(4), BOUND.apply(3)),
            notation=DECAY,
            relation="<=",
            expect="refuted",
            scope="$d = 8$, $b = 10000$, distances 3 and 4",
            prose=(
                "The bound is $\\rho(3) = 1.1325\\ldots$ and $\\rho(4) = 1.2631\\ldots$ ($d = 8$). For RoFormer's own "
                "setting $d = 128$, $b = 10000$ it falls from 32.5 at $r = 0$ but rises first from $r = 18$ "
                "(15.3487…) to $r = 19$ (15.3908…), and again at $r = 23, 24, 29, 30, \\ldots$; far out it comes "
                "back (14.41 at $r = 30950$, above its value at $r = 24$). It decays on average over the first "
                "hundreds of positions, not monotonically (docs/encodings.md has a table computed by decay_bound)."
            ),
        ),
    ),
)
