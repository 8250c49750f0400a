"""Seed document 000 (``000_02f08a127fa96913.txt``): notes titled "Positional Embedding".

The note motivates the sinusoidal encoding, states the paper's formula, fills a table with
PyTorch, prints a 4×10 demonstration tensor and ends with a full ``nn.Module``. Every formula,
printed number and snippet becomes a claim below; prose is ours, quotes are short.
"""

from __future__ import annotations

import sympy

from posenc_sym import Claim, Derivation, Source
from posenc_sym.notation import as_written
from posenc_sym.schemes import attention as attention_scheme
from posenc_sym.schemes import sinusoidal
from posenc_sym.schemes.sinusoidal import rotation_block

DOC = "000_02f08a127fa96913.txt"

t = sympy.Symbol("t", real=True)  # position (the document's pos)
k = sympy.Symbol("k", real=True)  # offset
w = sympy.Symbol("omega", positive=True)  # the frequency of one (sin, cos) pair
n = sympy.Symbol("n", integer=True, positive=True)  # a nonzero distance between two integer positions
i = sympy.Symbol("i", integer=True, nonnegative=True)  # pair index
d = sympy.Symbol("d", even=True, positive=True)  # d_model
L = sympy.Symbol("L", integer=True, positive=True)  # max_len
BASE = sympy.Integer(10000)

# The notation of the formulas (ω_i, PE_{(t,2i)}, λ_i with base 10000) and the claims' written forms.
SIN = sinusoidal.notation(BASE)
OMEGA, PE_SIN, PE_COS = SIN.lookup("omega")[0], *SIN.lookup("PE")
LAMBDA = SIN.lookup("lambda")[0]


def src(quote: str, locator: str) -> Source:
    return Source(document=DOC, quote=quote, locator=locator)


def _printed_claims() -> list[Claim]:
    """One claim per entry of the printed 4×10 tensor (max_len = 4, d_model = 10).

    Each says: the printed value is the exact value of the formula correctly rounded to the
    five significant digits torch prints, i.e. |exact − printed| ≤ half a unit in the last
    printed digit. The exact value uses the document's own formula, sin or cos of
    pos / 10000^(2i/10), which is the standard one.
    """
    rows = (
        "0.0000e+00 1.0000e+00 0.0000e+00 1.0000e+00 0.0000e+00 1.0000e+00 0.0000e+00 1.0000e+00 0.0000e+00 1.0000e+00",
        "8.4147e-01 5.4030e-01 1.5783e-01 9.8747e-01 2.5116e-02 9.9968e-01 3.9811e-03 9.9999e-01 6.3096e-04 1.0000e+00",
        "9.0930e-01 -4.1615e-01 3.1170e-01 9.5018e-01 5.0217e-02 9.9874e-01 7.9621e-03 9.9997e-01 1.2619e-03 1.0000e+00",
        "1.4112e-01 -9.8999e-01 4.5775e-01 8.8908e-01 7.5285e-02 9.9716e-01 1.1943e-02 9.9993e-01 1.8929e-03 1.0000e+00",
    )
    # The rows above are the document's printed digits, transcribed (they are the data under test).
    claims = []
    for pos, row in enumerate(rows):
        for col, text in enumerate(row.split()):
            pair = col // 2
            angle = sympy.Integer(pos) / BASE ** sympy.Rational(2 * pair, 10)
            exact = sympy.sin(angle) if col % 2 == 0 else sympy.cos(angle)
            exponent = int(text.split("e")[1])
            half_unit = sympy.Rational(1, 2) * sympy.Integer(10) ** (exponent - 4)
            fn = "sin" if col % 2 == 0 else "cos"
            tex = "\\" + fn  # \sin, \cos in the $...$ of the text
            claims.append(Claim(
                id=f"seeds.doc000.demo.r{pos}c{col}",
                title=f"printed entry [{pos},{col}] = {text} is ${tex}({pos}/10000^{{{2 * pair}/10}})$ rounded",
                lhs=sympy.Abs(exact - sympy.Rational(text)),
                rhs=half_unit,
                relation="<=",
                scope="$d = 10$, four positions (max_len 4)",
                expect="proven",
                source=src(text, f"演示 (demo tensor), row {pos}, column {col}"),
                tags=("printed-number", "form:standard"),
                prose=(
                    f"Exact value ${tex}({pos}·10000^{{−{2 * pair}/10}})$; printed with five significant "
                    f"digits it must lie within ${half_unit}$ of it."
                ),
            ))
    return claims


