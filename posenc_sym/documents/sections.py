r"""Where the index i ends: a note that indexes with i in one section (``PE_{(pos,2i)}``) and writes the complex
form of RoPE in another (``q_m e^{\mathrm{i} m\theta}`` typed ``e^{im\theta}``) means the imaginary unit there.

The index reading of ``i`` (:mod:`.conventions`) is the document's; inside a section (a Markdown heading, a
LaTeX ``\section``) that has not yet indexed with i, up to a display, ``i`` is read as the imaginary unit
instead, said with the line. Where the section has indexed with i before the display, or the display itself
does (``e^{i m\theta_i}``), the reading stays the index's, and an ``e^{i…}`` is refused as before. A declared
``i`` is never read by a convention. A notebook is one section (its cells' lines are the cells' own).

>>> text = "# A\n$$PE_{(pos,2i)} = \\sin(pos)$$\n# B\n$$e^{i t} = \\cos t + i \\sin t$$\n"
>>> sections = IndexSections(text, "markdown", [(2, "PE_{(pos,2i)} = \\sin(pos)"), (4, "e^{i t} = \\cos t")], [2, 4])
>>> sections.indexes_i_by(2), sections.indexes_i_by(4)
(True, False)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from ..notation.read_tokens import Unreadable, tokenize
from ..notation.vocabulary import LATEX_GREEK
from .prose import counted_names
from .survey import survey

__all__ = ["IndexSections", "complex_form_in_i", "exponential_in_i", "heading_lines", "unit_display",
           "unit_display_in_j", "unit_term_in_i"]

_MARKDOWN_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_VERBATIM_BEGIN = re.compile(r"\\begin\{(?:verbatim|lstlisting|minted)\*?\}")
_VERBATIM_END = re.compile(r"\\end\{(?:verbatim|lstlisting|minted)\*?\}")
#: An index's range or membership written in a formula: i = 0, 1, …; 0 \le i; i \in [0, d/2).
_RANGED_I = re.compile(r"(?<![A-Za-z\\])i\s*=\s*-?[0-9]+\s*,|\\le(?:q)?\s*i(?![A-Za-z])|(?<![A-Za-z\\])i\s*\\in\b")
#: Other ways a formula indexes with i: a component label ``x^{(i)}``, an element ``w[i]``, a run of indices ``A_{ij}``,
#: an accented or bracketed name's subscript, ``i^{th}``, a pair ``(i, j)``, a value ``i = 3``.
_I_AS_INDEX = re.compile(r"\^\s*\{\s*\(\s*i\s*\)\s*\}|\[\s*i\s*\]|_\s*\{\s*[a-z]?i[a-z]?\s*\}"
                         # \hat{w}_i, [\mathbf{x}]_i: a subscript after an accent's or a bracket's close; i^{th}
                         r"|[}\]]\s*_\s*i(?![A-Za-z])|(?<![A-Za-z\\])i\s*\^\s*\{?\s*(?:\\text\s*\{)?\s*th\b"
                         # (i, j) a pair of positions; i = 3 a value of it
                         r"|^\s*\(\s*i\s*,\s*[a-z]\s*\)\s*$|^\s*i\s*=\s*\d+\s*$")
#: Prose that speaks of an index i: "For token $i$", "Here $i$ is the index of the head", "row $i$", "第 $i$ 个".
_INDEX_I_WORDS = re.compile(r"(?:\b(?:token|head|row|column|entry|element|pair|dimension|position|layer|word|step|"
                            r"query|key)s?\s+\$i\$)|(?:\$i\$[^.$]{0,40}\b(?:index|indices|indexes|counts?|"
                            r"runs? over)\b)|第\s*\$i\$", re.IGNORECASE)
_LATEX_HEADING = re.compile(r"^\s*\\(?:part|chapter|section|subsection|subsubsection)\*?\{")


def heading_lines(text: str, kind: str) -> list[int]:
    """The lines (1-based) of the document's headings; a ``#`` line inside fenced code (closed only by a fence
    of its own character, at least as long) is code, and so is a ``\\section`` inside ``verbatim``."""
    lines: list[int] = []
    fence = ""  # the open fence, "" outside code
    for number, line in enumerate(_without_comments(text).splitlines(), start=1):
        if kind == "markdown":
            opened = _FENCE.match(line)
            if opened and not fence:
                fence = opened.group(1)
            elif opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) \
                    and not line.strip()[len(opened.group(1)):].strip():
                fence = ""
            elif not fence and _MARKDOWN_HEADING.match(line):
                lines.append(number)
        elif _VERBATIM_BEGIN.search(line):
            fence = "verbatim"
        elif _VERBATIM_END.search(line):
            fence = ""
        elif not fence and _LATEX_HEADING.match(line):
            lines.append(number)
    return lines


def _without_comments(text: str) -> str:
    """``text`` with its HTML comments (``<!-- # TODO -->``) blanked, their lines kept: a ``#`` there is no heading."""
    return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.DOTALL)


