"""Seed document 003 (``003_750a8455e46b047a.txt``): a long blog post on Transformer encodings.

It walks from integer positions, [0, 1] positions and binary vectors to sin-only and then
sin/cos encodings, derives 2-D rotations, states the paper's formula, claims the log-space
``div_term`` avoids overflow and is faster, and ends with three snippets: the annotated
Transformer's ``PositionalEncoding``, a NumPy plotting loop, and a Swin Transformer variant.
"""

from __future__ import annotations

import sympy

from posenc_sym import Claim, Derivation, Source
from posenc_sym.notation import as_written
from posenc_sym.schemes import sinusoidal
from posenc_sym.schemes.sinusoidal import div_term, frequency, pe_vector, rotation_matrix, wavelength

DOC = "003_750a8455e46b047a.txt"

t = sympy.Symbol("t", real=True)
x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)
dt = sympy.Symbol("Δt", real=True)  # prints \Delta t, as the post and the titles write it
A = sympy.Symbol("A", positive=True)
Bf = sympy.Symbol("B", positive=True)
C = sympy.Symbol("C", real=True)
D = sympy.Symbol("D", real=True)
R = sympy.Symbol("R", positive=True)
alpha = sympy.Symbol("alpha", real=True)  # the document's angle A
beta = sympy.Symbol("beta", real=True)  # the document's angle B
w = sympy.Symbol("omega", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)
i = sympy.Symbol("i", integer=True, nonnegative=True)
kk = sympy.Symbol("k", integer=True, nonnegative=True)
d = sympy.Symbol("d", even=True, positive=True)
L = sympy.Symbol("L", integer=True, positive=True)
col = sympy.Symbol("i", integer=True, positive=True)  # a column of the sin-only vector, counted from 1
BASE = sympy.Integer(10000)
ZERO = sympy.Integer(0)
FLOAT32_MAX = sympy.Integer(2**24 - 1) * sympy.Integer(2) ** 104  # (2 − 2^−23)·2^127, exactly
FLOAT16_MAX = sympy.Integer(65504)

# The notation of the formulas (ω_i, PE_{(t,2i)}, λ_i with base 10000) and the claims' written forms.
SIN = sinusoidal.notation(BASE)
OMEGA, PE_SIN, PE_COS = SIN.lookup("omega")[0], *SIN.lookup("PE")
LAMBDA = SIN.lookup("lambda")[0]
SIN_512 = sinusoidal.notation(BASE, 512)
LAMBDA_512 = SIN_512.lookup("lambda")[0]


def src(quote: str, locator: str) -> Source:
    return Source(document=DOC, quote=quote, locator=locator)


def not_decidable(name: str) -> sympy.Expr:
    """A stand-in for a statement the text gives no mathematics for (an opaque, undefined value)."""
    return sympy.Function(name)()


def wave(arg: sympy.Expr) -> sympy.Expr:
    """y = A·sin(B·x + C) + D, the general sinusoid of the post."""
    return A * sympy.sin(Bf * arg + C) + D


CLAIMS_INTRO = [
    Claim(
        id="seeds.doc003.bounded.sin",
        title="sin is bounded: $-1 \\le \\sin x \\le 1$",
        lhs=sympy.sin(x) ** 2,
        rhs=sympy.Integer(1),
        relation="<=",
        scope="any real x",
        source=src("正弦函数的值范围在 ([-1, 1]) 之间", "连续有界"),
        tags=("property",),
        prose="sin²x ≤ 1 is the bound in one inequality. True.",
    ),
    Claim(
        id="seeds.doc003.unit-interval.three",
        title="three tokens on [0, 1] sit at 0, 0.5, 1",
        written=(sympy.Matrix([as_written(f"{j}/(3 - 1)") for j in range(3)]),
                 sympy.Matrix([0, sympy.Rational("0.5"), 1])),
        scope="$n = 3$ tokens, position $j/(n - 1)$",
        source=src("[0, 0.5, 1]", "用[0,1]范围标记位置"),
        tags=("printed-number",),
        prose="Token j of n sits at j/(n − 1); for n = 3 that is 0, 1/2, 1 and the spacing is 0.5. Right.",
    ),
    Claim(
        id="seeds.doc003.unit-interval.four-second",
        title="for four tokens the second sits at 0.33 (1/3 to two decimals)",
        lhs=sympy.Abs(sympy.Rational(1, 3) - sympy.Rational("0.33")),
        rhs=sympy.Rational("0.005"),
        relation="<=",
        scope="$n = 4$ tokens, two printed decimals",
        source=src("[0, 0.33, 0.69, 1]", "用[0,1]范围标记位置"),
        tags=("printed-number",),
        prose="1/3 = 0.333… rounds to 0.33. Right; so is the stated spacing 0.33.",
    ),
    Claim(
        id="seeds.doc003.unit-interval.four-third",
        title="for four tokens the third sits at 0.69",
        lhs=sympy.Abs(sympy.Rational(2, 3) - sympy.Rational("0.69")),
        rhs=sympy.Rational("0.005"),
        relation="<=",
        scope="$n = 4$ tokens, two printed decimals",
        expect="refuted",
        refutation="the third of four evenly spaced points is 2/3 ≈ 0.667, which lies {lhs} from 0.69: more than the {rhs} that two printed decimals allow.",
        source=src("[0, 0.33, 0.69, 1]", "用[0,1]范围标记位置"),
        tags=("printed-number",),
        prose=(
            "The third of four evenly spaced points in [0, 1] is 2/3 = 0.666…, printed 0.67; 0.69 is "
            "off by 0.023. It also contradicts the post's own claim of a constant spacing 0.33 "
            "(0.69 − 0.33 = 0.36, 1 − 0.69 = 0.31)."
        ),
    ),
    Claim(
        id="seeds.doc003.binary.two-bits",
        title="with $d_{\\mathrm{model}}$ = 2, positions 0…3 are [0,0], [0,1], [1,0], [1,1] in binary",
        written=(sympy.Matrix([as_written(f"2*{a} + {b}") for a, b in ((0, 0), (0, 1), (1, 0), (1, 1))]),
                 sympy.Matrix([0, 1, 2, 3])),
        scope="$d_{\\mathrm{model}}$ = 2, 4 positions",
        source=src("[0,0],[0,1],[1,0],[1,1]", "用二进制向量标记位置"),
        tags=("printed-number",),
        prose="Reading each vector as two binary digits gives 0, 1, 2, 3: the listed vectors are positions 0–3 in order.",
    ),
]

