"""Longer contexts for RoPE: position interpolation, the NTK-aware base, YaRN, llama3 scaling."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.interpolation import (
    llama3_middle,
    ntk_base,
    yarn_correction_index,
    yarn_frequency,
    yarn_ramp,
)
from posenc_sym.schemes.rope import MATRIX_NOTATION as HEAD
from posenc_sym.schemes.rope import ROTARY, THETA, theta
from posenc_sym.schemes.sinusoidal import d as width

m, n = sympy.symbols("m n", real=True)
L, L2 = sympy.symbols("L L'", positive=True)  # trained and target lengths
q, k = sympy.MatrixSymbol("q", width, 1), sympy.MatrixSymbol("k", width, 1)
R, theta_column = ROTARY.apply, THETA.apply()


def _squeezed(position: sympy.Expr) -> sympy.Expr:
    """position · L/L', as position interpolation writes it."""
    return sympy.Mul(sympy.UnevaluatedExpr(position), L, sympy.Pow(L2, -1, evaluate=False), evaluate=False)


def head_score(first: sympy.Expr, second: sympy.Expr) -> sympy.Expr:
    """(R(first θ) q)ᵀ R(second θ) k, as written."""
    return sympy.MatMul(sympy.Transpose(R(sympy.MatMul(first, theta_column)) * q),
                        R(sympy.MatMul(second, theta_column)), k)
s = sympy.Symbol("s", positive=True)  # the scale L'/L
b = sympy.Symbol("b", positive=True)
d = sympy.Symbol("d", even=True, positive=True)  # the width; the NTK claims add the condition d > 2
i = sympy.Symbol("i", integer=True, nonnegative=True)
rot = sympy.Symbol("r", positive=True)  # a number of turns
factor, low, high = sympy.symbols("f l h", positive=True)  # llama3's factor, low and high factors

_B_NTK = ntk_base(b, s, d)

# The frequencies as notations, so that a claim shows what it evaluates: θ_i = b^(−2i/d) (i real,
# as YaRN's index is), θ_NTK(x) with the NTK-aware base, YaRN's corrected θ_YaRN(θ, s, L), llama3's
# middle branch θ_mid(θ) and YaRN's index i_corr(r) of the pair that turns r times over L.
_x = sympy.Symbol("i")  # any index, printed i as the course writes θ_i: b^(−2i/d) is defined for every real i
_r, _th, _sc, _len = sympy.symbols("r theta s L", positive=True)
THETA = Definition("theta", (_x,), theta(_x, d, b))  # θ_i, as RoPE writes it (any real index)
THETA_NTK = Definition("theta_NTK", (_x,), theta(_x, d, _B_NTK), form="call")
# θ_YaRN is written with its ramp γ named (the page would repeat the three-branch ramp twice);
# the check below makes sure the written body is the scheme's yarn_frequency.
# The middle branch written (r − 1)/31, as YaRN's ramp is stated (SymPy's own form is r/31 − 1/31).
_MIDDLE = sympy.Mul(sympy.Add(_r, -1, evaluate=False), sympy.Pow(31, -1, evaluate=False), evaluate=False)
GAMMA = Definition("gamma", (_r,), sympy.Piecewise((0, _r < 1), (1, _r > 32), (_MIDDLE, True)), form="call")
if sympy.simplify(GAMMA.body - yarn_ramp(_r)) != 0:
    raise ValueError("gamma as written is not the scheme's yarn_ramp")
_TURNS = _len * _th / (2 * sympy.pi)
THETA_YARN = Definition("theta_YaRN", (_th, _sc, _len),
                        # (1 − γ)·θ/s + γ·θ in the paper's order (SymPy's own puts γθ first)
                        sympy.Add(sympy.Mul(sympy.UnevaluatedExpr(1 - GAMMA.apply(_TURNS)), _th, sympy.Pow(_sc, -1, evaluate=False),
                                            evaluate=False),
                                  sympy.Mul(sympy.UnevaluatedExpr(GAMMA.apply(_TURNS)), _th, evaluate=False),
                                  evaluate=False), form="call")
THETA_MID = Definition("theta_mid", (_th,), llama3_middle(_th, factor, low, high, L), form="call")
I_CORR = Definition("i_corr", (_r,), yarn_correction_index(_r, d, b, L), form="call")
NOTATION = Notation(symbols=(L, s, b, d, i, rot, factor, low, high),
                    definitions=(THETA, THETA_NTK, GAMMA, THETA_YARN, THETA_MID, I_CORR))
if NOTATION.expand(THETA_YARN.apply(_th, _sc, _len)) != yarn_frequency(_th, _sc, _len):
    raise ValueError("theta_YaRN as written is not the scheme's yarn_frequency")

