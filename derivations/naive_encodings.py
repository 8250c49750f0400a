"""The encodings rejected on the way to sinusoids, each property decided: the table's first rows.

Tags ``table:<encoding>:<property>`` mark a claim that states the property; a ``:negated`` suffix
marks a claim that states its negation (proven negation = the property fails). See
docs/encodings.md for what each property means.
"""

import sympy

from posenc_sym import Claim, Derivation, Source, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.naive import (
    binary_encoding,
    integer_encoding,
    sin_only_encoding,
    unit_interval_encoding,
)

t = sympy.Symbol("t", integer=True, nonnegative=True)  # a position
u = sympy.Symbol("u", integer=True, nonnegative=True)  # a gap: t + u + 1 is a later position
k = sympy.Symbol("k", integer=True, positive=True)  # an offset
n = sympy.Symbol("n", integer=True, positive=True)  # a sequence length
N = sympy.Symbol("N", integer=True, positive=True)  # a bound, or n − 1 for the [0, 1] encoding
L = sympy.Symbol("L", integer=True, positive=True)  # the training length
a = sympy.Symbol("a", real=True)  # the entry of a 1×1 "linear map"
x = sympy.Symbol("x", real=True)
delta = sympy.Symbol("delta", integer=True, positive=True)
_U = sympy.UnevaluatedExpr  # marks a sum or product as written, in the order a reader writes it

_D003 = "003_750a8455e46b047a.txt"
WIDTH = 4  # the sin-only encodings are shown at width 4; each claim says so
# Rows e_0..e_3 of a learned table of width 1 (e_3: one past a training length of 3).
e0, e1, e2, e3 = sympy.symbols("e_0:4", real=True)
f = sympy.Function("loss")

# The encodings as functions, so that a claim shows the positions it compares: p(t) = t,
# p_unit(t, n) = t/(n − 1), b(t) the 3 bits of t, b_dist(s, t) = |b(s) − b(t)|².
_pos, _other = sympy.symbols("t s", integer=True, nonnegative=True)
_len = sympy.Symbol("n", integer=True, positive=True)
P_INT = Definition("p", (_pos,), integer_encoding(_pos), form="call")
_place = sympy.Symbol("t", integer=True)  # any integer position: N − u is one without being known nonnegative
P_UNIT = Definition("p_unit", (_place, _len), unit_interval_encoding(_place, _len), form="call")
P_BIN = Definition("b", (_pos,), binary_encoding(_pos, 3), form="call", as_matrix=True)
BIN_DIST = Definition("b_dist", (_pos, _other), lambda a, c: _sq(binary_encoding(a, 3) - binary_encoding(c, 3)),
                      form="call", about="squared distance of the 3-bit codes of t and s")
NOTATION = Notation(symbols=(t, k, L, N), definitions=(P_INT, P_UNIT, P_BIN, BIN_DIST))


def _sq(v: sympy.Matrix) -> sympy.Expr:
    return (v.T * v)[0, 0]


