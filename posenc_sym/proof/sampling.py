"""Points that satisfy a claim's assumptions and conditions, chosen deterministically.

Each symbol draws exact values (integers or rationals, never floats) from a pool that fits
its assumptions: positions and offsets get small and large, positive and negative values;
widths get small even numbers (a symbolic sum over d/2 pairs is expanded at each point).
The stream is seeded from the claim, so a run is reproducible.
"""

from __future__ import annotations

import functools
import itertools
import random
import zlib
from collections.abc import Iterator, Sequence

import sympy

from .numeric import NotEvaluable, _decide_condition
from .special_points import special_values

__all__ = ["admissible_points", "edge_points", "fits", "pool_for", "satisfies"]

Point = dict[sympy.Symbol, sympy.Expr]

_R = sympy.Rational
_REAL_POOL: tuple[sympy.Expr, ...] = tuple(
    sympy.nsimplify(v) for v in (
        _R(3, 7), _R(-5, 3), 0, _R(1, 2), _R(-1, 3), _R(7, 2), _R(-11, 4), _R(13, 5), 2, -3, 5,
        _R(29, 3), _R(-41, 6), 17, _R(101, 7), -23, _R(1, 10), _R(-2, 9), 100, _R(1000, 3), -250,
    )
)
#: The small integers come first and all of them: a SymPy closed form can be wrong at one small
#: value only (Σ_{j=0}^{n-3} (-1)^j C(n-3, j) is 0 by doit() and 1 at n = 3).
_SMALL_INTEGERS: tuple[int, ...] = tuple(range(0, 11)) + tuple(range(-1, -11, -1))
_INTEGER_POOL: tuple[int, ...] = (0, 1, -1, 2, 3, -3, 4, 5, 6, 7, -8, 8, 9, 10, 12, 31, -64, 100, 1000, -257)
_EVEN_POOL: tuple[int, ...] = (2, 4, 6, 8, 10, 12, 16, 20, 2048)


@functools.lru_cache(maxsize=4096)
def pool_for(sym: sympy.Symbol) -> tuple[sympy.Expr, ...]:
    """Candidate exact values for a symbol, filtered by its assumptions.

    >>> pool_for(sympy.Symbol("d", even=True, positive=True))[:4]
    (2, 4, 6, 8)
    """
    if sym.is_integer:
        if sym.is_even:
            # Concrete widths are expanded into explicit sums, so most draws stay small.
            raw = list(_EVEN_POOL) + [-v for v in _EVEN_POOL] + [0]
        elif sym.is_odd:
            raw = [1, 3, 5, 7, 9, 11, 15, 33, -1, -3, -7]
        else:
            raw = list(_INTEGER_POOL)
        values: list[sympy.Expr] = [sympy.Integer(v) for v in raw]
    elif sym.is_real or sym.is_rational:
        values = list(_REAL_POOL) + [abs(v) + 1 for v in _REAL_POOL[:6]]
    elif sym.is_imaginary:
        # imaginary=True means a nonzero multiple of i: the complex pool below has none.
        values = [v * sympy.I for v in _REAL_POOL if v != 0]
    elif sym.is_complex:
        # Ten nonreal values (the pool has 21 entries: pair the first ten with the next ten).
        values = [a + b * sympy.I for a, b in zip(_REAL_POOL[:10], _REAL_POOL[10:20], strict=True)]
    else:
        return ()
    return tuple(v for v in values if _fits(sym, v))


def _fits(sym: sympy.Symbol, value: sympy.Expr) -> bool:
    # Every fact the symbol's assumptions imply (True or False) must be known to hold of the
    # value: all of them, not a fixed list, or prime=True would admit 12 and imaginary=True 3/7.
    return all(getattr(value, f"is_{name}", None) is stated for name, stated in sym.assumptions0.items())


def _satisfies(conditions: Sequence[sympy.Basic], point: Point) -> bool:
    for cond in conditions:
        try:
            # Substituting can raise too: z > 0 at z = 3/7 + 5i is "Invalid comparison".
            if not _decide_condition(cond.xreplace(point)):
                return False
        except (NotEvaluable, TypeError, ValueError, ArithmeticError):
            return False
    return True


def fits(sym: sympy.Symbol, value: sympy.Expr) -> bool:
    """True when ``value`` has every property ``sym``'s assumptions state.

    >>> fits(sympy.Symbol("d", even=True, positive=True), sympy.Integer(3))
    False
    """
    return _fits(sym, value)


def satisfies(conditions: Sequence[sympy.Basic], point: Point) -> bool:
    """True when every condition is certainly true at ``point`` (undecidable counts as false).

    >>> n = sympy.Symbol("n", integer=True)
    >>> satisfies([n >= 3], {n: sympy.Integer(3)}), satisfies([n >= 3], {n: sympy.Integer(2)})
    (True, False)
    """
    return _satisfies(conditions, point)


