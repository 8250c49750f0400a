"""High-precision evaluation of closed expressions with mpmath, and the rule for "clearly nonzero".

A value is only trusted when two evaluations at very different precisions agree: a true
identity evaluates to rounding noise that shrinks as precision grows, a false one to a
stable number. That is what lets a difference of 10⁻⁴⁰·x be seen at 50 digits while an
exact zero is never mistaken for a counterexample.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import mpmath
import sympy
from sympy.core.evalf import PrecisionExhausted
from sympy.matrices import MatrixBase

from ..errors import EngineSignal
from .integrals import closed_form

__all__ = ["Evaluation", "IllFormedRange", "NotEvaluable", "evaluate", "expand_sums", "to_mpmath"]


class NotEvaluable(EngineSignal):
    """The expression holds something the evaluator cannot turn into a number (the point is skipped)."""


class IllFormedRange(NotEvaluable):
    """A Sum or Product whose upper limit minus its lower limit is not an integer at this point.

    Such a sum has no meaning (SymPy's ``doit`` would count hi − lo + 1 terms anyway); the
    point is no evidence either way, and the verdict says how many points were like that.
    """


_FUNCTIONS: Mapping[type, Callable[..., Any]] = {
    sympy.sin: mpmath.sin, sympy.cos: mpmath.cos, sympy.tan: mpmath.tan,
    sympy.exp: mpmath.exp, sympy.log: mpmath.log, sympy.Abs: mpmath.fabs,
    sympy.atan: mpmath.atan, sympy.asin: mpmath.asin, sympy.acos: mpmath.acos,
    sympy.sinh: mpmath.sinh, sympy.cosh: mpmath.cosh, sympy.tanh: mpmath.tanh,
    sympy.floor: mpmath.floor, sympy.ceiling: mpmath.ceil, sympy.sign: mpmath.sign,
    sympy.re: mpmath.re, sympy.im: mpmath.im, sympy.conjugate: mpmath.conj,
    sympy.atan2: mpmath.atan2,
}


#: A sum or product with more terms than this at a point is not expanded (the widest pooled
#: width, d = 2048, gives 1024 pairs).
MAX_TERMS = 4096


def expand_sums(expr: sympy.Basic) -> sympy.Basic:
    """Replace every Sum/Product with concrete integer limits by the explicit Add/Mul.

    Done by hand, not with ``doit()``, so SymPy never searches for a closed form here. The
    outermost index is expanded first, so inner limits that depend on it become concrete.

    >>> i, j = sympy.symbols("i j", integer=True)
    >>> expand_sums(sympy.Sum(j**2, (j, 1, 3)))
    14
    >>> expand_sums(sympy.Sum(j, (j, 1, -2)))  # empty (Sum.doit() gives Karr's -(-1 + 0) = 1)
    0
    >>> expand_sums(sympy.Sum(sympy.Sum(1, (i, 0, j)), (j, 0, 2)))  # 1 + 2 + 3
    6
    """
    budget = [MAX_TERMS]

    def expand(node: sympy.Basic) -> sympy.Basic:
        var, lo, hi = node.limits[-1]
        if lo.free_symbols or hi.free_symbols:
            return node  # concrete once an enclosing sum substitutes its index, or never
        span = sympy.expand(hi - lo)
        if not span.is_Integer:
            raise IllFormedRange(f"{node} runs from {lo} to {hi}, and {hi} - ({lo}) = {span} "
                                 "is not an integer")
        is_sum = isinstance(node, sympy.Sum)
        inner = type(node)(node.function, *node.limits[:-1]) if len(node.limits) > 1 else node.function
        # A range with hi < lo is empty, as a reader means it: the sum is 0, the product 1.
        # (SymPy's doit() follows Karr's convention, Σ_lo^hi f = −Σ_{hi+1}^{lo−1} f, under which
        # Σ_{j=0}^{n−1} 1 = n would hold at n < 0; see ranges.reversed_ranges.) The index takes
        # lo, lo + 1, ...: integers only when lo is one (from a = 1/2 it takes half-integers).
        offsets = range(0, int(span) + 1)
        budget[0] -= len(offsets)  # counted before anything is built: the span may be 10⁹
        if budget[0] < 0:
            # Σ_{j=0}^{n} b**j at n = 10⁴ + 1 would build ten thousand exact huge rationals.
            raise NotEvaluable(f"{node} has too many terms at this point")
        terms = [walk(inner.xreplace({var: lo + k})) for k in offsets]
        return sympy.Add(*terms) if is_sum else sympy.Mul(*terms)

    def walk(e: sympy.Basic) -> sympy.Basic:
        return e.replace(lambda x: isinstance(x, (sympy.Sum, sympy.Product)), expand)

    out = walk(expr)
    if out.has(sympy.Sum, sympy.Product):
        raise NotEvaluable(f"{expr} has sums whose limits are not concrete integers")
    return out


#: The largest binary exponent of any value to_mpmath produced since the last reset: how far
#: an intermediate value (exp(500) ≈ 10²¹⁷) may have amplified rounding noise.
_LARGEST_MAG = [0]


def to_mpmath(expr: sympy.Basic) -> Any:
    """Evaluate a closed SymPy expression with mpmath at the current ``mpmath.mp.dps``.

    >>> with mpmath.workdps(30):
    ...     print(to_mpmath(sympy.exp(sympy.Integer(2))))
    7.38905609893065022723042746058
    """
    value = _to_mpmath(expr)
    if isinstance(value, (mpmath.mpf, mpmath.mpc)) and value and mpmath.isfinite(value):
        _LARGEST_MAG[0] = max(_LARGEST_MAG[0], int(mpmath.mag(value)))
    return value


def _to_mpmath(expr: sympy.Basic) -> Any:
    """Evaluate one node (its arguments through :func:`to_mpmath`).

    >>> with mpmath.workdps(30):
    ...     print(to_mpmath(sympy.sin(sympy.Rational(1, 3)) ** 2 + sympy.cos(sympy.Rational(1, 3)) ** 2))
    1.0
    """
    if expr.is_Integer:
        return mpmath.mpf(int(expr))
    if expr.is_Rational:
        return mpmath.mpf(int(expr.p)) / int(expr.q)
    if isinstance(expr, sympy.Float):
        return mpmath.mpf(expr._mpf_)
    if expr is sympy.pi:
        return +mpmath.pi
    if expr is sympy.E:
        return +mpmath.e
    if expr is sympy.I:
        return mpmath.mpc(0, 1)
    if expr is sympy.S.Half:
        return mpmath.mpf(1) / 2
    if isinstance(expr, sympy.Add):
        return mpmath.fsum(to_mpmath(a) for a in expr.args)
    if isinstance(expr, sympy.Mul):
        out: Any = mpmath.mpf(1)
        for a in expr.args:
            out = out * to_mpmath(a)
        return out
    if isinstance(expr, sympy.Pow):
        base, exponent = expr.args
        if exponent.is_Integer:
            return to_mpmath(base) ** int(exponent)
        return mpmath.power(_off_branch_cut(base), to_mpmath(exponent))
    if isinstance(expr, (sympy.Max, sympy.Min)):
        values = [to_mpmath(a) for a in expr.args]
        return max(values) if isinstance(expr, sympy.Max) else min(values)
    if isinstance(expr, sympy.Piecewise):
        for value, cond in expr.args:
            if bool(_decide_condition(cond)):
                return to_mpmath(value)
        raise NotEvaluable(f"no branch of {expr} applies")
    if isinstance(expr, sympy.Integral):
        # its checked closed form (proof.integrals); evalf's quadrature rarely reaches the digits asked for here
        value = closed_form(expr)
        if value is None:
            raise NotEvaluable(f"the integral {expr} has no closed form checked by quadrature")
        return to_mpmath(value)
    guarded = _discontinuous(expr)
    if guarded is not None:
        return guarded
    func = _FUNCTIONS.get(type(expr))
    if func is not None:
        return func(*(to_mpmath(a) for a in expr.args))
    if expr.is_number:
        # A node we do not map (a special function): SymPy's own evalf, at our precision.
        # strict=True: without it evalf returns what accuracy it reached, e.g. 19 bits for
        # Integral(Abs(x - 3/7), (x, 0, 1)), the same at both precisions, so "stable".
        try:
            value = expr.evalf(mpmath.mp.dps, strict=True)
        except PrecisionExhausted as exc:
            raise NotEvaluable(f"SymPy cannot evaluate {expr} to {mpmath.mp.dps} digits") from exc
        if value.is_Float:
            return mpmath.mpf(value._mpf_)
        re_part, im_part = value.as_real_imag()
        if re_part.is_Float and (im_part.is_Float or im_part == 0):
            return mpmath.mpc(to_mpmath(re_part), to_mpmath(im_part))
    raise NotEvaluable(f"cannot evaluate {type(expr).__name__} node {expr}")


def _decide_condition(cond: sympy.Basic) -> bool:
    if cond in (sympy.true, True):
        return True
    if cond in (sympy.false, False):
        return False
    if isinstance(cond, sympy.core.relational.Relational):
        # The sign of left - right, trusted only when it is clearly away from 0: an exact tie
        # that SymPy left unevaluated is rounding noise here, and either branch could win.
        gap = _away_from_zero(cond.lhs - cond.rhs, abs)
        ops = {"<": gap < 0, "<=": gap < 0, ">": gap > 0, ">=": gap > 0, "==": False, "!=": True}
        return bool(ops[cond.rel_op])
    raise NotEvaluable(f"cannot decide condition {cond}")


# Discontinuities. mpmath evaluates an exact zero (sin² + cos² − 1 at a rational point) to
# rounding noise of either sign, and noise that happens to have the same sign at both
# precisions is "stable": sign(noise) = 1 would fabricate a counterexample to a true claim.
# So a function is evaluated next to a jump only when the distance to the jump is itself
# stable: the same to 10 digits at this precision and at twice it (noise shrinks with
# precision, a genuine distance does not). Otherwise the point is not evaluable.


def _away_from_zero(arg: sympy.Basic, distance: Callable[[Any], Any]) -> Any:
    """``arg`` at this precision, if ``distance(arg)`` (to a jump) is stably nonzero."""
    value = to_mpmath(arg)
    with mpmath.workdps(2 * mpmath.mp.dps):
        finer = distance(to_mpmath(arg))
        coarse = distance(value)
        if not finer or not abs(coarse - finer) <= abs(finer) * mpmath.mpf(10) ** -10:
            raise NotEvaluable(f"{arg} is too close to a discontinuity to evaluate reliably")
    return value


def _to_integer(v: Any) -> Any:
    if isinstance(v, mpmath.mpc):
        return min(abs(v.real - mpmath.nint(v.real)), abs(v.imag - mpmath.nint(v.imag)))
    return abs(v - mpmath.nint(v))


def _off_branch_cut(arg: sympy.Basic) -> Any:
    """``arg`` for log or a non-integer power: a complex value near the negative real axis
    (the principal branch cut) must be stably on one side of it."""
    value = to_mpmath(arg)
    if isinstance(value, mpmath.mpc) and value.real < 0:
        return _away_from_zero(arg, lambda v: abs(mpmath.im(v)))
    return value


#: Functions whose branch cuts lie on the real or the imaginary axis (log and powers aside).
_CUT_ON_AN_AXIS: tuple[type[sympy.Basic], ...] = (
    sympy.asin, sympy.acos, sympy.atan, sympy.acot, sympy.asec, sympy.acsc, sympy.asinh, sympy.acosh,
    sympy.atanh, sympy.acoth, sympy.asech, sympy.acsch, sympy.LambertW, sympy.loggamma,
)


def _off_the_axes(arg: sympy.Basic) -> None:
    """Raise unless a complex ``arg`` is stably off both axes where it is close to one.

    asin(2 + i·noise) is asin(2) with either sign of its imaginary part, depending on the noise.
    """
    value = to_mpmath(arg)
    if not isinstance(value, mpmath.mpc):
        return
    near = mpmath.mpf(10) ** -(mpmath.mp.dps // 2) * max(1, abs(value))
    if abs(value.imag) <= near:
        _away_from_zero(arg, lambda v: abs(mpmath.im(v)))
    if abs(value.real) <= near:
        _away_from_zero(arg, lambda v: abs(mpmath.re(v)))


def _discontinuous(expr: sympy.Basic) -> Any | None:
    """The value of a function with jumps, evaluated only away from them; None for others."""
    if isinstance(expr, _CUT_ON_AN_AXIS):
        for arg in expr.args:
            _off_the_axes(arg)
        return None  # now evaluated as usual
    if isinstance(expr, (sympy.sign, sympy.Heaviside)):
        value = _away_from_zero(expr.args[0], abs)
        if isinstance(expr, sympy.sign):
            return mpmath.sign(value)
        return mpmath.mpf(1) if value > 0 else mpmath.mpf(0)
    if isinstance(expr, (sympy.floor, sympy.ceiling)):
        value = _away_from_zero(expr.args[0], _to_integer)
        return mpmath.floor(value) if isinstance(expr, sympy.floor) else mpmath.ceil(value)
    if isinstance(expr, sympy.log) and len(expr.args) == 1:
        return mpmath.log(_off_branch_cut(expr.args[0]))
    if isinstance(expr, sympy.atan2):
        y, x = expr.args
        x_value = to_mpmath(x)
        # The cut of atan2 is y = 0, x <= 0; elsewhere it is continuous.
        y_value = to_mpmath(y) if x_value > 0 else _away_from_zero(y, abs)
        return mpmath.atan2(y_value, x_value)
    return None


@dataclass(frozen=True)
class Evaluation:
    """A difference evaluated at two precisions: ``value`` (high) and whether it is trustworthy."""

    lhs: Any
    rhs: Any
    value: Any  # lhs - rhs at the high precision
    stable: bool  # the two precisions agree to many digits
    scale: float  # max(1, |lhs|, |rhs|), to judge what "nonzero" means

    def clearly_nonzero(self, dps: int) -> bool:
        """|lhs - rhs| is stable and larger than 10^-dps relative to the operands."""
        return self.stable and float(abs(self.value)) > self.scale * 10.0 ** (-dps)

    def clearly_negative(self, dps: int) -> bool:
        """lhs - rhs is real, stable and below -10^-dps relative to the operands."""
        v = self.value
        if isinstance(v, mpmath.mpc):
            return False
        return self.stable and float(v) < -self.scale * 10.0 ** (-dps)


def _sides(lhs: sympy.Basic, rhs: sympy.Basic, dps: int) -> tuple[Any, Any]:
    with mpmath.workdps(dps):
        return to_mpmath(lhs), to_mpmath(rhs)


#: The most digits a large constant may add to both working precisions.
MAX_BOOST = 2000


def _amplification_digits(*exprs: sympy.Basic) -> int:
    """Decimal digits of the largest numerator or denominator in ``exprs`` (capped).

    A constant such as 10**200 multiplies rounding noise: atan(10**200·(sin² + cos² − 1))
    saturates to ±π/2 at both precisions unless both exceed 200 digits, and a true claim
    would be "refuted" by noise. Both precisions grow by this much, so noise still shrinks.

    >>> _amplification_digits(sympy.Integer(10) ** 200 * sympy.sin(sympy.Rational(1, 3)))
    201
    """
    digits = 0
    for expr in exprs:
        for r in expr.atoms(sympy.Rational):
            # from the bit length: Python will not print an integer of more than 4300 digits
            bits = max(int(r.p).bit_length(), int(r.q).bit_length())
            digits = max(digits, len(str(abs(r.p))) if bits < 64 else int(bits * 0.30103) + 1)
    return min(digits, MAX_BOOST) if digits > 15 else 0


def evaluate(lhs: sympy.Basic, rhs: sympy.Basic, dps: int = 50) -> Evaluation:
    """Evaluate closed ``lhs`` and ``rhs`` at dps+15 and 2·dps+30 digits and compare.

    >>> x = sympy.Rational(3, 7)
    >>> e = evaluate(x + x * sympy.Rational(1, 10**40), x)
    >>> e.clearly_nonzero(50), mpmath.nstr(e.value, 5)
    (True, '4.2857e-41')
    >>> evaluate(sympy.sin(x)**2 + sympy.cos(x)**2, sympy.Integer(1)).clearly_nonzero(50)
    False
    """
    if isinstance(lhs, MatrixBase) or isinstance(rhs, MatrixBase):
        raise TypeError("evaluate() takes scalars; compare matrices entry by entry")
    boost = _amplification_digits(lhs, rhs)
    _LARGEST_MAG[0] = 0
    low_l, low_r = _sides(lhs, rhs, dps + 15 + boost)
    # An intermediate value far larger than the constants (exp(500)) amplifies noise as much.
    seen = min(MAX_BOOST, int(_LARGEST_MAG[0] * 0.30103))
    if seen > boost + 15:
        boost = seen
        low_l, low_r = _sides(lhs, rhs, dps + 15 + boost)
    high_l, high_r = _sides(lhs, rhs, 2 * dps + 30 + boost)
    with mpmath.workdps(2 * dps + 30 + boost):
        value = high_l - high_r
        low_value = low_l - low_r
        scale = max(1.0, float(abs(high_l)), float(abs(high_r)))
        drift = abs(value - low_value)
        # Stable: the two precisions agree to 10 significant digits of the difference itself.
        stable = bool(drift <= abs(value) * mpmath.mpf(10) ** -10) and bool(math.isfinite(scale))
    return Evaluation(high_l, high_r, value, stable, scale)
