r"""The condition a sentence puts on the display it runs into.

"For $0 < t < 1$, we have $$|t| + |t - 1| = 1$$" claims the display only for 0 < t < 1: read alone it
is false (t = -5/3), and refuting it would be a wrong verdict. A clause opened by *for*, *if*, *when*,
*whenever*, *provided*, *suppose*, *assuming*, *given* (当 …时, 若, 如果, 假设) whose formula is followed by at
most a few words and then the display (", we have", ", then", "时，有") is that display's condition:

- its relations (``0 < t < 1``, ``t > 0`` and ``s > 0``) are the display's conditions, said once;
- one that cannot be applied (in words, an equation that sets a name, a formula not read) holds the
  display's refutations back: a counterexample outside the condition refutes nothing the text claims;
- a quantifier ("for all $t$", "for every", "for example") opens no condition, and a sentence end,
  another formula or words such as "in general" between the clause and the display end it.

>>> text = "For $0<t<1$, we have\n\n$$|t|+|t-1|=1$$\n"
>>> from .inline import inline_formulas
>>> leading_clauses(text, inline_formulas(text, "markdown"))
{3: Leading(words='For $0<t<1$, we have', formulas=('0<t<1',), plain=True)}
>>> text = "For all $t$, we have $$t^2 \\ge 0$$ and for example $t = 2$, $$t^2 = 4$$"
>>> leading_clauses(text, inline_formulas(text, "markdown"))
{}
>>> text = "For $g(q, k, m - n)$:\n$$g(q, k, m - n) = q k$$"
>>> leading_clauses(text, inline_formulas(text, "markdown"))
{}
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import sympy

from ..notation.read import from_latex
from .decide import DisplayResult, display_result
from .extract import Display
from .inline import Inline, inline_formulas
from .notebook import notebook_cells
from .order_relations import ORDER_RELATION, relations_of
from .run_in import run_in_words, sign_clause
from .scope import DocumentScope
from .source import Document
from .stated import hold_together

__all__ = ["DocumentClauses", "Leading", "as_stated", "clause_names", "document_clauses", "leading_clauses",
           "opens_condition", "relations_of", "stated_clauses", "stated_relations", "under_leading"]


@dataclass(frozen=True)
class Leading:
    """A clause of prose that puts a condition on the display after it: its words as written (up to the
    display) and its formulas."""

    words: str
    formulas: tuple[str, ...]
    #: whether only words that join it to the display stand after its formulas ("we have", "则"); words that may
    #: negate or widen it ("does not hold", "and also for negative values", "unless") leave it not applied
    plain: bool = True


#: The sentence up to the clause's first formula: an opening word of a condition, perhaps after a connective.
_OPENS = re.compile(r"^(?:(?:now|so|then|thus|hence|also|and|but|similarly|moreover|in\s+particular|here|note\s+that"
                    r"|that\s+is|i\.\s?e\.)\s*,?\s*)?(?:for|if|when|whenever|provided(?:\s+that)?|suppose(?:\s+instead)?(?:\s+that)?"
                    r"|assuming(?:\s+that)?|assume(?:\s+instead)?(?:\s+that)?|given(?:\s+that)?|只要|当|若|如果|假设|假定|对于)\s*$",
                    re.IGNORECASE)
#: An opening that negates its formula ("Unless $t > 0$", "除非"): a condition, but not the formula as written.
_NEGATED = re.compile(r"^(?:.*[,，]\s*)?(?:unless|except(?:\s+(?:when|if|for|where))?|(?:if|when)\s+not|除非|除了)\s*$",
                      re.IGNORECASE)
#: The words that may join a clause to its display ("we have", "then", "it holds that", "时，有", "则").
_PLAIN_WORDS = frozenset(("we", "have", "get", "obtain", "find", "see", "then", "it", "holds", "hold", "follows",
                          "that", "one", "has", "there", "is", "are", "the", "following", "so", "thus", "hence",
                          "this", "gives", "yields"))
_PLAIN_CHINESE = re.compile(r"我们|可以|可得|得到|那么|就有|便有|于是|时|有|则|得|即")
#: What may join a second formula to the clause: "and $s > 0$", ", $s > 0$".
_JOINED = re.compile(r"\s*(?:,|\band\b|且|和|，)\s*\$(?!\$)((?:\\.|[^$\\])+?)\$(?!\$)")
#: The few words between the clause and the display: no formula, no sentence end, no word that widens the claim.
_BRIDGE = re.compile(r"[^$.\n。；;]{0,60}(?:\n[ \t]*){0,2}")
_WIDENS = re.compile(r"\b(?:general|always|all|every|any|each|whatever|otherwise|example|instance|e\.g|"
                     r"in\s+contrast|however|whereas|but)\b|一般|任意|所有|例如", re.IGNORECASE)
#: A supposition stated in a sentence of its own ("Suppose $t > 0$. Then", "设 $t > 0$。则"): the display the next
#: sentence opens with, after a few joining words, is claimed under it.
_SUPPOSES = re.compile(r"^(?:(?:so|and|but|now|then|thus|hence)\s*,?\s*)?(?:suppose(?:\s+instead)?(?:\s+that)?|"
                       r"assume(?:\s+instead)?(?:\s+that)?|let|设|假设|假定|令)\s*$", re.IGNORECASE)
#: A bound, not an equation: a supposition "Let $t > 0$." bounds t; "Let $d = 3$." sets it (:mod:`.text_definitions`).
_BOUND = re.compile(r"[<>≤≥≠]|\\(?:le|ge|leq|geq|lt|gt|ne|neq|in)(?![A-Za-z])")
_NEXT_SENTENCE = re.compile(r"\s*[.。]\s*[^$.\n。；;]{0,40}(?:\n[ \t]*){0,2}")
#: The rest of a supposition's paragraph up to a display ("Let $t > 0$. The identity below is classical. We have").
_PARAGRAPH = re.compile(r"(?:(?!\n[ \t]*\n)[^$]){0,300}?(?=\$\$|\\\[|\\begin\{)")
_DISPLAY_OPENS = re.compile(r"\$\$|\\\[|\\begin\{(?:equation|align|gather|multline|eqnarray|flalign|alignat)\*?\}")
_CLOSE_INLINE = re.compile(r"(?<!\\)\$|\\\)")


def leading_clauses(text: str, inlines: Sequence[Inline]) -> dict[int, Leading]:
    """The conditions the prose of ``text`` puts on its displays, by the line of each display's opening.

    ``inlines`` are the inline formulas of ``text`` (their offsets are offsets in it)."""
    found: dict[int, Leading] = {}
    for inline in inlines:
        supposes = _SUPPOSES.match(_last_piece(inline.opening)) is not None and _BOUND.search(inline.text) is not None
        worded = sign_clause(inline)  # "For negative $t$": t < 0
        if not (opens_condition(inline.opening) or supposes or worded):
            continue
        closing = _CLOSE_INLINE.search(text, inline.offset + len(inline.text))
        if closing is None:
            continue
        formulas, at = [worded[0] if worded else inline.text], closing.end()
        while (joined := _JOINED.match(text, at)) is not None:
            formulas.append(joined.group(1).strip())
            at = joined.end()
        bridge = _BRIDGE.match(text, at)
        end = bridge.end() if bridge else at
        display = _DISPLAY_OPENS.match(text, end)
        supposed = False  # a supposition that reaches the display only over a sentence of other words
        bounds = any(ORDER_RELATION.search(f) or "\\in" in f for f in formulas)
        if display is None and supposes and (
                following := _NEXT_SENTENCE.match(text, at)) is not None:
            end = following.end()
            display = _DISPLAY_OPENS.match(text, end)
            if display is None and (paragraph := _PARAGRAPH.match(text, at)) is not None:
                end, supposed = paragraph.end(), True
                display = _DISPLAY_OPENS.match(text, end)
        if display is None or _WIDENS.search(text, at, end):
            continue
        if not bounds and not re.search(r"\w", text[at:end]):
            continue  # "For $g(q, k, m - n)$:" names what follows; it bounds nothing
        words = " ".join(f"{inline.opening} ${inline.text}${text[closing.end():end]}".split())
        plain = plain_bridge(text[at:end].replace(".", " ").replace("。", " ")) and not _negated(inline.opening) \
            and not supposed and (worded is None or worded[1])
        found[text.count("\n", 0, display.start()) + 1] = Leading(words, tuple(formulas), plain)
    return found


def under_leading(result: DisplayResult, leading: Leading, relations: tuple[sympy.Basic, ...] | None,
                  names: frozenset[str] | None = None) -> DisplayResult:
    """``result`` (decided with ``relations``, the clause's conditions, or without them where they are None:
    not read, or holding at no point) as the text claims it: only under the clause.

    A refutation is held back where the condition was not applied to the row (a counterexample outside it
    refutes nothing the text claims); a proof stands (what holds everywhere holds under the clause) and says
    it was made under the condition where it was. ``names``: the names the clause's formulas hold, where they
    are read; a row that holds none of them is refuted whatever the clause says ("For $t = 3$, …" and f(2) = 9)."""
    shown = ", ".join(leading.formulas)
    found = []
    for linked in result.links:
        link = linked.link
        held = link.lhs.free_symbols | link.rhs.free_symbols
        applied = relations is not None and any(r.free_symbols <= held for r in relations)
        apart = any(r.free_symbols & held and not r.free_symbols <= held for r in relations) if relations \
            is not None else names is None or bool(names & {str(n) for n in held})
        if link.role != "claim":
            found.append(linked)
        elif linked.status == "refuted" and apart:
            why = ("which is not applied (only order relations written as formulas, joined to the display by words "
                   "such as 'we have' or 'then', are)") if relations is None else (
                "which also bounds names the row does not hold, so it is not applied to it")
            note = (f"refuted without the condition the sentence before the display states ('{leading.words}'), "
                    f"{why}: a counterexample outside it refutes nothing the text claims; write the condition as a "
                    "formula, or declare it (assume …)")
            found.append(replace(linked, status="unknown", verdict=None, note=note))
        elif applied and linked.status in ("proven", "refuted"):
            said = f"decided under {shown}, which the sentence before the display states"
            found.append(replace(linked, note=said + (f"; {linked.note}" if linked.note else "")))
        else:
            found.append(linked)
    return display_result(result.read, tuple(found), result.conventions)


#: kramdown writes inline math with $$ too: "**For** $$d=2$$, RoPE does the following": a clause, not a display.
_CLAUSE_LINE = re.compile(r"^(?P<opening>[^\n$]*?)\$\$(?P<formula>[^$\n]+)\$\$(?P<rest>[^\n]*)$", re.MULTILINE)
#: A second formula of the clause: "若 $$x = 1$$ 且 $$\theta = \pi/2$$", "If $$a=1$$ and $$b=2$$,".
_JOINED_CLAUSE = re.compile(r"\s*(?:\band\b|且|和|以及)\s*\$\$([^$\n]+)\$\$")  # a comma ends the clause
#: What may follow the clause on its line: a comma or colon, or nothing (the sentence goes on below).
_CLAUSE_ENDS = re.compile(r"\s*(?:[,:，：]|时|then\b|$)", re.IGNORECASE)
#: Words before the opening that end in a comma: "For example, if", "举个实际例子，若", "In this case, when".
_LEAD_IN = re.compile(r"^[^$]{0,40}?[,，:：]\s*")


def opens_condition(opening: str) -> bool:
    """Whether ``opening`` (a sentence up to its first formula) opens a condition, perhaps after a lead-in.

    >>> opens_condition("For example, if"), opens_condition("举个实际例子，若"), opens_condition("For example,")
    (True, True, False)
    >>> opens_condition("Unless"), opens_condition("For $t < 0$ it fails, but for")
    (True, True)
    """
    last = _last_piece(opening)  # "For $t<0$ it fails, but for": "but for"
    return bool(_OPENS.match(opening) or _OPENS.match(_LEAD_IN.sub("", opening, count=1)) or _OPENS.match(last)
                or _negated(opening))


def _last_piece(opening: str) -> str:
    """The words of ``opening`` after its last comma, semicolon or formula: "so suppose instead that"."""
    return re.split(r"[,，;；]|\$[^$]*\$", opening)[-1].strip()


def _negated(opening: str) -> bool:
    """Whether ``opening`` negates the clause's formula: "Unless", "If not", "For all $t$ except"."""
    return bool(_NEGATED.match(opening) or _NEGATED.match(_last_piece(opening)))


