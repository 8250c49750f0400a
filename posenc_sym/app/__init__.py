"""The use cases of posenc-sym, one module each; the CLI (:mod:`posenc_sym.cli`) is a shell over them.

- :mod:`.verify`: decide the claims of derivation files (the built-in catalogue by default);
- :mod:`.documents`: decide every display of a lecturer's Markdown or LaTeX notes;
- :mod:`.check`: read a table, cache or slope vector (a file or ``module:attribute``) and
  cross-check it against the exact encoding;
- :mod:`.notes`: decide derivations and gather what the notes show; :mod:`.write_notes`: write
  them as LaTeX (a document, fragments, a PDF) or Markdown.

A use case takes typed arguments, returns a typed result and prints nothing: what it has to say
while it runs goes to the callbacks it is given. Nothing is imported here, so that a command
loads only the use case it runs.
"""

__all__: list[str] = []
