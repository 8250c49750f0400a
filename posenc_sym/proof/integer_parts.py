"""Residue splits: decide floor, ceiling, frac and Mod of integer arguments by cases.

``floor(K/2) + ceiling(K/2) = K`` holds for every integer K, but no transform of SymPy sees
it: floor does not distribute. Every integer K is M·k + r for exactly one residue
r ∈ {0, …, M − 1} and one integer k. When every argument of floor, ceiling, frac and Mod is a
polynomial with rational coefficients in integer symbols, and M is the least common multiple
of the denominators, the substitution K = M·k + r makes each argument an integer polynomial in
k plus a known rational, and SymPy evaluates the integer part exactly (floor(k + 1/2) = k).
The claim is proven when every one of the M^(number of symbols) cases is proven.

The fresh k assumes only ``integer``: what K assumed beyond that (positive, even) is not used,
so each case is at least as general as the original, and a case that is impossible for K
(odd residues of an even K) must still be proven, which can only make the rule prove less.
"""

from __future__ import annotations

import itertools
import math

import sympy

__all__ = ["MAX_CASES", "residue_cases"]

#: A split into more cases than this is not attempted (each case is a whole proof).
MAX_CASES = 64

_ROUNDING = (sympy.floor, sympy.ceiling, sympy.frac, sympy.Mod)


def _argument(node: sympy.Basic) -> sympy.Expr | None:
    """The argument whose fractional part decides ``node``: x for floor(x), a/m for Mod(a, m)."""
    if isinstance(node, sympy.Mod):
        a, m = node.args
        return a / m if m.is_Integer and m > 0 else None
    return node.args[0]


def _modulus(arg: sympy.Expr) -> tuple[set[sympy.Symbol], int] | None:
    symbols = {s for s in arg.free_symbols if isinstance(s, sympy.Symbol)}
    if not symbols or not all(s.is_integer for s in symbols) or len(symbols) != len(arg.free_symbols):
        return None
    poly = arg.as_poly(*sorted(symbols, key=str))
    if poly is None or not all(c.is_Rational for c in poly.coeffs()):
        return None
    return symbols, math.lcm(*(int(c.q) for c in poly.coeffs()))


def _settle(expr: sympy.Basic) -> sympy.Basic:
    # Expanding each argument lets SymPy pull the integer part out: floor(2k + 1/2) = 2k.
    return expr.replace(lambda e: isinstance(e, _ROUNDING),
                        lambda e: e.func(*(sympy.expand(a) for a in e.args)))


def residue_cases(expr: sympy.Basic) -> list[sympy.Basic] | None:
    """The cases K = M·k + r that together cover every integer K, or None if no split applies.

    >>> K = sympy.Symbol("K", integer=True)
    >>> residue_cases(sympy.floor(K/2) + sympy.ceiling(K/2) - K)
    [0, 0]
    >>> residue_cases(sympy.floor(sympy.Symbol("x", real=True)/2)) is None
    True
    >>> residue_cases(sympy.Mod(sympy.floor(K/4), 2))  # the inner floor first; Mod(k, 2) is split next
    [Mod(_K_q, 2), Mod(_K_q, 2), Mod(_K_q, 2), Mod(_K_q, 2)]
    """
    symbols: set[sympy.Symbol] = set()
    modulus = 1
    # Nodes whose argument is not a polynomial in integers (Mod(floor(t/4), 2)) wait: once the
    # inner floor is settled by this split, the next split sees Mod(k, 2).
    for node in expr.atoms(*_ROUNDING):
        arg = _argument(node)
        found = None if arg is None else _modulus(arg)
        if found is not None:
            symbols |= found[0]
            modulus = math.lcm(modulus, found[1])
    if modulus == 1 or modulus ** len(symbols) > MAX_CASES:
        return None
    ordered = sorted(symbols, key=str)
    fresh = {s: sympy.Dummy(f"{s}_q", integer=True) for s in ordered}
    cases = []
    for residues in itertools.product(range(modulus), repeat=len(ordered)):
        mapping = {s: modulus * fresh[s] + r for s, r in zip(ordered, residues, strict=True)}
        cases.append(_settle(expr.xreplace(mapping)))
    return cases
