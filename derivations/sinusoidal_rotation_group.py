"""The matrices T_k form a group of rotations: orthogonal, determinant 1, T_a T_c = T_(a+c), any width d."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation.definitions import Definition, Notation
from posenc_sym.schemes.sinusoidal import MATRIX_NOTATION, OMEGA, ROTATION, T_SHIFT, b, d, i, k, rotation

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)
a = sympy.Symbol("a", real=True)
c = sympy.Symbol("c", real=True)
N = MATRIX_NOTATION
B = ROTATION.apply
T = T_SHIFT.apply
w = OMEGA.apply(i)  # ω_i, as written
I2 = sympy.eye(2)
# B(x) applied as a 2×2 matrix expression, so that det B(-ω_i k) is written as a textbook writes it.
B_MATRIX = Definition("B", (x,), rotation(x), form="call", as_matrix=True)
BLOCK_NOTATION = Notation(symbols=(k, b, d, i), definitions=(OMEGA, B_MATRIX), conditions=N.conditions,
                          shorthands=("omega",))
BLOCKS = "every even $d$: block by block, by the lemma on $B$ above"

lemma_orthogonal = Claim(
    id="sinusoidal.rotation.lemma.orthogonal",
    title="Lemma: $B(x)^\\top B(x) = I$",
    written=(sympy.transpose(B(x)) * B(x), I2),
    notation=N,
    scope="one $2 \\times 2$ block, any real angle $x$",
    prose="The diagonal entries are $\\cos^2 x + \\sin^2 x = 1$ and the off-diagonal ones cancel.",
)

lemma_product = Claim(
    id="sinusoidal.rotation.lemma.product",
    title="Lemma: $B(x) B(y) = B(x + y)$",
    written=(B(x) * B(y), B(sympy.Add(x, y, evaluate=False))),
    notation=N,
    scope="one $2 \\times 2$ block, any real angles $x$, $y$",
    prose="Turning by $y$ and then by $x$ is turning by $x + y$: the angle-addition formulas, entry by entry.",
)

lemma_transpose = Claim(
    id="sinusoidal.rotation.lemma.transpose",
    title="Lemma: $B(x)^\\top = B(-x)$",
    written=(sympy.transpose(B(x)), B(-x)),
    notation=N,
    scope="one $2 \\times 2$ block, any real angle $x$",
    prose="$\\cos$ is even and $\\sin$ is odd, so negating the angle transposes the block.",
)

orthogonal = Claim(
    id="sinusoidal.rotation.orthogonal",
    title="$T_k$ is orthogonal: $T_k^\\top T_k = I$",
    written=(sympy.Transpose(T(k)) * T(k), sympy.Identity(d)),
    notation=N,
    conditions=(b > 1,),
    scope=BLOCKS,
)

det_block = Claim(
    id="sinusoidal.rotation.det-block",
    title="Each block of $T_k$ has determinant 1",
    written=(sympy.Determinant(B_MATRIX.apply(-w * k)), sympy.Integer(1)),
    notation=BLOCK_NOTATION,
    conditions=(b > 1, i < d / 2),
    scope="pair $i$ of any even $d$",
    steps=(
        Step(None, "the determinant of $\\left[\\begin{smallmatrix} p & q \\\\ -q & p \\end{smallmatrix}\\right]$ "
                   "is $p^2 + q^2$, here with $p = \\cos \\omega_i k$ and $q = \\sin \\omega_i k$",
             written=sympy.Add(sympy.UnevaluatedExpr(sympy.cos(w * k) ** 2), sympy.sin(w * k) ** 2, evaluate=False)),
        Step(sympy.Integer(1), "$\\cos^2 x + \\sin^2 x = 1$"),
    ),
)

det_general = Claim(
    id="sinusoidal.rotation.det",
    title="$\\det T_k = 1$ for every even $d$",
    written=(sympy.Product(sympy.Determinant(B_MATRIX.apply(-w * k)), (i, 0, d / 2 - 1)), sympy.Integer(1)),
    notation=BLOCK_NOTATION,
    conditions=(b > 1,),
    scope="every even $d$: the determinant of a block-diagonal matrix is the product of its blocks' determinants",
    prose="With every factor equal to 1, $T_k$ is a rotation, not a reflection.",
)

group = Claim(
    id="sinusoidal.rotation.group-law",
    title="$T_a T_c = T_{a+c}$",
    written=(T(a) * T(c), T(a + c)),
    notation=N,
    conditions=(b > 1,),
    scope=BLOCKS,
    prose="Turning every pair by $-\\omega_i a$ and then by $-\\omega_i c$ is turning it by $-\\omega_i (a + c)$.",
)

group_minus_wrong = Claim(
    id="sinusoidal.rotation.group-law-minus-is-wrong",
    title="$T_a T_c = T_{a-c}$ (false: $T_a T_c = T_{a+c}$)",
    written=(T(a) * T(c), T(sympy.Add(a, -c, evaluate=False))),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$ (refuted at $d = 4$)",
    expect="refuted",
    prose="A common slip when composing rotations: the angles add, so $T_a T_c = T_{a+c}$, and the counterexample below shows the difference.",
)

inverse = Claim(
    id="sinusoidal.rotation.inverse",
    title="$T_{-k} = T_k^\\top$",
    written=(T(-k), sympy.Transpose(T(k))),
    notation=N,
    conditions=(b > 1,),
    scope=BLOCKS,
    prose="With orthogonality, $T_{-k} = T_k^{-1}$: shifting back undoes the shift.",
)

DERIVATION = Derivation(
    id="sinusoidal.rotation-group",
    title="Sinusoidal encoding: the matrices $T_k$ are rotations and compose like offsets",
    prose=(
        "$T_k = \\mathrm{diag}(B(-\\omega_0 k), \\ldots, B(-\\omega_{d/2-1} k))$ is block-diagonal with "
        "$2 \\times 2$ rotations $B(x) = \\left[\\begin{smallmatrix} \\cos x & -\\sin x \\\\ \\sin x & \\cos x "
        "\\end{smallmatrix}\\right]$. Products, transposes and determinants of block-diagonal matrices are "
        "taken block by block, so three lemmas about one block give every property for every even $d$."
    ),
    claims=(lemma_orthogonal, lemma_product, lemma_transpose, orthogonal, det_block, det_general, group,
            group_minus_wrong, inverse),
)
