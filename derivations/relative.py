"""Relative position encodings: Transformer-XL's four terms, Shaw clipping, T5 buckets, DeBERTa."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.relative import (
    deberta_delta,
    shaw_clip,
    t5_bucket,
    t5_first_offsets,
)
from posenc_sym.schemes.sinusoidal import OMEGA, PE_COLUMN, d

i, j, s = sympy.symbols("i j s", integer=True)  # query, key, a common shift
K = sympy.Symbol("K", integer=True, positive=True)
n = sympy.Symbol("n", positive=True)  # a distance, as a real number for the monotonicity argument
base = sympy.Symbol("b", positive=True)

# Matrices of any size: the embeddings E_i, E_j and absolute position vectors U_i, U_j have width d
# (even, since R_{i−j} is the sinusoid of width d); the projections map to width d_k.
d_k = sympy.Symbol("d_k", integer=True, positive=True)
width = sympy.Symbol("d", integer=True, positive=True)  # the absolute score's width: any, even or odd
E_i, E_j, U_i, U_j = (sympy.MatrixSymbol(name, width, 1) for name in ("E_i", "E_j", "U_i", "U_j"))
W_q, W_k = (sympy.MatrixSymbol(name, d_k, width) for name in ("W_q", "W_k"))
# Transformer-XL's relative score: width d even (R_{i−j} is the sinusoid of width d).
X_i, X_j = sympy.MatrixSymbol("E_i", d, 1), sympy.MatrixSymbol("E_j", d, 1)
W_qx, W_kE, W_kR = (sympy.MatrixSymbol(name, d_k, d) for name in ("W_q", "W_k_E", "W_k_R"))
u, v = sympy.MatrixSymbol("u", d_k, 1), sympy.MatrixSymbol("v", d_k, 1)
H_i, H_j, P_ij, P_ji = (sympy.MatrixSymbol(name, width, 1) for name in ("H_i", "H_j", "P_ij", "P_ji"))
W_qc, W_kc, W_qr, W_kr = (sympy.MatrixSymbol(name, d_k, width) for name in ("W_q_c", "W_k_c", "W_q_r", "W_k_r"))
T = sympy.Transpose


def _product(*factors: sympy.Basic) -> sympy.MatMul:
    return sympy.MatMul(*factors)


def _ratio(top: int, bottom: int) -> sympy.Expr:
    """top/bottom as written, not reduced (8^{2/16} beside 8^{1/16}, not 8^{1/8})."""
    return sympy.Mul(top, sympy.Pow(bottom, -1, evaluate=False), evaluate=False)


# R_{i−j}: Transformer-XL's sinusoid of the offset, the sinusoidal encoding of i − j (base b, width d);
# A_rel(i, j): its relative score of query i and key j, the four terms as the paper writes them.
_o = sympy.Symbol("o", integer=True)
SINUSOID = Definition("R", (_o,), PE_COLUMN.apply(_o))
_R = SINUSOID.apply(i - j)
SCORE = Definition("A_rel", (i, j), sympy.MatAdd(_product(T(X_i), T(W_qx), W_kE, X_j), _product(T(X_i), T(W_qx), W_kR, _R),
                                                 _product(T(u), W_kE, X_j), _product(T(v), W_kR, _R)), form="call")
XL = Notation(symbols=(i, j, s, base), definitions=(SCORE, SINUSOID, PE_COLUMN, OMEGA))

# The index functions as the papers write them: a(i, j) = clip(j − i, K) (Shaw), δ(i, j) (DeBERTa),
# δ_4 with k = 4, T5's bucket(n) and the first offsets o(n) (bidirectional) and o_u(n)
# (unidirectional) of bucket n, and N_values(K), the number of distinct clipped offsets in −10..10.
_qi, _kj = sympy.symbols("i j", integer=True)
_num = sympy.Symbol("n", integer=True)
_kpos = sympy.Symbol("K", integer=True, positive=True)
SHAW = Definition("a", (_qi, _kj), shaw_clip(_kj - _qi, K), form="call")
DELTA = Definition("delta", (_qi, _kj), deberta_delta(_qi, _kj, K), form="call")
DELTA_4 = Definition("delta_4", (_qi, _kj), deberta_delta(_qi, _kj, 4), form="call")
BUCKET = Definition("bucket", (_num,), t5_bucket, form="call", about="T5 bucket of the offset n from the query to the key")
FIRST = Definition("o", (_num,), lambda n: t5_first_offsets()[n], form="call",
                   about="smallest offset in bucket n, bidirectional")
FIRST_UNI = Definition("o_u", (_num,), lambda n: t5_first_offsets(bidirectional=False)[n], form="call",
                       about="smallest offset in bucket n, unidirectional")
N_VALUES = Definition("N_values", (_kpos,), lambda k: len({shaw_clip(o, k) for o in range(-10, 11)}), form="call",
                      about="how many distinct values clipping to K takes on the offsets from -10 to 10")
NOTATION = Notation(symbols=(i, j, s, K), definitions=(SHAW, DELTA, DELTA_4, BUCKET, FIRST, FIRST_UNI, N_VALUES))
# σ(o) = δ_4(o, 0) + δ_4(0, o): the sum of the two relative distances of an offset o = i − j.
MIRRORED = Definition("sigma", (_o,), sympy.Add(DELTA_4.apply(_o, 0), DELTA_4.apply(0, _o), evaluate=False), form="call")

DERIVATION = Derivation(
    id="relative",
    title="Relative position encodings: Transformer-XL, Shaw, T5 buckets, DeBERTa",
    prose=(
        "Absolute encodings add $U_i$ to the input, so the score $(W_q(E_i+U_i))^\\top W_k(E_j+U_j)$ splits into "
        "four terms: content–content, content–position, position–content, position–position. "
        "Transformer-XL keeps the form but puts a sinusoid $R_{i-j}$ of the offset where $U_j$ was and learned "
        "vectors $u$, $v$ where $U_i^\\top W_q^\\top$ was, so position enters only through $i - j$. Shaw et al. "
        "learn one vector per clipped offset; T5 learns one scalar per bucket of offsets; DeBERTa keeps the "
        "content→position and position→content terms with a clipped distance $\\delta$."
    ),
    claims=(
        Claim(
            id="relative.xl.four_terms",
            title="Transformer-XL: the absolute score splits into four terms (a) to (d)",
            written=(_product(T(_product(W_q, sympy.MatAdd(E_i, U_i))), W_k, sympy.MatAdd(E_j, U_j)),
                     sympy.MatAdd(_product(T(E_i), T(W_q), W_k, E_j), _product(T(E_i), T(W_q), W_k, U_j),
                                  _product(T(U_i), T(W_q), W_k, E_j), _product(T(U_i), T(W_q), W_k, U_j))),
            steps=(
                Step(None, "the transpose of a product and of a sum: $(W (E + U))^\\top = (E^\\top + U^\\top) W^\\top$",
                     written=_product(sympy.MatAdd(T(E_i), T(U_i)), T(W_q), W_k, sympy.MatAdd(E_j, U_j))),
                Step(None, "distributivity: multiply out the two sums",
                     written=sympy.MatAdd(_product(T(E_i), T(W_q), W_k, E_j), _product(T(E_i), T(W_q), W_k, U_j),
                                          _product(T(U_i), T(W_q), W_k, E_j), _product(T(U_i), T(W_q), W_k, U_j))),
            ),
            scope="matrices of any size: $E_i$, $E_j$, $U_i$, $U_j$ of width $d$; $W_q$, $W_k$ of $d_k$ rows",
            prose="In this order: (a) content–content, (b) content–position, (c) position–content and (d) "
                  "position–position, as Transformer-XL names them.",
        ),
        Claim(
            id="relative.xl.offset_only",
            title="Transformer-XL's relative score does not change when $i$ and $j$ move together",
            written=(SCORE.apply(i + s, j + s), SCORE.apply(i, j)),
            notation=XL,
            scope="matrices of any size ($d$ even, $d_k$ rows); the tokens, hence $E_i$ and $E_j$, move with "
                  "their positions; $R_{i-j}$ the sinusoid of the offset with base $b > 0$",
            prose=(
                "Shifting both tokens by $s$ leaves their contents $E_i$, $E_j$ as they are, and "
                "$R_{(i+s)-(j+s)}$ is $R_{i-j}$: position enters only through the offset."
            ),
        ),
        Claim(
            id="relative.shaw.shift",
            title="Shaw: $a(i, j) = \\max(-K, \\min(K, j - i))$ is unchanged when $i$ and $j$ move together",
            written=(SHAW.apply(i + s, j + s), SHAW.apply(i, j)),
            notation=NOTATION,
            scope="integers $i$, $j$, $s$; $K$ a positive integer",
        ),
        Claim(
            id="relative.shaw.range",
            title="Shaw: offsets from $-10$ to $10$ with $K = 3$ use only the $2K + 1 = 7$ indices $-3, \\ldots, 3$",
            written=(N_VALUES.apply(3), sympy.Add(sympy.Mul(2, 3, evaluate=False), 1, evaluate=False)),
            notation=NOTATION,
            scope="$K = 3$, offsets from $-10$ to $10$",
        ),
        Claim(
            id="relative.t5.monotone",
            title="T5: the log-bucket argument $8 \\ln(n/8)/\\ln 16$ increases with the distance $n$",
            lhs=sympy.Derivative(8 * sympy.log(n / 8) / sympy.log(16), n),
            rhs=0,
            relation=">",
            scope="bidirectional, 32 buckets (16 a side), largest distance 128; real $n > 0$",
            prose=(
                "The bucket is $8 + \\lfloor 8 \\ln(n/8)/\\ln 16 \\rfloor$ clamped at 15 (plus 16 for keys after the "
                "query): floor, min and adding a constant keep order, so the bucket never decreases with the "
                "distance, on either side. Below 8 (the exact range) the bucket is the distance itself."
            ),
        ),
        Claim(
            id="relative.t5.boundaries.bidirectional",
            title="T5 (32 buckets, 128): log buckets 8 to 15 start at $\\lceil 8 \\cdot 2^{k/2} \\rceil$ (8, 12, 16, 23, …, 91)",
            written=(sympy.Matrix([sympy.ceiling(sympy.Mul(8, sympy.Pow(2, _ratio(kk, 2), evaluate=False),
                                                           evaluate=False), evaluate=False) for kk in range(8)]),
                     sympy.Matrix([FIRST.apply(n) for n in range(8, 16)])),
            notation=NOTATION,
            scope="bidirectional, 32 buckets, largest distance 128",
            prose=(
                "The left side is the closed form (bucket $8 + k$ starts where $2 \\log_2(n/8)$ reaches $k$); "
                "the right side is found by running the exact bucket function over $n = 0, 1, 2, \\ldots$; "
                "distances from 91 on share bucket 15 (from 128 on it would be 16, clamped)."
            ),
        ),
        Claim(
            id="relative.t5.boundaries.unidirectional",
            title="T5 unidirectional (32 buckets, 128): log buckets 16 to 31 start at $\\lceil 16 \\cdot 8^{k/16} \\rceil$",
            written=(sympy.Matrix([sympy.ceiling(sympy.Mul(16, sympy.Pow(8, _ratio(kk, 16), evaluate=False),
                                                           evaluate=False), evaluate=False) for kk in range(16)]),
                     sympy.Matrix([FIRST_UNI.apply(n) for n in range(16, 32)])),
            notation=NOTATION,
            scope="unidirectional, 32 buckets, largest distance 128",
        ),
        Claim(
            id="relative.t5.tie",
            title="T5 at distance 16: $8 \\ln(16/8)/\\ln(128/8)$ is exactly 2 (a tie the float code must hit)",
            written=(sympy.Mul(8, sympy.log(_ratio(16, 8), evaluate=False),
                               sympy.Pow(sympy.log(_ratio(128, 8), evaluate=False), -1, evaluate=False), evaluate=False),
                     sympy.Integer(2)),
            scope="bidirectional, 32 buckets, largest distance 128",
            prose=(
                "At $n = 16, 32, 64$ the real value is exactly 2, 4, 6: the float32 code lands on the "
                "right bucket only if log and division round to exactly that integer (NumPy's float32 "
                "does; a result one ulp low would truncate one bucket lower). Every other distance is at "
                "least 0.0155 from an integer ($n = 91$), far above float32 rounding, so elsewhere the "
                "float code and the exact function agree."
            ),
        ),
        Claim(
            id="relative.t5.sample",
            title="T5 buckets (32, 128) of the offsets $-1, 0, 1, -8, -16, -91, -128$ are 1, 0, 17, 8, 10, 15, 15",
            written=(sympy.Matrix([BUCKET.apply(v) for v in (-1, 0, 1, -8, -16, -91, -128)]),
                     sympy.Matrix([1, 0, 17, 8, 10, 15, 15])),
            notation=NOTATION,
            scope="bidirectional, 32 buckets, largest distance 128",
            prose="Expected values by hand: a distance below 8 is its own bucket; $8 + \\lfloor 2 \\log_2(n/8) \\rfloor$ above.",
        ),
        Claim(
            id="relative.deberta.terms",
            title="DeBERTa's score in three terms: content→content, content→position, position→content",
            written=(sympy.MatAdd(_product(T(_product(W_qc, H_i)), sympy.MatAdd(_product(W_kc, H_j), _product(W_kr, P_ij))),
                                  _product(T(_product(W_kc, H_j)), W_qr, P_ji)),
                     sympy.MatAdd(_product(T(H_i), T(W_qc), W_kc, H_j), _product(T(H_i), T(W_qc), W_kr, P_ij),
                                  _product(T(H_j), T(W_kc), W_qr, P_ji))),
            scope="matrices of any size: $H_i$, $H_j$, $P_{ij}$, $P_{ji}$ of width $d$; the projections of $d_k$ rows",
            prose=(
                "$P_{ij}$ is the relative embedding $P_{\\delta(i,j)}$ and $P_{ji}$ is $P_{\\delta(j,i)}$. DeBERTa "
                "drops the position→position term: positions interact only through content."
            ),
        ),
        Claim(
            id="relative.deberta.shift",
            title="DeBERTa: $\\delta(i, j)$ is unchanged when $i$ and $j$ move together",
            written=(DELTA.apply(i + s, j + s), DELTA.apply(i, j)),
            notation=NOTATION,
            scope="integers $i$, $j$, $s$; $K$ a positive integer",
        ),
        Claim(
            id="relative.deberta.symmetry",
            title="DeBERTa: $\\delta(i, j) + \\delta(j, i) = 2K$ inside the window $|i - j| < K$",
            # Stated for every offset of the window at once, not as a row of seven sampled values: the
            # conditions leave o the integers -3 … 3, and the engine proves each (exhaustion).
            written=(MIRRORED.apply(_o), sympy.Mul(2, 4, evaluate=False)),
            conditions=(sympy.Abs(_o) < 4,),
            notation=NOTATION.define(MIRRORED),
            scope="$K = 4$: every integer offset $o = i - j$ of the window, $|o| < 4$",
            prose="So the p2c term indexes the relative table with the mirror of the c2p index.",
        ),
    ),
)
