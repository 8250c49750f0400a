"""The frequencies of the sinusoidal encoding: the log-space div_term, and the wavelengths."""

import sympy

from posenc_sym import Claim, Derivation, Step
from posenc_sym.notation import Definition, Notation
from posenc_sym.schemes.sinusoidal import NOTATION, b, d, div_term, frequency, i, wavelength

CONDITIONS = (b > 1, i < d / 2)
LAMBDA = Definition("lambda", (i,), wavelength(i))  # λ_i = 2π/ω_i, the wavelength of pair i
WAVELENGTHS = Notation(symbols=(b, d, i), definitions=(LAMBDA,))


def _div_term_written(column: int, width: int) -> sympy.Expr:
    """exp(j·(−ln b/d)) as code writes it, kept unevaluated (SymPy would make it b^(−j/d) at once)."""
    return sympy.exp(sympy.UnevaluatedExpr(sympy.Mul(column, -sympy.log(b) / width, evaluate=False)))

_DIV_TERM = sympy.exp(sympy.UnevaluatedExpr(sympy.Mul(2 * i, -sympy.log(b) / d, evaluate=False)))  # as code writes it
if Notation().expand(_DIV_TERM) != div_term(2 * i):
    raise ValueError("div_term as written is not the scheme's div_term")
div_term_general = Claim(
    id="sinusoidal.div-term",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$\\exp(2i \\cdot (-\\ln b/d)) = b^{-2i/d}$",
    written=(_DIV_TERM, frequency(i)),
    conditions=CONDITIONS,
    scope="any pair $i$ of any even $d$, any base $b > 1$",
    steps=(
        Step(sympy.Pow(sympy.exp(sympy.log(b), evaluate=False), -2 * i / d, evaluate=False),
             "$\\exp(x y) = (e^x)^y$ for real $x$, $y$"),
        Step(frequency(i), "$\\exp(\\ln b) = b$ for $b > 0$"),
    ),
    prose=(
        "Code often computes the frequencies as div_term $= \\exp(\\mathrm{arange}(0, d, 2) \\cdot (-\\ln b / d))$ "
        "instead of $1/b^{2i/d}$. Entry $i$ of arange(0, d, 2) is $2i$, so entry $i$ is $\\exp(2i \\cdot (-\\ln b/d)) "
        "= b^{-2i/d}$: the same number, computed through exp and log."
    ),
)

div_term_arange_d8 = Claim(
    id="sinusoidal.div-term.arange-d8",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$\\exp(\\mathrm{arange}(0, d, 2) \\cdot (-\\ln b/d))$ lists $\\omega_0, \\ldots, \\omega_{d/2-1}$, $d = 8$",
    written=(sympy.ImmutableMatrix([_div_term_written(j, 8) for j in range(0, 8, 2)]),
             # b^{-2i/8} with 2i unreduced over 8 (b^{-2/8}, b^{-4/8}), as the left side's exponents read
             sympy.ImmutableMatrix([sympy.Pow(b, sympy.Mul(sympy.Integer(-j), sympy.Pow(8, -1, evaluate=False),
                                                           evaluate=False), evaluate=False) for j in range(0, 8, 2)])),
    conditions=(b > 1,),
    scope="$d = 8$ as an example of the code's arange (the claim above is every $d$), any base $b > 1$",
)

div_term_odd_index_wrong = Claim(
    id="sinusoidal.div-term.halved-exponent-is-wrong",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="$\\exp(2i \\cdot (-\\ln b/d)) = b^{-i/d}$ (false: it is $b^{-2i/d}$)",
    written=(_DIV_TERM, b ** (-i / d)),
    conditions=CONDITIONS,
    scope="any pair $i \\ge 1$",
    expect="refuted",
    prose="Confusing the column index $2i$ with the pair index $i$ halves every exponent.",
)

first_wavelength = Claim(
    id="sinusoidal.wavelength.first",
    title="The shortest wavelength is $2\\pi$ (pair 0)",
    written=(LAMBDA.apply(0), 2 * sympy.pi),
    notation=WAVELENGTHS,
    scope="any $d$, any $b$",
)

last_wavelength = Claim(
    id="sinusoidal.wavelength.last",
    title="The longest wavelength is $2\\pi b^{(d-2)/d}$ (pair $d/2 - 1$)",
    written=(LAMBDA.apply(d / 2 - 1), 2 * sympy.pi * b ** ((d - 2) / d)),
    notation=WAVELENGTHS,
    conditions=(b > 1,),
    scope="every even $d$",
)

increasing = Claim(
    id="sinusoidal.wavelength.increasing",
    title="$\\lambda_{i+1} > \\lambda_i$: wavelengths increase strictly with $i$",
    written=(LAMBDA.apply(i + 1), LAMBDA.apply(i)),
    notation=WAVELENGTHS,
    relation=">",
    conditions=(b > 1, i < d / 2 - 1),
    scope="every pair $i$ of any even $d$, base $b > 1$",
    prose="$\\lambda_{i+1}/\\lambda_i = b^{2/d} > 1$ because $b > 1$: each pair's wavelength is the previous one stretched.",
)

below_2pi_b = Claim(
    id="sinusoidal.wavelength.below-2pi-b",
    notation=NOTATION,  # ω_i where b^(−2i/d) is meant
    title="The longest wavelength $2\\pi b^{(d-2)/d}$ is below $2\\pi b$ for every finite $d$",
    lhs=2 * sympy.pi * b ** ((d - 2) / d),
    rhs=2 * sympy.pi * b,
    relation="<",
    conditions=(b > 1,),
    scope="every even $d$, base $b > 1$",
    prose=(
        "Notes often say the wavelengths run 'from $2\\pi$ to $2\\pi \\cdot 10000$'. The upper end is never "
        "reached: the last pair is $i = d/2 - 1$, whose wavelength is $2\\pi b^{(d - 2)/d} < 2\\pi b$. For $d = 512$ "
        "and $b = 10000$ that is $2\\pi \\cdot 10000^{255/256} \\approx 2\\pi \\cdot 9646.6$."
    ),
)

LAMBDA_512 = Definition("lambda", (i,), wavelength(i, 512, 10000))  # λ_i for d = 512, b = 10000
paper_longest = Claim(
    id="sinusoidal.wavelength.paper-longest",
    title="For $d = 512$, $b = 10000$ the longest wavelength is below $2\\pi \\cdot 9647$",
    written=(LAMBDA_512.apply(255), sympy.Mul(2, sympy.pi, 9647, evaluate=False)),
    notation=Notation(definitions=(LAMBDA_512,)),
    relation="<",
    scope="$d = 512$, $b = 10000$",
)

DERIVATION = Derivation(
    id="sinusoidal.frequencies",
    title="Sinusoidal encoding: frequencies, the log-space div_term, and wavelengths",
    prose=(
        "Pair $i$ oscillates with angular frequency $\\omega_i = b^{-2i/d}$ and wavelength $\\lambda_i = "
        "2\\pi/\\omega_i = 2\\pi b^{2i/d}$: a geometric progression from $2\\pi$ up to, but not including, "
        "$2\\pi b$."
    ),
    claims=(div_term_general, div_term_arange_d8, div_term_odd_index_wrong,
            first_wavelength, last_wavelength, increasing, below_2pi_b, paper_longest),
)
