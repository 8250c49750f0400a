"""A second formula for a name the text defines: the same formula again, its value rounded, an equation in the
definition's variables, a redefinition the words announce, another numbering, or a definition again (differently:
a finding). What each is, as an :class:`Outcome` that :mod:`.text_definitions` applies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy
from sympy.core.function import AppliedUndef

from ..notation.read import Term
from .again import same_formula, shown_different
from .earlier_definitions import TextDefinition, as_before
from .prose import AN_EXAMPLE, EQUATION_WORDS, REDEFINES
from .scope import DocumentScope

__all__ = ["Outcome", "against_before", "differently", "rounded"]


@dataclass(frozen=True)
class Outcome:
    """What a ``NAME = formula`` statement is: a ``definition``, a ``condition``, or ``restated`` (a
    defined name given its formula again: a claim), said in ``note``; ``finding`` is a conflict with an
    earlier definition, at this statement's line."""

    role: str
    note: str
    finding: str = ""
    written: Term | None = None  # the defined name as an expression (p_{i,2j} applied), to show it
    #: a definition again whose row, as a claim about the name the text had, is not decided (a form not shown to be
    #: the old one, another numbering): reported unknown, with the note
    undecided: bool = False
    #: which definition later rows mean is not said (another numbering): the name is undefined from here on
    refuse: bool = False


def against_before(old: TextDefinition, shown: str, rhs: Term, rhs_text: str | None,
                    params: tuple[sympy.Expr, ...], args: tuple[sympy.Expr, ...] | None, scope: DocumentScope, *,
                    inline: bool = False, binds: bool = False) -> Outcome | None:
    """What a second formula for a name the text defined (``old``) is: the same formula (``restated``); a definition
    again where the words say so (``let … instead``, "we redefine"); an equation in the definition's variables
    (``condition``: ``g(x) = 5`` after ``g(x) = x^2 + 1``, or any other formula the prose gives it after "where",
    "setting", or a display after "where", "solving"); its value rounded (``rounded``); else a definition again
    (differently: a finding; or in a form not shown to be the old one). None where it is a claim about the name."""
    assert old.body is not None
    renamed = dict(zip(old.params, params, strict=True))
    variables = args if args is not None else params
    if same_formula(old.body, rhs, renamed):
        return Outcome("restated", f"gives {shown} the formula it has from line {old.line}")
    if binds if inline else bool(REDEFINES.search(scope.lead_in)):
        return Outcome("definition", f"defines {shown} again, as the text says: the rows after this line use this "
                                     f"formula, not line {old.line}'s")
    if not inline and AN_EXAMPLE.search(scope.lead_in) and not getattr(rhs, "free_symbols", True):
        # "For example $$q = (1, 0)^\top$$" after q = (q_1, q_2): a value for an example, never the name's new formula
        for name, value in _entries_set(old.body.xreplace(renamed), rhs) or []:
            scope.give_example(name, value, scope.line, str(name))
        value = sympy.sstr(list(rhs)) if isinstance(rhs, sympy.MatrixBase) else sympy.sstr(rhs)
        return Outcome("condition", f"sets {shown} = {value} here for an example (the words before say so); "
                                    f"line {old.line}'s definition stays in force")
    if (entries := _entries_set(old.body.xreplace(renamed), rhs)) is not None:
        # q = (1, 0) after q = (q_1, q_2): an example's vector, whose entries are the example's values of q_1, q_2
        for name, value in entries:
            scope.give_example(name, value, scope.line, str(name))
        given = ", ".join(f"{sympy.sstr(n)} = {sympy.sstr(v)}" for n, v in entries)
        return Outcome("condition", f"sets {shown} = {sympy.sstr(list(rhs))} here, a value chosen for an example "
                                    f"({given}, the entries line {old.line} names); line {old.line}'s definition "
                                    "stays in force")
    different = shown_different(old.body, rhs, renamed, variables)
    if _an_equation(old.body.xreplace(renamed), rhs, variables) or (different and variables and (
            inline or EQUATION_WORDS.search(scope.lead_in))):  # a plain name's new value (ω = 2) is no equation
        return Outcome("condition", f"an equation in {', '.join(map(str, variables)) or shown} ({shown} = "
                                    f"{sympy.sstr(rhs)} where line {old.line} defines {shown}), stated, not decided; "
                                    f"line {old.line}'s definition stays in force")
    if rounded(rhs, rhs_text) and not rounded(old.body):
        # a worked example's value in decimals (c = 0.866 after c = \cos(\pi/6)): a claim that the exact value
        # rounds to it, never a second definition (later rows keep the exact one); after a formula with no
        # value (q' = RoPE(q, p)), a claim about the name the text has, as any
        if not _computable(old.body.xreplace(renamed)):
            return None
        return Outcome("rounded", f"gives {shown} in decimals: the value of line {old.line}'s formula, rounded")
    if not different:  # may be the same formula: no finding; the row, as a claim about the old, not decided
        return Outcome("definition", f"defines {shown} again, in a form not shown to be line {old.line}'s (as a "
                                     f"claim that it is line {old.line}'s, not decided); the rows after this line use "
                                     "this one", undecided=True)
    if (shift := _renumbered(old.body.xreplace(renamed), rhs, variables)) is not None:
        return Outcome("definition", f"defines {shown} again as line {old.line}'s formula at {shift}: another "
                                     "numbering (counted from 0 where the other counts from 1, or the reverse), two "
                                     "readings, not decided; rows that use it from here on are not decided",
                       undecided=True, refuse=True)
    if (back := as_before(old, rhs, params, scope)) is not None:
        # score = q^T R_{n-m} k after a section's score = (R_{m/k} q)^T (R_{n/k} k): the form of line 125 again
        return Outcome("definition", f"defines {shown} again, differently from line {old.line}: as line "
                                     f"{back.line} does (not shown different from it)")
    at = {**scope.ctx.binding(), **scope.bound_conventions, **scope.example_values()}
    if at and same_formula(old.body.xreplace(renamed).xreplace(at), rhs.xreplace(at), {}):
        return Outcome("definition", f"defines {shown} again, in a form that is line {old.line}'s at the values the "
                                     "text gives its names (as a claim that it is line "
                                     f"{old.line}'s for every value, not decided); the rows after this line use "
                                     "this one", undecided=True)
    return differently(shown, old.line)


