"""Relative position encodings: Transformer-XL's four terms, Shaw clipping, T5 buckets, DeBERTa."""

import sympy
from sympy.matrices.expressions.matexpr import MatrixElement

from posenc_sym import Claim, Derivation
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.attention import symbol_matrix
from posenc_sym.schemes.relative import (
    deberta_delta,
    deberta_score_terms,
    shaw_clip,
    t5_bucket,
    t5_first_offsets,
    xl_absolute_terms,
    xl_relative_terms,
)
from posenc_sym.schemes.sinusoidal import pe_vector

i, j, s = sympy.symbols("i j s", integer=True)  # query, key, a common shift
r = sympy.Symbol("r", integer=True)  # offset
K = sympy.Symbol("K", integer=True, positive=True)
n = sympy.Symbol("n", positive=True)  # a distance, as a real number for the monotonicity argument
base = sympy.Symbol("b", positive=True)

# Width 2, symbolic real entries: the four-term expansion is bilinear algebra, the same at any width.
E_I, E_J, U_I, U_J = (symbol_matrix(name, 2, 1) for name in ("e_i", "e_j", "u_i", "u_j"))
W_Q, W_K, W_KE, W_KR = (symbol_matrix(name, 2, 2) for name in ("W_q", "W_k", "W_ke", "W_kr"))
U_VEC, V_VEC = symbol_matrix("u", 2, 1), symbol_matrix("v", 2, 1)
H_I, H_J, P_IJ, P_JI = (symbol_matrix(name, 2, 1) for name in ("h_i", "h_j", "P_ij", "P_ji"))
W_QC, W_KC, W_QR = (symbol_matrix(name, 2, 2) for name in ("W_qc", "W_kc", "W_qr"))


def _named(pairs: dict[str, sympy.Matrix]) -> tuple[tuple[sympy.MatrixSymbol, ...], tuple[Definition, ...]]:
    """Matrix symbols as the scores are written (W_q, e_i, …), each standing for its symbolic matrix."""
    names = tuple(sympy.MatrixSymbol(name, *value.shape) for name, value in pairs.items())
    return names, tuple(Definition(name, (), value, form="value") for name, value in pairs.items())


(Wq, Wk, ei, ui, ej, uj), _XL_DEFS = _named(
    {"W_q": W_Q, "W_k": W_K, "e_i": E_I, "u_i": U_I, "e_j": E_J, "u_j": U_J})
(Wqc, Wkc, Wqr, Wkr, hi, hj, pij, pji), _DEBERTA_DEFS = _named(
    {"W_qc": W_QC, "W_kc": W_KC, "W_qr": W_QR, "W_kr": W_KR, "h_i": H_I, "h_j": H_J, "P_ij": P_IJ, "P_ji": P_JI})

# The index functions as the papers write them: a(i, j) = clip(j − i, K) (Shaw), δ(i, j) (DeBERTa),
# δ_4 with k = 4, T5's bucket(n) and the first offsets o(n) (bidirectional) and o_u(n)
# (unidirectional) of bucket n, and N_values(K), the number of distinct clipped offsets in −10..10.
_qi, _kj = sympy.symbols("i j", integer=True)
_num = sympy.Symbol("n", integer=True)
_kpos = sympy.Symbol("K", integer=True, positive=True)
SHAW = Definition("a", (_qi, _kj), shaw_clip(_kj - _qi, K), form="call")
DELTA = Definition("delta", (_qi, _kj), deberta_delta(_qi, _kj, K), form="call")
DELTA_4 = Definition("delta_4", (_qi, _kj), deberta_delta(_qi, _kj, 4), form="call")
BUCKET = Definition("bucket", (_num,), t5_bucket, form="call", about="T5 bucket of the offset n = key - query")
FIRST = Definition("o", (_num,), lambda n: t5_first_offsets()[n], form="call",
                   about="smallest offset in bucket n, bidirectional")
FIRST_UNI = Definition("o_u", (_num,), lambda n: t5_first_offsets(bidirectional=False)[n], form="call",
                       about="smallest offset in bucket n, unidirectional")
N_VALUES = Definition("N_values", (_kpos,), lambda k: len({shaw_clip(o, k) for o in range(-10, 11)}), form="call",
                      about="number of distinct clip(o, K) for o in -10..10")
