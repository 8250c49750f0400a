"""Rotary position embedding (RoPE, Su et al. 2021), as SymPy expressions.

Pair p of a head of width ``dim`` is rotated by the angle m·θ_p at position m, with
θ_p = b^(−2p/dim). Two pairings are in use:

``adjacent``  pairs dimensions (2p, 2p+1): RoFormer, Meta's LLaMA reference (complex form),
              GPT-J's ``rotate_every_two``.
``halves``    pairs dimensions (p, p + dim/2): GPT-NeoX and Hugging Face ``rotate_half``.

A cos/sin cache has one column per dimension: column c holds cos(m·θ_{pair(c)}).
"""

from __future__ import annotations

from typing import Literal

import mpmath
import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from ..notation.blocks import BlockColumn, BlockDiagonal
from ..notation.definitions import Definition, Notation
from .scheme import CheckKind, Scheme
from .sinusoidal import ROTATION, b, d, frequency, i, p, rotation, validate_width

__all__ = ["SCHEMES", "Pairing", "cache_entry", "pair_of_column", "partner", "rotation_matrix", "theta"]

Pairing = Literal["adjacent", "halves"]
PAIRINGS: tuple[Pairing, ...] = ("adjacent", "halves")


def theta(pair: sympy.Expr | int, dim: sympy.Expr | int, base: sympy.Expr | int) -> sympy.Expr:
    """θ_p = base^(−2p/dim): the same frequencies as the sinusoidal encoding.

    >>> theta(1, 4, 10000)
    1/100
    """
    return frequency(pair, dim, base)


def _check_pairing(pairing: str) -> None:
    if pairing not in PAIRINGS:
        raise PosencSymError(f"pairing={pairing!r} is unknown; use 'adjacent' or 'halves'")


def pair_of_column(column: int, dim: int, pairing: Pairing) -> int:
    """The pair whose frequency column ``column`` of a cache uses.

    >>> [pair_of_column(c, 4, "adjacent") for c in range(4)]
    [0, 0, 1, 1]
    >>> [pair_of_column(c, 4, "halves") for c in range(4)]
    [0, 1, 0, 1]
    """
    validate_width(dim, "dim")
    _check_pairing(pairing)
    if not 0 <= column < dim:
        raise PosencSymError(f"column={column} is outside 0..{dim - 1} for dim={dim}")
    return column // 2 if pairing == "adjacent" else column % (dim // 2)


def partner(column: int, dim: int, pairing: Pairing) -> int:
    """The dimension rotated together with ``column``.

    >>> partner(0, 8, "adjacent"), partner(0, 8, "halves")
    (1, 4)
    """
    pair_of_column(column, dim, pairing)
    if pairing == "adjacent":
        return column ^ 1
    half = dim // 2
    return column + half if column < half else column - half


def cache_entry(position: sympy.Expr, column: int, dim: int, base: sympy.Expr | int,
                pairing: Pairing, which: Literal["cos", "sin"]) -> sympy.Expr:
    """cos(m·θ) or sin(m·θ) for column ``column`` of a full-width cache.

    >>> m = sympy.Symbol("m", real=True)
    >>> cache_entry(m, 3, 4, 10000, "halves", "sin")
    sin(m/100)
    """
    angle = position * theta(pair_of_column(column, dim, pairing), dim, base)
    if which == "cos":
        return sympy.cos(angle)
    if which == "sin":
        return sympy.sin(angle)
    raise PosencSymError(f"which={which!r}; use 'cos' or 'sin'")


def rotation_matrix(position: sympy.Expr, dim: int, base: sympy.Expr | int,
                    pairing: Pairing = "adjacent") -> ImmutableMatrix:
    """R_m, the dim×dim matrix that rotates a query or key at position m (acting on columns).

    For each pair (u, v): x'_u = x_u cos mθ − x_v sin mθ, x'_v = x_u sin mθ + x_v cos mθ.

    >>> m = sympy.Symbol("m", real=True)
    >>> rotation_matrix(m, 2, 10000)
    Matrix([
    [cos(m), -sin(m)],
    [sin(m),  cos(m)]])
    """
    validate_width(dim, "dim")
    _check_pairing(pairing)
    out = sympy.zeros(dim, dim)
    for column in range(dim):
        other = partner(column, dim, pairing)
        first = column < other
        angle = position * theta(pair_of_column(column, dim, pairing), dim, base)
        out[column, column] = sympy.cos(angle)
        out[column, other] = -sympy.sin(angle) if first else sympy.sin(angle)
    return ImmutableMatrix(out)


