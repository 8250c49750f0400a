r"""Small typographic rules a typesetter applies by hand: parentheses, quotes, Chinese under pdfLaTeX.

* ``\left( … \right)`` is an inner atom: TeX puts a thin space between it and the name before it,
  so ``\sin\left(x\right)`` prints as "sin (x)". Around flat contents plain parentheses are the
  same size and set tight; around tall or long ones (a fraction, a sum the layout may break)
  ``\mathopen{}`` and ``\mathclose{}`` take the space away and keep ``\left``/``\right``
  (:func:`tidy_parens`).
* Straight quotes typed in prose become opening and closing quotes by their place: a quote after
  a space opens, after a letter it closes or is an apostrophe (:func:`curly_quotes`); a quotation
  inside quotation marks uses single quotes (:func:`nested_quotes`).
* A matrix of fractions has its rows touching (``\\frac`` in an array row is as tall as the row):
  such a matrix gets a larger ``\\arraystretch``, in a group of its own (:func:`roomy_matrices`).
* Chinese under pdfLaTeX needs the ``CJK`` environment of CJKutf8: each run of CJK characters is
  wrapped in the preamble's ``\posenccjk`` (:func:`wrap_cjk`), which XeLaTeX defines as nothing.

>>> tidy_parens(r"\sin\left(\omega_{i} k\right) + p\left(t + 1\right)")
'\\sin(\\omega_{i} k) + p(t + 1)'
>>> tidy_parens(r"\cos\left(\frac{t}{b}\right)")
'\\cos\\mathopen{}\\left(\\frac{t}{b}\\right)\\mathclose{}'
>>> curly_quotes("the outputs of 'B A' are the document's")
'the outputs of ‘B A’ are the document’s'
>>> nested_quotes('say “hi” and "bye"')
'say ‘hi’ and ‘bye’'
>>> wrap_cjk("the note 位置编码 says")
'the note \\posenccjk{位置编码} says'
"""

from __future__ import annotations

import re

from ..notation.escape import is_cjk
from ..notation.vocabulary import FUNCTIONS
from .layout import math_width

__all__ = ["capitalized", "curly_quotes", "has_tall_fraction", "nested_quotes", "roomy_matrices", "tidy_parens",
           "wrap_cjk"]

#: What makes a parenthesised group taller than a plain parenthesis can cover.
_TALL = re.compile(r"\\(?:[dt]?frac|sum|prod|int|begin|left|sqrt|binom|underbrace|overbrace|Big|bigg|Bigg)"
                   r"(?![A-Za-z])")
_LEFT, _RIGHT = "\\left(", "\\right)"
#: Contents wider than this (layout units) keep ``\\left(``, where the layout may break them.
FLAT_WIDTH = 24.0


def _closing(latex: str, start: int) -> int | None:
    """The index of the ``\\right)`` that closes the ``\\left(`` at ``start`` (any ``\\right``
    closes one ``\\left``), or None."""
    depth, n = 0, start
    while n < len(latex):
        if latex.startswith("\\left", n) and not latex[n + 5:n + 6].isalpha():
            depth += 1
            n += 5
            continue
        if latex.startswith("\\right", n) and not latex[n + 6:n + 7].isalpha():
            depth -= 1
            if depth == 0:
                return n if latex.startswith(_RIGHT, n) else None
            n += 6
            continue
        n += 1
    return None


def tidy_parens(latex: str) -> str:
    """``\\left( … \\right)`` as plain parentheses around flat contents, else without the space."""
    out, n = [], 0
    while True:
        start = latex.find(_LEFT, n)
        if start < 0:
            out.append(latex[n:])
            return "".join(out)
        end = _closing(latex, start)
        if end is None:
            out.append(latex[n:start + len(_LEFT)])
            n = start + len(_LEFT)
            continue
        inner = tidy_parens(latex[start + len(_LEFT):end])
        out.append(latex[n:start])
        # Long contents keep \\left/\\right: the layout breaks a long sum inside them (layout._unwrap).
        if _TALL.search(inner) or math_width(inner) > FLAT_WIDTH:
            out.append(f"\\mathopen{{}}\\left({inner}\\right)\\mathclose{{}}")
        else:
            out.append(f"({inner})")
        n = end + len(_RIGHT)


_OPENS_BEFORE = set(" \t\n([{–—/-") | {""}


