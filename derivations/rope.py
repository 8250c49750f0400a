"""RoPE: the rotated query·key product depends only on the offset; forms, pairings, decay."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.rope import (
    block_score,
    complex_product,
    complex_score,
    decay_bound_expr,
    pair_rotation,
    pairing_permutation,
    rotation_matrix,
)

m, n, r = sympy.symbols("m n r", real=True)  # query position, key position, offset
w = sympy.Symbol("theta", positive=True)  # the pair's frequency θ_p (any positive value)
base = sympy.Symbol("b", positive=True)
q0, q1, k0, k1 = sympy.symbols("q_0 q_1 k_0 k_1", real=True)
q = sympy.Matrix([q0, q1])
k = sympy.Matrix([k0, k1])
A4 = sympy.Matrix(sympy.symbols("a_0:4", real=True))  # a query and a key of a 4-wide head
C4 = sympy.Matrix(sympy.symbols("c_0:4", real=True))
h = sympy.symbols("h_0:5", real=True)  # the values h_j of the RoFormer decay argument
# z_j stands for e^{i r θ_j}. Abel summation is a polynomial identity, so proving it for real z_j
# proves it as a polynomial, hence for complex z_j too.
z = sympy.symbols("z_0:4", real=True)

# R_halves(m) and R_adjacent(m), the 8-wide rotation in each pairing, and P the pairing permutation.
R_HALVES = Definition("R_halves", (m,), rotation_matrix(m, 8, base, "halves"), form="call")
R_ADJACENT = Definition("R_adjacent", (m,), rotation_matrix(m, 8, base, "adjacent"), form="call")
PERM = Definition("P", (), pairing_permutation(8), form="value")
PAIRINGS = Notation(symbols=(m, base), definitions=(R_HALVES, R_ADJACENT, PERM))
_P = PERM.apply()

_SCORE = block_score(q, k, m, n, w)

# The relative-score claims as written: R(x) the pair rotation, R_x the 4-wide one (adjacent
# pairing), q and k the query and key. The page shows these; the engine decides their expansion.
_x = sympy.Symbol("x", real=True)
R_PAIR = Definition("R", (_x,), pair_rotation(_x), form="call")
R_HEAD = Definition("R", (_x,), rotation_matrix(_x, 4, base), form="subscript")
Q_PAIR = Definition("q", (), q, form="value")
K_PAIR = Definition("k", (), k, form="value")
Q_HEAD = Definition("q", (), A4, form="value")
K_HEAD = Definition("k", (), C4, form="value")
PAIR = Notation(symbols=(m, n, w), definitions=(R_PAIR, Q_PAIR, K_PAIR))
HEAD = Notation(symbols=(m, n, base), definitions=(R_HEAD, Q_HEAD, K_HEAD))
_T = sympy.transpose
_U = sympy.UnevaluatedExpr  # keeps (R q)ᵀ (R k) grouped as written instead of distributing the ᵀ
_OFFSET = sympy.Add(n, -m, evaluate=False)  # n − m, in the author's order
_qp, _kp = Q_PAIR.apply(), K_PAIR.apply()
_SCORE_WRITTEN = _T(_U(R_PAIR.apply(m * w) * _qp)) * _U(R_PAIR.apply(n * w) * _kp)
_RELATIVE_WRITTEN = _T(_qp) * R_PAIR.apply(sympy.Mul(_OFFSET, w, evaluate=False)) * _kp
_qh, _kh = Q_HEAD.apply(), K_HEAD.apply()

# Abel summation for 4 terms with S_0 = 0, S_{j+1} = S_j + z_j: Σ h_j z_j = Σ h_j (S_{j+1} − S_j)
# = h_3 S_4 − Σ_{j<3} S_{j+1} (h_{j+1} − h_j). With h_4 = 0 (RoFormer's convention) the first
# term is −S_4 (h_4 − h_3), so the sum is −Σ_{j<4} S_{j+1}(h_{j+1} − h_j).
_S = [sum(z[:j], sympy.Integer(0)) for j in range(5)]
_ABEL_LHS = sum((h[j] * z[j] for j in range(4)), sympy.Integer(0))
_ABEL_RHS = -sum((_S[j + 1] * (h[j + 1] - h[j]) for j in range(4)), sympy.Integer(0))

DERIVATION = Derivation(
    id="rope",
    title="Rotary position embedding: relative scores, two forms, two pairings, long-term decay",
    prose=(
        "RoPE rotates each pair ($x_u$, $x_v$) of a query at position $m$ by the angle $m·θ_p$ and each pair of "
        "a key at position $n$ by $n·θ_p$. Rotations compose by adding angles and are orthogonal, so the "
        "product of the rotated pair is $q^\\top R(mθ)^\\top R(nθ) k = q^\\top R((n−m)θ) k$: only $n − m$ survives. The "
        "claims below are per pair with a symbolic frequency θ > 0 (a d-wide head is block-diagonal, so "
        "the full score is the sum of these pair scores, for every d), plus concrete-width checks. "
        "The RoFormer decay bound is computed honestly: on average it falls with the distance, but it "
        "is not monotone; it rises in places, shown with exact values."
    ),
    claims=(
        Claim(
            id="rope.block.relative",
            title="$(R(mθ)q)^\\top (R(nθ)k) = q^\\top R((n−m)θ)\\, k$ for one pair",
            written=(_SCORE_WRITTEN, _RELATIVE_WRITTEN),
            notation=PAIR,
            steps=(
                Step(None, "$(Ra)^\\top (Sb) = a^\\top R^\\top S b$",
                     written=_T(_qp) * _T(R_PAIR.apply(m * w)) * R_PAIR.apply(n * w) * _kp),
                Step(None, "$R(α)^\\top R(β) = R(β − α)$: angle addition for cos and sin",
                     written=_RELATIVE_WRITTEN),
            ),
            scope="one pair, symbolic frequency θ > 0 (hence every pair of any width d)",
            tags=("table:rope:inner_product_offset",),
        ),
        Claim(
            id="rope.block.depends_on_offset",
            title="the rotated pair score, written with m = n + r, does not change with n",
            lhs=sympy.Derivative(_SCORE.subs(m, n + r), n),
            rhs=0,
            scope="one pair, symbolic frequency θ > 0",
        ),
        Claim(
            id="rope.complex.relative",
            title="complex form: q $e^{imθ}$ · conj(k $e^{inθ}$) = q conj(k) $e^{i(m−n)θ}$",
            lhs=complex_product(q, k, m, n, w),
            rhs=(q0 + sympy.I * q1) * (k0 - sympy.I * k1) * sympy.exp(sympy.I * (m - n) * w),
            scope="one pair, symbolic frequency θ > 0",
        ),
        Claim(
            id="rope.complex_equals_real",
            title="the complex form's real part, (w + w̄)/2, equals the real 2×2-block form",
            lhs=complex_score(q, k, m, n, w),
            rhs=_SCORE,
            scope="one pair, symbolic frequency θ > 0",
            prose="Identify ($x_u$, $x_v$) with $x_u$ + i $x_v$: multiplying by $e^{iα}$ is the rotation R(α).",
        ),
        Claim(
            id="rope.norm",
            title="rotation preserves the norm: |R(mθ) q|² = |q|²",
            lhs=sympy.expand((pair_rotation(m * w) * q).dot(pair_rotation(m * w) * q)),
            rhs=q0**2 + q1**2,
            scope="one pair, symbolic frequency θ > 0",
            tags=("table:rope:bounded",),
            prose="Every entry of the rotated query is bounded by |q|: the encoding adds no growth.",
        ),
        Claim(
            id="rope.shift",
            title="R((t+k)θ) = R(kθ) R(tθ): a fixed linear map takes position t to t + k",
            lhs=pair_rotation((m + r) * w),
            rhs=pair_rotation(r * w) * pair_rotation(m * w),
            scope="one pair, symbolic frequency θ > 0; position m, offset r",
            tags=("table:rope:linear_shift",),
        ),
        Claim(
            id="rope.full.relative",
            title="$d = 4$: $(R_m q)^\\top (R_n k) = q^\\top R_{n−m} k$ for the whole head",
            written=(_T(_U(R_HEAD.apply(m) * _qh)) * _U(R_HEAD.apply(n) * _kh),
                     _T(_qh) * R_HEAD.apply(_OFFSET) * _kh),
            notation=HEAD,
            scope="d = 4, adjacent pairing, symbolic base b > 0",
        ),
        Claim(
            id="rope.pairings.permutation",
            title="$R_{\\mathrm{halves}}(m)$ = P $R_{\\mathrm{adjacent}}(m)$ Pᵀ with P: 2p ↦ p, 2p+1 ↦ p + d/2",
            written=(R_HALVES.apply(m), _P * R_ADJACENT.apply(m) * sympy.transpose(_P)),
            notation=PAIRINGS,
            scope="d = 8, symbolic position m and base b > 0",
            prose=(
                "The two pairings rotate the same pairs by the same angles; they only store the pair "
                "(2p, 2p+1) of the adjacent layout at (p, p + d/2). So a checkpoint trained with one "
                "pairing works with the other after permuting the columns of $W_q$ and $W_k$ by σ."
            ),
        ),
        Claim(
            id="rope.decay.abel",
            title="Abel summation: $Σ_j h_j z_j = −Σ_j S_{j+1}(h_{j+1} − h_j)$ when $h_{d/2} = 0$",
            lhs=_ABEL_LHS,
            rhs=_ABEL_RHS.subs(h[4], 0),
            scope="d/2 = 4 terms; $z_j = e^{i r θ_j}$ as free symbols (a polynomial identity)",
            prose=(
                "With the triangle inequality this gives $|Σ_j h_j e^{irθ_j}| ≤ \\max_j |h_{j+1} − h_j| · Σ_j$ "
                "$|S_{j+1}|$, RoFormer's bound; (1/(d/2)) $Σ_j$ $|S_j|$ is the 'relative upper bound' it plots."
            ),
        ),
        Claim(
            id="rope.decay.monotone",
            title="the relative upper bound never rises with the distance (false: it rises from 3 to 4)",
            lhs=decay_bound_expr(4, 8, 10000),
            rhs=decay_bound_expr(3, 8, 10000),
            relation="<=",
            expect="refuted",
            scope="d = 8, base 10000, distances 3 and 4",
            prose=(
                "The bound is 1.1325… at r = 3 and 1.2631… at r = 4 (d = 8). For RoFormer's own setting "
                "d = 128, base 10000 it falls from 32.5 at r = 0 but rises first from r = 18 (15.3487…) "
                "to r = 19 (15.3908…), and again at r = 23, 24, 29, 30, …; far out it comes back (14.41 at "
                "r = 30950, above its value at r = 24). It decays on average over the first hundreds of "
                "positions, not monotonically (docs/encodings.md has a table computed by decay_bound)."
            ),
        ),
    ),
)
