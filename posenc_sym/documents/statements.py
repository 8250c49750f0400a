r"""One row of a display as the statements it makes, each with its offset in the row.

A row may hold several statements: ``\lambda^{d/2} = k \Rightarrow \lambda = k^{2/d}`` (an
implication: two statements), ``q_m = f(q, m), \quad k_n = f(k, n)`` (a list, set apart by a comma
and a wide space, or by a semicolon). A wide space alone does not split (``0 = 0 \qquad y = 0`` stays unreadable, as
the reader says: it may be a product). A statement may also be a range, ``i = 0, 1, \ldots, d/2 - 1``
(:func:`range_of`), or a chain with an ellipsis for a member, ``a_1 \ge a_2 \ge \cdots \ge 1``
(:func:`chain_members`): its links to the ellipsis leave their terms unstated.

>>> [(s.text, s.offset) for s in statements(r"x^2 = y \Rightarrow x = \sqrt{y}")]
[('x^2 = y', 0), ('x = \\sqrt{y}', 20)]
>>> [s.text for s in statements(r"a = 1, \quad b = 2")], [s.text for s in statements(r"a = 1 \qquad b = 2")]
(['a = 1', 'b = 2'], ['a = 1 \\qquad b = 2'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..notation.read_tokens import Token, Unreadable, nesting, tokenize
from ..notation.vocabulary import ELLIPSES, READ_RELATIONS
from .alternatives import OR_FIRST, OR_WORD
from .inner_definitions import inner_definitions
from .name_forms import name_form, split_top_level
from .named_words import names_a_quantity

__all__ = ["Piece", "chain_members", "implication_in", "interval_of", "range_of", "set_by_equation", "statements",
           "top_level_relations"]

_IMPLIES = frozenset({"\\Rightarrow", "\\implies", "\\Longrightarrow", "\\iff", "\\Leftrightarrow",
                      "\\Longleftrightarrow", "\\therefore"})
_ELLIPSES = ELLIPSES | {"…", "...", "\\cdot\\cdot\\cdot"}
_ASSIGNS = frozenset({"\\leftarrow", "\\gets", "\\longleftarrow"})
#: Arrows that map what is before them to what follows (``(1, 0) \\to (\\cos 30^\\circ, \\sin 30^\\circ) \\approx …``):
#: the point mapped claims nothing; what follows may.
_MAPS = frozenset({"\\to", "\\rightarrow", "\\longrightarrow", "\\mapsto", "\\longmapsto", "→"})
#: Words that open a clause of prose inside a formula: ``\\mathrm{for}\\, n = 0, …``, ``\\text{if}``.
_PROSE_WORDS = frozenset({"for", "if", "where", "when", "with", "and", "or", "s.t.", "st", "otherwise", "since"})
_SIZE = re.compile(r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])\s*")
_TRAILING_SPACE = re.compile(r"(?:\s|\\[ ,;:!]|\\q?quad)+$")
_WORDS = re.compile(r"^(?:\\(?:text|textrm|mathrm|rm)\s*\{[^{}]*\}|\{\\rm[^{}]*\})")


@dataclass(frozen=True)
class Piece:
    """A statement's text and its offset in the row."""

    text: str
    offset: int


def _tokens(text: str) -> list[Token]:
    try:
        return tokenize(text)
    except Unreadable:
        return []


def _cut(text: str, cuts: list[tuple[int, int, bool]]) -> list[Piece]:
    """The pieces between the cuts (begin, end, whether the piece before the cut is dropped)."""
    pieces, start = [], 0
    for begin, end, drop in cuts:
        if not drop:
            pieces.append(Piece(text[start:begin], start))
        start = end
    pieces.append(Piece(text[start:], start))
    return [_trim(p) for p in pieces if p.text.strip()]


def _trim(piece: Piece) -> Piece:
    """Leading space and a leading word or two of prose (``{\\rm s.t.}``) left out."""
    text, offset = piece.text, piece.offset
    while True:
        stripped = text.lstrip()
        offset += len(text) - len(stripped)
        text = stripped
        for spacing in ("\\quad", "\\qquad", "\\,", "\\;", "\\ ", "&"):
            if text.startswith(spacing):
                text, offset = text[len(spacing):], offset + len(spacing)
                break
        else:
            if (size := _SIZE.match(text)) is not None:
                text, offset = text[size.end():], offset + size.end()
                continue
            if text.startswith("{") and _closing(text) == len(_TRAILING_SPACE.sub("", text)) - 1:
                text, offset = _TRAILING_SPACE.sub("", text)[1:-1], offset + 1  # \Large{a = b}: the group is the row
                continue
            match = _WORDS.match(text)
            if match is None or not _is_prose(match.group(), text[match.end():]):
                return Piece(_TRAILING_SPACE.sub("", text), offset)
            text, offset = text[match.end():], offset + match.end()


