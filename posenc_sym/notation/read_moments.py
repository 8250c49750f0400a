"""Moments as notes on attention's scaling write them: ``\\mathbb{E}[q_i k_i]``, ``\\operatorname{Var}[q \\cdot k]``,
``\\mathrm{Cov}(X, Y)``.

Each is read as an operator of unknown properties applied to what its brackets hold: the same argument, the same
value, and nothing more. Linearity, independence and the distributions the text assumes are not applied, so a row
with a moment is proven only where it holds whatever the operator is (``\\mathbb{E}[X] = \\mathbb{E}[X]``), and never
refuted: it is read, and left unknown, rather than refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import sympy

from .read_cursor import Cursor, Term
from .read_tokens import Unreadable

__all__ = ["MOMENTS", "moment", "shown_moment"]

#: The words of the moments, as the text spells them (after \mathbb, \operatorname, \mathrm, \text), and the name of
#: the operator each is read as.
MOMENTS: Mapping[str, str] = MappingProxyType({"E": "𝔼", "Var": "Var", "Cov": "Cov", "Cor": "Corr", "Corr": "Corr"})

_SHOWN: Mapping[str, str] = MappingProxyType({"𝔼": "\\mathbb{E}", "Var": "\\operatorname{Var}",
                                              "Cov": "\\operatorname{Cov}", "Corr": "\\operatorname{Corr}"})
_CLOSING = {"[": "]", "(": ")"}


def moment(p: Cursor, word: str, shown: str, pos: int) -> Term:
    """The moment ``word`` (a key of :data:`MOMENTS`, its command already taken) applied to the bracket after it."""
    following = p.peek()
    operator = MOMENTS[word]
    if following is not None and following.text == "_":
        # E_{q,k}[X]: over q and k; another subscript, another operator (E_q[X] need not be E_k[X])
        p.next()
        start, depth = p.index, 0
        while (token := p.peek()) is not None:
            depth += (token.text == "{") - (token.text == "}")
            p.next()
            if depth <= 0:
                break
        written = "".join(t.text for t in p.tokens[start:p.index]).strip("{}")
        operator, shown = f"{operator}_{{{written}}}", f"{shown}_{{{written}}}"
        following = p.peek()
    if following is not None and following.text == "^":
        raise Unreadable(f"{shown} with a superscript is not read; write {shown}[X] with X the formula it averages",
                         following.pos)
    if following is None or following.text not in _CLOSING:
        raise Unreadable(f"{shown} takes what it averages in brackets: {shown}[X]", pos)
    p.next()
    saved, p.in_bars = p.in_bars, 0
    arguments = [p.scalar(p.expression(), p.here(), shown)]
    while MOMENTS[word] in ("Cov", "Corr") and p.take(","):
        arguments.append(p.scalar(p.expression(), p.here(), shown))
    p.in_bars = saved
    p.require(_CLOSING[following.text])
    p.scope.note("moment", "read \\mathbb{E}[…], \\operatorname{Var}[…] and \\operatorname{Cov}(…, …) as operators "
                 "of unknown properties (linearity and independence are not applied): a row with one is decided "
                 "only where it holds whatever they are")
    return sympy.Function(operator)(*arguments)


def shown_moment(name: str) -> str | None:
    """The LaTeX of a moment's operator name (``𝔼`` as ``\\mathbb{E}``), or None for any other name.

    >>> shown_moment("𝔼"), shown_moment("Var"), shown_moment("f"), shown_moment("𝔼_{q}")
    ('\\\\mathbb{E}', '\\\\operatorname{Var}', None, '\\\\mathbb{E}_{q}')
    """
    head, _, script = name.partition("_")
    shown = _SHOWN.get(head)
    return shown if shown is None or not script else f"{shown}_{script}"
