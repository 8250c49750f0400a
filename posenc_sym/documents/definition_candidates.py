"""Where a statement may define a name: ``NAME = …`` (``w_k = …``, ``W' \\equiv …``, ``a := b``) and
``… = NAME`` (``… = g(q, k, m - n)``), found on the tokens before any reading, so the reader knows which
names the text defines before it reads the first display.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..notation.read import Unreadable
from ..notation.read_tokens import nesting, tokenize
from ..notation.vocabulary import READ_RELATIONS
from .alternatives import ALTERNATIVES
from .name_forms import name_form, split_top_level
from .rows import split_rows
from .statements import statements

#: Relations that define a name: ``W' \\equiv \\gamma W``, ``a \\coloneqq b``, ``a := b``.
DEFINING = frozenset({"\\equiv", "\\coloneqq", "\\triangleq", "\\eqqcolon", ":=", "=:"})


def definition_candidate(text: str) -> tuple[int, int] | None:
    """Where the relation is (offset, width) after which ``text`` may define the name before it
    (``w_k = …``, ``W' \\equiv …``), or None."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    depth = 0
    for n, token in enumerate(tokens):
        depth = nesting(depth, token.text)
        if depth:
            continue
        following = tokens[n + 1].text if n + 1 < len(tokens) else ""
        spelled = ":=" if token.text == ":" and following == "=" else token.text
        if spelled in READ_RELATIONS or spelled in DEFINING:
            form = name_form(text[:token.pos].replace("&", " "))
            if spelled not in ("=", *DEFINING) or form is None:
                return None
            if form.arguments and applies_itself(text[token.pos + 1:], form.head, len(form.arguments)):
                return None  # a(s_1) = a(s) + a'(s)(s_1 - s) + …: a claim about a, which it does not define
            if ALTERNATIVES.search(text[token.pos + 1:]):
                return None  # PE(pos, k) = \sin(…) \text{or} \cos(…): two alternatives, no one formula defined
            return token.pos, _width(text, token.pos, spelled)
    return None


def applies_itself(rhs: str, head: str, arity: int) -> bool:
    r"""True if ``rhs`` applies the function ``head`` to ``arity`` arguments (``a(s)``), or its derivative
    (``a'(s)``, ``a^{\prime}(s)``): a formula that uses the name it would define defines nothing. ``f(q, m)``
    in the formula of ``f(q, m, j)`` is another function, of two arguments.

    >>> applies_itself(r"a(s) + a'(s)(s_1 - s)", "a", 1), applies_itself(r"\lambda(s) b", "a", 1)
    (True, False)
    >>> applies_itself(r"f(q, m) e^{\mathrm{i} j}", "f", 3)
    False
    """
    spelled = re.escape(f"\\{head}" if len(head) > 1 and head.isalpha() and head.islower() and
                        f"\\{head}" in rhs else head)
    for found in re.finditer(rf"(?<![A-Za-z\\]){spelled}(?![A-Za-z])\s*(\(|'|\^\{{?\\prime)", rhs):
        if found.group(1) != "(":
            return True
        if len(split_top_level(_inside_parentheses(rhs, found.end()), ",;")) == arity:
            return True
    return False


def _inside_parentheses(text: str, start: int) -> str:
    """The text from ``start`` (just after an opening parenthesis) to the parenthesis that closes it."""
    depth = 1
    for n in range(start, len(text)):
        depth += (text[n] in "([{") - (text[n] in ")]}")
        if depth == 0:
            return text[start:n]
    return text[start:]


def _width(text: str, position: int, spelled: str) -> int:
    """How many characters of ``text`` the relation ``spelled`` at ``position`` takes: ``:=`` two, a command
    its length, a character typed in Unicode (``≡`` for ``\\equiv``) one."""
    if spelled in (":=", "=:"):
        return 2
    return len(spelled) if text.startswith(spelled, position) else 1


def reversed_candidate(text: str) -> tuple[int, int] | None:
    """Where the one relation of ``text`` is (offset, width) when it is '=' or a defining one and what
    follows it is a name (``… = g(q, k, m - n)``), else None."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    found, depth = [], 0
    for n, token in enumerate(tokens):
        depth = nesting(depth, token.text)
        following = tokens[n + 1].text if n + 1 < len(tokens) else ""
        spelled = ":=" if token.text == ":" and following == "=" else token.text
        if token.text == "=" and following == ":":
            spelled = "=:"  # … = M with M named here, the colon on the side of what is defined
        elif token.text == ":" and n and tokens[n - 1].text == "=":
            continue
        if depth == 0 and (spelled in READ_RELATIONS or spelled in DEFINING):
            found.append((token.pos, _width(text, token.pos, spelled), spelled))
    if len(found) != 1 or found[0][2] not in ("=", *DEFINING) or found[0][0] == 0:
        return None
    position, width, _ = found[0]
    left = name_form(text[:position].replace("&", " "))
    if left is not None and left.arguments and applies_itself(text[position + width:], left.head, len(left.arguments)):
        return None  # eq(3) = \text{LeakyReLU}(eq(1)): an equation between values of eq, no name introduced
    return (position, width) if name_form(text[position + width:]) is not None else None


def as_equals(text: str, at: tuple[int, int]) -> str:
    """``text`` from its defining relation on, that relation written '=' (padded: offsets are kept)."""
    position, width = at
    return " " * (width - 1) + "=" + text[position + width:]


def defined_names(formulas: Iterable[str]) -> set[str]:
    """The names the text may define: every ``NAME = …`` (``NAME \\equiv …``) of ``formulas``.

    >>> sorted(defined_names([r"PE_{(t,2i)} = \\sin t", r"x^2 = 1", r"a = 1, \\quad \\omega_i = 2"]))
    ['PE', 'a', 'omega']
    """
    found = set()
    for formula in formulas:
        for row in split_rows(formula):
            for piece in statements(row.text):
                at = definition_candidate(piece.text)
                form = name_form(piece.text[:at[0]].replace("&", " ")) if at is not None else None
                if form is not None:
                    found.add(form.name)
    return found