def _entries_set(old: Term, new: Term) -> list[tuple[sympy.Symbol, sympy.Expr]] | None:
    """The pairs (entry's name, number) where ``old`` is a vector or matrix of distinct plain names (q_1, q_2) and
    ``new`` one of numbers of its shape; None otherwise.

    >>> q1, q2 = sympy.symbols("q_1 q_2", real=True)
    >>> _entries_set(sympy.Matrix([q1, q2]), sympy.Matrix([1, 0]))
    [(q_1, 1), (q_2, 0)]
    >>> _entries_set(sympy.Matrix([q1, q1]), sympy.Matrix([1, 0])), _entries_set(sympy.Matrix([q1, q2]), q1)
    (None, None)
    """
    if not (isinstance(old, sympy.MatrixBase) and isinstance(new, sympy.MatrixBase) and old.shape == new.shape):
        return None
    names, values = list(old), list(new)
    if not all(isinstance(n, sympy.Symbol) for n in names) or len(set(names)) != len(names):
        return None
    if not all(getattr(v, "is_number", False) for v in values):
        return None
    return list(zip(names, values, strict=True))


def _renumbered(old: Term, new: Term, variables: tuple[sympy.Expr, ...]) -> str | None:
    """``p ± 1`` if ``new`` is ``old`` with an integer variable p shifted by one (θ_i = 10000^{-2i/d} after θ_i =
    10000^{-2(i-1)/d}: the same frequencies counted from 0 instead of 1), else None."""
    for variable in variables:
        if not (isinstance(variable, sympy.Symbol) and variable.is_integer):
            continue
        for step in (1, -1):
            if same_formula(old.xreplace({variable: variable + step}), new, {}):
                return sympy.sstr(variable + step)
    return None


def _an_equation(old: Term, new: Term, variables: tuple[sympy.Expr, ...]) -> bool:
    """True if ``new`` is free of the definition's ``variables`` where ``old`` is not: ``g(x) = 5`` after ``g(x) =
    x^2 + 1`` says where g takes the value 5, and ``PE(pos) = 0`` where the encoding vanishes; neither gives g or PE
    a new formula."""
    if not variables:
        return False
    def uses(term: Term) -> bool:
        atoms = getattr(term, "free_symbols", set()) | getattr(term, "atoms", lambda *_: set())(sympy.Indexed)
        return any(v in atoms or v.free_symbols & atoms for v in variables)
    return uses(old) and not uses(new)


def differently(shown: str, line: int, there: str = "") -> Outcome:
    """A definition again, shown different from the one at ``line``: a finding at this statement's line (the rows
    after it use it, as the text does; the finding fails the run, so the author sees the conflict)."""
    return Outcome("definition", f"defines {shown} again, differently from line {line}{there}",
                   finding=f"{shown} is defined again, differently from line {line}; the rows after this line use "
                           "this definition")


_DECIMAL = re.compile(r"\d\.\d")


def rounded(term: Term, written: str | None = None) -> bool:
    """True if ``term`` is a number or a list of numbers, one of them written in decimals (0.866, read as
    433/500): a value computed and rounded, not a formula. ``written``, the formula as written, says whether a
    decimal point is there (``\\frac{1}{5}`` has none); without it, a denominator with a factor 5 is taken for one."""
    entries = list(term) if isinstance(term, sympy.MatrixBase) else [term]
    if not entries or not all(getattr(e, "is_Rational", False) or isinstance(e, sympy.Float) for e in entries):
        return False
    if written is not None:
        return bool(_DECIMAL.search(written))
    return any(isinstance(e, sympy.Float) or (e.q % 5 == 0) for e in entries)


def _computable(term: Term) -> bool:
    """True for a number, or a vector or matrix of numbers, that a formula gives exactly (cos(π/6)): no free name,
    no function the text leaves undefined."""
    entries = list(term) if isinstance(term, sympy.MatrixBase) else [term]
    return all(isinstance(e, sympy.Expr) and e.is_number and not e.atoms(AppliedUndef) for e in entries)
