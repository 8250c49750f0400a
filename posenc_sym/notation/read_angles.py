r"""Angle brackets typed as ``<`` and ``>``: ``<q_m, k_n>`` is the inner product ``\langle q_m, k_n \rangle``.

Plain-Markdown notes write RoPE's goal as ``<f_q(x_m, m), f_k(x_n, n)> = g(x_m, x_n, m - n)``. A ``<`` is an
angle bracket only where it cannot be a relation: where no expression stands before it (the row's start,
after a relation, an operator, an opening bracket or a matrix's cell break), and where a ``>`` at the same
bracket depth closes it with exactly one comma between them at that depth and no relation, row break or
other ``<``. Anything else stays as written: ``a < b, c > d`` (two relations, a comma between), ``0 < i <
d/2``, ``x < y``; and a ``<`` that cannot be a relation but opens no such pair (``<a, b, c>``) is refused by
the reader with the reason (:func:`unpaired_angle`), never read either way. ``\left<`` and ``\right>`` are
TeX's own angle brackets (:mod:`.read_tokens` reads them so).

The tokenizer applies :func:`typed_angles`, so every reader of tokens (the statements of a row, the
definitions, the reader) sees the same brackets. The pair it makes is of kind ``typed``, so the reader can
say the convention where it reads one.

>>> from posenc_sym.notation.read_tokens import tokenize
>>> texts = lambda s: [t.text for t in tokenize(s)]
>>> texts("<a, b> = c")
['\\langle', 'a', ',', 'b', '\\rangle', '=', 'c']
>>> texts("a < b, c > d"), texts("0 < i < d/2"), texts("< 1, t > 0")
(['a', '<', 'b', ',', 'c', '>', 'd'], ['0', '<', 'i', '<', 'd', '/', '2'], ['<', '1', ',', 't', '>', '0'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from .vocabulary import MULTIPLY, READ_RELATIONS

__all__ = ["TYPED", "TYPED_ANGLES", "entries", "typed_angles"]

#: The kind of a bracket made from a typed ``<`` or ``>``.
TYPED = "typed"
#: The convention, said once per document with its line.
TYPED_ANGLES = ("read <a, b> (angle brackets typed as < and >, where '<' cannot be a relation) as the inner "
                "product ⟨a, b⟩")

_OPEN = frozenset({"(", "[", "{", "\\{", "\\begin", "\\langle", "\\lceil", "\\lfloor"})
_CLOSE = frozenset({")", "]", "}", "\\}", "\\end", "\\rangle", "\\rceil", "\\rfloor"})
#: Tokens after which no expression stands, so a '<' there cannot be "less than".
_NO_OPERAND_BEFORE = frozenset({*READ_RELATIONS, *MULTIPLY, *_OPEN, "+", "-", "/", "&", "\\\\"})

#: What may follow a closing '>': the end, a relation, an operator other than '-', a closing bracket, a break.
_AFTER_CLOSING = frozenset({*READ_RELATIONS, *MULTIPLY, *_CLOSE, "+", "/", "^", ",", "&", "\\\\"})

T = TypeVar("T")


def typed_angles(tokens: list[T]) -> list[T]:
    """``tokens`` (of :mod:`.read_tokens`) with each typed angle-bracket pair made ``\\langle`` … ``\\rangle`` (of kind
    ``typed``): also one around other than two entries (``<a, b, c>``), which the reader then refuses by name."""
    out = list(tokens)
    for n in _openings(out):
        close = _closing(out, n)
        if close is not None:
            out[n] = replace(out[n], kind=TYPED, text="\\langle")  # type: ignore[type-var]
            out[close] = replace(out[close], kind=TYPED, text="\\rangle")  # type: ignore[type-var]
    return out


def entries(tokens: list[Any], start: int) -> int:
    """The number of entries (commas at the top level, plus one) from ``start`` to the ``\\rangle`` closing there.

    >>> from posenc_sym.notation.read_tokens import tokenize
    >>> entries(tokenize("<a, (b, c), d> = 1"), 1), entries(tokenize("<a> = 1"), 1)
    (3, 1)
    """
    depth, commas = 0, 0
    for token in tokens[start:]:
        if depth == 0 and token.text == "\\rangle":
            break
        depth += (token.text in _OPEN) - (token.text in _CLOSE)
        commas += depth == 0 and token.text == ","
    return commas + 1


def _openings(tokens: list[Any]) -> list[int]:
    return [n for n, token in enumerate(tokens)
            if token.text == "<" and (n == 0 or tokens[n - 1].text in _NO_OPERAND_BEFORE)]


def _closing(tokens: list[Any], start: int) -> int | None:
    """The index of the '>' that closes the '<' at ``start`` (at its depth), or None where a relation, a row break
    or the end of an enclosing group comes first."""
    depth = 0
    for n in range(start + 1, len(tokens)):
        text = tokens[n].text
        if text in _OPEN:
            depth += 1
        elif text in _CLOSE:
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and text == ">":
            # a '>' before an operand or a minus may be "greater than" (&< 1, \quad t > 0): not a bracket
            after = tokens[n + 1].text if n + 1 < len(tokens) else None
            return n if after is None or after in _AFTER_CLOSING else None
        elif depth == 0 and (text in READ_RELATIONS or text in ("&", "\\\\")):
            return None
    return None