def plain_bridge(words: str) -> bool:
    """Whether ``words`` (between a clause's formulas and its display) only join the two.

    >>> plain_bridge(", we have"), plain_bridge(" 时，有"), plain_bridge(" does not hold, then")
    (True, True, False)
    >>> plain_bridge("不成立时")
    False
    """
    rest = _PLAIN_CHINESE.sub(" ", words)
    return all(word.lower() in _PLAIN_WORDS for word in re.findall(r"\w+", rest))


def stated_clauses(text: str) -> dict[int, Leading]:
    """The ``$$…$$`` of ``text`` that sit in a line of prose as a condition's clause ("**For** $$d=2$$, RoPE does
    …": kramdown's inline math), by line; the display's rows are the condition, stated, not claimed.

    >>> stated_clauses("**For** $$d=2$$, RoPE does the following:\\n\\n$$ x = 1 $$\\n")
    {1: Leading(words='For $$d=2$$,', formulas=('d=2',), plain=False)}
    >>> stated_clauses("For example, if $$x = 1$$ and $$y = 2$$\\n(a rotation):\\n")
    {1: Leading(words='For example, if $$x = 1$$ and $$y = 2$$', formulas=('x = 1', 'y = 2'), plain=True)}
    """
    found: dict[int, Leading] = {}
    for match in _CLAUSE_LINE.finditer(text):
        opening = " ".join(re.sub(r"[*_]", " ", match.group("opening")).split())
        if not opens_condition(opening):
            continue
        formulas, at = [match.group("formula").strip()], match.start("rest")
        while (joined := _JOINED_CLAUSE.match(text, at)) is not None:
            formulas.append(joined.group(1).strip())
            at = joined.end()
        rest = text[at:match.end()]
        plain = plain_bridge(rest) and not _NEGATED.match(opening)
        ends = _CLAUSE_ENDS.match(rest)
        if ends is None and not plain:
            continue
        shown = ends.group().strip()[:1] if ends else rest.rstrip()
        words = " ".join(f"{opening} {text[match.start('formula') - 2:at]}{shown}".split())
        found[text.count("\n", 0, match.start()) + 1] = Leading(words, tuple(formulas), plain)
    return found