def _sin_only(kind: str, title: str) -> tuple[Claim, ...]:
    """The six cells of one sin-only encoding (width 4)."""
    enc = f"sin_{kind}"
    i = sympy.Symbol("i", integer=True, nonnegative=True)
    omega = sympy.Rational(1, 2) ** i if kind == "pow2" else sympy.Integer(10000) ** (-i / (WIDTH - 1))
    entry = sympy.sin(omega * x)

    def p(pos: sympy.Expr) -> sympy.Matrix:
        return sin_only_encoding(pos, WIDTH, "pow2" if kind == "pow2" else "geometric")

    encoding = Definition("p", (x,), p(x), form="call", as_matrix=True)  # p(x): the rule, at any position
    notation = Notation(symbols=(x, L, k), definitions=(encoding,))
    shift = sympy.MatrixSymbol("A", WIDTH, WIDTH)  # any 4×4 matrix

    return (
        Claim(
            id=f"naive.{enc}.bounded",
            title=f"{title}: every entry satisfies $\\sin^2 \\le 1$",
            lhs=entry**2,
            rhs=1,
            relation="<=",
            steps=(Step(entry**2 + sympy.cos(omega * x) ** 2, "$\\cos^2 ≥ 0$", relation="<="),
                   Step(1, "$\\sin^2 + \\cos^2 = 1$")),
            scope="entry $i$, real position $x$",
            tags=(f"table:{enc}:bounded",),
        ),
        Claim(
            id=f"naive.{enc}.distinct",
            title=f"{title}: integer positions $t \\ne t + \\delta$ differ already in column 0, $\\sin t$",
            # t first, as a reader writes the later position (SymPy's order prints δ + t).
            written=((sympy.sin(sympy.Add(_U(t), delta, evaluate=False)) - sympy.sin(t)) ** 2, sympy.Integer(0)),
            relation=">",
            steps=(Step(None, "$\\sin A − \\sin B = 2 \\cos\\frac{A+B}{2} \\sin\\frac{A−B}{2}$",
                        written=sympy.Mul(_U(4), sympy.cos(sympy.Add(_U(t), delta / 2, evaluate=False)) ** 2,
                                          sympy.sin(delta / 2) ** 2, evaluate=False)),
                   Step(0, "$\\sin(\\delta/2) = 0$ needs $\\delta = 2j\\pi$ and $\\cos(t + \\delta/2) = 0$ needs "
                        "$2t + \\delta = (2j+1)\\pi$; neither holds for integers $t$ and $\\delta \\ne 0$ ($\\pi$ is "
                        "irrational)", relation=">")),
            scope="integer positions; column 0 has frequency 1 in both sin-only variants",
            tags=(f"table:{enc}:distinct",),
            prose="Only for integer (or rational) positions; real positions can collide in one column.",
        ),
        Claim(
            id=f"naive.{enc}.spacing",
            title=f"{title}: the step $p(t+1) − p(t)$ does not involve the sequence length $n$",
            lhs=sympy.Derivative(p(t + 1) - p(t), n),
            rhs=sympy.zeros(WIDTH, 1),
            scope=f"width {WIDTH}, as an example",
            tags=(f"table:{enc}:spacing",),
        ),
        Claim(
            id=f"naive.{enc}.extrapolates",
            title=f"{title}: position $L + k$ past the training length has the rule's value",
            written=(encoding.apply(L + k), p(t).subs(t, L + k)),
            notation=notation,
            scope=f"width {WIDTH} as an example; immediate from the formula",
            tags=(f"table:{enc}:extrapolates",),
        ),
        Claim(
            id=f"naive.{enc}.linear_shift",
            title=f"{title}: a fixed linear map $A$ takes $p(0)$ to $p(1)$ (false: $p(0) = 0$)",
            written=(sympy.MatMul(shift, encoding.apply(0)), encoding.apply(1)),
            notation=notation,
            expect="refuted",
            scope=f"width {WIDTH} as an example, any real ${WIDTH} \\times {WIDTH}$ matrix $A$",
            tags=(f"table:{enc}:linear_shift",),
            prose="Sines alone vanish at $t = 0$, and a linear map sends 0 to 0; $p(1)$ is not 0.",
        ),
        Claim(
            id=f"naive.{enc}.inner_product_offset",
            title=f"{title}: $p(0)^\\top p(1) = p(1)^\\top p(2)$ (false)",
            written=(sympy.transpose(encoding.apply(0)) * encoding.apply(1),
                     sympy.transpose(encoding.apply(1)) * encoding.apply(2)),
            notation=notation,
            expect="refuted",
            scope=f"width {WIDTH}, as an example",
            tags=(f"table:{enc}:inner_product_offset",),
        ),
    )


