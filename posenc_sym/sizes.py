"""How large a number would be, estimated before SymPy or mpmath builds it; and how much memory there is.

SymPy evaluates a power of numbers as it builds it: ``2**(2**32)`` is half a gigabyte of digits,
``2**(2**(2**32))`` would never finish, and ``(3/7)**(10**10)`` is gigabytes of numerator and
denominator. mpmath keeps a magnitude as a binary exponent, so it goes further, but not without
end: ``exp(exp(exp(10)))`` has a binary exponent of about 10⁹⁵⁶⁶, and ``sin`` of a number past 2⁶⁵⁵³⁶
needs that many bits of π to reduce its argument. Every place that builds values from what a user
wrote (the LaTeX reader's powers, the falsifier's sample points, the closed-form instances, a
``doit``) asks :func:`too_large` first, and refuses what this estimate puts over the limits; the
estimate walks the expression unevaluated and never builds a number bigger than its parts.

The estimate is an upper bound in spirit, not a proof: what it misses, the memory budget of a
claim (:func:`posenc_sym.proof.budget.memory_limit`) still stops.

>>> two = sympy.Integer(2)
>>> print(too_large(two ** 32))
None
>>> print(power_too_large(two, two ** 32))
2^4294967296 would have about 1.29e+09 decimal digits (the limit is 315,653)
>>> x = sympy.Symbol("x", real=True)
>>> print(too_large(x ** (10 ** 10), {x: sympy.Rational(3, 7)}))
(3/7)^10000000000 would have about 1.32e+10 decimal digits (the limit is 315,653)
>>> print(too_large(sympy.factorial(sympy.Symbol("n", integer=True)), {sympy.Symbol("n", integer=True): 10**9}))
factorial(1000000000) would have about 9e+09 decimal digits (the limit is 315,653)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sympy
from sympy.matrices import MatrixBase

__all__ = [
    "MAX_BITS", "MAX_TRIG_LOG2", "available_bytes", "power_too_large", "process_bytes", "too_large",
]

#: The most bits of one exact number (an integer, or a rational's numerator plus denominator):
#: 2²⁰ bits, about 315,000 decimal digits, 128 KiB. A product of two takes Python a few
#: milliseconds; the catalogue's largest exact number has a few hundred digits.
MAX_BITS = 2**20
#: sin, cos and tan of an argument past 2^this are not evaluated: reducing it modulo 2π needs as
#: many bits of π.
MAX_TRIG_LOG2 = 2**16

_DIGITS_PER_BIT = math.log10(2)


@dataclass(frozen=True)
class _Size:
    """What building a node exactly would cost, and how large its value is.

    ``bits``: the bits of the exact numbers SymPy would hold for it; ``log2``: log2 of its
    absolute value when it is a number at this point (None when it depends on a free symbol,
    -inf for zero, inf past what a float holds); ``unit``: for a value SymPy keeps exact and
    raises to powers as it builds them (a rational, a power or product of rationals; not π),
    the bits of its power to the exponent 1, so that its power to e takes about ``unit·|e|``
    bits; None for the others.
    """

    bits: float
    log2: float | None
    unit: float | None = None
    culprit: str = ""  # the node that made it too large, as text


def _log2_int(n: int) -> float:
    return -math.inf if n == 0 else math.log2(abs(n))


def _power_of_two(log2: float) -> float:
    """2**log2 as a float, inf past the float range (0 for -inf)."""
    if math.isnan(log2) or log2 >= 1024:
        return math.inf
    return 2.0**log2


def _text(node: sympy.Basic) -> str:
    """``node`` as short text; a number of more than 30 digits is named by its length, not printed
    (Python refuses to print one of more than 4300 digits at all)."""
    big = {r: sympy.Symbol(f"<a number of about {round(max(r.p.bit_length(), r.q.bit_length()) * _DIGITS_PER_BIT)}"
                           " digits>") for r in node.atoms(sympy.Rational)
           if max(r.p.bit_length(), r.q.bit_length()) > 100}
    if big:
        with sympy.evaluate(False):
            node = node.xreplace(big)
    text = sympy.sstr(node).replace("**", "^")
    return text if len(text) <= 60 else text[:57] + "..."


def _worst(parts: list[_Size]) -> str:
    return next((p.culprit for p in parts if p.culprit), "")


def _number(node: sympy.Basic) -> _Size | None:
    if isinstance(node, sympy.Rational):  # integers too
        p, q = int(node.p), int(node.q)
        unit = (_log2_int(p) if p else 0.0) + _log2_int(q)
        return _Size(float(max(p.bit_length(), 1) + q.bit_length() - 1), _log2_int(p) - _log2_int(q), unit)
    if isinstance(node, sympy.Float):
        _sign, mantissa, exponent, bc = node._mpf_
        log2 = -math.inf if not mantissa else float(exponent + bc)
        return _Size(float(node._prec), log2)
    if isinstance(node, sympy.NumberSymbol) or node is sympy.I:
        return _Size(0.0, math.log2(abs(complex(node.evalf(15)))))
    return None


def _pow(node: sympy.Pow, base: _Size, exponent: _Size, point_of: Callable[[sympy.Basic], sympy.Basic]) -> _Size:
    bits = base.bits + exponent.bits
    culprit = _worst([base, exponent])
    value = None if exponent.log2 is None else _power_of_two(exponent.log2)
    log2 = None
    if base.log2 is not None and value is not None:
        log2 = base.log2 if base.log2 in (0.0, -math.inf) else base.log2 * value
    if base.unit is None or value is None or exponent.unit is None:
        return _Size(bits, log2, None, culprit)
    # SymPy builds the integer part of a rational exponent of an exact base (8**(10/3) = 256·8**(1/3)).
    unit = base.unit * value if base.unit else 0.0
    bits = max(bits, unit)
    if bits > MAX_BITS and not culprit:
        culprit = _digits(_text(sympy.Pow(point_of(node.base), point_of(node.exp), evaluate=False)), bits)
    return _Size(bits, log2, unit, culprit)


_COUNTING = (sympy.factorial, sympy.factorial2, sympy.gamma, sympy.binomial, sympy.RisingFactorial,
             sympy.FallingFactorial, sympy.subfactorial, sympy.fibonacci, sympy.lucas, sympy.harmonic)


def _counting(node: sympy.Basic, args: list[_Size], point_of: Callable[[sympy.Basic], sympy.Basic]) -> _Size | None:
    """n!, Γ(n), binomial(n, k), rising and falling factorials, Fibonacci numbers: about n·log2(n) bits."""
    if not isinstance(node, _COUNTING) or not args or any(a.log2 is None for a in args):
        return None
    n = _power_of_two(max(a.log2 or 0.0 for a in args))
    bits = n * max(math.log2(n), 1.0) if n > 1 else 1.0
    culprit = _worst(args)
    if bits > MAX_BITS and not culprit:
        culprit = _digits(_text(point_of(node)), bits)
    return _Size(bits, bits, bits, culprit)


class _Estimator:
    def __init__(self, point: Mapping[sympy.Basic, sympy.Basic], sums: bool = True) -> None:
        self.point = {key: sympy.sympify(value) for key, value in point.items()}
        self.sums = sums
        self.memo: dict[sympy.Basic, _Size] = {}

    def size(self, node: sympy.Basic) -> _Size:
        found = self.memo.get(node)
        if found is None:
            found = self.memo[node] = self._size(node)
        return found

    def _size(self, node: sympy.Basic) -> _Size:
        if node in self.point:
            return self.size(self.point[node])
        number = _number(node)
        if number is not None:
            return number
        if isinstance(node, (sympy.Sum, sympy.Product)) and self.sums:
            return self._big_operator(node)
        if isinstance(node, MatrixBase):
            parts = [self.size(entry) for entry in node]
            return _Size(max((p.bits for p in parts), default=0.0), None, None, _worst(parts))
        args = [self.size(a) for a in node.args if isinstance(a, sympy.Basic)]
        if isinstance(node, sympy.Pow):
            return _pow(node, args[0], args[1], self.at_point)
        counted = _counting(node, args, self.at_point)
        if counted is not None:
            return counted
        bits = sum(a.bits for a in args)
        known = [a.log2 for a in args]
        log2 = _log2_of(node, known) if known and None not in known else None  # type: ignore[arg-type]
        unit = sum(a.unit for a in args) if isinstance(node, sympy.Mul) and all(  # type: ignore[misc]
            a.unit is not None for a in args) else None
        culprit = _worst(args)
        if isinstance(node, (sympy.sin, sympy.cos, sympy.tan)) and (args[0].log2 or 0.0) > MAX_TRIG_LOG2:
            culprit = culprit or (f"{_text(self.at_point(node))} has an argument past 2^{MAX_TRIG_LOG2}, "
                                  "which cannot be reduced modulo 2π")
        return _Size(bits, log2, unit, culprit)

    def _big_operator(self, node: sympy.Sum | sympy.Product) -> _Size:
        var, lo, hi = node.limits[-1]
        inner = type(node)(node.function, *node.limits[:-1]) if len(node.limits) > 1 else node.function
        low, high = (b.xreplace(dict(self.point)) if b.free_symbols else b for b in (lo, hi))
        if not (isinstance(low, sympy.Integer) and isinstance(high, sympy.Integer)):
            parts = [self.size(inner), self.size(lo), self.size(hi)]
            return _Size(sum(p.bits for p in parts), None, None, _worst(parts))
        terms = [_Estimator({**self.point, var: at}).size(inner) for at in (low, high)]
        count = float(abs(int(high) - int(low)) + 1) if abs(high - low) < 2**1000 else math.inf
        worst = max(1.0, *(t.bits for t in terms))
        bits = count * worst if isinstance(node, sympy.Product) else 2 * worst + math.log2(count)
        culprit = _worst(terms)
        if bits > MAX_BITS and not culprit:
            culprit = _digits(_text(self.at_point(node)), bits)
        return _Size(bits, None, None, culprit)

    def at_point(self, node: sympy.Basic) -> sympy.Basic:
        """``node`` with the point's values in place, unevaluated (for messages only)."""
        if not self.point or not (node.free_symbols & set(self.point)):
            return node
        with sympy.evaluate(False):
            return node.xreplace(dict(self.point))


