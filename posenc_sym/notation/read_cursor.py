"""The reader's state over the tokens of one formula: where it is, what is declared, and the
arithmetic of what it has read (shapes checked), for the modules of :mod:`.read`.

:class:`Cursor` holds the tokens, the :class:`Scope` and the indices of sums being read, and
declares the grammar's entry points (``expression``, ``term``, ``factor``, ``script``, ``atom``)
that :class:`~.read_grammar.Parser` implements. The atoms (:mod:`.read_atoms`,
:mod:`.read_names`, :mod:`.read_commands`) and the guards (:mod:`.read_guards`) are written
against this class, so they call the grammar without importing it.
"""

from __future__ import annotations

from typing import Protocol, TypeAlias

import sympy
from sympy.functions.elementary.complexes import transpose
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_tokens import Token, Unreadable
from .vocabulary import MULTIPLY, READ_RELATIONS

__all__ = ["Cursor", "Scope", "Term", "is_matrix"]

Term: TypeAlias = sympy.Expr | ImmutableMatrix

# Tokens that end a factor rather than start one.
_STOPS = frozenset({"\\\\", "\\end", "\\in", "\\pm", "\\mp", "\\}", "\\rangle", "\\rceil", "\\rfloor", *READ_RELATIONS,
                    *MULTIPLY})


class Scope(Protocol):
    """What the reader needs to know of the declarations in force."""

    def lookup(self, name: str) -> Term | None:
        """The declared symbol, or the value of a definition, named ``name`` (``omega``, ``d_model``)."""

    def words(self) -> frozenset[str]:
        """Every name a run of letters may be made of (symbol bases, notation heads, functions)."""

    def is_indexed(self, head: str) -> bool:
        """True if ``head`` is a notation with subscript parameters (``PE``, ``omega``)."""

    def apply(self, head: str, args: tuple[sympy.Expr, ...]) -> Term:
        """The indexed notation at these subscript arguments; ValueError (with the reason) if none fits."""

    def is_function(self, name: str) -> bool:
        """True if ``name`` is a declared function such as ``R(x)``."""

    def call(self, name: str, args: tuple[Term, ...]) -> Term:
        """The declared function applied to ``args``; ValueError (with the reason) if it does not fit."""

    def note(self, key: str, text: str) -> None:
        """Hear of a reading the reader made by a convention (``read ⟨a, b⟩ as aᵀb``), said once."""

    def bar(self, base: str | None) -> str:
        """How a bar reads over the name ``base`` (``\\bar{k}``) or, for None, over a formula
        (``\\overline{k e^{in\\theta}}``): ``"conjugate"`` (the complex conjugate), ``"name"`` (the name k̄
        of its own, a mean), or else the reason it is refused, naming both readings."""

    def bold(self, head: str, args: tuple[sympy.Expr, ...], *, written_bold: bool = True) -> str | None:
        """The name a bold ``head`` with these subscript arguments stands for where it cannot be the notation
        ``head`` (``\\boldsymbol{p}_i`` beside the components ``p_{k,2i}``, ``p_{k,2i+1}``: no pattern has one
        argument), or None to read it as ``head``, as every other bold name is; ``written_bold`` False for the same
        name written plain (``p_i``, the vector, beside ``p_{i,2t}``)."""

    def digit_labels(self, base: str) -> bool:
        """True if the text writes ``base^1`` (a first power nobody writes): then a digit over ``base`` is a label
        (``q_m^1``, ``q_m^2``: the two components of q_m), never a power."""

    def undeclared(self, name: str, args: tuple[sympy.Expr, ...] | None = None) -> Term | None:
        """A reading of a name nothing declares, or None to refuse it (the reader then says it is
        not declared). ``args`` are the values of its subscript when that is a formula
        (``\\lambda_{m+1}``: ``lambda`` at ``(m + 1,)``); None for a plain name (``pos``, ``d_model``)."""


def is_matrix(value: object) -> bool:
    """True for an explicit matrix (what the reader builds from a matrix environment)."""
    return isinstance(value, MatrixBase)


