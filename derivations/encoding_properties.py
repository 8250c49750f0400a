"""The table's last rows: the same six properties for the sinusoidal encoding, RoPE and ALiBi.

Cells not stated here come from other files: ``rope.norm`` (bounded), ``rope.shift`` (linear
shift), ``rope.block.relative`` (inner product) and ``alibi.bias.shift`` (inner product).
"""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.alibi import bias
from posenc_sym.schemes.rope import pair_rotation
from posenc_sym.schemes.sinusoidal import MATRIX_NOTATION as SINUSOIDAL
from posenc_sym.schemes.sinusoidal import PE_COLUMN, ROTATION, T_SHIFT
from posenc_sym.schemes.sinusoidal import b as base

t = sympy.Symbol("t", real=True)  # a position (real: the formulas take any real t)
k = sympy.Symbol("k", real=True)  # an offset
ti = sympy.Symbol("t", integer=True, nonnegative=True)  # an integer position
delta = sympy.Symbol("delta", integer=True, positive=True)
L = sympy.Symbol("L", integer=True, positive=True)  # the training length
n = sympy.Symbol("n", integer=True, positive=True)  # a sequence length
w = sympy.Symbol("omega_i", positive=True)  # the pair's frequency ω_i = b^(−2i/d), any value > 0
th = sympy.Symbol("theta_i", positive=True)  # RoPE's θ_i, any value > 0
i, j, u, s = sympy.symbols("i j u s", integer=True, nonnegative=True)
N = sympy.Symbol("N", integer=True, positive=True)
m = sympy.Symbol("m", positive=True)  # an ALiBi slope
_qi, _kj = sympy.symbols("i j", integer=True)
BIAS = Definition("bias", (_qi, _kj), bias(_qi, _kj, m), form="call")  # bias(i, j) = −m|i − j|
ALIBI = Notation(symbols=(m,), definitions=(BIAS,))
BIAS_HALF = Definition("bias", (_qi, _kj), bias(_qi, _kj, sympy.Rational(1, 2)), form="call")  # slope 1/2
ALIBI_HALF = Notation(definitions=(BIAS_HALF,))
B = ROTATION.apply
PAIR = Notation(symbols=(th,), definitions=(ROTATION,))

_E0 = sympy.Matrix([1, 0])
# The later position t + δ, t first as a reader writes it (SymPy's order would print δ + t).
_LATER = sympy.Add(sympy.UnevaluatedExpr(ti), delta, evaluate=False)


def _pe(pos: sympy.Expr, omega: sympy.Expr = w) -> sympy.Matrix:
    """One pair (sin ωt, cos ωt) of the sinusoidal encoding (pe_pair with ω left symbolic)."""
    return sympy.Matrix([sympy.sin(omega * pos), sympy.cos(omega * pos)])


def _sq(v: sympy.Matrix) -> sympy.Expr:
    return (v.T * v)[0, 0]


def _gap_steps() -> tuple[Step, ...]:
    return (
        Step(4 * sympy.sin(delta / 2) ** 2, "$|v(t+\\delta) - v(t)|^2 = 2 - 2 \\cos \\delta = 4 \\sin^2(\\delta/2)$ "
                                            "for a unit pair"),
        Step(0, "$\\sin(\\delta/2) = 0$ only at multiples of $\\pi$, which no nonzero integer $\\delta/2$ is "
                "($\\pi$ is irrational)", relation=">"),
    )


