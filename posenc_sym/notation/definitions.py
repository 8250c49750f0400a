r"""Notations as values: what a symbol such as ω_i, PE_{(t,2i)}, R(x) or q stands for.

A :class:`Definition` names a notation and gives its body. It has one of three forms, and a
*written* expression holds it applied as follows (these are the objects the writer prints and the
reader builds):

``"subscript"``  ω_i, PE_{(t,2i)}, T_k: ``sympy.Indexed(IndexedBase(name), *indices)``. The
                 parameters are read off the subscript; a subscript may be a pattern such as
                 ``2*i`` or ``2*i + 1`` (several definitions of one name, one per pattern).
``"call"``       R(x), PE(t): an undefined function applied, ``sympy.Function(name)(*args)``.
``"value"``      q, a named constant or vector: ``sympy.Symbol(name)`` (non-commutative for a matrix).

A notation whose body is a matrix is applied as a non-commutative object (``T_k PE(t)`` keeps its
order even when SymPy evaluates the product).

A :class:`Notation` is the context of a document: declared symbols (with their assumptions), the
conditions on them, and the definitions. :meth:`Notation.expand` unfolds every applied notation
into its body, which turns what an author WROTE into the form the engine DECIDES. The unfolding is
definitional, so sound by construction: a subscript matches a definition's pattern only when the
parameter it binds satisfies every assumption of that parameter (``2i + 1`` never matches the
pattern ``2i``, because i + 1/2 is not an integer), and it is then replaced by the body with that
parameter substituted, which is what the definition states. Nothing is solved or simplified.

>>> import sympy
>>> t, k = sympy.symbols("t k", real=True)
>>> i = sympy.Symbol("i", integer=True, nonnegative=True)
>>> b, d = sympy.symbols("b d", positive=True)
>>> omega = Definition("omega", (i,), b ** (-2 * i / d))
>>> pe_sin = Definition("PE", (t, 2 * i), sympy.sin(omega.apply(i) * t))
>>> pe_cos = Definition("PE", (t, 2 * i + 1), sympy.cos(omega.apply(i) * t))
>>> notation = Notation(symbols=(t, k, i, b, d), definitions=(omega, pe_sin, pe_cos))
>>> notation.expand(pe_cos.apply(t + k, 2 * i + 1))
cos((k + t)/b**(2*i/d))
>>> notation.expand(pe_sin.apply(t, 2 * i + 2))
sin(t/b**(2*(i + 1)/d))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .applied import AppliedMatrix
from .expand import expand
from .names import is_plain_name
from .patterns import Form, NotationError, applied_name, bind, check_pattern, is_matrix, param_symbols

__all__ = ["Definition", "Form", "Notation", "NotationError", "applied_name", "as_written"]

Term: TypeAlias = Any  # a SymPy expression or matrix (the proof layer narrows it)

_FORMS: tuple[Form, ...] = ("subscript", "call", "value")


def as_written(text: str, *symbols: sympy.Symbol) -> sympy.Expr:
    """An expression typed as its author wrote it, kept unevaluated (``11*(11 + 22 + 33)``).

    ``symbols`` are the symbols it names, with their assumptions. The text is the derivation's own
    code (Python syntax), parsed by SymPy with ``evaluate=False``; never pass user input here.

    >>> as_written("11*(11 + 22 + 33)")
    11*(11 + 22 + 33)
    >>> Notation().expand(as_written("11*(11 + 22 + 33)"))
    726
    """
    from sympy.parsing.sympy_parser import parse_expr

    expr = parse_expr(text, local_dict={s.name: s for s in symbols}, evaluate=False)
    if not isinstance(expr, sympy.Expr):
        raise NotationError(f"{text!r} is not an expression; write one side of the claim")
    return expr


@dataclass(frozen=True)
class Definition:
    """One notation: ``name`` with parameter patterns ``params`` stands for ``body``.

    ``params`` are the subscript or argument patterns as written: ``(i,)`` for ω_i, ``(t, 2*i)``
    for PE_{(t,2i)}, ``(x,)`` for R(x), ``()`` for a value. A ``"call"`` takes distinct symbols;
    a ``"subscript"`` pattern is a symbol, a constant, or an integer multiple of a symbol plus
    a constant. ``about`` says in words what a computed body (a function of the scheme) gives.

    >>> import sympy
    >>> x = sympy.Symbol("x", real=True)
    >>> R = Definition("R", (x,), sympy.Matrix([[sympy.cos(x), -sympy.sin(x)], [sympy.sin(x), sympy.cos(x)]]),
    ...                form="call")
    >>> R.apply(sympy.pi).is_commutative, R.is_matrix
    (False, True)
    """

    name: str
    params: tuple[sympy.Expr, ...]
    body: Term
    form: Form = "subscript"
    about: str = field(default="", compare=False)  # what a computed body is, in plain ASCII words
    #: Apply an explicit matrix body as a matrix expression (``AppliedMatrix``) rather than a
    #: non-commutative symbol, so that it multiplies with MatrixSymbols (``A p(0)`` for any matrix A).
    as_matrix: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        if not is_plain_name(self.name):
            raise NotationError(f"notation name {self.name!r} must be letters and digits (e.g. 'omega', 'PE')")
        if self.form not in _FORMS:
            raise NotationError(f"{self.name}: form={self.form!r}; use one of {_FORMS}")
        if not self.about.isascii():
            raise NotationError(f"{self.name}: about={self.about!r} must be plain ASCII words (it is set as text in "
                                "LaTeX math); write e.g. 'the slopes of n heads'")
        params = tuple(sympy.sympify(p) for p in self.params)
        object.__setattr__(self, "params", params)
        body = self.body
        if callable(body) and not isinstance(body, sympy.Basic):
            if self.form == "value":
                raise NotationError(f"{self.name}: a computed body (a Python function) needs parameters")
        else:
            object.__setattr__(self, "body", ImmutableMatrix(body) if isinstance(body, MatrixBase)
                               else sympy.sympify(body))
        if self.form == "value" and params:
            raise NotationError(f"{self.name}: a value takes no parameters; use form='subscript' or 'call'")
        distinct = bool(params) and len(set(params)) == len(params)
        if self.form == "call" and not (
                distinct and all(isinstance(p, (sympy.Symbol, sympy.MatrixSymbol)) for p in params)):
            raise NotationError(f"{self.name}: the arguments of a function notation must be distinct "
                                f"symbols, got {params}; write R(x) = ...")
        if self.form == "subscript":
            if not params:
                raise NotationError(f"{self.name}: a subscript notation needs at least one index; "
                                    "use form='value' for a plain name")
            for p in params:
                check_pattern(self.name, p)

    @property
    def is_computed(self) -> bool:
        """True if the body is a function of the scheme (``alibi.slopes``), applied to concrete arguments."""
        return callable(self.body) and not isinstance(self.body, sympy.Basic)

    @property
    def is_matrix(self) -> bool:
        """True if the notation stands for a matrix or vector. A computed body is applied as a scalar
        (commutative): a product of matrices it returns must be written with ``MatMul``."""
        return not self.is_computed and is_matrix(self.body)

    @property
    def signature(self) -> str:
        """How a message names this definition: ``PE_(t,2*i)``, ``R(x)``, ``q``."""
        args = ",".join(str(p) for p in self.params)
        if self.form == "call":
            return f"{self.name}({args})"
        if self.form == "subscript":
            return f"{self.name}_({args})"
        return self.name

    @property
    def parameters(self) -> tuple[sympy.Symbol, ...]:
        """The symbols the patterns bind, in order of first appearance."""
        return param_symbols(self.params)

    def head(self) -> Any:
        """The SymPy object that applications are built from (IndexedBase, Function or Symbol)."""
        commutative = not self.is_matrix
        if self.form == "subscript":
            return sympy.IndexedBase(self.name, commutative=commutative)
        if self.form == "call":
            return sympy.Function(self.name, commutative=commutative)
        # A matrix value is a non-commutative symbol, so that it mixes with applied notations
        # (SymPy's MatrixSymbol does not) and keeps its place in a product.
        return sympy.Symbol(self.name, commutative=commutative)

    @property
    def is_matrix_expression(self) -> bool:
        """True if the body is a matrix expression (of any size, ``T_k = diag(B(-ω_0 k), …)``) rather
        than an explicit matrix: its applications are then matrix expressions of the body's shape."""
        return self.is_matrix and (self.as_matrix or not isinstance(self.body, MatrixBase))

    def apply(self, *args: Any) -> Any:
        """The written application: ``omega.apply(i)`` is ω_i, ``pe.apply(t + k, 2*i)`` is PE_{(t+k,2i)}."""
        if self.form == "value":
            if args:
                raise NotationError(f"{self.name} is a value; it takes no arguments, got {args}")
            if self.is_matrix_expression:
                return sympy.MatrixSymbol(self.name, *self.body.shape)  # read back by its name (patterns.applied_name)
            return self.head()
        if len(args) != len(self.params):
            raise NotationError(f"{self.name} takes {len(self.params)} argument(s), got {len(args)}: {args}")
        if self.is_matrix_expression:
            return AppliedMatrix(self.name, self.form, args, self.body.shape)
        if self.form == "subscript":
            return self.head()[tuple(sympy.sympify(a) for a in args)]
        return self.head()(*args)

    def match(self, args: Sequence[Any]) -> dict[Any, Any] | None:
        """The parameter values for which this definition's patterns give ``args``, or None.

        A pattern ``c*s + e`` binds ``s = (arg - e)/c``; the binding counts only if it is known to
        keep every assumption of ``s`` (so ``2*i + 1`` never matches ``2*i`` with i an integer).

        >>> import sympy
        >>> i = sympy.Symbol("i", integer=True)
        >>> pe = Definition("PE", (2 * i,), i)
        >>> pe.match((2 * i + 2,)), pe.match((2 * i + 1,)), pe.match((sympy.Integer(3),))
        ({i: i + 1}, None, None)
        """
        if len(args) != len(self.params):
            return None
        bound: dict[Any, Any] = {}
        for pattern, arg in zip(self.params, args, strict=True):
            if not bind(pattern, arg if isinstance(arg, MatrixBase) else sympy.sympify(arg), bound):
                return None
        return bound

    def unfold(self, args: Sequence[sympy.Expr]) -> Term | None:
        """The body at ``args`` (parameters substituted all at once), or None if no pattern matches."""
        bound = self.match(args) if self.params else {}
        if bound is None:
            return None
        if self.is_computed:
            concrete = [int(v) if isinstance(v, sympy.Integer) else v for v in (bound[p] for p in self.params)]
            try:
                value = self.body(*concrete)
            except Exception as exc:  # the scheme's own check says what is wrong with the arguments
                raise NotationError(f"{self.name}{tuple(concrete)}: {exc}") from None
            if isinstance(value, (tuple, list)):
                return ImmutableMatrix(value)
            return ImmutableMatrix(value) if isinstance(value, MatrixBase) else sympy.sympify(value)
        if isinstance(self.body, MatrixBase):
            return ImmutableMatrix(self.body.xreplace(bound))
        return self.body.xreplace(bound)


