r"""LaTeX written for a Markdown processor that does not pass math through: ``\\(pos\\)``, ``\\[ … \\]``,
``\begin{align\*}``, ``PE\_{pos, 2i}``, rows ended by ``\\\\``, as ox-hugo exports Org notes to Hugo and as many
Hugo and Jekyll sites keep their pages. The processor undoes each backslash escape of ASCII punctuation before
MathJax reads the page, so the math the reader sees is ``\(pos\)``, ``\begin{align*}``, ``PE_{pos, 2i}``. A page is
read so only where it shows such escapes around its math (an escaped environment name, ``\\[`` on a line of its own,
``\\( … \\)``): in any other page ``\\`` ends a row and ``\_`` is what its writer typed. Lines stay where they are;
fenced code (a ``posenc`` block) is left as written.

>>> print(escapes_undone("Given \\\\(pos\\\\):\n\\begin{align\\*}\nPE\\_{pos} &= 1\\\\\\\\\nx &= 2\n\\end{align\\*}"))
Given \(pos\):
\begin{align*}
PE_{pos} &= 1\\
x &= 2
\end{align*}
>>> escapes_undone("$$ a \\\\\\\\ b \\_c $$") == "$$ a \\\\\\\\ b \\_c $$"
True
"""

from __future__ import annotations

import re

__all__ = ["escapes_undone"]

#: What shows that a page escapes its math for Markdown.
_ESCAPED_MATH = re.compile(r"\\begin\{[A-Za-z]+\\\*\}|^[ \t]*\\\\\[[ \t]*$|\\\\\((?:(?!\\\\\)).){1,300}?\\\\\)",
                           re.MULTILINE)
#: A backslash escape of ASCII punctuation, as CommonMark undoes it.
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_FENCE = re.compile(r"^\s*(```+|~~~+)")


def escapes_undone(text: str) -> str:
    """``text`` with its Markdown escapes undone, if it escapes its math (see the module); else ``text``."""
    if not _ESCAPED_MATH.search(text):
        return text
    lines, fenced = text.split("\n"), False
    for n, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines[n] = _ESCAPE.sub(r"\1", line)
    return "\n".join(lines)