DERIVATION = Derivation(
    id="encoding_properties",
    title="The six table properties for the sinusoidal encoding, RoPE and ALiBi",
    prose=(
        "Per pair with any frequency $\\omega_i > 0$ (RoPE's $\\theta_i$), so for every pair of every width, "
        "or for the whole encoding of any width, except where a claim states a concrete case. Distinctness is "
        "for integer positions and rests on $\\pi$ being irrational: pair 0 turns by one radian per position "
        "and never returns to the same angle. "
        "In float32 that guarantee fades: see docs/encodings.md for the measured row error against "
        "the distance to the nearest other row."
    ),
    claims=(
        # sinusoidal ----------------------------------------------------------------------------------
        Claim(
            id="props.sinusoidal.bounded",
            title="Sinusoidal: every pair $(\\sin \\omega_i t, \\cos \\omega_i t)$ has norm 1",
            lhs=_sq(_pe(t)),
            rhs=1,
            scope="pair $i$ with frequency $\\omega_i > 0$; so $|\\mathrm{PE}(t)|^2 = d/2$",
            tags=("table:sinusoidal:bounded",),
        ),
        Claim(
            id="props.sinusoidal.distinct",
            title="Sinusoidal: integer positions $t \\ne t + \\delta$ differ in pair 0",
            written=(_sq(_pe(_LATER, 1) - _pe(ti, 1)), sympy.Integer(0)),
            relation=">",
            steps=_gap_steps(),
            scope="integer positions; pair 0 ($\\omega_0 = 1$)",
            tags=("table:sinusoidal:distinct",),
        ),
        Claim(
            id="props.sinusoidal.spacing",
            title="Sinusoidal: the neighbour distance $|\\mathrm{PE}_i(t+1) - \\mathrm{PE}_i(t)|^2$ of a pair does not change with $t$",
            lhs=_sq(_pe(t + 1) - _pe(t)),
            rhs=2 - 2 * sympy.cos(w),
            scope="pair $i$ with frequency $\\omega_i > 0$; the formula has no length $n$ at all",
            tags=("table:sinusoidal:spacing",),
            prose=("The right side has no $t$: the step is the same at every position, which is stronger than "
                   "independence of the length."),
        ),
        Claim(
            id="props.sinusoidal.extrapolates",
            title="Sinusoidal: position $L + k$ past the training length is $T_k$ applied to $\\mathrm{PE}(L)$",
            written=(PE_COLUMN.apply(sympy.Add(L, k, evaluate=False)), T_SHIFT.apply(k) * PE_COLUMN.apply(L)),
            notation=SINUSOIDAL,
            conditions=(base > 1,),
            scope="every even $d$, training length $L$",
            tags=("table:sinusoidal:extrapolates",),
        ),
        Claim(
            id="props.sinusoidal.linear_shift",
            title="Sinusoidal: $\\mathrm{PE}(t + k) = T_k \\mathrm{PE}(t)$ with $T_k$ independent of $t$",
            written=(PE_COLUMN.apply(sympy.Add(t, k, evaluate=False)), T_SHIFT.apply(k) * PE_COLUMN.apply(t)),
            notation=SINUSOIDAL,
            conditions=(base > 1,),
            scope="every even $d$",
            tags=("table:sinusoidal:linear_shift",),
        ),
        Claim(
            id="props.sinusoidal.inner_product_offset",
            title="Sinusoidal: $\\mathrm{PE}_i(t) \\cdot \\mathrm{PE}_i(t + k) = \\cos \\omega_i k$ of a pair does not "
                  "depend on $t$",
            lhs=(_pe(t).T * _pe(t + k))[0, 0],
            rhs=sympy.cos(w * k),
            scope="pair $i$ with frequency $\\omega_i > 0$",
            tags=("table:sinusoidal:inner_product_offset",),
        ),
        # RoPE ------------------------------------------------------------------------------------------
        Claim(
            id="props.rope.distinct",
            title="RoPE: integer positions $t \\ne t + \\delta$ rotate pair 0 differently",
            written=(_sq(pair_rotation(_LATER) * _E0 - pair_rotation(ti) * _E0), sympy.Integer(0)),
            relation=">",
            steps=_gap_steps(),
            scope="integer positions; pair 0 ($\\theta_0 = 1$), applied to the unit vector $(1, 0)$",
            tags=("table:rope:distinct",),
        ),
        Claim(
            id="props.rope.spacing",
            title="RoPE: $B((t+1)\\theta_i) B(t\\theta_i)^{\\top} = B(\\theta_i)$, the same step at every position and length",
            written=(B(sympy.Mul(sympy.Add(t, 1, evaluate=False), th, evaluate=False)) * sympy.transpose(B(t * th)),
                     B(th)),
            notation=PAIR,
            scope="pair $i$ with frequency $\\theta_i > 0$",
            tags=("table:rope:spacing",),
        ),
        Claim(
            id="props.rope.extrapolates",
            title="RoPE: the rotation at $L + k$ past the training length is $B(k\\theta_i) B(L\\theta_i)$",
            written=(B(sympy.Mul(sympy.Add(L, k, evaluate=False), th, evaluate=False)), B(k * th) * B(L * th)),
            notation=PAIR,
            scope="pair $i$ with frequency $\\theta_i > 0$, training length $L$",
            tags=("table:rope:extrapolates",),
            prose="Defined, yes; that the model generalises to unseen offsets is another matter.",
        ),
        # ALiBi -----------------------------------------------------------------------------------------
        Claim(
            id="props.alibi.unbounded",
            title="ALiBi (slope $1/2$): for every bound $N$, the bias at distance $2N + 2$ is below $-N$",
            written=(BIAS_HALF.apply(2 * N + 2, 0), -N),
            notation=ALIBI_HALF,
            relation="<",
            scope="slope $1/2$ (head 0 of 8); any slope $m > 0$ grows as $m |i - j|$",
            tags=("table:alibi:bounded:negated",),
            prose="Unbounded on purpose: the penalty grows without limit with the distance.",
        ),
        Claim(
            id="props.alibi.distinct",
            title="ALiBi: bias rows of queries $i$ and $i + u + 1$ differ at key $i$",
            written=(sympy.Add(BIAS.apply(i + u + 1, i), -BIAS.apply(i, i), evaluate=False), sympy.Integer(0)),
            notation=ALIBI,
            relation="<",
            scope="integer positions, slope $m > 0$",
            tags=("table:alibi:distinct",),
        ),
        Claim(
            id="props.alibi.spacing",
            title="ALiBi: neighbouring keys of a causal row differ by exactly $m$",
            written=(sympy.Add(BIAS.apply(j + u + 1, j + 1), -BIAS.apply(j + u + 1, j), evaluate=False), m),
            notation=ALIBI,
            scope="query $j + u + 1$, keys $j$ and $j + 1$ up to the query; slope $m > 0$; no length involved",
            tags=("table:alibi:spacing",),
        ),
        Claim(
            id="props.alibi.extrapolates",
            title="ALiBi: the bias at any distance $L + s$, trained or not, is $-m(L + s)$",
            written=(BIAS.apply(L + s, 0), -m * (L + s)),
            notation=ALIBI,
            scope="training length $L$, extra distance $s \\ge 0$, slope $m > 0$",
            tags=("table:alibi:extrapolates",),
        ),
        Claim(
            id="props.alibi.linear_shift",
            title="ALiBi: bias row $i + s$ is row $i$ shifted by $s$ keys: $\\mathrm{bias}(i + s, j) = \\mathrm{bias}(i, j - s)$",
            written=(BIAS.apply(i + s, j), BIAS.apply(i, j - s)),
            notation=ALIBI,
            scope="integer positions, slope $m > 0$; the shift of keys is a fixed linear map",
            tags=("table:alibi:linear_shift",),
            prose="ALiBi has no position vector; the fixed linear map acts on bias rows (a shift).",
        ),
    ),
)
