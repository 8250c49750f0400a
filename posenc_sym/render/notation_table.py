r"""The notation of the course at the front of the notes: each symbol as every display prints it.

The table is data of the notation layer (:data:`posenc_sym.notation.course.COURSE_NOTATION`: the
symbol as the writer prints it, one line of meaning with ``$…$`` math, the part of the course);
here it is set as one small table per part in LaTeX and as a list per part in Markdown (a pipe
table would take the ``|`` of $|i - j|$ for a column).

>>> print(notation_latex().split("\n\n")[0])
\section*{Notation}\label{sec:notation}
\addcontentsline{toc}{section}{Notation}
>>> notation_markdown().count("- $\\omega_{i}$: the angular frequency of pair $i$")
1
"""

from __future__ import annotations

from ..notation.course import COURSE_NOTATION, TOPICS
from .markup import LATEX, MARKDOWN, Flavour
from .typeset import tidy_parens

__all__ = ["LEAD", "notation_latex", "notation_markdown"]

LEAD = ("The symbols below mean the same in every section, and every display writes them this way; "
        "a section that needs another symbol says so where it uses it.")


#: A part's name as a heading (the data's names are lower-case keys).
_NAMES = {"rope": "RoPE", "alibi": "ALiBi"}


def _topics() -> list[tuple[str, list[tuple[str, str]]]]:
    """(part, [(symbol LaTeX, meaning)]) in the order of the course, parts without symbols left out."""
    return [(_NAMES.get(topic, topic[:1].upper() + topic[1:]),
             [(tidy_parens(e.latex), e.meaning) for e in COURSE_NOTATION if e.topic == topic])
            for topic in TOPICS if any(e.topic == topic for e in COURSE_NOTATION)]


def notation_latex(fl: Flavour = LATEX) -> str:
    """An unnumbered section (listed in the contents): per part, a two-column table."""
    parts = ["\\section*{Notation}\\label{sec:notation}\n\\addcontentsline{toc}{section}{Notation}",
             fl.text(LEAD)]
    for topic, rows in _topics():
        body = "\n".join(f"{fl.inline(symbol)} & {fl.text(meaning)} \\\\" for symbol, meaning in rows)
        parts.append(
            f"\\noindent\\textbf{{{fl.line(topic)}}}\\par\\nopagebreak\n"
            "\\noindent{\\small\\begin{tabular}{@{}p{0.2\\linewidth}p{0.76\\linewidth}@{}}\n" + body
            + "\n\\end{tabular}}"
        )
    return "\n\n".join(parts)


def notation_markdown() -> str:
    """The same as a Markdown section: per part, a list of symbol and meaning."""
    fl = MARKDOWN
    parts = ["## Notation", fl.text(LEAD)]
    for topic, rows in _topics():
        items = "\n".join(f"- {fl.inline(symbol)}: {fl.text(meaning)}" for symbol, meaning in rows)
        parts.append(f"**{fl.line(topic)}**\n\n{items}")
    return "\n\n".join(parts)