CLAIMS_SINE = [
    Claim(
        id="seeds.doc003.sinusoid.period",
        title="$y = A \\sin(Bx + C) + D$ repeats after $2\\pi/B$",
        lhs=wave(x + 2 * sympy.pi / Bf),
        rhs=wave(x),
        scope="$A, B > 0$ (the post's reading), any $C$, $D$, $x$",
        source=src("周期是:2π/B", "振幅,相移,垂直位移"),
        tags=("formula", "form:standard"),
        prose=(
            "True. The post's 'amplitude A' and 'period 2π/B' assume A, B > 0; in general they are "
            "|A| and 2π/|B|."
        ),
    ),
    Claim(
        id="seeds.doc003.sinusoid.phase",
        title="the phase shift is $-C/B$: $y = A \\sin(B(x - (-C/B))) + D$",
        lhs=A * sympy.sin(Bf * (x - (-C / Bf))) + D,
        rhs=wave(x),
        scope="$A, B > 0$, any $C$, $D$, $x$",
        source=src("相移是:−C/B", "振幅,相移,垂直位移"),
        tags=("formula", "form:standard"),
        prose="Factoring B out of Bx + C shows the curve is sin shifted right by −C/B. True.",
    ),
    Claim(
        id="seeds.doc003.sinusoid.sin-period",
        title="$\\sin x$ has period $2\\pi$",
        written=(as_written("sin(x + 2*pi)", x), sympy.sin(x)),
        scope="any real x",
        source=src("所以振幅是1,周期是2π", "振幅,相移,垂直位移"),
        tags=("formula",),
        prose="True.",
    ),
    Claim(
        id="seeds.doc003.frequency.reciprocal",
        title="frequency 4 means period 1/4",
        written=(as_written("1/(1/4)"), sympy.Integer(4)),
        scope="the example",
        source=src("所以频率是 4", "频率"),
        tags=("formula",),
        prose="Frequency = 1/period, as the post defines it. (The plotted curve is in a missing image.)",
    ),
    Claim(
        id="seeds.doc003.frequency.omega-is-not-frequency",
        title="$ω_i$ is the frequency in the post's sense, 1/period",
        lhs=1 / (2 * sympy.pi / sympy.Integer(1)),
        rhs=sympy.Integer(1),
        scope="$\\omega = 1$ (pair 0); the same for every $\\omega > 0$",
        expect="refuted",
        refutation="for ω = 1 the period of sin(ωt) is 2π, so its frequency in that sense is {lhs}, not ω = {rhs}: ω is the angular frequency.",
        source=src("这两个函数共享同一个频率", "Transformer 位置编码定义"),
        tags=("notation",),
        prose=(
            "The post defines frequency as 1/period, but later calls $ω_i$ 'the frequency'. sin(ωt) has "
            "period 2π/ω, so its frequency in that sense is ω/(2π); ω is the angular frequency. A "
            "notation slip, harmless once named."
        ),
    ),
    Claim(
        id="seeds.doc003.sin-only.wavelengths-grow",
        title="in the all-sin vector $\\sin(t/2^{i−1})$ each column's wavelength is twice the previous",
        lhs=(2 * sympy.pi * 2**col) / (2 * sympy.pi * 2 ** (col - 1)),
        rhs=sympy.Integer(2),
        scope="column $i \\ge 1$ of the sin-only vector",
        source=src("越往右波长", "sin表示位置"),
        tags=("property",),
        prose="Column i is $\\sin(t/2^{i−1})$, wavelength $2π·2^{i−1}$: doubling to the right, frequency halving. True.",
    ),
    Claim(
        id="seeds.doc003.sin-only.closed-loop",
        title="with high frequencies (width $d = 3$) early and late positions come close (figure)",
        lhs=not_decidable("closed_loop_figure_d_3"),
        rhs=sympy.Integer(1),
        scope="a missing figure",
        expect="unknown",
        source=src("位置相连点连成了一个闭环", "sin表示位置"),
        tags=("figure",),
        prose="The frequencies of the plotted example are not given, so the figure cannot be recomputed.",
    ),
    Claim(
        id="seeds.doc003.sin-only.paper-frequency",
        title="the paper uses the frequency $1/10000^{i/(d−1)}$",
        lhs=BASE ** sympy.Rational(-2, 3),
        rhs=frequency(1, 4, BASE),
        scope="$d = 4$, column 2 (the second pair)",
        expect="refuted",
        refutation="for d = 4 this formula gives column 2 the frequency {lhs}; the paper gives its pair 1 the frequency {rhs}.",
        source=src("\\frac{1}{10000^{i/(d_{model}-1)}}", "sin表示位置"),
        tags=("formula", "form:different"),
        prose=(
            "The post hedges ('i is not really the position here'), but the formula is different: with "
            "d = 4, column 2 gets $10000^{−2/3}$ ≈ 0.0022 instead of the paper's $10000^{−2/4}$ = 0.01. The "
            "variant gives each of the d columns its own frequency, spread from 1 down to exactly "
            "1/10000; the paper shares one frequency per sin/cos pair and stops at $10000^{−(d−2)/d}$."
        ),
    ),
    Claim(
        id="seeds.doc003.sin-only.endpoint",
        title="the post's variant ends exactly at $1/10000$ (column $d - 1$)",
        lhs=BASE ** (-(d - 1) / (d - 1)),
        rhs=sympy.Rational(1, 10000),
        scope="general $d \\ge 2$",
        source=src("w_{i} = \\frac{1}{10000^{i/(d_{model}-1)}}", "sin表示位置"),
        tags=("formula", "form:different"),
        prose="With denominator d − 1 the last column reaches 1/10000 exactly; the paper's last pair does not.",
    ),
    Claim(
        id="seeds.doc003.sin-only.no-linear-map",
        title="why cos is needed: the all-sin vector has no linear shift map ($\\mathrm{PE}(0) = 0$, $\\mathrm{PE}(1) \\ne 0$)",
        lhs=sympy.sin(sympy.Integer(1)) ** 2,
        rhs=ZERO,
        relation=">",
        scope="any width; pair 0 ($\\omega = 1$), positions 0 and 1",
        source=src("不同的位置向量是可以通过线性转换得到的", "sin和cos交替表示位置"),
        tags=("property", "linear-map"),
        prose=(
            "Every sin column is 0 at t = 0, so any matrix T sends PE(0) to 0, but PE(1) has first "
            "entry sin 1 ≠ 0. No T works for the all-sin vector: the post is right to move to sin/cos "
            "pairs."
        ),
    ),
]

