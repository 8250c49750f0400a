"""Seed document 004 (``004_e7604d37a81a762a.txt``): course notes, unit 3, position encoding.

A short, careful derivation: the paper's formula, ω = 1/10000^(2i/d), the angle-addition
formulas, and the rewrite of PE(pos+k) as a linear combination of PE(pos) with coefficients
cos(ωk), sin(ωk). Each step becomes a claim; the rewrite is a two-step derivation.
"""

from __future__ import annotations

import sympy

from posenc_sym import Claim, Derivation, Source, Step
from posenc_sym.notation import as_written
from posenc_sym.schemes import sinusoidal
from posenc_sym.schemes.sinusoidal import frequency

DOC = "004_e7604d37a81a762a.txt"

pos = sympy.Symbol("pos", real=True)
k = sympy.Symbol("k", real=True)
a = sympy.Symbol("A", real=True)
bb = sympy.Symbol("B", real=True)
w = sympy.Symbol("omega", positive=True)
i = sympy.Symbol("i", integer=True, nonnegative=True)
d = sympy.Symbol("d", even=True, positive=True)
BASE = sympy.Integer(10000)

# The notation of the formulas (ω_i, PE_{(t,2i)}, λ_i with base 10000) and the claims' written forms.
SIN = sinusoidal.notation(BASE)
OMEGA, PE_SIN, PE_COS = SIN.lookup("omega")[0], *SIN.lookup("PE")
LAMBDA = SIN.lookup("lambda")[0]


def src(quote: str, locator: str) -> Source:
    return Source(document=DOC, quote=quote, locator=locator)


def not_decidable(name: str) -> sympy.Expr:
    """A stand-in for content that is not in the text (an opaque, undefined value)."""
    return sympy.Function(name)()


S, C = sympy.sin(w * pos), sympy.cos(w * pos)  # PE(pos, 2i), PE(pos, 2i+1) with ω = ω_i

