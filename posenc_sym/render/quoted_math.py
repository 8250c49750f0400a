r"""A quoted formula set as math: a source's ``PE_{(pos, 2i)} = \sin\left(\frac{pos}{10000^{2i/d_{model}}}\right)``
is shown as the formula the document displays, not as its LaTeX source. Only a quote that is LaTeX math and
compiles as it stands (known commands, balanced braces and parentheses, every script braced or one
character) is set so; code (``math.sin(pos / …)``), plain text and a cut fragment stay verbatim.

>>> quoted_formula(r"w_k = \frac{1}{10000^{2k/d_{model}}}")
'w_k = \\frac{1}{10000^{2k/d_{model}}}'
>>> quoted_formula(r"PE_{(pos, 2i)} & = \sin x"), quoted_formula("math.sin(pos / d)"), quoted_formula(r"\cos((t")
('PE_{(pos, 2i)}  = \\sin x', None, None)
"""

from __future__ import annotations

import re

from ..notation.escape import has_cjk
from ..notation.vocabulary import (
    FONTS,
    FRACTIONS,
    FUNCTION_LATEX,
    FUNCTIONS,
    LATEX_GREEK,
    READ_RELATIONS,
    UNDECIDED_RELATIONS,
)

__all__ = ["quoted_formula"]

#: Layout commands a quoted formula may use besides the vocabulary's names: each compiles in the notes'
#: preamble (amsmath, amssymb).
LAYOUT_COMMANDS = frozenset({
    "left", "right", "sqrt", "cdot", "times", "div", "pm", "mp", "sum", "prod", "int", "infty", "quad", "qquad",
    "ldots", "cdots", "dots", "vdots", "bigtriangleup", "triangle", "top", "intercal", "prime", "lfloor",
    "rfloor", "lceil", "rceil", "langle", "rangle", "hat", "tilde", "bar", "vec", "to", "mapsto", "big", "Big",
    "bigg", "Bigg", "pi",
})
#: Every command a quoted formula may use: the reader's Greek letters, functions, relations and fonts too.
_VOCABULARY = (*LATEX_GREEK, *FONTS, *FRACTIONS, *READ_RELATIONS, *UNDECIDED_RELATIONS, *FUNCTION_LATEX.values())
KNOWN_COMMANDS = LAYOUT_COMMANDS | {c.lstrip("\\") for c in _VOCABULARY} | set(FUNCTIONS)
_CODE = re.compile(r"\*\*|\b(?:np|math|torch|jnp|tf)\.|\w\.\w+\(|[$%#]")
_SCRIPT = re.compile(r"[_^](?![{A-Za-z0-9\\])")


def _balanced(text: str, opening: str, closing: str) -> bool:
    depth = 0
    for n, char in enumerate(text):
        if n and text[n - 1] == "\\":
            continue  # \{ and \} are characters, not groups
        depth += (char == opening) - (char == closing)
        if depth < 0:
            return False
    return depth == 0


def quoted_formula(quote: str) -> str | None:
    """The math to typeset for ``quote`` (its alignment marks ``&`` left out), or None to quote it verbatim."""
    commands = re.findall(r"\\([A-Za-z]+)", quote)
    if not commands and not re.search(r"[_^]\{", quote):
        return None  # plain text or code, not LaTeX
    if has_cjk(quote) or _CODE.search(quote) or _SCRIPT.search(quote) or "\\\\" in quote:
        return None
    if any(c not in KNOWN_COMMANDS for c in commands):
        return None
    if not (_balanced(quote, "{", "}") and _balanced(quote, "(", ")")):
        return None
    return quote.replace("&", "")
