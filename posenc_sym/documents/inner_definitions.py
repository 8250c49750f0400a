r"""A name defined inside a chain: ``a - b = R(s) := -\frac{…}{2}`` and ``|a''| \le \frac{d}{4 \ln c} =: M``.

Authors name a member of a chain where it appears: ``X = R := B`` claims X = B and defines R as B;
``X \le B =: M`` claims X ≤ B and defines M as B. Read as one statement, the defining colon stops the
reader; read as the two statements the author makes, both are read: the claim (with the name blanked
out, so that what is checked is the formula the chain writes) and then the definition.

Offsets are kept: each piece is a stretch of the row with what it does not say blanked by spaces.

>>> inner_definitions(r"a - b = R(s) := c + 1", 0)
[('a - b =         c + 1', 0), ('R(s) := c + 1', 8)]
>>> inner_definitions(r"x \le \frac{d}{4} =: M", 3)
[('x \\le \\frac{d}{4}', 3), ('\\frac{d}{4} =: M', 9)]
>>> inner_definitions(r"w := 2", 0), inner_definitions(r"a = b", 0)
([('w := 2', 0)], [('a = b', 0)])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.read_tokens import Token, Unreadable, nesting, tokenize
from ..notation.vocabulary import READ_RELATIONS
from .name_forms import name_form

__all__ = ["inner_definitions"]


@dataclass(frozen=True)
class _Relation:
    start: int  # offset of its first character in the text
    end: int  # offset just after it
    kind: str  # "claim", ":=" (defines the name before it) or "=:" (defines the name after it)


def _relations(tokens: list[Token]) -> list[_Relation]:
    """The top-level relations of ``tokens``, ``:=``/``=:`` (also ``\\coloneqq``/``\\eqqcolon``) as one each."""
    found: list[_Relation] = []
    depth, n = 0, 0
    while n < len(tokens):
        token = tokens[n]
        depth = nesting(depth, token.text)
        following = tokens[n + 1] if n + 1 < len(tokens) else None
        pair = token.text + following.text if following is not None else ""
        if depth == 0 and pair in (":=", "=:") and following is not None and following.pos == token.pos + 1:
            found.append(_Relation(token.pos, following.pos + 1, pair))
            n += 2
            continue
        if depth == 0 and token.text in ("\\coloneqq", "\\eqqcolon"):
            found.append(_Relation(token.pos, token.pos + len(token.text),
                                   ":=" if token.text == "\\coloneqq" else "=:"))
        elif depth == 0 and token.text in READ_RELATIONS:
            found.append(_Relation(token.pos, token.pos + len(token.text), "claim"))
        n += 1
    return found


def inner_definitions(text: str, offset: int) -> list[tuple[str, int]]:
    """The statements ``text`` (at ``offset`` in its row) makes: itself, or a claim and a definition."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return [(text, offset)]
    relations = _relations(tokens)
    defining = [n for n, r in enumerate(relations) if r.kind != "claim"]
    if len(defining) != 1 or len(relations) < 2:
        return [(text, offset)]
    n = defining[0]
    here = relations[n]
    if here.kind == ":=" and n > 0:
        name_start = relations[n - 1].end
        if name_form(text[name_start:here.start]) is None:
            return [(text, offset)]
        claim = text[:name_start] + " " * (here.end - name_start) + text[here.end:]
        lead = len(text[name_start:]) - len(text[name_start:].lstrip())
        return [(claim.rstrip(), offset), (text[name_start + lead:].rstrip(), offset + name_start + lead)]
    if here.kind == "=:" and n == len(relations) - 1:
        if name_form(text[here.end:]) is None:
            return [(text, offset)]
        member_start = relations[n - 1].end
        lead = len(text[member_start:]) - len(text[member_start:].lstrip())
        named = text[member_start + lead:].rstrip()
        return [(text[:here.start].rstrip(), offset), (named, offset + member_start + lead)]
    return [(text, offset)]
