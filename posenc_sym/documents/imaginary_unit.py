"""Where ``i`` (or ``j``) is the imaginary unit and where it is the text's index: the words that say so, a section
that has not indexed with i (:mod:`.sections`), a display that writes a complex number and indexes with no i
(:func:`.sections.unit_display`), and where both readings stand, a refusal naming them. A mixin of
:class:`~.scope.DocumentScope`, which holds the state these read (the section, the display, the notes said).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sympy

from ..notation.read import Unreadable

if TYPE_CHECKING:
    from .context import Context
    from .conventions import Conventions

__all__ = ["ImaginaryUnit"]


class ImaginaryUnit:
    """The readings of i and j a document scope makes (see the module)."""

    ctx: Context
    rules: Conventions
    conventional: frozenset[str]
    imaginary_section: int | None
    imaginary_display: int | None
    complex_beside_index: bool
    unindexed_section: int | None

    @property
    def line(self) -> int:  # the scope's line (overridden by DocumentScope's property)
        raise NotImplementedError

    def note(self, key: str, text: str, kind: str = "convention") -> None:
        raise NotImplementedError

    def _convention(self, name: str) -> Any:
        raise NotImplementedError

    def _imaginary_here(self) -> bool:
        """True if ``i`` is the imaginary unit here: the text says so in words from an earlier line on (``below $i$
        denotes the imaginary unit``), or the text's index i (read by a convention or a preset, never declared by the
        author) is another section's (:mod:`.sections`)."""
        declared = self.ctx.lookup("i")
        value = declared if "i" in self.conventional else None if declared is not None else self.rules.symbol("i")
        if self._integer_in_words():
            return False  # "here $i$ is an integer" beside "physicists write $i$ for the imaginary unit": no unit
        if (said := self.rules.imaginary_in_words()) is not None and self.unit_by_words():
            self.note("imaginary:words", f"read i as the imaginary unit from line {said.line} on: the text says so "
                      f"('{said.words}')")
            return True
        if self._integer_in_words():
            return False  # "Let $i$ be a positive integer": the words, not the complex form, say what i is
        index = declared if declared is not None else value  # the author's i too: the display writes the unit
        if self.imaginary_display is not None and isinstance(index, sympy.Symbol) and index.is_integer:
            whose = "i is declared an integer" if declared is not None and "i" not in self.conventional else \
                "the text indexes with i elsewhere"
            self.note("imaginary:display", f"read i as the imaginary unit in a display that writes a complex number "
                      f"with i (e^{{im\\theta}}, \\cos t + i\\sin t) and does not index with i itself (first at line "
                      f"{self.imaginary_display}), though {whose}; a display that also indexes with i is not read")
            return True
        if self.imaginary_section is None:
            return False
        if not (isinstance(value, sympy.Symbol) and value.is_integer):
            return False
        where = f"line {self.imaginary_section}" if self.imaginary_section else "the opening of the text"
        self.note(f"imaginary:{self.imaginary_section}", f"read i as the imaginary unit in the section from {where}: "
                  "the section does not index with i up to here (the index i is another section's); write "
                  "\\mathrm{i} or declare i to read it otherwise")
        return True

    def unit_by_words(self, name: str = "i") -> bool:
        """True if the text's words make ``name`` (i, or j) the imaginary unit here (``Here $i$ is the imaginary unit``,
        from its line on) and the author declared no such name; said nowhere (the caller says what follows from it)."""
        said = self.rules.imaginary_in_words(name)
        declared = self.ctx.lookup(name)
        return said is not None and said.line <= self.line and (declared is None or name in self.conventional)

    def _j_by_words(self) -> bool:
        """True if the words make j the imaginary unit here (``Below $j$ denotes the imaginary unit``), said once."""
        said = self.rules.imaginary_in_words("j")
        if said is None or not self.unit_by_words("j") or self._integer_in_words("j"):
            return False
        self.note("imaginary:j", f"read j as the imaginary unit from line {said.line} on: the text says so "
                  f"('{said.words}'); a sum over j binds a j of its own")
        return True

    def _integer_in_words(self, name: str = "i") -> bool:
        """True if the text's words give ``name`` a parity or a sign (``Let $i$ be a positive integer``) on a line up to
        here: it is then no imaginary unit, whatever form the row writes or other words say."""
        return any(w.mode == "declares" and w.facts and w.line <= self.line for w in self.rules.words(name))

    def _two_readings_of_i(self) -> None:
        """Refuse the index i (read by a convention or a preset, never declared by the author) in a section that has not
        indexed with i up to the row: there i may be another section's index or the imaginary unit, and the two make
        different rows true ((-1)^{2i} = 1 of an index, i^2 = -1 of the unit)."""
        declared = self.ctx.lookup("i")
        value = declared if "i" in self.conventional else None if declared is not None else self.rules.symbol("i")
        said = any(w.mode == "declares" and w.facts for w in self.rules.words("i"))  # "Let $i$ be odd"
        if said or not (isinstance(value, sympy.Symbol) and value.is_integer):
            return
        if self.complex_beside_index:
            raise Unreadable("i has two readings here: the index i (this section indexes with it), or the imaginary "
                             "unit (the row writes a complex number with i, as in \\cos t + i\\sin t); write "
                             "\\mathrm{i} for the imaginary unit, or declare i (assume i integer) for the index", 0)
        where = f"line {self.unindexed_section}" if self.unindexed_section else "the opening of the text"
        raise Unreadable(f"i has two readings here: the text's index i (it indexes with i elsewhere), or the "
                         f"imaginary unit (the section from {where} has not indexed with i up to this row); write "
                         "\\mathrm{i} for the imaginary unit, or declare i (assume i integer) for the index", 0)