def _log2_of(node: sympy.Basic, known: list[float]) -> float:
    """log2 |node| from log2 of its arguments' absolute values (an upper estimate)."""
    if isinstance(node, sympy.Mul):
        return sum(known)
    if isinstance(node, sympy.Add):
        return max(known) + math.log2(len(known))
    if isinstance(node, sympy.exp):
        return _power_of_two(known[0]) * math.log2(math.e)
    if isinstance(node, (sympy.sin, sympy.cos, sympy.tanh, sympy.sign, sympy.atan)):
        return 1.0
    return max(0.0, *known)


def _digits(what: str, bits: float) -> str:
    return f"{what} would have about {bits * _DIGITS_PER_BIT:.3g} decimal digits (the limit is " \
           f"{round(MAX_BITS * _DIGITS_PER_BIT):,})"


def too_large(expr: sympy.Basic, point: Mapping[sympy.Basic, sympy.Basic] | None = None, *,
              sums: bool = True) -> str | None:
    """Why ``expr`` (at ``point``) is too large to build or evaluate, or None when it is not.

    Nothing is evaluated: the expression is walked as it stands, with the point's values in
    place of its symbols. ``sums=False`` asks only what rebuilding the expression would build
    (a power of numbers, a factorial of one): SymPy keeps a Sum or Product as it is until it is
    expanded or summed, which is asked with ``sums=True``.

    >>> print(too_large(sympy.Integer(10) ** 300))
    None
    >>> print(too_large(sympy.exp(sympy.exp(sympy.exp(10)))))
    exp(exp(exp(10))) is too large for any float format (its binary exponent has more than 1024 bits)
    """
    estimator = _Estimator(point or {}, sums)
    size = estimator.size(sympy.sympify(expr))
    if size.culprit:
        return size.culprit
    if size.bits > MAX_BITS:
        return _digits(_text(estimator.at_point(expr)), size.bits)
    if size.log2 is not None and (math.isnan(size.log2) or size.log2 == math.inf):
        return (f"{_text(estimator.at_point(expr))} is too large for any float format "
                "(its binary exponent has more than 1024 bits)")
    return None


def power_too_large(base: sympy.Basic, exponent: sympy.Basic) -> str | None:
    """Why ``base**exponent`` is too large to build, or None; for a builder holding the two parts.

    >>> print(power_too_large(sympy.Integer(1), sympy.Integer(10) ** 100))
    None
    """
    return too_large(sympy.Pow(base, exponent, evaluate=False))


def available_bytes() -> int:
    """MemAvailable from /proc/meminfo, else physical memory, else 2^34 (16 GiB) as a stated guess.

    >>> available_bytes() > 0
    True
    """
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 2**34


def process_bytes() -> int | None:
    """This process's address space (what RLIMIT_AS counts), or None where /proc does not say.

    >>> (process_bytes() or 1) > 0
    True
    """
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
