"""Geometry of the sinusoidal encoding: inner products, norms and distances depend only on offsets."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.sinusoidal import NOTATION, b, d, frequency, i, k, t

j = sympy.Symbol("j", integer=True, nonnegative=True)
w = frequency(j)
PAIRS = (j, 0, d / 2 - 1)  # one term per (sin, cos) pair: d/2 of them


def over_pairs(term: sympy.Expr) -> sympy.Sum:
    return sympy.Sum(term, PAIRS)


def sin_at(x: sympy.Expr) -> sympy.Expr:
    return sympy.sin(w * x)


def cos_at(x: sympy.Expr) -> sympy.Expr:
    return sympy.cos(w * x)


DOT = over_pairs(sin_at(t) * sin_at(t + k) + cos_at(t) * cos_at(t + k))
DOT_CLOSED = over_pairs(sympy.cos(w * k))
SQUARED_DISTANCE = over_pairs((sin_at(t + k) - sin_at(t)) ** 2 + (cos_at(t + k) - cos_at(t)) ** 2)
DISTANCE_CLOSED = over_pairs(2 - 2 * sympy.cos(w * k))
# S(k) = Σ_j cos(ω_j k): the dot product PE(t)·PE(t+k) as a function of the offset.
DOT_OF_OFFSET = Definition("S", (k,), DOT_CLOSED, form="call")
GEOMETRY = Notation(symbols=(b, d, k, t), definitions=(DOT_OF_OFFSET,))

dot_product = Claim(
    id="sinusoidal.dot.closed-form",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$\\mathrm{PE}(t) \\cdot \\mathrm{PE}(t+k) = \\sum_i \\cos(ω_i k)$",
    lhs=DOT,
    rhs=DOT_CLOSED,
    conditions=(b > 1,),
    scope="general d (a symbolic sum over the d/2 pairs)",
    steps=(Step(over_pairs(sympy.cos(w * (t + k) - w * t)), "cos x cos y + sin x sin y = cos(x − y), termwise"),
           Step(DOT_CLOSED, "$ω_i$ (t + k) − $ω_i$ t = $ω_i$ k")),
    prose="Each pair contributes the cosine of the angle between two points on the unit circle.",
)

dot_offset_only = Claim(
    id="sinusoidal.dot.offset-only",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$\\mathrm{PE}(t) \\cdot \\mathrm{PE}(t+k)$ does not depend on $t$",
    lhs=sympy.Derivative(DOT, t),
    rhs=0,
    conditions=(b > 1,),
    scope="general d",
    prose="Its derivative in t vanishes for every t; on the connected real line it is a function of k alone.",
)

dot_even = Claim(
    id="sinusoidal.dot.even-in-k",
    title="$\\mathrm{PE}(t) \\cdot \\mathrm{PE}(t+k)$ is even in $k$",
    written=(DOT_OF_OFFSET.apply(-k), DOT_OF_OFFSET.apply(k)),
    notation=GEOMETRY,
    conditions=(b > 1,),
    scope="general d",
    prose="cos is even, so offsets k and −k give the same inner product: the encoding alone cannot tell "
          "a token k places ahead from one k places behind.",
)

norm = Claim(
    id="sinusoidal.norm",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$‖\\mathrm{PE}(t)‖^2 = d/2$",
    lhs=over_pairs(sin_at(t) ** 2 + cos_at(t) ** 2),
    rhs=d / 2,
    conditions=(b > 1,),
    scope="general d",
    steps=(Step(over_pairs(sympy.Integer(1)), "sin² + cos² = 1, termwise"),
           Step(d / 2, "d/2 terms")),
)

norm_wrong = Claim(
    id="sinusoidal.norm-is-not-d",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$‖\\mathrm{PE}(t)‖^2$ is not $d$",
    lhs=over_pairs(sin_at(t) ** 2 + cos_at(t) ** 2),
    rhs=d,
    conditions=(b > 1,),
    scope="general d",
    expect="refuted",
    prose="Each pair of columns contributes 1, not each column.",
)

distance = Claim(
    id="sinusoidal.distance.closed-form",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$‖\\mathrm{PE}(t+k) − \\mathrm{PE}(t)‖^2 = \\sum_i (2 − 2 \\cos ω_i k)$",
    lhs=SQUARED_DISTANCE,
    rhs=DISTANCE_CLOSED,
    conditions=(b > 1,),
    scope="general d",
    prose="Expand the squares: ‖u − v‖² = ‖u‖² + ‖v‖² − 2u·v, with ‖·‖² = 1 per pair and u·v = cos $ω_i$ k.",
)

distance_offset_only = Claim(
    id="sinusoidal.distance.offset-only",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$‖\\mathrm{PE}(t+k) − \\mathrm{PE}(t)‖^2$ does not depend on $t$",
    lhs=sympy.Derivative(SQUARED_DISTANCE, t),
    rhs=0,
    conditions=(b > 1,),
    scope="general d",
    prose="Equal offsets give equal distances wherever they sit in the sequence.",
)

x = sympy.Symbol("x", real=True)

sin_bounded = Claim(
    id="sinusoidal.bounded.sin",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="sin entries lie in $[−1, 1]$: $\\sin^2(ω_i t) ≤ 1$",
    lhs=sin_at(t).subs(j, i) ** 2,
    rhs=1,
    relation="<=",
    conditions=(b > 1, i < d / 2),
    scope="every entry, any even d (for a real value v, v² ≤ 1 is −1 ≤ v ≤ 1)",
)

cos_bounded = Claim(
    id="sinusoidal.bounded.cos",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="cos entries lie in $[−1, 1]$: $\\cos^2(ω_i t) ≤ 1$",
    lhs=cos_at(t).subs(j, i) ** 2,
    rhs=1,
    relation="<=",
    conditions=(b > 1, i < d / 2),
    scope="every entry, any even d",
)

DERIVATION = Derivation(
    id="sinusoidal.geometry",
    title="Sinusoidal encoding: inner products and distances depend only on the offset",
    prose=(
        "Sums run over the d/2 pairs i = 0 … d/2 − 1 with $ω_i = b^{−2i/d}$. Each statement is "
        "proven for a symbolic even d, by proving the summand identity for every pair."
    ),
    claims=(dot_product, dot_offset_only, dot_even, norm, norm_wrong, distance, distance_offset_only,
            sin_bounded, cos_bounded),
)
