"""The sinusoidal encoding of *Attention Is All You Need*, as SymPy expressions.

PE(t, 2i) = sin(t·ω_i), PE(t, 2i+1) = cos(t·ω_i), ω_i = b^(−2i/d), for a position t, an
even width d = d_model > 0 and a base b > 1 (10000 in the paper). Everything here is exact:
the numeric generators and the proofs are both built from these expressions.

The ``interleaved`` layout puts (sin, cos) of one frequency side by side (the paper's);
``split`` puts all sines first, then all cosines (tensor2tensor's ``get_timing_signal``).
"""

from __future__ import annotations

import operator
from typing import Literal

import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from ..notation.blocks import BlockColumn, BlockDiagonal
from ..notation.definitions import Definition, Notation
from .scheme import CheckKind, Scheme

__all__ = [
    "MATRIX_NOTATION",
    "NOTATION",
    "OMEGA",
    "PE_COLUMN",
    "PE_COS",
    "PE_PAIR",
    "PE_PAIR_OF_T",
    "PE_SIN",
    "ROTATION",
    "SCHEMES",
    "T_BLOCK",
    "T_SHIFT",
    "WAVELENGTH",
    "Layout",
    "b",
    "column_role",
    "d",
    "div_term",
    "divided",
    "frequency",
    "i",
    "k",
    "notation",
    "pe_column",
    "pe_entry",
    "pe_pair",
    "pe_vector",
    "rotation",
    "rotation_block",
    "rotation_matrix",
    "shift_matrix",
    "t",
    "validate_width",
    "wavelength",
]

Layout = Literal["interleaved", "split"]

#: The standard symbols, with the assumptions every claim about them states.
t = sympy.Symbol("t", real=True)  # position
k = sympy.Symbol("k", real=True)  # offset
b = sympy.Symbol("b", positive=True)  # base; claims add the condition b > 1
d = sympy.Symbol("d", even=True, positive=True)  # d_model
i = sympy.Symbol("i", integer=True, nonnegative=True)  # pair index; claims add i < d/2


def validate_width(width: int, name: str = "d_model") -> int:
    """Check a concrete width: the encoding pairs columns, so it must be a positive even integer.

    >>> validate_width(8)
    8
    >>> import numpy; validate_width(numpy.int64(8))
    8
    >>> validate_width(7)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: d_model=7 is odd; the sinusoidal encoding pairs columns, so d_model must be even
    """
    if isinstance(width, bool):
        raise PosencSymError(f"{name}={width!r} is not an integer; pass a positive even int")
    try:
        width = operator.index(width)  # accepts numpy integers, refuses floats such as 8.0
    except TypeError:
        raise PosencSymError(f"{name}={width!r} is not an integer; pass a positive even int") from None
    if width <= 0:
        raise PosencSymError(f"{name}={width} is not positive; pass a positive even int such as 512")
    if width % 2:
        raise PosencSymError(
            f"{name}={width} is odd; the sinusoidal encoding pairs columns, so {name} must be even"
        )
    return width


def frequency(pair: sympy.Expr | int, width: sympy.Expr | int = d, base: sympy.Expr | int = b) -> sympy.Expr:
    """ω_i = base^(−2i/d), the angular frequency of pair ``i``.

    >>> frequency(1, 4, 10000)
    1/100
    """
    return sympy.Pow(base, -2 * sympy.sympify(pair) / width)


def div_term(even_column: sympy.Expr | int, width: sympy.Expr | int = d, base: sympy.Expr | int = b) -> sympy.Expr:
    """The log-space form that code uses: exp(j·(−ln base / d)) for the even column j = 2i.

    >>> div_term(2)
    exp(-2*log(b)/d)
    >>> div_term(2, 4, 10000)  # SymPy already evaluates a concrete one
    1/100
    """
    return sympy.exp(sympy.sympify(even_column) * (-sympy.log(base) / width))


