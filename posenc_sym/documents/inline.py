r"""The inline formulas of a document (``$…$``, ``\(…\)``), with their lines.

They are not claims (only displays are checked), but notes define names in them ("denoting
$\omega_j = 1/10000^{2j/d}$", "where $h_i = …$") and use names in them in the roles the reader must
know (an index, a vector, a function): :mod:`.survey` and :mod:`.text_definitions` read them.
Code (fenced, indented and inline), HTML and TeX comments, verbatim text and the displays themselves
are skipped.

>>> [(f.text, f.line) for f in inline_formulas("Let $x = 1$ and\n`$y$` $$z$$ \\(w\\)\n", "markdown")]
[('x = 1', 1), ('w', 2)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .component_subscripts import component_as_argument
from .places import Cell

__all__ = ["Inline", "inline_formulas"]


@dataclass(frozen=True)
class Inline:
    """One inline formula: its text (delimiters removed), its line (1-based) and its offset in the document."""

    text: str
    line: int
    offset: int
    before: str = ""  # the prose just before it (a few words), which says whether it defines a name
    cell: Cell | None = None  # in a notebook, its cell (the line is then the cell's)
    after: str = ""  # the rest of its sentence, which may put a condition on it ("if $t > 0$", "otherwise")
    opening: str = ""  # its sentence up to it, which may too ("For $t > 0$ let")
    glossary: bool = False  # in a list item, a colon follows it ("- $r_i = L/\\lambda_i$: the ratio")


#: A list item's opening, and the colon after its formula: a glossary ("- $\\lambda_i = 2\\pi/\\theta_i$: wavelength").
_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
_GLOSS = re.compile(r"\s*[:：]")
_FENCED = re.compile(r"^[ \t]*(```+|~~~+).*?^[ \t]*\1[ \t]*$", re.DOTALL | re.MULTILINE)
_CODE_SPAN = re.compile(r"(`+)[^`]*?\1")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_TEX_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_VERBATIM = re.compile(r"\\begin\{(verbatim|lstlisting|minted|comment|Verbatim)\*?\}.*?\\end\{\1\*?\}", re.DOTALL)
_ENVIRONMENT = re.compile(r"\\begin\{(equation|align|gather|multline|eqnarray|flalign|alignat)(\*?)\}.*?"
                          r"\\end\{\1\2\}", re.DOTALL)
_DISPLAY = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]", re.DOTALL)
_INLINE = re.compile(r"(?<![\\$])\$(?!\$)((?:\\.|[^$\\])+?)(?<!\\)\$(?!\$)|\\\((.*?)\\\)", re.DOTALL)


#: Where a sentence ends: a full stop before a space (not inside a number), or a blank line.
_SENTENCE_END = re.compile(r"(?<![0-9])\.(?=\s|$)|\n\s*\n")


def _blank(match: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", match.group())


#: A next sentence that says where the formula before it holds: "This holds only when …", "It is valid only for …".
_ONLY_THERE = re.compile(r"\s*(?:This|It|That|The\s+(?:definition|formula))\s+(?:only\s+)?(?:holds|is\s+valid|applies|"
                         r"is\s+defined)\s+only\b[^.]*|\s*(?:This|It|That)\s+only\s+(?:holds|applies)\b[^.]*"
                         r"|\s*(?:仅当|仅在|只在|只有当)[^。]*")


def inline_formulas(text: str, kind: str) -> list[Inline]:
    """The inline formulas of ``text`` (``kind`` is ``markdown`` or ``latex``), in order."""
    if kind == "latex":
        blanked = _VERBATIM.sub(_blank, text)
        blanked = _TEX_COMMENT.sub(_blank, blanked)
    else:
        blanked = _FENCED.sub(_blank, text)
        blanked = _HTML_COMMENT.sub(_blank, blanked)
        blanked = _CODE_SPAN.sub(_blank, blanked)
    blanked = _ENVIRONMENT.sub(_blank, blanked)
    blanked = _DISPLAY.sub(_blank, blanked)
    found = []
    for match in _INLINE.finditer(blanked):
        group = 1 if match.group(1) is not None else 2
        body = match.group(group)
        if "\n\n" in body or not body.strip():
            continue  # a lone dollar sign (a price) paired across a paragraph is not a formula
        before = " ".join(text[max(0, match.start() - 40):match.start()].split())
        rest = text[match.end():match.end() + 160]
        end = _SENTENCE_END.search(rest)
        after = " ".join(rest[:end.start() if end else len(rest)].split())
        if end is not None and (only := _ONLY_THERE.match(rest, end.end())) is not None:
            after += " " + " ".join(only.group().split())  # "Let $h(x) = 1$. This holds only when $x > 0$."
        chunk = text[max(0, match.start() - 200):match.start()]
        ends = list(_SENTENCE_END.finditer(chunk))
        opening = " ".join(chunk[ends[-1].end() if ends else 0:].split())
        line_start = text.rfind("\n", 0, match.start()) + 1
        glossary = _ITEM.match(text[line_start:match.start()]) is not None and _GLOSS.match(rest) is not None
        found.append(Inline(component_as_argument(body).strip(), blanked.count("\n", 0, match.start(group)) + 1,
                            match.start(group), before,
                            after=after, opening=opening, glossary=glossary))
    return found