CLAIMS = [
    Claim(
        id="seeds.doc004.formula.standard",
        title="the note's formula is the standard sinusoidal encoding",
        written=(sympy.Matrix([as_written("sin(pos/10000**(2*i/d))", pos, i, d),
                               as_written("cos(pos/10000**(2*i/d))", pos, i, d)]),
                 sympy.Matrix([PE_SIN.apply(pos, 2 * i), PE_COS.apply(pos, 2 * i + 1)])),
        notation=SIN,
        scope="pair i, general d",
        source=src("PE_{(pos, 2i)} & = \\sin \\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)", "实现方法"),
        tags=("formula", "form:standard"),
        prose=(
            "The paper's definition. 'i 代表维度' (i is the dimension) is loose: i numbers the "
            "(sin, cos) pairs, the dimensions are 2i and 2i+1."
        ),
    ),
    Claim(
        id="seeds.doc004.every-dimension-a-sinusoid",
        title="every dimension is a sinusoid: $\\cos(\\omega\\, \\mathrm{pos}) = \\sin(\\omega\\, \\mathrm{pos} + \\pi/2)$",
        written=(sympy.cos(w * pos), as_written("sin(omega*pos + pi/2)", w, pos)),
        scope="any frequency $\\omega > 0$",
        source=src("位置编码中的每个维度都对应一个正弦曲线", "实现方法"),
        tags=("property",),
        prose="The cos columns are sines shifted by a quarter period, so each column is a sinusoid in pos. True.",
    ),
    Claim(
        id="seeds.doc004.omega",
        title="with $ω = 1/10000^{2i/d}$, $\\mathrm{PE}(\\mathrm{pos}, 2i) = \\sin(ω \\, \\mathrm{pos})$ and $\\mathrm{PE}(\\mathrm{pos}, 2i+1) = \\cos(ω \\, \\mathrm{pos})$",
        written=(sympy.Matrix([as_written("sin(pos/10000**(2*i/d))", pos, i, d),
                               as_written("cos(pos/10000**(2*i/d))", pos, i, d)]),
                 sympy.Matrix([sympy.sin(sympy.Mul(OMEGA.apply(i), pos, evaluate=False)),
                               sympy.cos(sympy.Mul(OMEGA.apply(i), pos, evaluate=False))])),
        notation=SIN,
        scope="pair i, general d",
        source=src("\\omega = \\frac{1}{10000^{2i/d_{model}}}", "计算方式"),
        tags=("formula", "form:equivalent"),
        prose="Dividing by $10000^{2i/d}$ is multiplying by ω: an equivalent writing of the same formula.",
    ),
    Claim(
        id="seeds.doc004.addition.sin",
        title=r"$\sin(A+B) = \sin A\cos B + \cos A\sin B$",
        lhs=sympy.sin(a + bb),
        rhs=sympy.sin(a) * sympy.cos(bb) + sympy.cos(a) * sympy.sin(bb),
        scope="any real A, B",
        source=src("\\sin(A+B) = \\sin(A)\\cos(B) + \\cos(A)\\sin(B)", "计算方式"),
        tags=("formula",),
        prose="The addition formula. True.",
    ),
    Claim(
        id="seeds.doc004.addition.cos",
        title=r"$\cos(A+B) = \cos A\cos B - \sin A\sin B$",
        lhs=sympy.cos(a + bb),
        rhs=sympy.cos(a) * sympy.cos(bb) - sympy.sin(a) * sympy.sin(bb),
        scope="any real A, B",
        source=src("\\cos(A+B) = \\cos(A)\\cos(B) - \\sin(A)\\sin(B)", "计算方式"),
        tags=("formula",),
        prose="True.",
    ),
    Claim(
        id="seeds.doc004.shift.sin",
        title="$\\mathrm{PE}(\\mathrm{pos}+k, 2i) = \\mathrm{PE}(\\mathrm{pos}, 2i) \\cos(ωk) + \\mathrm{PE}(\\mathrm{pos}, 2i+1) \\sin(ωk)$",
        lhs=sympy.sin(w * (pos + k)),
        rhs=S * sympy.cos(w * k) + C * sympy.sin(w * k),
        steps=(
            Step(sympy.sin(w * pos + w * k), "distribute ω over pos + k"),
            Step(sympy.sin(w * pos) * sympy.cos(w * k) + sympy.cos(w * pos) * sympy.sin(w * k),
                 "sin(A+B) with A = ω·pos, B = ω·k"),
        ),
        scope="every pair: any frequency $\\omega > 0$",
        source=src("PE_{(pos + k, 2i)} & = PE_{(pos, 2i)}\\cos(\\omega * k)", "计算方式 / 重写可得"),
        tags=("formula", "linear-map"),
        prose="The sin column of position pos+k, from the addition formula and the definition of the two columns. True.",
    ),
    Claim(
        id="seeds.doc004.shift.cos",
        title="$\\mathrm{PE}(\\mathrm{pos}+k, 2i+1) = \\mathrm{PE}(\\mathrm{pos}, 2i+1) \\cos(ωk) − \\mathrm{PE}(\\mathrm{pos}, 2i) \\sin(ωk)$",
        lhs=sympy.cos(w * (pos + k)),
        rhs=C * sympy.cos(w * k) - S * sympy.sin(w * k),
        steps=(
            Step(sympy.cos(w * pos + w * k), "distribute ω over pos + k"),
            Step(sympy.cos(w * pos) * sympy.cos(w * k) - sympy.sin(w * pos) * sympy.sin(w * k),
                 "cos(A+B) with A = ω·pos, B = ω·k"),
        ),
        scope="every pair: any frequency $\\omega > 0$",
        source=src("PE_{(pos + k, 2i + 1)} & = PE_{(pos, 2i + 1)}\\cos(\\omega * k)", "计算方式 / 重写可得"),
        tags=("formula", "linear-map"),
        prose="True.",
    ),
    Claim(
        id="seeds.doc004.coefficients-free-of-pos",
        title="the coefficients $\\cos(\\omega k)$, $\\sin(\\omega k)$ do not depend on $\\mathrm{pos}$",
        lhs=sympy.Matrix([sympy.Derivative(sympy.cos(frequency(i, d, BASE) * k), pos),
                          sympy.Derivative(sympy.sin(frequency(i, d, BASE) * k), pos)]),
        rhs=sympy.Matrix([0, 0]),
        scope="pair i, general d",
        source=src("仅依赖于 $i$ 和 $k$，与 $pos$ 无关", "计算方式 / 观察结果"),
        tags=("property", "linear-map"),
        prose=(
            "The derivatives in pos vanish: the same 2×2 rotation serves every position, which is what "
            "makes PE(pos+k) a linear function of PE(pos). Strictly the coefficients also depend on "
            "$d_{\\mathrm{model}}$ and the base 10000, fixed for a model."
        ),
    ),
    Claim(
        id="seeds.doc004.linear-function",
        title="PE(pos+k) is a linear function of PE(pos), pair by pair",
        lhs=sympy.Matrix([[sympy.cos(w * k), sympy.sin(w * k)], [-sympy.sin(w * k), sympy.cos(w * k)]]) * sympy.Matrix([S, C]),
        rhs=sympy.Matrix([sympy.sin(w * (pos + k)), sympy.cos(w * (pos + k))]),
        scope="every pair: any frequency $\\omega > 0$",
        source=src("都可以被表示成 $PE_{pos}$ 的线性函数", "实现方法"),
        tags=("property", "linear-map"),
        prose="The two rewrites above in matrix form: a rotation by ωk acting on (PE(pos,2i), PE(pos,2i+1)). True.",
    ),
    Claim(
        id="seeds.doc004.code-link",
        title="the linked PostionEncoder class implements the formula",
        lhs=not_decidable("linked_code_not_in_document"),
        rhs=sympy.Integer(1),
        scope="code outside the document",
        expect="unknown",
        source=src("代码实现请见 [PostionEncoder 类]", "计算方式"),
        tags=("figure",),
        prose="The code is only linked (../code/transformer/layers.py), not included, so it cannot be checked here.",
    ),
]

DERIVATION = Derivation(
    id="seeds.doc004",
    title="004_e7604d37a81a762a.txt — Unit 3: position encoding (course notes)",
    claims=tuple(CLAIMS),
    prose=(
        "A clean derivation: every formula is the standard one and every step holds. Only the "
        "wording 'i is the dimension' is loose (i numbers pairs), and the code is not included."
    ),
)
