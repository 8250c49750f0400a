"""A quick look before a proof: is a formula shown non-zero at some value of its names?

>>> x, y = sympy.symbols("x y")
>>> differs_somewhere(sympy.sin(x) - sympy.cos(y)), differs_somewhere(sympy.sin(x)**2 + sympy.cos(x)**2 - 1)
(True, False)
"""

from __future__ import annotations

import sympy

from ..proof.budget import time_limit
from ..proof.numeric import expand_sums

__all__ = ["differs_somewhere"]


#: Digits the difference is evaluated to, and how far above their rounding a difference must be to count.
_DIGITS = 50
_MARGIN = sympy.Float("1e-35")
#: Seconds one point may take: the screen is a glance before a proof, never the place a page spends its time.
_SECONDS = 2.0


def differs_somewhere(difference: sympy.Expr, *, complex_free: bool = False) -> bool:
    """True if ``difference`` is shown non-zero at a value of its names: then it is not 0 whatever they are, and
    no proof need be sought (they can take seconds). Each name, and each entry nothing defines (x_m, q^(1)_m:
    distinct entries may differ), takes a rational value (an integer where the name is one) at two seeded
    points, evaluated to 30 digits; a value that is not a finite number shows nothing. A name of no stated
    domain may be any number, so a real value of it is one of its values; with ``complex_free``, a third point gives
    such names complex values (``\\cos\\theta = \\mathrm{Re}\\, e^{i\\theta}`` fails there)."""
    atoms = sorted((*difference.atoms(sympy.Indexed), *(s for s in difference.free_symbols
                                                       if isinstance(s, sympy.Symbol))), key=str)
    # the ends of a sum (i_first, i_last: ends the text does not state) are integers, whatever they are declared
    ends = {s for node in difference.atoms(sympy.Sum, sympy.Product) for _, low, high in node.limits
            for s in (*low.free_symbols, *high.free_symbols)}
    for seed in (3, 7, 11) if complex_free else (3, 7):
        values = {}
        for n, atom in enumerate(atoms):
            integer = bool(getattr(atom, "is_integer", False)) or atom in ends
            positive = bool(getattr(atom, "is_positive", False)) or bool(getattr(atom, "is_nonnegative", False))
            # integers of both parities across the two points (2 + n, then 3 + 2n): a parity slip shows
            value = sympy.Integer(2 + n if seed == 3 else 3 + 2 * n) if integer else \
                sympy.Rational(seed * (n + 2) + 1, 7 + n)
            values[atom] = value if positive or integer else value * (-1) ** n
            if seed == 11 and getattr(atom, "is_real", None) is None and not integer:
                values[atom] = value + sympy.I * sympy.Rational(n + 1, 5)  # of no stated domain: a complex value too
        try:
            with time_limit(_SECONDS):
                found, scale = _evaluated(difference.xreplace(values))
        except Exception:  # SymPy failing at a point, or taking longer than a glance should: shows nothing
            return False
        if not found.is_number or not found.is_finite or not scale.is_finite:
            return False
        # At 50 digits a true identity leaves a residue near 1e-50 times its largest term; 15 digits above that is
        # no rounding (cos(13/9·10^-12) - cos(13/9·10^-28) ≈ 1e-24, a real difference, was below 1e-20 absolute)
        if abs(found) > scale * _MARGIN:
            return True
    return False


def _evaluated(at_point: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """The value of ``at_point`` (no names left) to 50 digits, and the size of its largest term."""
    if at_point.has(sympy.Sum, sympy.Product):
        # limits now numbers: the finite sum term by term (an empty range is 0), never doit's closed forms,
        # Karr's reversed ranges, nor evalf's series
        at_point = expand_sums(at_point)
    # term by term, then summed: evalf of the whole hunts for digits where the terms cancel (an identity's
    # difference is 0 there), which took 0.3 s a point on a 4-term difference of rotated entries
    terms = [sympy.N(term, _DIGITS) for term in sympy.Add.make_args(at_point)]
    return sympy.Add(*terms), max([sympy.Integer(1), *(abs(term) for term in terms)])