def curly_quotes(text: str) -> str:
    """Straight quotes in prose as opening and closing quotes (apostrophes stay closing quotes)."""
    out: list[str] = []
    for n, ch in enumerate(text):
        before = text[n - 1] if n else ""
        after = text[n + 1] if n + 1 < len(text) else ""
        opens = before in _OPENS_BEFORE and after != "" and not after.isspace()
        if ch == "'":
            out.append("‘" if opens else "’")
        elif ch == '"':
            out.append("“" if opens else "”")
        else:
            out.append(ch)
    return "".join(out)


def nested_quotes(quote: str) -> str:
    """A quotation to be set inside double quotes: its own double quotes become single ones."""
    return curly_quotes(quote).replace("“", "‘").replace("”", "’")


def wrap_cjk(latex: str) -> str:
    """Each run of CJK characters (with the spaces inside it) in ``\\posenccjk{…}``."""
    out: list[str] = []
    run: list[str] = []
    spaces = ""
    for ch in latex:
        if is_cjk(ch):
            run.append(spaces + ch)
            spaces = ""
        elif ch == " " and run:
            spaces += ch
        else:
            if run:
                out.append("\\posenccjk{" + "".join(run) + "}")
                run = []
            out.append(spaces + ch)
            spaces = ""
    if run:
        out.append("\\posenccjk{" + "".join(run) + "}")
    return "".join(out) + spaces


_MATRIX_EDGE = re.compile(r"\\(begin|end)\{[pbv]?matrix\}")
_ROOMY = r"{\renewcommand{\arraystretch}{1.5}"


def roomy_matrices(latex: str) -> str:
    r"""Each outermost matrix holding a fraction (not one in an exponent, which is small) set with
    rows 1.5 times as tall; the rest unchanged.

    >>> roomy_matrices(r"x = \begin{bmatrix}\frac{1}{2}\end{bmatrix}")
    'x = {\\renewcommand{\\arraystretch}{1.5}\\begin{bmatrix}\\frac{1}{2}\\end{bmatrix}}'
    >>> roomy_matrices(r"\begin{bmatrix}b^{\frac{1}{2}}\end{bmatrix}")
    '\\begin{bmatrix}b^{\\frac{1}{2}}\\end{bmatrix}'
    """
    out, depth, start, done = [], 0, 0, 0
    for edge in _MATRIX_EDGE.finditer(latex):
        if edge[1] == "begin":
            if depth == 0:
                start = edge.start()
            depth += 1
            continue
        if depth == 0:  # an \\end without its \\begin: not ours to mend
            continue
        depth -= 1
        if depth == 0 and has_tall_fraction(latex[start:edge.end()]):
            out += [latex[done:start], _ROOMY, latex[start:edge.end()], "}"]
            done = edge.end()
    return "".join(out) + latex[done:]


def has_tall_fraction(latex: str) -> bool:
    r"""Whether ``latex`` has a fraction outside its exponents and subscripts (one inside is small).

    >>> has_tall_fraction(r"\frac{1}{2}"), has_tall_fraction(r"2^{- \frac{1}{2}}")
    (True, False)
    """
    return "\\frac" in _outside_scripts(latex)


def _outside_scripts(latex: str) -> str:
    """``latex`` without its braced superscripts and subscripts (``^{…}``, ``_{…}``)."""
    out, n = [], 0
    while n < len(latex):
        if latex[n] in "^_" and latex[n + 1:n + 2] == "{":
            depth, n = 0, n + 1
            while n < len(latex):
                depth += {"{": 1, "}": -1}.get(latex[n], 0)
                n += 1
                if depth == 0:
                    break
            continue
        out.append(latex[n])
        n += 1
    return "".join(out)


#: Words a title may start with that are names, not words: they keep their case.
_NAMES = frozenset(FUNCTIONS) | {"det", "diag", "softmax", "arange", "div"}
_FIRST_WORD = re.compile(r"([a-z]+)(?=[\s,:;.!?]|$)")


def capitalized(title: str) -> str:
    """A title that starts with a lowercase word, capitalized like a heading; a title that starts
    with math, a name (``ln``, ``softmax``) or code (``max_len``, ``y1``) unchanged.

    >>> capitalized("the loop's pair j"), capitalized("ln ω_i"), capitalized("max_len"), capitalized("$t$ grows")
    ("The loop's pair j", 'ln ω_i', 'max_len', '$t$ grows')
    """
    match = _FIRST_WORD.match(title)
    if not match or match[1] in _NAMES:
        return title
    return title[:1].upper() + title[1:]