def _closing(text: str) -> int:
    """The index of the brace that closes the one ``text`` opens with (-1 if none)."""
    depth = 0
    for n, char in enumerate(text):
        if char == "\\":
            continue
        if n and text[n - 1] == "\\":
            continue
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return n
    return -1


def _is_prose(words: str, after: str) -> bool:
    """A leading ``\\text{…}`` is prose (``{\\rm s.t.}``), not a name (``\\text{seq}``), when it holds a
    space or a full stop, or a wide space sets it apart."""
    if names_a_quantity(words, after, ""):
        return False  # \text{base new} = …: a name in words, the left side of its statement
    inner = words[words.index("{") + 1:-1].replace("\\rm", "").strip()
    return (" " in inner or "." in inner or inner.lower() in _PROSE_WORDS
            or after.lstrip().startswith(("\\quad", "\\qquad")))


#: ``\Theta = \{\theta_i = …, i \in [1, 2, \ldots, d/2]\}`` (RoFormer's eq. 15): a name for the set of what the
#: braces define; the braces' statements are the row's.
_SET_OF_DEFINITIONS = re.compile(r"^\s*\\?[A-Za-z]+\s*=\s*(?:\\left\s*)?(?:\\\{|\\lbrace(?![A-Za-z]))(?P<body>.*=.*?)"
                                 r"(?:\\right\s*)?(?:\\\}|\\rbrace(?![A-Za-z]))[\s.,]*$", re.DOTALL)


def set_members(text: str) -> Piece | None:
    r"""The inside of a set written by its members' definition (``\Theta = \{\theta_i = …, i \in […]\}``), with
    its offset in ``text``; None for any other row.

    >>> set_members(r"\Theta = \{\theta_i = 10000^{-2(i-1)/d}, i \in [1, 2, \ldots, d/2]\}")
    Piece(text='\\theta_i = 10000^{-2(i-1)/d}, i \\in [1, 2, \\ldots, d/2]', offset=11)
    >>> set_members(r"S = \{1, 2\}") is None, set_members(r"a = b") is None
    (True, True)
    """
    found = _SET_OF_DEFINITIONS.match(text)
    if found is None or name_form(found["body"].partition("=")[0]) is None:
        return None  # Z = \{t^2 = 1\}: a set written by its equation, no member defined (set_by_equation)
    return Piece(found["body"], found.start("body"))


def set_by_equation(text: str) -> str | None:
    r"""The set, as written, of a row that names a set by the equation of its points (``Z = \{ |m - n| = 1 \}``):
    it claims nothing, and no member is defined by it; None for any other row (RoFormer's set of definitions).

    >>> set_by_equation(r"Z = \{ t^2 = 1 \}"), set_by_equation(r"A = \{a_k = 2^k, k \ge 1\}")
    ('\\{ t^2 = 1 \\}', None)
    """
    found = _SET_OF_DEFINITIONS.match(text)
    if found is None or set_members(text) is not None:
        return None
    return " ".join(text[text.index("=") + 1:].strip().rstrip(".,").split())


def statements(text: str) -> list[Piece]:
    """The statements of one row (see the module docstring)."""
    if (members := set_members(text)) is not None:
        return [Piece(p.text, p.offset + members.offset) for p in statements(members.text)]
    tokens = _tokens(text)
    cuts: list[tuple[int, int, bool]] = []
    depth = 0
    for n, token in enumerate(tokens):
        depth = nesting(depth, token.text)
        if depth:
            continue
        following = tokens[n + 1] if n + 1 < len(tokens) else None
        if token.text in _IMPLIES:
            cuts.append((token.pos, token.pos + len(token.text), False))
        elif token.text in _ASSIGNS or token.text in _MAPS:
            cuts.append((token.pos, token.pos + len(token.text), True))  # z \leftarrow f(z), x \mapsto …: no claim
        elif token.text == ";" and following is not None and _between_relations(tokens, n, cuts) and \
                not _only_bounds(tokens[n + 1:]):  # … = 1; \; 0 \le t \le 1: the bounds the chain holds in
            cuts.append((token.pos, following.pos, False))  # q_m = f_q(q, m);~~k_n = f_k(k, n): two statements
        elif token.text == "," and following is not None and _MEMBERSHIP.match(text[following.pos:]):
            cuts.append((token.pos, following.pos, False))  # θ_i = …, i \in [1, 2, …, d/2]: a range after it
        elif token.text == "," and following is not None and (following.wide or _opens_prose(text, following)
                                                               or _between_relations(tokens, n, cuts)):
            if _conditional(text[following.pos:]) or OR_FIRST.match(text[following.pos:]):
                continue  # a = b, \text{if } x > 0 (a condition) or a = b, \text{or } c = d: one statement, never two
            cuts.append((token.pos, following.pos, False))
        elif token.wide and n and tokens[n - 1].text != "," and _opens_prose(text, token) \
                and not _conditional(text[token.pos:]) and _between_relations(tokens, n, cuts, at_word=True):
            cuts.append((token.pos, token.pos, False))  # a = b \quad \text{where} \quad c = d: two statements
    # X = R := B claims X = B and defines R: two statements (inner_definitions)
    return [Piece(t, o) for p in _cut(text, cuts) for t, o in inner_definitions(p.text, p.offset)]