def exponential_in_i(formula: str) -> bool:
    """True if ``formula`` raises e to a power that opens with i (``e^{im\\theta}``, ``\\exp(-i t)``): the complex form.

    >>> exponential_in_i(r"q_me^{i m \\theta}"), exponential_in_i(r"\\exp(-i t)")
    (True, True)
    >>> exponential_in_i(r"(-1)^i = \\cos(\\pi i)"), exponential_in_i(r"e^{x} i")
    (False, False)
    >>> exponential_in_i(r"e^{mi\\theta}"), exponential_in_i(r"e^{(m - n)i\\theta}"), exponential_in_i(r"e^{2i\\theta}")
    (True, True, False)
    """
    try:
        tokens = [t.text for t in tokenize(formula)]
    except Unreadable:
        return False
    for n, text in enumerate(tokens):
        after: list[str] = []
        if text == "e" and tokens[n + 1:n + 2] == ["^"] and _unit_before_angle(tokens, n + 2):
            return True
        if text == "e" and tokens[n + 1:n + 2] == ["^"]:  # e^{i…}, also q_me^{im\theta}: the letter e
            after = tokens[n + 2:n + 5]
        elif text == "\\exp":
            after = tokens[n + 1:n + 4]
        after = [t for t in after if t not in ("{", "(", "-", "\\left")]
        if after[:1] == ["i"]:
            return True
    return False


def _unit_before_angle(tokens: list[str], at: int) -> bool:
    """True if the braced exponent opening at ``tokens[at]`` multiplies an angle (a Greek letter) by i (``{mi\\theta}``,
    ``{(m-n)i\\theta}``): the complex form written with i inside the product; never ``{2i\\theta}``, whose i
    follows a number as an index's pair (2i) does."""
    if tokens[at:at + 1] != ["{"]:
        return False
    depth = 0
    for n in range(at, len(tokens)):
        depth += (tokens[n] == "{") - (tokens[n] == "}")
        if depth == 0:
            return False
        if tokens[n] == "i" and n + 1 < len(tokens) and tokens[n + 1] in LATEX_GREEK and \
                not tokens[n - 1][:1].isdigit():
            return True
    return False


#: What a term may be after the imaginary unit in ``x + iy``, ``\cos t + i\sin t``, ``x - i y``.
_AFTER_UNIT = re.compile(r"[A-Za-z]|\\(?:sin|cos|omega|theta|phi|varphi|alpha|beta)|\\cdot|\*")
#: What ends the term ``bi`` of ``a + bi``.
_TERM_END = frozenset({"", "+", "-", ")", "]", "=", ",", "\\\\", "&", "\\right"})


def unit_term_in_i(formula: str) -> bool:
    r"""True if ``formula`` adds i times a letter or a function (``x + iy``, ``\cos t + i\sin t``), or raises e to a
    power that opens with i: the complex forms no index writes (an index's ``k + 2i`` is ``a + bi`` in form).

    >>> unit_term_in_i(r"(\cos t + i \sin t)^2"), unit_term_in_i(r"j = k + 2i"), unit_term_in_i(r"e^{i t}")
    (True, False, True)
    """
    if exponential_in_i(formula):
        return True
    try:
        tokens = [t.text for t in tokenize(formula)]
    except Unreadable:
        return False
    return any(text == "i" and n and tokens[n - 1] in ("+", "-") and n + 1 < len(tokens)
               and _AFTER_UNIT.fullmatch(tokens[n + 1]) is not None for n, text in enumerate(tokens))


