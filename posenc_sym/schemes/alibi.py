"""ALiBi (Press, Smith & Lewis 2022): a linear bias on attention scores instead of position vectors.

Head h adds ``−m_h·|i−j|`` to the score of query i against key j. The slopes m_h are a
geometric sequence: for n heads, n a power of two, m_h = 2^(−8(h+1)/n), h = 0..n−1. For other n
the reference code takes the 2^⌊log2 n⌋ slopes of the nearest lower power of two and fills the
rest with every other slope of the next power of two (2^(−4(2h'+1)/p) for p = 2^⌊log2 n⌋).

Everything is exact: a slope is ``2**Rational(...)``, never a float.
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from .scheme import CheckKind, Scheme

__all__ = ["SCHEMES", "bias", "bias_matrix", "causal_bias", "slopes", "slopes_power_of_two", "validate_heads"]


def validate_heads(n_heads: int) -> int:
    """Check a head count: a positive int.

    >>> validate_heads(8)
    8
    >>> validate_heads(0)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: n_heads=0 is not positive; pass the number of attention heads, e.g. 8
    """
    if isinstance(n_heads, bool) or not isinstance(n_heads, int):
        raise PosencSymError(
            f"n_heads={n_heads!r} is not an integer; pass the number of attention heads, e.g. 8"
        )
    if n_heads <= 0:
        raise PosencSymError(f"n_heads={n_heads} is not positive; pass the number of attention heads, e.g. 8")
    return n_heads


def _is_power_of_two(n: int) -> bool:
    return n & (n - 1) == 0


def slopes_power_of_two(n_heads: int) -> tuple[sympy.Expr, ...]:
    """The geometric slopes 2^(−8/n), 2^(−16/n), …, 2^(−8) for n a power of two.

    Start and ratio are both 2^(−8/n) (the reference code's ``2**(-2**-(log2(n)-3))``).

    >>> slopes_power_of_two(4)
    (1/4, 1/16, 1/64, 1/256)
    >>> slopes_power_of_two(3)
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: n_heads=3 is not a power of two; use slopes(3), which interpolates
    """
    validate_heads(n_heads)
    if not _is_power_of_two(n_heads):
        raise PosencSymError(
            f"n_heads={n_heads} is not a power of two; use slopes({n_heads}), which interpolates"
        )
    return tuple(sympy.Integer(2) ** sympy.Rational(-8 * (h + 1), n_heads) for h in range(n_heads))


def slopes(n_heads: int) -> tuple[sympy.Expr, ...]:
    """The ALiBi slope of every head, exactly, by the rule of the ALiBi reference code.

    For n a power of two: :func:`slopes_power_of_two`. Otherwise, with p = 2^⌊log2 n⌋: the p
    slopes for p heads, then the slopes at even indices 0, 2, 4, … of the 2p-head sequence,
    as many as needed (n − p of them).

    >>> slopes(8)
    (1/2, 1/4, 1/8, 1/16, 1/32, 1/64, 1/128, 1/256)
    >>> slopes(6)
    (1/4, 1/16, 1/64, 1/256, 1/2, 1/8)
    >>> slopes(3)
    (1/16, 1/256, 1/4)
    """
    validate_heads(n_heads)
    if _is_power_of_two(n_heads):
        return slopes_power_of_two(n_heads)
    p = 1 << (n_heads.bit_length() - 1)
    extra = slopes_power_of_two(2 * p)[0::2][: n_heads - p]
    return slopes_power_of_two(p) + extra


def bias(query: sympy.Expr, key: sympy.Expr, slope: sympy.Expr) -> sympy.Expr:
    """The symmetric ALiBi bias −m·|i − j| of query i against key j.

    >>> i, j = sympy.symbols("i j", integer=True)
    >>> bias(i, j, sympy.Rational(1, 2))
    -Abs(i - j)/2
    """
    return -slope * sympy.Abs(query - key)


def causal_bias(query: sympy.Expr, key: sympy.Expr, slope: sympy.Expr) -> sympy.Expr:
    """What implementations add on a causal row instead: m·j (the key index times the slope).

    On row i with keys j ≤ i, m·j = −m·|i − j| + m·i: the two differ by m·i, the same for the
    whole row, which softmax cannot see (``derivations/alibi.py`` proves it).

    >>> i, j = sympy.symbols("i j", integer=True)
    >>> causal_bias(i, j, 1)
    j
    """
    return slope * key


def bias_matrix(n: int, slope: sympy.Expr, causal: bool = False) -> ImmutableMatrix:
    """The n×n bias matrix: −m|i−j| everywhere, or m·j on and below the diagonal (``causal``).

    Entries above the diagonal of the causal form are masked in practice; they are 0 here.

    >>> bias_matrix(3, 1)
    Matrix([
    [ 0, -1, -2],
    [-1,  0, -1],
    [-2, -1,  0]])
    >>> bias_matrix(3, 1, causal=True)
    Matrix([
    [0, 0, 0],
    [0, 1, 0],
    [0, 1, 2]])
    """
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
        raise PosencSymError(f"n={n!r} is not a positive int; pass the sequence length, e.g. 4")
    if causal:
        return ImmutableMatrix(n, n, lambda r, c: causal_bias(r, c, slope) if c <= r else 0)
    return ImmutableMatrix(n, n, lambda r, c: bias(r, c, slope))


#: ALiBi: its derivation, its row of the property table, and the slopes ``posenc-sym check`` accepts.
SCHEMES: tuple[Scheme, ...] = (
    Scheme("alibi", "ALiBi", course=40, derivations=("alibi",),
           checks=(CheckKind("alibi", "ALiBi",
                             "a slope vector, or a bias (heads, queries, keys) or (heads, 1, keys)", "slopes"),)),
)