# ---------------------------------------------------------------------------------------------
# Appended by issue 4 (encodings): the forms the RoPE derivations compare, the permutation between
# the two pairings, and the RoFormer long-term-decay bound.
# ---------------------------------------------------------------------------------------------

def pair_rotation(angle: sympy.Expr) -> ImmutableMatrix:
    """The 2×2 rotation by ``angle`` acting on a column (x_u, x_v): RoPE's real block form.

    >>> pair_rotation(sympy.Symbol("a", real=True))
    Matrix([
    [cos(a), -sin(a)],
    [sin(a),  cos(a)]])
    """
    c, s = sympy.cos(angle), sympy.sin(angle)
    return ImmutableMatrix([[c, -s], [s, c]])


def block_score(q: ImmutableMatrix, k: ImmutableMatrix, m: sympy.Expr, n: sympy.Expr,
                freq: sympy.Expr) -> sympy.Expr:
    """(R(mθ) q)ᵀ (R(nθ) k) for one pair: the rotated query at m against the rotated key at n.

    >>> q0, q1, m = sympy.symbols("q0 q1 m", real=True)
    >>> block_score(sympy.Matrix([q0, q1]), sympy.Matrix([1, 0]), m, 0, 1)
    q0*cos(m) - q1*sin(m)
    """
    return sympy.expand((pair_rotation(m * freq) * q).dot(pair_rotation(n * freq) * k))


def complex_product(q: ImmutableMatrix, k: ImmutableMatrix, m: sympy.Expr, n: sympy.Expr,
                    freq: sympy.Expr) -> sympy.Expr:
    """(q_u + i q_v) e^{imθ} · conj((k_u + i k_v) e^{inθ}): one pair in RoPE's complex form.

    >>> q0, q1, m = sympy.symbols("q0 q1 m", real=True)
    >>> complex_product(sympy.Matrix([q0, q1]), sympy.Matrix([1, 0]), m, 0, 1)
    (q0 + I*q1)*exp(I*m)
    """
    zq = (q[0] + sympy.I * q[1]) * sympy.exp(sympy.I * m * freq)
    zk = (k[0] + sympy.I * k[1]) * sympy.exp(sympy.I * n * freq)
    return zq * sympy.conjugate(zk)


def complex_score(q: ImmutableMatrix, k: ImmutableMatrix, m: sympy.Expr, n: sympy.Expr,
                  freq: sympy.Expr) -> sympy.Expr:
    """Re of :func:`complex_product`, written (w + w̄)/2 so that SymPy can expand it quickly.

    >>> q0, q1, m = sympy.symbols("q0 q1 m", real=True)
    >>> score = complex_score(sympy.Matrix([q0, q1]), sympy.Matrix([1, 0]), m, 0, 1)
    >>> sympy.expand(score, complex=True)
    q0*cos(m) - q1*sin(m)
    """
    w = complex_product(q, k, m, n, freq)
    return (w + sympy.conjugate(w)) / 2


