"""Seed document 001 (``001_bb44b78ede21af39.txt``): study notes on positional encodings.

Two overlapping outlines (Markdown, then plain text whose formulas lost their fraction bars)
cover the sinusoidal encoding, learned and relative encodings, RoPE and ALiBi, and end with a
``get_sinusoid_encoding_table`` loop. Claims below follow the text in order.
"""

from __future__ import annotations

import sympy

from posenc_sym import Claim, Derivation, Source
from posenc_sym.notation import Definition, Notation, as_written
from posenc_sym.schemes import alibi, interpolation, rope, sinusoidal
from posenc_sym.schemes import attention as attention_scheme
from posenc_sym.schemes.sinusoidal import (
    frequency,
    pe_vector,
    rotation_block,
    rotation_matrix,
    wavelength,
)

DOC = "001_bb44b78ede21af39.txt"

t = sympy.Symbol("t", real=True)
k = sympy.Symbol("k", real=True)
w = sympy.Symbol("omega", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)
i = sympy.Symbol("i", integer=True, nonnegative=True)
j = sympy.Symbol("j", integer=True, nonnegative=True)
d = sympy.Symbol("d", even=True, positive=True)
p = sympy.Symbol("p", integer=True, positive=True)
m = sympy.Symbol("m", real=True)
c = sympy.Symbol("c", real=True)
delta = sympy.Symbol("delta", integer=True, nonnegative=True)
slope = sympy.Symbol("m_h", positive=True)
L_train = sympy.Symbol("L", positive=True)  # trained context length
L_new = sympy.Symbol("L_new", positive=True)  # extended context length
v = sympy.Symbol("v", nonnegative=True)  # how far before the end of the new context a position is
x1, x2, x3 = sympy.symbols("x_1 x_2 x_3", real=True)
q1, q2, k1, k2 = sympy.symbols("q_1 q_2 k_1 k_2", real=True)
BASE = sympy.Integer(10000)

# The notation of the formulas (ω_i, PE_{(t,2i)}, λ_i with base 10000) and the claims' written forms.
SIN = sinusoidal.notation(BASE)
OMEGA, PE_SIN, PE_COS = SIN.lookup("omega")[0], *SIN.lookup("PE")
LAMBDA = SIN.lookup("lambda")[0]
_qpos, _kpos = sympy.symbols("i j", real=True)
BIAS = Definition("bias", (_qpos, _kpos), alibi.bias(_qpos, _kpos, slope), form="call")  # bias(i, j) = −m_h|i − j|
ALIBI = Notation(symbols=(_qpos, _kpos, c, delta, slope), definitions=(BIAS,))
# RoPE for one pair with θ = 1, as the note writes it: R_x the rotation by the angle x, q and k 2-vectors.
n_key = sympy.Symbol("n", real=True)  # the key's position (n above is a count)
_angle = sympy.Symbol("x", real=True)
ROPE_R = Definition("R", (_angle,), sympy.Matrix([[sympy.cos(_angle), -sympy.sin(_angle)],
                                                  [sympy.sin(_angle), sympy.cos(_angle)]]))
ROPE_Q = Definition("q", (), sympy.Matrix([q1, q2]), form="value")
ROPE_K = Definition("k", (), sympy.Matrix([k1, k2]), form="value")
ROPE_PAIR = Notation(symbols=(m, n_key), definitions=(ROPE_R, ROPE_Q, ROPE_K))


def src(quote: str, locator: str) -> Source:
    return Source(document=DOC, quote=quote, locator=locator)


def not_decidable(name: str) -> sympy.Expr:
    """A stand-in for a statement the text gives no mathematics for (an opaque, undefined value)."""
    return sympy.Function(name)()


def attention(xs: list[sympy.Expr]) -> list[sympy.Expr]:
    """Softmax self-attention (posenc_sym.schemes.attention) over scalar tokens, W_q = W_k = W_v = 1."""
    one = sympy.Matrix([[1]])
    return list(attention_scheme.attention(sympy.Matrix(xs), one, one, one))


