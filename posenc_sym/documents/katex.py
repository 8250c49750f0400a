"""Formulas in a text copied from a web page rendered with KaTeX (seed 003 is one).

Such a copy holds each display three times on one line: the rendered glyphs spaced out
(``P E t = …``), the LaTeX source (``PE_t = …``), and the glyphs again without spaces
(``PEt=…``). The two renderings hold (nearly) the same characters, so the source is the middle
stretch of tokens whose left and right neighbours have the closest character counts. Only lines
that are a formula from start to end (a display) are taken; a formula inside a sentence is inline.

>>> katex_source("w k = 1 1000 0 2 k / d m o d e l w_k = \\\\frac{1}{10000^{2k/d_{model}}} wk=100002k/dmodel1")
'w_k = \\\\frac{1}{10000^{2k/d_{model}}}'
>>> katex_source("plain prose, no formula here") is None
True
"""

from __future__ import annotations

import re

__all__ = ["katex_source"]

#: The largest share of characters the two renderings may differ by (KaTeX drops some glyphs,
#: such as △, from the unspaced copy); the seed's displays differ by at most 8%.
MAX_MISMATCH = 0.1
#: Candidates this close to the best count as ties.
TIE = 0.02
#: Tokens a display line may hold (seed 003's longest line has 330); longer lines are prose.
MAX_TOKENS = 600
_LATEX_MARK = re.compile(r"[\\_^{}]")
_SOURCE_START = re.compile(r"[A-Za-z0-9\\\[(|-]")
_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def katex_source(line: str) -> str | None:
    """The LaTeX source of a display line of a KaTeX copy, or None if the line is not one."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", line)]
    if not 3 <= len(spans) <= MAX_TOKENS or not _LATEX_MARK.search(line):
        return None  # the search below is quadratic in the tokens: a longer line is prose, not a display
    words = [line[s:e] for s, e in spans]
    if _CJK.search(words[0]) or not (words[0][0].isascii() and words[0][0].isprintable()):
        return None  # prose (or a bullet) before the formula: an inline formula, not a display
    candidates = _candidates(words)
    if not candidates or candidates[0][0] > MAX_MISMATCH:
        return None
    # Near-ties: the source starts as its unspaced rendering does (both "PE…", both "[x…").
    close = [c for c in candidates if c[0] <= candidates[0][0] + TIE]
    aligned = [c for c in close if words[c[1]][0] == words[c[2]][0] and (words[c[1]][0].isalnum()
                                                                         or words[c[1]][0] == "[")]
    _, begin, end = min(aligned or close)
    return line[spans[begin][0]:spans[end - 1][1]]


def _candidates(words: list[str]) -> list[tuple[float, int, int]]:
    """Every split ``words[:begin] | words[begin:end] | words[end:]`` whose middle can be a source (it
    starts as LaTeX does and holds a LaTeX mark), as ``(mismatch, begin, end)``, sorted.

    The mismatch is the share of characters by which the two outer parts differ. It is computed for
    all ends of a begin at once, from the character counts of the prefixes: a line of a few hundred
    tokens has tens of thousands of splits.
    """
    import numpy as np  # here, not at the top: verify imports this module, and NumPy only a KaTeX copy needs

    alphabet = {char: n for n, char in enumerate(sorted(set("".join(words))))}
    counts = np.zeros((len(words), len(alphabet)), dtype=np.int64)
    for row, word in enumerate(words):
        for char in word:
            counts[row, alphabet[char]] += 1
    prefix = np.vstack([np.zeros((1, len(alphabet)), dtype=np.int64), np.cumsum(counts, axis=0)])
    suffix = prefix[-1] - prefix  # suffix[k]: the counts of words[k:]
    totals = prefix.sum(axis=1)
    suffix_totals = totals[-1] - totals
    marked = [n for n, word in enumerate(words) if _LATEX_MARK.search(word)]
    found: list[tuple[float, int, int]] = []
    for begin in range(1, len(words) - 1):
        first_mark = next((n for n in marked if n >= begin), None)
        if first_mark is None or not _SOURCE_START.match(words[begin]):
            continue
        ends = np.arange(max(begin + 1, first_mark + 1), len(words))
        differ = np.abs(prefix[begin] - suffix[ends]).sum(axis=1)
        mismatch = differ / np.maximum(1, totals[begin] + suffix_totals[ends])
        found.extend(zip(mismatch.tolist(), [begin] * len(ends), ends.tolist(), strict=True))
    return sorted(found)
