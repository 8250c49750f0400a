r"""A document's own macros, expanded before its displays are read (issue 23).

``\newcommand``, ``\renewcommand``, ``\providecommand``, ``\DeclareRobustCommand`` (with ``[n]``
parameters and an optional first argument ``[n][default]``), ``\def`` (``\gdef``; ``\edef``/``\xdef``
expanded where they stand) with ``#1…#9``, and ``\DeclareMathOperator`` (``*``) are found anywhere
outside code and comments: in a ``.tex`` preamble or body, in a Markdown ``$\newcommand…$`` or
``$$\newcommand…$$`` (MathJax keeps them for the rest of the page, and so for a notebook's later
cells). Each holds from where it stands; a call is replaced by its body with the arguments put in,
and the result is expanded again, as TeX does.

What this cannot follow is never guessed: a macro defined with ``\let``, with delimited parameters
(``\def\f#1.{…}``) or with ``\NewDocumentCommand``, and a macro that expands without end or beyond
:data:`MAX_SIZE`, leave their calls as written and each call is a :class:`Refusal` that names the
macro and the line of its definition; the display holding it is then unreadable with that reason.

Lines are kept: a call's expansion is put on one line, followed by the line breaks the call itself
spanned, so every later character stays on its line.

>>> where = lambda offset: "line 1"
>>> table = Macros()
>>> table.expand(r"\newcommand{\R}{\mathbb{R}}\def\sq#1{#1^2} $$\sq{x} \in \R$$", where).text.strip()
'$$x^2 \\in \\mathbb{R}$$'
>>> table.expand(r"\def\a{\a x} $$\a = 1$$", where).refusals[0].reason
'\\a expands into itself without end (defined at line 1); change its definition so that it stops'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import PosencSymError
from ..notation import vocabulary

__all__ = ["MAX_DEPTH", "MAX_SIZE", "Definition", "Expanded", "Macro", "Macros", "Refusal", "definitions", "group_end"]

#: Macros expanding inside macros this deep are a macro that never ends (real nesting is a few levels).
MAX_DEPTH = 50
#: Characters one call may expand to; a macro doubling itself ten times passes it.
MAX_SIZE = 20_000
#: Macro calls one call may expand into (a macro that expands to little, many times over).
MAX_CALLS = 10_000

Where = Callable[[int], str]

_DEFINER = re.compile(
    r"\\(?:(?P<command>newcommand|renewcommand|providecommand|DeclareRobustCommand)\*?"
    r"|(?P<def>[gex]?def)|(?P<operator>DeclareMathOperator)(?P<star>\*?)|(?P<let>let)"
    r"|(?P<xparse>NewDocumentCommand|RenewDocumentCommand|ProvideDocumentCommand|DeclareDocumentCommand)"
    r")(?![A-Za-z])")
_NAME = re.compile(r"\s*(?:\{\s*(\\(?:[A-Za-z]+|[^A-Za-z\s]))\s*\}|(\\(?:[A-Za-z]+|[^A-Za-z\s])))")
_TOKEN = re.compile(r"\\(?:[A-Za-z]+|.)|[^\s{}]", re.DOTALL)
_CONTROL = re.compile(r"\\(?:[A-Za-z]+|.)", re.DOTALL)
_PARAMETER = re.compile(r"\\.|#(#|[1-9])", re.DOTALL)  # an escaped \# is no parameter
_NOT_ARGUMENTS = frozenset({"$", "\\\\", "\\]", "\\)", "\\end", "&", "\\begin"})
_ENDS_IN_WORD = re.compile(r"(?<!\\)(?:\\\\)*\\[A-Za-z]+$")


@dataclass(frozen=True)
class Macro:
    r"""A macro as defined: ``\name``, its parameters, the default of an optional first one, its body.

    ``refusal`` says why its calls are not expanded (``\let``, delimited parameters); empty if they are.
    """

    name: str
    where: str
    parameters: int = 0
    default: str | None = None
    body: str = ""
    refusal: str = ""


@dataclass(frozen=True)
class Definition:
    r"""A definition in the text, ``text[start:end]``; ``provide`` for ``\providecommand``."""

    start: int
    end: int
    macro: Macro
    provide: bool = False
    expand_now: bool = False  # \edef, \xdef: the body is expanded where the definition stands


@dataclass(frozen=True)
class Refusal:
    """A call left as written, ``text[start:end]`` of the expanded text, and why."""

    start: int
    end: int
    reason: str


@dataclass(frozen=True)
class Expanded:
    """A text with its definitions blanked and its macro calls expanded, and the calls refused."""

    text: str
    refusals: tuple[Refusal, ...] = ()


class ExpansionError(PosencSymError):
    """A call that cannot be expanded; the message is the reason shown to the author."""


class Macros:
    """The macros in force, from one part of a document to the next (a notebook's cells).

    >>> Macros().expand("no macros here", lambda offset: "line 1").text
    'no macros here'
    """

    def __init__(self) -> None:
        self._table: dict[str, Macro] = {}

    def expand(self, text: str, where: Where) -> Expanded:
        """``text`` with its definitions blanked (lines kept) and every call after a definition expanded."""
        found = list(definitions(text, where))
        if not found and not self._table:
            return Expanded(text)
        pieces: list[str] = []
        refusals: list[Refusal] = []
        position = 0
        for definition in found:
            self._expand_segment(text[position:definition.start], pieces, refusals)
            self._define(definition)
            pieces.append(re.sub(r"[^\n]", " ", text[definition.start:definition.end]))
            position = definition.end
        self._expand_segment(text[position:], pieces, refusals)
        return Expanded("".join(pieces), tuple(refusals))

    def _define(self, definition: Definition) -> None:
        macro = definition.macro
        if definition.provide and (macro.name in self._table or _latex_defines(macro.name)):
            return  # \providecommand leaves a defined command alone
        if definition.expand_now and not macro.refusal:
            try:
                body = _Expansion(self._table).run(macro.body)
            except ExpansionError as exc:
                macro = Macro(macro.name, macro.where, refusal=f"{macro.name} is defined at {macro.where} by "
                              f"\\edef, whose body cannot be expanded there: {exc}")
            else:
                macro = Macro(macro.name, macro.where, macro.parameters, macro.default, body)
        self._table[macro.name] = macro

    def _expand_segment(self, text: str, pieces: list[str], refusals: list[Refusal]) -> None:
        """Expand the calls of ``text`` onto ``pieces``; a call that fails stays as written, refused."""
        if not self._table:
            pieces.append(text)
            return
        position = 0
        for match in _CONTROL.finditer(text):
            if match.start() < position or match.group() not in self._table:
                continue
            try:
                expansion, end = _Expansion(self._table).call(text, match)
            except ExpansionError as exc:
                at = sum(map(len, pieces)) + match.start() - position
                refusals.append(Refusal(at, at + len(match.group()), str(exc)))
                continue
            line_breaks = "\n" * text.count("\n", match.start(), end)
            _append(pieces, text[position:match.start()])
            _append(pieces, _joined(expansion.replace("\n", " "), text[end:end + 1]) + line_breaks)
            position = end
        _append(pieces, text[position:])


class _Expansion:
    """One call expanded to the end, within :data:`MAX_DEPTH`, :data:`MAX_SIZE` and :data:`MAX_CALLS`."""

    def __init__(self, table: dict[str, Macro]) -> None:
        self.table = table
        self.calls = 0
        self.outer: Macro | None = None

    def run(self, text: str, depth: int = 0) -> str:
        out: list[str] = []
        position = 0
        for match in _CONTROL.finditer(text):
            if match.start() < position or match.group() not in self.table:
                continue
            expansion, end = self.call(text, match, depth)
            _append(out, text[position:match.start()])
            _append(out, _joined(expansion, text[end:end + 1]))
            position = end
        _append(out, text[position:])
        return "".join(out)

    def call(self, text: str, match: re.Match[str], depth: int = 0) -> tuple[str, int]:
        """The expansion of the call at ``match`` and the offset just after its arguments."""
        macro = self.table[match.group()]
        if depth == 0 or self.outer is None:
            self.outer = macro  # the call the author wrote: named when the expansion grows too large
        outer = self.outer
        if macro.refusal:
            raise ExpansionError(macro.refusal)
        self.calls += 1
        if depth >= MAX_DEPTH:
            raise ExpansionError(f"{macro.name} expands into itself without end (defined at {macro.where}); "
                                 "change its definition so that it stops")
        if self.calls > MAX_CALLS:
            raise ExpansionError(f"{outer.name} (defined at {outer.where}) expands into more than {MAX_CALLS} "
                                 "macro calls; posenc-sym stops there: simplify the macro")
        arguments, end = _arguments(text, match.end(), macro)
        expansion = self.run(_substituted(macro.body, arguments), depth + 1)
        if len(expansion) > MAX_SIZE:
            raise ExpansionError(f"{outer.name} (defined at {outer.where}) expands to more than {MAX_SIZE} "
                                 "characters; posenc-sym stops there: simplify the macro")
        return expansion, end


def _arguments(text: str, position: int, macro: Macro) -> tuple[list[str], int]:
    """The arguments of a call whose name ends at ``position``, and where they end."""
    arguments: list[str] = []
    if macro.default is not None:
        start = _skip_spaces(text, position)
        close = _bracket_end(text, start) if text.startswith("[", start) else None
        if close is None:
            arguments.append(macro.default)
        else:
            arguments.append(text[start + 1:close])
            position = close + 1
    while len(arguments) < macro.parameters:
        start = _skip_spaces(text, position)
        token = _TOKEN.match(text, start)
        if token is not None and token.group() in _NOT_ARGUMENTS:
            token = None  # what ends a formula or a row is never an argument: the arguments are missing
        if text.startswith("{", start):
            close = group_end(text, start)
            if close is not None:
                arguments.append(text[start + 1:close])
                position = close + 1
                continue
        elif token is not None:
            arguments.append(token.group())
            position = token.end()
            continue
        raise ExpansionError(f"{macro.name} takes {macro.parameters} argument(s) (defined at {macro.where}) and "
                             "the formula ends before them; give each argument in braces")
    return arguments, position


def _substituted(body: str, arguments: list[str]) -> str:
    r"""``body`` with ``#n`` replaced by the n-th argument and ``##`` by ``#``.

    >>> _substituted(r"#1x + #2", [r"\alpha", "y"]), _substituted("##1", [])
    ('\\alpha x + y', '#1')
    """
    out: list[str] = []
    position = 0
    for match in _PARAMETER.finditer(body):
        if match.group(1) is None:
            continue
        _append(out, body[position:match.start()])
        number = match.group(1)
        _append(out, "#" if number == "#" else arguments[int(number) - 1] if int(number) <= len(arguments) else "")
        position = match.end()
    _append(out, body[position:])
    return "".join(out)


def _append(pieces: list[str], piece: str) -> None:
    """Add ``piece``, with a space before it where the text so far ends in a control word and the piece
    starts with a letter."""
    if piece and pieces:
        pieces[-1] = _joined(pieces[-1], piece[:1])
    pieces.append(piece)


def _joined(left: str, next_char: str) -> str:
    r"""``left``, with a space added when it ends in a control word and ``next_char`` is a letter
    (``\alpha`` then ``x`` is ``\alpha x``, never ``\alphax``).

    >>> _joined(r"2\alpha", "x"), _joined(r"a\\", "x"), _joined("a", "x")
    ('2\\alpha ', 'a\\\\', 'a')
    """
    if next_char.isascii() and next_char.isalpha() and _ENDS_IN_WORD.search(left[-100:]):
        return left + " "
    return left


def _skip_spaces(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def group_end(text: str, start: int) -> int | None:
    """The offset of the brace closing the one at ``start``, or None if it is never closed."""
    depth = 0
    position = start
    while position < len(text):
        char = text[position]
        if char == "\\":
            position += 2
            continue
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return position
        position += 1
    return None


def _bracket_end(text: str, start: int) -> int | None:
    """The offset of the ``]`` closing the ``[`` at ``start`` outside braces, or None."""
    depth = 0
    position = start + 1
    while position < len(text):
        char = text[position]
        if char == "\\":
            position += 2
            continue
        if char == "]" and depth == 0:
            return position
        depth += (char == "{") - (char == "}")
        position += 1
    return None


def definitions(text: str, where: Where) -> Iterator[Definition]:
    r"""The definitions of ``text``, in order; one inside another's body is part of that body.

    >>> [(d.macro.name, d.macro.parameters, d.macro.body) for d in definitions(
    ...     r"\newcommand{\f}[2][0]{#1+#2} \DeclareMathOperator*{\argmax}{arg\,max}", lambda o: "line 1")]
    [('\\f', 2, '#1+#2'), ('\\argmax', 0, '\\operatorname*{arg\\,max}')]
    """
    position = 0
    while (match := _DEFINER.search(text, position)) is not None:
        name = _NAME.match(text, match.end())
        if name is None:
            position = match.end()
            continue
        found = _definition(text, match, name.group(1) or name.group(2), name.end(), where(match.start()))
        yield found
        position = max(found.end, match.end())


def _definition(text: str, match: re.Match[str], name: str, position: int, where: str) -> Definition:
    start = match.start()
    if match.group("let"):
        at = _skip_spaces(text, position)
        at = _skip_spaces(text, at + 1) if text.startswith("=", at) else at
        target = _TOKEN.match(text, at)
        shown = f" (as {target.group()})" if target is not None else ""
        return Definition(start, target.end() if target is not None else position, Macro(name, where, refusal=(
            f"{name} is defined with \\let at {where}{shown}, which posenc-sym does not follow; define it "
            "with \\newcommand, or write the formula without it")))
    if match.group("xparse"):
        end = _groups_end(text, position, 2) or position
        return Definition(start, end, Macro(name, where, refusal=(
            f"{name} is defined with \\{match.group('xparse')} at {where}, whose argument types posenc-sym does "
            "not expand; define it with \\newcommand, or write the formula without it")))
    if match.group("operator") is not None:
        body_start = _skip_spaces(text, position)
        close = group_end(text, body_start) if text.startswith("{", body_start) else None
        if close is None:
            return _unclosed(start, position, name, where)
        operator = "\\operatorname" + match.group("star")
        return Definition(start, close + 1, Macro(name, where, body=f"{operator}{{{text[body_start + 1:close]}}}"))
    if match.group("def"):
        return _tex_def(text, start, name, position, where, expand_now=match.group("def")[0] in "ex")
    return _newcommand(text, start, name, position, where, provide=match.group("command") == "providecommand")


def _unclosed(start: int, end: int, name: str, where: str) -> Definition:
    return Definition(start, end, Macro(name, where, refusal=(
        f"the definition of {name} at {where} is never closed; close its braces")))


def _groups_end(text: str, position: int, count: int) -> int | None:
    """The end of ``count`` brace groups following ``position`` (spaces between), or None."""
    for _ in range(count):
        position = _skip_spaces(text, position)
        close = group_end(text, position) if text.startswith("{", position) else None
        if close is None:
            return None
        position = close + 1
    return position


def _newcommand(text: str, start: int, name: str, position: int, where: str, *, provide: bool) -> Definition:
    r"""``\newcommand{\name}[n][default]{body}`` (the body may be a single token)."""
    parameters, default = 0, None
    at = _skip_spaces(text, position)
    if text.startswith("[", at) and (close := _bracket_end(text, at)) is not None:
        count = text[at + 1:close].strip()
        if not (count.isdigit() and int(count) <= 9):
            return Definition(start, close + 1, Macro(name, where, refusal=(
                f"{name} is defined at {where} with [{count}] parameters; give a number from 0 to 9")))
        parameters, at = int(count), _skip_spaces(text, close + 1)
        if text.startswith("[", at) and (close := _bracket_end(text, at)) is not None:
            default, at = text[at + 1:close], _skip_spaces(text, close + 1)
    if text.startswith("{", at):
        close = group_end(text, at)
        if close is None:
            return _unclosed(start, at, name, where)
        body, end = text[at + 1:close], close + 1
    elif (token := _TOKEN.match(text, at)) is not None:
        body, end = token.group(), token.end()
    else:
        return _unclosed(start, at, name, where)
    return Definition(start, end, Macro(name, where, parameters, default, body), provide=provide)


def _tex_def(text: str, start: int, name: str, position: int, where: str, *, expand_now: bool) -> Definition:
    r"""``\def\name#1#2{body}``; a parameter text with delimiters (``#1.``, ``#1\end``) is refused."""
    at = _skip_spaces(text, position)
    brace = text.find("{", at, at + 40)
    close = group_end(text, brace) if brace >= 0 and "\n" not in text[at:brace] else None
    if close is None:
        return _unclosed(start, at, name, where)
    parameters = text[at:brace]
    numbered = "".join(f"#{n}" for n in range(1, len(parameters) // 2 + 1))
    if parameters != numbered:
        return Definition(start, close + 1, Macro(name, where, refusal=(
            f"{name} is defined at {where} with delimited parameters ({parameters}), which posenc-sym does not "
            "expand; define it with \\newcommand, or write the formula without it")))
    macro = Macro(name, where, len(parameters) // 2, None, text[brace + 1:close])
    return Definition(start, close + 1, macro, expand_now=expand_now)


def _latex_defines(name: str) -> bool:
    r"""True if ``name`` already means something in LaTeX math as the reader knows it (``\sin``, ``\alpha``)."""
    word = name[1:]
    known = {*vocabulary.GREEK.values(), *vocabulary.FONTS, *vocabulary.FRACTIONS, *vocabulary.ELLIPSES,
             *vocabulary.SIZERS, *vocabulary.SPACING, *vocabulary.DELIMITERS, *vocabulary.READ_RELATIONS,
             *vocabulary.UNDECIDED_RELATIONS, *vocabulary.BIG_OPERATORS, *vocabulary.MULTIPLY}
    return name in known or word in vocabulary.FUNCTIONS or word in vocabulary.ACCENTS
