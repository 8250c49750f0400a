"""ALiBi: a linear bias on the scores, its slopes, and why the causal shortcut m·j is exact."""

import sympy

from posenc_sym import Claim, Derivation, Source
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.alibi import bias, causal_bias, slopes
from posenc_sym.schemes.attention import softmax

i, j, s = sympy.symbols("i j s", integer=True)
r = sympy.Symbol("r", integer=True)
slope = sympy.Symbol("m_h", positive=True)  # the slope of one head h, as the notation table writes it
c = sympy.Symbol("c", real=True)
x = sympy.symbols("x_0:3", real=True)  # the content scores q_i·k_j of one row
heads = sympy.Symbol("n", integer=True, positive=True)
h = sympy.Symbol("h", integer=True, positive=True)

# bias(i, j) = −m_h|i − j|, the bias of query i and key j; slopes(n), the n heads' slopes, computed by
# the scheme; m_h, the slope of head h of 16.
BIAS = Definition("bias", (i, j), bias(i, j, slope), form="call")
SLOPES = Definition("slopes", (heads,), slopes, form="call", about="the ALiBi slopes of n heads")
SLOPE_16 = Definition("m", (h,), lambda head: slopes(16)[head - 1], about="the slope of head h of 16")


def _power_of_two(exponent: sympy.Expr) -> sympy.Pow:
    """2^e as the paper writes a slope (2^{-3}, 2^{-1/2}), not 1/8 or √2/2."""
    return sympy.Pow(2, sympy.UnevaluatedExpr(exponent), evaluate=False)


NOTATION = Notation(symbols=(i, j, s, slope, heads, h), definitions=(BIAS, SLOPES, SLOPE_16))
_a, _b, _c = sympy.symbols("a b c", real=True)
SOFTMAX = Definition("softmax", (_a, _b, _c), lambda *row: softmax(list(row)), form="call",
                     about="exp of each score over the sum of the three exps")
ROWS = NOTATION.define(SOFTMAX)


def _row(*scores: sympy.Expr) -> sympy.Expr:
    return SOFTMAX.apply(*scores)


def _causal(key: int) -> sympy.Expr:
    """x_j + m j as an implementation adds it (x_0 alone for j = 0)."""
    shortcut = causal_bias(ROW, key, slope)
    return x[key] if shortcut == 0 else sympy.Add(x[key], shortcut, evaluate=False)

ROW = 2  # query 2 of a causal row sees keys 0..2

