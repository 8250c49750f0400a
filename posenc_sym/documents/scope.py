r"""The scope a document is read in: what it declares, what its text defines, the conventions for
the rest, and a provisional reading of every other name.

:class:`DocumentScope` is the :class:`~posenc_sym.notation.read.Scope` of a document. A name is,
in this order: declared (``assume``/``let``) or defined by the text (:mod:`.text_definitions`),
both held by the :class:`~.context.Context`; read by a convention (:mod:`.conventions`), which is
recorded with the line where it was first needed; or *undefined*: then it is read provisionally,
so the row is still read and shown, but nothing about it is decided from a value it does not have:

- a plain name is a symbol with no domain (``Symbol("theta")``); it commutes only where the text uses
  it as a number (in an exponent, a subscript, a function's argument), never sets it in bold or
  transposes it, and it is not a capital letter outside the argument of sin, cos, …: anywhere else it
  may be a vector or a matrix (``R`` and ``q_i`` in ``R^i q_i``, ``T`` in ``e^{isT}``);
- a name with an index (``\lambda_{m+1}``, ``\theta_1``) is ``IndexedBase("lambda")[m + 1]``;
- a name written before parentheses (``f(q, m)``) is an undefined function applied.

:func:`undefined_names` lists what in an expression is provisional; :mod:`.decide` decides a row
that holds any only by a proof that holds whatever they are, and never refutes it.

>>> from .survey import survey
>>> from .conventions import Conventions
>>> roles = survey([r"\theta_m = n/\beta^{m-1}", "f(q, m)"])
>>> scope = DocumentScope(Context(), Conventions(roles), roles)
>>> from posenc_sym.notation.read import from_latex
>>> value = from_latex(r"\theta_{m+1} f(q, m) e", scope)
>>> value, sorted(undefined_names(value))
(E*theta[m + 1]*f(q, m), ['f', 'q', 'theta'])
>>> [c.key for c in scope.take_recent()]
['name:m', 'function', 'name:e']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import sympy
from sympy.core.function import AppliedUndef
from sympy.matrices import ImmutableMatrix

from ..notation.read import BAR_OVER_A_FORMULA, Term, Unreadable, from_latex
from ..notation.read_guards import shown_name
from ..notation.vocabulary import FUNCTIONS, GREEK
from .arities import another_arity
from .context import Context
from .conventions import Convention, Conventions
from .imaginary_unit import ImaginaryUnit
from .places import Cell
from .survey import Survey

__all__ = ["DocumentScope", "passing_key", "undefined_names"]

_INDEX = re.compile(r"^(?:[A-Za-z]|[0-9]+|[a-zA-Z]+)$")


class DocumentScope(ImaginaryUnit):
    """Declarations and text definitions (the context), conventions, and provisional names."""

    def __init__(self, ctx: Context, rules: Conventions, roles: Survey) -> None:
        self.ctx = ctx
        self.rules = rules
        self.roles = roles
        self._line = 0  # the line being read, for the conventions it needs
        self.cell: Cell | None = None  # in a notebook, the cell being read
        self.fired: dict[str, Convention] = {}
        self._recent: list[Convention] = []
        self.text_defined: dict[str, Any] = {}  # name -> its TextDefinition (.text_definitions)
        self.seen: set[str] = set()  # the names of every formula read so far
        self.seen_applied: set[str] = set()  # … and those written before parentheses (f of f(q, m)) so far
        self.ranges: list[sympy.Basic] = []  # what ranges the text states (i = 0, 1, …, d/2 - 1) say
        #: index -> the range the text states for it, as written (``1 \le i \le d/2``), and its line: the text's
        #: definitions with that index as a parameter hold there only (see :meth:`apply`)
        self.stated_ranges: dict[sympy.Symbol, tuple[str, int]] = {}
        self.refused: dict[str, int] = {}  # name -> the line of a definition refused (a condition in words)
        #: plain name -> the formula the prose gives it in passing ("the complex number $z = a + bi$"), no definition
        #: a name as written (its :func:`passing_key`) -> the formula the prose gives it in passing ("the complex number
        #: $z = a + bi$"), no definition; None: a formula not read
        self.said_in_prose: dict[str, Term | None] = {}
        #: the prose just before the display being read (its lead-in paragraph), which says whether a second formula
        #: for a defined name redefines it ("we redefine") or is an equation ("the points where"); '' in the prose
        self.lead_in = ""
        #: a convention's symbol -> the value the text binds its name to ("Let $d = 768$"), for every later claim
        self.bound_conventions: dict[sympy.Symbol, Term] = {}
        #: the values an example of the prose gives ("For instance $d_k = 64$"), which a second formula for a defined
        #: name may be written at (:class:`.examples.ExampleValues`)
        self.example_values: Callable[[], dict[sympy.Symbol, Term]] = dict
        #: gives an example's value (symbol, value, line, name as written): a display that sets a free name to a
        #: number ("Take $$m = 5,\ n = 8$$") gives one, as the prose's "with $d = 128$" does
        self.give_example: Callable[[sympy.Symbol, Term, int, str], None] = lambda *_: None
        #: names a convention reads that the prose set with "Let" (Let $d = 2$), by line: free again at "In general"
        self.bound_names: dict[str, int] = {}
        #: The heading line of a section that has not indexed with i yet, where the text's index i is another
        #: section's: i is the imaginary unit there (:mod:`.sections`); None elsewhere.
        self.imaginary_section: int | None = None
        #: names the row being read uses as column vectors, with their length (:mod:`.vector_names`)
        self.vectors: dict[str, int] = {}
        #: an undefined function applied to a matrix, by (name, argument): the number of its opaque value
        self.applied_to_matrices: dict[tuple[str, str], int] = {}
        #: the row writes a complex number with i (cos t + i sin t) in a section that indexes with i: two readings
        self.complex_beside_index = False
        #: The line of the display being read where it writes a complex number with i and does not index with i
        #: itself (:func:`.sections.unit_display`): i is the imaginary unit there; None elsewhere.
        self.imaginary_display: int | None = None
        #: the display being read writes a complex number with j as engineers write the unit (e^{j\pi}) and indexes with
        #: no j itself: where the text's j is an integer index, j has two readings there (refused)
        self.j_complex_display = False
        #: The heading line of a section that has not indexed with i up to the display being read, where the display
        #: writes no exponential in i: i there is the index of another section or the imaginary unit (refused).
        self.unindexed_section: int | None = None
        self.conventional: frozenset[str] = frozenset()  # the names a --notation preset declares (the field's)
        #: the formulas of the sentence's condition the display being read runs on from (:mod:`.leading`), as
        #: written: it restates or computes under the condition, and defines no name it restricts
        self.under_clause: tuple[str, ...] = ()
        self.stating_condition = False  # the display being read is itself a condition's clause ("**For** $$d=2$$,")
        self.in_prose = False  # the display being read stands inside a line of words ("a constant $$s<1$$ scales")
        self.words_before = ""  # the paragraph before it, in a notebook's cell too ("Any periodic function is")

    @property
    def line(self) -> int:
        """The line being read; the conventions read the text's words about a name that hold there."""
        return self._line

    @line.setter
    def line(self, line: int) -> None:
        self._line = self.rules.line = line

    def release_bound_names(self, only: str | None = None) -> None:
        """The names the prose bound with "Let" that a convention reads (the width d), or the name ``only``: read by
        the convention again from here on (a lead-in speaks in general, or a sentence says the name is any value
        again)."""
        for name in [n for n in self.bound_names if only is None or n == only]:
            self.ctx.forget(name)
            self.text_defined.pop(name, None)
            del self.bound_names[name]

    def refuse(self, head: str, shown: str, reason: str, fix: str = "") -> str:
        """Refuse the text's definition of ``head`` (one that holds only under a condition, or one of two
        in a sentence): it is undefined from here on, and no later statement of the text defines it, so
        rows that use it are not decided. What the report says of it, ending with ``fix``."""
        self.ctx.forget(head)
        self.text_defined.pop(head, None)
        self.refused.setdefault(head, self.line)
        fix = fix or (f"write the whole definition as a cases display, {shown} = \\begin{{cases}} … \\end{{cases}}, "
                      "or declare it in a posenc block: let …")
        return f"does not define {shown}: {reason}; rows that use it are not decided ({fix})"

    # -- conventions ------------------------------------------------------------------------
    def note(self, key: str, text: str, kind: str = "convention") -> None:
        """Record a reading the report says once (a convention), at the line being read."""
        if key not in self.fired:
            self.fired[key] = Convention(key, text, self.line, kind, self.cell)
            self._recent.append(self.fired[key])

    def take_recent(self) -> tuple[Convention, ...]:
        """The conventions first made since the last call."""
        recent, self._recent = tuple(self._recent), []
        return recent

    def conditions(self) -> tuple[sympy.Basic, ...]:
        """The conditions of every convention made so far (a pair index's range, unless the text
        states the index's range) and of the ranges the text states."""
        stated = {str(r.lhs) for r in self.ranges if isinstance(r, sympy.Rel)}  # a stated range replaces the pairs'
        names = dict.fromkeys(key[5:].partition("@")[0] for key in self.fired if key.startswith("name:"))
        made = (c for name in names if name not in stated for c in self.rules.conditions(name))
        return (*made, *self.ranges)

    def add_range(self, name: str, first: str, last: str) -> str:
        """Apply a range the text states, ``i = 0, 1, …, d/2 - 1``, to the index ``i``; what it says."""
        try:
            low, high = from_latex(first, self), from_latex(last, self)
            symbol = from_latex(name, self)
        except (Unreadable, ValueError, TypeError, ArithmeticError):
            return f"{name} ranges from {first} to {last} (the range cannot be read, so it is not used)"
        if not (isinstance(symbol, sympy.Symbol) and symbol.is_integer):
            return f"{name} ranges from {sympy.sstr(low)} to {sympy.sstr(high)} (not used: {name} is not an index)"
        try:
            bounds = [sympy.Ge(symbol, low), sympy.Le(symbol, high)]
        except TypeError:  # an end that is not a real number (N, not defined in the text)
            return f"{name} ranges from {sympy.sstr(low)} to {sympy.sstr(high)} (not used: an end is not a real number)"
        self.ranges.extend(bounds)
        self.stated_ranges[symbol] = (f"{' '.join(first.split())} \\le {name} \\le {' '.join(last.split())}", self.line)
        return f"{name} ranges over the integers from {sympy.sstr(low)} to {sympy.sstr(high)}"

    def add_bounds(self, symbol: sympy.Symbol, bounds: tuple[sympy.Basic, ...], shown: str) -> str:
        """Apply the bounds the text writes beside a definition of an index ``symbol`` (``k \\ge 1`` beside
        ``a_k = 2^k``) as its range, ``shown`` as written; what it says."""
        self.ranges.extend(bounds)
        self.stated_ranges[symbol] = (shown, self.line)
        return f"{symbol} ranges over the integers {shown}"

    def _convention(self, name: str) -> Any:
        value = self.rules.symbol(name)
        if value is not None:
            self.note(self.rules.note_key(name), self.rules.text(name))
        elif (own := self.rules.own_in_words(name)) is not None:
            self.note(self.rules.note_key(name), f"read no convention for {name}: the text says what {name} is "
                      f"(line {own.line}: '{own.words}'), so {name} is the text's own name, and a row with it is "
                      "decided only where it holds whatever it is; declare it (assume, let) to read it otherwise")
        elif self.rules.set_by_text(name) or (name == "pi" and name in self.roles.settings):
            shown = "\\pi" if name == "pi" else name
            values = ", ".join(f"{shown} = {v}" for v in self.roles.settings[name])
            self.note(f"name:{name}", f"read no convention for {shown}: the text sets {values}, so {shown} is the "
                      "text's own name, its value from where the text binds it (let, denote, where), elsewhere "
                      "free (an example's value is not used); declare it (assume, let) to read it otherwise")
            if name == "pi":
                return sympy.Symbol("pi", commutative=True)
        return value

    # -- the reader's Scope -----------------------------------------------------------------
    def lookup(self, name: str) -> Term | None:
        if name == "\\pi":  # the constant π, unless the text sets π itself (then its value, or a free name)
            return self.lookup("pi") if "pi" in self.roles.settings else None
        if name == "i" and self._imaginary_here():
            return sympy.I
        if name == "j" and self._j_by_words():
            return sympy.I
        if name == "j" and self.j_complex_display and self.ctx.lookup("j") is None and \
                isinstance(index := self._convention("j"), sympy.Symbol) and index.is_integer:
            raise Unreadable("j has two readings here: the text's index j, or the imaginary unit as engineers write "
                             "it (the display writes a complex number with j, as in e^{j\\pi}); write \\mathrm{i} for "
                             "the unit, say so in words ('$j$ denotes the imaginary unit'), or declare j (assume j "
                             "integer)", 0)
        if name == "i" and (self.unindexed_section is not None or self.complex_beside_index):
            self._two_readings_of_i()
        value = self.ctx.lookup(name)
        if value is not None or self.ctx.is_indexed(name) or self.ctx.is_function(name):
            return value
        return self._convention(name)

    def bar(self, base: str | None) -> str:
        """A bar is the complex conjugate where the text is complex (it writes \\mathrm{i}, \\mathbb{C}, \\Re, the
        imaginary unit i, or declares a complex name): over a formula always, over a name the text also
        writes on its own and does not read as real (``q \\bar{k}`` beside k; then ``\\bar{z} = t - \\mathrm{i}`` is a
        claim about the conjugate, not a definition). Elsewhere, or where a declaration names k̄ (``assume \\bar{k}
        complex``), a bar over a name makes a name of its own (k̄, a mean), and one over a formula is refused."""
        complex_by = self._complex()
        if base is None:
            if not complex_by:
                return BAR_OVER_A_FORMULA
            self.note("bar", f"read a bar over a formula (\\overline{{…}}) as its complex conjugate (the text is "
                      f"complex: it writes {complex_by})")
            return "conjugate"
        barred = base + "bar"
        declared = barred in self.ctx.symbols or (barred not in self.text_defined and (
            barred in self.ctx.values or self.ctx.is_indexed(barred) or self.ctx.is_function(barred)))
        value = self.ctx.lookup(base) if self.ctx.lookup(base) is not None else self.rules.symbol(base)
        real = isinstance(value, sympy.Symbol) and value.is_real is True  # a real variable, not a value the text sets
        written = any(name.partition("_")[0] == base for name in self.roles.unbarred)  # k, or k_1 of \bar{k}_1
        if declared or not complex_by or not written or real:
            return "name"  # \bar{t} of a real position t: its conjugate is t itself, so the bar names another thing
        shown = shown_name(base)
        self.note(f"bar:{base}", f"read \\bar{{{shown}}} as the complex conjugate of {shown} (the text is complex: it "
                  f"writes {complex_by}; and it writes {shown} on its own)")
        return "conjugate"

    def _complex(self) -> str:
        """What makes the text complex, as the report names it, or '' for a text that is not."""
        marks = list(self.roles.imaginary)
        if self.rules.symbol("i") is sympy.I and "i" in self.roles.unbarred:
            marks.append("i, read as the imaginary unit")
        if self.imaginary_section is not None:  # a section's complex form (e^{mi\theta}) reads i as the unit
            marks.append("i, read as the imaginary unit in this section")
        marks += [f"{name}, declared complex" for name in self.ctx.complex_symbols()]
        return marks[0] if marks else ""

    def plain_symbol(self, name: str) -> sympy.Symbol | None:
        """The symbol the plain name ``name`` is read as: its declaration's, else a convention's where nothing declares
        or defines it; None for anything else (an example's value is given to it)."""
        symbol = self.ctx.symbols.get(name)
        if symbol is None and self.is_free(name):
            symbol = self.rules.symbol(name)
        return symbol if isinstance(symbol, sympy.Symbol) else None

    def is_free(self, name: str) -> bool:
        """True if nothing declares ``name`` and the text does not define it (a convention may read it)."""
        return self.ctx.lookup(name) is None and not self.ctx.is_indexed(name) and not self.ctx.is_function(name) \
            and name not in self.text_defined

    def words(self) -> frozenset[str]:
        single = {n for n in self.roles.standalone if len(n) == 1}
        runs = {n for n in self.roles.standalone if len(n) >= 3 and n.isalpha() and not n.startswith(tuple(FUNCTIONS))
                and not letter_then_function(n)}
        known = {n for n in self.roles.standalone if self.rules.applies(n)}
        return self.ctx.words() | frozenset(single | runs | known)

    def is_indexed(self, head: str) -> bool:
        return self.ctx.is_indexed(head)

    def declared_split(self, run: str, split: list[str]) -> bool:
        """True if ``split`` spells ``run`` in names the author declared or the text defined (Euler's e among them),
        while ``run`` itself is none, nor a convention's: then the split is the reading (qke is q·k·e beside declared
        q and k), not a second one."""
        words = self.ctx.words()
        if run in words or self.rules.applies(run):
            return False
        return all(w in words or w in FUNCTIONS or (w == "e" and self.rules.symbol("e") is sympy.E) for w in split)

    def apply(self, head: str, args: tuple[sympy.Expr, ...]) -> Term:
        value = self.ctx.apply(head, args)
        if head in self.text_defined and self.stated_ranges:
            self._within_stated(head, args)
        return value

    def _within_stated(self, head: str, args: tuple[sympy.Expr, ...]) -> None:
        """Refuse a subscript of a notation the text defines that binds an index outside the range the text
        states for it (θ_0 after ``\\theta_i = …, i \\in [1, 2, \\ldots, d/2]``), as a declared range does: the
        notation is not defined there. Inside it, a bound not shown (θ_{i+1}: i + 1 ≤ d/2) holds the row."""
        for binding in self.ctx.bindings(head, args):
            for param, value in binding.items():
                if param not in self.stated_ranges or value == param:
                    continue
                shown, line = self.stated_ranges[param]
                for bound in (r for r in self.ranges if param in r.free_symbols):
                    at = bound.xreplace(binding)
                    if at is sympy.false:
                        defined = ", ".join(dict.fromkeys(d.shown for d in self.text_defined[head].values()))
                        written = ", ".join(sympy.sstr(a) for a in args)
                        raise ValueError(f"{defined} is defined for {shown} only (the range the text states on "
                                         f"line {line}): the subscript ({written}) binds {param} = "
                                         f"{sympy.sstr(value)}, outside it; use a subscript in that range")
                    if at is not sympy.true and at not in self.ctx.bound_conditions:
                        self.ctx.bound_conditions.append(at)

    def is_function(self, name: str) -> bool:
        if self.ctx.is_function(name):
            return True
        known = self.ctx.lookup(name) is not None or self.ctx.is_indexed(name) or self.rules.applies(name)
        return name in self.roles.applied and not known

    def call(self, name: str, args: tuple[Term, ...]) -> Term:
        if self.ctx.is_function(name):
            other = another_arity(self, name, args)  # f(q, m, i) beside f(q, m): another function
            return other if other is not None else self.ctx.call(name, args)
        if any(isinstance(a, sympy.MatrixBase) for a in args):
            # Attention(PX) for a matrix PX: a value of unknown shape, the same for the same argument; a row about it
            # is read, and decided only where it holds whatever the value is
            key = (name, sympy.srepr(args))
            self.applied_to_matrices.setdefault(key, len([k for k in self.applied_to_matrices if k[0] == name]))
            self.note("function of a matrix", f"read {name}(…) of a matrix, which the text does not define, as a "
                      "value of unknown shape (the same argument, the same value)")
            return sympy.Symbol(f"{name}({'·' * (self.applied_to_matrices[key] + 1)})", commutative=False)
        self.note("function", f"read {name}(…), and any name before parentheses that the text does not define, "
                  "as a function applied; a row about one is decided only if it holds whatever the function is")
        return sympy.Function(name, commutative=self._commutative(name))(*args)

    def undeclared(self, name: str, args: tuple[sympy.Expr, ...] | None = None) -> Term | None:
        if args is None and name in self.vectors:  # q beside a rotation, in ⟨R q, R k⟩ (:mod:`.vector_names`)
            return ImmutableMatrix([[sympy.Symbol(f"{name}_{k}")] for k in range(1, self.vectors[name] + 1)])
        base, _, sub = name.partition("_")
        commutative = self._commutative(base)
        if args is not None:
            return sympy.IndexedBase(name, commutative=commutative)[args]
        if sub and "_" not in sub and _INDEX.match(sub) and (len(sub) == 1 or sub.isdigit()):
            index = sympy.Integer(sub) if sub.isdigit() else (self.lookup(sub) or sympy.Symbol(sub))
            return sympy.IndexedBase(base, commutative=commutative)[index]
        return sympy.Symbol(name, commutative=commutative)

    def digit_labels(self, base: str) -> bool:
        if base not in self.roles.digit_labelled:
            return False
        self.note(f"digits:{base}", f"read a digit over {shown_name(base)} as a label, not a power: the text writes "
                  f"{shown_name(base)}^1, a first power nobody writes ({shown_name(base)}^1, {shown_name(base)}^2: "
                  "its components)")
        return True

    def bold(self, head: str, args: tuple[sympy.Expr, ...], *, written_bold: bool = True) -> str | None:
        """A bold name whose subscript has a number of arguments none of the plain notation's definitions has
        (``\\boldsymbol{p}_i`` beside ``p_{k,2i}``, ``p_{k,2i+1}``) cannot be that notation: it is the vector
        (or matrix) of that name, a name of its own (p⃗, kept in its place in a product), said once. A bold
        use with the definitions' number of arguments (``\\mathbf{q}_m`` beside ``q_m = …``) stays the notation."""
        arities = self.ctx.arities(head)
        if not arities or len(args) in arities:
            return None
        shown = shown_name(head)
        counts = " or ".join(str(n) for n in sorted(arities))
        self.note(f"bold:{head}", f"read {'the bold ' if written_bold else ''}{shown} as a vector or matrix of its "
                  f"own, not the {shown} the text defines: its subscripts have {len(args)} "
                  f"argument{'s' if len(args) != 1 else ''}, the definitions' {counts}; declare it to read it "
                  f"otherwise (let \\boldsymbol{{{shown}}}_i = …)")
        return head + "vec"

    def _commutative(self, base: str) -> bool:
        """An undefined name is read as a number only where the text uses it as one (in an exponent, a
        subscript, a function's argument) and never sets it in bold or transposes it; anywhere else it
        may be a vector or a matrix, so it is read noncommutative: a product of such names keeps its order."""
        base = base.partition("_")[0].partition("^")[0].rstrip("'")
        # T in e^{isT} may be a generator (a matrix); B in cos B is an angle
        capital = ((len(base) == 1 and base.isascii() and base.isupper()) or base in GREEK_CAPITALS) and \
            base not in self.roles.angles
        return base in self.roles.scalars and base not in self.roles.vectors and not capital


