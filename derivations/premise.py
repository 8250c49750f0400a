"""Why positions are needed: self-attention alone cannot see the order of its tokens."""

import sympy

from posenc_sym import Claim, Derivation, Source
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.attention import attention, permutation_matrix, symbol_matrix

# Concrete small sizes with symbolic entries: 3 tokens, width 2, d_k = 2 (the argument is the
# same for any n and width; SymPy checks this instance entry by entry).
X = symbol_matrix("x", 3, 2)
W_Q, W_K, W_V = (symbol_matrix(name, 2, 2) for name in ("W_q", "W_k", "W_v"))
P = permutation_matrix([2, 0, 1])  # a 3-cycle: every token moves

# The toy of 002_0b9a95f29ab03777.txt: token codes 我=1, 打=2, 你=3, positions coded 10, 20, 30.
# Width 1; W_q = 1, W_k = ln 2, W_v = 1: every score is (integer)·ln 2, so each softmax weight
# exp(n·ln 2)/Σ = 2^n/Σ is an exact rational and the claims stay cheap to decide.
ONE = sympy.Matrix([[1]])
LN2 = sympy.Matrix([[sympy.log(2)]])
WO_DA_NI = sympy.Matrix([1, 2, 3])  # 我打你
NI_DA_WO = sympy.Matrix([3, 2, 1])  # 你打我
POSITIONS = sympy.Matrix([10, 20, 30])
REVERSE = permutation_matrix([2, 1, 0])
SMALL_POSITIONS = sympy.Matrix([0, 1, 2])  # small, so the counterexample prints short


def _toy(x: sympy.Matrix) -> sympy.Matrix:
    return attention(x, ONE, LN2, ONE)


_SEED = "002_0b9a95f29ab03777.txt"

# Names for what the claims compare: Attn(X), self-attention with the symbolic weights; X and P;
# the toy's token codes x (我打你) and x_r (你打我), its positions p, and its outputs y (我打你)
# and z (你打我) without positions, row by row.
_M = sympy.Symbol("M", commutative=False)
_row = sympy.Symbol("r", integer=True, nonnegative=True)
ATTN = Definition("Attn", (_M,), lambda m: attention(m, W_Q, W_K, W_V), form="call",
                  about="softmax self-attention with symbolic weights")
X_DEF = Definition("X", (), X, form="value")
P_DEF = Definition("P", (), P, form="value")
TOKENS = Definition("x", (), WO_DA_NI, form="value")
TOKENS_REVERSED = Definition("x_r", (), NI_DA_WO, form="value")
CODES = Definition("p", (), POSITIONS, form="value")
OUT = Definition("y", (_row,), lambda r: _toy(WO_DA_NI)[r, 0], about="row r of the toy attention on the tokens 1, 2, 3")
OUT_REVERSED = Definition("z", (_row,), lambda r: _toy(NI_DA_WO)[r, 0], about="row r of the toy attention on the tokens 3, 2, 1")
# With the positions added: the outputs of the toy on 我打你 and 你打我 with positions 10, 20, 30.
OUT_PLACED = Definition("yhat", (_row,), lambda r: _toy(WO_DA_NI + POSITIONS)[r, 0],
                        about="row r of the toy attention on the tokens 1, 2, 3 plus the positions 10, 20, 30")
OUT_PLACED_REVERSED = Definition("zhat", (_row,), lambda r: _toy(NI_DA_WO + POSITIONS)[r, 0],
                                 about="row r of the toy attention on the tokens 3, 2, 1 plus the positions 10, 20, 30")
NOTATION = Notation(definitions=(ATTN, X_DEF, P_DEF, TOKENS, TOKENS_REVERSED, CODES, OUT, OUT_REVERSED, OUT_PLACED,
                                 OUT_PLACED_REVERSED))
# The counterexample to equivariance with positions: the toy attention Attn on X = (1, 2, 3), the
# reversal P of 3 tokens and the positions E = (0, 1, 2).
TOY = Definition("Attn", (_M,), _toy, form="call", about="the toy attention of the scope")
TOY_X = Definition("X", (), WO_DA_NI, form="value")
TOY_P = Definition("P", (), REVERSE, form="value")
TOY_E = Definition("E", (), SMALL_POSITIONS, form="value")
TOY_NOTATION = Notation(definitions=(TOY, TOY_X, TOY_P, TOY_E))
_Xw, _Pw = X_DEF.apply(), P_DEF.apply()

