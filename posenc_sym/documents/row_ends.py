r"""Where a row's formula starts and ends: what opens or ends a row and is not the formula.

A sentence's final stop, spaces, the mark that ends a proof (``\square``), a caption in parentheses after a wide
space (``\quad \text{(binomial)}``, unless its words state a condition, which the row holds under) and words
ending in a colon that open the row as its label (``\text{RoPE: }``) are ink, not mathematics.

>>> formula_span(r"  a = b, \quad ")
(2, 7)
>>> text = r"\text{ALiBi: } S = q^\top k \quad \text{(linear bias)} \quad \square"
>>> start, end = formula_span(text)
>>> text[start:end]
'S = q^\\top k'
>>> text = r"a = b \quad \text{(if b > 0)}"
>>> text[slice(*formula_span(text))] == text
True
>>> text = r"= \cos x \quad \text{(by the identity } \cos(a-b) = \cos a \cos b + \sin a \sin b \text{)}"
>>> text[slice(*formula_span(text))]
'= \\cos x'
>>> text = r"\left\{ x \right. "
>>> text[slice(*formula_span(text))]
'\\left\\{ x \\right.'
"""

from __future__ import annotations

import re

from ..notation.vocabulary import PROSE_WORDS
from .asides import CJK_OPENERS

__all__ = ["ANY_RELATION", "formula_span"]

ANY_RELATION = re.compile(r"[=<>]|\\(?:le|ge|ne|neq|leq|geq|approx|lt|gt|leqslant|geqslant)(?![A-Za-z])")

#: What may end a row and is not the formula: spaces, a sentence's stop, the mark that ends a proof.
_TRAILING = re.compile(r"(?:\s|\\quad|\\qquad|\\[,;:! ]|(?<!\\right)(?<!\\left)[,.;]"
                       r"|\\(?:square|blacksquare|Box|qed|qedsymbol|hfill)(?![A-Za-z])|[∎□])+$")
_CAPTION = re.compile(r"\\q?quad\s*\\(?:text|textrm|textit|mathrm|mbox)\s*\{\s*\(([^{}]*)\)\s*\}$")
#: A caption that cites the rule a step uses, with the rule's formula inside it: ``\\quad \\text{(by the identity }
#: \\cos(a-b) = … \\text{)}``. Its words must name an identity, formula or theorem: a reason, never a condition.
_CITATION = re.compile(r"\\q?quad\s*\\(?:text|textrm|textit|mbox)\s*\{\s*\(([^{}]*)\}.*\\(?:text|textrm|textit|mbox)"
                       r"\s*\{[^{}]*\)\s*\}$", re.DOTALL)
_CITED_RULES = re.compile(r"identit|formul|theorem|teorema|théorème|satz|lemma|恒等式|公式|定理|等式", re.IGNORECASE)
#: Words that make a caption a condition (``\\text{(for small x)}``), which the row would hold under: kept.
_CONDITIONS_IN_WORDS = ("当", "若", "如果", "时", "とき", "場合", "때", "경우")
#: Words ending in a colon that open a row: a label of the formula after them (``\\text{RoPE: }``).
_LABEL = re.compile(r"\\(?:text|textbf|textrm|textit|mathrm|mbox)\s*\{[^{}$]*[:：]\s*\}\s*")


def _only_a_caption(words: str) -> bool:
    """True if the words of a caption in parentheses name or cite the formula, and state no condition."""
    if any(c in words for c in "=<>≤≥≠\\") or any(w in words for w in _CONDITIONS_IN_WORDS):
        return False
    return not {w.lower() for w in re.findall(r"[A-Za-z]+", words)} & (PROSE_WORDS | {"small", "large", "near"})


def formula_span(text: str) -> tuple[int, int]:
    """Where the formula of the row ``text`` starts and ends (see the module)."""
    stripped = _TRAILING.sub("", text)
    while (caption := _CAPTION.search(stripped)) is not None and _only_a_caption(caption.group(1)):
        stripped = _TRAILING.sub("", stripped[:caption.start()])
    if (cited := _CITATION.search(stripped)) is not None and _CITED_RULES.search(cited.group(1)) and \
            not any(w in cited.group(1) for w in _CONDITIONS_IN_WORDS):
        stripped = _TRAILING.sub("", stripped[:cited.start()])
    if re.search(r"\\(?:right|left)\s*$", stripped):  # \right . : the invisible delimiter, not a full stop
        stripped = text.rstrip()
    lead = len(stripped) - len(stripped.lstrip())
    if (label := _LABEL.match(stripped, lead)) is not None and _is_label(label.group()) and \
            ANY_RELATION.search(stripped, label.end()):
        lead = label.end()  # \text{RoPE: } ⟨…⟩ = …: the words name the formula after them
    return lead, len(stripped)


def _is_label(words: str) -> bool:
    """True if the words in a font command before a colon name a formula, not open an aside (``where:``)."""
    inside = words.split("{", 1)[1]
    return not set(re.findall(r"[A-Za-z]+", inside.lower())) & PROSE_WORDS and \
        not any(word in inside for word in CJK_OPENERS)
