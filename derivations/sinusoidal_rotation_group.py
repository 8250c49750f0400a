"""The matrices T_k form a group of rotations: orthogonal, determinant 1, T_a T_b = T_(a+b)."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.sinusoidal import NOTATION, T_BLOCK, b, d, frequency, i, k, rotation_block, rotation_matrix

a = sympy.Symbol("a", real=True)
c = sympy.Symbol("c", real=True)
j = sympy.Symbol("j", integer=True, nonnegative=True)
w = frequency(i)
CONDITIONS = (b > 1, i < d / 2)
BLOCK = rotation_block(k)
T_8 = Definition("T", (k,), rotation_matrix(k, 8))  # T_k for d = 8, all four blocks
D8 = Notation(symbols=(b, k), definitions=(T_8,))
T_4 = Definition("T", (k,), rotation_matrix(k, 4))  # T_k for d = 4
D4 = Notation(symbols=(b, k), definitions=(T_4,))
_T = T_BLOCK.apply  # T_k, the block of pair i
I2 = sympy.eye(2)

orthogonal_block = Claim(
    id="sinusoidal.rotation.orthogonal-block",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="Each block of $T_k$ is orthogonal: BᵀB = I",
    written=(sympy.transpose(_T(k)) * _T(k), I2),
    conditions=CONDITIONS,
    scope="pair i of any even d; a block-diagonal matrix is orthogonal iff every block is",
    prose="The diagonal entries are cos² + sin² = 1 and the off-diagonal ones cancel.",
)

orthogonal_d8 = Claim(
    id="sinusoidal.rotation.orthogonal-d8",
    notation=D8,
    title="$T_kᵀ$ $T_k$ = I, d = 8",
    written=(sympy.transpose(T_8.apply(k)) * T_8.apply(k), sympy.eye(8)),
    conditions=(b > 1,),
    scope="d = 8, any base b > 1",
)

det_block = Claim(
    id="sinusoidal.rotation.det-block",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="det of each block of $T_k$ is 1",
    lhs=BLOCK.det(),
    rhs=1,
    conditions=CONDITIONS,
    scope="pair i of any even d",
    steps=(Step(sympy.cos(w * k) ** 2 + sympy.sin(w * k) ** 2, "$\\det \\left[\\begin{smallmatrix} p & q \\\\ −q & p \\end{smallmatrix}\\right] = p^2 + q^2$"),
           Step(sympy.Integer(1), "Pythagoras")),
)

det_general = Claim(
    id="sinusoidal.rotation.det",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="det $T_k$ = 1 for every even d",
    lhs=sympy.Product(rotation_block(k, frequency(j)).det(), (j, 0, d / 2 - 1)),
    rhs=1,
    conditions=(b > 1,),
    scope="general d: the determinant of a block-diagonal matrix is the product of its blocks' determinants",
    prose="With det $T_k$ = ∏ det $B_i$ and every factor equal to 1, $T_k$ is a rotation, not a reflection.",
)

group_block = Claim(
    id="sinusoidal.rotation.group-law-block",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$T_a$ $T_c = T_{a+c}$, pair by pair",
    written=(_T(a) * _T(c), _T(a + c)),
    conditions=CONDITIONS,
    scope="pair i of any even d; blockwise products give the product of block-diagonal matrices",
    prose="Turning by $ω_i$ a and then by $ω_i$ c is turning by $ω_i$ (a + c): the angle-addition formulas again.",
)

group_d4 = Claim(
    id="sinusoidal.rotation.group-law-d4",
    notation=D4,
    title="$T_a$ $T_c = T_{a+c}$, d = 4",
    written=(T_4.apply(a) * T_4.apply(c), T_4.apply(a + c)),
    conditions=(b > 1,),
    scope="d = 4, any base b > 1",
)

group_minus_wrong = Claim(
    id="sinusoidal.rotation.group-law-minus-is-wrong",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$T_a$ $T_c$ is not $T_{a−c}$",
    written=(_T(a) * _T(c), _T(sympy.Add(a, -c, evaluate=False))),
    conditions=CONDITIONS,
    scope="pair i of any even d",
    expect="refuted",
    prose="A common slip when composing rotations; the falsifier shows it fails.",
)

inverse_block = Claim(
    id="sinusoidal.rotation.inverse-block",
    title="$T_{−k} = T_kᵀ$, pair by pair",
    written=(T_BLOCK.apply(-k), sympy.transpose(T_BLOCK.apply(k))),
    notation=NOTATION,
    conditions=CONDITIONS,
    scope="pair i of any even d",
    prose="cos is even and sin is odd, so negating k transposes the block; with orthogonality, $T_{−k} = T_k⁻¹$.",
)

inverse_d8 = Claim(
    id="sinusoidal.rotation.inverse-d8",
    title="$T_{−k} = T_kᵀ$, d = 8",
    written=(T_8.apply(-k), sympy.transpose(T_8.apply(k))),
    notation=D8,
    conditions=(b > 1,),
    scope="d = 8, any base b > 1",
)

DERIVATION = Derivation(
    id="sinusoidal.rotation-group",
    title="Sinusoidal encoding: the matrices $T_k$ are rotations and compose like offsets",
    prose=(
        "$T_k$ is block-diagonal with 2×2 blocks $B_i(k) = \\left[\\begin{smallmatrix} \\cos ω_i k & \\sin ω_i k \\\\ −\\sin ω_i k & \\cos ω_i k \\end{smallmatrix}\\right]$. "
        "Products, transposes and determinants of block-diagonal matrices are taken block by block, "
        "so each property is proven for one block with symbolic i, d and b (hence every even d), "
        "and checked once more on an explicit matrix of a concrete size."
    ),
    claims=(orthogonal_block, orthogonal_d8, det_block, det_general, group_block, group_d4,
            group_minus_wrong, inverse_block, inverse_d8),
)