def _condition_values(sym: sympy.Symbol, conditions: Sequence[sympy.Basic]) -> list[sympy.Expr]:
    """Values at and around each number ``sym`` is compared with in a condition.

    A condition such as ``b > 10**4`` excludes every pooled value; without these the probe in
    front of the symbolic proof would have no point to look at.

    >>> n = sympy.Symbol("n", integer=True)
    >>> sorted({v for v in _condition_values(n, [n > 10**4]) if v.is_integer})
    [5000, 9999, 10000, 10001, 10002, 20000, 20001, 100001]
    """
    out: list[sympy.Expr] = []
    bounds: list[sympy.Rational] = []
    for cond in conditions:
        if not isinstance(cond, sympy.core.relational.Relational) or cond.rel_op in ("==", "!="):
            continue
        sides = {cond.lhs, cond.rhs}
        if sym not in sides:
            continue
        (bound,) = sides - {sym} or (sym,)
        if not (bound.is_number and bound.is_real and bound.is_finite):
            continue
        low = sympy.floor(bound)
        out += [low + k for k in (-1, 0, 1, 2)] + [2 * low + 1, 10 * low + 1]
        if bound.is_Rational or bound.is_Float:
            exact = sympy.Rational(bound)
            out += [exact, exact / 2, exact * 2, exact + _R(1, 2), exact - _R(1, 2), exact + _R(1, 10**6)]
            bounds.append(exact)
    # Between two named numbers lies the only place where b > 1 holds and b > 1 + 10⁻²⁰ fails.
    ordered = sorted(set(bounds))
    # They go first: the edge points stop after a few dozen values.
    return [(lo + hi) / 2 for lo, hi in itertools.pairwise(ordered)] + out


def admissible_points(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic],
                      count: int, seed: str, hints: Sequence[sympy.Basic] = ()) -> Iterator[Point]:
    """Yield up to ``count`` distinct points satisfying assumptions and conditions.

    >>> b = sympy.Symbol("b", positive=True)
    >>> pts = list(admissible_points([b], [b > 1], 3, seed="demo"))
    >>> len(pts), all(p[b] > 1 for p in pts)
    (3, True)

    ``hints`` are relations that only suggest values (the statement ``b > 1 + 10**-20`` itself):
    the numbers they name join the pools, but a point need not satisfy them.
    """
    # Values drawn from the conditions go last: the stream for claims whose pools already
    # satisfy them is unchanged.
    named = (*conditions, *hints)
    pools = [pool_for(s) + tuple(v for v in dict.fromkeys(_condition_values(s, named)) if _fits(s, v))
             for s in symbols]
    if any(not p for p in pools):
        return
    rng = random.Random(zlib.crc32(seed.encode()))
    seen: set[tuple[sympy.Expr, ...]] = set()
    attempts = 0
    while len(seen) < count and attempts < 40 * count + 200:
        attempts += 1
        # Early attempts favour the first, simplest values of each pool.
        limit = 3 + attempts // 4
        values = tuple(rng.choice(p[: max(1, min(len(p), limit))]) for p in pools)
        if values in seen:
            continue
        point = dict(zip(symbols, values, strict=True))
        if _satisfies(conditions, point):
            seen.add(values)
            yield point


#: How many values from the head of a real symbol's pool the edge points sweep.
_SWEEP = 8


def edge_points(symbols: Sequence[sympy.Symbol], conditions: Sequence[sympy.Basic], seed: str,
                hints: Sequence[sympy.Basic] = (), limit: int = 32, integers_only: bool = False,
                arguments: Sequence[sympy.Expr] = ()) -> Iterator[Point]:
    """Points where one symbol takes each value a condition (or hint) names, an integer
    symbol also each small integer (−10 … 10), and a real one the first values of its pool.

    ``arguments`` are the statement's trigonometric arguments: a real symbol in one of them
    also takes the values that make it a special angle (:mod:`.special_points`), first.
    ``integers_only`` skips the symbols that are not integers (the probe's cheaper variant).
    The other symbols keep the values of one admissible point. A random draw of three points
    would almost never hit the one integer where a closed form breaks, nor the gap between
    b > 1 and b > 1 + 10⁻²⁰; these always do.

    >>> n = sympy.Symbol("n", integer=True, positive=True)
    >>> sorted(p[n] for p in edge_points([n], [n > 2], "demo"))
    [3, 4, 5, 6, 7, 8, 9, 10, 21]
    """
    base = next(admissible_points(symbols, conditions, 1, seed), None)
    if base is None:
        return
    seen: set[tuple[sympy.Expr, ...]] = {tuple(base[s] for s in symbols)}
    yield base
    for sym in symbols:
        if integers_only and not sym.is_integer:
            continue
        named = list(dict.fromkeys(_condition_values(sym, (*conditions, *hints))))
        # A real symbol sweeps the head of its pool, one symbol at a time: random draws of
        # several symbols at once rarely put one of them past π (exp(ix)^y = exp(ixy) fails
        # only for |x| > π) while the others stay simple.
        small = [sympy.Integer(v) for v in _SMALL_INTEGERS] if sym.is_integer else list(pool_for(sym)[:_SWEEP])
        angles = special_values(sym, arguments, base)
        # The special angles come on top of the budget: they are what the others cannot reach.
        limit += len(angles)
        for value in angles + small + named:
            point = {**base, sym: value}
            key = tuple(point[s] for s in symbols)
            if key in seen or not _fits(sym, value) or not _satisfies(conditions, point):
                continue
            seen.add(key)
            yield point
            if len(seen) > limit:
                return
