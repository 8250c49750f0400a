r"""Matrix identities of any size, proven by the laws of matrix algebra and block by block.

A claim about matrices of any size (``MatrixSymbol`` q of shape d×1, a block-diagonal ``T_k`` of
d/2 blocks) cannot be compared entry by entry. Each side is rewritten instead, by laws that hold
for every size, into a sum of *words* (products of matrix factors) with scalar coefficients:

* distributivity, scalars commuting with matrices, (AB)ᵀ = BᵀAᵀ, (A + B)ᵀ = Aᵀ + Bᵀ, (Aᵀ)ᵀ = A;
* block by block, and only where the two block structures provably agree (one block size, block
  counts equal as expressions): diag(A_p) diag(B_p) = diag(A_p B_p), diag(A_p)ᵀ = diag(A_pᵀ),
  diag(A_p) col(v_p) = col(A_p v_p), col(u_p)ᵀ diag(A_p) = col(A_pᵀ u_p)ᵀ, col(u_p)ᵀ col(v_p) = Σ_p u_pᵀ v_p.

Two words are the same matrix when their factors are: the same ``MatrixSymbol`` (transposed alike),
or block matrices whose blocks the scalar strategies prove equal for every block index p, 0 ≤ p <
count. The claim is proven when, word by word, the coefficients cancel (scalar strategies again).
Nothing else proves anything: a claim these rules do not close is left to the numeric search.

Rotation blocks B(x) = [[cos x, −sin x], [sin x, cos x]] are multiplied by lemmas that the scalar
strategies prove once (:data:`LEMMAS`): B(a)ᵀB(b) = B(b − a), B(a)B(b) = B(a + b), B(x)ᵀ = B(−x).
A lemma is used only after it is proven, and the method names the lemmas used.

>>> d = sympy.Symbol("d", positive=True, integer=True)
>>> A, B = sympy.MatrixSymbol("A", d, d), sympy.MatrixSymbol("B", d, d)
>>> x = sympy.MatrixSymbol("x", d, 1)
>>> prove_matrix_identity(sympy.Transpose(A * (x + x)) * B, 2 * x.T * A.T * B)
'matrix algebra'
>>> prove_matrix_identity(sympy.Transpose(A * x) * B, x.T * A * B) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from ..errors import EngineSignal
from ..notation.blocks import BlockColumn, BlockDiagonal
from .strategies import prove_zero

__all__ = ["LEMMAS", "Lemma", "OutsideTheRules", "prove_matrix_identity", "rotation", "rotation_angle"]

#: The block index every block is written in here, so that blocks of two sides compare directly.
INDEX = sympy.Dummy("p", integer=True, nonnegative=True)


def rotation(angle: sympy.Expr) -> ImmutableMatrix:
    """B(x), the 2×2 rotation by ``angle`` acting on a column.

    >>> rotation(sympy.pi / 2)
    Matrix([
    [0, -1],
    [1,  0]])
    """
    c, s = sympy.cos(angle), sympy.sin(angle)
    return ImmutableMatrix([[c, -s], [s, c]])


def rotation_angle(block: Any) -> tuple[sympy.Expr, bool] | None:
    """``(x, transposed)`` if ``block`` is B(x) (``transposed`` False) or B(x)ᵀ (True), read off its entries.

    >>> x = sympy.Symbol("x", real=True)
    >>> rotation_angle(rotation(x)), rotation_angle(rotation(x).T), rotation_angle(sympy.eye(2))
    ((x, False), (x, True), None)
    """
    if not (isinstance(block, MatrixBase) and block.shape == (2, 2)):
        return None
    (c1, s1), (s2, c2) = block.tolist()
    if not (isinstance(c1, sympy.cos) and c1 == c2):
        return None
    angle = c1.args[0]
    if s2 == sympy.sin(angle) and s1 == -sympy.sin(angle):
        return angle, False
    if s1 == sympy.sin(angle) and s2 == -sympy.sin(angle):
        return angle, True
    return None


@dataclass(frozen=True)
class Lemma:
    """An identity of 2×2 blocks in the symbols a, b, proven once by the scalar strategies before any use."""

    name: str
    lhs: ImmutableMatrix
    rhs: ImmutableMatrix

    @functools.cached_property
    def holds(self) -> bool:
        return all(prove_zero(e, allow_simplify=False) is not None for e in self.lhs - self.rhs)


_a, _b = sympy.symbols("a b", real=True)
#: The rotation lemmas, cited by the method when used.
LEMMAS = {
    "transposed-product": Lemma(r"$B(a)^\top B(b) = B(b - a)$", rotation(_a).T * rotation(_b), rotation(_b - _a)),
    "product": Lemma(r"$B(a) B(b) = B(a + b)$", rotation(_a) * rotation(_b), rotation(_a + _b)),
    "transpose": Lemma(r"$B(a)^\top = B(-a)$", rotation(_a).T, rotation(-_a)),
}


# --- factors and words --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Plain:
    """A matrix with no structure the rules use: a MatrixSymbol, transposed or not."""

    symbol: sympy.MatrixSymbol
    transposed: bool = False

    def transpose(self) -> _Plain:
        return _Plain(self.symbol, not self.transposed)


@dataclass(frozen=True)
class _Diagonal:
    """diag(F_p), F_p the product of ``factors`` (square blocks in INDEX), ``count`` blocks of ``size``."""

    factors: tuple[ImmutableMatrix, ...]
    count: sympy.Expr
    size: int

    def transpose(self) -> _Diagonal:
        return _Diagonal(tuple(f.T for f in reversed(self.factors)), self.count, self.size)

    def block(self) -> ImmutableMatrix:
        return ImmutableMatrix(functools.reduce(lambda x, y: x * y, self.factors))


@dataclass(frozen=True)
class _Column:
    """(v_p) stacked, v_p a ``size``×1 block in INDEX; ``transposed``: the row (v_p)ᵀ."""

    block: ImmutableMatrix
    count: sympy.Expr
    size: int
    transposed: bool = False

    def transpose(self) -> _Column:
        return replace(self, transposed=not self.transposed)


@dataclass(frozen=True)
class _Identity:
    rows: sympy.Expr

    def transpose(self) -> _Identity:
        return self


_Factor = _Plain | _Diagonal | _Column | _Identity
_Word = tuple[_Factor, ...]
_Terms = list[tuple[sympy.Expr, _Word]]


class OutsideTheRules(EngineSignal):
    """The expression holds something the rules do not cover; nothing is proven (caught here)."""


def _explicit_block(block: Any, index: sympy.Symbol) -> ImmutableMatrix:
    if not isinstance(block, MatrixBase):
        raise OutsideTheRules(f"the block {block} is not explicit")
    return ImmutableMatrix(block.xreplace({index: INDEX}))


def _terms(expr: Any) -> _Terms:
    """``expr`` as a sum of coefficient × word (distributivity and transposes carried out)."""
    if isinstance(expr, sympy.MatrixSymbol):
        return [(sympy.Integer(1), (_Plain(expr),))]
    if isinstance(expr, BlockDiagonal):
        return [(sympy.Integer(1), (_Diagonal((_explicit_block(expr.block, expr.index),), expr.count, expr.size),))]
    if isinstance(expr, BlockColumn):
        return [(sympy.Integer(1), (_Column(_explicit_block(expr.block, expr.index), expr.count, expr.size),))]
    if isinstance(expr, sympy.Identity):
        return [(sympy.Integer(1), (_Identity(expr.rows),))]
    if isinstance(expr, sympy.ZeroMatrix):
        return []
    if isinstance(expr, MatrixBase) and expr.shape == (1, 1):
        return [(expr[0, 0], ())]  # a 1×1 matrix is its number: the word of no factors
    if isinstance(expr, sympy.MatAdd):
        return [term for arg in expr.args for term in _terms(arg)]
    if isinstance(expr, sympy.Transpose):
        return [(c, tuple(f.transpose() for f in reversed(w))) for c, w in _terms(expr.arg)]
    if isinstance(expr, sympy.MatPow) and expr.exp.is_Integer and expr.exp > 0:
        return _terms(sympy.MatMul(*([expr.base] * int(expr.exp))))  # T T, which SymPy writes T²
    if isinstance(expr, sympy.MatMul):
        out: _Terms = [(sympy.Integer(1), ())]
        for arg in expr.args:
            if not getattr(arg, "is_Matrix", False):
                if not isinstance(arg, sympy.Expr) or not arg.is_commutative:
                    raise OutsideTheRules(f"{arg} is not a scalar")
                out = [(c * arg, w) for c, w in out]
                continue
            out = [(c1 * c2, w1 + w2) for c1, w1 in out for c2, w2 in _terms(arg)]
        return out
    raise OutsideTheRules(f"{type(expr).__name__} is not covered by the rules")


# --- blocks -------------------------------------------------------------------------------------

def _same_count(a: sympy.Expr, b: sympy.Expr) -> bool:
    return sympy.expand(a - b) == 0


def _signed_angle(block: Any) -> sympy.Expr | None:
    """y with ``block`` = B(y): B(x) gives x and B(x)ᵀ gives −x (the lemma B(a)ᵀ = B(−a))."""
    found = rotation_angle(block)
    if found is None:
        return None
    angle, transposed = found
    return -angle if transposed else angle


def _reduce_rotations(factors: Sequence[ImmutableMatrix], used: set[str]) -> tuple[ImmutableMatrix, ...]:
    """Adjacent rotation blocks multiplied by the lemmas (each proven before it is used)."""
    if not all(lemma.holds for lemma in LEMMAS.values()):
        return tuple(factors)
    out: list[tuple[ImmutableMatrix, sympy.Expr | None]] = []
    for factor in factors:
        angle = _signed_angle(factor)
        if out and angle is not None and out[-1][1] is not None:
            left, right = rotation_angle(out[-1][0]), rotation_angle(factor)
            left_t, right_t = bool(left and left[1]), bool(right and right[1])
            if left_t and not right_t:
                used.add(LEMMAS["transposed-product"].name)
            else:  # a transposed block read as B(-x) first: the transpose lemma is used too
                used.add(LEMMAS["product"].name)
                if left_t or right_t:
                    used.add(LEMMAS["transpose"].name)
            total = sympy.expand(out[-1][1] + angle)
            out[-1] = (rotation(total), total)
        else:
            out.append((factor, angle))
    return tuple(block for block, _ in out)


def _merge(left: _Factor, right: _Factor, used: set[str]) -> tuple[sympy.Expr, tuple[_Factor, ...]] | None:
    """The product of two adjacent factors by a rule: (coefficient, factors), or None."""
    if isinstance(left, _Identity):
        return sympy.Integer(1), (right,)
    if isinstance(right, _Identity):
        return sympy.Integer(1), (left,)
    if isinstance(left, _Plain) or isinstance(right, _Plain):
        return None
    if left.size != right.size or not _same_count(left.count, right.count):
        return None  # block structures that do not provably agree: no block rule
    merged = _merge_blocks(left, right, used)
    if merged is not None:
        used.add("blocks")
    return merged


def _merge_blocks(left: _Diagonal | _Column, right: _Diagonal | _Column,
                  used: set[str]) -> tuple[sympy.Expr, tuple[_Factor, ...]] | None:
    one = sympy.Integer(1)
    if isinstance(left, _Diagonal) and isinstance(right, _Diagonal):
        factors = _reduce_rotations(left.factors + right.factors, used)
        if len(factors) == 1 and factors[0] == sympy.eye(left.size):  # B(x − x) = B(0) = I, block by block
            return one, (_Identity(left.count * left.size),)
        return one, (_Diagonal(factors, left.count, left.size),)
    if isinstance(left, _Diagonal) and isinstance(right, _Column) and not right.transposed:
        block = _Diagonal(_reduce_rotations(left.factors, used), left.count, left.size).block()
        return one, (_Column(ImmutableMatrix(block * right.block), left.count, left.size),)
    if isinstance(left, _Column) and left.transposed and isinstance(right, _Diagonal):
        block = _Diagonal(_reduce_rotations(right.factors, used), right.count, right.size).block()
        return one, (_Column(ImmutableMatrix(block.T * left.block), left.count, left.size, True),)
    if isinstance(left, _Column) and left.transposed and isinstance(right, _Column) and not right.transposed:
        summand = sympy.expand((left.block.T * right.block)[0, 0])
        return sympy.Sum(summand, (INDEX, 0, left.count - 1)), ()
    return None


def _reduce(coefficient: sympy.Expr, word: _Word, used: set[str]) -> tuple[sympy.Expr, _Word]:
    stack: list[_Factor] = []
    for factor in word:
        stack.append(factor)
        while len(stack) >= 2:
            merged = _merge(stack[-2], stack[-1], used)
            if merged is None:
                break
            scalar, factors = merged
            coefficient *= scalar
            stack[-2:] = list(factors)
    return coefficient, tuple(stack)


# --- comparing words ----------------------------------------------------------------------------

@dataclass
class _Comparer:
    conditions: tuple[sympy.Basic, ...]
    used: set[str] = field(default_factory=set)

    def zero(self, expr: sympy.Expr, count: sympy.Expr | None = None) -> bool:
        conditions = self.conditions if count is None else (*self.conditions, sympy.Lt(INDEX, count))
        return prove_zero(sympy.sympify(expr), conditions=conditions) is not None

    def blocks_equal(self, a: ImmutableMatrix, b: ImmutableMatrix, count: sympy.Expr) -> bool:
        """``a`` and ``b`` (blocks in INDEX) are equal for every block index 0 ≤ p < count."""
        if a.shape != b.shape:
            return False
        ra, rb = _signed_angle(a), _signed_angle(b)
        if ra is not None and rb is not None and self.zero(ra - rb, count):
            return True
        return all(x == y or self.zero(x - y, count) for x, y in zip(a, b, strict=True))

    def same(self, f: _Factor, g: _Factor) -> bool:
        if isinstance(f, _Identity) and isinstance(g, _Diagonal):
            f, g = g, f
        if isinstance(f, _Diagonal) and isinstance(g, _Identity):
            if _same_count(f.count * f.size, g.rows) and self.blocks_equal(f.block(), sympy.eye(f.size), f.count):
                self.used.add("blocks")
                return True
            return False
        if type(f) is not type(g):
            return False
        if isinstance(f, (_Plain, _Identity)):
            return f == g or (isinstance(f, _Identity) and _same_count(f.rows, g.rows))  # type: ignore[union-attr]
        if f.size != g.size or not _same_count(f.count, g.count):  # type: ignore[union-attr]
            return False
        if isinstance(f, _Column) and f.transposed != g.transposed:  # type: ignore[union-attr]
            return False
        block_f = f.block() if isinstance(f, _Diagonal) else f.block
        block_g = g.block() if isinstance(g, _Diagonal) else g.block  # type: ignore[union-attr]
        if self.blocks_equal(block_f, block_g, f.count):
            self.used.add("blocks")
            return True
        return False

    def same_word(self, v: _Word, w: _Word) -> bool:
        return len(v) == len(w) and all(self.same(f, g) for f, g in zip(v, w, strict=True))


def _method(used: Iterable[str]) -> str:
    names = sorted(set(used))
    words = "matrix algebra"
    if "blocks" in names:
        words += "; block by block"
    lemmas = [n for n in names if n != "blocks"]
    if lemmas:
        words += " with the lemma" + ("s " if len(lemmas) > 1 else " ") + " and ".join(lemmas)
    return words


def prove_matrix_identity(lhs: Any, rhs: Any, conditions: Sequence[sympy.Basic] = ()) -> str | None:
    """The method that proves ``lhs = rhs`` for matrices of every size the shapes allow, or None.

    >>> n = sympy.Symbol("n", positive=True, integer=True)
    >>> x = sympy.Symbol("x", real=True)
    >>> R = BlockDiagonal(rotation(x * INDEX), INDEX, n)
    >>> prove_matrix_identity(sympy.Transpose(R) * R, sympy.Identity(2 * n))
    'matrix algebra; block by block with the lemma $B(a)^\\\\top B(b) = B(b - a)$'
    """
    if lhs.shape != rhs.shape:
        return None
    comparer = _Comparer(tuple(conditions))
    try:
        signed = [(c, w) for c, w in _terms(lhs)] + [(-c, w) for c, w in _terms(rhs)]
    except OutsideTheRules:
        return None
    classes: list[tuple[_Word, list[sympy.Expr]]] = []
    for coefficient, word in signed:
        coefficient, word = _reduce(coefficient, word, comparer.used)
        for representative, coefficients in classes:
            if comparer.same_word(representative, word):
                coefficients.append(coefficient)
                break
        else:
            classes.append((word, [coefficient]))
    for _, coefficients in classes:
        if not comparer.zero(sympy.Add(*coefficients)):
            return None
    return _method(comparer.used)
