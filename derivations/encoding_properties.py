"""The table's last rows: the same six properties for the sinusoidal encoding, RoPE and ALiBi.

Cells not stated here come from other files: ``rope.norm`` (bounded), ``rope.shift`` (linear
shift), ``rope.block.relative`` (inner product) and ``alibi.bias.shift`` (inner product).
"""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.alibi import bias
from posenc_sym.schemes.rope import pair_rotation
from posenc_sym.schemes.sinusoidal import rotation_block

t = sympy.Symbol("t", real=True)  # a position (real: the formulas take any real t)
k = sympy.Symbol("k", real=True)  # an offset
ti = sympy.Symbol("t", integer=True, nonnegative=True)  # an integer position
delta = sympy.Symbol("delta", integer=True, positive=True)
L = sympy.Symbol("L", integer=True, positive=True)  # the training length
n = sympy.Symbol("n", integer=True, positive=True)  # a sequence length
w = sympy.Symbol("omega", positive=True)  # the pair's frequency ω_i = b^(−2i/d), any value > 0
i, j, u, s = sympy.symbols("i j u s", integer=True, nonnegative=True)
N = sympy.Symbol("N", integer=True, positive=True)
m = sympy.Symbol("m", positive=True)  # an ALiBi slope
_qi, _kj = sympy.symbols("i j", integer=True)
BIAS = Definition("B", (_qi, _kj), bias(_qi, _kj, m), form="call")  # B(i, j) = −m|i − j|
ALIBI = Notation(symbols=(m,), definitions=(BIAS,))

_E0 = sympy.Matrix([1, 0])


def _pe(pos: sympy.Expr, omega: sympy.Expr = w) -> sympy.Matrix:
    """One pair (sin ωt, cos ωt) of the sinusoidal encoding (pe_pair with ω left symbolic)."""
    return sympy.Matrix([sympy.sin(omega * pos), sympy.cos(omega * pos)])


def _sq(v: sympy.Matrix) -> sympy.Expr:
    return (v.T * v)[0, 0]


def _gap_steps() -> tuple[Step, ...]:
    return (
        Step(4 * sympy.sin(delta / 2) ** 2, "|v(t+δ) − v(t)|² = 2 − 2 cos δ = 4 sin²(δ/2) for a unit pair"),
        Step(0, "sin(δ/2) = 0 only at multiples of π, which no nonzero integer δ/2 is (π is irrational)",
             relation=">"),
    )


