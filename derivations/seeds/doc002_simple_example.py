"""Seed document 002 (``002_0b9a95f29ab03777.txt``): a toy example motivating positional encoding.

Three characters (我 = 1, 打 = 2, 你 = 3) go through a "simplified Transformer" shown only as
images; the note reports outputs 18, 726 and 858, then adds the position codes 10, 20, 30. An
appendix gives a PyTorch ``PositionEmbedding`` whose sin and cos columns use different exponents.

The simplified model is not in the text, so its printed outputs are unverifiable as stated. We
test one reconstruction, labelled ``hypothesis``: y_i = x_i·(x_1 + x_2 + x_3), the raw dot-product
scores of token i against every token, summed (no softmax, no value weights). It is the only
monomial model x^a·(Σx)^b·(Σx²)^c·(Πx)^e (small integer exponents) that reproduces all three
numbers, and it does so only if 18 and 858 are the outputs of 你, not of 我.
"""

from __future__ import annotations

import sympy

from posenc_sym import Claim, Derivation, Source, Step
from posenc_sym.notation import Definition, Notation, as_written
from posenc_sym.schemes import attention as attention_scheme
from posenc_sym.schemes.sinusoidal import frequency

DOC = "002_0b9a95f29ab03777.txt"

t = sympy.Symbol("t", real=True)
w = sympy.Symbol("omega", positive=True)
x1, x2, x3 = sympy.symbols("x_1 x_2 x_3", real=True)
BASE = sympy.Integer(10000)
ZERO = sympy.Integer(0)


def src(quote: str, locator: str) -> Source:
    return Source(document=DOC, quote=quote, locator=locator)


def not_decidable(name: str) -> sympy.Expr:
    """A stand-in for a value the text does not give (it is in a missing image)."""
    return sympy.Function(name)()


def ints(*values: int) -> list[sympy.Expr]:
    return [sympy.Integer(v) for v in values]


def attention(xs: list[sympy.Expr]) -> list[sympy.Expr]:
    """Softmax self-attention (posenc_sym.schemes.attention) over scalar tokens, W_q = W_k = W_v = 1."""
    one = sympy.Matrix([[1]])
    return list(attention_scheme.attention(sympy.Matrix(xs), one, one, one))


# Attn(P X) = P Attn(X): X = (x1, x2, x3), P the document's reordering.
_EQUIVARIANT = attention_scheme.equivariance_written(
    [x1, x2, x3], [2, 1, 0], lambda col: sympy.Matrix(attention(list(col))),
    about="softmax self-attention, all weight matrices 1")


def h1(xs: list[sympy.Expr]) -> list[sympy.Expr]:
    """Hypothesis H1 for the missing model: y_i = x_i·Σ_j x_j."""
    total = sum(xs)
    return [x * total for x in xs]


WO_NI_DA = ints(1, 2, 3)  # 我打你
NI_DA_WO = ints(3, 2, 1)  # 你打我
POS = ints(10, 20, 30)

# y_r and z_r: the outputs of 我打你 and of 你打我 at row r, without positions (computed by attention).
_row = sympy.Symbol("r", integer=True, nonnegative=True)
OUT = Definition("y", (_row,), lambda r: attention(WO_NI_DA)[r], about="output r of the tokens 1, 2, 3")
OUT_REVERSED = Definition("z", (_row,), lambda r: attention(NI_DA_WO)[r], about="output r of the tokens 3, 2, 1")
OUTPUTS = Notation(definitions=(OUT, OUT_REVERSED))

