"""The two output flavours of the notes: LaTeX text markup and Markdown (with MathJax math).

The renderer (:mod:`posenc_sym.render.latex`) says *what* to write (a heading, a paragraph,
a display, a chain of steps); a flavour says *how*. Math is LaTeX in both; only the text around
it, its escaping and the way step justifications sit beside the chain differ: pdfLaTeX puts
them in ``\\text{...}`` inside ``align*``, MathJax gets numbered tags and a list below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .escape import escape_latex, escape_markdown
from .mathtex import mathjax_text

__all__ = ["LATEX", "MARKDOWN", "ChainRow", "Flavour"]


@dataclass(frozen=True)
class ChainRow:
    """One line of a derivation chain: ``relation`` (LaTeX) ``expr`` (LaTeX), because ``because`` (text)."""

    relation: str
    expr: str
    because: str
    mark: str = ""  # the link's verdict when it is not "proven", in words


class Flavour:
    """LaTeX markup (the base class); :class:`_Markdown` overrides what differs."""

    name = "latex"

    def text(self, words: str) -> str:
        """Words, escaped; paragraphs (blank lines) kept, other line breaks become spaces."""
        paragraphs = [" ".join(p.split()) for p in words.strip().split("\n\n")]
        return "\n\n".join(escape_latex(p) for p in paragraphs if p)

    def line(self, words: str) -> str:
        """Words on one line (titles, justifications): all whitespace collapses to single spaces."""
        return escape_latex(" ".join(words.split()))

    def heading(self, level: int, title: str, label: str) -> str:
        command = ("section", "subsection", "subsubsection")[level - 1]
        return rf"\{command}{{{self.line(title)}}}\label{{{label}}}"

    def bold(self, markup: str) -> str:
        return rf"\textbf{{{markup}}}"

    def code(self, words: str) -> str:
        return rf"\texttt{{{self.line(words)}}}"

    def emph(self, markup: str) -> str:
        return rf"\emph{{{markup}}}"

    def inline(self, math: str) -> str:
        return f"${math}$"

    def display(self, math: str) -> str:
        # \posencfit (see PREAMBLE) shrinks a display only when it is wider than the line: T_k for
        # d = 8 is an 8 × 8 matrix of cosines, which would otherwise run off the page.
        return "\\begin{equation*}\n\\posencfit{\\linewidth}{" + math + "}\n\\end{equation*}"

    def paragraph(self, lead: str, body: str) -> str:
        return rf"\noindent{self.bold(lead)} {body}".rstrip()

    def bullets(self, items: Sequence[str]) -> str:
        return "\\begin{itemize}\n" + "\n".join(rf"  \item {x}" for x in items) + "\n\\end{itemize}"

    def chain(self, first: str, rows: Sequence[ChainRow]) -> str:
        lines = []
        for n, row in enumerate(rows):
            left = rf"\posencfit{{0.3\linewidth}}{{{first}}}" if n == 0 else ""
            expr = rf"\posencfit{{0.4\linewidth}}{{{row.expr}}}"
            note = self.line(row.because) + (rf" --- \textbf{{{self.line(row.mark)}}}" if row.mark else "")
            # A justification wraps in its own column rather than running off the page.
            because = rf"\parbox[t]{{0.3\linewidth}}{{\raggedright\small {note}}}"
            lines.append(rf"  {left} &{row.relation} {expr} && \text{{{because}}}")
        return "\\begin{align*}\n" + " \\\\\n".join(lines) + "\n\\end{align*}"

    def figure_note(self, words: str) -> str:
        return rf"\noindent\emph{{{self.line(words)}}}"


class _Markdown(Flavour):
    name = "markdown"

    def text(self, words: str) -> str:
        paragraphs = [" ".join(p.split()) for p in words.strip().split("\n\n")]
        return "\n\n".join(escape_markdown(p) for p in paragraphs if p)

    def line(self, words: str) -> str:
        return escape_markdown(" ".join(words.split()))

    def heading(self, level: int, title: str, label: str) -> str:
        # MkDocs and GitHub make their own anchors from the heading text.
        return "#" * (level + 1) + " " + self.line(title)

    def bold(self, markup: str) -> str:
        return f"**{markup}**"

    def code(self, words: str) -> str:
        words = " ".join(words.split())
        fence = "``" if "`" in words else "`"
        return f"{fence}{words}{fence}"

    def emph(self, markup: str) -> str:
        return f"*{markup}*"

    def display(self, math: str) -> str:
        return "$$\n" + math + "\n$$"

    def paragraph(self, lead: str, body: str) -> str:
        return f"{self.bold(lead)} {body}".rstrip()

    def bullets(self, items: Sequence[str]) -> str:
        return "\n".join(f"- {x}" for x in items)

    def chain(self, first: str, rows: Sequence[ChainRow]) -> str:
        lines = []
        for n, row in enumerate(rows, start=1):
            left = first if n == 1 else ""
            lines.append(rf"{left} &{row.relation} {row.expr} && \text{{({n})}}")
        math = "\\begin{aligned}\n" + " \\\\\n".join(lines) + "\n\\end{aligned}"
        reasons = [
            f"{n}. {self.line(row.because)}" + (f" — **{self.line(row.mark)}**" if row.mark else "")
            for n, row in enumerate(rows, start=1)
        ]
        return self.display(math) + "\n\n" + "\n".join(reasons)

    def figure_note(self, words: str) -> str:
        return f"*{self.line(words)}*"


LATEX: Flavour = Flavour()
MARKDOWN: Flavour = _Markdown()


def jupyter_text(words: str) -> str:
    """Words for a MathJax display in Jupyter (no text markup is available there)."""
    return mathjax_text(words)