DERIVATION = Derivation(
    id="encoding_properties",
    title="The six table properties for the sinusoidal encoding, RoPE and ALiBi",
    prose=(
        "Per pair with symbolic frequency ω > 0 (so for every pair of every width), except where a "
        "claim states a concrete case. Distinctness is for integer positions and rests on π being "
        "irrational: pair 0 turns by one radian per position and never returns to the same angle. "
        "In float32 that guarantee fades: see docs/encodings.md for the measured row error against "
        "the distance to the nearest other row."
    ),
    claims=(
        # sinusoidal ----------------------------------------------------------------------------------
        Claim(
            id="props.sinusoidal.bounded",
            title="sinusoidal: every pair $(\\sin ωt, \\cos ωt)$ has norm 1",
            lhs=_sq(_pe(t)),
            rhs=1,
            scope="pair i with frequency ω > 0; so |PE(t)|² = d/2",
            tags=("table:sinusoidal:bounded",),
        ),
        Claim(
            id="props.sinusoidal.distinct",
            title="sinusoidal: integer positions $t ≠ t + δ$ differ in pair 0",
            lhs=_sq(_pe(ti + delta, 1) - _pe(ti, 1)),
            rhs=0,
            relation=">",
            steps=_gap_steps(),
            scope="integer positions; pair 0 ($ω_0$ = 1)",
            tags=("table:sinusoidal:distinct",),
        ),
        Claim(
            id="props.sinusoidal.spacing",
            title="sinusoidal: the neighbour distance $|\\mathrm{PE}(t+1) − \\mathrm{PE}(t)|^2$ of a pair does not change with $t$",
            lhs=sympy.Derivative(_sq(_pe(t + 1) - _pe(t)), t),
            rhs=0,
            scope="pair i with frequency ω > 0; the formula has no length n at all",
            tags=("table:sinusoidal:spacing",),
            prose="Stronger than independence of the length: the step is the same at every position.",
        ),
        Claim(
            id="props.sinusoidal.extrapolates",
            title="sinusoidal: position L + k past the training length is $T_k$ applied to PE(L)",
            lhs=_pe(L + k),
            rhs=rotation_block(k, w) * _pe(L),
            scope="pair i with frequency ω > 0, training length L",
            tags=("table:sinusoidal:extrapolates",),
        ),
        Claim(
            id="props.sinusoidal.linear_shift",
            title="sinusoidal: PE(t + k) = $T_k$ PE(t) with $T_k$ independent of t",
            lhs=_pe(t + k),
            rhs=rotation_block(k, w) * _pe(t),
            scope="pair i with frequency ω > 0",
            tags=("table:sinusoidal:linear_shift",),
        ),
        Claim(
            id="props.sinusoidal.inner_product_offset",
            title="sinusoidal: $\\mathrm{PE}(t) \\cdot \\mathrm{PE}(t + k)$ of a pair does not change with $t$",
            lhs=sympy.Derivative((_pe(t).T * _pe(t + k))[0, 0], t),
            rhs=0,
            scope="pair i with frequency ω > 0 (the pair's product is cos ωk)",
            tags=("table:sinusoidal:inner_product_offset",),
        ),
        # RoPE ------------------------------------------------------------------------------------------
        Claim(
            id="props.rope.distinct",
            title="RoPE: integer positions $t ≠ t + δ$ rotate pair 0 differently",
            lhs=_sq(pair_rotation(ti + delta) * _E0 - pair_rotation(ti) * _E0),
            rhs=0,
            relation=">",
            steps=_gap_steps(),
            scope="integer positions; pair 0 ($θ_0$ = 1), applied to the unit vector $e_0$",
            tags=("table:rope:distinct",),
        ),
        Claim(
            id="props.rope.spacing",
            title="RoPE: $R((t+1)θ) R(tθ)^{\\top} = R(θ)$, the same step at every position and length",
            lhs=pair_rotation((t + 1) * w) * pair_rotation(t * w).T,
            rhs=pair_rotation(w),
            scope="pair i with frequency θ > 0",
            tags=("table:rope:spacing",),
        ),
        Claim(
            id="props.rope.extrapolates",
            title="RoPE: the rotation at $L + k$ past the training length is $R(kθ) R(Lθ)$",
            lhs=pair_rotation((L + k) * w),
            rhs=pair_rotation(k * w) * pair_rotation(L * w),
            scope="pair i with frequency θ > 0, training length L",
            tags=("table:rope:extrapolates",),
            prose="Defined, yes; that the model generalises to unseen offsets is another matter.",
        ),
        # ALiBi -----------------------------------------------------------------------------------------
        Claim(
            id="props.alibi.unbounded",
            title="ALiBi (slope 1/2): for every bound $N$, the bias at distance $2N + 2$ is below $−N$",
            lhs=bias(2 * N + 2, 0, sympy.Rational(1, 2)),
            rhs=-N,
            relation="<",
            scope="slope 1/2 (head 0 of 8); any slope m > 0 grows as m·|i − j|",
            tags=("table:alibi:bounded:negated",),
            prose="Unbounded on purpose: the penalty grows without limit with the distance.",
        ),
        Claim(
            id="props.alibi.distinct",
            title="ALiBi: bias rows of queries $i$ and $i + u + 1$ differ at key $i$",
            lhs=bias(i + u + 1, i, m) - bias(i, i, m),
            rhs=0,
            relation="<",
            scope="integer positions, slope m > 0",
            tags=("table:alibi:distinct",),
        ),
        Claim(
            id="props.alibi.spacing",
            title="ALiBi: neighbouring keys of a causal row differ by exactly $m$",
            lhs=bias(j + u + 1, j + 1, m) - bias(j + u + 1, j, m),
            rhs=m,
            scope="query j + u + 1, keys j and j + 1 ≤ query; slope m > 0; no length involved",
            tags=("table:alibi:spacing",),
        ),
        Claim(
            id="props.alibi.extrapolates",
            title="ALiBi: the bias at any distance $L + s$, trained or not, is $−m(L + s)$",
            written=(BIAS.apply(L + s, 0), -m * (L + s)),
            notation=ALIBI,
            scope="training length L, extra distance s ≥ 0, slope m > 0",
            tags=("table:alibi:extrapolates",),
        ),
        Claim(
            id="props.alibi.linear_shift",
            title="ALiBi: bias row $i + s$ is row $i$ shifted by $s$ keys: $B(i + s, j) = B(i, j − s)$",
            written=(BIAS.apply(i + s, j), BIAS.apply(i, j - s)),
            notation=ALIBI,
            scope="integer positions, slope m > 0; the shift of keys is a fixed linear map",
            tags=("table:alibi:linear_shift",),
            prose="ALiBi has no position vector; the fixed linear map acts on bias rows (a shift).",
        ),
    ),
)