DERIVATION = Derivation(
    id="alibi",
    title="ALiBi: linear biases instead of position vectors",
    prose=(
        "ALiBi adds nothing to the input; each head $h$ adds $-m_h |i - j|$ to the score of query $i$ and "
        "key $j$. The bias depends on $i - j$ only, so the encoding is relative by construction. Its slopes "
        "are a geometric sequence fixed before training: $2^{-8/n}, 2^{-16/n}, \\ldots, 2^{-8}$ for $n$ heads "
        "when $n$ is a power of two, and for other $n$ the slopes of the power of two below $n$ interleaved "
        "with every other slope of the power of two above. Implementations of causal attention add $m_h j$ "
        "instead of $-m_h (i - j)$: on row $i$ the two differ by $m_h i$, a constant along the row, and softmax "
        "is unchanged by adding a constant to all its inputs."
    ),
    claims=(
        Claim(
            id="alibi.bias.shift",
            title="The bias $-m_h|i - j|$ is unchanged when $i$ and $j$ move together",
            written=(BIAS.apply(i + s, j + s), BIAS.apply(i, j)),
            notation=NOTATION,
            scope="integers $i$, $j$, $s$; slope $m_h > 0$",
            tags=("table:alibi:inner_product_offset",),
            prose="The bias, ALiBi's only use of position, is a function of $i - j$.",
        ),
        Claim(
            id="alibi.bias.offset_only",
            title="With $i = j + r$ the bias $-m_h|i - j|$ does not change with $j$",
            written=(BIAS.apply(j + r, j), -slope * sympy.Abs(r)),
            notation=NOTATION,
            scope="integers $j$, $r$; slope $m_h > 0$",
        ),
        Claim(
            id="alibi.slopes.eight",
            title="8 heads: slopes $2^{-1}, 2^{-2}, \\ldots, 2^{-8}$",
            written=(SLOPES.apply(8), sympy.Matrix([_power_of_two(-n) for n in range(1, 9)])),
            notation=NOTATION,
            scope="$n = 8$ heads",
            prose=("Expected values from the paper's statement: for $n$ heads the geometric sequence that starts at "
                   "$2^{-8/n}$ and has that ratio, here $2^{-1}, 2^{-2}, \\ldots, 2^{-8}$."),
            source=Source("001_bb44b78ede21af39.txt", "其中m是斜率参数"),
        ),
        Claim(
            id="alibi.slopes.geometric",
            title="16 heads: every slope is $2^{-1/2}$ times the previous one",
            written=(sympy.Matrix([SLOPE_16.apply(n + 1) / SLOPE_16.apply(n) for n in range(1, 16)]),
                     sympy.Matrix([_power_of_two(sympy.Rational(-1, 2))] * 15)),
            notation=NOTATION,
            scope="$n = 16$ heads",
        ),
        Claim(
            id="alibi.slopes.twelve",
            title="12 heads: the 8-head slopes, then $2^{-1/2}$, $2^{-3/2}$, $2^{-5/2}$, $2^{-7/2}$",
            written=(SLOPES.apply(12),
                     sympy.Matrix([_power_of_two(-n) for n in range(1, 9)]
                                  + [_power_of_two(sympy.Rational(-(2 * n + 1), 2)) for n in range(4)])),
            notation=NOTATION,
            scope="$n = 12$ heads (not a power of two)",
            prose=(
                "The power of two below 12 is 8: the first 8 slopes are those of 8 heads; the other 4 are the "
                "slopes at even indices 0, 2, 4, 6 of the 16-head sequence $2^{-(h+1)/2}$: "
                "$2^{-1/2}, 2^{-3/2}, \\ldots$"
            ),
        ),
        Claim(
            id="alibi.softmax.translation",
            title="$\\operatorname{softmax}(x + c) = \\operatorname{softmax}(x)$ for a constant $c$ added to every entry",
            written=(_row(*(sympy.Add(xx, c, evaluate=False) for xx in x)), _row(*x)),
            notation=ROWS,
            scope="a row of 3 real scores, real $c$",
        ),
        Claim(
            id="alibi.causal.same_softmax",
            title="On causal row $i = 2$, $\\operatorname{softmax}(x_j - m_h|i - j|) = \\operatorname{softmax}(x_j + m_h j)$",
            written=(_row(*(sympy.Add(x[jj], BIAS.apply(ROW, jj), evaluate=False) for jj in range(ROW + 1))),
                     _row(*(_causal(jj) for jj in range(ROW + 1)))),
            notation=ROWS,
            scope="query $i = 2$ with keys $j = 0, 1, 2$, real scores, slope $m_h > 0$",
            prose="The two bias rows differ by $m_h i = 2m_h$ on every key of the row.",
        ),
        Claim(
            id="alibi.causal.not_symmetric",
            title="Without the causal mask, $\\operatorname{softmax}(x_j - m_h|i - j|) = \\operatorname{softmax}(x_j + m_h j)$ (false for keys after $i$)",
            written=(_row(*(sympy.Add(x[jj], BIAS.apply(1, jj), evaluate=False) for jj in range(3))),
                     _row(*(_causal(jj) for jj in range(3)))),
            notation=ROWS,
            expect="refuted",
            scope="query $i = 1$ with keys $j = 0, 1, 2$ (key 2 is in the future), slope $m_h > 0$",
            prose=(
                "The shortcut needs the mask: for a key after the query, $-m_h|i - j|$ falls with $j$ while $m_h j$ "
                "rises, so the row offsets differ and softmax sees it."
            ),
        ),
    ),
)
