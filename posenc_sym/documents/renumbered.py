r"""Off-by-one numbering: a row that gives a defined indexed name at an integer index (a number, or an index
name: ``\theta_i = 10000^{-2(i-1)/d}`` after ``\theta_j = 10000^{-2j/d}``) may count from another start than
the definition.

A text defines ``\theta_i = 10000^{-2i/d}`` (θ_0 first) and lists ``\theta_1 = 10000^{-0/128} = 1``,
``\theta_2 = 10000^{-2/128}`` (θ_1 first, as RoFormer counts). Under the definition each row is false;
with the index shifted by one each holds. That is a reading with two meanings, so it is refused with
both named, never refuted: the row is unknown when it is false under the definition and, read with
the index one lower (or one higher), it is proven, or true at a width the row itself writes (``d = 128`` in
``10000^{-2/128}``; a free width absorbs any scale, so a point found elsewhere says nothing).

Only a name the text defines (a ``let`` in a ``posenc`` block fixes the numbering: the rows then use
it, and are refuted when false), with one definition of one subscript that is a bare parameter
(``\theta_i``; ``PE_{(pos,2i)}`` and ``2i+1`` patterns are not shifted: a shift moves between them), at
an integer index whose shifted value stays in the index's range.

>>> import sympy
>>> d = sympy.Symbol("d", integer=True, positive=True, even=True)
>>> shifted = Renumbering("\\theta", "1", "0", -1, 6, sympy.Integer(1), ())
>>> holds(shifted, sympy.Integer(1), "==", ())
''
>>> other = Renumbering("\\theta", "2", "1", -1, 6, 10000 ** (-2 / d), ())
>>> holds(other, 10000 ** sympy.Rational(-2, 128), "==", (), "\\theta_2 = 10000^{-2/128}")
'd = 128'
>>> holds(other, 10000 ** sympy.Rational(-3, 128), "==", (), "\\theta_2 = 10000^{-3/128}") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import sympy

from ..errors import PosencSymError
from ..notation.read import Term, Unreadable, from_latex
from ..notation.write import to_latex
from ..proof.claim import Claim
from ..proof.engine import decide
from ..proof.verdict import Verdict
from .name_forms import NameForm
from .scope import DocumentScope

__all__ = ["Renumbering", "bounds", "holds", "of_its_domain", "renumberings", "two_readings", "witness"]

_DIGITS = 30
_HEAD = re.compile(r"_\s*(?:\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9])\s*$")


@dataclass(frozen=True)
class Renumbering:
    """``shown_{index}`` read as the definition's ``shown_{index + shift}``: ``value`` (its formula), under
    the index range's ``conditions`` at that index; ``line`` is the definition's."""

    shown: str
    index: str  # the subscript as written, and as the definition numbers it (LaTeX)
    other: str
    shift: int
    line: int
    value: Term
    conditions: tuple[sympy.Basic, ...]
    unshifted: tuple[sympy.Basic, ...] = ()  # the range at the index as written, which this reading drops
    #: The index range as declared or read (``i < d/2``), and its parameter: its instances at other indices
    #: (``64 < d/2`` of a row θ_64 beside this one) bound other rows, not this reading.
    ranges: tuple[sympy.Basic, ...] = ()
    param: sympy.Symbol | None = None


def renumberings(form: NameForm, written: str, scope: DocumentScope) -> tuple[Renumbering, ...]:
    """The shifted readings of ``form`` (``written``, ``\\theta_1``) when it is a name the text defines at
    an integer index, with the index one lower and one higher (see the module docstring); () otherwise.
    Each keeps the index range at the index as written (``unshifted``: θ_64 exists only where 64 < d/2), which
    bounds the row as written (:func:`bounds`) and not the shifted reading."""
    head = form.name
    known = scope.text_defined.get(head, {})
    patterns = scope.ctx.indexed.get(head, [])
    if form.subscript is None or len(form.subscript) != 1 or len(known) != 1 or len(patterns) != 1:
        return ()
    pattern = patterns[0]
    if len(pattern.args) != 1 or not isinstance(pattern.args[0], sympy.Symbol):
        return ()
    text = form.subscript[0].strip().strip("{}").strip()
    index = sympy.Integer(text) if text.isdigit() else _name(text, scope)
    if index is None:
        return ()
    param = pattern.args[0]
    ranges = [c for c in (*scope.ctx.conditions, *scope.conditions()) if param in c.free_symbols]
    (definition,) = known.values()
    unshifted = tuple(c for c in (c.xreplace({param: index}) for c in ranges) if c not in (sympy.true, sympy.false))
    found = []
    for shift in (-1, 1):
        at = index + shift
        facts = [getattr(at, f"is_{k}") == v for k, v in param.assumptions0.items()
                 if v is not None and getattr(at, f"is_{k}", None) is not None]
        conditions = [c.xreplace({param: at}) for c in ranges]
        if not all(facts) or any(c is sympy.false for c in conditions):
            continue
        value = pattern.body.xreplace({param: at})
        found.append(Renumbering(_HEAD.sub("", written).strip(), _shown(index), _shown(at), shift, definition.line,
                                 value, tuple(c for c in conditions if c is not sympy.true), unshifted,
                                 tuple(ranges), param))
    return tuple(found)


def _name(text: str, scope: DocumentScope) -> sympy.Symbol | None:
    """The integer index a subscript names (``\\theta_i`` restated as ``10000^{-2(i-1)/d}``), or None."""
    if not re.fullmatch(r"[A-Za-z]|\\[A-Za-z]+", text):
        return None
    try:
        value = from_latex(text, scope)
    except (Unreadable, ValueError, TypeError, ArithmeticError):
        return None
    return value if isinstance(value, sympy.Symbol) and value.is_integer else None


def _shown(index: sympy.Expr) -> str:
    return str(to_latex(index))


def bounds(shifted: tuple[Renumbering, ...]) -> tuple[sympy.Basic, ...]:
    """The index range at the index as written, which the row as written is decided under (its own only)."""
    return shifted[0].unshifted if shifted else ()


def holds(shifted: Renumbering, rhs: Term, relation: str, conditions: Sequence[sympy.Basic],
          written: str = "") -> str | None:
    """Where ``shifted``'s value stands in ``relation`` to ``rhs``: '' for everywhere (proven), the point
    (``d = 128``) where it holds at a number the row ``written`` writes, None where it is not shown to hold."""
    if isinstance(rhs, sympy.MatrixBase) or isinstance(shifted.value, sympy.MatrixBase):
        return None
    all_conditions = (*(c for c in conditions if c not in shifted.unshifted and not _other_index(c, shifted)),
                      *shifted.conditions)
    try:
        claim = Claim("renumbered", "renumbered", shifted.value, rhs, relation=relation,  # type: ignore[arg-type]
                      conditions=all_conditions)
        if decide(claim).status == "proven":
            return ""
    except (PosencSymError, ValueError, TypeError):
        return None
    if relation != "==":
        return None
    return witness(shifted.value - rhs, all_conditions, [int(n) for n in re.findall(r"\d+", written)])


def _other_index(condition: sympy.Basic, shifted: Renumbering) -> bool:
    """True if ``condition`` is the index range at a number (``64 < d/2`` from ``i < d/2``): a bound that a
    subscript elsewhere in the display put on it, which says nothing of this row's reading.

    >>> i, d = sympy.symbols("i d", integer=True)
    >>> one = Renumbering("\\theta_2", "2", "1", -1, 3, i, (), (), (sympy.Lt(i, d / 2),), i)
    >>> _other_index(sympy.Lt(64, d / 2), one), _other_index(sympy.Lt(d, 64), one)
    (True, False)
    """
    if shifted.param is None:
        return False
    return any(type(condition) is type(template) and template.xreplace({shifted.param: k}) == condition
               for template in shifted.ranges for k in condition.atoms(sympy.Integer))


def witness(difference: sympy.Expr, conditions: Sequence[sympy.Basic], written: Sequence[int]) -> str | None:
    """A number of ``written`` (those the row writes: 128 in ``10000^{-2/128}``) that, given to the one free
    integer name of ``difference`` (a width), makes it exactly 0 where the conditions hold, or None.

    Only the row's own numbers: a free width absorbs any scale (θ_3 = 10000^{-6/d} meets 10000^{-3/128} at
    d = 256), so a point found elsewhere says nothing of the numbering. Real names are not tried."""
    free = difference.free_symbols
    if len(free) != 1:
        return None
    (name,) = free
    if not name.is_integer:
        return None
    try:
        function = sympy.lambdify(name, difference, "mpmath")
    except Exception:  # a formula lambdify cannot write: no witness searched
        return None
    with mpmath.workdps(_DIGITS):
        for value in dict.fromkeys(written):
            if not of_its_domain(name, value):
                continue
            try:
                near = abs(function(mpmath.mpf(value))) < mpmath.mpf(10) ** (10 - _DIGITS)
            except (TypeError, ValueError, ZeroDivisionError, OverflowError):
                continue
            point = sympy.Integer(value)
            if near and _admissible(name, point, conditions) and \
                    sympy.simplify(difference.xreplace({name: point})) == 0:
                return f"{name} = {value}"
    return None


def of_its_domain(name: sympy.Symbol, value: int) -> bool:
    """True if the integer ``value`` has the signs and parity ``name`` is declared with (cheaply)."""
    facts = {"positive": value > 0, "nonnegative": value >= 0, "negative": value < 0, "nonpositive": value <= 0,
             "even": value % 2 == 0, "odd": value % 2 == 1, "zero": value == 0, "nonzero": value != 0}
    return all(holds_ for fact, holds_ in facts.items() if getattr(name, f"is_{fact}") is True)


def _admissible(name: sympy.Symbol, point: sympy.Integer, conditions: Sequence[sympy.Basic]) -> bool:
    if any(getattr(point, f"is_{k}", None) not in (None, v) for k, v in name.assumptions0.items()):
        return False
    return all(bool(c.xreplace({name: point})) is True for c in conditions if c.free_symbols <= {name})


def two_readings(shifted: Renumbering, where: str, lhs: Term, written: str, verdict: Verdict | None) -> str:
    """The note of a row refused for its two numberings (``verdict``: its refutation, as read)."""
    point = dict(verdict.counterexample or {}) if verdict is not None else {}
    reason = f"fails at {', '.join(f'{k} = {v}' for k, v in point.items())}" if point else "fails"
    name, index, other = shifted.shown, shifted.index, shifted.other
    which = "higher" if shifted.shift < 0 else "lower"
    at = f", at {where}" if where else ""
    return (f"{written} has two readings: it holds if {name} is numbered one {which} than in the definition of "
            f"line {shifted.line} ({name}_{{{index}}} = that {name}_{{{other}}}{at}); with the numbering of line "
            f"{shifted.line}, {name}_{{{index}}} = {_latex(lhs)} and the row {reason}; say which is "
            f"meant: renumber the row, or declare {name} with let in a posenc block (its rows are then read with "
            "its numbering)")


def _latex(term: Term) -> str:
    try:
        return str(to_latex(term))
    except Exception:  # the writer failing must not lose the note
        return sympy.sstr(term)