#: Greek capitals, names of matrices as often as Latin capitals are (Σ a covariance, Λ a diagonal, Ω a generator).
GREEK_CAPITALS = frozenset(name for name in GREEK if name[:1].isupper())


def letter_then_function(run: str) -> bool:
    """True for a run that is one letter and then a function's name (``rcos`` of ``rcos(A+θ)``, ``rsinA``, ``isin``):
    plain-text notes write r·cos so, and nobody names a thing so. ``acos``, ``asin``, ``atan`` stay names: programs
    spell the inverse functions that way.

    >>> letter_then_function("rcos"), letter_then_function("rsinA"), letter_then_function("acos")
    (True, True, False)
    >>> letter_then_function("basin"), letter_then_function("logits"), letter_then_function("rlnx")
    (False, False, False)
    """
    head, rest = run[:1], run[1:]
    function = max((f for f in FUNCTIONS if len(f) >= 3 and rest.startswith(f)), key=len, default=None)
    return head.isalpha() and function is not None and not (head == "a" and function in _INVERSE_BY_A)


#: ``acos``, ``asin``, ``atan``: the inverse functions (arccos, …) as programs spell them, never a·cos.
_INVERSE_BY_A = frozenset(f for f in FUNCTIONS if "arc" + f in FUNCTIONS)


def passing_key(written: str) -> str:
    """A left side as written, spaces dropped: how a formula given in passing is found again (``x_{1}`` is not ``x_1``,
    which at worst leaves a display a definition as before)."""
    return "".join(written.split())


def undefined_names(expr: Any) -> set[str]:
    """The names in ``expr`` read provisionally (see the module docstring): symbols with no domain,
    indexed names, undefined functions."""
    if isinstance(expr, sympy.MatrixBase):
        return set().union(*(undefined_names(e) for e in expr)) if expr else set()
    if not isinstance(expr, sympy.Basic):
        return set()
    found: set[str] = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Indexed):
            found.add(str(node.base.label))
        elif isinstance(node, AppliedUndef):
            found.add(node.func.__name__)
        elif isinstance(node, sympy.Symbol) and not isinstance(node, sympy.Dummy) and not (
                node.is_real or node.is_complex):
            found.add(node.name)
    # [W], the entries of W read as a square matrix (read_cursor.unknown_square), is W to the reader
    return {n[1:-1] if n.startswith("[") and n.endswith("]") else n for n in found}
