r"""The output flavours of the notes: LaTeX (pdfLaTeX, or XeLaTeX with Chinese) and Markdown (MathJax).

The renderer (:mod:`posenc_sym.render.latex`) says *what* to write (a heading, a paragraph, a
statement, a chain of steps); a flavour says *how*. Math is LaTeX in both and is laid out the
same way (:mod:`.layout`): a formula wider than the line is broken into rows, never scaled.
Text may hold ``$...$`` math from a safe vocabulary (:mod:`.inline`); the rest is escaped.

>>> print(LATEX.statement("x", "=", "y"))
\begin{equation*}
x = y
\end{equation*}
>>> print(LATEX.heading(1, "The block $T_k$", "sec:t"))
\section{\texorpdfstring{The block $T_k$}{The block T\_k}}\label{sec:t}
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..notation.escape import allow_breaks, escape_latex, escape_markdown
from ..notation.vocabulary import UNICODE_GREEK as _GREEK
from .blocks import break_display
from .inline import math_segments, text_latex, text_markdown
from .layout import fits, line_width, math_width
from .mathtex import mathjax_text
from .typeset import nested_quotes, roomy_matrices, wrap_cjk

__all__ = ["HEADINGS", "LATEX", "LATEX_CJK", "MARKDOWN", "ChainRow", "Flavour"]

#: Heading commands by level; level 0 and below mean "no heading" (a claim inside a beamer frame).
HEADINGS = ("section", "subsection", "subsubsection", "paragraph")


@dataclass(frozen=True)
class ChainRow:
    """One line of a derivation chain: ``relation`` (LaTeX) ``expr`` (LaTeX), because ``because`` (text)."""

    relation: str
    expr: str
    because: str
    mark: str = ""  # the link's badge and verdict when it is not "proven" (LaTeX/Markdown text)


def bookmark(title: str, *, unicode: bool) -> str:
    r"""A title for PDF bookmarks (the second argument of ``\texorpdfstring``): plain characters
    only, so hyperref warns of nothing. Math segments lose their backslashes and braces; with
    ``unicode`` (XeLaTeX) other characters stay, else Greek letters are spelt out.

    >>> bookmark(r"The block $T_k$ · ω", unicode=False)
    'The block T\\_k . omega'
    """
    out = []
    for is_math, piece in math_segments(" ".join(title.split())):
        if is_math:
            piece = _bookmark_math(piece, unicode)
        for ch in piece:
            if ch in _BOOKMARK_ESCAPE:
                out.append(_BOOKMARK_ESCAPE[ch])
            elif ch.isascii() or unicode:
                out.append(ch)
            else:
                out.append(_BOOKMARK_WORDS.get(ch, _GREEK.get(ch, "")))
    return "".join(out)


def _bookmark_math(math: str, unicode: bool) -> str:
    r"""A math segment as bookmark characters: a transpose as ᵀ (or ^T), thin spaces and font
    switches dropped, Greek letters as letters under XeLaTeX, as names otherwise.

    >>> _bookmark_math(r"q^\top R(\theta)^{\mathsf{T}}\, k", unicode=True)
    'qᵀ R(θ)ᵀ k'
    >>> _bookmark_math(r"\left[\begin{smallmatrix} \cos B & \sin B \\ 0 & 1 \end{smallmatrix}\right]", unicode=False)
    '[ cos B , sin B ; 0 , 1 ]'
    """
    math = re.sub(r"\^\{?\\(?:top|mathsf\{T\})\}?", "ᵀ" if unicode else "T", math)
    math = re.sub(r"\\[,;:!]", " ", math)
    math = re.sub(r"\\(?:begin|end)\{[a-z]+\}|\\(?:mathsf|mathrm|mathbf|mathit|text|operatorname|left|right"
                  r"|[bB]igg?[lr]?)\b", "", math)
    math = math.replace("\\\\", "; ").replace("&", ",")  # a small matrix's rows and columns
    letters = {name: ch for ch, name in _GREEK.items()} if unicode else {}
    math = re.sub(r"\\([A-Za-z]+)( ?)", lambda m: letters.get(m.group(1), m.group(1)) + m.group(2), math)
    return re.sub(r" {2,}", " ", math).strip()


# A bookmark is navigation only: "^" and braces are dropped (hyperref would need
# \textasciicircum), the other specials are escaped.
_BOOKMARK_ESCAPE = {"_": "\\_", "&": "\\&", "%": "\\%", "#": "\\#", "$": "", "^": "", "~": " ",
                    "{": "", "}": "", "\\": ""}
_BOOKMARK_WORDS = {"·": ".", "−": "-", "×": "x", "≤": "<=", "≥": ">=", "…": "...", "–": "-", "—": "-",
                   "’": "'", "‘": "'", "“": '"', "”": '"', "→": "->", "≠": "!=", "≈": "~"}


class Flavour:
    """LaTeX markup (the base class); :class:`_Markdown` overrides what differs."""

    name = "latex"

    def __init__(self, cjk: bool = False) -> None:
        self.cjk = cjk

    def _cjk(self, latex: str) -> str:
        # Chinese runs go in the preamble's \posenccjk: CJKutf8 under pdfLaTeX, nothing under XeLaTeX.
        return wrap_cjk(latex) if self.cjk else latex

    def text(self, words: str) -> str:
        """Words (with ``$...$`` math); paragraphs (blank lines) kept, other breaks become spaces."""
        paragraphs = [" ".join(p.split()) for p in words.strip().split("\n\n")]
        return "\n\n".join(self._cjk(text_latex(p, cjk=self.cjk)) for p in paragraphs if p)

    def line(self, words: str) -> str:
        """Words on one line (titles, justifications): all whitespace collapses to single spaces."""
        return self._cjk(text_latex(" ".join(words.split()), cjk=self.cjk))

    def literal(self, words: str) -> str:
        """Words shown exactly as typed (file names, quotes): no math; long runs may break."""
        return self._cjk(allow_breaks(escape_latex(" ".join(words.split()), cjk=self.cjk)))

    def quotation(self, words: str) -> str:
        """A quotation in double quotes, its own quotes made single; otherwise as typed.

        >>> print(LATEX.quotation('he said "yes"'))
        ``he said `yes'\\,''
        """
        inner = self.literal(nested_quotes(words))
        # A single quote beside the double one is kept apart by a thin space: three quotes in a
        # row would print as the closing double quote first.
        before = "\\," if inner.startswith("`") else ""
        after = "\\," if inner.endswith("'") else ""
        return f"``{before}{inner}{after}''"

    def heading(self, level: int, title: str, label: str, badge: str = "") -> str:
        """A heading (level 1 a section; 0 or less a bold line), with the verdict's ``badge`` after
        its title; the contents and the PDF bookmarks show the title alone."""
        tex = self.line(title)
        mark = rf"\quad{badge}" if badge else ""
        if level < 1:
            return rf"\noindent\textbf{{{tex}}}{mark}\label{{{label}}}\par"
        command = HEADINGS[min(level, len(HEADINGS)) - 1]
        plain = bookmark(title, unicode=self.cjk)
        if tex != plain:
            tex = rf"\texorpdfstring{{{tex}}}{{{plain}}}"
        short = f"[{{{tex}}}]" if mark else ""  # braced: a title may hold "]"
        return rf"\{command}{short}{{{tex}{mark}}}\label{{{label}}}"

    def bold(self, markup: str) -> str:
        return rf"\textbf{{{markup}}}"

    def code(self, words: str) -> str:
        return rf"\texttt{{{self.literal(words)}}}"

    def emph(self, markup: str) -> str:
        return rf"\emph{{{markup}}}"

    def small(self, markup: str) -> str:
        return rf"{{\small {markup}}}"

    def inline(self, math: str) -> str:
        return f"${math}$"

    def display(self, math: str) -> str:
        """One formula on its own line(s): broken at its top-level sums when wider than the line."""
        lines = break_display(math)
        if len(lines) == 1:
            return "\\begin{equation*}\n" + roomy_matrices(math) + "\n\\end{equation*}"
        return self._rows([f"&{lines[0]}", *(rf"&\quad {x}" for x in lines[1:])])

    def rows_display(self, rows: Sequence[str]) -> str:
        """Rows (with ``&`` alignment points) as one display."""
        return self._rows(rows)

    def _rows(self, rows: Sequence[str]) -> str:
        return "\\begin{align*}\n" + " \\\\\n".join(roomy_matrices(r) for r in rows) + "\n\\end{align*}"

    def statement(self, lhs: str, relation: str, rhs: str) -> str:
        """``lhs relation rhs`` displayed, broken into aligned rows when wider than the line."""
        whole = f"{lhs} {relation} {rhs}"
        if fits(whole):
            return self.display(whole)
        if math_width(lhs) <= 0.4 * line_width():
            rest = break_display(rhs, line_width() - math_width(lhs) - 3)
            rows = [f"{lhs} &{relation} {rest[0]}", *(rf"&\quad {x}" for x in rest[1:])]
        else:
            left = break_display(lhs, line_width() - 2)
            right = break_display(rhs, line_width() - 4)
            rows = [f"&{left[0]}", *(rf"&\quad {x}" for x in left[1:]),
                    f"&{relation} {right[0]}", *(rf"&\quad {x}" for x in right[1:])]
        return self._rows(rows)

    def paragraph(self, lead: str, body: str) -> str:
        return rf"\noindent{self.bold(lead)} {body}".rstrip()

    def ragged(self, markup: str) -> str:
        """A paragraph set ragged right: quotes of code and long file names break more freely."""
        return "{\\raggedright " + markup + "\\par}"

    def bullets(self, items: Sequence[str]) -> str:
        return "\\begin{itemize}\n" + "\n".join(rf"  \item {x}" for x in items) + "\n\\end{itemize}"

    def _note(self, row: ChainRow) -> str:
        return self.line(row.because) + (f" {row.mark}" if row.mark else "")

    def chain(self, first: str, rows: Sequence[ChainRow]) -> str:
        """``first = e1 = e2 ...`` in ``align*``: each justification beside its row when it fits,
        else as a line of text just above the row (``\\intertext``); long rows are broken."""
        lead = math_width(first) <= 0.3 * line_width()
        first_lines = [] if lead else break_display(first, line_width() - 2)
        out: list[str] = [f"&{x}" if n == 0 else rf"&\quad {x}" for n, x in enumerate(first_lines)]
        indent = math_width(first) + 1 if lead else 2.0
        room = line_width() - indent - 3
        broken = [break_display(row.expr, room) for row in rows]
        # align* sets the notes in one column right of the widest expression of the whole chain.
        widest = max([math_width(x) for lines in broken for x in lines]
                     + [math_width(x[1:]) - indent + 2 for x in out])
        # All the notes beside their rows, or all above them: a chain mixing the two reads as a
        # note that lost its row.
        beside = all(widest + _note_width(row) + 4 <= room for row in rows)
        for n, (row, lines) in enumerate(zip(rows, broken, strict=True)):
            note = rf"\small\emph{{{self._note(row)}}}"
            left = first if (lead and n == 0) else ""
            if beside:
                lines = [*lines[:-1], lines[-1] + rf" &&\text{{{note}}}"]
            else:
                if left:
                    out.append(f"{left} &")
                    left = ""
                out.append(rf"\intertext{{{note}}}")
            out += [f"{left} &{row.relation} {lines[0]}", *(rf"&\qquad {x}" for x in lines[1:])]
        text = out[0]
        for before, entry in itertools.pairwise(out):
            # \intertext follows a row's \\ and is followed by the next row directly.
            text += ("\n" if before.startswith("\\intertext") else " \\\\\n") + entry
        return "\\begin{align*}\n" + roomy_matrices(text) + "\n\\end{align*}"

    def figure_note(self, words: str) -> str:
        return rf"\noindent\emph{{{self.line(words)}}}"


