"""Geometry of the sinusoidal encoding: inner products, norms and distances depend only on offsets."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition
from posenc_sym.schemes.sinusoidal import MATRIX_NOTATION, OMEGA, PE_COLUMN, b, d, i, k, t

N = MATRIX_NOTATION
w = OMEGA.apply(i)  # ω_i, as written
PAIRS = (i, 0, d / 2 - 1)  # one term per (sin, cos) pair: d/2 of them
PE = PE_COLUMN.apply
T_PLUS_K = sympy.Add(t, k, evaluate=False)


def over_pairs(term: sympy.Expr) -> sympy.Sum:
    return sympy.Sum(term, PAIRS)


def sin_at(x: sympy.Expr) -> sympy.Expr:
    return sympy.sin(sympy.Mul(w, x, evaluate=False))


def cos_at(x: sympy.Expr) -> sympy.Expr:
    return sympy.cos(sympy.Mul(w, x, evaluate=False))


def number(value: sympy.Expr) -> sympy.ImmutableMatrix:
    """A scalar beside a product of columns (a 1×1 matrix), printed as the number it is."""
    return sympy.ImmutableMatrix([[value]])


def _plus(*terms: sympy.Expr) -> sympy.Expr:
    return sympy.Add(*terms, evaluate=False)


DOT = over_pairs(_plus(sin_at(t) * sin_at(T_PLUS_K), cos_at(t) * cos_at(T_PLUS_K)))
DOT_CLOSED = over_pairs(sympy.cos(w * k))
SQUARED_DISTANCE = over_pairs(_plus((sin_at(T_PLUS_K) - sin_at(t)) ** 2, (cos_at(T_PLUS_K) - cos_at(t)) ** 2))
DISTANCE_CLOSED = over_pairs(2 - 2 * sympy.cos(w * k))
GAP = sympy.MatAdd(PE(T_PLUS_K), -PE(t))  # PE(t + k) − PE(t)
# S(k) = Σ_i cos(ω_i k): the dot product PE(t)·PE(t+k) as a function of the offset.
DOT_OF_OFFSET = Definition("S", (k,), DOT_CLOSED, form="call")
GEOMETRY = N.define(DOT_OF_OFFSET)

dot_product = Claim(
    id="sinusoidal.dot.closed-form",
    title="$\\mathrm{PE}(t)^\\top \\mathrm{PE}(t+k) = \\sum_i \\cos(\\omega_i k)$",
    written=(sympy.MatMul(sympy.Transpose(PE(t)), PE(T_PLUS_K)), number(DOT_CLOSED)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$ (a symbolic sum over the $d/2$ pairs)",
    steps=(Step(None, "pair by pair", written=number(DOT)),
           Step(None, "$\\cos x \\cos y + \\sin x \\sin y = \\cos(x - y)$, termwise",
                written=number(over_pairs(sympy.cos(_plus(sympy.Mul(w, T_PLUS_K, evaluate=False), -w * t))))),
           Step(None, "$\\omega_i (t + k) - \\omega_i t = \\omega_i k$", written=number(DOT_CLOSED))),
    prose="Each pair contributes the cosine of the angle between two points on the unit circle.",
)

dot_offset_only = Claim(
    id="sinusoidal.dot.offset-only",
    title="$\\mathrm{PE}(t)^\\top \\mathrm{PE}(t+k)$ does not depend on $t$",
    written=(sympy.Derivative(DOT, t), sympy.Integer(0)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$",
    prose="Its derivative in $t$ vanishes for every $t$; on the connected real line it is a function of $k$ alone.",
)

dot_even = Claim(
    id="sinusoidal.dot.even-in-k",
    title="$\\mathrm{PE}(t)^\\top \\mathrm{PE}(t+k)$ is even in $k$",
    written=(DOT_OF_OFFSET.apply(-k), DOT_OF_OFFSET.apply(k)),
    notation=GEOMETRY,
    conditions=(b > 1,),
    scope="every even $d$",
    prose="$\\cos$ is even, so offsets $k$ and $-k$ give the same inner product: the encoding alone cannot tell "
          "a token $k$ places ahead from one $k$ places behind.",
)

norm = Claim(
    id="sinusoidal.norm",
    title="$\\|\\mathrm{PE}(t)\\|^2 = d/2$",
    written=(sympy.MatMul(sympy.Transpose(PE(t)), PE(t)), number(d / 2)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$",
    steps=(Step(None, "pair by pair", written=number(over_pairs(_plus(sin_at(t) ** 2, cos_at(t) ** 2)))),
           Step(None, "$\\sin^2 + \\cos^2 = 1$, termwise", written=number(over_pairs(sympy.Integer(1)))),
           Step(None, "$d/2$ terms", written=number(d / 2))),
)

norm_wrong = Claim(
    id="sinusoidal.norm-is-not-d",
    title="$\\|\\mathrm{PE}(t)\\|^2 = d$ (false: it is $d/2$)",
    written=(sympy.MatMul(sympy.Transpose(PE(t)), PE(t)), number(d)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$ (refuted at $d = 4$)",
    expect="refuted",
    prose="Each pair of columns contributes 1, not each column.",
)

distance = Claim(
    id="sinusoidal.distance.closed-form",
    title="$\\|\\mathrm{PE}(t+k) - \\mathrm{PE}(t)\\|^2 = \\sum_i (2 - 2 \\cos \\omega_i k)$",
    written=(sympy.MatMul(sympy.Transpose(GAP), GAP), number(DISTANCE_CLOSED)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$",
    prose="Expand the squares: $\\|u - v\\|^2 = \\|u\\|^2 + \\|v\\|^2 - 2u^\\top v$, with $\\|\\cdot\\|^2 = 1$ per pair and "
          "$u^\\top v = \\cos \\omega_i k$.",
)

distance_offset_only = Claim(
    id="sinusoidal.distance.offset-only",
    title="$\\|\\mathrm{PE}(t+k) - \\mathrm{PE}(t)\\|^2$ does not depend on $t$",
    written=(sympy.Derivative(SQUARED_DISTANCE, t), sympy.Integer(0)),
    notation=N,
    conditions=(b > 1,),
    scope="every even $d$",
    prose="Equal offsets give equal distances wherever they sit in the sequence.",
)

sin_bounded = Claim(
    id="sinusoidal.bounded.sin",
    title="sin entries lie in $[-1, 1]$: $\\sin^2(\\omega_i t) \\le 1$",
    written=(sin_at(t) ** 2, sympy.Integer(1)),
    notation=N,
    relation="<=",
    conditions=(b > 1, i < d / 2),
    scope="every entry, any even $d$ (for a real value $v$, $v^2 \\le 1$ is $-1 \\le v \\le 1$)",
)

cos_bounded = Claim(
    id="sinusoidal.bounded.cos",
    title="cos entries lie in $[-1, 1]$: $\\cos^2(\\omega_i t) \\le 1$",
    written=(cos_at(t) ** 2, sympy.Integer(1)),
    notation=N,
    relation="<=",
    conditions=(b > 1, i < d / 2),
    scope="every entry, any even $d$",
)

DERIVATION = Derivation(
    id="sinusoidal.geometry",
    title="Sinusoidal encoding: inner products and distances depend only on the offset",
    prose=(
        "Sums run over the $d/2$ pairs $i = 0, \\ldots, d/2 - 1$ with $\\omega_i = b^{-2i/d}$. Each statement is "
        "proven for a symbolic even $d$: a product of two columns of pairs is the sum of the pairs' products, "
        "and the summand identity is proven for every pair."
    ),
    claims=(dot_product, dot_offset_only, dot_even, norm, norm_wrong, distance, distance_offset_only,
            sin_bounded, cos_bounded),
)