def as_stated(result: DisplayResult, clause: Leading) -> DisplayResult:
    """``result`` for a display that is a condition's clause of a sentence: each claim of it is a condition stated."""
    note = f"the condition of a sentence ('{clause.words}'): stated, not claimed"
    links = tuple(replace(r, status="condition", verdict=None, note=note) if r.link.role == "claim" else r
                  for r in result.links)
    return display_result(result.read, links, result.conventions)


@dataclass(frozen=True)
class DocumentClauses:
    """The conditions a document's prose puts on its displays: ``leading`` by (cell or -1, line) of the display a
    clause runs into; ``stated`` by (line, body) of a display that is itself a clause ("**For** $$d=2$$,")."""

    leading: Mapping[tuple[int, int], Leading]
    stated: Mapping[tuple[int, str], Leading]


def document_clauses(document: Document, inlines: Sequence[Inline]) -> DocumentClauses:
    """The clauses of ``document`` (``inlines`` are its inline formulas): in a notebook, those of each Markdown cell;
    kramdown's inline ``$$…$$`` clauses in Markdown files only."""
    if document.format == "notebook":
        return DocumentClauses({(cell.index, line): found for cell in notebook_cells(document.text)
                                if cell.kind == "markdown" for line, found in
                                leading_clauses(cell.source, inline_formulas(cell.source, "markdown")).items()}, {})
    leading = {(-1, line): found for line, found in leading_clauses(document.text, inlines).items()}
    lines = document.text.splitlines()
    for display in (i for i in document.items if isinstance(i, Display)):
        if (-1, display.line) not in leading and (words := run_in_words(lines, display.line)):
            leading[(-1, display.line)] = Leading(words, (), False)  # "…; otherwise $$…$$": held back, not applied
    stated = stated_clauses(document.text) if document.kind == "markdown" else {}
    displays = [(i.line, i.body.strip()) for i in document.items if isinstance(i, Display)]  # in document order
    leading.update(_run_into(document.text.splitlines(), displays, stated))
    _carry_on(document.text.splitlines(), [i for i in document.items if isinstance(i, Display)], leading)
    return DocumentClauses(leading, {(line, formula): clause for line, clause in stated.items()
                                     for formula in clause.formulas})


