"""Escaping user-supplied text (titles, prose, justifications, quotes) for LaTeX and Markdown.

Everything a derivation's author typed is text, never markup: ``\\input{...}``, ``%``, ``&``,
``#``, ``$``, ``_``, ``~``, ``^``, ``\\`` and braces come out literally. Characters plain pdfLaTeX
cannot typeset without extra fonts are mapped to LaTeX commands (Greek letters, math symbols,
typographic punctuation); a run of any other character (Chinese, say) becomes a placeholder
rather than an error, because the notes must compile with the small TeX package set. The
characters it maps to math commands are the vocabulary's (:data:`~.vocabulary.UNICODE_GREEK`,
:data:`~.vocabulary.UNICODE_MATH`); it lives in the notation layer so that both the renderer and
the document checker use it from below.

>>> print(escape_latex(r"50% of \\input{x} & #1"))
50\\% of \\textbackslash{}input\\{x\\} \\& \\#1
>>> print(escape_latex("costs $5_a ~^"))
costs \\$5\\_a \\textasciitilde{}\\^{}
>>> escape_latex("ω_i ≤ 1")
'\\\\ensuremath{\\\\omega}\\\\_i \\\\ensuremath{\\\\le} 1'
>>> escape_latex("位置编码 PE")
'\\\\textit{[non-Latin text]} PE'
>>> escape_latex("位置编码 “PE”", cjk=True)
"位置编码 ``PE''"
>>> print(escape_latex("w\u0304 = conj(w)"))
\\={w} = conj(w)
>>> print(escape_latex('say "hi" twice'))
say ``hi'' twice
"""

from __future__ import annotations

import re
import unicodedata

from .vocabulary import LATIN_LOOKALIKES, UNICODE_GREEK, UNICODE_MATH

__all__ = [
    "NON_LATIN_PLACEHOLDER",
    "allow_breaks",
    "escape_latex",
    "escape_markdown",
    "escape_text",
    "has_cjk",
    "is_cjk",
    "is_latex_safe",
]

#: What a run of characters the small TeX set cannot typeset (CJK, say) becomes.
NON_LATIN_PLACEHOLDER = r"\textit{[non-Latin text]}"

_ASCII = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "%": r"\%",
    "&": r"\&",
    "#": r"\#",
    "$": r"\$",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\^{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
}

_TEXT = {
    "–": "--", "—": "---", "‘": "`", "’": "'", "“": "``", "”": "''", "…": r"\ldots{}",
    "\u00a0": "~", "•": r"\textbullet{}", "°": r"\ensuremath{^\circ}", "§": r"\S{}",
    "©": r"\copyright{}", "€": "EUR", "£": r"\pounds{}", "«": "``",
    "»": "''", "\t": " ", "\u200b": "",
}


def _char_latex(ch: str) -> str | None:
    """The LaTeX for one character, or None when the small TeX set cannot typeset it."""
    if ch in _ASCII:
        return _ASCII[ch]
    if " " <= ch <= "~" or ch == "\n":
        return ch
    if ch in UNICODE_GREEK:
        return rf"\ensuremath{{\{UNICODE_GREEK[ch]}}}"
    if ch in UNICODE_MATH:
        return rf"\ensuremath{{{UNICODE_MATH[ch]}}}"
    if ch in LATIN_LOOKALIKES:
        return LATIN_LOOKALIKES[ch]
    if ch in _TEXT:
        return _TEXT[ch]
    return _latin_letter(ch)


_COMBINING = {"\u0301": "'", "\u0300": "`", "\u0302": "^", "\u0308": '"', "\u0303": "~",
              "\u0327": "c", "\u030c": "v", "\u0304": "="}


def _latin_letter(ch: str) -> str | None:
    """A Latin letter with accents (é, ü, ñ) as an accent command, the way OT1 fonts build it."""
    accents = _COMBINING
    parts = unicodedata.normalize("NFD", ch)
    if len(parts) == 2 and parts[0].isascii() and parts[0].isalpha() and parts[1] in accents:
        return rf"\{accents[parts[1]]}{{{parts[0]}}}"
    extras = {"ß": r"\ss{}", "æ": r"\ae{}", "Æ": r"\AE{}", "ø": r"\o{}", "Ø": r"\O{}",
              "å": r"\aa{}", "Å": r"\AA{}", "œ": r"\oe{}", "Œ": r"\OE{}"}
    return extras.get(ch)


def is_cjk(ch: str) -> bool:
    """True for a Chinese, Japanese or Korean character or CJK punctuation (xeCJK typesets them).

    >>> is_cjk("位"), is_cjk("，"), is_cjk("a")
    (True, True, False)
    """
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


_CJK_RANGES = ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F),
               (0x3190, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF),
               (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F))


def has_cjk(text: str) -> bool:
    """True if ``text`` holds any CJK character (the notes then need XeLaTeX and a CJK font)."""
    return any(is_cjk(ch) for ch in text)


