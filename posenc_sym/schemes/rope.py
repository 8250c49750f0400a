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

import sympy
from sympy.matrices import ImmutableMatrix

from ..errors import PosencSymError
from .sinusoidal import frequency, validate_width

__all__ = ["Pairing", "cache_entry", "pair_of_column", "partner", "rotation_matrix", "theta"]

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
