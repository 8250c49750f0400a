"""The declarations in force at a point of a document: symbols, conditions, definitions.

:class:`Context` is the :class:`~posenc_sym.notation.read.Scope` the reader reads displays in.
It is built one declaration at a time (:mod:`.declarations`); it grows, so a later display sees
every earlier declaration. Indexed notations (``PE_{(t,2i)}``, ``\\omega_i``) are matched by the
structure of their subscript: a parameter is bound only to a value of its own domain, so
``PE_{(t,2i)}`` never matches ``PE_{(t,2i+1)}`` by taking i = i + 1/2 for an integer i.

>>> import sympy
>>> ctx = Context()
>>> i = ctx.declare("i", {"integer": True})
>>> t = ctx.declare("t", {"real": True})
>>> ctx.define_indexed("PE", (t, 2*i), sympy.sin(t))
>>> ctx.define_indexed("PE", (t, 2*i + 1), sympy.cos(t))
>>> ctx.apply("PE", (t + 1, 2*i + 3))
cos(t + 1)
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import sympy
from sympy.matrices import MatrixBase

from ..notation.definitions import Definition, Notation, NotationError
from ..notation.names import is_plain_name
from ..notation.read import BAR_OVER_A_FORMULA, Term
from ..notation.read_calls import NamedArgument

__all__ = ["Context", "Pattern"]


@dataclass(frozen=True)
class Pattern:
    """One definition of an indexed notation: subscript arguments over ``params``, and the body."""

    args: tuple[sympy.Expr, ...]
    params: tuple[sympy.Symbol, ...]
    body: Term


@dataclass
class Context:
    """Declared symbols, conditions, values, indexed notations and functions (a mutable builder)."""

    symbols: dict[str, sympy.Symbol] = field(default_factory=dict)
    conditions: list[sympy.Basic] = field(default_factory=list)
    values: dict[str, Term] = field(default_factory=dict)
    indexed: dict[str, list[Pattern]] = field(default_factory=dict)
    functions: dict[str, tuple[tuple[sympy.Symbol, ...], Term]] = field(default_factory=dict)
    #: The declared conditions at the subscripts bound since the last reset (ω_{i+1}: i + 1 < d/2):
    #: the notation is defined only there, so a claim using it holds under them (see :meth:`apply`).
    bound_conditions: list[sympy.Basic] = field(default_factory=list)
    #: Indexed notations written as calls, ``PE(pos, 2i) = …``: applied by pattern, as ``PE_{(pos,2i)}`` is.
    called: set[str] = field(default_factory=set)
    #: Declared symbols the text binds to a value ("Let $d = 768$"): read as the value from there on, and the
    #: symbol is that value in every claim decided (see :meth:`bind`).
    bound: dict[str, Term] = field(default_factory=dict)

    # -- the reader's Scope -------------------------------------------------------------
    def lookup(self, name: str) -> Term | None:
        if name in self.bound:
            return self.bound[name]
        return self.symbols.get(name, self.values.get(name))

    def words(self) -> frozenset[str]:
        names = [*self.symbols, *self.values, *self.indexed, *self.functions]
        return frozenset(n.split("_")[0] if "_" in n and n[0] != "_" else n for n in names)

    def is_indexed(self, head: str) -> bool:
        return head in self.indexed

    def is_function(self, name: str) -> bool:
        return name in self.functions or name in self.called

    def apply(self, head: str, args: tuple[sympy.Expr, ...]) -> Term:
        results = []
        for pattern in self.indexed[head]:
            binding = _match(pattern, args)
            if binding is not None:
                results.append(pattern.body.xreplace(binding))
        if not results and all(not getattr(a, "free_symbols", None) for p in self.indexed[head] for a in p.args) and \
                all(getattr(p.body, "is_commutative", False) for p in self.indexed[head]):
            # S_0 = 0 alone (an Abel sum's start): the text gives S at its points only; S_{i+1} is a value it does
            # not give, whatever it is, as for a name nothing defines
            return sympy.IndexedBase(head)[args]
        if not results and any(_match(p, args, unknown_domains=True) is not None for p in self.indexed[head]):
            # PE_{(pos+k, 2i)} with k a name nothing declares (or a vector elsewhere): in the definition's form, but k
            # may not be in its domain; a value the text does not give, whatever it is, never one its definition gives
            return sympy.IndexedBase(head)[args]
        if not results:
            written = ", ".join(sympy.sstr(a) for a in args)
            forms = "; ".join(", ".join(sympy.sstr(a) for a in p.args) for p in self.indexed[head])
            raise ValueError(f"{head} with subscript ({written}) matches no definition ({forms}); write the "
                             "subscript in the form of a definition")
        if any(r != results[0] for r in results[1:]):
            raise ValueError(f"{head} with this subscript matches two definitions that differ")
        for pattern in self.indexed[head]:
            if (binding := _match(pattern, args)) is not None:
                self._check_range(head, args, binding)
        return results[0]

    def bindings(self, head: str, args: tuple[sympy.Expr, ...]) -> list[dict[sympy.Symbol, sympy.Expr]]:
        """The values ``args`` bind the parameters of each definition of ``head`` they match to."""
        return [b for pattern in self.indexed.get(head, ()) if (b := _match(pattern, args)) is not None]

    def _check_range(self, head: str, args: tuple[sympy.Expr, ...],
                     binding: dict[sympy.Symbol, sympy.Expr]) -> None:
        """Refuse a subscript that provably leaves the declared range (ω_{-1} with 0 <= i), and keep
        the declared conditions at one that may not be shown inside it (ω_{i+1}: i + 1 < d/2) in
        :attr:`bound_conditions`, for the claim to be decided under them."""
        written = ", ".join(sympy.sstr(a) for a in args)
        for param, value in binding.items():
            # A bound such as 0 <= i may live in the symbol itself (i nonnegative), not in the conditions.
            for fact, relation in _SIGN_FACTS.items():
                if not getattr(param, f"is_{fact}") or getattr(value, f"is_{fact}") is True:
                    continue
                if getattr(value, f"is_{fact}") is False:
                    raise ValueError(f"{head} with subscript ({written}) binds {param} = {sympy.sstr(value)}, "
                                     f"but {param} is declared {fact}; use a subscript in the declared range")
                if (at := relation(value)) not in self.bound_conditions:
                    self.bound_conditions.append(at)
        for condition in self.conditions:
            at = condition.xreplace(binding)
            if at == condition or at is sympy.true:
                continue
            if at is sympy.false:
                bound = ", ".join(f"{p} = {sympy.sstr(v)}" for p, v in binding.items() if v != p)
                raise ValueError(f"{head} with subscript ({written}) binds {bound}, outside the declared "
                                 f"{sympy.sstr(condition)}; use a subscript in the declared range")
            if at not in self.bound_conditions:
                self.bound_conditions.append(at)

    def note(self, key: str, text: str) -> None:
        return None

    def undeclared(self, name: str, args: tuple[sympy.Expr, ...] | None = None) -> Term | None:
        return None  # only what is declared is read (the document's own reading: see .scope)

    def bold(self, head: str, args: tuple[sympy.Expr, ...], *, written_bold: bool = True) -> str | None:
        return None  # a declared notation is read as declared, bold or not (the document's reading: see .scope)

    def digit_labels(self, base: str) -> bool:
        return False  # declarations say what a superscript is

    def arities(self, head: str) -> frozenset[int]:
        """How many subscript arguments the definitions of the notation ``head`` take (``PE_{(t,2i)}``: 2)."""
        return frozenset(len(pattern.args) for pattern in self.indexed.get(head, ()))

    def bar(self, base: str | None) -> str:
        """A bar over a declared name is the name k̄ (declared or not); over a formula, the conjugate
        where a declared symbol is complex (not real)."""
        if base is not None:
            return "name"
        return "conjugate" if self.complex_symbols() else BAR_OVER_A_FORMULA

    def complex_symbols(self) -> list[str]:
        """The declared symbols that are complex and not real (``assume z complex``)."""
        return [n for n, s in self.symbols.items() if s.is_complex and s.is_real is not True]

    def call(self, name: str, args: tuple[Term, ...]) -> Term:
        if named := [a for a in args if isinstance(a, NamedArgument)]:
            raise ValueError(f"{name} is defined with parameters, by position; the named argument "
                             f"{sympy.sstr(named[0])} matches none of them: pass it by position")
        if name in self.called and name not in self.functions:
            if any(isinstance(a, MatrixBase) for a in args):
                raise ValueError(f"{name} is defined by its arguments' patterns; it is not applied to a matrix")
            return self.apply(name, args)
        params, body = self.functions[name]
        if len(args) != len(params):
            raise ValueError(f"{name} takes {len(params)} argument(s), not {len(args)}")
        return body.xreplace(dict(zip(params, args, strict=True)))

    # -- building ------------------------------------------------------------------------
    def declare(self, name: str, assumptions: Mapping[str, Any]) -> sympy.Symbol:
        """A new symbol (ValueError if the name is taken)."""
        if self.lookup(name) is not None or name in self.indexed or name in self.functions:
            raise ValueError(f"'{name}' is already declared; declare each symbol once")
        symbol = sympy.Symbol(name, **assumptions)
        self.symbols[name] = symbol
        return symbol

    def refine(self, name: str, assumptions: Mapping[str, Any]) -> None:
        """Add assumptions to a declared symbol, everywhere it already appears."""
        old = self.symbols[name]
        merged = {**old.assumptions0, **assumptions}
        new = sympy.Symbol(name, **{k: v for k, v in merged.items() if k in _KEPT})
        if new == old:
            return
        swap = {old: new}
        self.symbols[name] = new
        self.conditions = [c.xreplace(swap) for c in self.conditions]
        self.values = {k: v.xreplace(swap) for k, v in self.values.items()}
        self.indexed = {h: [Pattern(tuple(a.xreplace(swap) for a in p.args),
                                    tuple(s.xreplace(swap) for s in p.params), p.body.xreplace(swap))
                            for p in ps] for h, ps in self.indexed.items()}
        self.functions = {f: (ps, b.xreplace(swap)) for f, (ps, b) in self.functions.items()}

    def refusal(self, name: str, value: Term) -> str:
        """Why the declared symbol ``name`` cannot be ``value`` (``7`` for an even d; ``1/2`` for b > 1), or ""
        where the declarations allow it (or cannot tell: ``d = n`` of an unknown n)."""
        symbol = self.symbols[name]
        for fact in _KEPT:
            if symbol.assumptions0.get(fact) is True and getattr(value, f"is_{fact}", None) is False:
                return f"{name} is declared {fact}, and {sympy.sstr(value)} is not"
        for condition in self.conditions:
            if condition.xreplace({symbol: value}) is sympy.false:
                return f"the declaration says {sympy.sstr(condition)}, which {name} = {sympy.sstr(value)} breaks"
        return ""

    def bind(self, name: str, value: Term) -> None:
        """The text binds the declared symbol ``name`` to ``value`` ("Let $d = 768$"): a later row reads it as
        the value, and every claim is decided with the symbol at the value (:meth:`binding`), also where it
        comes from a declaration made before (``let \\omega_i = 10000^{-2i/d}``). Binding again rebinds."""
        self.bound[name] = value

    def binding(self) -> dict[sympy.Symbol, Term]:
        """The declared symbols the text binds, and their values."""
        return {self.symbols[name]: value for name, value in self.bound.items() if name in self.symbols}

    def define_value(self, name: str, value: Term) -> None:
        if self.lookup(name) is not None or name in self.indexed or name in self.functions:
            raise ValueError(f"let redefines '{name}'; each name is defined once")
        self.values[name] = value

    def define_indexed(self, head: str, args: tuple[sympy.Expr, ...], body: Term, *,
                       beside_symbol: bool = False) -> None:
        """A definition ``head_{args} = body``; the symbols of ``args`` are its parameters. ``beside_symbol``: the
        text's own family θ_i beside a declared plain θ, which the reader reads apart from it (a ``let`` of one
        needs a name of its own)."""
        params = tuple(sorted(set().union(*(a.free_symbols for a in args)), key=str))
        for arg in args:
            _linear_parameter(arg, params)  # raises on a form that cannot be matched
        for old in self.indexed.get(head, []):
            if len(old.args) == len(args) and all(sympy.expand(a - b) == 0 for a, b in zip(old.args, args,
                                                                                             strict=True)):
                raise ValueError(f"let redefines '{head}' for the same subscript; each notation is defined once")
        if self.lookup(head) is not None and head not in self.values and not (beside_symbol and head in self.symbols):
            raise ValueError(f"'{head}' is a declared symbol; an indexed notation needs a name of its own")
        self.indexed.setdefault(head, []).append(Pattern(args, params, body))

    def define_function(self, name: str, params: tuple[sympy.Symbol, ...], body: Term) -> None:
        if name in self.functions or self.lookup(name) is not None:
            raise ValueError(f"let redefines '{name}'; each name is defined once")
        self.functions[name] = (params, body)

    def pattern_of(self, head: str, args: tuple[sympy.Expr, ...]) -> str | None:
        """How ``head_{args}`` stands to the definitions of ``head``: ``"same"`` (one of its patterns,
        ``PE_{(pos,2i)}`` again), ``"instance"`` (a pattern at other values, ``PE_{(pos+k,2i)}``), or None."""
        for pattern in self.indexed.get(head, []):
            if len(pattern.args) == len(args) and all(sympy.expand(a - b) == 0 for a, b in zip(pattern.args, args,
                                                                                                strict=True)):
                return "same"
        if any(_match(pattern, args) is not None for pattern in self.indexed.get(head, [])):
            return "instance"
        return None

    def captured(self, head: str, args: tuple[sympy.Expr, ...]) -> Pattern | None:
        """The definition of ``head`` that ``head_{args}`` would be an instance of only by capturing a name: a
        subscript that is a plain name its formula already uses for something else (``M_i`` after ``M_k =
        [[cos ω_i k, …]]``, whose i is the pair's index, not k); None when there is none."""
        for pattern in self.indexed.get(head, []):
            binding = _match(pattern, args)
            if binding is None:
                continue
            free = pattern.body.free_symbols if isinstance(pattern.body, sympy.Basic) else set()
            if any(isinstance(v, sympy.Symbol) and v != p and v in free for p, v in binding.items()):
                return pattern
        return None

    def forget(self, name: str, args: tuple[sympy.Expr, ...] | None = None) -> None:
        """Drop the definition of ``name`` (only the pattern ``args`` of an indexed notation, when
        given), so that the text may define it again (a later section redefining θ_m)."""
        self.values.pop(name, None)
        self.functions.pop(name, None)
        if args is None:
            self.called.discard(name)
        if name in self.indexed:
            kept = [p for p in self.indexed[name] if args is not None and not (
                len(p.args) == len(args) and all(sympy.expand(a - b) == 0 for a, b in zip(p.args, args,
                                                                                          strict=True)))]
            if kept:
                self.indexed[name] = kept
            else:
                del self.indexed[name]

    def notation(self, leave_out: Collection[str] = ()) -> Notation:
        """The notation layer's view of these declarations, for writing expressions back in the
        document's own shorthands (ω_i where b^{-2i/d} is meant). A definition the layer cannot
        hold (a name it cannot write, a value beside a subscript form) is left out: it then prints
        as its body, which is still what was read; so are the names in ``leave_out`` (those the text
        defines: its p_{i,2j} = sin(i ω_j) would print every sine as some p)."""
        candidates = [(h, p.args, p.body, "subscript") for h, ps in self.indexed.items() for p in ps
                      if p.params and h not in leave_out]
        candidates += [(n, (), v, "value") for n, v in self.values.items()
                       if not isinstance(v, MatrixBase) and is_plain_name(n) and n not in leave_out]
        # The document declared them, so they are its shorthands: the writer uses them.
        notation = Notation(symbols=tuple(self.symbols.values()), conditions=tuple(self.conditions),
                            shorthands=tuple(dict.fromkeys(c[0] for c in candidates)))
        for name, args, body, form in candidates:
            with contextlib.suppress(NotationError, ValueError, TypeError):
                notation = notation.define(Definition(name, args, body, form))  # type: ignore[arg-type]
        return notation

    def copy(self) -> Context:
        return Context(dict(self.symbols), list(self.conditions), dict(self.values),
                       {h: list(p) for h, p in self.indexed.items()}, dict(self.functions), called=set(self.called),
                       bound=dict(self.bound))


_SIGN_FACTS = {"positive": lambda v: v > 0, "nonnegative": lambda v: v >= 0,
               "negative": lambda v: v < 0, "nonpositive": lambda v: v <= 0}
_KEPT = frozenset({"real", "positive", "nonnegative", "integer", "even", "complex", "negative",
                   "nonpositive", "odd", "nonzero"})


def _linear_parameter(arg: sympy.Expr, params: tuple[sympy.Symbol, ...]) -> tuple[sympy.Symbol, sympy.Expr,
                                                                                      sympy.Expr] | None:
    """``(p, c, k)`` with ``arg = c*p + k`` for the one parameter p in ``arg``; None if it holds none."""
    present = [p for p in params if arg.has(p)]
    if not present:
        return None
    if len(present) > 1:
        raise ValueError(f"the subscript {sympy.sstr(arg)} mixes two parameters; give each its own place")
    p = present[0]
    c = sympy.diff(arg, p)
    if c == 0 or c.free_symbols:
        raise ValueError(f"the subscript {sympy.sstr(arg)} is not of the form c*{p} + k; it cannot be matched")
    return p, c, sympy.expand(arg - c * p)


def _match(pattern: Pattern, args: tuple[sympy.Expr, ...], *,
           unknown_domains: bool = False) -> dict[sympy.Symbol, sympy.Expr] | None:
    """How ``args`` bind the parameters of ``pattern``, or None; with ``unknown_domains``, a value with a name of no
    known domain (pos + k: k declared nowhere, or bold elsewhere) may bind a real or integer parameter."""
    if len(args) != len(pattern.args):
        return None
    binding: dict[sympy.Symbol, sympy.Expr] = {}
    for form, actual in zip(pattern.args, args, strict=True):
        linear = _linear_parameter(form, pattern.params)
        if linear is None:
            if sympy.expand(form - actual) != 0:
                return None
            continue
        p, c, k = linear
        value = sympy.expand((actual - k) / c)
        if p in binding and sympy.expand(binding[p] - value) != 0:
            return None
        # The parameter's own domain decides: an integer i is never bound to i + 1/2. With unknown_domains, a name
        # of no known domain (k of pos + k, nothing declares it; or a vector elsewhere, "not real" to SymPy) is taken
        # in the parameter's: i/2 for an integer i still matches nothing (its names' domains are known)
        for fact in ("integer", "real"):
            if not getattr(p, f"is_{fact}") or getattr(value, f"is_{fact}") is True:
                continue
            unknown = {s: sympy.Symbol(s.name, **{fact: True}) for s in value.free_symbols
                       if not s.is_commutative or getattr(s, f"is_{fact}") is None}
            if not unknown_domains or not unknown or getattr(value.xreplace(unknown), f"is_{fact}") is not True:
                return None
        binding[p] = value
    return binding