def wavelength(pair: sympy.Expr | int, width: sympy.Expr | int = d, base: sympy.Expr | int = b) -> sympy.Expr:
    """λ_i = 2π/ω_i = 2π·base^(2i/d).

    >>> wavelength(0)
    2*pi
    """
    return 2 * sympy.pi / frequency(pair, width, base)


def pe_pair(position: sympy.Expr = t, pair: sympy.Expr | int = i, width: sympy.Expr | int = d,
            base: sympy.Expr | int = b) -> ImmutableMatrix:
    """The pair (PE(t, 2i), PE(t, 2i+1)) = (sin ω_i t, cos ω_i t) as a column.

    >>> pe_pair(t, 0, 4, 10000).T
    Matrix([[sin(t), cos(t)]])
    """
    w = frequency(pair, width, base)
    return ImmutableMatrix([sympy.sin(w * position), sympy.cos(w * position)])


def column_role(column: int, width: int, layout: Layout = "interleaved",
                cos_first: bool = False) -> tuple[int, bool]:
    """(pair, is_cos) of a table column: which frequency it uses and whether it holds the cosine.

    >>> column_role(3, 8), column_role(3, 8, "split"), column_role(0, 8, cos_first=True)
    ((1, True), (3, False), (0, True))
    """
    validate_width(width)
    if not 0 <= column < width:
        raise PosencSymError(f"column={column} is outside 0..{width - 1} for d_model={width}")
    if layout == "interleaved":
        pair, second = divmod(column, 2)
    elif layout == "split":
        second, pair = divmod(column, width // 2)
    else:
        raise PosencSymError(f"layout={layout!r} is unknown; use 'interleaved' or 'split'")
    return pair, bool(second) != cos_first


def pe_entry(position: sympy.Expr, column: int, width: int, base: sympy.Expr | int = b,
             layout: Layout = "interleaved") -> sympy.Expr:
    """PE(t, column) for a concrete width, in either layout.

    >>> pe_entry(t, 3, 4, 10000)
    cos(t/100)
    >>> pe_entry(t, 3, 4, 10000, layout="split")
    cos(t/100)
    >>> pe_entry(t, 1, 4, 10000, layout="split")
    sin(t/100)
    """
    pair, is_cos = column_role(column, width, layout)
    w = frequency(pair, width, base)
    return sympy.cos(w * position) if is_cos else sympy.sin(w * position)


def pe_vector(position: sympy.Expr, width: int, base: sympy.Expr | int = b,
              layout: Layout = "interleaved") -> ImmutableMatrix:
    """PE(t) as a column vector for a concrete width.

    >>> pe_vector(t, 2, 10000).T
    Matrix([[sin(t), cos(t)]])
    """
    validate_width(width)
    return ImmutableMatrix([pe_entry(position, c, width, base, layout) for c in range(width)])


def rotation_block(offset: sympy.Expr = k, omega: sympy.Expr | None = None) -> ImmutableMatrix:
    """The 2×2 block of T_k for one pair, for the (sin, cos) ordering.

    [[cos ωk, sin ωk], [−sin ωk, cos ωk]] maps (sin ωt, cos ωt) to (sin ω(t+k), cos ω(t+k)).

    >>> rotation_block(k, 1)
    Matrix([
    [ cos(k), sin(k)],
    [-sin(k), cos(k)]])
    """
    w = frequency(i) if omega is None else omega
    c, s = sympy.cos(w * offset), sympy.sin(w * offset)
    return ImmutableMatrix([[c, s], [-s, c]])


def rotation_matrix(offset: sympy.Expr, width: int, base: sympy.Expr | int = b) -> ImmutableMatrix:
    """T_k for a concrete width (interleaved layout): block-diagonal, block i rotates pair i.

    >>> rotation_matrix(k, 2, 10000)
    Matrix([
    [ cos(k), sin(k)],
    [-sin(k), cos(k)]])
    """
    validate_width(width)
    blocks = [rotation_block(offset, frequency(p, width, base)) for p in range(width // 2)]
    return ImmutableMatrix(sympy.diag(*blocks))


def divided(position: sympy.Expr = t, pair: sympy.Expr | int = i, width: sympy.Expr | int = d,
            base: sympy.Expr | int = b) -> sympy.Expr:
    r"""pos / base^(2i/d) as the paper writes it, unevaluated (SymPy would make it pos·base^(−2i/d)).

    >>> from posenc_sym.notation import to_latex
    >>> to_latex(sympy.sin(divided(t, i, d, 10000)))
    '\\sin\\left(\\frac{t}{10000^{\\frac{2 i}{d}}}\\right)'
    """
    power = sympy.Pow(base, 2 * sympy.sympify(pair) / width, evaluate=False)
    return sympy.Mul(position, sympy.Pow(power, -1, evaluate=False), evaluate=False)


def notation(base: sympy.Expr | int = b, width: sympy.Expr | int = d) -> Notation:
    r"""The sinusoidal encoding's notation for a base and a width (default: symbolic b and d).

    ω_i = base^(−2i/d) (printed wherever the frequency is meant); PE_{(t,2i)} = sin(ω_i t) and
    PE_{(t,2i+1)} = cos(ω_i t), told apart by the parity of the column; PE_i(t), pair i as a
    column; T_k, the 2×2 block that maps PE_i(t) to PE_i(t + k); λ_i = 2π/ω_i, its wavelength.

    >>> from posenc_sym.notation import to_latex
    >>> n = notation(10000)
    >>> to_latex(n.apply("T", k) * n.apply("PE_i", t), n), to_latex(pe_pair(t, i, d, 10000)[0], n)
    ('T_{k} \\mathrm{PE}_{i}\\left(t\\right)', '\\sin\\left(\\omega_{i} t\\right)')
    """
    omega = Definition("omega", (i,), frequency(i, width, base))
    w = omega.apply(i)
    pe_sin = Definition("PE", (t, 2 * i), sympy.sin(sympy.Mul(w, t, evaluate=False)))
    pe_cos = Definition("PE", (t, 2 * i + 1), sympy.cos(sympy.Mul(w, t, evaluate=False)))
    pair = Definition("PE_i", (t,), ImmutableMatrix([pe_sin.apply(t, 2 * i), pe_cos.apply(t, 2 * i + 1)]),
                      form="call")
    block = Definition("T", (k,), rotation_block(k, w))
    wave = Definition("lambda", (i,), 2 * sympy.pi / w)
    symbols = tuple(s for s in (t, k, base, width, i) if isinstance(s, sympy.Symbol))
    conditions = tuple(c for c in (sympy.Gt(base, 1), sympy.Lt(i, sympy.sympify(width) / 2))
                       if c is not sympy.true)
    return Notation(symbols=symbols, definitions=(omega, pe_sin, pe_cos, pair, block, wave),
                    conditions=conditions, shorthands=("omega",))


#: The notation of the sinusoidal encoding, as the derivations write it and the documents read.
NOTATION = notation()
OMEGA, PE_SIN, PE_COS, PE_PAIR, T_BLOCK, WAVELENGTH = NOTATION.definitions


# ---------------------------------------------------------------------------------------------
# Matrices of any width d: PE(t) as a column of d/2 pairs and T_k as a block-diagonal matrix of
# d/2 rotations, and the notation that writes them (issue 20: each fact at the level it lives).
# ---------------------------------------------------------------------------------------------

#: The index of a block (a pair): bound inside the block matrices, never a quantity of a claim.
p = sympy.Symbol("p", integer=True, nonnegative=True)


def rotation(angle: sympy.Expr) -> ImmutableMatrix:
    """B(x) = [[cos x, −sin x], [sin x, cos x]], the 2×2 rotation by ``angle`` of a column.

    The block of T_k is B(−ω_i k), since the pair is (sin, cos): rotation_block(k) = rotation(−ω_i k).

    >>> rotation(k) == rotation_block(k, -1)
    True
    """
    c, s = sympy.cos(angle), sympy.sin(angle)
    return ImmutableMatrix([[c, -s], [s, c]])


def pe_column(position: sympy.Expr = t, width: sympy.Expr | int = d, base: sympy.Expr | int = b) -> BlockColumn:
    """PE(t) for any width: the column of the d/2 pairs (sin ω_p t, cos ω_p t), p = 0 … d/2 − 1.

    >>> pe_column(t, 4, 10000).as_explicit().T
    Matrix([[sin(t), cos(t), sin(t/100), cos(t/100)]])
    """
    return BlockColumn(pe_pair(position, p, width, base), p, sympy.sympify(width) / 2)


def shift_matrix(offset: sympy.Expr = k, width: sympy.Expr | int = d, base: sympy.Expr | int = b) -> BlockDiagonal:
    """T_k for any width: diag(B(−ω_0 k), …, B(−ω_{d/2−1} k)), block-diagonal (interleaved layout).

    >>> shift_matrix(k, 4, 10000).as_explicit() == rotation_matrix(k, 4, 10000)
    True
    """
    return BlockDiagonal(rotation(-frequency(p, width, base) * offset), p, sympy.sympify(width) / 2)


_x = sympy.Symbol("x", real=True)
#: B(x), the 2×2 rotation: the block of T_k (as B(−ω_i k)) and of RoPE's R (as B(m θ_i)).
ROTATION = Definition("B", (_x,), rotation(_x), form="call")
_w = OMEGA.apply(p)
#: PE(t) = (sin ω_0 t, cos ω_0 t, …, sin ω_{d/2−1} t, cos ω_{d/2−1} t), written with ω_p.
PE_COLUMN = Definition("PE", (t,), BlockColumn(ImmutableMatrix([sympy.sin(sympy.Mul(_w, t, evaluate=False)),
                                                                sympy.cos(sympy.Mul(_w, t, evaluate=False))]),
                                               p, d / 2), form="call")
#: T_k = diag(B(−ω_0 k), …, B(−ω_{d/2−1} k)), the shift by k of the whole encoding.
T_SHIFT = Definition("T", (k,), BlockDiagonal(ROTATION.apply(-_w * k), p, d / 2, 2))
_wi = OMEGA.apply(i)
#: PE_i(t) = (sin ω_i t, cos ω_i t), pair i, written with ω_i.
PE_PAIR_OF_T = Definition("PE_i", (t,), ImmutableMatrix([sympy.sin(sympy.Mul(_wi, t, evaluate=False)),
                                                         sympy.cos(sympy.Mul(_wi, t, evaluate=False))]), form="call")
#: The notation of the whole encoding at any width: ω_i, B(x), PE(t), PE_i(t), T_k, PE_{(t,2i)} and λ_i.
MATRIX_NOTATION = Notation(symbols=(t, k, b, d, i),
                           definitions=(OMEGA, ROTATION, PE_COLUMN, PE_PAIR_OF_T, T_SHIFT, PE_SIN, PE_COS, WAVELENGTH),
                           conditions=NOTATION.conditions, shorthands=("omega",))


#: The sinusoidal encoding: its derivations, its row of the property table, and the table
#: ``posenc-sym check`` accepts.
SCHEMES: tuple[Scheme, ...] = (
    Scheme(
        "sinusoidal", "sinusoidal", course=20,
        derivations=("sinusoidal.shift", "sinusoidal.rotation-group", "sinusoidal.frequencies",
                     "sinusoidal.geometry"),
        checks=(CheckKind("sinusoidal", "sinusoidal", "a (positions, d_model) table", "table", width_key="d_model",
                          accurate='posenc_sym.sinusoidal_table(..., method="accurate")'),
                CheckKind("sinusoidal-2d", "2-D sinusoidal",
                          "a (tokens, d_model) table over an image grid, rows in row-major order, each coordinate "
                          "in its own columns (MAE, timm, diffusers; leading all-zero cls rows allowed)", "table")),
    ),
)
