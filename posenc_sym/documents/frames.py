r"""Frames drawn around a formula: ``\boxed{…}``, MathJax's ``\bbox[…]{…}``; and colour: ``\color{red}``,
``\textcolor{red}{…}``, ``\colorbox{yellow}{…}``.

Notes box their main results (``$$\boxed{PE_{pos+k} = M_k PE_{pos}}$$``). A frame is ink: the formula
inside is read as if the frame were not there, statements, relations and all. The frame's own
characters become spaces, so every character of the formula stays at its offset and on its line.

>>> unframed(r"\boxed{a = b, \quad c = d}")
'       a = b, \\quad c = d '
>>> unframed(r"\bbox[5px, border: 1px solid]{x^2 \ge 0}").strip()
'x^2 \\ge 0'
>>> unframed(r"\boxed{a} + \boxed{\frac{1}{2}}")
'       a  +        \\frac{1}{2} '

Colour is ink too: ``\color{green}`` (a switch, or MathJax's ``\color{green}{…}``) is blanked, and so is the
colour of ``\textcolor{red}{…}``, whose formula stays:

>>> unframed(r"a + \color{green}{b} = \textcolor{red}{c}").split()
['a', '+', '{b}', '=', 'c']

So is typesetting that places a formula without changing it: ``\smash[b]{d_k}`` is d_k, ``\underset{label}{x}`` is
x, a ``\phantom{…}`` holds nothing, and ``_{d \times 1}`` under a matrix's bracket states its shape:

>>> unframed(r"\sqrt{\smash[b]{d_k}} = \underset{n}{x} \phantom{+1}").split()
['\\sqrt{', 'd_k', '}', '=', '{x}']
>>> unframed(r"\left[ a \right]_{d_{model} \times 1}").split()
['\\left[', 'a', '\\right]']

A frame left open is left as written, and the reader refuses it by name:

>>> unframed(r"\boxed{a = b")
'\\boxed{a = b'
"""

from __future__ import annotations

import re

from .macros import group_end

__all__ = ["unframed"]

_FRAME = re.compile(r"\\(?:boxed|bbox\s*(?:\[[^\]\n]*\])?|(?:textcolor|colorbox)\s*\{[A-Za-z!0-9.,]*\}"
                    r"|smash\s*(?:\[[tb]\])?)\s*\{")
_UNDERSET = re.compile(r"\\underset\s*\{")
#: Ink with no formula at all: a phantom's room, a shape written under a matrix (``\right]_{d \times 1}``).
_BLANK = re.compile(r"\\[hv]?phantom\s*\{[^{}]*\}")
_SHAPE = re.compile(r"(?:\\right\s*[\])]|\\end\{[bp]?matrix\})\s*_\s*\{")
#: Primes written as a superscript: ``^{\prime}``, ``^\prime``, ``^{\prime\prime}``.
_PRIMES = re.compile(r"\^\s*(?:\{\s*(?:\\prime\s*)+\}|\\prime(?![A-Za-z]))")
#: A word of a case's condition set in a column of its own, between two ampersands: ``& \text{for} &``.
_WORD_COLUMN = re.compile(r"&\s*\\(?:text|mathrm|textrm)\s*\{\s*(?:for|if|when|where|otherwise|others|else)"
                          r"\s*[.,]?\s*\}\s*&")
_COLOR = re.compile(r"\\color\s*\{[A-Za-z!0-9.,]*\}")


def unframed(body: str) -> str:
    """``body`` with every closed frame around a formula replaced by spaces of its length."""
    out = list(body)
    for match in _FRAME.finditer(body):
        close = group_end(body, match.end() - 1)
        if close is None:
            continue
        out[match.start():match.end()] = " " * (match.end() - match.start())
        out[close] = " "
    for match in _UNDERSET.finditer(body):  # \underset{label}{formula}: the label (braces and all) is ink
        label_end = group_end(body, match.end() - 1)
        following = body[label_end + 1:].lstrip() if label_end is not None else ""
        if label_end is not None and following.startswith("{"):
            out[match.start():label_end + 1] = " " * (label_end + 1 - match.start())
    for match in _SHAPE.finditer(body):  # \right]_{d_{model} \times 1}: the shape, braces nested or not
        close = group_end(body, match.end() - 1)
        at = body.index("_", match.start())
        if close is not None and "\\times" in body[at:close]:
            out[at:close + 1] = " " * (close + 1 - at)
    for match in (*_COLOR.finditer(body), *_BLANK.finditer(body)):
        out[match.start():match.end()] = " " * (match.end() - match.start())
    for match in _PRIMES.finditer(body):  # q_i^{\prime}: the prime q_i' writes, as TeX sets both
        primes = match.group(0).count("\\prime")
        out[match.start():match.end()] = "'" * primes + " " * (match.end() - match.start() - primes)
    for match in _WORD_COLUMN.finditer(body):  # 0 & \text{for} & i - j \le -k: the word opens the condition's cell
        out[match.end() - 1] = " "
    return "".join(out)