DERIVATION = Derivation(
    id="naive_encodings",
    title="Rejected encodings: integer, [0, 1], binary, sin-only, learned",
    prose=(
        "The documents (003_750a8455e46b047a.txt especially) reach the sinusoidal encoding by rejecting "
        "simpler ones. Each rejection is a property that fails, and each is decided here: the integer "
        "index is unbounded; $t/(n - 1)$ changes its step with the length; binary codes repeat after $2^w$ "
        "positions; sines alone vanish at 0, so no linear map shifts them; a learned table has no "
        "trained row past its length. Properties that hold are proven too, so the table is complete."
    ),
    claims=(
        # integer index -------------------------------------------------------------------------
        Claim(
            id="naive.integer.unbounded",
            title="integer index: for every bound $N$, position $N + 1$ exceeds it",
            written=(P_INT.apply(N + 1), N),
            notation=NOTATION,
            relation=">",
            scope="every positive integer $N$ (a real bound is below some integer)",
            tags=("table:integer:bounded:negated",),
            source=Source(_D003, "模型的位置表示是无界的"),
        ),
        Claim(
            id="naive.integer.distinct",
            title="integer index: positions $t < t + u + 1$ get different values",
            written=(sympy.Pow(sympy.Add(P_INT.apply(t + u + 1), -P_INT.apply(t), evaluate=False), 2, evaluate=False),
                     sympy.Integer(0)),
            notation=NOTATION,
            relation=">",
            scope="integer positions $t$ and $t + u + 1$",
            tags=("table:integer:distinct",),
        ),
        Claim(
            id="naive.integer.spacing",
            title="integer index: the step $p(t+1) − p(t) = 1$ whatever the length",
            written=(sympy.Add(P_INT.apply(t + 1), -P_INT.apply(t), evaluate=False), sympy.Integer(1)),
            notation=NOTATION,
            scope="every position $t$; the rule has no length $n$",
            tags=("table:integer:spacing",),
        ),
        Claim(
            id="naive.integer.extrapolates",
            title="integer index: position $L + k$ past the training length is $L + k$ (never seen in training)",
            written=(sympy.Add(P_INT.apply(L + k), -P_INT.apply(L), evaluate=False), k),
            notation=NOTATION,
            scope="training length $L$, extra positions $k \\ge 1$",
            tags=("table:integer:extrapolates",),
            source=Source(_D003, "模型可能遇见比训练时所用的序列更长的序列"),
            prose="Defined, but with values larger than any seen in training: defined is not generalised.",
        ),
        Claim(
            id="naive.integer.linear_shift",
            title="integer index: a fixed number $a$ maps $p(0) = 0$ to $p(k) = k$ (false)",
            written=(sympy.Mul(a, P_INT.apply(0), evaluate=False), P_INT.apply(k)),
            notation=NOTATION,
            expect="refuted",
            scope="scalar encoding, any real $a$, offset $k \\ge 1$",
            tags=("table:integer:linear_shift",),
            prose="$t \\mapsto t + k$ is affine, not linear; with a constant extra coordinate $(t, 1)$ it is linear.",
        ),
        Claim(
            id="naive.integer.inner_product_offset",
            title="integer index: $p(t) \\cdot p(t+1)$ does not change with $t$ (false)",
            written=(sympy.Mul(P_INT.apply(t), P_INT.apply(t + 1), evaluate=False),
                     sympy.Mul(P_INT.apply(t + 1), P_INT.apply(t + 2), evaluate=False)),
            notation=NOTATION,
            expect="refuted",
            scope="scalar encoding, integer $t$",
            tags=("table:integer:inner_product_offset",),
        ),
        # position / (length − 1) -----------------------------------------------------------------
        Claim(
            id="naive.unit.bounded",
            title="$[0, 1]$ encoding: positions $t = N - u \\le N$ of a sequence of length $N + 1$ map to at most 1",
            written=(P_UNIT.apply(N - u, N + 1), sympy.Integer(1)),
            notation=NOTATION,
            relation="<=",
            scope="length $n = N + 1 \\ge 2$, positions $N - u$ ($u \\ge 0$); nonnegative for $u \\le N$",
            tags=("table:unit_interval:bounded",),
        ),
        Claim(
            id="naive.unit.distinct",
            title="$[0, 1]$ encoding: within one sequence, later positions get larger values",
            written=(sympy.Add(P_UNIT.apply(t + u + 1, N + 1), -P_UNIT.apply(t, N + 1), evaluate=False), sympy.Integer(0)),
            notation=NOTATION,
            relation=">",
            scope="one sequence of length $N + 1$",
            tags=("table:unit_interval:distinct",),
        ),
        Claim(
            id="naive.unit.spacing",
            title="$[0, 1]$ encoding: the step is the same for 3 tokens and for 4 (false: $1/2$ against $1/3$)",
            written=(sympy.Add(P_UNIT.apply(t + 1, 3), -P_UNIT.apply(t, 3), evaluate=False),
                     sympy.Add(P_UNIT.apply(t + 1, 4), -P_UNIT.apply(t, 4), evaluate=False)),
            notation=NOTATION,
            expect="refuted",
            scope="lengths 3 and 4",
            tags=("table:unit_interval:spacing",),
            source=Source(_D003, "当序列长度不同时,token间的相对距离是不一样的"),
        ),
        Claim(
            id="naive.unit.four_tokens",
            title="$[0, 1]$ encoding of 4 tokens: the third is 0.69 (false: it is $2/3 \\approx 0.67$)",
            written=(P_UNIT.apply(2, 4), sympy.Rational("0.69")),
            notation=NOTATION,
            expect="refuted",
            scope="length 4",
            source=Source(_D003, "[0, 0.33, 0.69, 1]"),
            prose="The document's list for four tokens has a slip: $2/3$ rounds to 0.67, not 0.69.",
        ),
        Claim(
            id="naive.unit.extrapolates",
            title="$[0, 1]$ encoding: the last token of every length $n$, seen in training or not, maps to 1",
            written=(P_UNIT.apply(N, N + 1), sympy.Integer(1)),
            notation=NOTATION,
            scope="every length $N + 1 \\ge 2$",
            tags=("table:unit_interval:extrapolates",),
            prose="Defined for any length, but a longer sequence packs its tokens closer: see the step.",
        ),
        Claim(
            id="naive.unit.linear_shift",
            title="$[0, 1]$ encoding: a fixed number $a$ maps $p(0) = 0$ to $p(k) = k/(n - 1)$ (false)",
            written=(sympy.Mul(a, P_UNIT.apply(0, N + 1), evaluate=False), P_UNIT.apply(k, N + 1)),
            notation=NOTATION,
            expect="refuted",
            scope="length $N + 1$, any real $a$, offset $k \\ge 1$",
            tags=("table:unit_interval:linear_shift",),
        ),
        Claim(
            id="naive.unit.inner_product_offset",
            title="$[0, 1]$ encoding: $p(0) p(1) = p(1) p(2)$ for 5 tokens (false: 0 against $1/8$)",
            written=(sympy.Mul(P_UNIT.apply(0, 5), P_UNIT.apply(1, 5), evaluate=False),
                     sympy.Mul(P_UNIT.apply(1, 5), P_UNIT.apply(2, 5), evaluate=False)),
            notation=NOTATION,
            expect="refuted",
            scope="length 5",
            tags=("table:unit_interval:inner_product_offset",),
        ),
        # binary -------------------------------------------------------------------------------------
        Claim(
            id="naive.binary.bounded",
            title="binary (3 bits): every bit $\\lfloor t/4 \\rfloor \\bmod 2$ is below 2",
            lhs=binary_encoding(t, 3)[0],
            rhs=2,
            relation="<",
            scope="width 3, the most significant bit (the others are alike)",
            tags=("table:binary:bounded",),
            prose=(
                "True: a remainder mod 2 is 0 or 1. Proven by cases on the residue $r$ of $t \\bmod 4$ "
                "(in each case $\\lfloor t/4 \\rfloor = (t - r)/4$), then on the parity of that quotient."
            ),
        ),
        Claim(
            id="naive.binary.distinct",
            title="binary (3 bits): positions 0 and 8 get different codes (false: both 000)",
            written=(BIN_DIST.apply(8, 0), sympy.Integer(0)),
            notation=NOTATION,
            relation=">",
            expect="refuted",
            scope="width 3: codes repeat with period $2^3 = 8$",
            tags=("table:binary:distinct",),
            prose="Distinct only for $t < 2^w$; with $w = d$ bits that is ample, but it is a limit.",
        ),
        Claim(
            id="naive.binary.period",
            title="binary (3 bits): the code of $t + 8$ is the code of $t$",
            written=(P_BIN.apply(t + 8), P_BIN.apply(t)),
            notation=NOTATION,
            scope="width 3",
            tags=("table:binary:extrapolates",),
            prose="Defined for every position, by wrapping around: defined, but not distinct.",
        ),
        Claim(
            id="naive.binary.spacing",
            title="binary (3 bits): the step $b(t+1) - b(t)$ does not involve the sequence length $n$",
            lhs=sympy.Derivative(binary_encoding(t + 1, 3) - binary_encoding(t, 3), n),
            rhs=sympy.zeros(3, 1),
            scope="width 3",
            tags=("table:binary:spacing",),
            prose="The step itself varies with $t$ (from 1 to 2 two bits flip): independent of $n$, not constant.",
        ),
        Claim(
            id="naive.binary.linear_shift",
            title="binary (3 bits): a fixed linear map $A$ takes $b(0) = 000$ to $b(1) = 001$ (false)",
            written=(sympy.MatMul(sympy.MatrixSymbol("A", 3, 3), P_BIN.apply(0)), P_BIN.apply(1)),
            notation=NOTATION,
            expect="refuted",
            scope="width 3, any real $3 \\times 3$ matrix $A$",
            tags=("table:binary:linear_shift",),
        ),
        Claim(
            id="naive.binary.inner_product_offset",
            title="binary (3 bits): $b(1)^\\top b(2) = b(2)^\\top b(3)$ (false: 0 against 1)",
            written=(sympy.transpose(P_BIN.apply(1)) * P_BIN.apply(2), sympy.transpose(P_BIN.apply(2)) * P_BIN.apply(3)),
            notation=NOTATION,
            expect="refuted",
            scope="width 3",
            tags=("table:binary:inner_product_offset",),
        ),
        # sin-only ---------------------------------------------------------------------------------
        *_sin_only("pow2", "$\\sin(t/2^i)$"),
        *_sin_only("geometric", "$\\sin(t/10000^{i/(d−1)})$"),
        # learned table ----------------------------------------------------------------------------
        Claim(
            id="naive.learned.bounded",
            title="learned table (3 rows): every row is at most the sum of all $|e_s|$",
            lhs=sympy.Abs(e1),
            rhs=sympy.Abs(e0) + sympy.Abs(e1) + sympy.Abs(e2),
            relation="<=",
            scope="3 rows of width 1, row 1 shown",
            tags=("table:learned:bounded",),
            prose="A finite table is bounded, trivially; how large its entries are is up to training.",
        ),
        Claim(
            id="naive.learned.distinct",
            title="learned table: rows 0 and 1 always differ (false: nothing forces it)",
            lhs=(e1 - e0) ** 2,
            rhs=0,
            relation=">",
            expect="refuted",
            scope="rows of width 1, any real values",
            tags=("table:learned:distinct",),
            prose="Random initialisation makes equal rows unlikely, but no rule prevents them.",
        ),
        Claim(
            id="naive.learned.spacing",
            title="learned table: the step $e_{t+1} - e_t$ does not involve the sequence length $n$",
            lhs=sympy.Derivative(e1 - e0, n),
            rhs=0,
            scope="one table shared by all lengths",
            tags=("table:learned:spacing",),
        ),
        Claim(
            id="naive.learned.untrained_row",
            title="learned table: a loss on positions 0..2 has zero gradient for row 3",
            lhs=sympy.Derivative(f(e0, e1, e2), e3),
            rhs=0,
            scope="training length 3, any loss of the first 3 rows",
            tags=("table:learned:extrapolates:negated",),
            source=Source("001_bb44b78ede21af39.txt", "不能泛化到比训练时更长的序列"),
            prose="Row $L$ never moves from its initial value: the table has no trained row past $L$.",
        ),
        Claim(
            id="naive.learned.linear_shift",
            title="learned table: the number mapping $e_0$ to $e_1$ also maps $e_1$ to $e_2$ (false in general)",
            lhs=e1 / e0 * e1,
            rhs=e2,
            expect="refuted",
            scope="rows of width 1, any real values",
            tags=("table:learned:linear_shift",),
        ),
        Claim(
            id="naive.learned.inner_product_offset",
            title="learned table: $e_0 e_1 = e_1 e_2$ (false in general)",
            lhs=e0 * e1,
            rhs=e1 * e2,
            expect="refuted",
            scope="rows of width 1, any real values",
            tags=("table:learned:inner_product_offset",),
        ),
    ),
)