def _run_into(lines: Sequence[str], displays: Sequence[tuple[int, str]],
              stated: dict[int, Leading]) -> dict[tuple[int, int], Leading]:
    """The displays a stated clause's sentence runs into ("**For** $$d=2$$, RoPE does the following:" and the
    display after it, or "When $$b=1$$, $$…$$" beside it): the clause is their condition too."""
    found = {}
    for line, clause in stated.items():
        beside = [n for n, (start, body) in enumerate(displays) if start == line and body == clause.formulas[-1]]
        if not beside:
            continue
        if any(start == line for start, _ in displays[beside[0] + 1:]):
            found[(-1, line)] = clause  # "When $$b=1$$, $$…$$": the displays of a line share its clause
        following = next((start for start, _ in displays[beside[0] + 1:] if start > line), None)
        ends = lines[line - 1].rstrip().endswith((":", "：")) or clause.plain
        if following is not None and ends and not any(text.strip() for text in lines[line:following - 1]):
            found[(-1, following)] = clause
    return found


#: What may stand between two displays that a clause governs together: "$$A$$ and $$B$$", "$$A$$, $$B$$", 以及.
_JOINS_DISPLAYS = re.compile(r"^[\s,，;；]*(?:(?:and|as\s+well\s+as|以及|和|及)[\s,，;；]*)?$", re.IGNORECASE)


