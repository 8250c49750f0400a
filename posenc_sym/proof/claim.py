"""Claims, the steps of their derivations, and the derivation files that hold them.

A :class:`Claim` is a statement ``lhs REL rhs`` over SymPy expressions (or matrices) whose
free symbols carry their assumptions (``Symbol("t", real=True)``), plus ``conditions`` that
assumptions cannot say (``b > 1``, ``i < d/2``). Its optional ``steps`` are a chain
``lhs = s1 = s2 = ... = rhs``, each with the justification in words; every link is decided
on its own, so a derivation is proven only when each of its steps is.

A claim may also keep the form its author WROTE (``written=(lhs, rhs)``, built from a
:class:`~posenc_sym.notation.Notation`'s applied notations such as ``PE(t+k)`` and ``T_k``, or
unevaluated with ``evaluate=False`` / ``UnevaluatedExpr``). Outputs display the written form; the
engine decides ``lhs`` and ``rhs``, which are then exactly ``notation.expand(written)``: a
definitional unfolding, equal to the written form by the definitions themselves (see
docs/engine.md, "The claim as written"). A step may carry its written form the same way.

A derivation file defines one :class:`Derivation`: a topic, prose, and its claims in order.
"""

from __future__ import annotations

import functools
import operator
import re
import string
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase
from sympy.matrices.expressions import MatrixExpr

from ..notation.definitions import Notation, NotationError
from .verdict import Status

__all__ = ["Claim", "Derivation", "Relation", "Source", "Step", "Term", "explicit", "is_matrix", "shape_of"]

#: A side of a claim: a scalar expression, an immutable matrix, or an unevaluated matrix
#: expression such as ``MatMul(T, P, evaluate=False)`` (kept as written for display).
Term: TypeAlias = sympy.Expr | ImmutableMatrix | MatrixExpr
Relation = Literal["==", "<", "<=", ">", ">="]

_RELATIONS: tuple[Relation, ...] = ("==", "<", "<=", ">", ">=")
_ID = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")


def _is_matrix_derivative(term: object) -> bool:
    return isinstance(term, sympy.Derivative) and is_matrix(term.expr)


def is_matrix(term: object) -> bool:
    """True for explicit matrices, matrix expressions and derivatives of matrices alike."""
    return isinstance(term, (MatrixBase, MatrixExpr)) or _is_matrix_derivative(term)


def shape_of(term: Term) -> tuple[int, int]:
    """The shape of a matrix-valued term."""
    if _is_matrix_derivative(term):
        return shape_of(term.expr)
    return tuple(term.shape)


def explicit(term: Term) -> Term:
    """An explicit matrix for a matrix expression (``MatMul``, ``Derivative`` of a matrix)."""
    if _is_matrix_derivative(term):
        # Entrywise and unevaluated: the engine carries derivatives out itself
        # (strategies.evaluate_derivatives), refusing those across a jump, where SymPy would
        # differentiate a Piecewise branch by branch and call a unit step constant.
        counts = term.variable_count
        return ImmutableMatrix(explicit(term.expr)).applyfunc(lambda e: sympy.Derivative(e, *counts))
    if isinstance(term, (sympy.MatMul, sympy.MatAdd)) and all(isinstance(a, MatrixBase) for a in term.args):
        # Multiply out directly: MatMul.as_explicit() is orders of magnitude slower (seconds at 8×8).
        combine = operator.mul if isinstance(term, sympy.MatMul) else operator.add
        return ImmutableMatrix(functools.reduce(combine, term.args))
    if isinstance(term, MatrixExpr) and not isinstance(term, MatrixBase):
        return ImmutableMatrix(term.as_explicit())
    return term


def as_term(value: Any, what: str) -> Term:
    """Sympify ``value``; matrices become immutable so claims stay hashable values."""
    if isinstance(value, MatrixExpr) and not isinstance(value, MatrixBase):
        # A symbolic shape (q of shape d×1) is a claim for every size: decided by matrix algebra
        # (proof.matrix_sizes), never entry by entry.
        return value
    if isinstance(value, MatrixBase):
        return ImmutableMatrix(value)
    try:
        term = sympy.sympify(value, strict=True)
    except (sympy.SympifyError, TypeError) as exc:
        raise TypeError(f"{what}={value!r} is not a SymPy expression or matrix ({exc})") from None
    if isinstance(term, MatrixBase):
        return ImmutableMatrix(term)
    if not isinstance(term, sympy.Expr):
        # A relation, a truth value or a set is not a side of a claim (it crashed the engine).
        raise TypeError(f"{what}={value!r} is not an expression ({type(term).__name__}); "
                        "put the relation in Claim.relation and the two sides in lhs and rhs")
    return term