CLAIMS_ROTATION = [
    Claim(
        id="seeds.doc003.rotation.ccw-x",
        title="$x_1 = R \\cos(A+B) = x_0 \\cos B - y_0 \\sin B$",
        lhs=R * sympy.cos(alpha + beta),
        rhs=(R * sympy.cos(alpha)) * sympy.cos(beta) - (R * sympy.sin(alpha)) * sympy.sin(beta),
        scope="any radius $R > 0$, angles $A$, $B$",
        source=src("x1 = x0 * cosB - y0 * sinB", "线形变换——旋转"),
        tags=("formula", "form:standard"),
        prose=(
            "With x0 = R cos A, y0 = R sin A, the addition formula gives the counter-clockwise rotation. "
            "True. (The post says the vector is turned 'to the right' (向右) by B yet lands at angle "
            "A + B, which is counter-clockwise: a wording slip.)"
        ),
    ),
    Claim(
        id="seeds.doc003.rotation.ccw-y",
        title="y1 = R sin(A+B) = x0 sin B + y0 cos B",
        lhs=R * sympy.sin(alpha + beta),
        rhs=(R * sympy.cos(alpha)) * sympy.sin(beta) + (R * sympy.sin(alpha)) * sympy.cos(beta),
        scope="any $R > 0$, angles $A$, $B$",
        source=src("y1 = x0 * sinB + y0 * cosB", "线形变换——旋转"),
        tags=("formula", "form:standard"),
        prose="True.",
    ),
    Claim(
        id="seeds.doc003.rotation.cw",
        title="clockwise: $x_1 = x_0 \\cos B + y_0 \\sin B$, $y_1 = -x_0 \\sin B + y_0 \\cos B$",
        lhs=sympy.Matrix([R * sympy.cos(alpha - beta), R * sympy.sin(alpha - beta)]),
        rhs=sympy.Matrix([
            R * sympy.cos(alpha) * sympy.cos(beta) + R * sympy.sin(alpha) * sympy.sin(beta),
            -R * sympy.cos(alpha) * sympy.sin(beta) + R * sympy.sin(alpha) * sympy.cos(beta),
        ]),
        scope="any $R > 0$, angles $A$, $B$",
        source=src("y1 = -x0 * sinB + y0 * cosB", "线形变换——旋转"),
        tags=("formula", "form:standard"),
        prose="Replacing B by −B. True.",
    ),
    Claim(
        id="seeds.doc003.rotation.ccw-matrix",
        title="row vector times $\\left[\\begin{smallmatrix} \\cos B & \\sin B \\\\ −\\sin B & \\cos B \\end{smallmatrix}\\right]$ rotates counter-clockwise",
        written=(sympy.MatMul(sympy.ImmutableMatrix([[x, y]]), sympy.ImmutableMatrix(
                     [[sympy.cos(beta), sympy.sin(beta)], [-sympy.sin(beta), sympy.cos(beta)]]), evaluate=False),
                 sympy.Matrix([[x * sympy.cos(beta) - y * sympy.sin(beta), x * sympy.sin(beta) + y * sympy.cos(beta)]])),
        scope="any x, y, B",
        source=src("[x*cosB-y*sinB ,x*sinB+y*cosB]", "线形变换——旋转"),
        tags=("formula", "form:standard"),
        prose="The product is computed correctly; note the matrix acts on a row vector from the right.",
    ),
    Claim(
        id="seeds.doc003.rotation.cw-matrix",
        title="row vector times $\\left[\\begin{smallmatrix} \\cos B & −\\sin B \\\\ \\sin B & \\cos B \\end{smallmatrix}\\right]$ rotates clockwise",
        written=(sympy.MatMul(sympy.ImmutableMatrix([[x, y]]), sympy.ImmutableMatrix(
                     [[sympy.cos(beta), -sympy.sin(beta)], [sympy.sin(beta), sympy.cos(beta)]]), evaluate=False),
                 sympy.Matrix([[x * sympy.cos(beta) + y * sympy.sin(beta), -x * sympy.sin(beta) + y * sympy.cos(beta)]])),
        scope="any x, y, B",
        source=src("同理变换矩阵为", "线形变换——旋转"),
        tags=("formula", "form:standard"),
        prose="True.",
    ),
    Claim(
        id="seeds.doc003.rotation.sin-cos-pair",
        title="$(\\sin(t+Δt), \\cos(t+Δt)) = \\left[\\begin{smallmatrix} \\cos Δt & \\sin Δt \\\\ −\\sin Δt & \\cos Δt \\end{smallmatrix}\\right] (\\sin t, \\cos t)$",
        lhs=sympy.Matrix([[sympy.cos(dt), sympy.sin(dt)], [-sympy.sin(dt), sympy.cos(dt)]]) * sympy.Matrix([sympy.sin(t), sympy.cos(t)]),
        rhs=sympy.Matrix([sympy.sin(t + dt), sympy.cos(t + dt)]),
        scope="any $t$, $\\Delta t$",
        source=src("\\cos((t + \\bigtriangleup t)", "sin和cos交替表示位置"),
        tags=("formula", "linear-map"),
        prose=(
            "True (the printed formula has a stray parenthesis, 'cos((t+Δt)'). Acting on the column "
            "(sin t, cos t), this matrix is the one the post earlier called counter-clockwise for row "
            "vectors; on a column it turns (sin t, cos t) clockwise, which is the direction t moves it."
        ),
    ),
    Claim(
        id="seeds.doc003.rotation.block-diagonal",
        title="the block-diagonal $T_{Δt}$ maps $\\mathrm{PE}_t$ to $\\mathrm{PE}_{t+Δt}$ ($d = 4$)",
        lhs=rotation_matrix(dt, 4, BASE) * pe_vector(t, 4, BASE),
        rhs=pe_vector(t + dt, 4, BASE),
        scope="$d = 4$, base 10000 (larger $d$ adds blocks)",
        source=src("PE_{t+\\bigtriangleup t} = T_{\\bigtriangleup t} * PE_{t}", "sin和cos交替表示位置"),
        tags=("formula", "linear-map", "form:standard"),
        prose="Each 2×2 block rotates one (sin, cos) pair by $ω_k·Δt$; the matrix depends on Δt, not t. True.",
    ),
]