def _carry_on(lines: Sequence[str], displays: Sequence[Display], leading: dict[tuple[int, int], Leading]) -> None:
    """Give the clause of a display to the displays that follow it with nothing but joining words between ("For
    $0<t<1$, we have $$A$$ $$B$$": both are claimed for 0 < t < 1). Across a blank line the next display may be a
    statement of its own: the clause holds its refutations back there, and is not applied."""
    for before, after in itertools.pairwise(displays):
        clause = leading.get((-1, before.line))
        if clause is None or (-1, after.line) in leading or after.line <= before.end_line:
            continue
        between = lines[before.end_line:after.line - 1]
        opening = lines[after.line - 1].lstrip()
        if not _DISPLAY_OPENS.match(opening) or not _CLOSES_LINE.search(lines[before.end_line - 1]) or \
                not _JOINS_DISPLAYS.match(" ".join(between)):
            continue
        paragraph = not any(not line.strip() for line in between)
        leading[(-1, after.line)] = clause if paragraph else replace(clause, plain=False)


#: A display's closing that ends its line: nothing after it but a punctuation mark.
_CLOSES_LINE = re.compile(r"(?:\$\$|\\\]|\\end\{[^{}]*\})\s*[,.;]?\s*$")


def clause_names(leading: Leading, scope: DocumentScope) -> frozenset[str] | None:
    """The names the formulas of a clause hold (``t = 3``: t), or None where a side of one is not read or the clause
    has no formula ("otherwise": it may bound any name)."""
    if not leading.formulas:
        return None
    found: set[str] = set()
    for formula in leading.formulas:
        for side in re.split(ORDER_RELATION.pattern + r"|\\in(?![A-Za-z])", formula):
            try:
                found |= {str(s) for s in getattr(from_latex(side, scope), "free_symbols", set())}
            except Exception:  # a side the reader refuses (Unreadable, an interval): names not known
                return None
    return frozenset(found)


def stated_relations(leading: Leading, scope: DocumentScope) -> tuple[sympy.Basic, ...] | None:
    """The relations of a leading clause, read in ``scope`` and said once; None where one is not read or they
    hold together at no point tried (a claim is never proven vacuously under them)."""
    if not leading.plain:
        return None  # "If $t > 0$ does not hold, then": the words after the formula change what it says
    found: list[sympy.Basic] = []
    for formula in leading.formulas:
        relations = relations_of(formula, lambda side: from_latex(side, scope))
        if relations is None:
            return None
        found.extend(relations)
    if not hold_together(tuple(found)):
        return None
    scope.note(f"leading:{scope.line}", f"read {', '.join(leading.formulas)} as the condition of the display below "
               f"it (the sentence before it: '{leading.words}')")
    return tuple(found)