def implication_in(text: str) -> str:
    r"""The first arrow of implication or equivalence in ``text`` (``\Rightarrow``, ``\iff``, ``⇒``), or "": a display
    that joins statements by one claims each only under another (a supposition, an equation being solved), never
    alone. (``\therefore`` is no such arrow: what follows it is claimed.)

    >>> implication_in(r"x + 1 = 3 \implies x = 2"), implication_in(r"a = b \therefore c = d")
    ('\\implies', '')
    """
    for token in _tokens(text):
        if (token.text in _IMPLIES and token.text != "\\therefore") or token.text in _UNICODE_IMPLIES:
            return token.text
    return ""


_UNICODE_IMPLIES = frozenset("⇒⟹⇔⟺")


def _only_bounds(tokens: list[Token]) -> bool:
    """True if ``tokens`` (after a semicolon, to the next one) relate by order alone (``0 \\le t \\le 1``): the
    bounds of what comes before, never a claim of their own."""
    found, depth = [], 0
    for token in tokens:
        depth = nesting(depth, token.text)
        if depth == 0 and token.text == ";":
            break
        if depth == 0 and (token.text in READ_RELATIONS or token.text == "\\in"):
            found.append(READ_RELATIONS.get(token.text, "in"))
    return bool(found) and all(r in ("<", "<=", ">", ">=", "in") for r in found)


def _between_relations(tokens: list[Token], comma: int, cuts: list[tuple[int, int, bool]], *,
                       at_word: bool = False) -> bool:
    """True if the top-level comma ``tokens[comma]`` sets two relations apart: the statement before it
    (from the last cut) and the item after it (to the next top-level comma) each hold one, as in
    ``\\theta_i = b^{-2i/d}, b = 10000``. A range ``i = 0, 1, \\ldots`` or a list ``x = 1, 2`` has a
    comma with no relation after it; a tuple ``(a, b) = (c, d)`` has its commas inside brackets. With
    ``at_word``, ``tokens[comma]`` is a word of prose set apart by a wide space (``\\quad \\text{where}``), and
    the item after it starts there."""
    start = cuts[-1][1] if cuts else -1
    before = [t for t in tokens[:comma] if t.pos >= start]
    after: list[Token] = []
    depth = 0
    for token in tokens[comma if at_word else comma + 1:]:
        depth = nesting(depth, token.text)
        if depth == 0 and token.text == ",":
            break
        after.append(token)
    return _relates(before) and _relates(after)


#: Relations that define a name (``a := b`` is ':' then '='): a statement as much as '=' is.
_DEFINES = frozenset({"\\equiv", "\\coloneqq", "\\triangleq", ":"})


def _relates(tokens: list[Token]) -> bool:
    """True if ``tokens`` hold a relation outside every bracket."""
    depth = 0
    for token in tokens:
        depth = nesting(depth, token.text)
        if depth == 0 and (token.text in READ_RELATIONS or token.text in _DEFINES):
            return True
    return False


#: Words opening a condition of the statement before them (after a comma): cut there, the statement
#: would be read for every value. ``for`` opens a condition too, unless a range follows (for n = 0, …, N).
_CONDITIONS = re.compile(r"^(?:\\q?quad\s*|\\[,;: ]\s*)*\(?\s*(?:\\(?:text|textrm|mathrm|rm)\s*\{|\{\\rm)\s*\(?\s*"
                         r"(if|when|whenever|with|unless|provided|given|assuming|otherwise|s\.\s?t\.|st|for)\b")


def _conditional(rest: str) -> bool:
    """True if ``rest`` (after a comma) opens a condition: ``\text{if } x > 0``, ``\text{for } x > 0``."""
    match = _CONDITIONS.match(rest)
    if match is None:
        return False
    if match.group(1) != "for":
        return True
    after = _WORDS.sub("", rest.lstrip(), count=1) if _WORDS.match(rest.lstrip()) else rest
    after = re.sub(r"^(?:\\q?quad|\\[,;: ]|\s)+", "", after)
    return not (re.match(r"(?:all|every|any|each)\b", after) or range_of(after) is not None)