CLAIMS_DEFINITION = [
    Claim(
        id="seeds.doc003.definition.first-token",
        title="the first token has $t = 1$",
        lhs=ZERO,
        rhs=sympy.Integer(1),
        scope="torch.arange(0, max_len) in the post's code",
        expect="refuted",
        refutation="the post's code, torch.arange(0, max_len), gives the first token t = {lhs}, not {rhs}.",
        source=src("例如第一个token为1", "Transformer 位置编码定义"),
        tags=("off-by-one",),
        prose="The definition counts positions from 1, the code from 0 (position = arange(0, max_len)). One of the two must give.",
    ),
    Claim(
        id="seeds.doc003.definition.standard",
        title="$\\mathrm{PE}_t^{2k} = \\sin(\\omega_k t)$, $\\mathrm{PE}_t^{2k+1} = \\cos(\\omega_k t)$, $\\omega_k = 1/10000^{2k/d}$ is the standard encoding",
        written=(sympy.Matrix([as_written("sin(t/10000**(2*k/d))", t, kk, d),
                               as_written("cos(t/10000**(2*k/d))", t, kk, d)]),
                 sympy.Matrix([PE_SIN.apply(t, 2 * kk), PE_COS.apply(t, 2 * kk + 1)])),
        notation=SIN,
        scope="pair k, general d",
        source=src("w_k = \\frac{1}{10000^{2k/d_{model}}}", "Transformer 位置编码定义"),
        tags=("formula", "form:standard"),
        prose="The paper's definition. (Elements are called 偶数行/奇数行, even/odd rows; they are entries, i.e. columns of the table.)",
    ),
    Claim(
        id="seeds.doc003.definition.i-range",
        title="the element index $i$ runs $0, \\ldots, d/2 - 1$",
        lhs=sympy.Integer(2 * (512 // 2 - 1) + 1),
        rhs=sympy.Integer(512 // 2 - 1),
        scope="$d = 512$ (the post's example); the same for every $d$",
        expect="refuted",
        refutation="for d = 512 the element index i = 2k + 1 reaches {lhs}, beyond d/2 − 1 = {rhs}; it is the pair index k that stops at d/2 − 1.",
        source=src("i = 0,1,2,3,...,\\frac{d_{model}}{2} -1", "Transformer 位置编码定义"),
        tags=("notation", "range"),
        prose=(
            "i is the element index (i = 2k or 2k+1), which runs 0 … d − 1; it is k that runs "
            "0 … d/2 − 1. The post uses i for both (later '$w_i$' is a pair frequency)."
        ),
    ),
    Claim(
        id="seeds.doc003.overflow.bound",
        title="the denominator $10000^{2k/d}$ stays below 10000: the largest exponent $(d-2)/d$ is below 1",
        lhs=(d - 2) / d,
        rhs=sympy.Integer(1),
        relation="<",
        scope="general $d$; the largest $k = d/2 - 1$",
        source=src("可能导致数值溢出或者数值精度问题", "Transformer 位置编码定义 / 注意"),
        tags=("overflow",),
        prose=(
            "2k/d ≤ (d−2)/d < 1 for every pair and $10000^x$ grows with x, so the denominator never "
            "reaches 10000 (d = 512: ≈ 9646.6). Nothing grows 'very large': the overflow worry is "
            "unfounded."
        ),
    ),
    Claim(
        id="seeds.doc003.overflow.float32",
        title="$10000^{2k/d}$ can exceed the float32 range",
        lhs=BASE ** sympy.Rational(510, 512),
        rhs=FLOAT32_MAX,
        relation=">",
        scope="$d = 512$, the largest denominator ($k = 255$)",
        expect="refuted",
        refutation="the largest denominator, at d = 512 and k = 255, is {lhs}; float32 reaches {rhs}.",
        source=src("避免中间的数值计算结果超出float的范围", "PositionalEncoding code comment"),
        tags=("overflow",),
        prose="float32 reaches $3.4·10^{38}$; the largest denominator is about $9.6·10^3$.",
    ),
    Claim(
        id="seeds.doc003.overflow.float16",
        title="even float16 holds the largest denominator",
        lhs=BASE ** sympy.Rational(510, 512),
        rhs=FLOAT16_MAX,
        relation="<",
        scope="$d = 512$ (any $d$: the bound $10000 < 65504$)",
        source=src("数值稳定性: 对数形式避免了指数项过大导致的数值溢出", "Transformer 位置编码定义 / 注意"),
        tags=("overflow",),
        prose="≈ 9646.6 < 65504, the float16 maximum. No floating type in use would overflow.",
    ),
    Claim(
        id="seeds.doc003.log-form.equivalent",
        title="the code's div_term $\\exp(2k \\cdot (−\\ln 10000/d))$ equals $1/10000^{2k/d}$",
        lhs=div_term(2 * kk, d, BASE),
        rhs=frequency(kk, d, BASE),
        scope="pair k, general d",
        source=src("与公式中给出的是不同的,但是是等价的", "PositionalEncoding code comment"),
        tags=("formula", "form:equivalent"),
        prose="exp(−2k ln 10000/d) = $10000^{−2k/d}$: the log-space form is an equivalent form of the standard frequency.",
    ),
    Claim(
        id="seeds.doc003.log-form.literal",
        title="its log form is $-\\log(10000)/d$",
        lhs=sympy.log(frequency(1, 512, BASE)),
        rhs=-sympy.log(BASE) / 512,
        scope="$d = 512$, $k = 1$",
        expect="refuted",
        refutation="for d = 512 and k = 1 the logarithm of $ω_1$ is {lhs}, while −ln(10000)/d is {rhs}: the factor 2k is missing.",
        source=src("-\\frac{\\log(10000.0)}{d_{\\text{model}}}", "Transformer 位置编码定义 / 注意"),
        tags=("formula",),
        prose=(
            "−ln(10000)/d is not the logarithm of $ω_k$ but its rate of change per column: ln $ω_k$ = "
            "2k·(−ln 10000/d). The factor 2k is missing from the sentence (the code has it)."
        ),
    ),
    Claim(
        id="seeds.doc003.log-form.more-accurate",
        title="in float32 the log form is at least as accurate as the power",
        lhs=sympy.Abs(sympy.Rational(12667899, 2**36) - frequency(239, 512, BASE)),
        rhs=sympy.Abs(sympy.Rational(12667907, 2**36) - frequency(239, 512, BASE)),
        relation="<=",
        scope="$d = 512$, pair $k = 239$, float32 results of NumPy 2.4 (exact dyadic values)",
        expect="refuted",
        refutation="for d = 512 and pair k = 239 the log form's float32 result lies {lhs} from the exact $ω_{{239}}$, the power's only {rhs}.",
        source=src("对数形式避免了指数项过大导致的数值溢出或者数值精度问题", "Transformer 位置编码定义 / 注意"),
        tags=("numerics", "measured"),
        prose=(
            "The two rationals are NumPy's float32 results (log form $\\exp(\\mathrm{fl}(2k) \\cdot "
            "\\mathrm{fl}(-\\ln 10000/d))$ and power $10000^{-2k/d}$), copied as exact values. The "
            "log form is 7.3 float32 ulps from the exact $ω_{239}$, the power 0.66 ulps. Over all 256 pairs "
            "the log form's error reaches 7.3 ulps (mean 1.5), the power's 0.89 (mean 0.3): rounding "
            "the argument $2k \\cdot (-\\ln 10000/d)$, up to 9.2 in size, costs up to about $4.8 \\cdot 10^{-7}$ absolute, which exp "
            "turns into a relative error of the same size. The log form is less accurate, not more."
        ),
    ),
    Claim(
        id="seeds.doc003.log-form.faster",
        title="the log form is more efficient",
        lhs=not_decidable("log_form_speedup"),
        rhs=sympy.Integer(1),
        scope="measured, not decidable",
        expect="unknown",
        source=src("计算效率: 对数形式的计算更加高效", "Transformer 位置编码定义 / 注意"),
        tags=("numerics", "measured"),
        prose=(
            "Measured in NumPy float32 with $d = 512$: the log form "
            "takes about 0.7–0.8 times the time of the power for the 256 frequencies, but both are computed "
            "once, and that step is under 0.1 % of filling the $5000 \\times 512$ table. Neither form repeats "
            "an exponent; the speed claim is true but immaterial. Timing is not a mathematical "
            "verdict, so it stays unknown."
        ),
    ),
    Claim(
        id="seeds.doc003.pairs.count",
        title="512 dimensions make 256 pairs, numbered 0 … 255",
        written=(sympy.Matrix([as_written("512/2"), as_written("512/2 - 1")]), sympy.Matrix([256, 255])),
        scope="$d = 512$",
        source=src("一共有256组", "Transformer 位置编码定义"),
        tags=("printed-number",),
        prose="Right.",
    ),
    Claim(
        id="seeds.doc003.wavelength.min",
        title="the shortest wavelength is $2\\pi$",
        written=(LAMBDA_512.apply(0), 2 * sympy.pi),
        notation=SIN_512,
        scope="$d = 512$",
        source=src("2\\pi*10000", "Transformer 位置编码定义"),
        tags=("range",),
        prose="Pair 0 has ω = 1. Right.",
    ),
    Claim(
        id="seeds.doc003.wavelength.max",
        title="the longest wavelength is $2π \\cdot 10000$",
        lhs=wavelength(255, 512, BASE),
        rhs=2 * sympy.pi * BASE,
        scope="$d = 512$, pair 255",
        expect="refuted",
        refutation="for d = 512 the longest wavelength, that of pair 255, is {lhs}; 2π · 10000 is {rhs}.",
        source=src("2\\pi*10000", "Transformer 位置编码定义"),
        tags=("range",),
        prose=(
            "The last pair is 255, so the longest wavelength is $2π·10000^{510/512}$ ≈ 60611.5, 3.5 % "
            "below 2π·10000 ≈ 62831.9. 2π·10000 is a strict upper bound that is never reached."
        ),
    ),
]

CLAIMS_CODE = [
    Claim(
        id="seeds.doc003.code.annotated.standard",
        title="the annotated-Transformer PositionalEncoding computes the standard table",
        lhs=div_term(2 * kk, d, BASE),
        rhs=frequency(kk, d, BASE),
        scope="pair k, general d",
        source=src("div_term = torch.exp(torch.arange(0, d_model, 2) *", "PositionalEncoding"),
        tags=("code", "form:equivalent"),
        prose=(
            "Columns 0::2 get sin(position·div_term[k]) and 1::2 get cos of the same product, so the "
            "table is standard exactly when the multiplier div_term[k] = exp(2k·(−ln 10000/d)) equals "
            "$ω_k$, which is what is proven: an equivalent (log-space) form, computed in float32."
        ),
    ),
    Claim(
        id="seeds.doc003.code.wavelength-grows",
        title="in the $d = 20$ plot, dims 6–7 have a longer wavelength than dims 4–5",
        lhs=wavelength(3, 20, BASE),
        rhs=wavelength(2, 20, BASE),
        relation=">",
        scope="$d = 20$, pairs 2 and 3",
        source=src("确认是否维度越往后,是否波长越长", "PositionalEncoding plot"),
        tags=("range",),
        prose="$2π·10000^{6/20}$ ≈ 99.6 against $2π·10000^{4/20}$ ≈ 39.6. True (the plot itself is a missing image).",
    ),
    Claim(
        id="seeds.doc003.heatmap.positions",
        title="the heat map's positions run from 0 to 100",
        lhs=sympy.Integer(100 - 1),
        rhs=sympy.Integer(100),
        scope="sequence_length = 100, range(sequence_length); the same for every length",
        expect="refuted",
        refutation="range(100) gives the positions 0 … 99: the last is {lhs}, not {rhs}.",
        source=src("从0开始到100", "Transformer位置编码可视化"),
        tags=("off-by-one",),
        prose="range(100) gives 0 … 99: the last position is sequence_length − 1, for every sequence_length.",
    ),
    Claim(
        id="seeds.doc003.heatmap.bounded",
        title="every entry lies in $[-1, 1]$",
        lhs=sympy.sin(w * t) ** 2 + sympy.cos(w * t) ** 2,
        rhs=sympy.Integer(1),
        scope="every pair, any position",
        source=src("位置向量的每一个值都位于[-1, 1]之间", "Transformer位置编码可视化"),
        tags=("property",),
        prose="Each (sin, cos) pair lies on the unit circle, so each entry is in [−1, 1]. True.",
    ),
    Claim(
        id="seeds.doc003.heatmap.right-half",
        title="in the right half (columns $\\ge 256$) $t$ barely matters",
        lhs=sympy.sin(99 * frequency(128, 512, BASE)),
        rhs=sympy.Rational(1, 10),
        relation="<",
        scope="$d = 512$, positions $0, \\ldots, 99$, column 256 (pair 128, $\\omega = 1/100$)",
        expect="refuted",
        refutation="for d = 512 the column 256 (ω = 1/100) still moves from 0 to {lhs} over t = 0 … 99; barely would be under {rhs}.",
        source=src("图的右半边几乎都是黄色的", "Transformer位置编码可视化"),
        tags=("range",),
        prose=(
            "Pair 128 has ω = $10000^{−1/2}$ = 1/100, so over t = 0 … 99 its sin column goes from 0 to "
            "sin(0.99) ≈ 0.836: far from constant. The statement holds from about three quarters "
            "across (next claim)."
        ),
    ),
    Claim(
        id="seeds.doc003.heatmap.right-quarter",
        title="from column 384 on, the sin columns move by less than 0.1 over $t = 0, \\ldots, 99$",
        lhs=sympy.sin(99 * frequency(192, 512, BASE)),
        rhs=sympy.Rational(1, 10),
        relation="<",
        scope="$d = 512$, positions $0, \\ldots, 99$, column 384 (pair 192, $\\omega = 1/1000$); later pairs are slower",
        source=src("越往后的位置,频率越小,波长越长", "Transformer位置编码可视化"),
        tags=("range",),
        prose="$ω_{192} = 10000^{−3/4}$ = 1/1000, so sin(0.099) ≈ 0.0988 < 0.1, and cos stays above 0.995.",
    ),
    Claim(
        id="seeds.doc003.code.numpy-loop",
        title="the NumPy loop (sin with $i/d$ for even $i$, cos with $(i-1)/d$ for odd $i$) is the standard formula",
        written=(sympy.Matrix([as_written("sin(t/10000**((2*k)/d))", t, kk, d),
                               as_written("cos(t/10000**(((2*k + 1) - 1)/d))", t, kk, d)]),
                 sympy.Matrix([PE_SIN.apply(t, 2 * kk), PE_COS.apply(t, 2 * kk + 1)])),
        notation=SIN,
        scope="pair k, general d (columns 2k and 2k+1)",
        source=src("np.cos(pos / (10000 ** ((i - 1) / d_model)))", "可视化代码"),
        tags=("code", "form:standard"),
        prose=(
            "Here i is the column: even column 2k uses exponent 2k/d and odd column 2k+1 uses "
            "(2k+1−1)/d = 2k/d, so both columns of a pair share $ω_k$. Unlike the loops of 001 and 002, "
            "this one is the standard encoding (computed in float64)."
        ),
    ),
    Claim(
        id="seeds.doc003.code.swin.standard",
        title="the Swin answer's SinusoidalPositionalEmbedding table is the standard one",
        lhs=div_term(2 * kk, d, BASE),
        rhs=frequency(kk, d, BASE),
        scope="pair k, general d",
        source=src("class SinusoidalPositionalEmbedding(nn.Module)", "Swin Transformer answer"),
        tags=("code", "form:equivalent"),
        prose=(
            "Same construction as the annotated Transformer (sin and cos of position·div_term[k] in "
            "columns 2k, 2k+1), so again the multiplier is $ω_k$: an equivalent form. Its forward also "
            "multiplies x by $√d_{\\mathrm{model}}$ first, as the paper scales embeddings."
        ),
    ),
    Claim(
        id="seeds.doc003.code.swin.shape",
        title="the Swin answer's forward keeps the input shape",
        lhs=sympy.Matrix([5, 5, 8]),
        rhs=sympy.Matrix([1, 5, 8]),
        scope="batch 1, 5 tokens, width 8 (shapes under broadcasting)",
        expect="refuted",
        refutation="with batch 1, 5 tokens and width 8 the output's first dimension is {lhs}, not the input's {rhs}: (1, 5, 8) becomes (5, 5, 8).",
        source=src("pe = pe.repeat(x.size(0), 1, 1)", "Swin Transformer answer"),
        tags=("code", "does-not-run"),
        prose=(
            "The buffer is stored as (max_len, 1, d); forward slices (n, 1, d) and repeats it to "
            "(B·n, 1, d). Added to x of shape (B, n, d), broadcasting gives (n, n, d) when B = 1 (each "
            "token's embedding plus every position's code: silently wrong) and an error when B ≥ 2 "
            "and n ≥ 2. Checked with NumPy broadcasting, which follows the same rules as torch."
        ),
    ),
    Claim(
        id="seeds.doc003.swin.uses-learned",
        title="Swin Transformer uses a learned (absolute) positional encoding",
        lhs=not_decidable("swin_positional_scheme"),
        rhs=sympy.Integer(1),
        scope="a fact about another model",
        expect="unknown",
        source=src("Swin Transformer使用的是Learned Positional Encoding", "Swin Transformer answer"),
        tags=("empirical",),
        prose=(
            "For the record, Swin's attention uses a learned relative "
            "position bias; an absolute learned embedding exists only as an option."
        ),
    ),
]

DERIVATION = Derivation(
    id="seeds.doc003",
    title="003_750a8455e46b047a.txt — Transformer positional encoding explained (blog post)",
    claims=tuple(CLAIMS_INTRO + CLAIMS_SINE + CLAIMS_ROTATION + CLAIMS_DEFINITION + CLAIMS_CODE),
    prose=(
        "The rotation algebra, the block-diagonal $T_{Δt}$, the paper's formula and the two main "
        "snippets (annotated Transformer, NumPy loop) are right. Wrong or loose: the printed 0.69 "
        "(2/3 ≈ 0.67), the 'paper frequency' $1/10000^{i/(d−1)}$, 'i = 0 … d/2 − 1', the wavelength "
        "maximum 2π·10000 (≈ 2π·9646.6 for d = 512), the overflow worry (the largest denominator is "
        "below $10^4$), the log form's supposed accuracy (in float32 it is less accurate: up to 7.3 "
        "ulps against 0.89), the heat map's 'right half' and positions 'to 100', and the Swin "
        "snippet's broadcasting."
    ),
)
