r"""Text with inline math: ``$...$`` in titles, prose, justifications and scopes, made safe.

A derivation's author writes ``"the block $T_k$ turns pair $i$ by $\omega_i k$"``. The dollar
segments are typeset as math, but only from a fixed vocabulary: a segment with any other control
sequence (``\input``, ``\write``, ``\def``...), a ``#`` or ``%``, unbalanced braces, or an
alignment ``&``/``\\`` outside a matrix is not math but text, and is escaped like all text.
So user text is never executed; at worst it is shown literally. ``\$`` is a literal dollar.

>>> print(text_latex(r"the block $T_k$ turns pair $i$"))
the block $T_k$ turns pair $i$
>>> print(text_latex(r"not math: $\input{x}$"))
not math: \$\textbackslash{}input\{x\}\$
>>> print(text_latex(r"costs \$5 and $ω_i$"))
costs \$5 and $\omega_i$
>>> print(text_markdown(r"see $2^{-1/2}$ and a_b"))
see $2^{-1/2}$ and a\_b
"""

from __future__ import annotations

import re

from ..notation.escape import allow_breaks, escape_latex, escape_markdown
from ..notation.vocabulary import UNICODE_GREEK as _GREEK
from ..notation.vocabulary import UNICODE_MATH as _MATH
from .typeset import curly_quotes

__all__ = ["math_segments", "safe_math", "text_latex", "text_markdown", "text_mathjax"]

_COMMANDS = {
    *_GREEK.values(), "varepsilon", "varphi", "vartheta", "ell",
    "cos", "sin", "tan", "exp", "log", "ln", "max", "min", "lim", "sup", "inf", "det", "arg", "diag",
    "frac", "dfrac", "tfrac", "sqrt", "cdot", "cdots", "ldots", "dots", "vdots", "ddots", "times",
    "le", "ge", "leq", "geq", "ne", "neq", "approx", "equiv", "sim", "simeq", "propto", "pm", "mp",
    "sum", "prod", "int", "infty", "partial", "nabla", "to", "mapsto", "in", "notin", "subset",
    "left", "right", "big", "Big", "bigl", "bigr", "Bigl", "Bigr", "langle", "rangle", "lfloor",
    "rfloor", "lceil", "rceil", "mid", "top", "mathsf", "mathrm", "mathbf", "mathbb", "mathcal",
    "operatorname", "text", "hat", "bar", "tilde", "overline", "vec", "dot", "quad", "qquad",
    "begin", "end", "circ", "prime", "forall", "exists", "Rightarrow", "Leftrightarrow", "iff",
    "lVert", "rVert", "lvert", "rvert", "Vert", "vert", "odot", "otimes", "oplus", "cap", "cup",
    "ll", "gg", "binom", "mod", "bmod", "pmod", "emptyset", "uparrow", "downarrow", "star", "ast",
}
_ENVIRONMENTS = {"bmatrix", "pmatrix", "matrix", "vmatrix", "smallmatrix", "cases"}
_SYMBOLS = {"\\,", "\\;", "\\!", "\\{", "\\}", "\\|", "\\ ", "\\\\", "\\:"}
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
_SEGMENT = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.S)


def safe_math(math: str) -> str | None:
    r"""``math`` as LaTeX if it uses only the known vocabulary, with Unicode mapped; else None.

    >>> safe_math("T_k⁻¹"), safe_math("x·y ≤ 2"), safe_math(r"\frac{1}{\sqrt{d}}")
    ('T_k^{-1}', 'x\\cdot y \\le 2', '\\frac{1}{\\sqrt{d}}')
    >>> safe_math(r"\def\x{}"), safe_math("a}{b")
    (None, None)
    """
    out, depth, env = [], 0, 0
    tokens = _TOKEN.findall(_merge_scripts(math))
    for n, tok in enumerate(tokens):
        if tok.startswith("\\") and tok[1:].isalpha():
            if tok[1:] not in _COMMANDS:
                return None
            if tok in ("\\begin", "\\end"):
                # "{" + the longest name + "}": smallmatrix, the longest, was cut before its brace.
                name = "".join(tokens[n + 1:n + 3 + max(len(e) for e in _ENVIRONMENTS)])
                if not any(name.startswith("{" + e + "}") for e in _ENVIRONMENTS):
                    return None
                env += 1 if tok == "\\begin" else -1
        elif (tok in ("&", "\\\\") and env <= 0) or tok in ("#", "%", "$", "\\", "~") or (
                tok.startswith("\\") and tok not in _SYMBOLS):
            return None
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth < 0:
                return None
        if len(tok) == 1 and not tok.isascii():
            mapped = _GREEK.get(tok)
            tok = f"\\{mapped} " if mapped else _MATH.get(tok, "")
            tok += " " if tok[-1:].isalpha() and tok.startswith("\\") else ""
            if not tok:
                return None
        out.append(tok)
    if depth != 0 or env != 0:
        return None
    # "ω_i" maps to "\\omega _i": drop the space a mapped command needed only before a letter.
    return re.sub(r"(\\[A-Za-z]+) (?![A-Za-z])", r"\1", "".join(out)).rstrip()