class Cursor:
    """Token access, the reader's state, and arithmetic with shapes checked."""

    def __init__(self, tokens: list[Token], scope: Scope, end: int) -> None:
        self.tokens = tokens
        self.scope = scope
        self.index = 0
        self.end = end
        self.bound: dict[str, sympy.Symbol] = {}
        self.closed: set[str] = set()  # indices of sums already read: the same name after them is ambiguous
        self.in_bars = 0
        #: What must not be zero for the formula to be defined (divisors, bases of negative powers,
        #: cos under tan, ...): SymPy cancels sin(x)/sin(x) to 1 when it builds the quotient, so the
        #: reader keeps the divisor for the checker to see that x = 0 is not a point of the claim.
        self.nonzero: list[sympy.Expr] = []
        #: Relations the formula states rather than claims (a condition of cases, the point of an
        #: evaluation bar): (relation, left, right, offset, what it is), for the checker to show.
        self.stated: list[tuple[str, Term, Term, int, str]] = []
        #: The rows typed as ``[a, b, …]`` (plain-text notes' vectors), which a matrix before them multiplies as the
        #: column they mean (``R(\\theta) [x, y]``); kept as objects, compared by identity.
        self.typed_rows: list[ImmutableMatrix] = []

    # -- the grammar (read_grammar.Parser) -------------------------------------------------
    def expression(self) -> Term:
        raise NotImplementedError

    def term(self) -> Term:
        raise NotImplementedError

    def factor(self) -> Term:
        raise NotImplementedError

    def script(self, *, split_digits: bool = False) -> Term:
        raise NotImplementedError

    def atom(self) -> Term:
        raise NotImplementedError

    def tuple_rest(self, opening: Token, first: Term) -> Term:
        """The rest of a tuple ``(a, b, …)`` after its first entry, the ``,`` at the cursor (:mod:`.read_tuples`)."""
        raise NotImplementedError

    def written_tuple(self, value: Term) -> str | None:
        """``(a, b)`` as written if ``value`` is a tuple no context has made a vector yet, else None."""
        return None

    def vector_meant(self, value: Term) -> Term:
        """``value`` where a vector is meant (a side of ⟨a, b⟩): a tuple there is a column (:mod:`.read_tuples`)."""
        return value

    # -- token access ------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> Token | None:
        i = self.index + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise Unreadable("the formula ends too early", self.end)
        self.index += 1
        return token

    def here(self) -> int:
        token = self.peek()
        return token.pos if token is not None else self.end

    def take(self, text: str) -> bool:
        token = self.peek()
        if token is not None and token.text == text:
            self.index += 1
            return True
        return False

    def require(self, text: str) -> Token:
        token = self.peek()
        if token is None or token.text != text:
            found = f"'{token.text}'" if token is not None else "the end"
            raise Unreadable(f"expected '{text}' but found {found}", self.here())
        return self.next()

    def at_relation(self) -> bool:
        token = self.peek()
        return token is not None and token.text in READ_RELATIONS

    def expect_end(self) -> None:
        token = self.peek()
        if token is not None and token.text == ":":
            raise Unreadable("':' (as in a := b) is not read; put a definition in a let declaration", token.pos)
        if token is not None:
            raise Unreadable(f"cannot read '{token.text}' here", token.pos)

    def starts_factor(self, token: Token | None) -> bool:
        if token is None or token.text in _STOPS:
            return False
        if token.text in ("|", "\\Vert"):
            return self.in_bars == 0
        return token.kind in ("letter", "num", "word", "cmd") or token.text in ("(", "[", "{")

    # -- arithmetic with shapes checked -----------------------------------------------------
    def add(self, left: Term, right: Term, pos: int) -> Term:
        if is_matrix(left) != is_matrix(right):
            raise Unreadable("a matrix plus a scalar has no meaning; check the terms of this sum", pos)
        if is_matrix(left) and left.shape != right.shape:
            raise Unreadable(f"matrices of shapes {left.shape} and {right.shape} cannot be added", pos)
        return ImmutableMatrix(left + right) if is_matrix(left) else left + right

    def mul(self, left: Term, right: Term, pos: int) -> Term:
        if is_matrix(left) and is_matrix(right):
            if left.shape[0] == left.shape[1] > 1 and right.shape[0] == 1 and left.shape[1] == right.shape[1] and \
                    any(right is row for row in self.typed_rows):  # a square matrix only: [a, b][c, d] stays refused
                right = right.T  # R(θ) [x, y]: the typed row is the column a matrix before it can only mean
                self.scope.note("row as column", "read a typed row [a, b, …] after a matrix as the column it "
                                                 "multiplies")
            if left.shape[1] != right.shape[0]:
                raise Unreadable(f"matrices of shapes {left.shape} and {right.shape} cannot be multiplied", pos)
            return ImmutableMatrix(left * right)
        matrix = left if is_matrix(left) else right if is_matrix(right) else None
        other = right if matrix is left else left
        if matrix is not None and getattr(other, "is_commutative", True) is False:
            # W R(θ) = R(θ) W: a name that may be a matrix beside a matrix written out. As a number it commutes with
            # it (the row was "proven"); read as a square matrix of unknown entries, what holds for every such matrix
            # holds for a number too (w is w·I), so the row is proven only where it holds either way
            size = matrix.shape[0] if matrix is right else matrix.shape[1]
            square = unknown_square(other, size)
            if square is None:
                names = ", ".join(sorted(str(s) for s in other.free_symbols if not s.is_commutative))
                raise Unreadable(f"{names} may be a number or a matrix beside the {matrix.shape[0]}×"
                                 f"{matrix.shape[1]} matrix it multiplies; declare it (assume {names} real for a "
                                 "number, or let it be the matrix it is)", pos)
            left, right = (square, right) if matrix is right else (left, square)
            return ImmutableMatrix(left * right)
        try:
            return ImmutableMatrix(left * right) if is_matrix(left) or is_matrix(right) else left * right
        except (NotImplementedError, TypeError, ValueError):
            # R_m (a name that may be a matrix) times a vector of d entries written by its pattern: SymPy has
            # no product of a non-commuting name and a matrix of symbolic size
            raise Unreadable("a name that may be a matrix times a vector or matrix of symbolic size is not read; "
                             "define the name", pos) from None

    def divide(self, numerator: Term, denominator: Term, pos: int) -> Term:
        divisor = self.scalar(denominator, pos, "division by a matrix")
        if divisor == 0:
            raise Unreadable("division by zero", pos)
        self.must_not_vanish(divisor)
        return ImmutableMatrix(numerator / divisor) if is_matrix(numerator) else numerator / divisor

    def must_not_vanish(self, value: sympy.Expr) -> None:
        """Record that the formula is defined only where ``value`` is not zero (a number that is not
        zero, and a value that mentions the index of a sum being read, are left out)."""
        if getattr(value, "is_number", False) and value.is_zero is False:
            return
        indices = {s.name for s in getattr(value, "free_symbols", ())} & set(self.bound)
        if not indices and value not in self.nonzero:
            self.nonzero.append(value)

    def scalar(self, value: Term, pos: int, what: str) -> sympy.Expr:
        if is_matrix(value):
            raise Unreadable(f"{what} of a matrix has no meaning here", pos)
        return value


