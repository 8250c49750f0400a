r"""Conditions a sentence puts on the display it runs into in words, where :mod:`.leading` finds no formula to apply.

``For negative $t$, we have $$|t| = -t$$``: the words give the clause's formula, t < 0 (a sign: negative,
positive, nonnegative, nonpositive), applied as a written bound is. A parity or another word (``For odd $d$``,
``For large $t$``) is a condition that is not applied: it holds the display's refutations back.

``When $t > 0$ we get $|t| = t$; otherwise $$|t| = -t$$``, ``If the width is large, then $$…$$``: the words running
into the display (its sentence, after the last ``;``) hold a condition no formula states. The display is claimed only
under it, so its refutations are held back, naming the words; a proof stands.

>>> from .inline import Inline
>>> sign_clause(Inline("t", 1, 0, opening="For negative")), sign_clause(Inline("d", 1, 0, opening="For odd"))
(('t < 0', True), ('d', False))
>>> sign_clause(Inline("t", 1, 0, opening="For every")) is None
True
>>> run_in_words(["When $t > 0$ we get $|t| = t$; otherwise", "", "$$ |t| = -t $$"], 3)
'otherwise'
>>> run_in_words(["If the width is large,", "then $$ x = 1 $$"], 2)
'If the width is large, then'
>>> run_in_words(["We have", "$$ |t| = -t $$"], 2), run_in_words(["For all $t$:", "$$ t^2 \\\\ge 0 $$"], 2)
('', '')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .described import fact_words
from .inline import Inline

__all__ = ["run_in_words", "sign_clause"]

#: A condition's opening word with words that give the name a property: "For negative", "If odd", "当正".
_OPENS_WITH_WORDS = re.compile(r"^(?:.*[,，]\s*)?(?:for|if|when|whenever)\s+(?:(?:an?|all|some)\s+)?"
                               r"(?P<words>(?:[\w-]+\s+){0,2}[\w-]+)\s*$", re.IGNORECASE)
_SIGNS = {"negative": "< 0", "positive": "> 0", "nonnegative": r"\ge 0", "nonpositive": r"\le 0"}
#: Words of a condition in the sentence that runs into a display (a quantifier, "for all $t$", is none).
_CONDITION_WORDS = re.compile(
    r"\b(?:if|when|whenever|unless|otherwise|else|except|provided|suppose|assume|assuming|given\s+that|in\s+case|"
    r"only\s+for)\b"
    r"|\bfor\s+(?:(?:all|every|each|any|some)\s+)?(?:positive|negative|non-?negative|non-?positive|non-?zero|odd|even|"
    r"large|small|integer|real)\b|否则|除非|若|如果|假设|假定|当", re.IGNORECASE)
#: A sentence that supposes what the display after it works from ("Assume …", "Suppose, for a contradiction, …").
_SUPPOSITION = re.compile(r"\s*(?:(?:so|and|now|then|first)\s*,?\s*)?(?:let\s+us\s+|we\s+)?(?:suppose|assume)\b"
                          r"|\s*(?:假设|假定)", re.IGNORECASE)
#: What may stand between such a sentence and the display: nothing, or a few joining words ("Then:", "We get").
_JOINING = re.compile(r"\s*(?:(?:then|we\s+(?:have|get|obtain)|so|thus|hence|this\s+gives)\s*[:,]?)?\s*", re.IGNORECASE)
#: A short sentence of words alone, which may stand between a supposition and its display.
_WORDS_ONLY = re.compile(r"[^$]{0,100}")
_INLINE = re.compile(r"(?<!\\)\$(?!\$)(?:\\.|[^$\\])*?(?<!\\)\$")
_DISPLAY_OPENS = re.compile(r"\$\$|\\\[|\\begin\{")
_DISPLAY_CLOSES = re.compile(r"\$\$|\\\]|\\end\{[^{}]*\}")
_PIECE_END = re.compile(r"(?<![0-9])[.!?;。！？；](?=\s|$)")


def sign_clause(inline: Inline) -> tuple[str, bool] | None:
    """The formula a clause in words makes of a single name (``For negative $t$``: ``t < 0``) and whether it is
    applied (a sign alone is; a parity, a size or more words are not), or None where the opening is no such clause."""
    opened = _OPENS_WITH_WORDS.match(inline.opening)
    if opened is None or re.search(r"\b(?:all|every|each|any)\b", opened.group("words"), re.IGNORECASE) or \
            not re.fullmatch(r"\s*(?:[A-Za-z]|\\[A-Za-z]+)\s*", inline.text):
        return None
    facts = fact_words(opened.group("words"))
    if not facts:
        return None
    if len(facts) == 1 and facts[0] in _SIGNS and len(opened.group("words").split()) == 1:
        return f"{inline.text.strip()} {_SIGNS[facts[0]]}", True
    return inline.text.strip(), False


def run_in_words(lines: Sequence[str], line: int) -> str:
    """The sentence that runs into the display opening on ``line`` (1-based) of ``lines``, where it holds words of a
    condition: its paragraph, at most one blank line before the display, after the last sentence end or ``;``;
    '' where it holds none (or the sentence ended before the display)."""
    opening = lines[line - 1]
    found = _DISPLAY_OPENS.search(opening)
    before = [opening[:found.start()] if found else ""]
    blank = 0
    for text in reversed(lines[:line - 1]):
        if not text.strip():
            blank += 1
            if blank > 1 or any(b.strip() for b in before):
                break
            continue
        if text.lstrip().startswith(("```", "~~~", "%")):
            break  # a code block or a comment (a posenc block's "assume …"): no prose of the display
        if text.lstrip().startswith("#") or _DISPLAY_CLOSES.search(text):
            before.insert(0, text[_last_close(text):])
            break
        before.insert(0, text)
    prose = " ".join(before)
    masked = _INLINE.sub(lambda m: "$" + "F" * (len(m.group()) - 2) + "$", prose)  # words in formulas are no words
    ends = list(_PIECE_END.finditer(masked))
    start = ends[-1].end() if ends else 0
    if _CONDITION_WORDS.search(masked, start) is None:
        # "Assume two angles $a$ and $b$ give the same point." then the display: a supposition of its own sentence,
        # perhaps one short sentence of words before the display ("The angles are real.")
        starts = [0, *(end.end() for end in ends)]
        if not ends or not _JOINING.fullmatch(masked[start:]):
            return ""
        if _SUPPOSITION.match(masked, starts[-2]):
            start = starts[-2]
        elif len(starts) > 2 and _SUPPOSITION.match(masked, starts[-3]) and \
                _WORDS_ONLY.fullmatch(masked[starts[-2]:start]):
            start = starts[-3]
        else:
            return ""
        if fact_words(masked[start:]):
            return ""  # "Suppose $d$ is odd.": a property of the name, which the reader applies (:mod:`.described`)
    return " ".join(prose[start:].split())


def _last_close(text: str) -> int:
    closes = list(_DISPLAY_CLOSES.finditer(text))
    return closes[-1].end() if closes else len(text)
