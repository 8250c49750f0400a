"""The sinusoidal encoding: a fixed rotation T_k maps PE(t) to PE(t+k), for every width d."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.sinusoidal import (
    MATRIX_NOTATION,
    OMEGA,
    PE_COLUMN,
    PE_PAIR_OF_T,
    ROTATION,
    T_SHIFT,
    b,
    d,
    i,
    k,
    pe_vector,
    rotation_matrix,
    t,
)

CONDITIONS = (b > 1, i < d / 2)
N = MATRIX_NOTATION
w = OMEGA.apply(i)  # ω_i, as written


def _times(*factors: sympy.Expr) -> sympy.Expr:
    """A product kept in the order written (the first factor marked, since SymPy's own order may coincide)."""
    return sympy.Mul(sympy.UnevaluatedExpr(factors[0]), *factors[1:], evaluate=False)


def _plus(*terms: sympy.Expr) -> sympy.Expr:
    return sympy.Add(*terms, evaluate=False)


T_PLUS_K = _plus(t, k)
SIN_T, COS_T = sympy.sin(w * t), sympy.cos(w * t)
SIN_K, COS_K = sympy.sin(w * k), sympy.cos(w * k)

shift_block = Claim(
    id="sinusoidal.shift.block",
    title="Pair $i$ after a shift by $k$: $\\mathrm{PE}_i(t+k) = B(-\\omega_i k)\\, \\mathrm{PE}_i(t)$",
    written=(PE_PAIR_OF_T.apply(T_PLUS_K), ROTATION.apply(-w * k) * PE_PAIR_OF_T.apply(t)),
    notation=N,
    conditions=CONDITIONS,
    scope="pair $i$ of any even $d$",
    steps=(
        Step(None, "the pair at position $t + k$",
             written=sympy.ImmutableMatrix([sympy.sin(sympy.Mul(w, T_PLUS_K, evaluate=False)),
                                            sympy.cos(sympy.Mul(w, T_PLUS_K, evaluate=False))])),
        Step(None, "angle addition, $\\sin(x + y) = \\sin x \\cos y + \\cos x \\sin y$ and "
                   "$\\cos(x + y) = \\cos x \\cos y - \\sin x \\sin y$, the coefficients in $k$ written first",
             written=sympy.ImmutableMatrix([_plus(_times(COS_K, SIN_T), _times(SIN_K, COS_T)),
                                            _plus(_times(COS_K, COS_T), -_times(SIN_K, SIN_T))])),
        Step(None, "the same two combinations of $\\sin \\omega_i t$ and $\\cos \\omega_i t$, as a matrix product",
             written=sympy.MatMul(sympy.ImmutableMatrix([[COS_K, SIN_K], [-SIN_K, COS_K]]),
                                  sympy.ImmutableMatrix([SIN_T, COS_T]))),
        Step(None, "$B(-x)$ has $\\cos x$ on its diagonal and $\\sin x$, $-\\sin x$ off it ($\\cos$ is even, "
                   "$\\sin$ is odd)",
             written=ROTATION.apply(-w * k) * PE_PAIR_OF_T.apply(t)),
    ),
    prose=(
        "Pair $i$ of the encoding is the point $(\\sin \\omega_i t, \\cos \\omega_i t)$ on the unit circle. "
        "Moving the position by $k$ turns it by the angle $\\omega_i k$, and the angle-addition formulas "
        "write the turned point as a fixed linear combination of the old one: the coefficients "
        "$\\cos \\omega_i k$ and $\\sin \\omega_i k$ involve $k$ and $i$, never $t$."
    ),
)

shift_full = Claim(
    id="sinusoidal.shift.full",
    title="$\\mathrm{PE}(t+k) = T_k \\mathrm{PE}(t)$ for every width $d$",
    written=(PE_COLUMN.apply(T_PLUS_K), T_SHIFT.apply(k) * PE_COLUMN.apply(t)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$: block by block, each block being the pair claim above",
    prose=(
        "Stack the $d/2$ pairs: $T_k$ is block-diagonal, so it acts on pair $i$ by its block "
        "$B(-\\omega_i k)$ alone, and the claim for the whole column is the claim for each pair."
    ),
)

block_independent_of_t = Claim(
    id="sinusoidal.shift.block-independent-of-t",
    title="The block $B(-\\omega_i k)$ of $T_k$ does not depend on $t$",
    written=(sympy.Derivative(ROTATION.apply(-w * k), t), sympy.zeros(2, 2)),
    notation=N,
    conditions=CONDITIONS,
    scope="pair $i$ of any even $d$, hence all of $T_k$",
    prose="Every entry of the block is $\\cos \\omega_i k$ or $\\pm\\sin \\omega_i k$: its derivative in $t$ vanishes.",
)

# d = 4, b = 10000 written out: T_k and PE(t) are shown once, under "Where", and the claim keeps the
# general claim's compact form (the 4 × 4 matrix and two 4-vectors in one display were 20 terms).
T_4 = Definition("T", (k,), rotation_matrix(k, 4, 10000))
PE_4 = Definition("PE", (t,), pe_vector(t, 4, 10000), form="call")
shift_example_d4 = Claim(
    id="sinusoidal.shift.example-d4",
    title="An example: $T_k$ written out for $d = 4$, $b = 10000$",
    written=(PE_4.apply(T_PLUS_K), T_4.apply(k) * PE_4.apply(t)),
    notation=Notation(symbols=(t, k), definitions=(T_4, PE_4)),
    scope="$d = 4$, $b = 10000$: one size, to see the blocks $B(-k)$ and $B(-k/100)$ on the diagonal",
    prose="The frequencies are $\\omega_0 = 1$ and $\\omega_1 = 10000^{-2/4} = 1/100$.",
)

transposed_wrong = Claim(
    id="sinusoidal.shift.transposed-block-is-wrong",
    title="$T_k^\\top$ maps $\\mathrm{PE}(t)$ to $\\mathrm{PE}(t+k)$ (false: it maps it to $\\mathrm{PE}(t-k)$)",
    written=(PE_COLUMN.apply(T_PLUS_K), sympy.Transpose(T_SHIFT.apply(k)) * PE_COLUMN.apply(t)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$ (refuted at $d = 4$)",
    expect="refuted",
    prose=(
        "Orientation matters: $T_k^\\top = T_{-k}$ turns every pair the other way and maps "
        "$\\mathrm{PE}(t)$ to $\\mathrm{PE}(t - k)$, so this claim is false."
    ),
)

DERIVATION = Derivation(
    id="sinusoidal.shift",
    title="Sinusoidal encoding: $\\mathrm{PE}(t+k)$ is a fixed linear function of $\\mathrm{PE}(t)$",
    prose=(
        "The sinusoidal encoding $\\mathrm{PE}_{(t,2i)} = \\sin \\omega_i t$, $\\mathrm{PE}_{(t,2i+1)} = "
        "\\cos \\omega_i t$, $\\omega_i = b^{-2i/d}$, was chosen so that for any fixed offset $k$, "
        "$\\mathrm{PE}(t+k)$ is a linear function of $\\mathrm{PE}(t)$. Here that function is written "
        "down, $T_k = \\mathrm{diag}(B(-\\omega_0 k), \\ldots, B(-\\omega_{d/2-1} k))$, first for one pair, "
        "then for the whole encoding of any width, and shown not to depend on $t$."
    ),
    claims=(shift_block, shift_full, block_independent_of_t, shift_example_d4, transposed_wrong),
)
