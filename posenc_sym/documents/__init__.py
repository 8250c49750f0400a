"""Check a document as it is written: ``posenc-sym verify notes.md`` (or ``.tex``), issue 13.

The pipeline, one module a step:

- :mod:`.extract`: declarations and displays of Markdown or LaTeX, with line numbers
  (:mod:`.katex` for a page copied from a KaTeX rendering);
- :mod:`.declarations` and :mod:`.context`: ``assume`` and ``let`` lines into the symbols,
  conditions and notations the reader reads in;
- :mod:`.rows` and :mod:`.claims`: a display's rows read (by :mod:`posenc_sym.notation.read`)
  into links, each with its line;
- :mod:`.decide`: each link decided by the proof engine, the display from its links;
- :mod:`.decide_document`: a whole document, in order; :mod:`.report` and :mod:`.annotate`: what the user
  sees (terminal lines, JSON, the annotated document).
"""
