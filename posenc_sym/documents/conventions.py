r"""The conventions every reader of the field's notes assumes, and when each applies.

Real notes carry no declarations. A name nothing declares and the text does not define is read
as a mathematician reads it, and the reading is said once, with the line where it is first made,
so the author sees every assumption a verdict rests on:

- ``e`` is Euler's number; ``\pi`` is π (always);
- ``i`` is an integer index where the text indexes with it (``\omega_i``, ``\sum_{i=0}``), and the
  imaginary unit only where it never does (``\mathrm{i}`` is always the imaginary unit);
- ``t`` and ``pos`` are real positions; ``m`` and ``n`` too, unless the text indexes with them
  (``\mathbf{q}_m``): then they are integer positions;
- ``d`` and ``d_model`` are the width, a positive even integer (``d`` only where it is not an index), of
  either parity where the text's cases are conditioned on its parity (``(d-1)/2 & d \text{ odd}``);
- a letter the text indexes with is an integer index; one that indexes pairs (``2j``, ``2j+1``)
  beside a width is a pair index, ``0 \le j < d/2``.

A ``posenc`` block (or ``% posenc`` comments) overrides any of them: a declared ``e`` is a symbol.

>>> from .survey import survey
>>> rules = Conventions(survey([r"p_{i, 2j} = \sin(i/10000^{2j/d})"]))
>>> [(str(rules.symbol(n)), rules.symbol(n).is_integer) for n in ("i", "j", "d")]
[('i', True), ('j', True), ('d', True)]
>>> rules.conditions("j")
(j >= 0, j < d/2)
>>> rules.text("j")
'read j as a pair index, 0 ≤ j < d/2 (it indexes the pairs 2j, 2j+1)'
>>> rules.symbol("e"), rules.text("e")
(E, "read e as Euler's number")
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import sympy

from ..notation.read import Unreadable, from_latex
from ..notation.read_guards import shown_name
from ..notation.vocabulary import LATEX_GREEK
from .context import Context
from .described import Described, worded
from .places import Cell
from .survey import WIDTH_NAMES, Survey

__all__ = ["POSITIONS", "Convention", "Conventions"]

#: Names read as positions.
POSITIONS = ("t", "pos", "m", "n")
#: Letters a subscript alone never makes integer indices: angles, coordinates, a time.
_NEVER_INDEXED_BY_A_SUBSCRIPT = frozenset({*LATEX_GREEK.values(), "x", "y", "z", "t"})
#: A value that is another name, perhaps shifted by an integer: m = n, n = m - 1.
_SHIFTED_NAME = re.compile(r"(?:([A-Za-z])|\\([A-Za-z]+))(?:\s*[-+]\s*\d+)?")


@dataclass(frozen=True)
class Convention:
    """One assumption the reader made: its words, and the line where it was first needed."""

    key: str
    text: str
    line: int
    #: or "definition": a name the prose defines ("denoting $\\omega_j = …$"); or "condition": an equation the
    #: prose states of a defined name ("where $PE(pos) = 0$"), not a second definition
    kind: str = "convention"
    cell: Cell | None = None  # in a notebook, the cell of that line


def _number(text: str) -> Any:
    """The number ``text`` writes (``512``, ``\\pi``, ``\\sqrt{-1}``), or None if it names anything else."""
    try:
        value = from_latex(text, Context())
    except (Unreadable, ArithmeticError, TypeError, ValueError):
        return None
    return value if isinstance(value, sympy.Expr) and value.is_number else None


class Conventions:
    """The conventions that apply to one document's names, given the roles :mod:`.survey` found."""

    def __init__(self, roles: Survey, width: str | None = None) -> None:
        self.roles = roles
        self.width = width if width is not None else self._width()
        self._made: dict[str, Any] = {}
        self._checking: set[str] = set()  # names whose set values are being checked (m = n, n = m - 1)
        #: (name, the lines its words ended on) -> how the text's words changed its reading, as the report says it
        self._worded: dict[tuple[str, tuple[int, ...]], str] = {}
        self.line = 0  # the line being read: words about a name hold up to the line they end on (Described.until)

    def _width(self) -> str | None:
        """The width the text writes: the one in an exponent (10000^{2i/d}), else the only one."""
        widths = [w for w in WIDTH_NAMES if w in self.roles.widths and self._is_width(w)]
        in_exponent = [w for w in widths if w in self.roles.exponent_widths]
        chosen = in_exponent or widths
        return chosen[0] if len(chosen) == 1 else None

    def _is_width(self, name: str) -> bool:
        return name != "d" or "d" not in self.roles.plain_indices  # \omega_{d/2} is the last pair of the width d

    def applies(self, name: str) -> bool:
        """True if a convention reads ``name`` (a name nothing declares and the text does not define)."""
        return self.symbol(name) is not None

    def symbol(self, name: str) -> Any:
        """What the convention reads ``name`` as (a symbol with its domain, E, I), or None."""
        key = f"{name}@{self._ended(name)}"
        if key not in self._made:
            self._made[key] = self._make(name)
        return self._made[key]

    def _ended(self, name: str) -> tuple[int, ...]:
        """The lines up to here on which the text's words about ``name`` stopped holding."""
        found = self.roles.described.get(name, ())
        return tuple(w.until for w in found if w.until is not None and w.until <= self.line)

    def words(self, name: str) -> list[Described]:
        """The text's words about ``name`` that hold at the line being read."""
        return [w for w in self.roles.described.get(name, ()) if w.until is None or self.line < w.until]

    def note_key(self, name: str) -> str:
        """The key the report says the reading of ``name`` under, once each time words about it stop holding."""
        ended = self._ended(name)
        return f"name:{name}" + (f"@{ended[-1]}" if ended else "")

    def _make(self, name: str) -> Any:
        value = self._reading(name)
        if self.words(name):  # the text's words about the name: "Let $d$ be odd", "$e$ denotes …"
            value, said = worded(name, value, self.words(name))
            if said:
                self._worded[(name, self._ended(name))] = said
        if value is not None and name in self.roles.settings and not self._fits(name, value):
            return None  # Let $e = 3$, for instance $d = 5$: the text's own name, read by no convention
        return value

    def _reading(self, name: str) -> Any:
        """What the convention reads ``name`` as, before the values the text sets it to are considered."""
        if name in self.roles.applied or name in self.roles.vectors:
            return None  # a function or a vector's name (W_q, R_f: a label), never an index or a position
        if name == "e":
            return sympy.E
        if name in self.roles.summed and not self._indexed(name) and name not in self.roles.reals:
            return None  # \sum_{d=1}^{3} d: outside its sum the name is free (neither width nor imaginary unit)
        if name == "i" and not self._indexed(name):
            return None if name in self.roles.ordered else sympy.I  # 0 < i < 1 orders i: no imaginary unit
        if name.startswith("Δ") and self._make(name[1:]) is not None and getattr(self._make(name[1:]), "is_real",
                                                                                   False):
            return sympy.Symbol(name, real=True)  # Δt: a shift of the real position t
        if name in WIDTH_NAMES and self._is_width(name):
            if name in self.roles.parities:  # cases on d's parity say d may be odd: the text's, not the convention's
                return sympy.Symbol(name, integer=True, positive=True)
            return sympy.Symbol(name, even=True, positive=True)
        if name in POSITIONS and not self._indexed(name):
            return sympy.Symbol(name, real=True)
        if name in self.roles.pairs and self.width is not None and self._pair_range(name) is None:
            return None  # x_{2j-1} and x_{2j+1} both: pairs from 0 or from 1? neither is assumed
        if self._indexed(name) and name in self.roles.sequences:
            return None  # R_{m\theta}, and \theta_i too: an index, or the name of a sequence? neither is assumed
        if self._indexed(name) and name != "e":
            nonnegative = self._pair_range(name) is not None
            return sympy.Symbol(name, integer=True, nonnegative=nonnegative or None)
        if name in self.roles.reals or name in self.roles.angled:
            return sympy.Symbol(name, real=True)  # the text says it is real (x \in \mathbb{R}, "a real $x$"), an angle
        return None

    def _indexed(self, name: str) -> bool:
        r"""True if ``name`` is an integer index: the text gives it a range of integers or counts with it (the
        $i$-th) or shifts an index with it (p_{i+\delta}), or indexes with it in a subscript, unless it says
        the name is real, or the name is a Greek letter or x, y, z, t (an angle, a coordinate, a time:
        R_\theta, x_t, \sigma_x label them, nothing makes them integers)."""
        if name in self.roles.reals:
            return False
        if name in self.roles.ranged or name in self.roles.counted or name in self.roles.parities or (
                name in self.roles.shifts and name != "t"):
            return True  # p_{i+\delta}: δ shifts the index i, so it is an integer too
        if name in self.roles.pairs:
            return True  # p_{i,2t}, p_{i,2t+1}: t numbers the pairs, whatever letter it is (a time t is no pair)
        return name in self.roles.indices and name not in _NEVER_INDEXED_BY_A_SUBSCRIPT

    def _fits(self, name: str, value: Any) -> bool:
        """True if every value the text sets ``name`` to lies where the convention reads it (k = 8 for an
        integer index, d = 512 for the width, m = n for a position): a proof for all of them then holds
        at that value too. A constant (e, π, the imaginary unit) is never set to a value by a text that
        means it."""
        if not isinstance(value, sympy.Symbol):  # a constant: set only to itself ($i = \sqrt{-1}$)
            return all(_number(text) == value for text in self.roles.settings[name])
        if name in self._checking:
            return True
        self._checking.add(name)
        try:
            return all(self._fits_one(value, text) for text in self.roles.settings[name])
        finally:
            self._checking.discard(name)

    def _fits_one(self, value: sympy.Symbol, text: str) -> bool:
        shifted = _SHIFTED_NAME.fullmatch(text.strip())
        if shifted is not None:
            other = self._make(shifted.group(1) or LATEX_GREEK.get("\\" + (shifted.group(2) or ""), ""))
            if not isinstance(other, sympy.Symbol) or (value.is_even and other != value) or (
                    value.is_nonnegative and not other.is_nonnegative):
                return False
            return bool(other.is_integer) if value.is_integer else bool(other.is_real)
        number = _number(text)
        if not (isinstance(number, sympy.Expr) and number.is_number and number.is_real):
            return False
        return all(getattr(number, f"is_{fact}") for fact, wanted in value.assumptions0.items()
                   if wanted and fact in ("integer", "even", "positive", "nonnegative", "real"))

    def own_in_words(self, name: str) -> Described | None:
        """The sentence that says what ``name`` is (``Let $e$ denote the number of epochs``), where a convention
        would read it as a constant (e, the imaginary unit) and the words make it the text's own name: then no
        convention reads it (or the facts the words give, ``Let $e$ be an odd integer``, do)."""
        if self._reading(name) not in (sympy.E, sympy.I) or self.symbol(name) is not None:
            return None
        return next((w for w in self.words(name) if w.means == "own"), None)

    def imaginary_in_words(self, name: str = "i") -> Described | None:
        """The sentence that says ``name`` (i, or j as engineers write it) is the imaginary unit (``below $i$ denotes
        the imaginary unit``), if any: it is then the imaginary unit from its line on
        (:meth:`.scope.DocumentScope.lookup`)."""
        return next((w for w in self.words(name) if w.means == "imaginary" and w.mode == "declares"),
                    None)

    def set_by_text(self, name: str) -> bool:
        """True if a convention would read ``name`` but the text sets it to a value outside what the
        convention reads (``Let $e = 3$``, ``for instance $d = 5$``): then no convention reads it."""
        return name in self.roles.settings and self._reading(name) is not None and self.symbol(name) is None

    def conditions(self, name: str) -> tuple[sympy.Basic, ...]:
        """The conditions a convention puts on ``name`` (a pair index's range)."""
        value = self.symbol(name)
        first = self._pair_range(name)
        if not isinstance(value, sympy.Symbol) or first is None or self.width is None:
            return ()
        width = self.symbol(self.width)
        if width is None:  # the text sets its width to a value no convention reads (d = 5): no range from it
            return ()
        return (sympy.Ge(value, first, evaluate=False), sympy.Lt(value, width / 2 + first))

    def _pair_range(self, name: str) -> int | None:
        """Where a pair index starts: 0 for the pairs 2j, 2j+1; 1 for the pairs 2j-1, 2j (RoFormer's
        x_{2i-1}, x_{2i}); None for no pair index, or a text that writes both 2j-1 and 2j+1 (then no
        convention reads j)."""
        if name not in self.roles.pairs or self.width is None:
            return None
        from_one, from_zero = name in self.roles.pairs_from_one, name in self.roles.pairs_from_zero
        return None if from_one and from_zero else 1 if from_one else 0

    def text(self, name: str) -> str:
        """The convention for ``name`` in words, as the report prints it."""
        value = self.symbol(name)
        shown = shown_name(name)
        if (name, self._ended(name)) in self._worded:
            return self._worded[(name, self._ended(name))]
        if value is sympy.E:
            return "read e as Euler's number"
        if value is sympy.I:
            return "read i as the imaginary unit (the text never indexes with i)"
        if name.startswith("Δ"):
            return f"read {name} as a real shift of {name[1:]}"
        if name in WIDTH_NAMES and self._is_width(name):
            if name in self.roles.parities:
                return (f"read {name} as the width, a positive integer of either parity (the text's cases are "
                        "conditioned on its parity)")
            return f"read {name} as the width, a positive even integer"
        first = self._pair_range(name)
        if first is not None and self.width is not None and self.symbol(self.width) is None:
            return (f"read {shown} as a pair index, an integer ≥ {first} (it indexes the pairs of the width "
                    f"{self.width}, which the text sets to a value of its own: no upper bound is read)")
        if first == 0:
            return (f"read {shown} as a pair index, 0 ≤ {shown} < {self.width}/2 (it indexes the pairs 2{shown}, "
                    f"2{shown}+1)")
        if first == 1:
            return (f"read {shown} as a pair index, 1 ≤ {shown} ≤ {self.width}/2 (it indexes the pairs "
                    f"2{shown}-1, 2{shown})")
        if name in self.roles.reals and not self._indexed(name):
            return f"read {shown} as real (the text says so)"
        if name in self.roles.angled and not self._indexed(name):
            return f"read {shown} as a real angle (the text writes it under a rotation it defines by its angle)"
        if name in self.roles.parities and name not in self.roles.indices | self.roles.ranged | self.roles.counted:
            return f"read {shown} as an integer (the text's cases are conditioned on its parity)"
        if self._indexed(name):
            kind = "an integer position" if name in POSITIONS else "an integer index"
            return f"read {shown} as {kind} (the text indexes with it)"
        return f"read {shown} as a real position"