def complex_form_in_i(formula: str) -> bool:
    r"""True if ``formula`` writes a complex number with i: an exponential (:func:`exponential_in_i`), ``x + iy``,
    ``\cos t + i\sin t``, or ``a + bi``. In a section that has not indexed with i, these read i as the unit.

    >>> complex_form_in_i(r"z = a+bi"), complex_form_in_i(r"(\cos t + i \sin t)^2"), complex_form_in_i(r"x - i y")
    (True, True, True)
    >>> complex_form_in_i(r"(-1)^i (-1)^i = 1"), complex_form_in_i(r"\sum_{i=0}^{n} a_i"), complex_form_in_i("i^2 = -1")
    (False, False, False)
    """
    if unit_term_in_i(formula):
        return True  # e^{i…}, x + iy, \cos t + i\sin t
    try:
        tokens = [t.text for t in tokenize(formula)]
    except Unreadable:
        return False
    return any(text == "i" and n >= 2 and tokens[n - 2] in ("+", "-") and re.fullmatch(r"[A-Za-z0-9]+", tokens[n - 1])
               and (tokens[n + 1] if n + 1 < len(tokens) else "") in _TERM_END
               for n, text in enumerate(tokens))  # a + bi


def _indexes_i(formula: str) -> bool:
    """True if ``formula`` indexes with i outside a sum (a subscript, a range, a pair 2i, 10000^{2i/d}, a case
    conditioned on the parity of i)."""
    roles = survey([formula])
    return ("i" in roles.indices and "i" not in roles.summed) or "i" in roles.ranged or "i" in roles.pairs \
        or "i" in roles.parities \
        or _RANGED_I.search(formula) is not None or _I_AS_INDEX.search(formula) is not None


def unit_display(formula: str) -> bool:
    r"""True if ``formula`` writes a complex number with i (:func:`complex_form_in_i`) and does not index with i itself
    (no subscript i, no sum over i, no pair 2i), nor raises e to a power an index's log-space form writes (a log, the
    width d): its i is the imaginary unit, as every reader takes it, whatever its section or a declaration does with i.

    >>> unit_display(r"\langle q e^{im\theta}, k e^{in\theta} \rangle = \mathrm{Re}[q k^* e^{i(m-n)\theta}]")
    True
    >>> unit_display(r"\sum_{i=0}^{d/2-1} q_i e^{i m \theta_i}"), unit_display(r"e^{-2i \ln(10000)/d}")
    (False, False)
    >>> unit_display(r"(\cos t + i\sin t)(x + iy)"), unit_display(r"PE_{(pos,2i)} = \sin(pos)")
    (True, False)
    """
    if not complex_form_in_i(formula) or _indexes_i(formula) or "i" in survey([formula]).summed:
        return False
    try:
        tokens = [t.text for t in tokenize(formula)]
    except Unreadable:
        return False
    if _i_in_another_power(tokens):
        return False  # 10000^{i/d}, 2^{-i}, (-1)^i: i in the power of a number is an index's, as a pair 2i is
    return not any(_log_space_exponent(tokens, n) for n, text in enumerate(tokens) if text in ("e", "\\exp"))


def unit_display_in_j(formula: str) -> bool:
    r"""True if ``formula`` writes a complex number with j as engineers write the unit (``e^{j\pi}``, ``a + jb``) and
    does not index with j itself: the reading :func:`unit_display` gives i, asked of j (the two letters swapped).

    >>> unit_display_in_j(r"e^{j \pi} = -1"), unit_display_in_j(r"\sum_{j=0}^{1} e^{j \theta_j}")
    (True, False)
    >>> unit_display_in_j("x_j = 1")
    False
    """
    swapped = re.sub(r"(?<![\\A-Za-z])([ij])(?![A-Za-z])", lambda m: "j" if m.group(1) == "i" else "i", formula)
    return unit_display(swapped)


