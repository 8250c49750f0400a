r"""The notation layer: SymPy <-> LaTeX in the field's notation, used by every output and the reader.

- :mod:`.names`: symbol names and their LaTeX, both directions (``omega_i`` <-> ``\omega_{i}``).
- :mod:`.definitions`: :class:`Definition` and :class:`Notation`; ``Notation.expand`` turns a
  written form (applied notations) into the decided form.
- :mod:`.write`: :func:`to_latex`, the printer.

This layer imports nothing above SymPy: the proof layer may use it, and never the other way round.
"""

from .definitions import Definition, Notation, NotationError, as_written
from .write import definition_latex, number_latex, relation_latex, to_latex, value_latex

__all__ = [
    "Definition", "Notation", "NotationError", "as_written", "definition_latex", "number_latex", "relation_latex",
    "to_latex", "value_latex",
]