def compose_relations(relations: tuple[Relation, ...]) -> Relation | None:
    """The relation a chain of links establishes, or None if the chain mixes directions.

    >>> compose_relations(("==", "<=", "<"))
    '<'
    >>> compose_relations(("<=", ">=")) is None
    True
    """
    directions = {r[0] for r in relations if r != "=="}
    if not directions:
        return "=="
    if len(directions) > 1:
        return None
    strict = any(r in ("<", ">") for r in relations)
    d = directions.pop()
    return d if strict else d + "="  # type: ignore[return-value]


def _check_refutation(claim_id: str, words: str) -> None:
    """A refutation in words names the engine's values only as ``{lhs}`` and ``{rhs}``.

    >>> _check_refutation("demo.x", "the last row is {lhs}, not {rhs}")
    >>> _check_refutation("demo.x", "the last row is {value}")
    Traceback (most recent call last):
    ValueError: demo.x: refutation names {value}; use {lhs} and {rhs} (the engine's values of the two sides)
    """
    try:
        fields = {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}
    except ValueError as exc:
        raise ValueError(f"{claim_id}: refutation {words!r} is not a template ({exc}); "
                         "write {{ and }} for a literal brace") from None
    unknown = sorted(fields - {"lhs", "rhs"})
    if unknown:
        raise ValueError(f"{claim_id}: refutation names {{{unknown[0]}}}; use {{lhs}} and {{rhs}} "
                         "(the engine's values of the two sides)")


@dataclass(frozen=True)
class Source:
    """Where a claim comes from: a document's file name and a short quote in its own language."""

    document: str
    quote: str
    locator: str = ""  # section or line, when the quote alone is ambiguous


@dataclass(frozen=True)
class Step:
    """One link of a derivation: ``previous REL expr``, justified in words by ``because``.

    ``written`` is the step as the author wrote it (for display); ``expr`` is then left out
    (``None``) and the claim fills it in as the expansion of ``written`` under its notation.
    """

    expr: Term
    because: str
    relation: Relation = "=="
    written: Term | None = None

    def __post_init__(self) -> None:
        if self.expr is not None or self.written is None:
            object.__setattr__(self, "expr", as_term(self.expr, "Step.expr"))
        if self.relation not in _RELATIONS:
            raise ValueError(f"Step.relation={self.relation!r}; use one of {_RELATIONS}")
        if not self.because.strip():
            raise ValueError("every step needs its justification in words (because=...)")

    @property
    def display(self) -> Term:
        """What outputs show for this step: the written form if there is one."""
        return self.written if self.written is not None else self.expr