def _i_in_another_power(tokens: list[str]) -> bool:
    """True if a bare i stands in the power of anything but e (``10000^{i/d}``, ``2^{-i}``, ``(-1)^i``)."""
    for n, text in enumerate(tokens):
        if text != "^" or n == 0 or tokens[n - 1] == "e":
            continue
        if tokens[n + 1:n + 2] == ["i"]:
            return True
        if tokens[n + 1:n + 2] == ["{"]:
            depth = 0
            for m in range(n + 1, len(tokens)):
                depth += (tokens[m] == "{") - (tokens[m] == "}")
                if depth == 0:
                    break
                if tokens[m] == "i" and tokens[m - 1] != "_":
                    return True
    return False


def _log_space_exponent(tokens: list[str], at: int) -> bool:
    """True if the power of e at ``tokens[at]`` (``e^{…}``, ``\\exp(…)``) holds a log or the width (``d``, ``D``): the
    form ``e^{-2i \\ln(b)/d}`` of an index's ``b^{-2i/d}``, where i may well be the index."""
    start = at + 2 if tokens[at] == "e" and tokens[at + 1:at + 2] == ["^"] else at + 1
    if start >= len(tokens) or tokens[start] not in ("{", "(", "\\left"):
        return False
    depth = 0
    for n in range(start, len(tokens)):
        depth += (tokens[n] in ("{", "(")) - (tokens[n] in ("}", ")"))
        if tokens[n] in ("\\ln", "\\log", "d", "D"):
            return True
        if depth == 0 and n > start:
            return False
    return False


#: Prose after a display that says what its names are: "where $\\theta_i = …$", "here", "with", 其中, 这里.
_EXPLAINS = re.compile(r"^\s*(?:[,.;:]\s*)?(?:where|here|with|in\s+which|其中|这里|此处)\b", re.IGNORECASE)


class IndexSections:
    """For each line, whether the section it is in has indexed with i by then."""

    def __init__(self, text: str, kind: str, formulas: Iterable[tuple[int, str]],
                 displays: Iterable[int] = ()) -> None:
        self.starts = [0, *heading_lines(text, kind)]
        self.displays = sorted(displays)
        lines = self.lines = text.splitlines()
        self.first: dict[int, int] = {}  # section -> the first line that indexes with i in it
        for line, formula in sorted(formulas):
            section = self._section(line)
            if section not in self.first and _indexes_i(formula):
                self.first[section] = line
        for n, start in enumerate(self.starts):  # "the $i$-th token" in the section's prose, from its line on
            end = self.starts[n + 1] if n + 1 < len(self.starts) else len(lines) + 1
            counted = next((number for number in range(max(start, 1), end)
                            if "i" in counted_names(lines[number - 1]) or _INDEX_I_WORDS.search(lines[number - 1])),
                           None)
            if counted is not None:
                self.first[n] = min(self.first.get(n, counted), counted)

    def _section(self, line: int) -> int:
        return bisect.bisect_right(self.starts, line) - 1

    def indexes_i_by(self, line: int) -> bool:
        """True if the section of ``line`` indexes with i at or before it, or in the prose after it up to the next
        display (a "where $\\theta_i = …$" sentence says what the display's names are)."""
        section = self._section(line)
        first = self.first.get(section)
        if first is None:
            return False
        if first <= line:
            return True
        if not _EXPLAINS.match(self.lines[first - 1]):
            return False  # "For the $i$-th pair …" after the row: the section indexes with i from there on only
        later = [d for d in self.displays if d > line]
        ends = [*later[:1], *(self.starts[section + 1:section + 2])]
        return first < min(ends) if ends else True

    def heading(self, line: int) -> int:
        """The line of the heading that opens the section of ``line`` (0 before the first heading)."""
        return self.starts[self._section(line)]