@dataclass(frozen=True)
class Notation:
    """The context of a derivation or a document: symbols, conditions and definitions.

    ``shorthands`` names the definitions the writer prints in place of their bodies (ω_i where
    b^{-2i/d} is meant). It is opt-in: a shorthand replaces every instance of its body, which is
    right for a frequency and wrong for, say, λ_0 = 2π (every 2π would print as λ_0).

    >>> import sympy
    >>> x = sympy.Symbol("x", real=True)
    >>> n = Notation(symbols=(x,)).define(Definition("f", (x,), x ** 2, form="call"))
    >>> n.expand(n.apply("f", x + 1) - 1)
    (x + 1)**2 - 1
    >>> n.define(Definition("f", (x,), x, form="call"))
    Traceback (most recent call last):
    ...
    posenc_sym.notation.patterns.NotationError: f(x) is already defined; choose another name or drop one definition
    """

    symbols: tuple[sympy.Symbol, ...] = ()
    definitions: tuple[Definition, ...] = ()
    conditions: tuple[sympy.Basic, ...] = ()
    shorthands: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "symbols", tuple(self.symbols))
        object.__setattr__(self, "definitions", tuple(self.definitions))
        object.__setattr__(self, "conditions", tuple(sympy.sympify(c) for c in self.conditions))
        names = [s.name for s in self.symbols]
        for s in self.symbols:
            if names.count(s.name) > 1:
                raise NotationError(f"symbol {s.name!r} is declared twice; declare it once with all its assumptions")
        seen: set[tuple[str, Form, tuple[sympy.Expr, ...]]] = set()
        for definition in self.definitions:
            if not isinstance(definition, Definition):
                raise TypeError(f"{definition!r} is not a Definition")
            # PE_{(t,2i)} and PE(t) are told apart by how they are written; one pattern of one form
            # defined twice is a redefinition.
            key = (definition.name, definition.form, definition.params)
            if key in seen:
                raise NotationError(f"{definition.signature} is already defined; "
                                    "choose another name or drop one definition")
            seen.add(key)

    def define(self, *definitions: Definition) -> Notation:
        """This notation with more definitions (a redefinition is an error)."""
        return Notation(self.symbols, self.definitions + definitions, self.conditions, self.shorthands)

    def declare(self, *symbols: sympy.Symbol, conditions: Iterable[sympy.Basic] = ()) -> Notation:
        """This notation with more declared symbols and conditions."""
        return Notation(self.symbols + symbols, self.definitions, self.conditions + tuple(conditions),
                        self.shorthands)

    def lookup(self, name: str) -> tuple[Definition, ...]:
        """Every definition of ``name`` (several for a pattern-matched subscript notation)."""
        return tuple(d for d in self.definitions if d.name == name)

    def symbol(self, name: str) -> sympy.Symbol:
        """The declared symbol called ``name``."""
        for s in self.symbols:
            if s.name == name:
                return s
        raise NotationError(f"symbol {name!r} is not declared; declare it with its assumptions")

    def apply(self, name: str, *args: Any) -> Any:
        """The written application of the notation ``name`` (``n.apply("PE", t + k, 2*i)``)."""
        found = self.lookup(name)
        if not found:
            raise NotationError(f"{name} is not defined; define it before using it")
        return found[0].apply(*args)

    def shorthand_definitions(self) -> tuple[Definition, ...]:
        """The definitions the writer prints in place of their bodies."""
        return tuple(d for d in self.definitions if d.name in self.shorthands and not d.is_computed and not d.is_matrix)

    def used_by(self, *exprs: Any) -> tuple[Definition, ...]:
        """The definitions the written ``exprs`` apply, and those their bodies apply, in order of use.

        >>> import sympy
        >>> x = sympy.Symbol("x", real=True)
        >>> g = Definition("g", (x,), x + 1, form="call")
        >>> f = Definition("f", (x,), g.apply(x) ** 2, form="call")
        >>> [d.name for d in Notation(definitions=(f, g)).used_by(f.apply(2))]
        ['f', 'g']
        """
        found: list[Definition] = []
        pending = list(exprs)
        while pending:
            expr = pending.pop(0)
            terms = list(expr) if isinstance(expr, MatrixBase) else [expr]
            for term in terms:
                if not isinstance(term, sympy.Basic):
                    continue
                for node in sympy.preorder_traversal(term):
                    applied = applied_name(node)
                    if applied is None:
                        continue
                    for definition in self.lookup(applied[1]):
                        if definition.form == applied[0] and definition not in found:
                            found.append(definition)
                            if not definition.is_computed:
                                pending.append(definition.body)
        return tuple(found)

    def expand(self, expr: Any) -> Any:
        """The decided form of a written expression: every applied notation unfolded, every
        ``UnevaluatedExpr`` and ``evaluate=False`` node evaluated the way SymPy evaluates on
        construction. No ``doit``: sums, products, integrals and derivatives stay as they are."""
        return expand(self, expr)


