"""Symbolic strategies that reduce a difference to exactly zero.

Every strategy is an equivalence transform of SymPy (expand, expand_trig, rewriting to
exponentials, powsimp without ``force``, …) followed by a *structural* test ``== 0``. None
uses numeric comparison (``equals``, ``nsimplify``), so "reduced to 0" is a proof for every
value the symbols' assumptions allow. Cheap strategies run first; a general ``simplify``
runs last, under a time limit, because on symbolic sums it can take minutes.

Two structural moves widen what the transforms reach:

* sums and products: two sums over the same range are merged and their summand proven
  zero, or each summand is simplified *before* the sum is evaluated;
* generalisation: every power ``b**e`` with a positive base and a symbolic exponent
  (a frequency ω_i = b^(−2i/d)) is replaced by a fresh positive symbol. Proving the
  more general identity proves the original, which is one instance of it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence

import sympy

from ..sizes import too_large
from . import conditional
from .budget import time_limit
from .continuity import differentiability_obstacle, is_continuous_in
from .integrals import evaluate_integrals
from .numeric import NotEvaluable

__all__ = ["TRANSFORMS", "evaluate_derivatives", "generalize_powers", "held_derivatives", "prove_zero",
           "rebind_indices", "sample_derivatives"]

Transform = Callable[[sympy.Expr], sympy.Expr]


def _expand_trig(e: sympy.Expr) -> sympy.Expr:
    return sympy.expand(sympy.expand_trig(sympy.expand(e)))


def _exp_rewrite(e: sympy.Expr) -> sympy.Expr:
    return sympy.expand(sympy.powsimp(sympy.expand(e.rewrite(sympy.exp))))


def _is_even_cos_power(e: sympy.Basic) -> bool:
    return bool(e.is_Pow and isinstance(e.base, sympy.cos) and e.exp.is_Integer and e.exp >= 2)


def _pythagoras(e: sympy.Expr) -> sympy.Expr:
    """expand_trig, then cos(a)^n -> (1 - sin(a)^2)^(n//2) cos(a)^(n%2): exact for every complex a."""
    e = _expand_trig(e)
    e = e.replace(_is_even_cos_power,
                  lambda p: (1 - sympy.sin(p.base.args[0]) ** 2) ** (p.exp // 2) * p.base ** (p.exp % 2))
    return sympy.expand(e)


def _has_symbolic_exponent(p: sympy.Basic) -> bool:
    return bool((p.is_Pow and not p.exp.is_number) or (isinstance(p, sympy.exp) and not p.args[0].is_number))


def _normalize_exponents(e: sympy.Expr) -> sympy.Expr:
    """Combine powers of one base, then cancel each symbolic exponent as a rational function.

    ``expand_power_base`` and ``powsimp`` (without ``force``) only combine where the assumptions
    allow it; cancelling an exponent is an identity of rational functions.
    """
    e = sympy.powsimp(sympy.expand_power_base(sympy.expand(e)), combine="exp")

    def cancel_exponent(p: sympy.Basic) -> sympy.Basic:
        if isinstance(p, sympy.exp):
            return sympy.exp(sympy.cancel(sympy.together(p.args[0])))
        return sympy.Pow(p.base, sympy.cancel(sympy.together(p.exp)))

    return sympy.expand(e.replace(_has_symbolic_exponent, cancel_exponent))


#: (name, transform) in the order they are tried, cheapest and most often decisive first
#: (measured on the sinusoidal catalogue); each must be an equivalence.
TRANSFORMS: tuple[tuple[str, Transform], ...] = (
    ("expand", sympy.expand),
    ("expand_trig", _expand_trig),
    ("pythagoras", _pythagoras),
    ("exp-rewrite", _exp_rewrite),
    ("powsimp", lambda e: sympy.expand(sympy.powsimp(sympy.expand_power_exp(sympy.expand(e))))),
    ("exponents", _normalize_exponents),
    ("cancel", lambda e: sympy.cancel(sympy.together(e))),
    ("expand_log", lambda e: sympy.expand(sympy.expand_log(e))),
    ("trigsimp", lambda e: sympy.trigsimp(_expand_trig(e))),
)

#: The last resort; bounded in time.
SIMPLIFY_SECONDS = 2.0


def _jumps_in(derivative: sympy.Derivative) -> bool:
    """True unless the expression is continuous in the variables by construction (:mod:`.continuity`).

    SymPy differentiates a Piecewise branch by branch and a principal branch piece by piece:
    d/dt of a unit step, or of atan2(sin t, cos t) − t, comes out 0, which would "prove" that
    the expression does not depend on t.
    """
    return not is_continuous_in(derivative.expr, derivative.variables)


def _not_differentiable(derivative: sympy.Derivative, conditions: Sequence[sympy.Basic]) -> bool:
    return differentiability_obstacle(derivative.expr, derivative.variables, conditions) is not None


def held_derivatives(expr: sympy.Basic, conditions: Sequence[sympy.Basic] = ()) -> tuple[sympy.Derivative, ...]:
    """The derivatives :func:`evaluate_derivatives` leaves alone: at a possible kink, jump or pole.

    >>> t = sympy.Symbol("t", real=True)
    >>> held_derivatives(sympy.Derivative(sympy.atan2(sympy.sin(t), sympy.cos(t)), t) + t)
    (Derivative(atan2(sin(t), cos(t)), t),)
    >>> kink = sympy.Derivative(sympy.Abs(t), t)
    >>> held_derivatives(kink), held_derivatives(kink, [t > 0])
    ((Derivative(Abs(t), t),), ())
    """
    found = [e for e in sympy.preorder_traversal(expr)
             if isinstance(e, sympy.Derivative) and _not_differentiable(e, conditions)]
    return tuple(sorted(set(found), key=sympy.default_sort_key))


def evaluate_derivatives(expr: sympy.Basic, conditions: Sequence[sympy.Basic] = ()) -> sympy.Basic:
    """Carry out every ``Derivative`` of an expression differentiable by construction; keep the others.

    The licence is differentiability under the assumptions and ``conditions``
    (:func:`.continuity.differentiability_obstacle`): d/dx |x| = sign(x) holds only for x ≠ 0.

    >>> t = sympy.Symbol("t", real=True)
    >>> evaluate_derivatives(sympy.Derivative(sympy.sin(t), t))
    cos(t)
    >>> evaluate_derivatives(sympy.Derivative(sympy.Piecewise((0, t < 0), (1, True)), t))
    Derivative(Piecewise((0, t < 0), (1, True)), t)
    >>> evaluate_derivatives(sympy.Derivative(sympy.Max(0, t), t))
    Derivative(Max(0, t), t)
    """
    # deep=False: differentiate only; a deep doit() would also try to sum Sums in closed form.
    return expr.replace(lambda e: isinstance(e, sympy.Derivative) and not _not_differentiable(e, conditions),
                        lambda e: e.doit(deep=False))


def sample_derivatives(expr: sympy.Basic) -> sympy.Basic:
    """Carry out every ``Derivative`` of an expression continuous by construction, to evaluate it at points.

    SymPy's derivative of a continuous, piecewise smooth expression is right wherever it is
    differentiable; at a kink it holds sign or Heaviside at exactly 0, which the evaluator refuses.
    So a point can refute d/dx |x| = 1 at x = −1, while no proof goes through it (see
    :func:`evaluate_derivatives`).

    SymPy gives sign(0) = 0 and Heaviside(0) = 1/2, values a derivative does not have at its kink: in what a
    derivative is carried out to, both are undefined (nan) where their argument is 0, so that the evaluator
    skips the kink (d/dx max(0, x) = [x > 0] was refuted at x = 0).

    >>> t = sympy.Symbol("t", real=True)
    >>> kink = sample_derivatives(sympy.Derivative(sympy.Abs(t), t))
    >>> kink.subs(t, -2), kink.subs(t, 0)
    (-1, nan)
    """
    return expr.replace(lambda e: isinstance(e, sympy.Derivative) and not _jumps_in(e),
                        lambda e: _undefined_at_kinks(e.doit(deep=False)))


def _undefined_at_kinks(derivative: sympy.Basic) -> sympy.Basic:
    """``derivative`` with each sign and Heaviside undefined (nan) where its argument is 0."""
    return derivative.replace(
        lambda e: isinstance(e, (sympy.sign, sympy.Heaviside)),
        lambda e: sympy.Piecewise((e.func(e.args[0]), sympy.Ne(e.args[0], 0)), (sympy.nan, True)))


def generalize_powers(expr: sympy.Basic) -> sympy.Basic:
    """Replace each power with a positive base and a non-numeric exponent by a positive symbol.

    >>> b = sympy.Symbol("b", positive=True); i = sympy.Symbol("i", integer=True)
    >>> d = sympy.Symbol("d", even=True, positive=True); t = sympy.Symbol("t", real=True)
    >>> sorted(str(s) for s in generalize_powers(sympy.sin(b**(-2*i/d) * t)).free_symbols)
    ['_w', 't']
    """
    # The power itself must be known positive (a positive base with a *real* exponent):
    # b**(I*x) is complex, and an identity true for every positive w need not hold for it.
    # A power of a bound variable (b**j inside Σ_j) varies with j: one constant w in its place
    # would turn Σ_j b**j into (n+1)·w and "prove" Σ_{0}^{n} b**j = Σ_{1}^{n+1} b**j.
    bound = _bound_symbols(expr)
    powers = {
        p for p in expr.atoms(sympy.Pow)
        if p.is_positive is True and not p.exp.is_number and p.free_symbols
        and not (p.free_symbols & bound)
    }
    if not powers:
        return expr
    mapping = {p: sympy.Dummy("w", positive=True) for p in powers}
    return expr.xreplace(mapping)


def rebind_indices(expr: sympy.Basic) -> sympy.Basic:
    """Give every Sum/Product index a fresh symbol that assumes only what its range guarantees.

    An index declared ``positive=True`` over ``(j, -5, n)`` still takes -5, ..., and SymPy would
    reason from the declaration (it calls that product positive). The range guarantees only
    integer values, and only when it starts at an integer.

    >>> jp = sympy.Symbol("j", positive=True, integer=True); n = sympy.Symbol("n", integer=True)
    >>> rebind_indices(sympy.Product(jp, (jp, -5, n))).is_positive is None
    True
    """
    def rebind(node: sympy.Basic) -> sympy.Basic:
        function, limits = node.function, list(node.limits)
        for k, (var, lo, _hi) in enumerate(node.limits):
            fresh = _index_dummy(str(var), bool(lo.is_integer))
            if fresh in function.free_symbols | _bound_symbols(function):
                # An inner sum already binds it (one name used at two levels): never shadow.
                fresh = sympy.Dummy(str(var), integer=True) if lo.is_integer else sympy.Dummy(str(var))
            function = function.xreplace({var: fresh})
            # Limits inside this one (earlier in the list) may mention it; later ones may not.
            limits = [(fresh, lo_, hi_) if m == k else
                      (v, lo_.xreplace({var: fresh}), hi_.xreplace({var: fresh})) if m < k else (v, lo_, hi_)
                      for m, (v, lo_, hi_) in enumerate(limits)]
        return type(node)(function, *limits)

    return expr.replace(lambda e: isinstance(e, (sympy.Sum, sympy.Product)), rebind)


#: One index symbol per name and kind, so that two copies of one sum stay one expression after
#: rebinding (S/S with S = Σ_j e^(j·x) cancels); a bound variable, so sharing it binds nothing.
_INDEX_DUMMIES: dict[tuple[str, bool], sympy.Dummy] = {}


def _index_dummy(name: str, integer: bool) -> sympy.Dummy:
    key = (name, integer)
    if key not in _INDEX_DUMMIES:
        _INDEX_DUMMIES[key] = sympy.Dummy(name, integer=True) if integer else sympy.Dummy(name)
    return _INDEX_DUMMIES[key]


def _bound_symbols(expr: sympy.Basic) -> set[sympy.Basic]:
    """Every variable bound by a Sum, Product, Integral, Lambda, ... anywhere in ``expr``."""
    return {v for node in sympy.preorder_traversal(expr) for v in getattr(node, "bound_symbols", ())}


def _is_zero(e: sympy.Basic) -> bool:
    return e == 0 or e == sympy.S.Zero


def _combine_sums(e: sympy.Expr) -> sympy.Expr | None:
    """If ``e`` is a linear combination of sums over one range, the single summand; else None."""
    terms = sympy.Add.make_args(sympy.expand(e, deep=False, mul=True, multinomial=False,
                                             power_exp=False, power_base=False, log=False))
    summands: list[sympy.Expr] = []
    bounds = None
    # The merged summand is proven for every value the index takes (every integer when the
    # range starts at an integer, every complex number otherwise). It is renamed inside each
    # sum before the coefficient multiplies it, so a free symbol that happens to share its
    # name is never captured.
    fresh: sympy.Dummy | None = None
    for term in terms:
        coeff, rest = term.as_independent(sympy.Sum, as_Add=False)
        if not isinstance(rest, sympy.Sum) or len(rest.limits) != 1:
            return None
        var, lo, hi = rest.limits[0]
        if bounds is None:
            bounds = (lo, hi)
            # The index runs over lo, lo + 1, ...: integers only when lo is one. From a real
            # start a = 1/2 it takes half-integers, where sin(π·j) is not 0.
            fresh = sympy.Dummy("j", integer=True) if lo.is_integer else sympy.Dummy("j")
        elif (lo, hi) != bounds:
            return None
        assert fresh is not None
        summands.append(coeff * rest.function.xreplace({var: fresh}))
    if bounds is None:
        return None
    return sympy.Add(*summands)


def _summand_first(e: sympy.Expr, transform: Transform) -> sympy.Expr:
    # Simplify the body first: Sum(1, ...) or Product(1, ...) then evaluates at once, where a
    # deep doit() on the raw body would search for a closed form of a trigonometric sum.
    def simplify_body(s: sympy.Sum | sympy.Product) -> sympy.Expr:
        why = too_large(s)  # Π_{j=1}^{10^10} j: doit() would build 10^10!
        if why is not None:
            raise NotEvaluable(f"too large to evaluate: {why}")
        return type(s)(transform(s.function), *s.limits).doit()

    return e.replace(lambda x: isinstance(x, (sympy.Sum, sympy.Product)), simplify_body)


def _scalar_candidates(e: sympy.Expr) -> Iterator[tuple[str, Callable[[], sympy.Expr]]]:
    yield "structural", lambda: e
    if e.has(sympy.Sum, sympy.Product):
        merged = _combine_sums(e)
        if merged is not None:
            for name, transform in TRANSFORMS:
                yield f"summand {name}", functools.partial(transform, merged)
        for name, transform in TRANSFORMS[:4]:
            yield f"summand-first {name}", functools.partial(_summand_first, e, transform)
        return
    for name, transform in TRANSFORMS:
        yield name, functools.partial(transform, e)


def prove_zero(expr: sympy.Expr, *, allow_simplify: bool = True,
               conditions: Sequence[sympy.Basic] = ()) -> str | None:
    """The name of the strategy that reduces ``expr`` to exactly 0, or None.

    >>> x, y = sympy.symbols("x y", real=True)
    >>> prove_zero(sympy.sin(x + y) - sympy.sin(x)*sympy.cos(y) - sympy.cos(x)*sympy.sin(y))
    'expand_trig'
    >>> prove_zero(sympy.sin(x + y) - sympy.sin(x)*sympy.cos(y) + sympy.cos(x)*sympy.sin(y)) is None
    True
    """
    expr = rebind_indices(sympy.sympify(evaluate_integrals(evaluate_derivatives(expr, conditions))))
    if expr.has(sympy.Integral):
        # an integral whose closed form quadrature did not confirm (∫_0^{3π} |sin x| dx, which SymPy gives as 2):
        # simplify and its kin would integrate it unchecked. Only an exact 0 as written is a proof.
        return "structural" if _is_zero(expr) else None
    if expr.has(sympy.Derivative):
        # A derivative left unevaluated on purpose (across a jump) or that SymPy cannot carry
        # out; simplify() would carry it out branch by branch. Only an exact 0 is a proof.
        return "structural" if _is_zero(expr) else None
    # Side-condition strategies (.conditional) first: a certified closed form is decisive.
    certify = functools.partial(prove_zero, allow_simplify=False, conditions=conditions)
    attempts = []
    for prefix, form in conditional.rewrites(expr, conditions, certify):
        general = generalize_powers(form)
        attempts += [("generalized " + prefix, general)] if general != form else []
        attempts.append((prefix, form))
    for prefix, e in attempts:
        for name, compute in _scalar_candidates(e):
            try:
                with time_limit(SIMPLIFY_SECONDS):
                    if _is_zero(compute()):
                        return prefix + name
            except Exception:  # a transform SymPy cannot carry out proves nothing
                continue
    by_cases = conditional.prove_by_cases(expr, conditions, functools.partial(
        prove_zero, allow_simplify=allow_simplify, conditions=conditions))
    if by_cases is not None:
        return by_cases
    if allow_simplify:
        try:
            with time_limit(SIMPLIFY_SECONDS):
                if _is_zero(sympy.simplify(expr)):
                    return "simplify"
        except Exception:  # simplify raised "Invalid NaN comparison" on sqrt(-sign(cos p))
            return None
    return None