def unknown_square(name: Term, size: int) -> ImmutableMatrix | None:
    """A name that may be a matrix (``W``, ``R_m``), beside a matrix of ``size`` rows it multiplies, as the
    ``size``×``size`` matrix of unknown entries [W]_{jk} it then is; None for anything but one name (or a size of 1).

    >>> unknown_square(sympy.Symbol("W", commutative=False), 2)
    Matrix([
    [[W][1, 1], [W][1, 2]],
    [[W][2, 1], [W][2, 2]]])
    """
    if isinstance(name, sympy.Mul):  # 2W, K R_n: a number times names, each such a matrix, in their order
        coefficient, rest = name.args_cnc()
        squares = [unknown_square(factor, size) for factor in rest]
        if not squares or any(square is None for square in squares):
            return None
        product = ImmutableMatrix(sympy.Mul(*coefficient) * sympy.eye(size))
        for square in squares:
            product = ImmutableMatrix(product * square)
        return product
    if isinstance(name, sympy.Add):  # (X_i + P_i) W_Q: a sum of such matrices, a number as that number times I
        terms = [unknown_square(term, size) if term.is_commutative is False else ImmutableMatrix(term * sympy.eye(size))
                 for term in name.args]
        if any(term is None for term in terms):
            return None
        return ImmutableMatrix(sum(terms[1:], terms[0]))  # type: ignore[arg-type]
    if isinstance(name, (sympy.Transpose, transpose)):  # W^T, W_K^\top
        inner = unknown_square(name.args[0], size)
        return None if inner is None else ImmutableMatrix(inner.T)
    if isinstance(name, sympy.Pow) and name.exp.is_Integer and name.exp > 0:  # W^2
        inner = unknown_square(name.base, size)
        return None if inner is None else ImmutableMatrix(inner ** int(name.exp))
    if size < 2 or not isinstance(name, (sympy.Symbol, sympy.Indexed)):
        return None
    label = str(name).replace("[", "_").replace("]", "").replace(", ", ",")
    entries = sympy.IndexedBase(f"[{label}]")
    return ImmutableMatrix(size, size, lambda j, k: entries[j + 1, k + 1])
