"""Rendering checked derivations: LaTeX (documents and fragments), Markdown, Jupyter, figures.

One module a concept: :mod:`.escape` (user text), :mod:`.mathtex` (SymPy to math),
:mod:`.markup` (the LaTeX and Markdown flavours), :mod:`.options` (what a rendering shows),
:mod:`.latex` (a claim, a derivation), :mod:`.document` (whole notes), :mod:`.figures` /
:mod:`.pgf` / :mod:`.figures_mpl` (figures), :mod:`.tex` (running pdflatex), :mod:`.output`
(atomic writes), :mod:`.jupyter` (``_repr_latex_``). Deciding the claims the notes show is the
application's work (:mod:`posenc_sym.app.notes`).
"""

from ..notation.escape import escape_latex, escape_markdown
from .latex import render_claim, render_derivation
from .markup import LATEX, MARKDOWN

__all__ = ["LATEX", "MARKDOWN", "escape_latex", "escape_markdown", "render_claim", "render_derivation"]
