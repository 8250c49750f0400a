"""Accents and bars over a letter: ``\\hat{q}``, ``\\tilde{\\boldsymbol{q}}_m`` (one name each), and a bar that
may be the complex conjugate (``\\overline{k e^{in\\theta}}``) or a name of its own (``\\bar{x}``, a mean), as the
scope reads a bar (:meth:`~.read_cursor.Scope.bar`).
"""

from __future__ import annotations

from .read_cursor import Cursor, Term
from .read_names import conjugate_of, name
from .read_tokens import Token, Unreadable
from .vocabulary import FONTS, GREEK, LATEX_GREEK

__all__ = ["accent", "bar"]


def accent(p: Cursor, token: Token) -> Term:
    """``\\hat{q}``, ``\\tilde\\omega``, ``\\tilde{\\boldsymbol{q}}``: the symbol named by the letter and the
    accent (``qhat``, ``qtilde``); a font around the letter (bold) is kept out of the name, as everywhere."""
    found = _under_accent(p)
    if found is None:
        inner = p.peek(1) if p.peek() is not None and p.peek().text == "{" else p.peek()  # type: ignore[union-attr]
        raise Unreadable(f"{token.text} is read over one letter ({token.text}{{q}}, {token.text}{{\\omega}}, "
                         f"{token.text}{{\\boldsymbol{{q}}}}); name anything else",
                         inner.pos if inner is not None else token.pos)
    letter, end, written = found
    p.index = end
    if token.text == "\\vec" and _known(p, letter) and not _known(p, letter + "vec"):
        # \vec{v} where the text defines or declares v (\vec{v} = … defines v, as a bold v does): that v
        return name(p, letter, token.pos, shown=f"{token.text}{{{written}}}")
    return name(p, letter + token.text[1:], token.pos, shown=f"{token.text}{{{written}}}")


def _known(p: Cursor, base: str) -> bool:
    return p.scope.lookup(base) is not None or p.scope.is_indexed(base) or p.scope.is_function(base)


def _under_accent(p: Cursor) -> tuple[str, int, str] | None:
    """The one letter under the accent at the cursor (``q``, ``{q}``, ``\\omega``, ``{\\boldsymbol{q}}``,
    ``\\mathbf q``), the index after it, and how it is written; None for anything else. Under an accent
    ``\\pi`` is the letter: ``\\hat{\\pi}`` names the symbol pihat, as the writer prints it."""
    tokens, at = p.tokens, p.index
    braced = at < len(tokens) and tokens[at].text == "{"
    at += braced
    font = at < len(tokens) and tokens[at].text in FONTS
    if font:
        at += 1
        inner_braced = at < len(tokens) and tokens[at].text == "{"
        at += inner_braced
    if at >= len(tokens):
        return None
    inner = tokens[at]
    letter = inner.text if inner.kind == "letter" else LATEX_GREEK.get(inner.text) if inner.kind == "cmd" else None
    at += 1
    for closes in ((font and inner_braced), braced):
        if closes:
            if at >= len(tokens) or tokens[at].text != "}":
                return None
            at += 1
    if letter is None:
        return None
    written = GREEK.get(letter, letter)
    if font:
        written = f"{tokens[p.index + braced].text}{{{written}}}"
    return letter, at, written


def bar(p: Cursor, token: Token) -> Term:
    """``\\bar{k}``, ``\\overline{k e^{in\\theta}}``: the complex conjugate, or the name k̄ of its own (a mean),
    as the scope reads a bar (:meth:`~.read_cursor.Scope.bar`); a reading it refuses is unreadable."""
    found = _under_accent(p)
    if found is not None:
        letter, end, _ = found
        reading = p.scope.bar(letter)
        if reading == "name":
            return accent(p, Token("cmd", "\\bar", token.pos, token.space))
        if reading != "conjugate":
            raise Unreadable(reading, token.pos)
        start = p.index
        p.index = end
        letter_at = next(t.pos for t in p.tokens[start:end] if t.text not in ("{", "}") and t.text not in FONTS)
        return conjugate_of(_under_bar(p, letter, end, letter_at))
    if not p.take("{"):
        raise Unreadable(f"{token.text} is read over one letter or a braced formula ({token.text}{{z}}, "
                         f"{token.text}{{z w}})", token.pos)
    reading = p.scope.bar(None)
    if reading != "conjugate":
        raise Unreadable(reading, token.pos)
    value = p.expression()
    p.require("}")
    return conjugate_of(value)


def _under_bar(p: Cursor, letter: str, end: int, pos: int) -> Term:
    """The name under a conjugating bar, with a subscript after the bar (``\\bar{k}_n`` is the conjugate of k_n)."""
    p.index = end
    return name(p, letter, pos)
