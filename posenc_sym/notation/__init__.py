r"""The notation layer: SymPy <-> LaTeX in the field's notation, used by every output and the reader.

- :mod:`.vocabulary`: the one LaTeX vocabulary (Greek letters, relations, functions, accents, big
  operators, the Unicode characters of math) that the writer, the reader and the escaper share.
- :mod:`.names`: symbol names and their LaTeX, both directions (``omega_i`` <-> ``\omega_{i}``).
- :mod:`.definitions`: :class:`Definition` and :class:`Notation`; ``Notation.expand``
  (:mod:`.expand`) turns a written form (applied notations) into the decided form, matching
  subscripts by :mod:`.patterns`.
- :mod:`.write`: :func:`to_latex`, the printer; :mod:`.written` (what an author wrote, told from
  what SymPy built), :mod:`.shorthands` (ω_i for its body), :mod:`.matrices` (large matrices by
  their pattern) and :mod:`.numbers` (rounded numbers) serve it.
- :mod:`.read`: :func:`~.read.from_latex`, the reader (its layers are listed in :mod:`.read_grammar`).
- :mod:`.escape`: user text made harmless for LaTeX and Markdown (used by the renderer and the
  document checker, which sit above this layer side by side).

This layer imports nothing above SymPy (and the error root): the proof layer may use it, and never
the other way round.
"""

from .definitions import Definition, Notation, NotationError, as_written
from .write import definition_latex, number_latex, relation_latex, to_latex, value_latex

__all__ = [
    "Definition", "Notation", "NotationError", "as_written", "definition_latex", "number_latex", "relation_latex",
    "to_latex", "value_latex",
]
