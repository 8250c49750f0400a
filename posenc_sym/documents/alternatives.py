r"""Words that join alternatives in a formula (``\sin\theta = 0 \quad \text{or} \quad \sin\theta > 0``): one
statement, a disjunction or a choice, never two claims and never a definition. In any font (``\textbf{or}``),
also ``\text{or else}``, ``\text{and/or}``, ``\lor``, ``\vee``, and as other languages write it (oder, ou, hoặc,
atau, oppure, lub, veya, или, 或, または, 또는).

>>> bool(ALTERNATIVES.search(r"a = 1 \quad \textbf{or} \quad b = 2"))
True
>>> bool(ALTERNATIVES.search(r"a = 1 \text{ for } b"))
False
>>> bool(OR_FIRST.match(r" \quad \text{or} \quad b = 2")), bool(OR_FIRST.match(r"\text{order} b"))
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["ALTERNATIVES", "OR_FIRST", "OR_WORD"]

#: The word itself, inside a font's braces.
_WORDS = r"(?<![A-Za-z])(?:or|oder|ou|either|atau|oppure|lub|veya|hoặc)(?![A-Za-z])|или|或|または|또는"
OR_WORD = re.compile(_WORDS, re.IGNORECASE)
_IN_FONT = rf"\\[A-Za-z]+\s*\{{[^{{}}]*(?:{_WORDS})[^{{}}]*\}}"
_OLD_FONT = r"\{\\(?:rm|bf|it)[^{}]*(?<![A-Za-z])or(?![A-Za-z])[^{}]*\}"
#: Anywhere in a formula.
ALTERNATIVES = re.compile(rf"{_IN_FONT}|{_OLD_FONT}|\\q?quad\s*or\s*\\q?quad|\\lor(?![A-Za-z])|\\vee(?![A-Za-z])",
                          re.IGNORECASE)
#: At the start of what follows a comma or a wide space (spaces first).
OR_FIRST = re.compile(rf"^(?:\s|\\q?quad|\\[,;: ])*(?:{_IN_FONT}|{_OLD_FONT}|\\lor(?![A-Za-z])|\\vee(?![A-Za-z]))",
                      re.IGNORECASE)
