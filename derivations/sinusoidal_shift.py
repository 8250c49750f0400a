"""The sinusoidal encoding: a fixed rotation T_k maps PE(t) to PE(t+k)."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.schemes.sinusoidal import (
    NOTATION,
    PE_PAIR,
    T_BLOCK,
    b,
    d,
    frequency,
    i,
    k,
    pe_pair,
    pe_vector,
    rotation_block,
    rotation_matrix,
    t,
)

w = frequency(i)  # ω_i = b^(−2i/d)
BLOCK = rotation_block(k)
PAIR_AT_T = pe_pair(t)
PAIR_AT_T_PLUS_K = pe_pair(t + k)
CONDITIONS = (b > 1, i < d / 2)

shift_block = Claim(
    id="sinusoidal.shift.block",
    title="PE(t+k) = $T_k$ PE(t), pair by pair",
    # As the paper's readers write it: PE_i(t + k) = T_k PE_i(t), with PE_i and T_k the notation's.
    written=(PE_PAIR.apply(sympy.Add(t, k, evaluate=False)), T_BLOCK.apply(k) * PE_PAIR.apply(t)),
    notation=NOTATION,
    conditions=CONDITIONS,
    scope="pair i of any even d; hence all of PE, since $T_k$ is block-diagonal",
    steps=(
        Step(sympy.ImmutableMatrix([
            sympy.sin(w * t) * sympy.cos(w * k) + sympy.cos(w * t) * sympy.sin(w * k),
            sympy.cos(w * t) * sympy.cos(w * k) - sympy.sin(w * t) * sympy.sin(w * k),
        ]), "angle addition: sin(x+y) = sin x cos y + cos x sin y, cos(x+y) = cos x cos y − sin x sin y"),
        Step(None, "the same two linear combinations of (sin $ω_i$ t, cos $ω_i$ t), written as a matrix product",
             written=T_BLOCK.apply(k) * PE_PAIR.apply(t)),
    ),
    prose=(
        "Pair i of the encoding is the point (sin $ω_i$ t, cos $ω_i$ t) on the unit circle. Moving the "
        "position by k turns it by the angle $ω_i$ k, and the angle-addition formulas write the turned "
        "point as a fixed linear combination of the old one. The coefficients cos $ω_i$ k and sin $ω_i$ k "
        "involve k and i, never t. Stacking the d/2 blocks on the diagonal gives $T_k$."
    ),
)

block_independent_of_t = Claim(
    id="sinusoidal.shift.block-independent-of-t",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$T_k$ does not depend on t",
    written=(sympy.Derivative(T_BLOCK.apply(k), t), sympy.zeros(2, 2)),
    conditions=CONDITIONS,
    scope="pair i of any even d",
    prose="Every entry of the block is cos($ω_i$ k) or ±sin($ω_i$ k): its derivative in t vanishes.",
)

shift_full_d8 = Claim(
    id="sinusoidal.shift.full-d8",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="PE(t+k) = $T_k$ PE(t) for the whole vector, d = 8",
    lhs=pe_vector(t + k, 8),
    rhs=sympy.MatMul(rotation_matrix(k, 8), pe_vector(t, 8), evaluate=False),
    conditions=(b > 1,),
    scope="d = 8, any base b > 1 (the block-diagonal matrix written out)",
    prose="The same statement with $T_k$ assembled as an 8×8 block-diagonal matrix, as a check of the assembly.",
)

transposed_block_wrong = Claim(
    id="sinusoidal.shift.transposed-block-is-wrong",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="The transposed block does not map PE(t) to PE(t+k)",
    written=(PE_PAIR.apply(sympy.Add(t, k, evaluate=False)), sympy.transpose(T_BLOCK.apply(k)) * PE_PAIR.apply(t)),
    conditions=CONDITIONS,
    scope="pair i of any even d",
    expect="refuted",
    prose=(
        "Orientation matters: with the (sin, cos) ordering the block is $\\left[\\begin{smallmatrix} \\cos & \\sin \\\\ −\\sin & \\cos \\end{smallmatrix}\\right]$. "
        "Its transpose rotates the other way and maps PE(t) to PE(t−k), so this claim is false."
    ),
)

DERIVATION = Derivation(
    id="sinusoidal.shift",
    title="Sinusoidal encoding: PE(t+k) is a fixed linear function of PE(t)",
    prose=(
        "The sinusoidal encoding PE(t, 2i) = sin(t $ω_i$), PE(t, 2i+1) = cos(t $ω_i$), $ω_i = b^{−2i/d}$, "
        "was chosen so that for any fixed offset k, PE(t+k) is a linear function of PE(t). "
        "Here that function is written down, $T_k$, and shown not to depend on t."
    ),
    claims=(shift_block, block_independent_of_t, shift_full_d8, transposed_block_wrong),
)
