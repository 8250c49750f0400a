r"""Titles for a terminal: their ``$…$`` math as plain text, never raw LaTeX.

A title is written for the page (``"PE(t + k) = $T_k$ PE(t)"``); the terminal shows it as text a
reader takes in at a glance: dollars dropped, ``\omega`` as ω, ``\mathrm{PE}`` as PE, ``\cdot`` as
·, ``\frac{a}{b}`` as a/b, ``R(\theta)^{\top}`` as R(θ)ᵀ, a small matrix as ``[a, b; c, d]``.

>>> plain_text(r"PE(t + k) = $T_k$ PE(t) with $T_k$ independent of t")
'PE(t + k) = T_k PE(t) with T_k independent of t'
>>> plain_text(r"$\mathrm{PE}(t) \cdot \mathrm{PE}(t + k)$ of a pair, $R((t+1)θ) R(tθ)^{\top} = R(θ)$")
'PE(t) · PE(t + k) of a pair, R((t+1)θ) R(tθ)ᵀ = R(θ)'
>>> plain_text(r"slopes $1/2, 1/4, \ldots, 1/256$ and $2^{−1/2}$; $\frac{1}{\sqrt{d}}$ costs \$5")
'slopes 1/2, 1/4, …, 1/256 and 2^(−1/2); 1/√d costs $5'
>>> plain_text(r"$\left[\begin{smallmatrix} \cos B & \sin B \\ −\sin B & \cos B \end{smallmatrix}\right]$")
'[cos B, sin B; −sin B, cos B]'
"""

from __future__ import annotations

import re

from ..notation.vocabulary import (
    DELIMITERS,
    ELLIPSES,
    FONTS,
    GREEK_LETTERS,
    RELATION_TABLE,
    SIZERS,
    SPACING,
    UNICODE_MATH,
)

__all__ = ["plain_text"]

_GREEK = {letter.name: letter.chars[0] for letter in GREEK_LETTERS if letter.chars}
# A command the vocabulary spells with one Unicode character is that character (the first one the
# vocabulary gives it: \cdot is ·), every spelling of a relation its relation's character.
_SYMBOLS: dict[str, str] = {}
for _char, _latex in UNICODE_MATH.items():
    if re.fullmatch(r"\\([A-Za-z]+|\|)", _latex):
        _SYMBOLS.setdefault(_latex[1:], _char)
for _relation in RELATION_TABLE:
    for _spelling in _relation.spellings:
        if _spelling.startswith("\\") and _relation.latex[1:] in _SYMBOLS:
            _SYMBOLS.setdefault(_spelling[1:], _SYMBOLS[_relation.latex[1:]])
_SYMBOLS.update({e[1:]: "…" for e in ELLIPSES if e != "\\vdots"})
_SYMBOLS.update({d[1:]: v for d, v in DELIMITERS.items() if not v.startswith("\\")})
_SYMBOLS.update({"top": "ᵀ", "intercal": "ᵀ"})  # only ever a transpose in a title
_SYMBOLS.update({c: c for c in "{}$%&_#"})  # \{, \$, ...: the character itself
_SPACES = {s[1:] for s in SPACING} | {"quad", "qquad"}
_DROPPED = {s[1:] for s in SIZERS} | {"displaystyle", "limits"}
_FONTS = {f[1:] for f in FONTS} | {"mathbb", "mathcal", "textbf"}
_MATRIX_DELIMITERS = {"pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "vmatrix": ("|", "|")}
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\s+|.", re.S)
_SEGMENT = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.S)
_WORD_END = "\x00"  # after a function's name: nothing before "(", a space before anything else


def plain_text(text: str) -> str:
    """``text`` with each ``$…$`` segment as plain Unicode text and ``\\$`` as a dollar."""
    out = _SEGMENT.sub(lambda m: _Math(m.group(1)).render(), text)
    return out.replace("\\$", "$")


class _Math:
    def __init__(self, math: str) -> None:
        self.tokens = _TOKEN.findall(math)
        self.index = 0

    def render(self) -> str:
        text = self.until(None)
        for follower in "(^_":  # sin(x), cos^2 x, not "sin (x)"
            text = text.replace(_WORD_END + follower, follower)
        text = text.replace(_WORD_END, " ")
        text = re.sub(r"\s+", " ", text)
        return re.sub(r"([\[(]) ", r"\1", re.sub(r" ([,;\])])", r"\1", text)).strip()

    def next(self) -> str | None:
        if self.index >= len(self.tokens):
            return None
        self.index += 1
        return self.tokens[self.index - 1]

    def until(self, closing: str | None) -> str:
        parts: list[str] = []
        while (token := self.next()) is not None and token != closing:
            parts.append(self.token(token))
        return "".join(parts)

    def argument(self) -> str:
        """One argument: a braced group, or the next token (spaces skipped)."""
        token = self.next()
        while token is not None and token.isspace():
            token = self.next()
        if token is None:
            return ""
        return self.until("}") if token == "{" else self.token(token)

    def token(self, token: str) -> str:
        if token == "{":
            return self.until("}")
        if token in ("^", "_"):
            return self.script(token)
        if token == "&":
            return ", "
        if not token.startswith("\\"):
            return token
        name = token[1:]
        if name == "\\":
            return "; "
        return self.command(name)

    def command(self, name: str) -> str:
        if name in _GREEK:
            return _GREEK[name]
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        if name in _SPACES:
            return " "
        if name in _DROPPED:
            return ""
        if name in _FONTS:
            return self.argument()
        if name in ("frac", "dfrac", "tfrac"):
            top, bottom = self.argument(), self.argument()
            return f"{_grouped(top)}/{_grouped(bottom)}"
        if name == "sqrt":
            return f"√{_grouped(self.argument())}"
        if name in ("overline", "bar"):
            inner = self.argument()
            return inner + "\u0304" if len(inner) == 1 else f"conj({inner})"
        if name in ("begin", "end"):
            environment = self.argument()
            delimiters = _MATRIX_DELIMITERS.get(environment, ("", ""))
            return delimiters[0] if name == "begin" else delimiters[1]
        return name + _WORD_END  # \sin, \cos, \log, \exp, \max and any other word: the word itself

    def script(self, mark: str) -> str:
        inner = self.argument()
        if inner == "ᵀ":
            return inner
        plain = len(inner) <= 1 or inner.isdigit() or (mark == "_" and inner.isalnum()) or inner.startswith("(")
        return f"{mark}{inner}" if plain else f"{mark}({inner})"


def _grouped(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 1 or re.fullmatch(r"√?[\w.]+(_\w+)?", text) else f"({text})"
