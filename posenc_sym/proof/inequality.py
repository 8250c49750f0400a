"""Symbolic proofs of inequalities: SymPy's sign reasoning after equivalence transforms.

``lhs > rhs`` is proven when SymPy's assumptions system shows ``lhs - rhs`` positive
(nonnegative for ``>=``) after a transform. Two moves help it:

* conditions such as ``b > 1`` become substitutions ``b = 1 + β`` with β > 0, so the
  assumptions system can use them (only symbol-versus-number conditions; others are
  left out of the proof, which then proves a more general statement);
* a sum against a bound: term by term (:mod:`.sum_bounds`);
* floor/ceiling of integers and Piecewise/Min/Max ramps: by cases (:mod:`.conditional`);
* for two positive sides, compare logarithms: log is strictly increasing on (0, ∞), so
  ``log(lhs) - log(rhs) > 0`` proves ``lhs > rhs``, and ``expand_log`` often makes the
  gap a product of known-positive factors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sympy

from .budget import time_limit
from .conditional import MAX_SPLIT_DEPTH, SPLITS
from .conditions import shift_conditions
from .strategies import TRANSFORMS, evaluate_derivatives, rebind_indices
from .sum_bounds import prove_sum_bound

__all__ = ["prove_inequality", "shift_conditions"]

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _sign_ok(e: sympy.Expr, strict: bool) -> bool:
    return bool(e.is_positive) if strict else bool(e.is_nonnegative)


def _sin_squares_to_cos(e: sympy.Expr) -> sympy.Expr:
    """sin(a)^(2m) -> (1 - cos(a)^2)^m: exact, and turns 1 - sin² into the visibly nonnegative cos²."""
    return sympy.expand(e.replace(
        lambda p: bool(p.is_Pow and isinstance(p.base, sympy.sin) and p.exp.is_Integer and p.exp >= 2),
        lambda p: (1 - sympy.cos(p.base.args[0]) ** 2) ** (p.exp // 2) * p.base ** (p.exp % 2)))


def _half_angle(e: sympy.Expr) -> sympy.Expr:
    """cos(a) -> 1 - 2 sin(a/2)^2: exact; 2 - 2cos(n) becomes 4 sin(n/2)^2, whose sign SymPy knows.

    (For a nonzero rational n, sin(n/2) is transcendental, hence nonzero: that is how the
    assumptions system shows that integer positions never repeat an angle.)
    """
    return sympy.factor(sympy.expand(e.replace(
        lambda c: isinstance(c, sympy.cos), lambda c: 1 - 2 * sympy.sin(c.args[0] / 2) ** 2)))


def _half_angle_cos(e: sympy.Expr) -> sympy.Expr:
    """cos(a) -> 2 cos(a/2)^2 - 1: exact; 1 + cos(a) becomes 2 cos(a/2)^2, visibly nonnegative for real a."""
    return sympy.factor(sympy.expand(e.replace(
        lambda c: isinstance(c, sympy.cos), lambda c: 2 * sympy.cos(c.args[0] / 2) ** 2 - 1)))


_SIGN_TRANSFORMS: tuple[tuple[str, Callable[[sympy.Expr], sympy.Expr]], ...] = (
    ("sign", lambda e: e),
    ("factor", sympy.factor),
    ("pythagoras-cos", _sin_squares_to_cos),
    ("half-angle", _half_angle),
    ("half-angle-cos", _half_angle_cos),
    # sin a·sin b + cos a·cos b is cos(a − b) only after trigsimp; its bound needs the half angle.
    ("trigsimp, half-angle", lambda e: _half_angle(sympy.trigsimp(e))),
    *TRANSFORMS,
)


def _try_sign(gap: sympy.Expr, strict: bool, prefix: str) -> str | None:
    for name, transform in _SIGN_TRANSFORMS:
        try:
            with time_limit(1.0):
                if _sign_ok(transform(gap), strict):
                    return prefix + name
        except Exception:  # a transform SymPy cannot carry out proves nothing
            continue
    return None


def prove_inequality(lhs: sympy.Expr, rhs: sympy.Expr, relation: str,
                     conditions: Sequence[sympy.Basic] = ()) -> str | None:
    """The name of the strategy that proves ``lhs relation rhs``, or None.

    >>> b = sympy.Symbol("b", positive=True); d = sympy.Symbol("d", even=True, positive=True)
    >>> prove_inequality(2*sympy.pi*b**((d - 2)/d), 2*sympy.pi*b, "<", [b > 1])
    'conditions, log-compare factor'
    """
    if relation not in _FLIP:
        raise ValueError(f"relation={relation!r} is not an inequality")
    big, small = (lhs, rhs) if relation in (">", ">=") else (rhs, lhs)
    strict = relation in ("<", ">")
    big = rebind_indices(evaluate_derivatives(big, conditions))
    small = rebind_indices(evaluate_derivatives(small, conditions))
    if big.has(sympy.Derivative) or small.has(sympy.Derivative):
        return None  # a derivative across a jump (see evaluate_derivatives): nothing to prove
    shift = shift_conditions(conditions)
    # The variant with conditions built in knows more, so it goes first.
    variants = [("", big, small)]
    if shift:
        variants.insert(0, ("conditions, ", big.xreplace(shift), small.xreplace(shift)))
    for prefix, hi, lo in variants:
        # A sum against a bound goes term by term first: the transforms below, applied to a
        # whole symbolic sum, rarely decide its sign and can each take their full time limit.
        found = prove_sum_bound(hi, lo, strict, lambda gap, s: _try_sign(gap, s, ""))
        if found:
            return prefix + found
        found = _try_sign(hi - lo, strict, prefix)
        if found:
            return found
        if hi.is_positive and lo.is_positive:
            log_gap = sympy.expand_log(sympy.log(hi)) - sympy.expand_log(sympy.log(lo))
            found = _try_sign(log_gap, strict, prefix + "log-compare ")
            if found:
                return found
        found = _by_cases(hi - lo, strict)
        if found:
            return prefix + found
    return None


def _by_cases(gap: sympy.Expr, strict: bool, depth: int = 0) -> str | None:
    """A residue or breakpoint split (:mod:`.conditional`) with the sign proven in every case."""
    if depth >= MAX_SPLIT_DEPTH:
        return None
    for name, split in SPLITS:
        try:
            cases = split(gap)
        except Exception:  # SymPy failing inside a split proves nothing
            continue
        methods: list[str] = []
        for case in cases or ():
            method = _try_sign(case, strict, "") or _by_cases(case, strict, depth + 1)
            if method is None:
                break
            methods.append(method)
        else:
            if cases:
                return f"{name} ({len(cases)} cases): {', '.join(dict.fromkeys(methods))}"
    return None
