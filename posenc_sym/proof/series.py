"""Closed forms of finite sums and products, each checked against its own side conditions.

SymPy's ``doit`` counts hi − lo + 1 terms whatever hi is, and trusts its own closed forms.
Here a Sum or Product is replaced by a closed form only when:

1. **the range is a count of integers**: lo is an integer, and N = hi − lo + 1 is provably an
   integer and provably ≥ 0 under the assumptions (d even and positive makes Σ_{i=0}^{d/2−1}
   a sum of d/2 terms; d only positive does not);
2. **the closed form is certified by telescoping**: a candidate antidifference F must satisfy
   F(j) − F(j−1) = f(j) for every integer j ≥ lo and F(lo − 1) = 0, both *proven* by the
   engine's exact transforms; then Σ_{j=lo}^{hi} f(j) = F(hi) by induction on N. Candidates:

   * a polynomial summand: the Faulhaber polynomial that SymPy computes;
   * a geometric summand c·∏ z_k^(a_k·j + e_k)·exp(a·j + e) (every z_k provably nonzero, so
     z^(x+y) = z^x·z^y on the principal branch): with the ratio q = ∏ z_k^(a_k)·exp(a),
     F(n) = f(lo)·(1 − q^(n−lo+1))/(1 − q), *only if q ≠ 1 is proven* (q − 1 is known to be
     nonzero, or q > 0 and log q is known to be nonzero);
   * otherwise SymPy's own closed form (j·2^j), when it has no case split and a denominator
     that is provably nonzero (a 0/0 could otherwise hide in the certificate);
   * a sum of such terms, term by term (finite sums are linear).

3. **a product of powers** ∏ c·z^(e(j)) (z provably nonzero) becomes c^N·z^(Σ e(j)), the sum
   in the exponent closed by the rules above (z^x·z^y = z^(x+y) for z ≠ 0, principal branch).

Conditions are built in by the caller (:mod:`.conditions`), so that ``b > 1`` can prove q ≠ 1.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy

from .budget import time_limit

__all__ = ["Prover", "close_sums", "geometric_ratio", "term_count"]

#: Proves an expression identically zero (the engine's ``prove_zero``), or returns None.
Prover = Callable[[sympy.Expr], "str | None"]

#: Faulhaber's sum of j^k has k + 2 terms: a bound on k keeps SymPy's summation instant
#: (Σ j^90000 would not be), so no time limit is needed here.
_MAX_DEGREE = 24
#: SymPy's summation of anything else (j·2^j) is bounded in time (0.3 s for j·2^j on a loaded
#: machine; the limit leaves room, as a proof must not depend on the load), and certified anyway.
_SUMMATION_SECONDS = 5.0


def term_count(lo: sympy.Expr, hi: sympy.Expr) -> sympy.Expr | None:
    """N = hi − lo + 1 when lo is an integer and N is provably a nonnegative integer, else None.

    >>> d = sympy.Symbol("d", even=True, positive=True); n = sympy.Symbol("n", integer=True, positive=True)
    >>> term_count(sympy.S.Zero, d/2 - 1), term_count(sympy.S.Zero, n - 3)
    (d/2, None)
    >>> term_count(sympy.S.Zero, sympy.Symbol("D", integer=True, positive=True)/2 - 1) is None
    True
    """
    count = hi - lo + 1
    if lo.is_integer and count.is_integer and count.is_nonnegative:
        return count
    return None


def _linear_coefficient(exponent: sympy.Expr, j: sympy.Symbol) -> sympy.Expr | None:
    poly = exponent.as_poly(j)
    if poly is None or poly.degree() > 1 or any(c.has(j) for c in poly.coeffs()):
        return None
    return poly.coeff_monomial(j)


def geometric_ratio(f: sympy.Expr, j: sympy.Symbol) -> sympy.Expr | None:
    """q with f(j + 1) = q·f(j) for every integer j, read off f's factors; None if f is not geometric.

    >>> j = sympy.Dummy("j", integer=True); b = sympy.Symbol("b", positive=True)
    >>> geometric_ratio(3 * b**(2*j + 1), j)
    b**2
    >>> geometric_ratio(j * 2**j, j) is None
    True
    """
    ratio: sympy.Expr = sympy.S.One
    for factor in sympy.Mul.make_args(f):
        if not factor.has(j):
            continue
        if isinstance(factor, sympy.exp):
            base, exponent = sympy.E, factor.args[0]
        elif factor.is_Pow and not factor.base.has(j):
            base, exponent = factor.base, factor.exp
        else:
            return None
        slope = _linear_coefficient(exponent, j)
        if slope is None or not base.is_nonzero:
            return None  # 0^(a·j) is not geometric: 0^0 = 1 but 0^1 = 0
        ratio *= sympy.Pow(base, slope)
    return ratio


def _differs_from_one(q: sympy.Expr) -> bool:
    if (q - 1).is_nonzero:
        return True
    if not q.is_positive:
        return False
    # For q > 0, q = 1 exactly when log q = 0; expand_log (without force) only splits
    # logarithms where the assumptions allow it: log(b^(−2/d)) = −2·log(b)/d for b > 0.
    return bool(sympy.expand_log(sympy.log(q)).is_nonzero)


def _candidate(f: sympy.Expr, j: sympy.Symbol, lo: sympy.Expr, n: sympy.Symbol) -> sympy.Expr | None:
    """A candidate for F(n) = Σ_{j=lo}^{n} f(j); to be certified, never trusted."""
    poly = f.as_poly(j)
    if poly is not None and not any(c.has(j) for c in poly.coeffs()):
        if poly.degree() > _MAX_DEGREE:
            return None
        closed = sympy.summation(f, (j, lo, n))
        return None if closed.has(sympy.Sum, sympy.Piecewise) else closed
    q = geometric_ratio(f, j)
    if q is not None:
        return f.xreplace({j: lo}) * (1 - q ** (n - lo + 1)) / (1 - q) if _differs_from_one(q) else None
    return _sympy_candidate(f, j, lo, n)


def _sympy_candidate(f: sympy.Expr, j: sympy.Symbol, lo: sympy.Expr, n: sympy.Symbol) -> sympy.Expr | None:
    """SymPy's own closed form (j·2^j, j²/3^j, ...), if it has no case split and no possible 0 denominator.

    A denominator that may vanish would let a cancellation in the certificate hide a 0/0.
    """
    try:
        with time_limit(_SUMMATION_SECONDS):
            closed = sympy.summation(f, (j, lo, n))
    except Exception:  # out of time, or SymPy failing: no candidate
        return None
    if closed.has(sympy.Sum, sympy.Piecewise):
        return None
    denominator = sympy.fraction(sympy.together(closed))[1]
    return closed if denominator.is_nonzero else None


def _certified(f: sympy.Expr, j: sympy.Symbol, lo: sympy.Expr, n: sympy.Symbol, closed: sympy.Expr,
               prove: Prover) -> sympy.Lambda | None:
    """F with Σ_{j=lo}^{n} f(j) = F(n) for every integer n ≥ lo − 1, proven by telescoping."""
    step = sympy.Dummy("g", integer=True, nonnegative=True)
    at = lo + step  # every integer j ≥ lo, and nothing else is needed
    telescopes = closed.xreplace({n: at}) - closed.xreplace({n: at - 1}) - f.xreplace({j: at})
    if prove(telescopes) is None or prove(closed.xreplace({n: lo - 1})) is None:
        return None
    return sympy.Lambda(n, closed)


def _only_powers_of(f: sympy.Expr, j: sympy.Symbol) -> bool:
    """True if j enters f only through sums, products and powers (no sin(j), floor(j), …).

    A quick filter: only such summands can be polynomial or geometric, and expanding a
    trigonometric summand only to find that it is neither costs more than the rest.
    """
    return not any(fn.has(j) and not isinstance(fn, sympy.exp) for fn in f.atoms(sympy.Function))


def _innermost_first(node: sympy.Sum | sympy.Product, prove: Prover) -> sympy.Expr | None:
    """Σ_{j}Σ_{k} f (limits listed innermost first) closed one limit at a time, inside out."""
    inner = _close(type(node)(node.function, node.limits[0]), prove)
    return None if inner is None else _close(type(node)(inner, *node.limits[1:]), prove)


def _close(node: sympy.Sum | sympy.Product, prove: Prover) -> sympy.Expr | None:
    if len(node.limits) > 1:
        return _innermost_first(node, prove)
    return _close_sum(node, prove) if isinstance(node, sympy.Sum) else _close_product(node, prove)


def _close_sum(node: sympy.Sum, prove: Prover) -> sympy.Expr | None:
    j, lo, hi = node.limits[0]
    if term_count(lo, hi) is None or not _only_powers_of(node.function, j):
        return None
    n = sympy.Dummy("n", integer=True)
    terms = sympy.Add.make_args(sympy.expand(node.function))
    # Every term needs a candidate before any is certified: certificates are the costly part.
    candidates = [_candidate(term, j, lo, n) for term in terms]
    if any(c is None for c in candidates):
        return None
    parts = []
    for term, closed in zip(terms, candidates, strict=True):
        antidifference = _certified(term, j, lo, n, closed, prove)
        if antidifference is None:
            return None
        parts.append(antidifference(hi))
    return sympy.Add(*parts)


def _close_product(node: sympy.Product, prove: Prover) -> sympy.Expr | None:
    j, lo, hi = node.limits[0]
    count = term_count(lo, hi)
    if count is None or not _only_powers_of(node.function, j):
        return None
    out: sympy.Expr = sympy.S.One
    for factor in sympy.Mul.make_args(node.function):
        if not factor.has(j):
            out *= factor ** count
            continue
        if isinstance(factor, sympy.exp):
            base, exponent = sympy.E, factor.args[0]
        elif factor.is_Pow and not factor.base.has(j) and factor.base.is_nonzero:
            base, exponent = factor.base, factor.exp
        else:
            return None
        total = _close_sum(sympy.Sum(exponent, (j, lo, hi)), prove)
        if total is None:
            return None
        out *= sympy.Pow(base, total)
    return out


def close_sums(expr: sympy.Basic, prove: Prover) -> sympy.Basic | None:
    """``expr`` with every Sum/Product replaced by its certified closed form; None unless all have one.

    >>> j = sympy.Dummy("j", integer=True); d = sympy.Symbol("d", even=True, positive=True)
    >>> prove = lambda e: "expand" if sympy.expand(e) == 0 else None
    >>> sympy.expand(close_sums(sympy.Sum(j, (j, 0, d/2 - 1)), prove))
    d**2/8 - d/4
    >>> close_sums(sympy.Sum(j, (j, 0, sympy.Symbol("x", real=True))), prove) is None
    True
    """
    def close(node: sympy.Basic) -> sympy.Basic:
        try:
            closed = _close(node, prove)
        except Exception:  # SymPy failing on a candidate closes nothing
            closed = None
        return node if closed is None else closed

    # replace() rebuilds bottom-up, so an inner sum is closed before the one around it.
    result = expr.replace(lambda e: isinstance(e, (sympy.Sum, sympy.Product)), close)
    # Closing only some sums would cost the engine its other moves on the rest (merging two
    # sums over one range), so a partial result is no result.
    return None if result.has(sympy.Sum, sympy.Product) else result