NOTATION = Notation(symbols=(i, j, s, K), definitions=(
    *_XL_DEFS, *_DEBERTA_DEFS, SHAW, DELTA, DELTA_4, BUCKET, FIRST, FIRST_UNI, N_VALUES))

_XL_REL = sum(xl_relative_terms(E_I, E_J, pe_vector(i - j, 2, base), W_Q, W_KE, W_KR, U_VEC, V_VEC))

DERIVATION = Derivation(
    id="relative",
    title="Relative position encodings: Transformer-XL, Shaw, T5 buckets, DeBERTa",
    prose=(
        "Absolute encodings add $U_i$ to the input, so the score $(W_q(E_i+U_i))ᵀ$ $W_k(E_j+U_j)$ splits into "
        "four terms: content–content, content–position, position–content, position–position. "
        "Transformer-XL keeps the form but puts a sinusoid of the offset i − j where $U_j$ was and learned "
        "vectors u, v where $U_iᵀW_qᵀ$ was, so position enters only through i − j. Shaw et al. learn one "
        "vector per clipped offset; T5 learns one scalar per bucket of offsets; DeBERTa keeps the "
        "content→position and position→content terms with a clipped distance δ."
    ),
    claims=(
        Claim(
            id="relative.xl.four_terms",
            title="$(W_q(E_i+U_i))ᵀ$ $W_k(E_j+U_j)$ = (a) + (b) + (c) + (d)",
            # The product as the paper writes it; the four terms (a)-(d) as the scheme computes them.
            written=(MatrixElement(sympy.MatMul(sympy.Transpose(Wq * (ei + ui)), Wk, ej + uj), 0, 0),
                     sum(xl_absolute_terms(E_I, U_I, E_J, U_J, W_Q, W_K))),
            notation=NOTATION,
            scope="width 2, symbolic real entries",
        ),
        Claim(
            id="relative.xl.offset_only",
            title="Transformer-XL's relative score, with $i = j + r$, does not change with $j$",
            lhs=sympy.Derivative(_XL_REL.subs(i, j + r), j),
            rhs=0,
            scope="width 2, $R_{i−j}$ the sinusoid of the offset with symbolic base b > 0",
        ),
        Claim(
            id="relative.shaw.shift",
            title="Shaw: clip(j − i, −K, K) is unchanged when i and j move together",
            written=(SHAW.apply(i + s, j + s), SHAW.apply(i, j)),
            notation=NOTATION,
            scope="integers i, j, s; K a positive integer",
        ),
        Claim(
            id="relative.shaw.range",
            title="Shaw: offsets −10..10 with K = 3 use only the 2K + 1 = 7 indices −3..3",
            written=(N_VALUES.apply(3), sympy.Add(sympy.Mul(2, 3, evaluate=False), 1, evaluate=False)),
            notation=NOTATION,
            scope="K = 3, offsets −10..10",
        ),
        Claim(
            id="relative.t5.monotone",
            title="T5: the log-bucket argument $8 \\ln(n/8)/\\ln 16$ increases with the distance $n$",
            lhs=sympy.Derivative(8 * sympy.log(n / 8) / sympy.log(16), n),
            rhs=0,
            relation=">",
            scope="bidirectional, num_buckets = 32 (16 a side), max_distance = 128; n > 0 real",
            prose=(
                "The bucket is max_exact + ⌊that⌋ clamped at 15 (plus 16 for keys after the query): "
                "floor, min and adding a constant keep order, so the bucket never decreases with the "
                "distance, on either side. Below max_exact = 8 the bucket is the distance itself."
            ),
        ),
        Claim(
            id="relative.t5.boundaries.bidirectional",
            title="T5 (32 buckets, 128): log buckets 8..15 start at $⌈8·2^{k/2}⌉$ (8, 12, 16, 23, …, 91)",
            written=(sympy.Matrix([sympy.ceiling(sympy.Mul(8, sympy.Pow(sympy.sqrt(2), kk, evaluate=False),
                                                           evaluate=False), evaluate=False) for kk in range(8)]),
                     sympy.Matrix([FIRST.apply(n) for n in range(8, 16)])),
            notation=NOTATION,
            scope="bidirectional, num_buckets = 32, max_distance = 128",
            prose=(
                "The left side is the closed form (bucket 8 + k starts where 2·log2(n/8) reaches k); "
                "the right side is found by running the exact bucket function over n = 0, 1, 2, …; "
                "distances ≥ 91 share bucket 15 (≥ 128 would be 16, clamped)."
            ),
        ),
        Claim(
            id="relative.t5.boundaries.unidirectional",
            title="T5 unidirectional (32 buckets, 128): log buckets 16..31 start at $⌈16·8^{k/16}⌉$",
            written=(sympy.Matrix([sympy.ceiling(sympy.Mul(16, sympy.Pow(8, sympy.Rational(kk, 16), evaluate=False),
                                                           evaluate=False), evaluate=False) for kk in range(16)]),
                     sympy.Matrix([FIRST_UNI.apply(n) for n in range(16, 32)])),
            notation=NOTATION,
            scope="unidirectional, num_buckets = 32, max_distance = 128",
        ),
        Claim(
            id="relative.t5.tie",
            title="T5 at distance 16: $8 \\ln(16/8)/\\ln(128/8)$ is exactly 2 (a tie the float code must hit)",
            lhs=8 * sympy.log(sympy.Rational(16, 8)) / sympy.log(sympy.Rational(128, 8)),
            rhs=2,
            scope="bidirectional, num_buckets = 32, max_distance = 128",
            prose=(
                "At n = 16, 32, 64 the real value is exactly 2, 4, 6: the float32 code lands on the "
                "right bucket only if log and division round to exactly that integer (NumPy's float32 "
                "does; a result one ulp low would truncate one bucket lower). Every other distance is at "
                "least 0.0155 from an integer (n = 91), far above float32 rounding, so elsewhere the "
                "float code and the exact function agree."
            ),
        ),
        Claim(
            id="relative.t5.sample",
            title="T5 buckets of −1, 0, 1, −8, −16, −91, −128 (32, 128) are 1, 0, 17, 8, 10, 15, 15",
            written=(sympy.Matrix([BUCKET.apply(v) for v in (-1, 0, 1, -8, -16, -91, -128)]),
                     sympy.Matrix([1, 0, 17, 8, 10, 15, 15])),
            notation=NOTATION,
            scope="bidirectional, num_buckets = 32, max_distance = 128",
            prose="Expected values by hand: distance below 8 is its own bucket; 8 + ⌊2·log2(n/8)⌋ above.",
        ),
        Claim(
            id="relative.deberta.terms",
            title="DeBERTa: $(W_{qc} H_i)ᵀ(W_{kc} H_j + W_{kr} P_{δ(i,j)}) + (W_{kc} H_j)ᵀ W_{qr} P_{δ(j,i)}$ = c2c + c2p + p2c",
            written=(MatrixElement(sympy.MatAdd(sympy.MatMul(sympy.Transpose(Wqc * hi), Wkc * hj + Wkr * pij),
                                               sympy.MatMul(sympy.Transpose(Wkc * hj), Wqr * pji)), 0, 0),
                     sum(deberta_score_terms(H_I, H_J, P_IJ, P_JI, W_QC, W_KC, W_QR, W_KR))),
            notation=NOTATION,
            scope="width 2, symbolic real entries",
            prose="DeBERTa drops the position→position term: positions interact only through content.",
        ),
        Claim(
            id="relative.deberta.shift",
            title="DeBERTa: δ(i, j) is unchanged when i and j move together",
            written=(DELTA.apply(i + s, j + s), DELTA.apply(i, j)),
            notation=NOTATION,
            scope="integers i, j, s; k a positive integer",
        ),
        Claim(
            id="relative.deberta.symmetry",
            title="DeBERTa: $δ(i, j) + δ(j, i) = 2k$ inside the window $|i − j| < k$",
            written=(sympy.Matrix([sympy.Add(DELTA_4.apply(o, 0), DELTA_4.apply(0, o), evaluate=False)
                                   for o in range(-3, 4)]), sympy.Matrix([8] * 7)),
            notation=NOTATION,
            scope="k = 4, offsets −3..3",
            prose="So the p2c term indexes the relative table with the mirror of the c2p index.",
        ),
    ),
)
