"""Check a document as it is written: ``posenc-sym verify notes.md`` (or ``.tex``, ``.ipynb``, ``.qmd``), issue 13.

The pipeline, one module a step:

- :mod:`.source`: the file's format and text, refused when it cannot be read as written (a display
  never closed, no display at all); :mod:`.notebook` for a notebook's cells, :mod:`.places` for
  where a line is (a file line, or a cell and its line);
- :mod:`.extract`: declarations and displays of Markdown or LaTeX, with line numbers
  (:mod:`.markdown` for what in Markdown is not math, :mod:`.macros` for the document's own
  macros, :mod:`.katex` for a page copied from a KaTeX rendering);
- :mod:`.declarations` and :mod:`.context`: ``assume`` and ``let`` lines into the symbols,
  conditions and notations the reader reads in;
- :mod:`.rows` and :mod:`.claims`: a display's rows read (by :mod:`posenc_sym.notation.read`)
  into links, each with its line;
- :mod:`.decide`: each link decided by the proof engine, the display from its links;
- :mod:`.decide_document`: a whole document, in order; :mod:`.report` and :mod:`.annotate`: what the user
  sees (terminal lines, JSON, the annotated document).
"""
