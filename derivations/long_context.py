"""Longer contexts for RoPE: position interpolation, the NTK-aware base, YaRN, llama3 scaling."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.interpolation import (
    interpolated_position,
    llama3_middle,
    ntk_base,
    yarn_correction_index,
    yarn_frequency,
    yarn_ramp,
)
from posenc_sym.schemes.rope import block_score, pair_rotation, theta

m, n = sympy.symbols("m n", real=True)
w = sympy.Symbol("theta", positive=True)
q0, q1, k0, k1 = sympy.symbols("q_0 q_1 k_0 k_1", real=True)
q, k = sympy.Matrix([q0, q1]), sympy.Matrix([k0, k1])
L, L2 = sympy.symbols("L L'", positive=True)  # trained and target lengths
s = sympy.Symbol("s", positive=True)  # the scale L'/L
b = sympy.Symbol("b", positive=True)
D = sympy.Symbol("D", even=True, positive=True)  # d − 2, so that d = D + 2 > 2
d = D + 2
i = sympy.Symbol("i", integer=True, nonnegative=True)
rot = sympy.Symbol("r", positive=True)  # a number of turns
factor, low, high = sympy.symbols("f l h", positive=True)  # llama3's factor, low and high factors

_B_NTK = ntk_base(b, s, d)

# The frequencies as functions, so that a claim shows what it evaluates: θ(x) = b^(−2x/d) (x real,
# as YaRN's index is), θ_NTK(x) with the NTK-aware base, YaRN's corrected θ_YaRN(θ, s, L), llama3's
# middle branch θ_mid(θ) and YaRN's index i_corr(r) of the pair that turns r times over L.
_x = sympy.Symbol("x")  # any index: b^(−2x/d) is defined for every x
_r, _th, _sc, _len = sympy.symbols("r theta s L", positive=True)
THETA = Definition("theta", (_x,), theta(_x, d, b), form="call")
THETA_NTK = Definition("theta_NTK", (_x,), theta(_x, d, _B_NTK), form="call")
# θ_YaRN is written with its ramp γ named (the page would repeat the three-branch ramp twice);
# the check below makes sure the written body is the scheme's yarn_frequency.
GAMMA = Definition("gamma", (_r,), yarn_ramp(_r), form="call")
_TURNS = _len * _th / (2 * sympy.pi)
THETA_YARN = Definition("theta_YaRN", (_th, _sc, _len),
                        (1 - GAMMA.apply(_TURNS)) * _th / _sc + GAMMA.apply(_TURNS) * _th, form="call")
THETA_MID = Definition("theta_mid", (_th,), llama3_middle(_th, factor, low, high, L), form="call")
I_CORR = Definition("i_corr", (_r,), yarn_correction_index(_r, d, b, L), form="call")
NOTATION = Notation(symbols=(L, s, b, D, i, rot, factor, low, high),
                    definitions=(THETA, THETA_NTK, GAMMA, THETA_YARN, THETA_MID, I_CORR))
if NOTATION.expand(THETA_YARN.apply(_th, _sc, _len)) != yarn_frequency(_th, _sc, _len):
    raise ValueError("theta_YaRN as written is not the scheme's yarn_frequency")

DERIVATION = Derivation(
    id="long_context",
    title="Longer contexts: interpolation, NTK-aware base, YaRN and llama3 scaling",
    prose=(
        "Position interpolation squeezes the L′ positions of a long input into the trained range: "
        "m ↦ m·L/L′. RoPE's score then depends on the offset (n − m)·L/L′, still only on the offset. "
        "The NTK-aware change of base leaves the fastest pair alone and slows the slowest by exactly "
        "the scale s, interpolating between. YaRN and llama3 pick, per frequency, between 'keep' "
        "(many turns over the training context) and 'interpolate' (less than one turn), with a linear "
        "ramp between; both ramps are continuous, proven below, so the boundary conventions of "
        "different implementations (< or ≤) do not matter."
    ),
    claims=(
        Claim(
            id="long.pi.relative",
            title="interpolated RoPE score = qᵀ R((n − m)·θ·L/L′) k: still only the offset, scaled by L/L′",
            lhs=block_score(q, k, interpolated_position(m, L, L2), interpolated_position(n, L, L2), w),
            rhs=sympy.expand((q.T * pair_rotation((n - m) * w * L / L2) * k)[0, 0]),
            scope="one pair, symbolic frequency θ > 0, lengths L, L′ > 0",
        ),
        Claim(
            id="long.pi.in_range",
            title="the last position L′ − 1 is interpolated to (L′ − 1)·L/L′ < L",
            lhs=interpolated_position(L2 - 1, L, L2),
            rhs=L,
            relation="<",
            scope="lengths L, L′ > 0",
        ),
        Claim(
            id="long.ntk.highest",
            title="NTK-aware base: the highest frequency $θ_0$ = 1 is unchanged",
            written=(THETA_NTK.apply(0), THETA.apply(0)),
            notation=NOTATION,
            scope="general d > 2, base b > 0, scale s > 0",
        ),
        Claim(
            id="long.ntk.lowest",
            title="NTK-aware base: the lowest frequency $θ_{d/2−1}$ is divided by exactly s",
            lhs=theta(d / 2 - 1, d, _B_NTK),
            rhs=theta(d / 2 - 1, d, b) / s,
            scope="general d > 2 (d = D + 2, D even), base b > 0, scale s > 0",
            prose="$(b·s^{d/(d−2)})^{−(d−2)/d} = b^{−(d−2)/d}·s^{−1}$.",
        ),
        Claim(
            id="long.ntk.pair",
            title="NTK-aware base: pair i is divided by $s^{2i/(d−2)}$",
            lhs=theta(i, d, _B_NTK),
            rhs=theta(i, d, b) * s ** (-2 * i / (d - 2)),
            steps=(
                Step(theta(i, d, b) * (s ** (d / (d - 2))) ** (-2 * i / d), "$(x·y)^p = x^p·y^p$ for x, y > 0"),
                Step(theta(i, d, b) * s ** (-2 * i / (d - 2)), "$(s^a)^p = s^{a·p}$ for s > 0, real a, p"),
            ),
            scope="pair i, general d > 2, base b > 0, scale s > 0",
        ),
        Claim(
            id="long.yarn.correction_index",
            title="YaRN: pair i = d·ln(L/(2πr))/(2 ln b) makes exactly r turns over L",
            written=(L * THETA.apply(I_CORR.apply(rot)) / (2 * sympy.pi), rot),
            notation=NOTATION,
            conditions=(b > 1,),
            scope="general d, base b > 1, length L > 0, r > 0 turns (real index i)",
        ),
        Claim(
            id="long.yarn.keep",
            title="YaRN keeps a frequency that turns more than β = 32 times over L",
            written=(THETA_YARN.apply(1, s, 2 * sympy.pi * 33), sympy.Integer(1)),
            notation=NOTATION,
            scope="θ = 1, L = 66π (33 turns), any scale s > 0",
        ),
        Claim(
            id="long.yarn.interpolate",
            title="YaRN divides by s a frequency that turns less than α = 1 time over L",
            written=(THETA_YARN.apply(sympy.Rational(1, 2), s, sympy.pi), sympy.Rational(1, 2) / s),
            notation=NOTATION,
            scope="θ = 1/2, L = π (a quarter turn), any scale s > 0",
        ),
        Claim(
            id="long.llama3.continuous_high",
            title="llama3: at λ = L/high the middle branch equals θ (continuous with 'keep')",
            written=(THETA_MID.apply(2 * sympy.pi * high / L), 2 * sympy.pi * high / L),
            notation=NOTATION,
            conditions=(high > low,),
            scope="symbolic factor, low < high, length L",
        ),
        Claim(
            id="long.llama3.continuous_low",
            title="llama3: at λ = L/low the middle branch equals θ/factor (continuous with 'interpolate')",
            written=(THETA_MID.apply(2 * sympy.pi * low / L), 2 * sympy.pi * low / L / factor),
            notation=NOTATION,
            conditions=(high > low,),
            scope="symbolic factor, low < high, length L",
        ),
    ),
)