def adjacent_to_halves(dim: int) -> tuple[int, ...]:
    """σ with σ(2p) = p and σ(2p+1) = p + dim/2: where each adjacent-layout dimension goes.

    >>> adjacent_to_halves(8)
    (0, 4, 1, 5, 2, 6, 3, 7)
    """
    validate_width(dim, "dim")
    half = dim // 2
    return tuple(a // 2 + (half if a % 2 else 0) for a in range(dim))


def pairing_permutation(dim: int) -> ImmutableMatrix:
    """P with P e_a = e_σ(a): it moves a vector from the adjacent layout to the halves layout.

    R_halves(m) = P R_adjacent(m) Pᵀ (``derivations/rope.py`` checks it for concrete dims).

    >>> pairing_permutation(4)
    Matrix([
    [1, 0, 0, 0],
    [0, 0, 1, 0],
    [0, 1, 0, 0],
    [0, 0, 0, 1]])
    """
    sigma = adjacent_to_halves(dim)
    return ImmutableMatrix(dim, dim, lambda r, c: 1 if sigma[c] == r else 0)


def _decay_frequencies(dim: int, base: sympy.Expr | int) -> list[sympy.Expr]:
    validate_width(dim, "dim")
    return [theta(p, dim, base) for p in range(dim // 2)]


def decay_bound_expr(distance: sympy.Expr | int, dim: int, base: sympy.Expr | int) -> sympy.Expr:
    """RoFormer's relative upper bound (1/(d/2))·Σ_{j=1}^{d/2} |S_j|, S_j = Σ_{p<j} e^{i·r·θ_p}, exactly.

    |S_j| is written as sqrt((Σ cos rθ_p)² + (Σ sin rθ_p)²), a real expression that evaluates fast.

    >>> decay_bound_expr(0, 4, 10000)
    3/2
    """
    c: sympy.Expr = sympy.Integer(0)
    s: sympy.Expr = sympy.Integer(0)
    terms = []
    for w in _decay_frequencies(dim, base):
        c, s = c + sympy.cos(distance * w), s + sympy.sin(distance * w)
        terms.append(sympy.sqrt(c**2 + s**2))
    return sympy.Add(*terms) / (dim // 2)


def decay_bound(distance: int | float | str, dim: int, base: int | float | str = 10000,
                dps: int = 30) -> mpmath.mpf:
    """The same bound evaluated with mpmath at ``dps`` digits (for figures and tables).

    It is not monotone in the distance: for dim = 128, base 10000 it rises from r = 18 to 19.

    >>> float(decay_bound(0, 128))
    32.5
    >>> decay_bound(19, 128) > decay_bound(18, 128)
    True
    """
    validate_width(dim, "dim")
    with mpmath.workdps(dps):
        r, b = mpmath.mpf(distance), mpmath.mpf(base)
        partial, total = mpmath.mpc(0), mpmath.mpf(0)
        for p in range(dim // 2):
            partial += mpmath.expj(r * b ** (-mpmath.mpf(2 * p) / dim))
            total += abs(partial)
        return +(total / (dim // 2))


__all__ += [  # the public names appended by issue 4
    "adjacent_to_halves",
    "block_score",
    "complex_product",
    "complex_score",
    "decay_bound",
    "decay_bound_expr",
    "pair_rotation",
    "pairing_permutation",
]


# ---------------------------------------------------------------------------------------------
# The whole head at any width d: R(x) = diag(B(x_0), …, B(x_{d/2−1})) for a column of angles x, so
# that R(mθ) rotates a query at position m (issue 20: each fact at the level it lives).
# ---------------------------------------------------------------------------------------------

def head_rotation(position: sympy.Expr, dim: sympy.Expr | int = d, base: sympy.Expr | int = b) -> BlockDiagonal:
    """R(mθ) for any width (adjacent pairing): diag(B(m θ_0), …, B(m θ_{d/2−1})).

    >>> m = sympy.Symbol("m", real=True)
    >>> head_rotation(m, 4, 10000).as_explicit() == rotation_matrix(m, 4, 10000)
    True
    """
    return BlockDiagonal(rotation(position * theta(p, dim, base)), p, sympy.sympify(dim) / 2)


#: θ_i = b^{−2i/d}, the frequency of pair i.
THETA_I = Definition("theta", (i,), theta(i, d, b))
#: θ = (θ_0, …, θ_{d/2−1}), the column of frequencies.
THETA = Definition("theta", (), BlockColumn(ImmutableMatrix([THETA_I.apply(p)]), p, d / 2), form="value")
_angles = sympy.MatrixSymbol("x", d / 2, 1)
#: R(x) = diag(B(x_0), …, B(x_{d/2−1})) for a column of angles x; R(mθ) is the rotation at position m.
ROTARY = Definition("R", (_angles,), BlockDiagonal(ROTATION.apply(_angles[p, 0]), p, d / 2, 2), form="call")
#: RoPE's notation for a whole head of any width: θ_i, θ, B(x), R(x).
MATRIX_NOTATION = Notation(symbols=(b, d), definitions=(ROTARY, THETA, THETA_I, ROTATION))

__all__ += ["MATRIX_NOTATION", "ROTARY", "THETA", "THETA_I", "head_rotation"]


#: RoPE: its derivation, its row of the property table, and the caches ``posenc-sym check``
#: accepts (single-axis, multi-axis as Flux's, and with xPos amplitudes).
SCHEMES: tuple[Scheme, ...] = (
    Scheme(
        "rope", "RoPE", course=30, derivations=("rope",),
        checks=(
            CheckKind("rope", "RoPE", "a cos/sin cache", "cache", width_key="rotary_dim",
                      accurate='posenc_sym.rope_cache(..., method="accurate")'),
            CheckKind("rope-axes", "multi-axis RoPE",
                      "a multi-axis RoPE cache over a 2-D/3-D grid, as Flux's: a .npz with cos, sin, ids of "
                      "shape (tokens, axes), optionally axes_dim; a callable returns (cos, sin, ids)", "axes"),
            CheckKind("xpos", "xPos",
                      "a RoPE cache whose pairs carry xPos amplitudes: cos·A and sin·A as the attention sees "
                      "them", "cache", width_key="rotary_dim"),
        ),
    ),
)