_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿⁱᵏᵈᵗ", "0123456789-+nikdt", strict=True))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₋₊ᵢⱼₖₙₘₜₚ", "0123456789-+ijknmtp", strict=True))


def _merge_scripts(math: str) -> str:
    """Runs of Unicode super- and subscripts as one group each (``T⁻¹`` is ``T^{-1}``, not two)."""
    for table, mark in ((_SUPERSCRIPTS, "^"), (_SUBSCRIPTS, "_")):
        def group(match: re.Match[str], table: dict[str, str] = table, mark: str = mark) -> str:
            return mark + "{" + "".join(table[c] for c in match.group(0)) + "}"

        math = re.sub("[" + "".join(table) + "]+", group, math)
    return math


def math_segments(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into (is_math, piece): math the ``$...$`` segments that :func:`safe_math` accepts."""
    pieces: list[tuple[bool, str]] = []
    start = 0
    for match in _SEGMENT.finditer(text):
        math = safe_math(match.group(1))
        if math is None:
            continue
        pieces.append((False, text[start:match.start()]))
        pieces.append((True, math))
        start = match.end()
    pieces.append((False, text[start:]))
    return [(m, p) for m, p in pieces if p]


def _words(text: str) -> list[tuple[bool, str]]:
    """:func:`math_segments`, with the straight quotes of the words curled by their place."""
    pieces = math_segments(text)
    out = []
    for n, (is_math, piece) in enumerate(pieces):
        if not is_math:
            # A quote right after a math segment follows it ("$x$'s"); one right before opens.
            lead = "x" if n and pieces[n - 1][0] else ""
            piece = curly_quotes(lead + piece)[len(lead):]
        out.append((is_math, piece))
    return out


def text_latex(text: str, *, cjk: bool = False) -> str:
    """Text with its safe ``$...$`` segments as LaTeX math and everything else escaped."""
    return "".join(f"${p}$" if is_math else _arrow_breaks(allow_breaks(escape_latex(p.replace("\\$", "$"), cjk=cjk)))
                   for is_math, p in _words(text))


def _arrow_breaks(latex: str) -> str:
    r"""A line may break after an arrow between words ("content→position" is one long word to TeX).

    >>> _arrow_breaks(r"content\ensuremath{\to}position")
    'content\\ensuremath{\\to}\\allowbreak{}position'
    """
    return latex.replace("\\ensuremath{\\to}", "\\ensuremath{\\to}\\allowbreak{}")


def text_markdown(text: str) -> str:
    """Text with its safe ``$...$`` segments as MathJax math and everything else escaped."""
    return "".join(f"${p}$" if is_math else escape_markdown(p.replace("\\$", "$"))
                   for is_math, p in _words(text))


def text_mathjax(text: str, plain: object) -> str:
    """Text inside a MathJax display (Jupyter): math segments as math, the rest through ``plain``."""
    def words(p: str) -> str:
        # The spaces around a math segment are kept as math spaces (\text{} would drop them).
        lead = "\\ " if p[:1].isspace() else ""
        tail = "\\ " if p[-1:].isspace() and p.strip() else ""
        return lead + (plain(p) if p.strip() else "") + tail  # type: ignore[operator]

    return "".join(p if is_math else words(p) for is_math, p in math_segments(text))
