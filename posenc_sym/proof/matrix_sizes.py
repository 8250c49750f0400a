r"""Claims about matrices of any size: decided at every size by matrix algebra, probed at concrete sizes.

A claim whose matrices have a symbolic size (q of shape d×1, ``T_k`` of d/2 blocks) is proven by
:mod:`.matrix_algebra` or not at all; numbers are only evidence. The falsifier still reaches it:
the claim is instantiated at two concrete sizes (each size symbol at its smallest admissible values
from 3 up, so that a transpose or an order of factors can show: at size 1 every matrix is its own
transpose), every ``MatrixSymbol`` becomes a matrix of real unknowns, and the engine searches those
instances for a counterexample, which names the size it was found at.

>>> d = sympy.Symbol("d", even=True, positive=True)
>>> sizes(sympy.MatrixSymbol("q", d, 1))
[{d: 4}, {d: 6}]
>>> at_size(sympy.MatrixSymbol("q", d, 1).T * sympy.MatrixSymbol("k", d, 1), {d: 2})
Matrix([[k_0*q_0 + k_1*q_1]])
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase
from sympy.matrices.expressions import MatrixExpr
from sympy.matrices.expressions.matexpr import MatrixElement

from ..notation.blocks import BlockColumn, BlockDiagonal, is_block_matrix
from .definedness import undefined_parts
from .matrix_algebra import prove_matrix_identity
from .verdict import Status, Verdict

__all__ = ["any_size", "at_size", "decide_any_size", "sizes"]

#: How many concrete sizes the numeric search tries, and the smallest size it starts from.
INSTANCES = 2
SMALLEST = 3
_FACTS = ("integer", "even", "odd", "positive", "nonnegative", "negative", "nonpositive", "nonzero")

#: Decides one concrete-size statement numerically: (lhs, rhs, relation, conditions, symbols, seed, whole),
#: with the probe's few points only (whole False) or the whole search (True).
NumericDecider = Callable[[Any, Any, str, Sequence[sympy.Basic], Sequence[sympy.Symbol], str, bool], Verdict]


def _symbolic(value: Any) -> bool:
    return not sympy.sympify(value).is_Integer


def any_size(term: Any) -> bool:
    """True if ``term`` holds a matrix of symbolic size (its own shape or an inner factor's), or a
    MatrixSymbol of any size (a matrix of unknown entries)."""
    if not isinstance(term, sympy.Basic) or isinstance(term, MatrixBase):
        return False
    return any(isinstance(node, sympy.MatrixSymbol) or (
        isinstance(node, MatrixExpr) and not isinstance(node, MatrixBase)
        and (any(_symbolic(s) for s in node.shape) or (is_block_matrix(node) and _symbolic(node.count))))
        for node in sympy.preorder_traversal(term))


def _size_symbols(*terms: Any) -> list[sympy.Symbol]:
    found: set[sympy.Symbol] = set()
    for term in terms:
        for node in sympy.preorder_traversal(term):
            if isinstance(node, MatrixExpr) and not isinstance(node, MatrixBase):
                for extent in (*node.shape, *([node.count] if is_block_matrix(node) else [])):
                    found |= {s for s in sympy.sympify(extent).free_symbols if isinstance(s, sympy.Symbol)}
    return sorted(found, key=str)


def _admissible(symbol: sympy.Symbol, value: int) -> bool:
    known = symbol.assumptions0
    number = sympy.Integer(value)
    return all(getattr(number, f"is_{fact}") is True for fact in _FACTS if known.get(fact) is True)


def _extents_are_counts(terms: Sequence[Any], assignment: dict[sympy.Symbol, sympy.Integer]) -> bool:
    """Every shape and block count is a positive integer at this size."""
    for term in terms:
        for node in sympy.preorder_traversal(term):
            if isinstance(node, MatrixExpr) and not isinstance(node, MatrixBase):
                for extent in (*node.shape, *([node.count] if is_block_matrix(node) else [])):
                    value = sympy.sympify(extent).xreplace(assignment)
                    if not (value.is_Integer and value > 0):
                        return False
    return True


def sizes(*terms: Any, conditions: Sequence[sympy.Basic] = ()) -> list[dict[sympy.Symbol, sympy.Integer]]:
    """The concrete sizes to try: each size symbol at its smallest admissible values from 3 up."""
    symbols = _size_symbols(*terms)
    if not symbols:
        return []
    candidates = [[v for v in range(SMALLEST, SMALLEST + 16) if _admissible(s, v)][:INSTANCES + 1] for s in symbols]
    found: list[dict[sympy.Symbol, sympy.Integer]] = []
    for values in sorted(itertools.product(*candidates), key=lambda vs: (max(vs), vs)):
        assignment = {s: sympy.Integer(v) for s, v in zip(symbols, values, strict=True)}
        held = [sympy.sympify(c).xreplace(assignment) for c in conditions]
        if any(h is sympy.false for h in held) or not _extents_are_counts(terms, assignment):
            continue
        found.append(assignment)
        if len(found) == INSTANCES:
            break
    return found


def _entries(symbol: sympy.MatrixSymbol) -> ImmutableMatrix:
    rows, cols = (int(n) for n in symbol.shape)
    name = str(symbol.name)

    def entry(r: int, c: int) -> sympy.Symbol:
        return sympy.Symbol(f"{name}_{r}" if cols == 1 else f"{name}_{r}_{c}", real=True)

    return ImmutableMatrix(rows, cols, entry)


def _explicit(term: Any) -> Any:
    if isinstance(term, MatrixBase):
        return ImmutableMatrix(term)
    if isinstance(term, sympy.MatrixSymbol):
        return _entries(term)
    if isinstance(term, BlockDiagonal):
        return ImmutableMatrix(sympy.diag(*(_explicit(b) for b in term.blocks())))
    if isinstance(term, BlockColumn):
        return ImmutableMatrix(sympy.Matrix.vstack(*(_explicit(b) for b in term.blocks())))
    if isinstance(term, sympy.Identity):
        return ImmutableMatrix(sympy.eye(int(term.rows)))
    if isinstance(term, sympy.ZeroMatrix):
        return ImmutableMatrix(sympy.zeros(int(term.rows), int(term.cols)))
    if isinstance(term, sympy.Transpose):
        return ImmutableMatrix(_explicit(term.arg).T)
    if isinstance(term, sympy.MatAdd):
        return ImmutableMatrix(functools.reduce(operator.add, (_explicit(a) for a in term.args)))
    if isinstance(term, sympy.MatMul):
        return ImmutableMatrix(functools.reduce(operator.mul, (_explicit(a) for a in term.args)))
    if isinstance(term, sympy.MatPow) and term.exp.is_Integer and term.exp >= 0:
        return ImmutableMatrix(_explicit(term.base) ** int(term.exp))
    if isinstance(term, MatrixElement):
        return _explicit(term.parent)[int(term.i), int(term.j)]
    if isinstance(term, MatrixExpr):
        raise ValueError(f"{type(term).__name__} cannot be written out at a concrete size")
    if isinstance(term, sympy.Basic) and term.args:
        return term.func(*(_explicit(a) for a in term.args))
    return term


def at_size(term: Any, assignment: dict[sympy.Symbol, sympy.Integer]) -> Any:
    """``term`` at a concrete size: every matrix written out, every MatrixSymbol a matrix of real unknowns."""
    return _explicit(term.xreplace(assignment))


def _where(assignment: dict[sympy.Symbol, sympy.Integer]) -> str:
    return ", ".join(f"{s} = {v}" for s, v in assignment.items()) or "the stated size"


def decide_any_size(lhs: Any, rhs: Any, relation: str, conditions: Sequence[sympy.Basic], *, seed: str,
                    numeric: NumericDecider, probe: bool = True) -> Verdict:
    """Decide a claim about matrices of any size: a counterexample at a concrete size refutes it, the
    rules of :mod:`.matrix_algebra` prove it for every size, anything else is evidence only."""
    if relation != "==":
        return Verdict("unknown", method="matrix algebra", reason="matrices are only compared with '='")
    # No size symbol (MatrixSymbols of concrete shapes): the one size there is.
    assignments = sizes(lhs, rhs, conditions=conditions) if _size_symbols(lhs, rhs) else [{}]
    evidence: list[tuple[dict[sympy.Symbol, sympy.Integer], Verdict]] = []

    def search(whole: bool) -> Verdict | None:
        for assignment in assignments:
            left, right = at_size(lhs, assignment), at_size(rhs, assignment)
            held = [c for c in (sympy.sympify(c).xreplace(assignment) for c in conditions) if c is not sympy.true]
            found: set[sympy.Basic] = set()
            for side in (left, right, *held):
                found |= side.free_symbols
            symbols = sorted((s for s in found if isinstance(s, sympy.Symbol)), key=str)
            verdict = numeric(left, right, relation, held, symbols, f"{seed}/{_where(assignment)}", whole)
            if verdict.status == "refuted":
                return replace(verdict, counterexample={**assignment, **(verdict.counterexample or {})},
                               reason=f"at {_where(assignment)}: {verdict.reason}")
            evidence.append((assignment, verdict))
        return None

    # A probe at each size first (a false claim is refuted before any algebra), then the rules of
    # matrix algebra, then the whole search where they did not prove it.
    refuted = search(whole=False) if probe else None
    if refuted is not None:
        return refuted
    # As for scalars (.definedness): a side that may be undefined at an admissible point (an entry,
    # a coefficient or a block with a pole) is never proven, whatever the algebra says.
    undefined = undefined_parts([lhs, rhs], conditions)
    method = None if undefined else prove_matrix_identity(lhs, rhs, conditions)
    if method is not None:
        points = sum(v.points_checked for _, v in evidence)
        return Verdict("proven", method=method, points_checked=points,
                       reason=f"lhs - rhs reduced to 0 by {method}, for matrices of every size")
    evidence.clear()
    refuted = search(whole=True)
    if refuted is not None:
        return refuted
    points = sum(v.points_checked for _, v in evidence)
    where = "; ".join(_where(a) for a, _ in evidence) or "no admissible size"
    status: Status = "checked" if evidence and all(v.status == "checked" for _, v in evidence) else "unknown"
    why = undefined[0] if undefined else "no rule of matrix algebra closed the gap"
    return Verdict(status, method="falsifier", points_checked=points,
                   reason=f"not proven for every size ({why}); "
                          f"agrees at {points} points at the sizes {where} (mpmath)")