# Attn(P X) = P Attn(X): X = (x1, x2, x3), P the document's reordering.
_EQUIVARIANT = attention_scheme.equivariance_written(
    [x1, x2, x3], [1, 2, 0], lambda col: sympy.Matrix(attention(list(col))),
    about="softmax self-attention, all weight matrices 1")


def rope_score(pos_q: sympy.Expr, pos_k: sympy.Expr, q: sympy.Matrix, key: sympy.Matrix, dim: int) -> sympy.Expr:
    """⟨R(pos_q)·q, R(pos_k)·key⟩ with the adjacent-pair RoPE rotation, base 10000."""
    rq = rope.rotation_matrix(pos_q, dim, BASE) * q
    rk = rope.rotation_matrix(pos_k, dim, BASE) * key
    return (rq.T * rk)[0, 0]


_ONES8 = sympy.Matrix([1] * 8)

CLAIMS = [
    Claim(
        id="seeds.doc001.attention.order-literal",
        title="shuffling the tokens leaves each attention output unchanged",
        lhs=attention([sympy.Integer(1), sympy.Integer(0)])[0],
        rhs=attention([sympy.Integer(0), sympy.Integer(1)])[0],
        scope="2 scalar tokens, values 0 and 1, query = key = value",
        expect="refuted",
        refutation="with the two scalar tokens 0 and 1 (query = key = value), swapping them moves the first output from {rhs} to {lhs}.",
        source=src("若将输入序列的词序打乱，自注意力计算结果不会改变", "一、为什么需要位置编码？"),
        tags=("property",),
        prose=(
            "Read literally, position by position, the statement is false: swapping the tokens 0 and "
            "1 changes the first output from 1/2 to e/(1+e). What is true is the next claim: the "
            "outputs are permuted along with the inputs."
        ),
    ),
    Claim(
        id="seeds.doc001.attention.equivariant",
        title="self-attention without positions is permutation-equivariant",
        written=_EQUIVARIANT[0],
        notation=_EQUIVARIANT[1],
        scope="3 scalar tokens, any values, a cyclic permutation",
        source=src("输出仅依赖词的内容，而非位置", "一、为什么需要位置编码？"),
        tags=("property",),
        prose=(
            "Each token's output depends on the token and the multiset of all tokens only, so "
            "permuting the inputs permutes the outputs in the same way: the precise form of 'attention "
            "ignores order'."
        ),
    ),
    Claim(
        id="seeds.doc001.formula.standard",
        title="the Markdown formula is the standard sinusoidal encoding",
        written=(sympy.Matrix([as_written("sin(t/10000**(2*i/d))", t, i, d),
                               as_written("cos(t/10000**(2*i/d))", t, i, d)]),
                 sympy.Matrix([PE_SIN.apply(t, 2 * i), PE_COS.apply(t, 2 * i + 1)])),
        notation=SIN,
        scope="pair i, general d",
        source=src("PE_{(pos, 2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)", "2.1.1 正弦-余弦位置编码"),
        tags=("formula", "form:standard"),
        prose="Columns 2i and 2i+1 hold sin and cos of $\\mathrm{pos}·10000^{−2i/d}$: the paper's definition.",
    ),
    Claim(
        id="seeds.doc001.formula.flattened",
        title="the plain-text copy 'sin(100002i/dmodelpos)' is the same formula with its fraction lost",
        written=(sympy.Matrix([as_written("sin(10000**(-2*i/d)*t)", t, i, d),
                               as_written("cos(10000**(-2*i/d)*t)", t, i, d)]),
                 sympy.Matrix([PE_SIN.apply(t, 2 * i), PE_COS.apply(t, 2 * i + 1)])),
        notation=SIN,
        scope="pair i, general d",
        source=src("PE(pos,2i)=sin(100002i/dmodelpos)", "二、1. 数学公式"),
        tags=("formula", "form:standard", "notation"),
        prose=(
            "Copied from rendered math, the fraction pos / $10000^{2i/d_{\\mathrm{model}}}$ lost its bar and "
            "superscript ('100002i/dmodelpos'). Read as intended it is the standard formula; read "
            "literally it is not a formula at all."
        ),
    ),
    Claim(
        id="seeds.doc001.formula.i-range",
        title="with $0 \\le i < d/2$ the columns $2i$ and $2i+1$ fill exactly $0, \\ldots, d-1$",
        written=(as_written("2*(d/2 - 1) + 1", d), d - 1),
        scope="general d",
        source=src("i：编码向量的维度索引（0 ≤ i < d_model/2）", "二、1. 参数说明"),
        tags=("notation",),
        prose=(
            "The range is right, but i is the index of a (sin, cos) pair, not of a dimension: the "
            "dimensions are 2i and 2i+1, and the largest, for i = d/2 − 1, is d − 1."
        ),
    ),
    Claim(
        id="seeds.doc001.unique",
        title="every position gets its own vector (pair 0 already separates integer positions)",
        lhs=2 - 2 * sympy.cos(n),
        rhs=sympy.Integer(0),
        relation=">",
        scope="pair 0 ($\\omega = 1$), integer positions $n$ apart, $n \\ge 1$",
        source=src("通过正弦和余弦函数为每个位置生成唯一的向量", "2.1.1 正弦-余弦位置编码"),
        tags=("property",),
        prose=(
            "2 − 2cos(n) is the squared distance of the first pair for positions n apart; it vanishes "
            "only when n is a multiple of 2π, impossible for an integer n ≠ 0 since π is irrational. "
            "SymPy proves it as 4·sin²(n/2) > 0: sin of a nonzero rational is transcendental, hence nonzero."
        ),
    ),
    Claim(
        id="seeds.doc001.frequency-order",
        title="small i is high frequency, large i low frequency: ln $ω_{i+1}$ < ln $ω_i$",
        lhs=-2 * (i + 1) * sympy.log(BASE) / d,
        rhs=-2 * i * sympy.log(BASE) / d,
        relation="<",
        scope="pair i, general d, base 10000",
        source=src("高频（i较小时）", "二、2. 直观理解"),
        tags=("property",),
        prose=(
            "ln $ω_i$ = −2i·ln(10000)/d, and each step in i lowers it by 2·ln(10000)/d > 0; ln is "
            "increasing, so $ω_{i+1} = ω_i·10000^{−2/d} < ω_i$. True."
        ),
    ),
    Claim(
        id="seeds.doc001.wavelength.min",
        title="the shortest wavelength is $2\\pi$ (pair 0)",
        written=(LAMBDA.apply(0), 2 * sympy.pi),
        notation=SIN,
        scope="general d",
        source=src("波长从2π到20000π不等", "二、2. 直观理解"),
        tags=("range",),
        prose="$λ_0 = 2π/ω_0$ = 2π: the lower end of the stated range is right.",
    ),
    Claim(
        id="seeds.doc001.wavelength.max-exact",
        title="the longest wavelength is $2\\pi \\cdot 10000^{(d-2)/d}$ (pair $d/2 - 1$)",
        lhs=wavelength(d / 2 - 1, d, BASE),
        rhs=2 * sympy.pi * BASE ** ((d - 2) / d),
        scope="general d",
        source=src("波长从2π到20000π不等", "二、2. 直观理解"),
        tags=("range",),
        prose="The last pair is i = d/2 − 1, so $λ_{\\mathrm{max}} = 2π·10000^{2(d/2−1)/d} = 2π·10000^{(d−2)/d}$.",
    ),
    Claim(
        id="seeds.doc001.wavelength.max-is-20000pi",
        title="the longest wavelength is $20000\\pi$",
        lhs=wavelength(255, 512, BASE),
        rhs=20000 * sympy.pi,
        scope="$d = 512$",
        expect="refuted",
        refutation="for d = 512 the longest wavelength, that of the last pair 255, is {lhs}; 20000π is {rhs}.",
        source=src("波长从2π到20000π不等", "二、2. 直观理解"),
        tags=("range",),
        prose=(
            "20000π would need i = d/2, a pair that does not exist. For d = 512 the longest "
            "wavelength is $2π·10000^{255/256}$ ≈ 60611.5, about 3.5 % short of 20000π ≈ 62831.9; "
            "for small d the gap is large (d = 8: 2π·1000 ≈ 6283)."
        ),
    ),
    Claim(
        id="seeds.doc001.wavelength.below-20000pi",
        title="every wavelength is below $20000\\pi$: the exponent $(d-2)/d$ of $2\\pi \\cdot 10000^{(d-2)/d}$ is below 1",
        lhs=(d - 2) / d,
        rhs=sympy.Integer(1),
        relation="<",
        scope="general d (the longest wavelength; the others are shorter)",
        source=src("波长从2π到20000π不等", "二、2. 直观理解"),
        tags=("range",),
        prose=(
            "$λ_{\\mathrm{max}} = 2π·10000^{(d−2)/d}$ and $10000^x$ grows with x, so $λ_{\\mathrm{max}} < 2π·10000^1$ = 20000π exactly "
            "when (d−2)/d < 1. So [2π, 20000π) is a correct bound, but its upper end is never attained."
        ),
    ),
    Claim(
        id="seeds.doc001.linear.pair",
        title="PE(pos+k) is a linear function of PE(pos): one rotation block per pair",
        lhs=rotation_block(k, w) * sympy.Matrix([sympy.sin(w * t), sympy.cos(w * t)]),
        rhs=sympy.Matrix([sympy.sin(w * (t + k)), sympy.cos(w * (t + k))]),
        scope="every pair: any frequency $\\omega > 0$",
        source=src("位置pos+k的编码可用pos的编码线性表示", "二、2. 直观理解"),
        tags=("property", "linear-map"),
        prose="The block $\\left[\\begin{smallmatrix} \\cos ωk & \\sin ωk \\\\ −\\sin ωk & \\cos ωk \\end{smallmatrix}\\right]$ depends on $k$ only and maps pair i of PE(pos) to pair i of PE(pos+k).",
    ),
    Claim(
        id="seeds.doc001.linear.matrix",
        title="$M_k$ exists for the whole vector ($d = 4$): block-diagonal rotations",
        lhs=rotation_matrix(k, 4, BASE) * pe_vector(t, 4, BASE),
        rhs=pe_vector(t + k, 4, BASE),
        scope="$d = 4$, base 10000",
        source=src("PEpos+k=Mk⋅PEpos", "三、2. 正弦/余弦的周期性优势"),
        tags=("property", "linear-map"),
        prose="The matrix $M_k$ = diag(block($ω_0$ k), block($ω_1$ k)) does it for d = 4; larger d adds blocks.",
    ),
    Claim(
        id="seeds.doc001.concat.dimension",
        title="concatenating a p-dimensional encoding makes the input wider than d",
        lhs=d + p,
        rhs=d,
        relation=">",
        scope="general $d$, any encoding width $p \\ge 1$",
        source=src("若拼接会增加维度，导致计算量增大", "五、Q1"),
        tags=("property",),
        prose="Adding keeps width d; concatenating gives d + p. How much computation grows is not stated, so only the width is checked.",
    ),
    Claim(
        id="seeds.doc001.relative.bias-shift",
        title="a bias $B_{ij} = f(i - j)$ is unchanged when both positions shift",
        written=(as_written("f((m + c) - (t + c))", m, c, t), sympy.Function("f")(m - t)),
        scope="any bias function f of the offset, positions m and t, shift c",
        source=src("其中B是基于相对位置的偏置矩阵", "四、2. 相对位置编码"),
        tags=("property", "form:standard"),
        prose=(
            "Softmax(QKᵀ/√$d_k$ + B)V (the text lost the fraction: 'dkQKT') is the usual form of an "
            "additive relative bias (T5 buckets, ALiBi). A bias that depends on i − j only cannot "
            "tell absolute positions apart: shifting both positions leaves it unchanged."
        ),
    ),
    Claim(
        id="seeds.doc001.rope.relative",
        title="RoPE: the score of $R_m q$ and $R_n k$ depends on $n - m$ only",
        # The statement at the level the note makes it: R_m is the rotation by the angle mθ (one pair,
        # θ = 1), and the score of the rotated query and key is q^T R_{n-m} k, a function of n − m alone.
        written=(sympy.transpose(sympy.UnevaluatedExpr(ROPE_R.apply(m) * ROPE_Q.apply())) * ROPE_R.apply(n_key)
                 * ROPE_K.apply(),
                 sympy.transpose(ROPE_Q.apply()) * ROPE_R.apply(sympy.Add(n_key, -m, evaluate=False)) * ROPE_K.apply()),
        notation=ROPE_PAIR,
        scope="one pair (head width 2, $\\theta = 1$), any $q$, $k$ and positions $m$, $n$",
        source=src("Qm=Q⋅Rm,Kn=K⋅Rn", "四、3. 旋转位置编码"),
        tags=("property", "form:standard"),
        prose=(
            "Rotating the query by $m\\theta$ and the key by $n\\theta$ gives $(R_m q)^\\top R_n k = "
            "q^\\top R_m^\\top R_n k = q^\\top R_{n-m} k$, since a rotation's transpose turns back: the absolute "
            "positions enter only through their difference. The note writes row vectors ($Q R_m$); with "
            "column vectors the matrices are transposed and the statement is the same."
        ),
    ),
    Claim(
        id="seeds.doc001.rope.decay",
        title="RoPE scores decay with distance",
        lhs=rope_score(sympy.Integer(4), sympy.Integer(0), _ONES8, _ONES8, 8),
        rhs=rope_score(sympy.Integer(3), sympy.Integer(0), _ONES8, _ONES8, 8),
        relation="<=",
        scope="$d = 8$, base 10000, $q = k = (1, \\ldots, 1)$, distances 3 and 4",
        expect="refuted",
        refutation="with d = 8 and q = k = (1, …, 1) the score rises from {rhs} at distance 3 to {lhs} at distance 4.",
        source=src("保持相对位置的衰减性", "四、3. 旋转位置编码"),
        tags=("property",),
        prose=(
            "With q = k = all ones the score at distance Δ is $2Σ_p$ $\\cos(Δθ_p)$. It is 8 at Δ = 0 but "
            "rises from ≈ 3.93 at Δ = 3 to ≈ 4.53 at Δ = 4, so it does not decay monotonically. The "
            "RoPE paper's 'long-term decay' is about an upper bound that decreases on average with "
            "distance, not about every score; 'keeps the decay' overstates it."
        ),
    ),
    Claim(
        id="seeds.doc001.alibi.causal-form",
        title="$-m_h|i - j|$ equals ALiBi's $-m_h(i - j)$ for keys at or before the query",
        written=(BIAS.apply(_qpos, sympy.Add(_qpos, -delta, evaluate=False)), sympy.Mul(-1, slope, delta, evaluate=False)),
        notation=ALIBI,
        scope="query $i$, key $j = i - \\delta$ with $\\delta \\ge 0$ (causal attention), any slope $m_h > 0$",
        source=src("Softmax(dkQKT−m⋅∣i−j∣)V", "附：ALiBi位置编码示例"),
        tags=("formula", "form:equivalent"),
        prose=(
            "ALiBi adds −m·(i − j) to the logits of a causal model, where j ≤ i; there it equals the "
            "note's −m·|i − j|. The absolute-value form is the symmetric variant for bidirectional "
            "attention, so the formula is an equivalent form for causal attention."
        ),
    ),
    Claim(
        id="seeds.doc001.alibi.penalizes-distance",
        title="the ALiBi bias decreases as the distance grows",
        lhs=alibi.bias(delta + 1, 0, slope),
        rhs=alibi.bias(delta, 0, slope),
        relation="<",
        scope="any slope $m > 0$, distance $\\delta \\ge 0$",
        source=src("直接惩罚远距离词对的注意力权重", "附：ALiBi位置编码示例"),
        tags=("property",),
        prose="Each step of distance lowers the logit by m > 0: farther keys are penalized more. True.",
    ),
    Claim(
        id="seeds.doc001.alibi.no-stored-encoding",
        title="the ALiBi bias depends only on slope and distance (no per-position vector)",
        written=(BIAS.apply(sympy.Add(_qpos, c, evaluate=False), sympy.Add(_kpos, c, evaluate=False)), BIAS.apply(_qpos, _kpos)),
        notation=ALIBI,
        scope="any slope $m_h > 0$, positions $i$ and $j$, shift $c$",
        source=src("无需显式存储位置编码", "附：ALiBi位置编码示例"),
        tags=("property",),
        prose=(
            "True in the sense that nothing is added to the token embeddings and nothing is learned: "
            "the bias is a fixed function of slope and distance. Implementations still keep the H "
            "slopes and usually materialize a bias tensor, so 'stores nothing' is loose."
        ),
    ),
    Claim(
        id="seeds.doc001.sinusoid.any-position",
        title="the sinusoidal formula gives a bounded vector for any position",
        lhs=sympy.sin(w * t) ** 2 + sympy.cos(w * t) ** 2,
        rhs=sympy.Integer(1),
        scope="every pair: any frequency $\\omega > 0$, any real position",
        source=src("正弦编码：可通过公式直接计算任意位置", "五、Q3"),
        tags=("property",),
        prose="Every pair lies on the unit circle for every real t, so ‖PE(t)‖² = d/2 at any position, seen or not.",
    ),
    Claim(
        id="seeds.doc001.interpolation.in-range",
        title="position interpolation keeps the rescaled position inside the trained range",
        lhs=interpolation.interpolated_position((1 - v) * L_new, L_train, L_new),
        rhs=L_train,
        relation="<=",
        scope="trained length $L$, new length $L'$, position $m = (1 - v) L' \\le L'$ ($v \\ge 0$)",
        source=src("改进方法：位置插值", "五、Q3"),
        tags=("property",),
        prose=(
            "Interpolation maps position m ≤ L' of a longer context L' to m·L/L' ≤ L, so the "
            "rotation angles stay in the trained range. (It was introduced by Meta researchers for "
            "LLaMA in 2023; Llama 2 Long, also Meta, raised the RoPE base instead. The attribution is "
            "not checkable here.)"
        ),
    ),
    Claim(
        id="seeds.doc001.learned.cannot-generalize",
        title="learned tables cannot generalize beyond the training length",
        lhs=not_decidable("learned_generalizes_beyond_training_length"),
        rhs=sympy.Integer(0),
        scope="empirical",
        expect="unknown",
        source=src("缺点：不能泛化到比训练时更长的序列", "2.1.2 可学习的位置编码"),
        tags=("empirical",),
        prose=(
            "What is certain: a table of L learned rows has no row for position L or beyond, so it "
            "must be truncated or extended, and rows past the training lengths get no gradient "
            "(proven with the rejected encodings: a loss on the first rows has zero gradient for the "
            "next one). Whether a model generalizes is an empirical question the "
            "text gives no mathematics for; the verdict stays unknown."
        ),
    ),
    Claim(
        id="seeds.doc001.relative.long-text",
        title="relative encodings suit long texts and other lengths",
        lhs=not_decidable("relative_suits_long_texts"),
        rhs=sympy.Integer(1),
        scope="empirical",
        expect="unknown",
        source=src("适合处理长文本和泛化到不同长度的输入", "2.2 相对位置编码"),
        tags=("empirical",),
        prose="An empirical claim about training outcomes (also made for ALiBi); nothing in the text can decide it.",
    ),
    Claim(
        id="seeds.doc001.code.exponent",
        title="the loop's frequency for pair j is the standard $ω_j$",
        lhs=BASE ** sympy.Rational(-2 * 2, 16),
        rhs=frequency(1, 16, BASE),
        scope="the example's $d = 16$, pair $j = 1$ (columns 2, 3)",
        expect="refuted",
        refutation="for d = 16 and pair j = 1 the loop uses {lhs}, the standard $ω_1$ is {rhs}.",
        source=src("math.sin(pos / (10000 ** ((2 * i)/d_model)))", "get_sinusoid_encoding_table"),
        tags=("code", "form:different"),
        prose=(
            "The loop variable i already runs over even columns 0, 2, 4, …, i.e. it is 2j; the code "
            "then uses 2·i = 4j in the exponent. Pair j therefore gets $10000^{−4j/d}$ instead of "
            "$10000^{−2j/d}$: for d = 16 and j = 1 that is 1/10 instead of $10000^{−1/8}$ ≈ 0.316."
        ),
    ),
    Claim(
        id="seeds.doc001.code.exponent-is-pair-2j",
        title="the loop's pair j carries the standard frequency of pair 2j",
        written=(as_written("10000**(-2*(2*j)/d)", j, d), OMEGA.apply(2 * j)),
        notation=SIN,
        scope="pair j, general d",
        source=src("(2 * i)/d_model", "get_sinusoid_encoding_table"),
        tags=("code", "form:different"),
        prose=(
            "So the table is a different encoding: its first d/4 pairs use every other standard "
            "frequency, and the last d/4 go below the standard range."
        ),
    ),
    Claim(
        id="seeds.doc001.code.lowest-frequency",
        title="for $d = 16$ the loop's slowest pair has frequency $10^{-7}$ (standard: $10000^{-7/8}$)",
        written=(as_written("1/10000**(2*14/16)"), sympy.Rational(1, 10**7)),
        scope="$d = 16$ (the example), last pair $j = 7$, column $i = 14$",
        source=src("get_sinusoid_encoding_table(10, 16)", "get_sinusoid_encoding_table"),
        tags=("code", "form:different"),
        prose=(
            "The last pair's wavelength is $2π·10^7 ≈ 6.3·10^7$ positions against the standard "
            "$2π·10000^{7/8}$ ≈ 19869; over the example's 10 positions those columns are constant to "
            "about $10^{−6}$."
        ),
    ),
    Claim(
        id="seeds.doc001.code.pairs-share-frequency",
        title="the loop's sin and cos columns still share a frequency, so a rotation $T_k$ exists",
        lhs=rotation_block(k, BASE ** (-4 * j / d)) * sympy.Matrix(
            [sympy.sin(t / BASE ** (2 * (2 * j) / d)), sympy.cos(t / BASE ** (2 * (2 * j) / d))]),
        rhs=sympy.Matrix([sympy.sin((t + k) / BASE ** (2 * (2 * j) / d)),
                          sympy.cos((t + k) / BASE ** (2 * (2 * j) / d))]),
        scope="pair j, general d",
        source=src("table[pos, i+1] = math.cos(pos / (10000 ** ((2 * i)/d_model)))", "get_sinusoid_encoding_table"),
        tags=("code", "linear-map"),
        prose="Both columns of a pair use the same (wrong) exponent, so the shift-by-rotation property survives; only the frequencies differ from the paper.",
    ),
]

DERIVATION = Derivation(
    id="seeds.doc001",
    title="001_bb44b78ede21af39.txt — study notes: sinusoidal, learned, relative, RoPE, ALiBi",
    claims=tuple(CLAIMS),
    prose=(
        "The formulas are the standard ones; the linear-map and uniqueness statements hold. Wrong or "
        "loose: the wavelength range (the maximum is $2π·10000^{(d−2)/d}$, not 20000π), attention "
        "'unchanged' under shuffling (it is permuted), RoPE's 'decay' (not monotone), and the final "
        "loop, whose exponent 2·i/d with i already even gives a different encoding."
    ),
)