@dataclass(frozen=True)
class Claim:
    """A statement to decide: ``lhs relation rhs`` for every value the assumptions allow.

    ``id``           stable identifier, lower case with dots (``sinusoidal.shift.block``).
    ``title``        one line, for tables.
    ``conditions``   SymPy relations beyond the symbols' own assumptions (``b > 1``).
    ``steps``        the derivation from ``lhs`` to ``rhs``; empty for a bare claim.
    ``scope``        how general it is: ``"general d"``, ``"pair i, general d"``, ``"d = 8"``.
    ``expect``       the verdict the author expects; a document's false claim says ``"refuted"``.
    ``prose``        the explanation beside the math.
    ``source``       the document and quote, for claims taken from a document.
    ``tags``         free labels (``"table:sinusoidal:bounded"``) that reports may group by.
    ``written``      the two sides as the author wrote them, for display; ``lhs`` and ``rhs``
                     are then left out and become ``notation.expand(written)``.
    ``notation``     the symbols' notation: expands ``written`` and names shorthands on output.
    ``same_sides_ok`` the reason, when the two sides are meant to display identically (the
                     notes are otherwise not written: a page would show ``r = r``).
    ``refutation``   for a claim expected to be false: its counterexample in words, with ``{lhs}``
                     and ``{rhs}`` where the engine's values of the two sides go ("row 8 is
                     indented by {rhs} space, not {lhs}"); shown only when the engine refutes it.

    >>> x = sympy.Symbol("x", real=True)
    >>> c = Claim("demo.pythagoras", "sin^2 + cos^2 = 1", sympy.sin(x)**2 + sympy.cos(x)**2, 1)
    >>> c.relation, [str(s) for s in c.symbols]
    ('==', ['x'])
    """

    id: str
    title: str
    lhs: Term = None  # filled in from ``written`` when left out
    rhs: Term = None
    relation: Relation = "=="
    conditions: tuple[sympy.Basic, ...] = ()
    steps: tuple[Step, ...] = ()
    scope: str = ""
    expect: Status = "proven"
    prose: str = ""
    source: Source | None = None
    tags: tuple[str, ...] = ()
    note: str = field(default="", compare=False)
    written: tuple[Term, Term] | None = None
    notation: Notation | None = None
    same_sides_ok: str = ""
    refutation: str = ""

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(
                f"claim id {self.id!r} must be lower case letters, digits, '.', '_' or '-'"
            )
        self._take_written()
        object.__setattr__(self, "lhs", as_term(self.lhs, f"{self.id}: lhs"))
        object.__setattr__(self, "rhs", as_term(self.rhs, f"{self.id}: rhs"))
        object.__setattr__(self, "conditions", tuple(sympy.sympify(c) for c in self.conditions))
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "tags", tuple(self.tags))
        if self.relation not in _RELATIONS:
            raise ValueError(f"{self.id}: relation={self.relation!r}; use one of {_RELATIONS}")
        if self.expect not in ("proven", "refuted", "checked", "unknown"):
            raise ValueError(f"{self.id}: expect={self.expect!r}; use proven, refuted, checked or unknown")
        _check_refutation(self.id, self.refutation)
        if is_matrix(self.lhs) != is_matrix(self.rhs):
            raise ValueError(f"{self.id}: one side is a matrix and the other is not")
        if is_matrix(self.lhs):
            if shape_of(self.lhs) != shape_of(self.rhs):
                raise ValueError(
                    f"{self.id}: shapes differ, {shape_of(self.lhs)} against {shape_of(self.rhs)}")
            if self.relation != "==":
                raise ValueError(f"{self.id}: matrices can only be compared with '=='")
        for n, step in enumerate(self.steps, start=1):
            # Every link compares like with like; a scalar step in a matrix claim (or a step of
            # another shape) would otherwise crash the engine with an AssertionError/IndexError.
            if is_matrix(step.expr) != is_matrix(self.lhs) or (
                    is_matrix(step.expr) and shape_of(step.expr) != shape_of(self.lhs)):
                what = f"a {shape_of(step.expr)} matrix" if is_matrix(step.expr) else "a scalar"
                want = f"a {shape_of(self.lhs)} matrix" if is_matrix(self.lhs) else "a scalar"
                raise ValueError(f"{self.id}: step {n} is {what} but the claim compares {want}")
        if self.steps:
            chained = compose_relations(tuple(s.relation for s in self.steps))
            if chained != self.relation:
                raise ValueError(
                    f"{self.id}: the steps chain to {chained!r} but the claim states {self.relation!r}"
                )

    def _take_written(self) -> None:
        """Fill the decided sides and steps in from the written ones (``notation.expand``)."""
        notation = self.notation if self.notation is not None else Notation()
        steps = tuple(self.steps)
        if self.written is None:
            if self.lhs is None or self.rhs is None:
                raise ValueError(f"{self.id}: give both sides, as lhs and rhs or as written=(lhs, rhs)")
        else:
            if not (isinstance(self.written, tuple) and len(self.written) == 2):
                raise ValueError(f"{self.id}: written={self.written!r} must be a pair (lhs, rhs), "
                                 "as the author wrote the two sides")
            decided = (self._expand(notation, self.written[0], "written lhs"),
                       self._expand(notation, self.written[1], "written rhs"))
            for side, given, expanded in zip(("lhs", "rhs"), (self.lhs, self.rhs), decided, strict=True):
                # The decided form IS the expansion: a hand-given side that differs would let the page
                # show one statement while the engine decides another.
                if given is not None and given != expanded:
                    raise ValueError(f"{self.id}: {side}={given} is not the expansion of the written form "
                                     f"({expanded}); leave {side} out and let the claim expand it")
            object.__setattr__(self, "lhs", decided[0])
            object.__setattr__(self, "rhs", decided[1])
        filled = []
        for n, step in enumerate(steps, start=1):
            if step.written is not None:
                expanded = as_term(self._expand(notation, step.written, f"step {n} written"), f"{self.id}: step {n}")
                if step.expr is not None and step.expr != expanded:
                    raise ValueError(f"{self.id}: step {n} expr is not the expansion of its written form "
                                     f"({expanded}); leave expr out (None)")
                step = Step(expanded, step.because, step.relation, step.written)
            filled.append(step)
        object.__setattr__(self, "steps", tuple(filled))

    def _expand(self, notation: Notation, term: Any, what: str) -> Any:
        try:
            return notation.expand(term)
        except NotationError as exc:
            raise ValueError(f"{self.id}: {what}: {exc}") from None

    @property
    def display_sides(self) -> tuple[Term, Term]:
        """What outputs show: the written sides if there are, else ``lhs`` and ``rhs``."""
        return self.written if self.written is not None else (self.lhs, self.rhs)

    @property
    def display_links(self) -> tuple[tuple[Term, Term, Relation, str], ...]:
        """:attr:`links` with each end as displayed (written forms where the author gave them)."""
        if not self.steps:
            return ()
        shown = [self.display_sides[0], *(s.display for s in self.steps)]
        out = [(shown[n], shown[n + 1], s.relation, s.because) for n, s in enumerate(self.steps)]
        if len(self.links) > len(self.steps):
            out.append((shown[-1], self.display_sides[1], "==", self.links[-1][3]))
        return tuple(out)

    @property
    def symbols(self) -> tuple[sympy.Symbol | sympy.MatrixSymbol, ...]:
        """The free symbols of the statement, its steps and conditions, sorted by name: scalars, and
        the matrices of a claim about matrices (``W_q``) with the sizes of their shapes (``d``)."""
        found: set[sympy.Basic] = set()
        for term in (self.lhs, self.rhs, *(s.expr for s in self.steps), *self.conditions):
            found |= term.free_symbols
        for matrix in [s for s in found if isinstance(s, sympy.MatrixSymbol)]:
            for extent in matrix.shape:
                found |= sympy.sympify(extent).free_symbols
        return tuple(sorted((s for s in found if isinstance(s, (sympy.Symbol, sympy.MatrixSymbol))), key=str))

    @property
    def links(self) -> tuple[tuple[Term, Term, Relation, str], ...]:
        """The chain as ``(from, to, relation, because)`` links, ``lhs`` first, ``rhs`` last."""
        if not self.steps:
            return ()
        out = []
        previous: Term = self.lhs
        for step in self.steps:
            out.append((previous, step.expr, step.relation, step.because))
            previous = step.expr
        if previous != self.rhs:
            out.append((previous, self.rhs, "==", "the same expression, rearranged"))
        return tuple(out)

    @property
    def has_floats(self) -> bool:
        """True if any side holds a floating-point literal (such claims are never proven)."""
        terms = (self.lhs, self.rhs, *(s.expr for s in self.steps))
        return any(t.atoms(sympy.Float) for t in terms)


@dataclass(frozen=True)
class Derivation:
    """What one derivation file defines: a topic, its prose, and its claims in order."""

    id: str
    title: str
    claims: tuple[Claim, ...]
    prose: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "claims", tuple(self.claims))
        if not _ID.match(self.id):
            raise ValueError(f"derivation id {self.id!r} must be lower case letters, digits, '.', '_' or '-'")
        seen: set[str] = set()
        for claim in self.claims:
            if not isinstance(claim, Claim):
                raise TypeError(f"derivation {self.id!r}: {claim!r} is not a Claim")
            if claim.id in seen:
                raise ValueError(f"derivation {self.id!r}: claim id {claim.id!r} appears twice")
            seen.add(claim.id)