def escape_latex(text: str, placeholder: str = NON_LATIN_PLACEHOLDER, *, cjk: bool = False) -> str:
    """``text`` as LaTeX that typesets it literally; nothing in it acts as a command.

    Line breaks stay (blank lines separate paragraphs). Straight double quotes become opening
    and closing quotes in turn. With ``cjk`` (XeLaTeX and xeCJK) CJK characters pass through;
    otherwise, and for any other character that cannot be typeset, a run becomes ``placeholder``.
    """
    out: list[str] = []
    in_unknown = False
    spaces = ""  # spaces after an unknown run: dropped if the run goes on ("位置 编码" is one run)
    quotes = 0
    for ch in text:
        if ch == '"':
            quotes += 1
            mapped: str | None = "``" if quotes % 2 else "''"
        elif ch in _COMBINING and out and len(out[-1]) == 1 and out[-1].isalpha():
            # "w̄" is w + U+0304 (no precomposed form): an accent on the letter before.
            out[-1] = rf"\{_COMBINING[ch]}{{{out[-1]}}}"
            continue
        elif cjk and is_cjk(ch):
            mapped = ch  # full-width look-alikes of # % & are ordinary characters to TeX
        else:
            mapped = _char_latex(ch)
        if mapped is None:
            if not in_unknown:
                out.append(placeholder)
            in_unknown, spaces = True, ""
        elif in_unknown and ch == " ":
            spaces += " "
        else:
            out.append(spaces + mapped)
            in_unknown, spaces = False, ""
    return "".join(out) + spaces


def escape_text(text: str) -> str:
    r"""Plain text made harmless inside ``\text{...}`` in math: white space collapsed to single
    spaces, and no command, comment or group survives.

    >>> escape_text("50% of {x}")
    '50\\% of \\{x\\}'
    """
    return "".join(_ASCII.get(ch, ch) for ch in " ".join(text.split()))


_BREAK_AFTER = re.compile(r"(\\textbackslash\{\}|\\_|\\\{|\\\}|[/(,=+.:])(?=[^\s])")


_VISIBLE = re.compile(r"\\[A-Za-z]+\{\}|\\.")  # one printed character each
_ENSUREMATH = re.compile(r"(\\ensuremath\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})")


def allow_breaks(latex: str, longer_than: int = 16) -> str:
    r"""Escaped text with line-break points inside long unspaced runs (code, formulas in quotes).

    TeX breaks lines only at spaces (and hyphens); a quoted ``self.W[:,1::2]=torch.cos(...)`` would
    run off the page. A break point (``\allowbreak``) goes after ``_ / ( , = + . :`` and escaped
    braces and backslashes in any run longer than ``longer_than`` characters.

    >>> allow_breaks(r"get\_sinusoid\_table(10, 16) ok")
    'get\\_\\allowbreak{}sinusoid\\_\\allowbreak{}table(\\allowbreak{}10, 16) ok'
    """
    def run(match: re.Match[str]) -> str:
        word = match.group(0)
        if len(_VISIBLE.sub("x", _ENSUREMATH.sub("x", word))) <= longer_than:
            return word
        # Math inside the word (\ensuremath{...}) is left alone; the breaks go between.
        parts = _ENSUREMATH.split(word)
        return "".join(p if n % 2 else _BREAK_AFTER.sub(lambda m: m.group(1) + "\\allowbreak{}", p)
                       for n, p in enumerate(parts))

    return re.sub(r"\S+", run, latex)


def is_latex_safe(text: str) -> bool:
    """True if every character of ``text`` can be typeset (no placeholder would be needed).

    >>> is_latex_safe("ω_i = b^(−2i/d)"), is_latex_safe("正弦")
    (True, False)
    """
    return all(_char_latex(ch) is not None or ch in _COMBINING for ch in text)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_#|$~])")
# Brackets and angle brackets become entities, not backslash escapes: MkDocs' arithmatex reads
# ``\[`` as the start of display math, and ``<`` would open an HTML tag.
_MARKDOWN_ENTITIES = {"[": "&#91;", "]": "&#93;", "<": "&lt;", ">": "&gt;"}


def escape_markdown(text: str) -> str:
    r"""``text`` for Markdown (and MathJax): markup characters are backslash-escaped.

    Unicode passes through (Markdown renderers handle it, Chinese quotes included).

    >>> escape_markdown("a_b * $x$ <script> [link](u)")
    'a\\_b \\* \\$x\\$ &lt;script&gt; &#91;link&#93;(u)'
    """
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    escaped = "".join(_MARKDOWN_ENTITIES.get(ch, ch) for ch in escaped)
    # A line starting with "1." or "-" would become a list; "#" is escaped above.
    return re.sub(r"(?m)^(\s*)(\d+)\.", r"\1\2\\.", re.sub(r"(?m)^(\s*)-", r"\1\\-", escaped))