CLAIMS = [
    Claim(
        id="seeds.doc002.no-pe.same-output",
        title="without positions, 我 gets the same output wherever it stands",
        written=(OUT.apply(0), OUT_REVERSED.apply(2)),
        notation=OUTPUTS,
        scope="3 scalar tokens, softmax self-attention (query = key = value = token)",
        source=src("不管位置怎么变，经过Transformer后出来的编码都是18", "问题分析"),
        tags=("property",),
        prose=(
            "Self-attention is permutation-equivariant: 我 (= 1) at position 1 of 我打你 and at "
            "position 3 of 你打我 sees the same multiset of tokens and gets the same output. This "
            "holds for any such model; the figure's model is one of them."
        ),
    ),
    Claim(
        id="seeds.doc002.no-pe.same-sum",
        title="without positions, $y_0 + y_1 + y_2$ is the same for both sentences",
        written=(sympy.Add(*(OUT.apply(r) for r in range(3)), evaluate=False),
                 sympy.Add(*(OUT_REVERSED.apply(r) for r in range(3)), evaluate=False)),
        notation=OUTPUTS,
        scope="3 scalar tokens, softmax self-attention",
        source=src("不管我打你，还是你打我，算出来的数完全一样", "问题分析"),
        tags=("property",),
        prose="The outputs are permuted with the inputs, so their sum, and any label thresholding it, cannot tell the two sentences apart.",
    ),
    Claim(
        id="seeds.doc002.no-pe.equivariant",
        title="self-attention cannot read positions: it is permutation-equivariant",
        written=_EQUIVARIANT[0],
        notation=_EQUIVARIANT[1],
        scope="3 scalar tokens, any values, reversed order",
        source=src("自注意力不能从句子中获取位置信息", "问题分析"),
        tags=("property",),
        prose="Reversing the input reverses the output, whatever the token values: the general form of the observation above.",
    ),
    Claim(
        id="seeds.doc002.figure.18",
        title="the figure's model maps 我 to 18",
        lhs=not_decidable("simplified_transformer_output_of_wo"),
        rhs=sympy.Integer(18),
        scope="the model drawn in a missing image",
        expect="unknown",
        source=src("经过Transformer后出来的编码都是18", "问题分析"),
        tags=("figure",),
        prose="The simplified Transformer appears only as an image, so 18 cannot be recomputed from the text. See the hypothesis claims.",
    ),
    Claim(
        id="seeds.doc002.figure.726",
        title="with positions, the figure's model maps 我 in 我打你 to 726",
        lhs=not_decidable("simplified_transformer_output_with_pe_sentence1"),
        rhs=sympy.Integer(726),
        scope="the model drawn in a missing image",
        expect="unknown",
        source=src("可以看出“我”变成了726", "解决方案"),
        tags=("figure",),
        prose="Depends on the missing image; H1 reproduces it (next claims).",
    ),
    Claim(
        id="seeds.doc002.figure.858",
        title="with positions, the figure's model maps 我 in 你打我 to 858",
        lhs=not_decidable("simplified_transformer_output_with_pe_sentence2"),
        rhs=sympy.Integer(858),
        scope="the model drawn in a missing image",
        expect="unknown",
        source=src("可以看出“我”变成了858", "解决方案"),
        tags=("figure",),
        prose="Depends on the missing image; under H1, 858 is the output of 你, not of 我.",
    ),
    Claim(
        id="seeds.doc002.h1.18-is-ni",
        title="hypothesis H1: 18 is the output of 你 (= 3) in both sentences",
        written=(sympy.Matrix([as_written("3*(1 + 2 + 3)"), as_written("3*(3 + 2 + 1)")]), sympy.Matrix([18, 18])),
        scope="hypothesis H1: $y_i = x_i·Σx$",
        source=src("都是18", "问题分析"),
        tags=("hypothesis", "printed-number"),
        prose="Under H1, 你 gets 3·6 = 18 in either sentence; the printed 18 fits H1 as the output of 你.",
    ),
    Claim(
        id="seeds.doc002.h1.18-is-wo",
        title="hypothesis H1: 18 is the output of 我 (= 1)",
        lhs=h1(WO_NI_DA)[0],
        rhs=sympy.Integer(18),
        scope="hypothesis H1: $y_i = x_i·Σx$",
        expect="refuted",
        refutation="under H1 我 = 1 gets 1 · 6 = {lhs}, not {rhs}.",
        source=src("“我”这个单词……都是18", "问题分析"),
        tags=("hypothesis", "printed-number"),
        prose="Under H1 我 gets 1·6 = 6. So either the model is not H1 or the note attached 18 to the wrong character.",
    ),
    Claim(
        id="seeds.doc002.h1.threshold",
        title="hypothesis H1: y1 + y2 + y3 = 36 > 30 for both sentences ('高兴' both times)",
        lhs=sympy.Min(sum(h1(WO_NI_DA)), sum(h1(NI_DA_WO))),
        rhs=sympy.Integer(30),
        relation=">",
        scope="hypothesis H1",
        source=src("当y1+y2+y3超过30的时候，我的情感是高兴的", "Transformer简化计算假设"),
        tags=("hypothesis",),
        prose="Under H1 the sum is (Σx)² = 36 for both sentences, above the note's threshold 30, matching 'both predicted happy'.",
    ),
    # One claim per row of the printed table (a row is one sentence): a lecturer checks the two sums one
    # at a time, and a 2 × 3 table of sums beside its values is too much for one display.
    Claim(
        id="seeds.doc002.table.with-pe",
        title="the summed codes of 我打你: $[1, 2, 3] + [10, 20, 30] = [11, 22, 33]$",
        written=(sympy.Matrix([[sympy.Add(a, b, evaluate=False) for a, b in zip(WO_NI_DA, POS, strict=True)]]),
                 sympy.Matrix([[11, 22, 33]])),
        scope="the printed table, first row",
        source=src("[11,22,33]", "考虑了位置编码后的编码"),
        tags=("printed-number",),
        prose="The printed sum is right: character code plus position code, entry by entry.",
    ),
    Claim(
        id="seeds.doc002.table.with-pe.reversed",
        title="the summed codes of 你打我: $[3, 2, 1] + [10, 20, 30] = [13, 22, 31]$",
        written=(sympy.Matrix([[sympy.Add(a, b, evaluate=False) for a, b in zip(NI_DA_WO, POS, strict=True)]]),
                 sympy.Matrix([[13, 22, 31]])),
        scope="the printed table, second row",
        source=src("[13,22,31]", "考虑了位置编码后的编码"),
        tags=("printed-number",),
        prose="Right as well: the same position codes added to the reversed sentence.",
    ),
    Claim(
        id="seeds.doc002.with-pe.outputs-differ",
        title="with positions added, 我 at position 1 and at position 3 get different outputs",
        lhs=(attention(ints(11, 22, 33))[0] - attention(ints(13, 22, 31))[2]) ** 2,
        rhs=ZERO,
        relation=">",
        scope="softmax self-attention on the summed codes",
        source=src("他们就不是同一个“我”", "解决方案"),
        tags=("property",),
        prose="The inputs 11 and 31 differ, and so do the outputs (about 33.0 against 31.0 here): adding the codes breaks the symmetry, as the note says.",
    ),
    Claim(
        id="seeds.doc002.h1.726",
        title="hypothesis H1 gives 726 for 我 (= 11) in [11, 22, 33]",
        written=(as_written("11*(11 + 22 + 33)"), sympy.Integer(726)),
        scope="hypothesis H1",
        source=src("“我”变成了726", "解决方案"),
        tags=("hypothesis", "printed-number"),
        prose="11·66 = 726: H1 reproduces the printed value, attached to the right character.",
    ),
    Claim(
        id="seeds.doc002.h1.858-is-wo",
        title="hypothesis H1 gives 858 for 我 (= 31) in [13, 22, 31]",
        lhs=h1(ints(13, 22, 31))[2],
        rhs=sympy.Integer(858),
        scope="hypothesis H1",
        expect="refuted",
        refutation="under H1 我 = 31 gets 31 · 66 = {lhs}, not {rhs}.",
        source=src("“我”变成了858", "解决方案"),
        tags=("hypothesis", "printed-number"),
        prose="Under H1 我 = 31 gets 31·66 = 2046.",
    ),
    Claim(
        id="seeds.doc002.h1.858-is-ni",
        title="hypothesis H1 gives 858 for 你 (= 13), the first token of [13, 22, 31]",
        written=(as_written("13*(13 + 22 + 31)"), sympy.Integer(858)),
        scope="hypothesis H1",
        source=src("“我”变成了858", "解决方案"),
        tags=("hypothesis", "printed-number"),
        prose=(
            "13·66 = 858. So H1 reproduces all three printed numbers (18, 726, 858) as values of the "
            "model, but 18 and 858 belong to 你: the figures probably showed the first or last output, "
            "and the note read them as 我's. No simple model fits the note's own attribution."
        ),
    ),
    Claim(
        id="seeds.doc002.h1.sums-still-equal",
        title="hypothesis H1: with positions the two output sums are still equal (4356)",
        # Under H1 the output sum y_1 + y_2 + y_3 = Σ_i x_i·Σ_j x_j is (Σx)²: the claim is stated in that
        # form, and the one step a reader needs is that both sentences' codes sum to 66.
        written=(as_written("(11 + 22 + 33)**2"), as_written("(13 + 22 + 31)**2")),
        steps=(Step(None, "the codes of 我打你 sum to $11 + 22 + 33 = 66$", written=as_written("66**2")),
               Step(None, "and so do those of 你打我, the same codes in another order: $66 = 13 + 22 + 31$",
                    written=as_written("(13 + 22 + 31)**2"))),
        scope="hypothesis H1",
        source=src("上面想加后还是一样的", "解决方案 / 第一点"),
        tags=("hypothesis",),
        prose=(
            "Under H1 the output sum is $\\sum_r x_r \\sum_s x_s = (\\sum x)^2$, and $\\sum x = 66$ for both "
            "sentences because the same tokens and the same codes are added. This matches the note's first "
            "caveat. It is a property of H1 (and of any model whose output sum depends only on $\\sum x$), "
            "not of attention in general."
        ),
    ),
    Claim(
        id="seeds.doc002.scale.ratio",
        title="the position codes are 10 times the character codes (exactly, for the sums)",
        written=(as_written("(10 + 20 + 30)/(1 + 2 + 3)"), sympy.Integer(10)),
        scope="the example's codes",
        source=src("位置编码的数字几乎是汉字编码的10倍", "解决方案 / 第二点"),
        tags=("printed-number",),
        prose=(
            "60/6 = 10 exactly, and token by token in 我打你 (10/1, 20/2, 30/3); in 你打我 the ratios "
            "are 10/3, 10 and 30. 'Almost 10 times' is fair for the sums."
        ),
    ),
    Claim(
        id="seeds.doc002.scale.sqrt-d",
        title="the $\\sqrt{D}$ scaling exists to balance word and position codes, not for variance",
        lhs=not_decidable("purpose_of_sqrt_d_scaling"),
        rhs=sympy.Integer(1),
        scope="design intent",
        expect="unknown",
        source=src("莫名其妙的给编码除以根号D之类的", "解决方案 / 第二点"),
        tags=("empirical",),
        prose=(
            "A claim about intent, which the text cannot settle. For the record: the original "
            "Transformer multiplies the embeddings by $√d_{\\mathrm{model}}$ and divides the attention logits by "
            "$√d_k$; the latter keeps the variance of a $d_k$-term dot product of unit-variance "
            "entries at 1."
        ),
    ),
    Claim(
        id="seeds.doc002.circle.unit",
        title="$(\\sin \\omega t, \\cos \\omega t)$ moves on the unit circle",
        lhs=sympy.sin(w * t) ** 2 + sympy.cos(w * t) ** 2,
        rhs=sympy.Integer(1),
        scope="any frequency $\\omega > 0$, any time $t$",
        source=src("平面上画个单位元", "其他可考虑的位置编码 / 2"),
        tags=("property",),
        prose="Right (the note writes 单位元 for 单位圆, the unit circle).",
    ),
    Claim(
        id="seeds.doc002.circle.any-omega",
        title="any frequency $\\omega$ works",
        written=(as_written("(sin(2*pi*1) - sin(0))**2 + (cos(2*pi*1) - cos(0))**2"), ZERO),
        relation=">",
        scope="$\\omega = 2\\pi$, integer positions 0 and 1",
        expect="refuted",
        refutation="at ω = 2π the positions 0 and 1 land on the same point: their squared distance is {lhs}.",
        source=src("w是运动频率，可以随便调整", "其他可考虑的位置编码 / 2"),
        tags=("property",),
        prose=(
            "If ω is a rational multiple of 2π the point returns to where it was, so integer "
            "positions repeat; at ω = 2π every integer position lands on the same point. The paper's "
            "frequencies $10000^{−2i/d}$ avoid this because π is irrational, and choosing them is not "
            "arbitrary."
        ),
    ),
    Claim(
        id="seeds.doc002.appendix.formula",
        title="the appendix formula (an image) matches the code",
        lhs=not_decidable("appendix_formula_image"),
        rhs=sympy.Integer(1),
        scope="the missing image",
        expect="unknown",
        source=src("注意下方公式分i为奇数偶数两种情况", "附录：三角位置编码"),
        tags=("figure",),
        prose="The formula itself is an image missing from the text; only the code below can be checked.",
    ),
    Claim(
        id="seeds.doc002.code.sin-exponent",
        title="the sin columns use the standard exponent",
        lhs=BASE ** sympy.Rational(-2 * 2, 6),
        rhs=frequency(1, 6, BASE),
        scope="$D = 6$ (the example's $i = 0, \\ldots, 5$), sin column 2 (pair 1)",
        expect="refuted",
        refutation="for D = 6 the sin column 2 (pair 1) gets the frequency {lhs}; the standard one is {rhs}.",
        source=src("2*i_even/embedding_dim", "附录 / PositionEmbedding"),
        tags=("code", "form:different"),
        prose=(
            "$i_{\\mathrm{even}}$ holds the column numbers 0, 2, 4, … themselves, and the exponent doubles them: "
            "sin column 2j gets $10000^{−4j/D}$ instead of $10000^{−2j/D}$."
        ),
    ),
    Claim(
        id="seeds.doc002.code.cos-exponent",
        title="the cos columns use the standard exponent",
        lhs=BASE ** sympy.Rational(-2 * 1, 6),
        rhs=frequency(0, 6, BASE),
        scope="$D = 6$, cos column 1 (pair 0)",
        expect="refuted",
        refutation="for D = 6 the cos column 1 (pair 0) gets the frequency {lhs}; its sin partner, column 0, has {rhs}.",
        source=src("2*i_odd/embedding_dim", "附录 / PositionEmbedding"),
        tags=("code", "form:different"),
        prose="$i_{\\mathrm{odd}}$ holds 1, 3, 5, …, so cos column 2j+1 gets $10000^{−(4j+2)/D}$; already column 1 differs from its sin partner's frequency 1.",
    ),
    Claim(
        id="seeds.doc002.code.no-cos-partner",
        title="no sin column shares its frequency with any cos column",
        written=(sympy.Mod(as_written("2*(2*j) - 2*(2*l + 1)", *sympy.symbols("j l", integer=True, nonnegative=True)),
                           4, evaluate=False), sympy.Integer(2)),
        scope="any $D$: sin column $2j$ against cos column $2l + 1$",
        source=src("i_odd=i[0,1::2]", "附录 / PositionEmbedding"),
        tags=("code", "form:different"),
        prose=(
            "The exponents (times $D$) are $4j$ for sin columns and $4l + 2$ for cos columns; their "
            "difference is 2 mod 4, never 0. So not a single sin column has a cos column of the same "
            "frequency: the sin/cos pairs that make the shift a rotation are gone."
        ),
    ),
    Claim(
        id="seeds.doc002.code.no-linear-map",
        title="the code's $D = 2$ encoding admits a linear map $\\mathrm{PE}(t+1) = M \\mathrm{PE}(t)$",
        lhs=sympy.Matrix([[sympy.sin(r), sympy.cos(sympy.Rational(r, 10000)), sympy.sin(r + 1)] for r in range(3)]).det(),
        rhs=ZERO,
        scope="$D = 2$, where the code gives $\\mathrm{PE}(t) = (\\sin t, \\cos(t/10000))$; positions $t = 0, 1, 2$",
        expect="refuted",
        refutation="such an M would make the determinant of the rows (sin t, cos(t/10000), sin(t + 1)), t = 0, 1, 2, vanish; it is {lhs}.",
        source=src("self.W[:,1::2]=torch.cos(t/torch.pow", "附录 / PositionEmbedding"),
        tags=("code", "linear-map"),
        prose=(
            "If a fixed M existed, its first row (m1, m2) would solve m1·sin t + m2·cos(t/10000) = "
            "sin(t+1) at t = 0, 1, 2: three equations, two unknowns, solvable only if the 3×3 "
            "determinant of [sin t, cos(t/10000), sin(t+1)] vanishes. It is ≈ 0.651, so no linear map "
            "shifts this encoding by one position. With the standard cos t column the determinant is 0 "
            "(next claim)."
        ),
    ),
    Claim(
        id="seeds.doc002.code.standard-control",
        title="control: for the standard (sin t, cos t) the same determinant is 0",
        lhs=sympy.Matrix([[sympy.sin(r), sympy.cos(r), sympy.sin(r + 1)] for r in range(3)]).det(),
        rhs=ZERO,
        scope="$D = 2$, standard encoding, positions $t = 0, 1, 2$",
        source=src("self.W[:,0::2]=torch.sin(t/torch.pow", "附录 / PositionEmbedding"),
        tags=("code", "linear-map", "control"),
        prose="sin(t+1) = cos 1·sin t + sin 1·cos t, so the third column is a combination of the first two.",
    ),
]

DERIVATION = Derivation(
    id="seeds.doc002",
    title="002_0b9a95f29ab03777.txt — a toy example: why positions must be encoded",
    claims=tuple(CLAIMS),
    prose=(
        "The structural argument is right: without positions self-attention is permutation-"
        "equivariant, so 我 gets one output and the sentence sums agree. The numbers 18, 726 and 858 "
        "come from a model shown only as images; H1 ($y_i = x_i·Σx$) reproduces all three and the "
        "threshold 30, but then 18 and 858 are outputs of 你, not 我. The appendix code is a different "
        "encoding: doubled exponents, and no sin column has a cos partner of the same frequency, so "
        "no linear map shifts it."
    ),
)
