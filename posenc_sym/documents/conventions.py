r"""The conventions every reader of the field's notes assumes, and when each applies.

Real notes carry no declarations. A name nothing declares and the text does not define is read
as a mathematician reads it, and the reading is said once, with the line where it is first made,
so the author sees every assumption a verdict rests on:

- ``e`` is Euler's number; ``\pi`` is π (always);
- ``i`` is an integer index where the text indexes with it (``\omega_i``, ``\sum_{i=0}``), and the
  imaginary unit only where it never does (``\mathrm{i}`` is always the imaginary unit);
- ``t`` and ``pos`` are real positions; ``m`` and ``n`` too, unless the text indexes with them
  (``\mathbf{q}_m``): then they are integer positions;
- ``d`` and ``d_model`` are the width, a positive even integer (``d`` only where it is not an index);
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

from dataclasses import dataclass
from typing import Any

import sympy

from ..notation.read_guards import shown_name
from .places import Cell
from .survey import WIDTH_NAMES, Survey

__all__ = ["POSITIONS", "Convention", "Conventions"]

#: Names read as positions.
POSITIONS = ("t", "pos", "m", "n")


@dataclass(frozen=True)
class Convention:
    """One assumption the reader made: its words, and the line where it was first needed."""

    key: str
    text: str
    line: int
    kind: str = "convention"  # or "definition": a name the prose defines ("denoting $\\omega_j = …$")
    cell: Cell | None = None  # in a notebook, the cell of that line


class Conventions:
    """The conventions that apply to one document's names, given the roles :mod:`.survey` found."""

    def __init__(self, roles: Survey, width: str | None = None) -> None:
        self.roles = roles
        self.width = width if width is not None else self._width()
        self._made: dict[str, Any] = {}

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
        if name not in self._made:
            self._made[name] = self._make(name)
        return self._made[name]

    def _make(self, name: str) -> Any:
        if name in self.roles.applied or name in self.roles.vectors:
            return None  # a function or a vector's name (W_q, R_f: a label), never an index or a position
        if name == "e":
            return sympy.E
        if name == "i" and name not in self.roles.indices:
            return sympy.I
        if name.startswith("Δ") and self._make(name[1:]) is not None and getattr(self._make(name[1:]), "is_real",
                                                                                   False):
            return sympy.Symbol(name, real=True)  # Δt: a shift of the real position t
        if name in WIDTH_NAMES and self._is_width(name):
            return sympy.Symbol(name, even=True, positive=True)
        if name in POSITIONS and name not in self.roles.indices:
            return sympy.Symbol(name, real=True)
        if name in self.roles.pairs and self.width is not None and self._pair_range(name) is None:
            return None  # x_{2j-1} and x_{2j+1} both: pairs from 0 or from 1? neither is assumed
        if name in self.roles.indices and name in self.roles.sequences:
            return None  # R_{m\theta}, and \theta_i too: an index, or the name of a sequence? neither is assumed
        if name in self.roles.indices and name != "e":
            nonnegative = self._pair_range(name) is not None
            return sympy.Symbol(name, integer=True, nonnegative=nonnegative or None)
        return None

    def conditions(self, name: str) -> tuple[sympy.Basic, ...]:
        """The conditions a convention puts on ``name`` (a pair index's range)."""
        value = self.symbol(name)
        first = self._pair_range(name)
        if not isinstance(value, sympy.Symbol) or first is None or self.width is None:
            return ()
        width = self.symbol(self.width)
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
        if value is sympy.E:
            return "read e as Euler's number"
        if value is sympy.I:
            return "read i as the imaginary unit (the text never indexes with i)"
        if name.startswith("Δ"):
            return f"read {name} as a real shift of {name[1:]}"
        if name in WIDTH_NAMES and self._is_width(name):
            return f"read {name} as the width, a positive even integer"
        first = self._pair_range(name)
        if first == 0:
            return (f"read {shown} as a pair index, 0 ≤ {shown} < {self.width}/2 (it indexes the pairs 2{shown}, "
                    f"2{shown}+1)")
        if first == 1:
            return (f"read {shown} as a pair index, 1 ≤ {shown} ≤ {self.width}/2 (it indexes the pairs "
                    f"2{shown}-1, 2{shown})")
        if name in self.roles.indices:
            kind = "an integer position" if name in POSITIONS else "an integer index"
            return f"read {shown} as {kind} (the text indexes with it)"
        return f"read {shown} as a real position"
