r"""Block matrices with a symbolic number of blocks: diag(B_0, …, B_{n−1}) and (v_0; …; v_{n−1}).

``T_k`` of the sinusoidal encoding and RoPE's rotation are block-diagonal for every even width d:
d/2 blocks of size 2, block p a function of p. SymPy's ``BlockDiagMatrix`` needs its blocks listed,
so it cannot say "for every d". :class:`BlockDiagonal` holds one block as an expression in an index
``p`` (bound, like a sum's index) and the number of blocks; :class:`BlockColumn` stacks blocks the
same way (``PE(t)``, a column of d/2 pairs). Both are SymPy matrix expressions of their full shape,
so they multiply, add and transpose with other matrices; the block is written (``B(-\omega_p k)``,
a notation applied) or explicit (a 2×2 matrix in ``p``).

>>> import sympy
>>> p = sympy.Symbol("p", integer=True, nonnegative=True)
>>> d = sympy.Symbol("d", even=True, positive=True)
>>> x = sympy.Symbol("x", real=True)
>>> R = BlockDiagonal(sympy.Matrix([[sympy.cos(p * x), -sympy.sin(p * x)], [sympy.sin(p * x), sympy.cos(p * x)]]),
...                   p, d / 2)
>>> R.shape, sorted(map(str, R.free_symbols))
((d, d), ['d', 'x'])
>>> R.subs(d, 4).as_explicit()[2:, 2:]
Matrix([
[cos(x), -sin(x)],
[sin(x),  cos(x)]])
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase
from sympy.matrices.expressions import MatrixExpr

from .written import is_written

__all__ = ["BlockColumn", "BlockDiagonal", "entry_at", "is_block_matrix"]


def _block_and_size(block: Any, size: Any, what: str) -> tuple[Any, sympy.Integer, sympy.Integer]:
    """The block (explicit blocks made immutable), its rows and its columns."""
    if isinstance(block, MatrixBase):
        block = ImmutableMatrix(block)
        rows, cols = block.shape
        if size is not None and int(size) != rows:
            raise ValueError(f"{what}: the block is {rows}×{cols} but size={size}")
        return block, sympy.Integer(rows), sympy.Integer(cols)
    if size is None:
        raise ValueError(f"{what}: give size= for a written block such as {block} (the size of its matrix)")
    return sympy.sympify(block), sympy.Integer(size), sympy.Integer(size)


def _check_index(index: Any, what: str) -> sympy.Symbol:
    if not isinstance(index, sympy.Symbol) or not index.is_integer:
        raise ValueError(f"{what}: the block index {index!r} must be an integer Symbol")
    return index


def _replace_written(expr: Any, mapping: dict[Any, Any]) -> Any:
    """``expr`` with ``mapping`` applied, sums and products rebuilt unevaluated (as written)."""
    if expr in mapping:
        return mapping[expr]
    if isinstance(expr, MatrixBase):
        return ImmutableMatrix(expr.shape[0], expr.shape[1], [_replace_written(e, mapping) for e in expr])
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    args = [_replace_written(a, mapping) for a in expr.args]
    if args == list(expr.args):
        return expr
    if isinstance(expr, (sympy.Add, sympy.Mul)) and is_written(expr):
        return expr.func(*args, evaluate=False)
    return expr.func(*args)


class _Blocks(MatrixExpr):
    """What the two block shapes share: a block in a bound index, and the number of blocks."""

    @property
    def block(self) -> Any:
        return self.args[0]

    @property
    def index(self) -> sympy.Symbol:
        return self.args[1]

    @property
    def count(self) -> sympy.Expr:
        return self.args[2]

    @property
    def size(self) -> int:
        """The rows of one block."""
        return int(self.args[3])

    @property
    def free_symbols(self) -> set[sympy.Basic]:
        # The index is bound: it names the block, it is not a quantity of the claim.
        return (self.block.free_symbols - {self.index}) | self.count.free_symbols

    @property
    def bound_symbols(self) -> list[sympy.Symbol]:
        return [self.index]

    def block_at(self, p: Any) -> Any:
        """Block ``p`` (0-based): the block with the index replaced by ``p``."""
        return self.block.xreplace({self.index: sympy.sympify(p)})

    def block_shown(self, p: Any) -> Any:
        """Block ``p`` for display: a sum or product its author wrote keeps its order, the rest evaluates."""
        return _replace_written(self.block, {self.index: sympy.sympify(p)})

    def blocks(self) -> list[Any]:
        """Every block, for a concrete number of blocks."""
        if not self.count.is_Integer:
            raise ValueError(f"{self} has a symbolic number of blocks ({self.count}); give it a value first")
        return [self.block_at(p) for p in range(int(self.count))]


class BlockDiagonal(_Blocks):
    """diag(B_0, …, B_{n−1}): ``count`` square blocks of ``size`` rows, B_p = ``block`` at ``index`` = p."""

    def __new__(cls, block: Any, index: sympy.Symbol, count: Any, size: Any = None) -> BlockDiagonal:
        block, rows, cols = _block_and_size(block, size, "BlockDiagonal")
        if rows != cols:
            raise ValueError(f"BlockDiagonal: a diagonal block must be square, got {rows}×{cols}")
        return MatrixExpr.__new__(cls, block, _check_index(index, "BlockDiagonal"), sympy.sympify(count), rows)

    @property
    def shape(self) -> tuple[Any, Any]:
        n = self.count * self.size
        return n, n

    def _entry(self, i: Any, j: Any, **kwargs: Any) -> Any:
        size = self.size
        if not (sympy.sympify(i).is_Integer and sympy.sympify(j).is_Integer):
            raise IndexError(f"{self}: entries are taken at integer places")
        (p, r), (q, c) = divmod(int(i), size), divmod(int(j), size)
        if p != q:
            return sympy.Integer(0)
        return self.block_at(p)[r, c]

    def _eval_transpose(self) -> Any:
        if isinstance(self.block, MatrixBase):
            return BlockDiagonal(self.block.T, self.index, self.count)
        return sympy.Transpose(self)


class BlockColumn(_Blocks):
    """(v_0; …; v_{n−1}): ``count`` blocks of ``size`` rows stacked, v_p = ``block`` at ``index`` = p."""

    def __new__(cls, block: Any, index: sympy.Symbol, count: Any, size: Any = None) -> BlockColumn:
        block, rows, cols = _block_and_size(block, size, "BlockColumn")
        if cols != 1:
            raise ValueError(f"BlockColumn: a block of a column has one column, got {rows}×{cols}")
        return MatrixExpr.__new__(cls, block, _check_index(index, "BlockColumn"), sympy.sympify(count), rows)

    @property
    def shape(self) -> tuple[Any, Any]:
        return self.count * self.size, sympy.Integer(1)

    def _entry(self, i: Any, j: Any, **kwargs: Any) -> Any:
        p, r = divmod(int(i), self.size)
        block = self.block_at(p)
        return block[r, 0] if isinstance(block, MatrixBase) else block


def is_block_matrix(term: Any) -> bool:
    """True for a :class:`BlockDiagonal` or a :class:`BlockColumn`."""
    return isinstance(term, _Blocks)


def entry_at(term: Any, i: Any, j: Any) -> Any | None:
    """Entry (i, j) of a column of scalars at a symbolic place, or None where it cannot be named.

    ``x_p`` of a column of angles ``x = m θ`` is ``m θ_p``: a scalar multiple of a block column
    whose blocks are 1×1 (a sum of such, a transpose) has that entry for every p.

    >>> p = sympy.Symbol("p", integer=True, nonnegative=True)
    >>> n, m = sympy.Symbol("n", integer=True, positive=True), sympy.Symbol("m", real=True)
    >>> entry_at(sympy.MatMul(m, BlockColumn(sympy.Matrix([2 ** p]), p, n)), p, 0)
    2**p*m
    """
    if isinstance(term, MatrixBase) and sympy.sympify(i).is_Integer and sympy.sympify(j).is_Integer:
        return term[int(i), int(j)]
    if isinstance(term, BlockColumn) and term.size == 1 and j == 0:
        block = term.block_at(i)
        return block[0, 0] if isinstance(block, MatrixBase) else block
    if isinstance(term, sympy.Transpose):
        return entry_at(term.arg, j, i)
    if isinstance(term, sympy.MatAdd):
        parts = [entry_at(a, i, j) for a in term.args]
        return None if any(v is None for v in parts) else sympy.Add(*parts)
    if isinstance(term, sympy.MatMul):
        scalars = [a for a in term.args if not getattr(a, "is_Matrix", False)]
        matrices = [a for a in term.args if getattr(a, "is_Matrix", False)]
        if len(matrices) == 1:
            inner = entry_at(matrices[0], i, j)
            return None if inner is None else sympy.Mul(*scalars) * inner
    return None