DERIVATION = Derivation(
    id="premise",
    title="Self-attention is blind to order; adding positions fixes that",
    prose=(
        "Self-attention mixes tokens with weights computed from their contents only. Permuting the "
        "input rows therefore permutes the output rows the same way and changes nothing else: "
        "$\\mathrm{Attn}(PX) = P \\mathrm{Attn}(X)$. The score matrix of $PX$ is "
        "$P S P^{\\top}$, a row-wise softmax commutes with permuting rows and (inside each row) columns, "
        "and $P^{\\top} P = I$ cancels against the value rows $P X W_v$. A token's output is therefore "
        "the same wherever it stands. Adding a position vector $E$ to the input, which stays attached "
        "to the slots while the tokens move, breaks this: $\\mathrm{Attn}(PX + E)$ is no "
        "longer $P \\mathrm{Attn}(X + E)$."
    ),
    claims=(
        Claim(
            id="premise.equivariance",
            title="$\\mathrm{Attn}(PX) = P \\mathrm{Attn}(X)$ for a permutation $P$",
            written=(ATTN.apply(_Pw * _Xw), sympy.Mul(_Pw, ATTN.apply(_Xw), evaluate=False)),
            notation=NOTATION,
            scope="$n = 3$ tokens, width 2, $d_k = 2$, $P$ the 3-cycle $(2\\ 0\\ 1)$; symbolic real $X$, $W_q$, $W_k$, "
                  "$W_v$ (one size: a row-wise softmax is written out entry by entry; the argument is the same for "
                  "every $n$)",
            prose=(
                "Entry by entry both sides are the same quotient of exponentials: permuting the rows "
                "reorders the terms of each softmax denominator, and a sum does not depend on order."
            ),
            tags=("premise",),
        ),
        Claim(
            id="premise.toy.sum_in_order",
            title="$(1, 2, 3) + (10, 20, 30) = (11, 22, 33)$",
            written=(sympy.Add(TOKENS.apply(), CODES.apply(), evaluate=False), sympy.Matrix([11, 22, 33])),
            notation=NOTATION,
            scope="the toy example",
            source=Source(_SEED, "[11,22,33]", "考虑了位置编码后的编码"),
        ),
        Claim(
            id="premise.toy.sum_reversed",
            title="$(3, 2, 1) + (10, 20, 30) = (13, 22, 31)$",
            written=(sympy.Add(TOKENS_REVERSED.apply(), CODES.apply(), evaluate=False), sympy.Matrix([13, 22, 31])),
            notation=NOTATION,
            scope="the toy example",
            source=Source(_SEED, "[13,22,31]", "考虑了位置编码后的编码"),
        ),
        Claim(
            id="premise.toy.same_output_without_positions",
            title="Without positions, 我 gets the same output in 我打你 and 你打我",
            written=(OUT_REVERSED.apply(2), OUT.apply(0)),
            notation=NOTATION,
            scope="toy: width 1, $W_q = 1$, $W_k = \\ln 2$, $W_v = 1$",
            prose=(
                "The document's complaint, as an equation: 我 is row 0 of 我打你 and row 2 of 你打我, and "
                "attention gives it the same output in both (the document's own simplified model is "
                "shown only as an image, so we use plain attention with exact weights)."
            ),
            source=Source(_SEED, "不管位置怎么变"),
        ),
        Claim(
            id="premise.toy.positions_break_equivariance",
            title="With positions added, 我 gets the same output in both sentences (false)",
            written=(OUT_PLACED_REVERSED.apply(2), OUT_PLACED.apply(0)),
            notation=NOTATION,
            expect="refuted",
            scope="toy: width 1, $W_q = 1$, $W_k = \\ln 2$, $W_v = 1$, positions 10, 20, 30",
            prose=(
                "With [13,22,31] and [11,22,33] as inputs, 我 enters as 31 in one sentence and as 11 in "
                "the other, and its outputs differ: the position code made order visible."
            ),
            source=Source(_SEED, "只要处于不同位置，他们就不是同一个“我”"),
        ),
        Claim(
            id="premise.positions_break_equivariance",
            title="$\\mathrm{Attn}(PX + E) = P \\mathrm{Attn}(X + E)$ (false once $E$ is added)",
            written=(TOY.apply(sympy.Add(TOY_P.apply() * TOY_X.apply(), TOY_E.apply(), evaluate=False)),
                     sympy.Mul(TOY_P.apply(), TOY.apply(sympy.Add(TOY_X.apply(), TOY_E.apply(), evaluate=False)),
                               evaluate=False)),
            notation=TOY_NOTATION,
            expect="refuted",
            scope="width 1, $W_q = 1$, $W_k = \\ln 2$, $W_v = 1$, $X = (1, 2, 3)$, $P$ reverses 3 tokens, $E = (0, 1, 2)$",
            prose=(
                "The counterexample to equivariance with positions: reversing the tokens while the "
                "positions stay put does not simply reverse the outputs."
            ),
        ),
    ),
)