DERIVATION = Derivation(
    id="long_context",
    title="Longer contexts: interpolation, NTK-aware base, YaRN and llama3 scaling",
    prose=(
        "Position interpolation squeezes the $L'$ positions of a long input into the trained range: "
        "$m \\mapsto m L/L'$. RoPE's score then depends on the offset $(n - m) L/L'$, still only on the offset. "
        "The NTK-aware change of base leaves the fastest pair alone and slows the slowest by exactly "
        "the scale $s$, interpolating between. YaRN and llama3 pick, per frequency, between 'keep' "
        "(many turns over the training context) and 'interpolate' (less than one turn), with a linear "
        "ramp between; both ramps are continuous, proven below, so the boundary conventions of "
        "different implementations ($<$ or $\\le$) do not matter."
    ),
    claims=(
        Claim(
            id="long.pi.relative",
            title="Interpolated RoPE still sees only the offset, scaled by $L/L'$",
            written=(head_score(_squeezed(m), _squeezed(n)),
                     sympy.MatMul(sympy.Transpose(q), R(sympy.MatMul(_squeezed(sympy.Add(n, -m, evaluate=False)),
                                                                     theta_column)), k)),
            notation=HEAD,
            scope="every even $d$, base $b > 0$, lengths $L, L' > 0$",
            prose="Position interpolation feeds RoPE the position $mL/L'$ instead of $m$; the score is that of "
                  "RoPE at the offset $(n - m)L/L'$.",
        ),
        Claim(
            id="long.pi.in_range",
            title="The last position $L' - 1$ is interpolated to $(L' - 1) L/L' < L$",
            written=(_squeezed(sympy.Add(L2, -1, evaluate=False)), L),
            relation="<",
            scope="lengths $L, L' > 0$",
        ),
        Claim(
            id="long.ntk.highest",
            title="NTK-aware base: the highest frequency $\\theta_0 = 1$ is unchanged",
            written=(THETA_NTK.apply(0), THETA.apply(0)),
            notation=NOTATION,
            conditions=(d > 2,),
            scope="every even $d > 2$, base $b > 0$, scale $s > 0$",
        ),
        Claim(
            id="long.ntk.lowest",
            title="NTK-aware base: the lowest frequency $\\theta_{d/2-1}$ is divided by exactly $s$",
            written=(THETA_NTK.apply(d / 2 - 1), THETA.apply(d / 2 - 1) / s),
            notation=NOTATION,
            conditions=(d > 2,),
            scope="every even $d > 2$, base $b > 0$, scale $s > 0$",
            prose="$(b s^{d/(d-2)})^{-(d-2)/d} = b^{-(d-2)/d} s^{-1}$.",
        ),
        Claim(
            id="long.ntk.pair",
            title="NTK-aware base: pair $i$ is divided by $s^{2i/(d-2)}$",
            written=(THETA_NTK.apply(i), THETA.apply(i) * s ** (-2 * i / (d - 2))),
            notation=NOTATION,
            steps=(
                Step(None, "$(x y)^p = x^p y^p$ for $x, y > 0$",
                     written=THETA.apply(i) * (s ** (d / (d - 2))) ** (-2 * i / d)),
                Step(None, "$(s^a)^p = s^{a p}$ for $s > 0$, real $a$, $p$",
                     written=THETA.apply(i) * s ** (-2 * i / (d - 2))),
            ),
            conditions=(d > 2,),
            scope="pair $i$, every even $d > 2$, base $b > 0$, scale $s > 0$",
        ),
        Claim(
            id="long.yarn.correction_index",
            title=r"YaRN: pair $i = d \ln(L/(2\pi r))/(2 \ln b)$ makes exactly $r$ turns over $L$",
            written=(L * THETA.apply(I_CORR.apply(rot)) / (2 * sympy.pi), rot),
            notation=NOTATION,
            conditions=(b > 1,),
            scope="every even $d$, base $b > 1$, length $L > 0$, $r > 0$ turns (a real index $i$)",
        ),
        Claim(
            id="long.yarn.keep",
            title="YaRN keeps a frequency that turns more than $\\beta = 32$ times over $L$",
            written=(THETA_YARN.apply(1, s, 2 * sympy.pi * 33), sympy.Integer(1)),
            notation=NOTATION,
            scope="$\\theta = 1$, $L = 66\\pi$ (33 turns), any scale $s > 0$",
        ),
        Claim(
            id="long.yarn.interpolate",
            title="YaRN divides by $s$ a frequency that turns less than $\\alpha = 1$ time over $L$",
            written=(THETA_YARN.apply(sympy.Rational(1, 2), s, sympy.pi), sympy.Rational(1, 2) / s),
            notation=NOTATION,
            scope="$\\theta = 1/2$, $L = \\pi$ (a quarter turn), any scale $s > 0$",
        ),
        Claim(
            id="long.llama3.continuous_high",
            title="llama3: at $\\lambda = L/h$ the middle branch equals $\\theta$ (continuous with 'keep')",
            written=(THETA_MID.apply(2 * sympy.pi * high / L), 2 * sympy.pi * high / L),
            notation=NOTATION,
            conditions=(high > low,),
            scope="any factor $f$, low and high factors $l < h$, length $L$",
        ),
        Claim(
            id="long.llama3.continuous_low",
            title="llama3: at $\\lambda = L/l$ the middle branch equals $\\theta/f$ (continuous with 'interpolate')",
            written=(THETA_MID.apply(2 * sympy.pi * low / L), 2 * sympy.pi * low / L / factor),
            notation=NOTATION,
            conditions=(high > low,),
            scope="any factor $f$, low and high factors $l < h$, length $L$",
        ),
    ),
)
