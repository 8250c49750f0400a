r"""What the prose around the formulas says of them: which word introduces a definition, whether it
binds a name, whether the rest of the sentence puts a condition on it, and which names the prose says
are real or counts with.

>>> bool(BINDS.search("Let")), bool(BINDS.search("for instance")), bool(INTRODUCES.search("where"))
(True, False, True)
>>> condition_in("for $t > 0$, and $f(t) = 0$ otherwise"), condition_in("for every real $t$")
('for $t > 0$', '')
>>> condition_in("for $i = 0, 1, \\ldots, d/2 - 1$"), condition_in("(for positive $t$ only)")
('', 'for positive')
>>> sorted(counted_names("For the $i$-th token and the k-th head, with $j$th")), real_names("a real time", "t")
(['i', 'j', 'k'], True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .statements import range_of

__all__ = ["AN_EXAMPLE", "A_CONSEQUENCE", "BINDS", "CONTINUES", "EQUATION_WORDS", "GENERAL", "INTRODUCES", "REDEFINES",
           "bound_beside", "condition_in", "counted_names", "real_name", "real_names"]

#: Words of the prose that introduce a definition in the formula after them: "denoting $\\omega_j = …$",
#: "where $h_i = …$", "记 $S_j = …$" (write), "设" (let), "即" (that is), "定义" (define), "令" (let),
#: "约定" (agree), "解得" (solving gives), "其中" (where). Without one, an inline equation is something
#: the text says of a case ("$w = 0$ if $s > t$"), not a definition.
INTRODUCES = re.compile(r"(?:denot\w*|defin\w*|let|where|set(?:ting)?|writ(?:e|ing)|put(?:ting)?|we\s+have|i\.\s?e\.|"
                        r"namely|with|given\s+by|say|suppose|"
                        r"记|设|即|定义|令|约定|解得|其中|这里|记为)\W*$", re.IGNORECASE)
#: Of them, those that bind the name from there on, even a variable of the notes (``Let $d = 512$``); the others
#: ("with $b = 500000$ and $d = 128$, compute …", "where $t = 0$") give an example's values or a case, which hold a
#: refutation back where the row holds at them (:mod:`.examples`).
BINDS = re.compile(r"(?:\b(?:denot\w*|defin\w*|let|set)|记|设|定义|令|记为)\W*$", re.IGNORECASE)
#: Words that make the sentence an example ("For example, let $d = 2$", "As an example, let", "For instance, denote"):
#: its values are an example's (:mod:`.examples`), never bound for what follows.
AN_EXAMPLE = re.compile(r"\b(?:for\s+(?:example|instance)|as\s+an\s+example|e\.\s?g\.|illustrat\w*|toy\s+example|"
                        r"running\s+example|(?:this|an|the|our)\s+example|for\s+concreteness|concretely|purely)\b"
                        r"|,\s*say\b|例えば|例如|比如", re.IGNORECASE)
#: Words before a display (or a formula) that give a defined name a new formula: "we redefine", "define instead",
#: "let … instead", "from now on", "改为", "重新定义".
REDEFINES = re.compile(r"\b(?:re-?defin\w*|instead|from\s+now\s+on|henceforth|replac\w*)\b|改为|重新定义|换成",
                       re.IGNORECASE)
#: Words before a display that make a second formula for a defined name an equation to solve: "where", "solving",
#: "such that", "the points", "使得", "满足", "当".
EQUATION_WORDS = re.compile(r"\b(?:where|solv\w*|such\s+that|satisf\w*|points?|whenever|when|at\s+which|"
                            r"vanish\w*|zeros?|roots?)\b|使得|满足|当|解得|零点", re.IGNORECASE)
#: Words that open a display's lead-in with a general statement, which ends every value the text bound for an example
#: or a case before it ("Let $d = 4$. … In general, for every width,", "We now return to a general even $d$").
GENERAL = re.compile(r"\b(?:in\s+general|generally|for\s+(?:every|all|any)|arbitrary|a\s+general|any\s+(?:even\s+)?"
                     r"(?:width|value|real|integer|position))\b|一般地|对任意|对于任意|任意", re.IGNORECASE)
#: A formula continuing a list the sentence introduced: "Let $q = …$ and $k = …$", "…, $b = 3$".
CONTINUES = re.compile(r"(?:,|\band)\s*$", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|otherwise|only|provided|except|whereas|restricted\s+to)\b"
                        # on $(0, \infty)$: an interval, not "depends on $t$"
                        r"|\bon\s+\$\s*(?:[(\[]|\\left|\\mathbb|\\R\b)[^$]*\$"
                        r"|\bfor\s+(?!(?:all|every|each|any)\b)(?:\$([^$]*)\$|(?:positive|negative|non-?negative|"
                        r"non-?positive|non-?zero|even|odd|large|small|integer|some)\b)", re.IGNORECASE)


#: An order relation set right after a formula, by a comma or in parentheses: ", $x \ge 0$", "($x > 0$)".
_BOUND_BESIDE = re.compile(r"^\s*[,(]\s*\$([^$]*(?:[<>]|\\[lg]eq?(?![A-Za-z])|\\ne(?![A-Za-z]))[^$]*)\$")


def bound_beside(after: str, names: Iterable[str]) -> str:
    r"""The order relation right after a formula (``, $x \ge 0$``, ``($x > 0$)``) that bounds one of ``names`` (the
    arguments of a function the formula defines: where the definition holds), or ''. A bound of anything else, such
    as a subscript's range beside ``$\theta_i = …$, $0 \le i < d/2$``, is not one.

    >>> bound_beside(r", $x \ge 0$. Let", ["x"]), bound_beside(" ($x > 0$)", ["t"]), bound_beside(" for all $x$", ["x"])
    ('$x \\ge 0$', '', '')
    """
    match = _BOUND_BESIDE.match(after)
    if match is None:
        return ""
    letters = set(re.findall(r"(?<!\\)\b[A-Za-z]\b|\\[A-Za-z]+", match.group(1)))
    return f"${match.group(1)}$" if letters & {n if len(n) == 1 else f"\\{n}" for n in names} else ""


def condition_in(after: str) -> str:
    """The words of ``after`` (the rest of a sentence) that put a condition on the formula before them
    (if, when, otherwise, only, for $t > 0$, for positive …), or '' if none; a range of an index
    ("for $i = 0, 1, \\ldots$") and a quantifier ("for every real $t$") are no condition."""
    for match in _CONDITION.finditer(after):
        if match.group(1) is not None and range_of(match.group(1)) is not None:
            continue
        return match.group()
    return ""


_COUNTED = re.compile(r"(?:\$\s*([a-z])\s*\$|(?<![\w$\\])([a-z]))\s*-?\s*th\b")
_REAL_BEFORE = re.compile(r"\b(?:real(?:[- ]valued)?|scalar)(?:\s+[A-Za-z-]+){0,3}\s*$", re.IGNORECASE)


def counted_names(text: str) -> set[str]:
    """The letters the prose counts with (the $i$-th, the k-th, $j$th): indices."""
    return {m.group(1) or m.group(2) for m in _COUNTED.finditer(text)}


def real_names(before: str, formula: str) -> bool:
    """True if ``formula`` is a single name the prose just before calls real ("a real time $t$", "the
    real-valued feature $x$", "for every real $t$")."""
    return _NAME.fullmatch(formula) is not None and bool(_REAL_BEFORE.search(before))


#: A single name, perhaps with a one-letter subscript (w_k): what "real weights $w_k$" calls real.
_NAME = re.compile(r"\s*(?:[A-Za-z]|\\[A-Za-z]+)(?:_(?:[A-Za-z]|\{[A-Za-z]\}))?\s*")


def real_name(formula: str) -> str:
    """The name the real domain is given to: ``w_k`` and ``\\omega`` give w and omega (its base)."""
    return formula.strip().lstrip("\\").partition("_")[0]


#: A lead-in whose last sentence presents what follows as a consequence that rewrites a quantity ("so the attention
#: score splits into four terms:", "所以Attention Score的计算可以拆成4项："): a new name on the left of the display
#: stands for that quantity, in a claim about it, not in a definition of a name of its own.
A_CONSEQUENCE = re.compile(r"(?:^|[.。!?！？,，]\s*)(?:(?:so|thus|hence|therefore)(?![A-Za-z])|所以|因此|于是|从而)"
                           r"[^.。!?！？]*"
                           r"(?:splits?\s+into|decompos\w*\s+into|expands?\s+(?:in)?to|breaks?\s+(?:down\s+)?into|"
                           r"拆成|拆分|分解|展开|可以写成|可写成)[^.。!?！？]*[:：]?\s*$", re.IGNORECASE)