def _opens_prose(text: str, token: Token) -> bool:
    """True if ``token`` opens a word of prose that starts a new statement (``,\\mathrm{for}\\, n = 0, …``); never
    ``or``: ``\\cos\\theta = 1 \\quad \\text{or} \\quad \\sin\\theta = 1`` is one statement, a disjunction, not
    two claims."""
    match = _WORDS.match(text[token.pos:])
    return match is not None and _is_prose(match.group(), text[token.pos + match.end():]) and \
        OR_WORD.search(match.group()) is None


def top_level_relations(tokens: list[Token]) -> list[int]:
    """Indices of the relation tokens outside every bracket."""
    found, depth = [], 0
    for n, token in enumerate(tokens):
        depth = nesting(depth, token.text)
        if depth == 0 and token.text in READ_RELATIONS:
            found.append(n)
    return found


def chain_members(text: str) -> list[tuple[str, int, str]] | None:
    """For a chain with an ellipsis as one of its members (``a \\ge \\cdots \\ge b``): each member's text,
    offset and the relation before it (``""`` for the first); None for any other statement."""
    tokens = _tokens(text)
    relations = top_level_relations(tokens)
    if not relations:
        return None
    bounds = [-1, *relations, len(tokens)]
    members: list[tuple[str, int, str]] = []
    for n in range(len(bounds) - 1):
        start = tokens[bounds[n] + 1].pos if bounds[n] + 1 < len(tokens) else len(text)
        end = tokens[bounds[n + 1]].pos if bounds[n + 1] < len(tokens) else len(text)
        relation = tokens[bounds[n]].text if n else ""
        members.append((text[start:end].strip(), start, relation))
    if not any(member.strip(" ,.") in _ELLIPSES for member, _, _ in members):
        return None
    return members


def range_of(text: str) -> tuple[str, str, str] | None:
    """``(name, first, last)`` for a range written ``i = 0, 1, \\ldots, d/2 - 1``, else None.

    >>> range_of(r"i = 0,1,2,3,...,\\frac{d_{model}}{2} -1"), range_of("x = 1, 2")
    (('i', '0', '\\\\frac{d_{model}}{2} -1'), None)
    >>> range_of(r"pos=0,1,\\dots,L-1")
    ('pos', '0', 'L-1')
    """
    name, equals, rest = text.partition("=")
    if not equals or not re.fullmatch(r"\s*(?:[A-Za-z]+|\\[A-Za-z]+)\s*", name):  # i, pos, \ell
        return None
    items = split_top_level(rest)
    if len(items) < 3 or not any(item in _ELLIPSES for item in items[1:-1]):
        return None
    return name.strip(), items[0], items[-1]


_MEMBERSHIP = re.compile(r"(?:\\q?quad|\\[,;: ]|\s)*(?:[A-Za-z]|\\[A-Za-z]+)\s*\\in(?![A-Za-z])")
_INTERVAL = re.compile(r"^\s*([A-Za-z]|\\[A-Za-z]+)\s*\\in\s*(?:\\left\s*)?(\[|\\\{)(.*?)"
                       r"(?:\\right\s*)?(\]|\)|\\\})\s*$", re.DOTALL)


def interval_of(text: str) -> tuple[str, str, str] | None:
    """``(name, first, last)`` for ``i \\in [0, d/2 - 1]``, ``i \\in [0, d/2)`` (last ``(d/2) - 1``), ``i \\in [1, 2,
    \\ldots, d/2]`` or ``i \\in \\{0, \\ldots, n\\}``; None for anything else. Whether it ranges over integers is for
    the reader of the name to say (``\\theta \\in [0, 2\\pi)`` is an interval of reals).

    >>> interval_of(r"j \\in [0, d/2-1]"), interval_of(r"i \\in[1,2, \\ldots, d / 2]"), interval_of(r"i \\in [0, d/2)")
    (('j', '0', 'd/2-1'), ('i', '1', 'd / 2'), ('i', '0', '(d/2) - 1'))
    """
    match = _INTERVAL.match(text)
    if match is None:
        return None
    name, opening, inside, closing = match.groups()
    items = split_top_level(inside)
    if len(items) < 2 or (len(items) > 2 and not any(item in _ELLIPSES for item in items[1:-1])) or \
            (opening == "\\{") != (closing == "\\}") or (opening == "\\{" and len(items) == 2):
        return None
    last = f"({items[-1]}) - 1" if closing == ")" else items[-1]
    return name, items[0], last