def _note_width(row: ChainRow) -> float:
    """The width of a justification set beside its row, in layout units."""
    return 0.9 * len(" ".join(row.because.split())) + (14 if row.mark else 0)


class _Markdown(Flavour):
    name = "markdown"

    def text(self, words: str) -> str:
        paragraphs = [" ".join(p.split()) for p in words.strip().split("\n\n")]
        return "\n\n".join(text_markdown(p) for p in paragraphs if p)

    def line(self, words: str) -> str:
        return text_markdown(" ".join(words.split()))

    def literal(self, words: str) -> str:
        return escape_markdown(" ".join(words.split()))

    def quotation(self, words: str) -> str:
        return f"“{self.literal(nested_quotes(words))}”"

    def heading(self, level: int, title: str, label: str, badge: str = "") -> str:
        # MkDocs and GitHub make their own anchors from the heading text.
        mark = f" {badge}" if badge else ""
        if level < 1:
            return f"**{self.line(title)}**{mark}"
        return "#" * (level + 1) + " " + self.line(title) + mark

    def bold(self, markup: str) -> str:
        return f"**{markup}**"

    def code(self, words: str) -> str:
        words = " ".join(words.split())
        fence = "``" if "`" in words else "`"
        return f"{fence}{words}{fence}"

    def emph(self, markup: str) -> str:
        return f"*{markup}*"

    def small(self, markup: str) -> str:
        return f"<small>{markup}</small>"

    def _rows(self, rows: Sequence[str]) -> str:
        return "$$\n\\begin{aligned}\n" + " \\\\\n".join(rows) + "\n\\end{aligned}\n$$"

    def display(self, math: str) -> str:
        lines = break_display(math)
        if len(lines) == 1:
            return "$$\n" + math + "\n$$"
        return self._rows([f"&{lines[0]}", *(rf"&\quad {x}" for x in lines[1:])])

    def paragraph(self, lead: str, body: str) -> str:
        return f"{self.bold(lead)} {body}".rstrip()

    def ragged(self, markup: str) -> str:
        return markup

    def bullets(self, items: Sequence[str]) -> str:
        return "\n".join(f"- {x}" for x in items)

    def chain(self, first: str, rows: Sequence[ChainRow]) -> str:
        # MathJax has no \intertext in aligned: the justifications are numbered below.
        lines = []
        for n, row in enumerate(rows, start=1):
            left = first if n == 1 else ""
            parts = break_display(row.expr, line_width() - 8)
            lines.append(rf"{left} &{row.relation} {parts[0]}")
            lines += [rf"&\qquad {x}" for x in parts[1:]]
            lines[-1] += rf" && \text{{({n})}}"
        reasons = [f"{n}. {self._note(row)}" for n, row in enumerate(rows, start=1)]
        return self._rows(lines) + "\n\n" + "\n".join(reasons)

    def figure_note(self, words: str) -> str:
        return f"*{self.line(words)}*"


LATEX: Flavour = Flavour()
LATEX_CJK: Flavour = Flavour(cjk=True)
MARKDOWN: Flavour = _Markdown()


def jupyter_text(words: str) -> str:
    """Words for a MathJax display in Jupyter (no text markup is available there)."""
    return mathjax_text(words)