_PER_PAIR = "every pair: any frequency $\\omega > 0$, hence every $i$, $d$ and base"

def _attention(xs: list[sympy.Expr]) -> list[sympy.Expr]:
    """Softmax self-attention (posenc_sym.schemes.attention) over scalar tokens, W_q = W_k = W_v = 1."""
    one = sympy.Matrix([[1]])
    return list(attention_scheme.attention(sympy.Matrix(xs), one, one, one))


_xa, _xb = sympy.symbols("x_A x_B", real=True)
# Attn(P X) = P Attn(X) with X = (x_A, x_B) and P the swap: "B A" gives the outputs of "A B", swapped.
_ORDER_BLIND = attention_scheme.equivariance_written(
    [_xa, _xb], [1, 0], lambda col: sympy.Matrix(_attention(list(col))),
    about="softmax self-attention, all weight matrices 1")

CLAIMS = [
    Claim(
        id="seeds.doc000.intro.order-blind",
        title="without positions, attention cannot tell $A > B$ from $B > A$: swapping tokens swaps outputs",
        written=_ORDER_BLIND[0],
        notation=_ORDER_BLIND[1],
        scope="2 scalar tokens, any values, softmax self-attention (query = key = value)",
        source=src("无法区分如A>B和B>A等", "opening paragraph"),
        tags=("property",),
        prose=(
            "Self-attention is permutation-equivariant: the outputs of 'B A' are those of 'A B' in "
            "swapped order, so nothing in them records which came first. Hence an encoding is needed."
        ),
    ),
    Claim(
        id="seeds.doc000.needs.any-length",
        title="a position's encoding does not depend on the table length max_len",
        lhs=sympy.Derivative(sympy.sin(t / BASE ** (2 * i / d)), L),
        rhs=sympy.Integer(0),
        scope="pair i, general d, any max_len",
        source=src("模型可以适应长短不一的句子", "位置编码的需求"),
        tags=("property",),
        prose=(
            "The formula involves the position, i and d only; max_len merely decides how many rows "
            "are precomputed, so a longer table extends a shorter one row for row. Whether a model "
            "then copes with unseen lengths is an empirical matter this does not settle."
        ),
    ),
    Claim(
        id="seeds.doc000.needs.fixed-spacing",
        title="the distance between PE(t) and PE(t+k) does not depend on t",
        lhs=(sympy.sin(w * (t + k)) - sympy.sin(w * t)) ** 2 + (sympy.cos(w * (t + k)) - sympy.cos(w * t)) ** 2,
        rhs=2 - 2 * sympy.cos(w * k),
        scope=_PER_PAIR,
        source=src("位置编码间距应该固定", "位置编码的需求"),
        tags=("property",),
        prose=(
            "Read as: the gap between two positions k apart is the same wherever they sit. For one "
            "(sin, cos) pair the squared distance is 2 − 2cos(ωk), free of t; summing over the d/2 "
            "pairs gives Σ(2 − 2cos($ω_i$ k)), again free of t. So the sinusoidal encoding meets this "
            "requirement exactly (in Euclidean distance)."
        ),
    ),
    Claim(
        id="seeds.doc000.needs.unique",
        title="two different integer positions never share the first (sin, cos) pair",
        lhs=2 - 2 * sympy.cos(n),
        rhs=sympy.Integer(0),
        relation=">",
        scope="pair 0 ($\\omega = 1$), integer positions $n$ apart, $n \\ge 1$",
        source=src("每个值（即句子中token的位置（pos））各不相同", "SinCos位置编码 (figure caption)"),
        tags=("property",),
        prose=(
            "The document reads uniqueness off a heat map. The first pair alone already separates "
            "integer positions: its squared distance for positions n apart is 2 − 2cos(n), which is "
            "zero only if n is a multiple of 2π, impossible for a nonzero integer because π is "
            "irrational. SymPy proves it in the form 4·sin²(n/2) > 0: for a nonzero rational n/2, "
            "sin(n/2) is transcendental, hence nonzero. (This is exact arithmetic; in float32 nearby "
            "rows do collide at large t, see docs/encodings.md.)"
        ),
    ),
    Claim(
        id="seeds.doc000.paper-quote.linear",
        title="PE(pos+k) is a fixed linear (rotation) map of PE(pos), one 2×2 block per pair",
        lhs=rotation_block(k, w) * sympy.Matrix([sympy.sin(w * t), sympy.cos(w * t)]),
        rhs=sympy.Matrix([sympy.sin(w * (t + k)), sympy.cos(w * (t + k))]),
        scope=_PER_PAIR,
        source=src("can be represented as a linear function of", "SinCos位置编码 / 原因 (paper quote)"),
        tags=("property", "linear-map"),
        prose=(
            "The quoted sentence of the paper, for which the note only links a proof. The block "
            "$\\left[\\begin{smallmatrix} \\cos ωk & \\sin ωk \\\\ −\\sin ωk & \\cos ωk \\end{smallmatrix}\\right]$ contains $k$ but not pos, and maps "
            "$(\\sin ω\\,\\mathrm{pos}, \\cos ω\\,\\mathrm{pos})$ to $(\\sin ω(\\mathrm{pos}+k), \\cos ω(\\mathrm{pos}+k))$; "
            "the block-diagonal matrix of these blocks "
            "maps the whole vector."
        ),
    ),
    Claim(
        id="seeds.doc000.formula.standard",
        title="the note's formula is the standard sinusoidal encoding",
        written=(sympy.Matrix([as_written("sin(t/10000**(2*i/d))", t, i, d),
                               as_written("cos(t/10000**(2*i/d))", t, i, d)]),
                 sympy.Matrix([PE_SIN.apply(t, 2 * i), PE_COS.apply(t, 2 * i + 1)])),
        notation=SIN,
        scope="pair i, general d",
        source=src("PE_(pos,2i)=sin(pos/10000^{2i/d})", "位置编码公式"),
        tags=("formula", "form:standard"),
        prose=(
            "Dividing pos by $10000^{2i/d}$ is multiplying it by $ω_i = 10000^{−2i/d}$: columns 2i and "
            "2i+1 hold sin and cos of the same angle, exactly the paper's definition. (The subscript "
            "is typeset as PE_(pos,2i), a LaTeX slip for PE_{(pos,2i)}.)"
        ),
    ),
    Claim(
        id="seeds.doc000.formula.pos-range",
        title="pos runs from 0 to max_len: the last position is max_len",
        lhs=sympy.Integer(20 - 1),
        rhs=sympy.Integer(20),
        scope="max_len = 20 (the module's example call); the same for every max_len",
        expect="refuted",
        refutation="for max_len = 20 the code's last position is {lhs}, not {rhs}: torch.arange(0, max_len) stops at max_len − 1.",
        source=src("pos是PE的位置，从0到max_len", "位置编码公式"),
        tags=("off-by-one",),
        prose=(
            "The code fills torch.arange(0, max_len), the integers 0 … max_len − 1: a table of "
            "max_len rows whose last position is max_len − 1, not max_len. The claim as stated (the "
            "last position equals max_len) is false for every max_len."
        ),
    ),
    Claim(
        id="seeds.doc000.formula.2i-range",
        title="_2i runs from 0 to $d_{\\mathrm{model}}$: the last even column is $d_{\\mathrm{model}}$",
        lhs=sympy.Integer(40 - 2),
        rhs=sympy.Integer(40),
        scope="$d_{\\mathrm{model}}$ = 40 (the module's example call); the same for every $d_{\\mathrm{model}}$",
        expect="refuted",
        refutation="for $d_{{\\mathrm{{model}}}} = 40$ the last even column is {lhs}, not {rhs}.",
        source=src("_2i是偶数维度的位置，从0到d_model，步长", "位置编码公式"),
        tags=("off-by-one",),
        prose=(
            "torch.arange(0, $d_{\\mathrm{model}}$, step=2) yields 0, 2, …, $d_{\\mathrm{model}}$ − 2, never $d_{\\mathrm{model}}$ (the "
            "sentence also breaks off after '步长', the step 2 is missing). The value 2i = d would "
            "need a column d, which does not exist."
        ),
    ),
    Claim(
        id="seeds.doc000.formula.frequency-decreases",
        title="the frequency decreases as 2i grows: ln $ω_{i+1}$ < ln $ω_i$",
        lhs=-2 * (i + 1) * sympy.log(BASE) / d,
        rhs=-2 * i * sympy.log(BASE) / d,
        relation="<",
        scope="pair i, general d, base 10000",
        source=src("该函数频率随着向量维度递减（2i增加）", "位置编码公式"),
        tags=("property",),
        prose=(
            "ln $ω_i$ = −2i·ln(10000)/d falls by 2·ln(10000)/d > 0 per pair, so $ω_{i+1} = ω_i·10000^{−2/d}$ "
            "< $ω_i$: each pair turns more slowly than the one before it. True."
        ),
    ),
    Claim(
        id="seeds.doc000.formula.pairs-share-frequency",
        title="the code's sin column 2i and cos column 2i+1 use the same frequency",
        written=(as_written("1/10000**((2*i)/d)", i, d), OMEGA.apply(i)),
        notation=SIN,
        scope="pair i, general d",
        source=src("每个频率包含一对正弦和余弦", "位置编码公式"),
        tags=("code", "form:standard"),
        prose=(
            "Both slices (0::2 and 1::2) divide pos by the same tensor 10000^(_2i/d_model), "
            "_2i = 0, 2, …, d − 2, so column 2i and column 2i+1 share $ω_i = 10000^{−2i/d}$: each "
            "frequency carries one sine and one cosine, as the note says, and the snippet computes "
            "the standard formula (in float32, since pos and _2i are cast with .float())."
        ),
    ),
    Claim(
        id="seeds.doc000.code.runs",
        title="the full module is indented consistently",
        lhs=sympy.Integer(8),
        rhs=sympy.Integer(1),
        scope="the complete-code snippet",
        expect="refuted",
        refutation="the line 'def forward' starts with a tab, which Python reads as column {lhs} and, to guard against ambiguity, as column {rhs}; the readings disagree, so the snippet raises TabError.",
        source=src("def forward(self,x):", "完整代码 (the line starts with a tab)"),
        tags=("code", "does-not-run"),
        prose=(
            "The line 'def forward' is indented with one tab while the rest of the class uses "
            "spaces. Python reads a tab as reaching column 8 and, to guard against ambiguity, also as "
            "column 1; the two readings must agree. Here they give 8 (the body of __init__) and 1 (no "
            "open block), so compiling the snippet raises TabError: inconsistent use of tabs and "
            "spaces in indentation. Under the 8-column reading forward would anyway be a nested "
            "function inside __init__, not a method."
        ),
    ),
    *_printed_claims(),
    Claim(
        id="seeds.doc000.demo.float32-margin",
        title="float32 cannot change a printed digit: the tightest entries sit over $2^{−22}$ from a boundary",
        lhs=sympy.Min(
            sympy.Rational(1, 2 * 10**5) - sympy.Abs(sympy.cos(1 / BASE ** sympy.Rational(4, 10)) - sympy.Rational("9.9968e-01")),
            sympy.Rational(1, 2 * 10**5) - sympy.Abs(sympy.sin(3 / BASE ** sympy.Rational(2, 10)) - sympy.Rational("4.5775e-01")),
        ),
        rhs=sympy.Rational(1, 2**22),
        relation=">",
        scope="entries [1,5] and [3,2], the two closest to a rounding boundary relative to their size",
        source=src("9.9968e-01", "演示 (demo tensor), rows 1 and 3"),
        tags=("printed-number", "numerics"),
        prose=(
            "torch computed the tensor in float32. The angle $t/10000^{2i/10}$ then carries a relative "
            "error of about $2^{−22}$ at most (rounding the exponent 2i/10, the power and the division); "
            "times the angle (< 0.5) and the slope of sin or cos (≤ 1) that is below 1.2e-7, and the "
            "final rounding adds at most one float32 ulp (≤ $2^{−24}$ ≈ 6e-8): under $2^{−22}$ in all. The "
            "exact values lie more than 4.5e-7 inside their rounding intervals, so the float32 tensor "
            "prints exactly these digits (every other entry is further from a boundary relative to its size); a NumPy float32 "
            "emulation of the snippet prints all 40 values identically."
        ),
    ),
]

DERIVATION = Derivation(
    id="seeds.doc000",
    title="000_02f08a127fa96913.txt — Positional Embedding (notes with a printed 4×10 table)",
    claims=tuple(CLAIMS),
    prose=(
        "The formula and the code in this note are the standard sinusoidal encoding; the printed "
        "4×10 tensor is reproduced digit for digit. Wrong: the ranges 'pos from 0 to max_len' and "
        "'_2i from 0 to $d_{\\mathrm{model}}$' (both end one step earlier), and the complete module does not "
        "compile (a tab among spaces). About float32: the document's tensor was computed in float32; "
        "the tightest printed entry ([3,2] = 4.5775e-01) lies 0.045 units of its last digit (4.5e-7) "
        "from a rounding boundary, several times the float32 error of that entry (< 1e-7), and a NumPy "
        "float32 emulation of the snippet prints the same 40 values, so float32 and exact arithmetic "
        "agree on every printed digit."
    ),
)
