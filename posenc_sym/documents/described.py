r"""What the prose says a name is, in words: the text's own declaration of it, which a convention never overrides.

``Let $e$ denote the number of training epochs``: e is the text's own name, not Euler's number. ``Suppose $d$ is
an odd number of channels``, ``Let the width $d$ be odd``, ``an odd $d$``, ``for an integer $m$``, ``Positions $t$
are nonnegative``: words that give a single name a parity or a sign (odd, even, positive, negative, nonnegative,
integer) in a sentence that binds it declare it so. ``below $i$ denotes the imaginary unit``: i is the imaginary
unit from that line on; ``$e$ is Euler's number`` keeps Euler's reading.

Words that do not bind never declare: in a condition (``If $d$ is odd``, ``For negative $t$``, ``we pad when $d$
is odd``) or under a quantifier (``for every positive $t$``) the name *may* have the property, so a convention
that contradicts it is dropped (d of either parity) and nothing is added; negated words (``$d$ is not odd``,
``$t$ need not be positive``) drop the convention's property they deny and declare nothing.

>>> from .inline import inline_formulas
>>> text = "Let $e$ denote the number of epochs. Suppose $d$ is an odd number. If $t$ is negative, stop."
>>> [(w.name, w.facts, w.mode, w.means) for w in descriptions(inline_formulas(text, "markdown"))]
[('e', (), 'declares', 'own'), ('d', ('odd',), 'declares', 'own'), ('t', ('negative',), 'allows', 'own')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import sympy
from sympy.core.facts import InconsistentAssumptions

from .inline import Inline
from .name_forms import name_form

__all__ = ["FACTS", "Described", "code_span_units", "descriptions", "fact_words", "worded"]

#: The words that give a name a domain, and the SymPy assumption each is.
FACTS = {"odd": "odd", "even": "even", "positive": "positive", "negative": "negative", "nonnegative": "nonnegative",
         "non-negative": "nonnegative", "nonpositive": "nonpositive", "non-positive": "nonpositive",
         "integer": "integer", "integers": "integer", "integral": "integer", "奇数": "odd", "偶数": "even",
         "正数": "positive", "负数": "negative", "非负": "nonnegative", "整数": "integer"}
_FACT = re.compile(r"(?<![\w-])(?:non-?negative|non-?positive|odd|even|positive|negative|integers?|integral)(?![\w-])"
                   r"|奇数|偶数|正数|负数|非负|整数", re.IGNORECASE)
#: A verb after the name that says what it is: "$e$ denotes …", "$d$ is odd", "Let the width $d$ be odd".
_VERB = re.compile(r"^\s*(?:(?:is|are|be|being|(?:will|shall|must)\s+be|"
                   r"(?P<may>(?:need|may|might|can|could)(?:\s+not)?\s+be)|denotes?|stands?\s+for|represents?|"
                   r"is\s+called|(?:does|do)(?:\s+not|n't)\s+(?:denote|mean|stand\s+for|represent))(?![\w-])|为|是|表示|代表)",
                   re.IGNORECASE)
#: An opening that binds the name the sentence is about ("Let", "We write", "where"), then "for …" says what it is.
_BINDING_OPENING = re.compile(r"(?:\b(?:let|write|denote\s+by|use|reserve|call|where|here|below|throughout|take|"
                              r"consider|suppose(?:\s+that)?|assume(?:\s+that)?)|设|令|记)\s*$", re.IGNORECASE)
#: "$j^2 = -1$", "$i = \sqrt{-1}$" in the prose: the name is the imaginary unit.
_UNIT_EQUATION = re.compile(r"\s*([ij])\s*(?:\^\s*\{?\s*2\s*\}?\s*=\s*-\s*1|=\s*\\sqrt\s*\{\s*-\s*1\s*\}"
                            r"|=\s*\\sqrt\s*-\s*1)"
                            r"\s*")
#: "with imaginary unit $j$", "using the imaginary unit $j$": the words right before the name say what it is.
_UNIT_BEFORE = re.compile(r"imaginary\s+unit\s*$|虚数单位\s*$", re.IGNORECASE)
#: "$j$: imaginary unit", as a list of symbols writes it.
_UNIT_AFTER_COLON = re.compile(r"^\s*[:：]\s*(?:the\s+|an?\s+)?imaginary\s+unit", re.IGNORECASE)
#: "(with $j$ the imaginary unit)": an apposition that says what the name is, only of the imaginary unit.
_WITH = re.compile(r"\bwith\s*$", re.IGNORECASE)
_UNIT_APPOSITION = re.compile(r"^\s*(?:being\s+|as\s+)?the\s+imaginary\s+unit\b", re.IGNORECASE)
_FOR_WHAT = re.compile(r"^\s*(?:for|as|to\s+be|to\s+denote)(?![\w-])", re.IGNORECASE)
#: A quantifier over the name ("For each expert $e$", "for every positive $t$"): a variable, whatever it is.
_QUANTIFIED = re.compile(r"\b(?:for|over)\s+(?:each|every|all|any)(?:\s+[\w-]+){0,3}\s*$"
                         r"|(?:对于?)?(?:每个|任意|所有)\S{0,6}$", re.IGNORECASE)
_FACT_WORD = r"(?:non-?negative|non-?positive|odd|even|positive|negative|integers?|integral)"
#: Adjectives right before the name, with at most one noun between: "an odd $d$", "for an integer $m$", "a negative
#: position $t$" (not "positive weights and $t$").
_KIND = (r"(?:numbers?|integers?|reals?|values?|scalars?|constants?|counts?|widths?|dimensions?|sizes?|positions?|"
         r"indices|index|shifts?|offsets?|angles?|quantity|quantities|lengths?|degrees?|orders?|times?|steps?)")
_ADJECTIVES = re.compile(rf"(?<!\bof\s)(?<!twice\s)(?<![\w-])((?:{_FACT_WORD}\s+)*{_FACT_WORD}(?:\s+{_KIND})?)\s*$",
                         re.IGNORECASE)
#: What the words after the verb must be to give the name a fact: the fact words themselves, after an article, then
#: nothing, a kind of number or a place ("an odd number of channels", "odd and positive", "nonnegative in this
#: chapter"); not an adjective of another noun ("the negative log-likelihood", "the negative one"), a multiple ("twice
#: an odd number", "an integer multiple of"), a count ("the number of odd channels") or a disjunction ("positive or
#: zero"). An apposition after a comma is read the same way ("the pair index, a positive integer").
_PREDICATE = re.compile(rf"^\s*(?:(?:which|that)\s+(?:is|are|must\s+be|has\s+to\s+be|should\s+be)\s+)?"
                        rf"(?:(?:an?|always|strictly|also)\s+)?(?P<facts>{_FACT_WORD}(?:(?:\s*,\s*|\s+and\s+|\s+)"
                        rf"{_FACT_WORD})*)(?![\w-])(?=\s*(?:$|[.;:()]|,(?!\s*or\b)|{_KIND}(?![\w-])|(?:in|here|throughout|"
                        rf"from|below|again|too|now|as\s+well)\b))", re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]")
#: A sentence about another text's reading ("Unlike physics texts, where $i$ is the imaginary unit"): not this text's.
_CONTRAST = re.compile(r"\b(?:unlike|in\s+contrast\s+(?:to|with)|as\s+opposed\s+to|rather\s+than|instead\s+of|"
                       r"other\s+(?:texts|books|authors|fields))\b", re.IGNORECASE)
#: Words after the name that take back what the clause says of it for this text ("In signal processing $j$ denotes the
#: imaginary unit, but in this note it counts layers").
_BUT_HERE = re.compile(r"^[^.;$]*\bbut\b[^.;$]*\b(?:here|in\s+this|we|"
                       r"this\s+(?:note|text|chapter|post|article|paper|book))\b",
                       re.IGNORECASE)
#: A subject of which the verb is said of some only ("At most one of $s$ and $t$ is negative", "$s$ or $t$ is").
_SOME_OF = re.compile(r"\b(?:(?:one|some|none|any|either|neither)\s+of|at\s+(?:most|least)|either)\b"
                      r"|\bor\s*$", re.IGNORECASE)
#: Words that say the name is anything ("$t$ is any real number", "Now $t$ is arbitrary", "a general real $t$"): they
#: end what earlier words declared of it, and declare nothing.
_ANY = re.compile(r"\b(?:any|arbitrary|general|generic)\b", re.IGNORECASE)
#: Words that limit what they say to a section or an example ("In this section $i$ denotes the imaginary unit").
_THIS_SECTION = re.compile(r"\b(?:in|for|within|throughout)\s+this\s+(?:section|subsection|example|part|paragraph)\b"
                           r"|本节|这一节", re.IGNORECASE)
#: A condition inside the words ("let $t$ be the negative one if there is one").
_IF = re.compile(r"\b(?:if|when|whenever|unless|provided)\b|如果|若", re.IGNORECASE)
#: The imaginary unit written as a formula right after the verb ("let $i$ denote $\sqrt{-1}$").
_UNIT_FORMULA = re.compile(r"\$\s*(?:\\sqrt\s*\{\s*-\s*1\s*\}|\\sqrt\s*-\s*1|\\mathrm\{i\})\s*\$")
#: The words of a condition: a name the sentence says may be odd is not declared odd ("If $d$ is odd", "when"); nor is
#: one it sets out to show so ("We show that $t$ is positive": a goal, not a premise).
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|provided|in\s+case|except|otherwise|whether|suppose\s+not|"
                        r"show|shows|prove|proves|verify|check|claim|determine|test)\b"
                        r"|当|若|如果|假如|除非|否则", re.IGNORECASE)
#: A "for" before the name ("For negative $t$", "Not only for negative $t$", "Note that for negative $t$"): a clause of
#: what it leads into, a condition, unless the sentence binds (Let … for …).
_FOR = re.compile(r"\bfor\b", re.IGNORECASE)
_BINDS_SENTENCE = re.compile(r"^\s*(?:(?:and|so|now|then|here)\s*,?\s*)?(?:let|suppose|assume|we\s+write|write|"
                             r"denote|define|set|take|consider|throughout|设|令|记|假设)\b", re.IGNORECASE)
#: Words that negate what follows: "$d$ is not odd", "$t$ need not be positive", "never".
_NEGATION = re.compile(r"\b(?:not|never|no\s+longer|neither|nor|need\s+not)\b|n't\b|不是|不一定|未必|并非",
                       re.IGNORECASE)
_EULER = re.compile(r"euler|napier|base\s+of\s+(?:the\s+)?natural|natural\s+(?:logarithm'?s?\s+)?base|"
                    r"exponential\s+(?:base|constant)|自然常数|自然对数的底", re.IGNORECASE)
_IMAGINARY = re.compile(r"imaginary\s+unit|square\s+root\s+of\s+(?:minus\s+one|-1)|虚数单位|虚单位", re.IGNORECASE)
#: Where the words about the name end: another formula, a clause of another subject ("and positive weights …"), unless
#: what follows still says what the name is ("odd and positive", ", which must be odd").
_STOP = re.compile(r"\$|;|；|\b(?:while|whereas|but)\b|(?:,|\band\b)(?!\s*(?:(?:and|which|that)\s+)?"
                   r"(?:(?:is|are|must\s+be|has\s+to\s+be|should\s+be)\s+)?(?:(?:an?|always)\s+)?"
                   rf"{_FACT_WORD}(?=\s*(?:$|[,.;:]|and\b|integers?\b|numbers?\b|reals?\b|in\b|here\b)))",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Described:
    """One sentence's words about a single name: its facts (odd, positive, …), whether the sentence declares
    them or only allows or denies them, and what it says the name means: ``euler``, ``imaginary``, ``own`` (a
    thing of the text's) or ``''`` (nothing said of it)."""

    name: str
    words: str
    line: int
    facts: tuple[str, ...]
    #: "declares", "allows" (a condition, a quantifier), "denies" (negated words) or "frees" (it is any number: the
    #: words end what earlier words declared of it)
    mode: str
    means: str
    #: the line its words stop holding on: a later sentence saying the name is any number ("In the second example $t$
    #: is any real number"), or the next heading of words that say "In this section"; None: to the end of the text
    until: int | None = None


#: "where `j` is the imaginary unit": Markdown's code span around the letter, as some notes write their symbols.
_CODE_SPAN_UNIT = re.compile(r"`([ij])`\s*(?:(?:is|denotes|represents|stands\s+for|=)\s+(?:the\s+|an\s+)?"
                             r"|:\s*(?:the\s+)?)imaginary\s+unit", re.IGNORECASE)


def code_span_units(text: str) -> list[Described]:
    """What the prose says of ``i`` or ``j`` in a code span (```j` is the imaginary unit``): the imaginary unit, from
    its line on, as the same words around ``$j$`` say.

    >>> [(d.name, d.line, d.means) for d in code_span_units("where `j` is the imaginary unit, and")]
    [('j', 1, 'imaginary')]
    """
    found = []
    for match in _CODE_SPAN_UNIT.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        start = text.rfind("\n", 0, match.start()) + 1
        if _CONTRAST.search(text[start:match.start()]) or _CONDITION.search(text[start:match.start()]):
            continue
        found.append(Described(match.group(1), " ".join(match.group().split()), line, (), "declares", "imaginary"))
    return found


def fact_words(words: str) -> tuple[str, ...]:
    """The domain facts ``words`` name, in order, once each.

    >>> fact_words("an odd positive integer, non-negative"), fact_words("the evening")
    (('odd', 'positive', 'integer', 'nonnegative'), ())
    """
    return tuple(dict.fromkeys(FACTS[m.group().lower()] for m in _FACT.finditer(words)))


def descriptions(inlines: Iterable[Inline], headings: Iterable[int] = ()) -> list[Described]:
    """What the prose says of each single name it writes inline, in document order (see the module); each
    declaration holds until a later sentence says the name is any number, or, said "in this section", until the next
    of ``headings`` (their lines)."""
    found = []
    for inline in inlines:
        if (unit := _UNIT_EQUATION.fullmatch(inline.text)) is not None:  # "where $j^2 = -1$", "$i = \sqrt{-1}$"
            opening = re.split(r"\$\$|[.。!?；;]\s", inline.opening)[-1]
            if not (_CONTRAST.search(opening) or _CONDITION.search(opening)):
                words = " ".join(f"{opening} ${inline.text}$".split())
                found.append(Described(unit.group(1), words, inline.line, (), "declares", "imaginary"))
            continue
        form = name_form(inline.text)
        if form is None or form.subscript is not None or form.arguments is not None or form.label:
            continue
        described = _described(form.head, inline)
        if described is not None:
            found.append(described)
    headings = sorted(headings)
    return [_ending(w, found, headings) if w.mode == "declares" else w for w in found]


def _ending(said: Described, found: list[Described], headings: list[int]) -> Described:
    ends = [w.line for w in found if w.name == said.name and w.mode == "frees" and w.line > said.line]
    if _THIS_SECTION.search(said.words):
        ends += [h for h in headings if h > said.line]
    return replace(said, until=min(ends)) if ends else said


def _described(name: str, inline: Inline) -> Described | None:
    opening = re.split(r"\$\$|[.。!?；;]\s", inline.opening)[-1]
    before = re.split(r"\$[^$]*\$", opening)[-1]  # the words of its own clause, after the last formula
    if _CONTRAST.search(before) or _BUT_HERE.search(inline.after):
        return None  # "Unlike physics texts, where $i$ is …", "… $j$ denotes …, but in this note": another reading
    unit = _UNIT_FORMULA.search(inline.after)
    raw = _UNIT_FORMULA.sub("the square root of -1", inline.after, count=1)
    stop = _STOP.search(raw)
    after = raw[:stop.start() if stop else len(raw)]
    verb = _VERB.match(after)
    said = after[verb.end():] if verb else after if (_BINDING_OPENING.search(before) and _FOR_WHAT.match(after)) or (
        _WITH.search(before) and _UNIT_APPOSITION.match(after)) else ""
    if not said and (_UNIT_BEFORE.search(before) or _UNIT_AFTER_COLON.match(after)):
        said = "the imaginary unit"  # "with imaginary unit $j$", "using the imaginary unit $j$", "$j$: imaginary unit"
    quantified = _QUANTIFIED.search(before) is not None
    adjectives = _ADJECTIVES.search(before)
    facts = tuple(dict.fromkeys((*(fact_words(adjectives.group(1)) if adjectives else ()), *_predicate(said))))
    general = _ANY.search(said) is not None or _ANY.search(before[-40:]) is not None
    if not (said.strip() or quantified or facts or general):
        return None
    conditional = _CONDITION.search(before) is not None or quantified or (verb is not None and verb["may"]) or (
        _FOR.search(before) is not None and not _BINDS_SENTENCE.match(opening)) or _IF.search(said) is not None or (
        _SOME_OF.search(opening) is not None)
    negated = _NEGATION.search(after if verb else said) is not None
    mode = "denies" if negated else "allows" if conditional else "frees" if general and not facts else "declares"
    means = "euler" if _EULER.search(said) else "imaginary" if _IMAGINARY.search(said) else "own"
    if negated and means != "own":
        means = "own"  # "$e$ is not Euler's number", "$i$ does not denote the imaginary unit": the text's own name
    words = " ".join(f"{opening} ${inline.text}$ {after}".split()).rstrip("。.,:;，：")
    words = words.replace("the square root of -1", unit.group(), 1) if unit else words  # quoted as written
    return Described(name, words, inline.line, facts, mode, means)


def _predicate(said: str) -> tuple[str, ...]:
    """The facts the words after the verb give the name, read by :data:`_PREDICATE` in each part between commas.

    >>> _predicate("an odd number of channels"), _predicate("the pair index, a positive integer")
    (('odd',), ('positive', 'integer'))
    >>> _predicate("the negative log-likelihood"), _predicate("twice an odd number"), _predicate("positive or zero")
    ((), (), ())
    """
    if _CJK.search(said):
        return fact_words(said)
    if re.search(r"\bor\b", said, re.IGNORECASE):
        return ()  # "positive or zero", "odd or even": a disjunction gives the name none of its facts
    parts = re.split(r",\s*(?=(?:which|that|an?|always|strictly|also)?\s*[\w-])", said)
    return tuple(dict.fromkeys(f for part in parts if (m := _PREDICATE.match(part)) for f in fact_words(m["facts"])))


#: The facts a convention's reading is made of, as SymPy names them.
_PRIMARY = ("integer", "even", "odd", "positive", "negative", "nonnegative", "nonpositive", "real")


def _consistent(facts: Iterable[str], false: Iterable[str] = ()) -> bool:
    """True if a number can have every fact of ``facts`` and none of ``false``."""
    facts, false = set(facts), set(false)
    if facts & false:
        return False
    try:
        sympy.Symbol("x", **{fact: True for fact in facts}, **{fact: False for fact in false})
    except InconsistentAssumptions:
        return False
    return True


def worded(name: str, value: Any, found: Iterable[Described]) -> tuple[Any, str]:
    """The reading of ``name`` once the text's words about it (``found``) are applied to the convention's reading
    ``value`` (None: none), and what the report says of it ('' where the words change nothing).

    >>> d = sympy.Symbol("d", even=True, positive=True)
    >>> worded("d", d, [Described("d", "Let $d$ be odd", 1, ("odd",), "declares", "own")])
    (d, "read d as an odd positive integer (the text says so on line 1: 'Let $d$ be odd')")
    >>> worded("d", d, [Described("d", "If $d$ is odd", 1, ("odd",), "allows", "own")])[0].is_odd is None
    True
    >>> worded("e", sympy.E, [Described("e", "Let $e$ denote the epochs", 1, (), "declares", "own")])[0] is None
    True
    """
    found = list(found)
    declared = [fact for w in found if w.mode == "declares" for fact in w.facts]
    said = next((w for w in found if w.mode == "declares" and w.facts), None)
    if not _consistent(declared):
        return None, (f"read no convention for {name}: the text says it is {' and '.join(dict.fromkeys(declared))} "
                      f"(line {found[0].line}: '{found[0].words}'), which cannot all hold")
    own = next((w for w in found if w.means == "own"), None)
    if value in (sympy.E, sympy.I) and own is not None:
        if not declared:
            return None, ""  # the text's own name, free: said by the scope (see Conventions.own_in_words)
        value = sympy.Symbol(name, **{fact: True for fact in declared})
        return value, f"read {name} as {_in_words(value)}, the text's own name (line {own.line}: '{own.words}')"
    if not isinstance(value, sympy.Symbol):
        return value, ""
    facts = [f for f in _PRIMARY if value.assumptions0.get(f)]
    kept = [f for f in facts if _consistent([f, *declared])]
    for w in found:
        if w.mode == "allows":
            kept = [f for f in kept if all(_consistent([f, fact]) for fact in w.facts)]
        elif w.mode == "denies":
            kept = [f for f in kept if all(_consistent([f], [fact]) for fact in w.facts)]
    new = sympy.Symbol(name, **{fact: True for fact in (*kept, *declared)})
    if new.assumptions0 == value.assumptions0:
        return value, ""
    if said is not None:
        return new, f"read {name} as {_in_words(new)} (the text says so on line {said.line}: '{said.words}')"
    why = next(w for w in found if w.mode != "declares" and w.facts)
    may = " or ".join(why.facts) if why.mode == "allows" else "otherwise"
    return new, (f"read {name} as {_in_words(new)}: the text says it may be {may} (line {why.line}: '{why.words}'), "
                 f"so the convention's reading, {_in_words(value)}, is not assumed")


def _in_words(value: sympy.Symbol) -> str:
    """``an odd positive integer``, ``a negative real``, ``an integer``."""
    parity = "odd " if value.is_odd else "even " if value.is_even else ""
    sign = "positive " if value.is_positive else "negative " if value.is_negative else "nonnegative " if \
        value.is_nonnegative else "nonpositive " if value.is_nonpositive else ""
    kind = "integer" if value.is_integer else "real" if value.is_real else "number"
    words = f"{parity}{sign}{kind}"
    return ("an " if words[0] in "aeiou" else "a ") + words
