r"""The notation layer: SymPy <-> LaTeX in the field's notation, used by every output and the reader.

- :mod:`.names`: symbol names and their LaTeX, both directions (``omega_i`` <-> ``\omega_{i}``).
- :mod:`.definitions`: :class:`Definition` and :class:`Notation`; ``Notation.expand``
  (:mod:`.expand`) turns a written form (applied notations) into the decided form, matching
  subscripts by :mod:`.patterns`.
- :mod:`.write`: :func:`to_latex`, the printer; :mod:`.matrices` (large matrices by their
  pattern) and :mod:`.numbers` (rounded numbers, escaped text) serve it.

This layer imports nothing above SymPy: the proof layer may use it, and never the other way round.
"""

from .definitions import Definition, Notation, NotationError, as_written
from .write import definition_latex, number_latex, relation_latex, to_latex, value_latex

__all__ = [
    "Definition", "Notation", "NotationError", "as_written", "definition_latex", "number_latex", "relation_latex",
    "to_latex", "value_latex",
]
