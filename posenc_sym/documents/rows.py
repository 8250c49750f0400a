"""Split a display's body into rows (at ``\\\\``), each with its offset, wrappers blanked out.

Wrappers that only lay out (``aligned``, ``split``, ``gathered``, and ``align`` or ``equation``
inside ``$$``, which MathJax accepts), labels, tags and a final
punctuation mark are replaced by spaces of the same length, so every offset still points into the
original body and so to a line of the document.

>>> [(r.text.strip(), r.offset) for r in split_rows(r"\\begin{aligned} a &= b \\\\ &= c. \\end{aligned}")]
[('a &= b', 16), ('&= c', 26)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..notation.vocabulary import BOLD, LATEX_GREEK, PROSE_WORDS
from .alternatives import OR_FIRST
from .column_pairs import column_pairs
from .named_words import names_a_quantity
from .row_ends import ANY_RELATION, formula_span

__all__ = ["RowText", "split_rows"]

_WRAPPERS = re.compile(
    r"\\begin\{(?:alignedat|array)\*?\}\{[^{}]*\}"  # only these take an argument: {2}, {rcl}
    r"|\\(?:begin|end)\{(?:aligned|split|gathered|alignedat|array|align|gather|equation|multline|flalign)\*?\}"
    r"|\\label\s*\{[^{}]*\}|\\tag\s*\*?\s*\{[^{}]*\}|\\nonumber|\\notag"
    # an equation number typed by hand at the end of a row, after a wide space: x = y \qquad (8)
    r"|\\q?quad\s*\(\s*\d+(?:\.\d+)*[a-z]?\s*\)\s*(?=\\\\|$)"
)


@dataclass(frozen=True)
class RowText:
    """The text of one row and the offset of its first character in the display body."""

    text: str
    offset: int
    note: str = ""  # the justification in words blanked out of the row (``by angle addition``)

    @property
    def blank(self) -> bool:
        return not self.text.strip()


# Prose beside the math (``\quad \text{by angle addition}``), but not a name's subscript (d_{\text{model}}).
_PROSE = re.compile(r"\\(?:text|mbox|textrm|intertext)\{[^{}]*\}")
_ENDS_ROW = re.compile(r"\s*(?:\\(?:quad|qquad|,|;)\s*)*(?:\\\\|&|[,.;]?\s*$)")
_NEWLINE = re.compile(r"\\newline(?![A-Za-z])")
_SPACING_AFTER_BREAK = re.compile(r"(?<=\\\\)\s*\[\s*-?[\d.]+\s*(?:pt|em|ex|mm|cm|in|mu|bp)\s*\]")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


_CASES_BEGIN = re.compile(r"\\begin\{[dr]?cases\*?\}")


def _in_condition_cell(text: str, at: int) -> bool:
    r"""True if ``at`` is in the condition cell of a ``cases`` row (after its ``&``): ``i \text{ is even}``
    conditions the case; its words are never a remark to drop."""
    opened = [m.end() for m in _CASES_BEGIN.finditer(text, 0, at)]
    if not opened or text.rfind("\\end{", opened[-1], at) != -1:
        return False
    row = max(opened[-1], text.rfind("\\\\", opened[-1], at))
    return "&" in text[row:at]


def _blank_prose(text: str) -> str:
    r"""Blank a justification in words at the end of a row: ``\quad \text{by angle addition}``, or a
    parenthesised remark that opens with one, ``(\text{since } x > 0)``.

    Only prose (a text with a space in it) that ends its row is blanked: ``\text{sign}(x)`` is a
    name, and ``a = b \text{ and } c = d`` stays unreadable rather than read as ``a = b c = d``.
    """
    chars = list(text)
    for match in _PROSE.finditer(text):
        before = text[:match.start()].rstrip()
        if " " not in match.group() or before.endswith(("_", "^", "_{", "^{")) or _RELATION_BEFORE.search(before) \
                or names_a_quantity(match.group(), text[match.end():], before):
            continue  # a name in words: d_{\text{model}}, w < \text{max length}, \text{factor} * \text{seq len}
        if _CONDITION.match(match.group()) or _in_condition_cell(text, match.start()):
            continue  # a = b \text{ if } x > 0, & i \text{ is even}: a condition, which must not be dropped
        start, end = match.start(), match.end()
        if _QUANTIFIER.match(match.group()):
            end = _end_of_row(text, end)  # a = b \text{ for all } h: the quantified name is prose too
            if ANY_RELATION.search(text, match.end(), end) or re.search(r"\\in(?![A-Za-z])", text[match.end():end]):
                continue  # h(t) = 1 \text{ for all } t > 0: a condition, never dropped (the row is not read)
        opened = re.search(r"\(\s*$", text[:start])
        if opened:
            close = _matching_parenthesis(text, opened.start())
            if close is not None:
                start, end = opened.start(), close + 1
        if _ENDS_ROW.match(text, end):
            chars[start:end] = " " * (end - start)
    for match in _FORALL_NAMES.finditer(text):
        if _ENDS_ROW.match(text, match.end()):
            chars[match.start():match.end()] = " " * (match.end() - match.start())
    for match in _REMARK.finditer(text):
        start = match.start("remark") if match.group("remark") else match.start("wide")
        if _ENDS_ROW.match(text, match.end()) or re.match(r"\s*,", text[match.end():]):
            chars[start:match.end()] = " " * (match.end() - start)
    return "".join(chars)


# A remark in words in parentheses after a number, ``b = 10000 (usually)``, ``10000 (通常)``, or in full-width
# parentheses after anything, ``（通常）``: prose, never a product 10000·usually. Only words (a run of
# letters, or CJK text) and their punctuation: a word of five letters or more, or two words. ``(t + 1)``,
# ``(pos)`` and ``(base)`` may be a product with a name, and stay math; so does ``(input)`` after a name.
# A remark that opens with a condition word is a condition, never dropped (w = 1 (if positive)).
_CONDITION_WORDS = r"(?:if|when|whenever|with|unless|provided|given|assuming|otherwise|only|such|s\.\s?t\.|for)\b"
_CJK = "\u3000-\u303f\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e"
_REMARK = re.compile(rf"(?<![\^_{{\d])\d+\s*(?P<remark>\((?!\s*{_CONDITION_WORDS})"
                     rf"(?=[^()]*(?:[A-Za-z]{{5}}|[A-Za-z]{{2}}\s+[A-Za-z]{{2}}|[{_CJK}]))[A-Za-z{_CJK}\s.,;:'-]*\))"
                     r"|(?P<wide>（(?![^（）]*(?:当|若|如果|仅|只有|其中))[^（）=<>\\]*）)")


_RELATION_BEFORE = re.compile(r"(?:[=<>]|\\(?:le|ge|leq|geq|ne|neq|lt|gt|approx))\s*$")
# Only a universal quantifier may be dropped with what it quantifies (a = b \text{ for all } h): the row
# then states the same. A condition (if, when, for x > 0, ...) dropped would make a row, or a definition,
# say more than the text does (w_x = 1 \text{ if } x > 0 read as w_x = 1 for every x).
_QUANTIFIER = re.compile(r"\\\w+\{\s*for\s+(?:all|every|any|each)\b")
#: ``\quad \forall n, i`` after a row: names only, which the row holds for anyway (a range, ``\forall x > 0``, or
#: ``\forall x \in S`` is a condition, and stays).
_NAME = r"(?:[A-Za-z]|\\[A-Za-z]+)(?:_(?:\{[^{}]*\}|\w))?"
_FORALL_NAMES = re.compile(rf"(?<=[\s,;])\\forall(?![A-Za-z])\s*{_NAME}(?:\s*,\s*{_NAME})*")
_CONDITION = re.compile(r"\\\w+\{\s*\(?\s*(?:(?:if|when|whenever|with|unless|provided|given|assuming|otherwise|such|"
                        r"s\.\s?t\.|for(?!\s+(?:all|every|any|each)\b))\b|当|若|如果|仅|只有)")


def _end_of_row(text: str, start: int) -> int:
    """Where the row that ``start`` is in ends: the next ``\\\\`` or ``&`` outside braces, or the end."""
    depth = 0
    for n in range(start, len(text)):
        depth += (text[n] == "{") - (text[n] == "}")
        if depth < 0 or (depth == 0 and (text.startswith("\\\\", n) or text[n] == "&")):
            return n
    return len(text)


def _matching_parenthesis(text: str, opening: int) -> int | None:
    depth = 0
    for n in range(opening, len(text)):
        depth += (text[n] == "(") - (text[n] == ")")
        if depth == 0:
            return n
    return None


#: A system of statements, one a row, around the whole display: ``\begin{cases} a = b \\ c = d \end{cases}``
#: or ``\left\{ \begin{aligned} … \end{aligned} \right.`` (the brace, the environment, the closing dot).
# A system may sit inside an equation environment of its own (Su Jianlin's posts: \begin{equation}\left\{\begin{aligned}
# … \end{aligned}\right.\end{equation} inside $$): that wrapper is layout, blanked with the others.
_SYSTEM = re.compile(r"^\s*(?:\\begin\{equation\*?\}\s*)?"
                     r"(?P<open>(?:\\left\s*\\\{\s*)?\\begin\{(?P<env>cases|aligned|array|gathered|matrix)\}"
                     r"(?:(?<=\{array\})\{[^{}]*\})?)(?P<rows>.*)"
                     r"(?P<close>\\end\{(?P=env)\}(?:\s*\\right\s*\.)?)(?:\s*\\(?:tag|label)\*?\s*\{[^{}]*\})*"
                     r"\s*(?:\\end\{equation\*?\}\s*)?[,.;]?\s*(?:\\\\\s*)?$",
                     re.DOTALL)


def _system(body: str) -> str:
    r"""``body`` with the wrapper of a system blanked: a ``cases`` (or ``\left\{`` … ``\right.``) around
    the whole display whose every row states a relation is its rows, each a statement. A ``cases``
    whose values are not relations (a function by cases) is left alone, and so is one with ``&`` in a
    row (values and conditions in columns), except in ``aligned``, where ``&`` only aligns.

    >>> _system(r"\begin{cases} a = b \\ c < d \end{cases}").split()
    ['a', '=', 'b', '\\\\', 'c', '<', 'd']
    >>> _system(r"\left\{\begin{array}{ll} a = b & \\ c = d \\ \end{array} \right.").split()
    ['a', '=', 'b', '&', '\\\\', 'c', '=', 'd', '\\\\']
    >>> _system(r"\left\{\begin{aligned} &a = b \\ &c = d \end{aligned}\right. \tag{1}").split()
    ['&a', '=', 'b', '\\\\', '&c', '=', 'd', '\\tag{1}']
    >>> by_cases = r"\begin{cases} 1 & x > 0 \\ 0 & x \le 0 \end{cases}"
    >>> _system(by_cases) == by_cases
    True
    """
    match = _SYSTEM.match(body)
    if match is None:
        return body
    rows = [r for r in _depth_zero_rows(match.group("rows")) or [] if r.strip()]
    if match.group("env") in ("matrix", "array") and len(rows) > 1 and all(_EQNARRAY.search(r) for r in rows):
        # \begin{matrix} Q &=& HW_q \\ K &=& HW_K \end{matrix}: a matrix used to align rows, eqnarray-style
        inner = _EQNARRAY.sub(lambda m: m.group(0)[:-1] + " ", match.group("rows"))
        return (body[:match.start("open")] + " " * len(match.group("open")) + inner
                + " " * len(match.group("close")) + body[match.end("close"):])
    if match.group("env") != "cases" and not match.group("open").lstrip().startswith("\\left"):
        return body
    aligned = match.group("env") == "aligned"
    if len(rows) < 2 or any(ANY_RELATION.search(r) is None or (_in_columns(r) and not aligned) for r in rows):
        return body
    return (body[:match.start("open")] + " " * len(match.group("open")) + match.group("rows")
            + " " * len(match.group("close")) + body[match.end("close"):])


#: What follows an ``&`` that aligns a row at its relation (``&=``, ``& \le``), not a column of its own.
_ALIGNING = re.compile(r"(?:=|<|>|\\(?:le|ge|leq|geq|neq|approx|equiv)(?![A-Za-z]))")


#: A row aligned eqnarray-style, its relation between two ampersands: ``Q &=& HW_q``.
_EQNARRAY = re.compile(r"&\s*(?:=|<|>|\\(?:le|ge|leq|geq|approx)(?![A-Za-z]))\s*&")


def _in_columns(row: str) -> bool:
    """True if ``row`` puts something after an ``&`` (a condition in a column); an ``&`` before nothing (``p = \\sin x
    & \\\\``, an array's empty second column) only ends the row's first cell."""
    after = row.split("&", 1)[1].strip(" \t\n&") if "&" in row else ""
    # P_{i,2t} &= \sin(…): an & before the relation only aligns the rows, as in aligned
    return bool(after) and not _ALIGNING.match(after)


def _depth_zero_rows(text: str) -> list[str] | None:
    """``text`` split at ``\\\\`` outside braces and environments; None if a group closes that it did
    not open (``\\begin{cases} a \\end{cases} = \\begin{cases} b``: two systems, not one)."""
    rows, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text.startswith("\\begin", i) or text[i] == "{":
            depth += 1
        elif text.startswith("\\end", i) or text[i] == "}":
            depth -= 1
            if depth < 0:
                return None
        elif text.startswith("\\\\", i) and depth == 0:
            rows.append(text[start:i])
            start = i + 2
            i += 2
            continue
        elif text[i] == "\\":
            i += 2
            continue
        i += 1
    return [*rows, text[start:]]


#: What opens a matrix or cases written as an array: ``\left(\begin{array}{cc}``, ``\left\{\begin{array}{ll}``.
_DELIMITER_BEFORE = re.compile(r"(?:\\left\s*(?:\(|\[|\\\{|\\lbrack)|\\[bB]igg?l?\s*(?:\(|\[)|\(|\[)\s*$")
_BRACE_BEFORE = re.compile(r"(?:\\left\s*)?\\\{\s*$")


def _blank_wrappers(text: str) -> str:
    r"""``text`` with its layout wrappers blanked; an ``array`` inside delimiters is a matrix (Mathpix and Zhihu write
    ``\left(\begin{array}{cc} a & b \\ c & d \end{array}\right)``) or cases, and is kept for the reader; so is an
    ``aligned`` after a brace (``\left\{\begin{aligned} … \end{aligned}\right.``: cases).

    >>> _blank_wrappers(r"\begin{array}{l} x = \left(\begin{array}{c} 1 \end{array}\right) \end{array}").split()
    ['x', '=', '\\left(\\begin{array}{c}', '1', '\\end{array}\\right)']
    >>> _blank_wrappers(r"\begin{aligned} f = \left\{\begin{aligned} 1 \end{aligned}\right. \end{aligned}").split()
    ['f', '=', '\\left\\{\\begin{aligned}', '1', '\\end{aligned}\\right.']
    """
    kept: dict[str, list[bool]] = {"array": [], "aligned": []}  # for each array (aligned) open: whether it is kept

    def wrapper(match: re.Match[str]) -> str:
        found = match.group()
        for kind, before in (("array", _DELIMITER_BEFORE), ("aligned", _BRACE_BEFORE)):
            if found.startswith(f"\\begin{{{kind}}}"):
                kept[kind].append(bool(before.search(text, 0, match.start())))
                return found if kept[kind][-1] else _blank(match)
            if found.startswith(f"\\end{{{kind}}}") and kept[kind]:
                return found if kept[kind].pop() else _blank(match)
        return _blank(match)

    return _WRAPPERS.sub(wrapper, text)


# {PE}_{(pos,2i)}: a name braced on its own before its subscript, as some notes write it (not an argument: no
# command, script or group just before the brace; not \{, an escaped brace, but after \\, a row's end)
_BRACED_NAME = re.compile(r"(?<![A-Za-z0-9}^_\s])(?<!(?<!\\)\\)(\s*)\{([A-Za-z]+|\\[A-Za-z]+)\}(?=\s*[_^])")


def _unbraced_names(text: str) -> str:
    r"""``text`` with the braces around a name before its script blanked (``{PE}_{(pos,2i)}`` is ``PE_{(pos,2i)}``).

    >>> _unbraced_names(r"{PE}_{(pos,2i)} = x + {\sigma}^2 \frac{a}{b}_c \\{PE}_1 \{a\}_1")
    '  PE_{(pos,2i)} = x +   \\sigma^2 \\frac{a}{b}_c \\\\  PE_1 \\{a\\}_1'
    """
    return _BRACED_NAME.sub(lambda m: f"{m.group(1)}  {m.group(2)}", text)  # the spaces first: PE_ stays joined


def split_rows(body: str) -> list[RowText]:
    """The non-blank rows of ``body`` (split at ``\\\\`` outside braces and environments)."""
    body = _NEWLINE.sub("\\\\\\\\" + " " * 6, body)  # \newline ends a row, as \\ does (MathJax reads it so)
    with_prose = _unbraced_names(_blank_wrappers(_system(body)))
    prose_blanked = _blank_prose(with_prose)
    text = _SPACING_AFTER_BREAK.sub(_blank, prose_blanked)
    rows: list[RowText] = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        if text.startswith("\\begin", i):
            depth += 1
        elif text.startswith("\\end", i):
            depth -= 1
        elif text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        elif text.startswith("\\\\", i) and depth == 0 and (joined := _continues(text, i + 2,
                                                                                 _open_formula(text[start:i]))):
            # One formula broken over two lines: join them, the break and the new line's '&' blanked.
            text = text[:i] + re.sub(r"[^\n]", " ", text[i:joined]) + text[joined:]
            i = joined
            continue
        elif text.startswith("\\\\", i) and depth == 0:
            rows.append(RowText(text[start:i], start, _notes(with_prose, prose_blanked, start, i)))
            start = i + 2
            i += 2
            continue
        elif text[i] == "\\":
            i += 2  # an escaped character (\{, \\) never opens or closes a group
            continue
        i += 1
    rows.append(RowText(text[start:], start, _notes(with_prose, prose_blanked, start, len(text))))
    return [_trim(RowText(part.text[start:end], part.offset + start, part.note)) for r in rows if not r.blank
            for part in _side_by_side(r, with_prose) for start, end in column_pairs(part.text)]


_WIDE_SPACE = re.compile(r"\\q?quad(?![A-Za-z])|(?:\\[;:]\s*){2,}")
#: Commands that start a name (a Greek letter, a bold or accented name); any other (\\left, \\Big, \\textit,
#: \\operatorname, an arrow) starts no statement of its own.
_NAME_COMMANDS = frozenset({*LATEX_GREEK, *BOLD, "\\vec", "\\hat", "\\tilde", "\\bar", "\\overline",
                            "\\widetilde", "\\widehat", "\\overrightarrow", "\\mathcal"})
_HEAD = re.compile(r"\s*,?\s*(\\?[A-Za-z]+)(?=\s*(?:[_({^]|:?=))")


def _side_by_side(row: RowText, with_prose: str) -> list[RowText]:
    r"""``row`` split where a wide space (``\quad``, ``\qquad``, ``\;\;``) sets two statements side by side: the
    paper's pair ``PE_{(pos,2i)} = \sin x \quad PE_{(pos,2i+1)} = \cos x``, or ``Q = XW_Q \;\;\; K = XW_K``. Each part
    has a relation and starts with a name: the first part's again, or one the first part does not write. A wide space
    before a condition, a range of the first part's index (``x_i = 2i \quad i = 0, 1``), words (``\quad \text{for }
    i = 1``) or an aside stays in its row. ``with_prose`` is the display's text before its words were blanked.

    >>> [r.text for r in _side_by_side(RowText(r"PE_{(p,2i)} = \sin p, \quad PE_{(p,2i+1)} = \cos p", 0), "")]
    ['PE_{(p,2i)} = \\sin p, ', ' PE_{(p,2i+1)} = \\cos p']
    >>> [r.text for r in _side_by_side(RowText(r"Q = XW_Q \;\;\; K = XW_K", 0), "")]
    ['Q = XW_Q ', 'K = XW_K']
    >>> [len(_side_by_side(RowText(text, 0), "")) for text in (r"x_i = 2i \quad i = 0, 1", r"x = 1 \quad x")]
    [1, 1]
    """
    head = _HEAD.match(row.text)
    if head is None:
        return [row]
    cuts: list[tuple[int, int]] = []
    depth = at = 0
    while at < len(row.text):
        char = row.text[at]
        depth += (char in "{(") - (char in "})")
        wide = _WIDE_SPACE.match(row.text, at) if depth == 0 and char == "\\" else None
        if wide is None:
            at += 1
            continue
        if (after := _HEAD.match(row.text, wide.end())) is not None and \
                _another_statement(row, with_prose, head.group(1), after, (cuts[-1][1] if cuts else 0, at)):
            cuts.append((at, wide.end()))
        at = wide.end()
    bounds = [0, *(b for cut in cuts for b in cut), len(row.text)]
    parts = [(bounds[k], bounds[k + 1]) for k in range(0, len(bounds), 2)]
    if len(parts) < 2 or not all(ANY_RELATION.search(row.text, a, b) for a, b in parts):
        return [row]
    return [RowText(row.text[a:b], row.offset + a, row.note) for a, b in parts]


def _another_statement(row: RowText, with_prose: str, first: str, after: re.Match[str],
                       before: tuple[int, int]) -> bool:
    """True if the name ``after`` matched starts a statement of its own: no words were blanked before it, it is a
    name (a letter run or a Greek, bold or accented one; not ``\\left``, ``\\Big``, ``\\textit``), and it is the
    first statement's name with another subscript or arguments (``PE_{(pos,2i+1)}``; ``g(x) = 2`` after ``g(x) =
    x^2 + 1`` is an equation about g, not a second definition) or a name the part ``before`` it does not write."""
    gap = with_prose[row.offset + after.start():row.offset + after.start(1)] if with_prose else ""
    if gap.strip(" \t\n,") or OR_FIRST.match(row.text[after.start(1):]):
        return False  # words before it, or "or" (\textbf{or}): the first part's clause, or its alternative
    name = after.group(1)
    if (name.startswith("\\") and name not in _NAME_COMMANDS) or name.lower() in PROSE_WORDS:
        return False
    if name == first:
        return _left_side(row.text, before[0]) != _left_side(row.text, after.start(1))
    return re.search(rf"(?<![A-Za-z\\]){re.escape(name)}(?![A-Za-z])", row.text[before[0]:before[1]]) is None


def _left_side(text: str, start: int) -> str:
    """The left side of the statement that starts at ``start``, spaces dropped (``PE_{(pos,2i)}``, ``g(x)``)."""
    relation = ANY_RELATION.search(text, start)
    return "".join(text[start:relation.start() if relation else len(text)].split())


_CONTINUATION = re.compile(r"(?:\s|&|\\(?:quad|qquad|[,;:! ]))*(\+|-|\\cdot(?![A-Za-z])|\\times(?![A-Za-z]))")


def _open_formula(row: str) -> bool:
    """True for a row that holds no relation: the first line of a formula broken over lines (multline)."""
    return bool(row.strip()) and ANY_RELATION.search(row) is None


def _continues(text: str, start: int, open_above: bool = False) -> int:
    r"""Where the row starting at ``start`` carries on the formula above, or 0 if it does not: a row
    opening with ``+``, ``\cdot`` or ``\times`` (``a &= b \\ &\quad + c``), or with ``-`` and holding no
    relation of its own, gives the offset of that operator.

    A new statement never opens with ``+``; one opening with ``-`` (``-x = -1``) has a relation.
    Splitting such a row off instead would check ``0 \le x^2 \\ - 1`` as ``0 \le x^2``.

    >>> _continues(r"a \\ &\quad + c", 4), _continues(r"a \\ -x = 1", 4), _continues(r"a \\ - 1", 4)
    (12, 0, 5)
    """
    match = _CONTINUATION.match(text, start)
    if match is None:
        return 0
    if match.group(1) != "-" or open_above:
        return match.start(1)  # after a line with no relation, even "- x = y" carries that line on
    end = text.find("\\\\", match.end())
    return 0 if ANY_RELATION.search(text, match.end(), end if end >= 0 else len(text)) else match.start(1)


def _notes(with_prose: str, prose_blanked: str, start: int, end: int) -> str:
    """The justification blanked out between ``start`` and ``end``, as words: ``since x > 0``."""
    changed = [i for i in range(start, end) if with_prose[i] != prose_blanked[i]]
    regions: list[list[int]] = []
    for i in changed:
        if regions and not with_prose[regions[-1][1] + 1:i].strip():
            regions[-1][1] = i
        else:
            regions.append([i, i])
    words = [_PROSE.sub(lambda m: m.group()[m.group().index("{") + 1:-1], with_prose[a:b + 1]) for a, b in regions]
    return " ".join(" ".join(w.strip().strip("（）").removeprefix("(").removesuffix(")") for w in words).split())


def _trim(row: RowText) -> RowText:
    """The row without what opens or ends it and is not its formula (:mod:`.row_ends`).

    >>> _trim(RowText(r"  a = b, \\quad ", 0))
    RowText(text='a = b', offset=2, note='')
    """
    start, end = formula_span(row.text)
    return RowText(row.text[start:end], row.offset + start, row.note)
