"""Longer contexts for RoPE: position interpolation, the NTK-aware base, YaRN, llama3 scaling."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.schemes.interpolation import (
    interpolated_position,
    llama3_middle,
    ntk_base,
    yarn_correction_index,
    yarn_frequency,
    yarn_rotations,
)
from posenc_sym.schemes.rope import block_score, pair_rotation, theta

m, n = sympy.symbols("m n", real=True)
w = sympy.Symbol("theta", positive=True)
q0, q1, k0, k1 = sympy.symbols("q0 q1 k0 k1", real=True)
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
            lhs=theta(0, d, _B_NTK),
            rhs=theta(0, d, b),
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
            lhs=yarn_rotations(theta(yarn_correction_index(rot, d, b, L), d, b), L),
            rhs=rot,
            conditions=(b > 1,),
            scope="general d, base b > 1, length L > 0, r > 0 turns (real index i)",
        ),
        Claim(
            id="long.yarn.keep",
            title="YaRN keeps a frequency that turns more than β = 32 times over L",
            lhs=yarn_frequency(1, s, 2 * sympy.pi * 33),
            rhs=1,
            scope="θ = 1, L = 66π (33 turns), any scale s > 0",
        ),
        Claim(
            id="long.yarn.interpolate",
            title="YaRN divides by s a frequency that turns less than α = 1 time over L",
            lhs=yarn_frequency(sympy.Rational(1, 2), s, sympy.pi),
            rhs=sympy.Rational(1, 2) / s,
            scope="θ = 1/2, L = π (a quarter turn), any scale s > 0",
        ),
        Claim(
            id="long.llama3.continuous_high",
            title="llama3: at λ = L/high the middle branch equals θ (continuous with 'keep')",
            lhs=llama3_middle(2 * sympy.pi * high / L, factor, low, high, L),
            rhs=2 * sympy.pi * high / L,
            conditions=(high > low,),
            scope="symbolic factor, low < high, length L",
        ),
        Claim(
            id="long.llama3.continuous_low",
            title="llama3: at λ = L/low the middle branch equals θ/factor (continuous with 'interpolate')",
            lhs=llama3_middle(2 * sympy.pi * low / L, factor, low, high, L),
            rhs=2 * sympy.pi * low / L / factor,
            conditions=(high > low,),
            scope="symbolic factor, low < high, length L",
        ),
    ),
)
