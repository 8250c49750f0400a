"""Where a side may be undefined: both sides must be defined at every point the assumptions allow.

"Proven" means true for every admissible value, and a statement says nothing at a point where a
side has no value. SymPy's transforms remove removable singularities without a word: ``cancel``
turns (b^(2/d) − 1)/(b^(1/d) − 1) into b^(1/d) + 1, undefined at b = 1; ``trigsimp`` turns
tan(x)·cos(x) into sin(x) across the poles of tan; x^(−p)·x^p = 1 is automatic, 0^(−p)·0^p at
x = 0 not. So before any strategy, every place a side may be undefined becomes a
*requirement*, and the claim is proven only if each requirement is proven under the assumptions
and the conditions (:mod:`.signs`), or a condition states the exclusion:

* a power z^e: z ≠ 0 unless e is provably positive (0^e = 0); for e ≥ 0 that may be 0 (an
  integer exponent n ≥ 0, say), z ≠ 0 or e ≠ 0 (0^0 has no value);
* tan, sec: cos of the argument ≠ 0; cot, csc: sin ≠ 0; tanh, sech: cosh ≠ 0; coth, csch: sinh ≠ 0;
* log: the argument ≠ 0; atan2(y, x): x ≠ 0 or y ≠ 0; atanh, acoth: the argument ≠ ±1;
  asec, acsc: ≠ 0; Mod(a, m): m ≠ 0; factorial(n): n ≥ 0 (n + 1 > 0 off the integers); gamma: > 0;
* a summand of a sum or product, for every value its index takes: each index of a range with few
  concrete terms is tried one by one, otherwise the index is written lo + g and hi − g for a
  fresh integer g ≥ 0 (either proof covers the range); the branch of a Piecewise, under its
  condition;
* ``zoo``, ``nan`` and the infinities are undefined wherever they stand; a function the rules
  do not know (a SymPy special function) cannot be shown defined.

An undefined applied function f(x) stands for whatever the author means and is taken as defined.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import sympy
from sympy.core.function import AppliedUndef
from sympy.core.relational import Relational

from .signs import Sign, has_sign

__all__ = ["Range", "Requirement", "holds", "requirements", "undefined_parts"]

Range = tuple[sympy.Symbol, sympy.Expr, sympy.Expr]


@dataclass(frozen=True)
class Requirement:
    """One of ``options`` (an expression and the sign it must have) must hold, for every index of
    ``ranges`` and under ``given``; ``what`` names the place in words."""

    options: tuple[tuple[sympy.Expr, Sign], ...]
    what: str
    ranges: tuple[Range, ...] = ()
    given: tuple[sympy.Basic, ...] = ()


Found = tuple[tuple[tuple[sympy.Expr, Sign], ...], str]
_NEVER: tuple[tuple[sympy.Expr, Sign], ...] = ((sympy.S.Zero, "nonzero"),)


def _all(values: tuple[sympy.Expr, ...], sign: Sign) -> tuple[tuple[sympy.Expr, Sign], ...]:
    return tuple((v, sign) for v in values)


#: Functions with a value at every point of their arguments' domain (complex values included).
_TOTAL: tuple[type[sympy.Basic], ...] = (
    sympy.exp, sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.Abs, sympy.sign, sympy.re, sympy.im,
    sympy.conjugate, sympy.arg, sympy.floor, sympy.ceiling, sympy.frac, sympy.Heaviside, sympy.Max, sympy.Min,
    sympy.asinh, sympy.asin, sympy.acos, sympy.acosh, sympy.KroneckerDelta, sympy.binomial, sympy.erf, sympy.sinc,
)
#: f(a) is defined where g(a) ≠ 0.
_POLES = {
    sympy.tan: sympy.cos, sympy.sec: sympy.cos, sympy.cot: sympy.sin, sympy.csc: sympy.sin,
    sympy.tanh: sympy.cosh, sympy.sech: sympy.cosh, sympy.coth: sympy.sinh, sympy.csch: sympy.sinh,
}


def _power(node: sympy.Pow) -> Iterator[Found]:
    base, exponent = node.args
    if exponent.is_positive or base.is_zero is False:
        return
    # z^e has a value when z ≠ 0, or when e > 0 (0^e = 0); 0^0 and 0 to a negative power have none.
    what = f"the denominator {sympy.sstr(base)}" if exponent == -1 else f"the base of {sympy.sstr(node)}"
    yield ((base, "nonzero"),) if exponent.is_nonpositive else ((base, "nonzero"), (exponent, "positive")), what


def _function(node: sympy.Basic) -> Iterator[Found]:
    args = node.args
    if isinstance(node, tuple(_POLES)):
        vanishing = _POLES[type(node)](args[0])
        yield _all((vanishing,), "nonzero"), f"{sympy.sstr(vanishing)} under {type(node).__name__}"
    elif isinstance(node, sympy.log):
        yield _all((args[0],), "nonzero"), f"the logarithm's argument {sympy.sstr(args[0])}"
    elif isinstance(node, sympy.atan2):
        y, x = args
        either = tuple(v for v in (x, y) if v != 0)
        if x.is_extended_real and y.is_extended_real and len(either) == 2:
            either += (x**2 + y**2,)  # not both 0: cos²θ + sin²θ = 1 shows it for atan2(sin θ, cos θ)
        yield _all(either, "nonzero") or _NEVER, f"the point ({sympy.sstr(x)}, {sympy.sstr(y)}) of atan2"
    elif isinstance(node, (sympy.atanh, sympy.acoth)):
        for pole in (args[0] - 1, args[0] + 1):
            yield _all((pole,), "nonzero"), f"{sympy.sstr(pole)} under {type(node).__name__}"
    elif isinstance(node, (sympy.atan, sympy.acot)):
        if not args[0].is_extended_real:  # poles at ±i
            for pole in (args[0] - sympy.I, args[0] + sympy.I):
                yield _all((pole,), "nonzero"), f"{sympy.sstr(pole)} under {type(node).__name__}"
    elif isinstance(node, (sympy.asec, sympy.acsc)):
        yield _all((args[0],), "nonzero"), f"the argument of {sympy.sstr(node)}"
    elif isinstance(node, sympy.Mod):
        yield _all((args[1],), "nonzero"), f"the modulus {sympy.sstr(args[1])}"
    elif isinstance(node, sympy.factorial):
        if args[0].is_integer:
            yield _all((args[0],), "nonnegative"), f"the argument of {sympy.sstr(node)}"
        else:
            yield _all((args[0] + 1,), "positive"), f"the argument of gamma in {sympy.sstr(node)}"
    elif isinstance(node, sympy.gamma):
        yield _all((args[0],), "positive"), f"the argument of {sympy.sstr(node)}"
    elif not isinstance(node, (*_TOTAL, AppliedUndef)):
        # Not known to be total: no proof can rest on it being defined.
        yield _NEVER, f"{sympy.sstr(node)} is a function whose domain the engine does not know"


def _walk(expr: sympy.Basic, ranges: tuple[Range, ...], given: tuple[sympy.Basic, ...],
          out: list[Requirement]) -> None:
    if expr in (sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        out.append(Requirement(_NEVER, f"the side holds {expr}, which is no number", ranges, given))
        return
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        inner = ranges
        for var, lo, hi in reversed(expr.limits):  # outermost first; inner limits may use its index
            _walk(lo, inner, given, out)
            _walk(hi, inner, given, out)
            inner = (*inner, (var, lo, hi))
        _walk(expr.function, inner, given, out)
        return
    if isinstance(expr, sympy.Piecewise):
        for value, cond in expr.args:
            _walk(value, ranges, (*given, cond) if isinstance(cond, Relational) else given, out)
        if expr.args[-1][1] != sympy.true:
            out.append(Requirement(_NEVER, f"{sympy.sstr(expr)} has no branch for some values", ranges, given))
        return
    if isinstance(expr, sympy.Pow):
        found = _power(expr)
    elif isinstance(expr, sympy.Function):
        found = _function(expr)
    else:
        found = iter(())
    out.extend(Requirement(options, what, ranges, given) for options, what in found)
    for arg in expr.args:
        _walk(arg, ranges, given, out)


def requirements(expr: sympy.Basic) -> tuple[Requirement, ...]:
    """What must hold for ``expr`` to have a value, as :class:`Requirement` s.

    >>> x = sympy.Symbol("x", real=True)
    >>> [(r.options, r.what) for r in requirements(sympy.tan(x) + 1/(x - 1))]
    [(((x - 1, 'nonzero'),), 'the denominator x - 1'), (((cos(x), 'nonzero'),), 'cos(x) under tan')]
    """
    out: list[Requirement] = []
    _walk(expr, (), (), out)
    return tuple(dict.fromkeys(sorted(out, key=lambda r: sympy.default_sort_key(r.options[0][0]))))


#: A range with at most this many concrete index values is checked value by value.
_CONCRETE_TERMS = 64


def _concrete_indices(ranges: tuple[Range, ...]) -> list[dict[sympy.Basic, sympy.Expr]] | None:
    points: list[dict[sympy.Basic, sympy.Expr]] = [{}]
    for var, lo, hi in ranges:
        grown = []
        for point in points:
            low, high = lo.xreplace(point), hi.xreplace(point)
            if not (low.is_Integer and high.is_Integer):
                return None
            # An empty range (hi < lo) has no index value: nothing to check there.
            grown += [{**point, var: v} for v in range(int(low), int(high) + 1)]
            if len(grown) > _CONCRETE_TERMS:
                return None
        points = grown
    return points


def _index_instances(ranges: tuple[Range, ...]) -> Iterator[dict[sympy.Basic, sympy.Expr]]:
    """Each index written lo + g or hi − g (g ≥ 0 an integer): either covers every value it takes."""
    concrete = _concrete_indices(ranges)
    if concrete is not None:
        yield from concrete
        return
    for ends in itertools.product((0, 1), repeat=len(ranges)):
        point: dict[sympy.Basic, sympy.Expr] = {}
        for (var, lo, hi), end in zip(ranges, ends, strict=True):
            g = sympy.Dummy("g", integer=True, nonnegative=True)
            point[var] = (lo + g if end == 0 else hi - g).xreplace(point)
        yield point


def holds(req: Requirement, conditions: Sequence[sympy.Basic]) -> bool:
    """True when ``req`` is proven for every index value of its ranges, under ``conditions``."""
    conds = (*conditions, *req.given)
    concrete = _concrete_indices(req.ranges)
    instances = concrete if concrete is not None else list(_index_instances(req.ranges))

    def at(point: dict[sympy.Basic, sympy.Expr]) -> bool:
        given = [c.xreplace(point) for c in conds]
        return any(has_sign(v.xreplace(point), given, sign) for v, sign in req.options)

    if concrete is not None:
        return all(at(point) for point in instances)
    return any(at(point) for point in instances)


_NEED = {"nonzero": "≠ 0", "nonnegative": "≥ 0", "positive": "> 0"}


def _sentence(req: Requirement) -> str:
    where = "".join(f" for some {var} from {sympy.sstr(lo)} to {sympy.sstr(hi)}" for var, lo, hi in req.ranges)
    if req.options == _NEVER:
        return f"{req.what}{where}, so the side may be undefined at an allowed point"
    _first, sign = req.options[0]
    shown = " or ".join(f"{sympy.sstr(v)} {_NEED[need]}" for v, need in req.options[:2])
    return (f"{req.what} is not shown {_NEED[sign]}{where} where the assumptions allow it, so the side may be "
            f"undefined there; add the condition {shown}, or assumptions that imply it")


@functools.lru_cache(maxsize=2048)
def _undefined(side: sympy.Basic, conditions: tuple[sympy.Basic, ...]) -> tuple[str, ...]:
    return tuple(_sentence(r) for r in requirements(side) if not holds(r, conditions))


def undefined_parts(sides: Sequence[sympy.Basic], conditions: Sequence[sympy.Basic]) -> tuple[str, ...]:
    """One sentence for each place a side may be undefined at an admissible point (empty: defined everywhere).

    >>> b = sympy.Symbol("b", positive=True); d = sympy.Symbol("d", even=True, positive=True)
    >>> ratio = (b**(2/d) - 1) / (b**(1/d) - 1)
    >>> undefined_parts([ratio], [b > 1])
    ()
    >>> undefined_parts([ratio], [])[0]
    'the denominator b**(1/d) - 1 is not shown ≠ 0 where the assumptions allow it, so the side may be \
undefined there; add the condition b**(1/d) - 1 ≠ 0, or assumptions that imply it'
    """
    found: list[str] = []
    conds = tuple(conditions)
    for side in sides:
        if isinstance(side, sympy.Basic):
            found += _undefined(side, conds)
    return tuple(dict.fromkeys(found))
