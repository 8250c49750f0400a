r"""A component written as a subscript of a function's call, ``\mathrm{PE}(p)_{2i} = \sin(p\,\theta_i)`` or
``\mathrm{PE}_{2i+1}(p) = \cos(p\,\theta_i)``: the entry 2i of the vector PE(p). The reader takes the component as
the call's last argument, ``\mathrm{PE}(p, 2i)``, the form of the sinusoidal encoding ``PE(pos, 2i)`` it reads by the
patterns of its arguments, so that the two rows define one function and ``PE(0)_{2i+1}`` is read at them. The text
keeps its length (spaces pad it), so every offset and line of the display stays.

Only a subscript that is an index formula (a letter with a digit or a sign: ``2i``, ``2i+1``, ``k-1``) moves: a
letter alone names a function of its own (``f_q(x)`` beside ``f_k(x)``), digits alone label one (``f_1``, ``f_2``).
A function of the vocabulary (``\sin(x)_i``), a call that spans lines, or a subscripted name before parentheses
that hold more than names (``S_{i+1}(h_{i+1} - h_i)``, a product) is left as written.
"""

from __future__ import annotations

import re

from ..notation.vocabulary import FUNCTIONS

__all__ = ["component_as_argument"]

#: A name that may be called: a font's name (``\mathrm{PE}``, ``\boldsymbol{p}``) or a run of letters (``PE``, ``f``),
#: not after a letter, a backslash or a script.
_NAME = (r"(?<![A-Za-z\\_^}])(?P<name>\\(?:mathrm|text|operatorname|mathbf|boldsymbol|bm|mathit)\s*\{[A-Za-z]+\}"
         r"|[A-Za-z]+)")
_CALL_THEN_SCRIPT = re.compile(_NAME + r"(?=\()")
_SCRIPT_THEN_CALL = re.compile(_NAME + r"(?=_)")
#: Arguments that are names or numbers only (``p``, ``pos, \\theta``, ``0``): ``S_{i+1}(h_{i+1} - h_i)`` is a
#: product, not a call.
_NAMES_ONLY = re.compile(r"^\s*(?:\\?[A-Za-z]+|\d+(?:\.\d+)?)\s*(?:,\s*(?:\\?[A-Za-z]+|\d+(?:\.\d+)?)\s*)*$")
#: An index formula: a letter beside a digit or a sign (2i, 2i+1, k-1, i+1), never a letter or digits alone.
_INDEX_FORMULA = re.compile(r"^(?=.*[A-Za-z])(?=.*[\d+\-]).*$")


def component_as_argument(body: str) -> str:
    r"""``body`` with each ``NAME(args)_{sub}`` and ``NAME_{sub}(args)`` written ``NAME(args, sub)``, padded.

    >>> component_as_argument(r"\mathrm{PE}(p)_{2i} = \sin(p\,\theta_i)")
    '\\mathrm{PE}(p, 2i)  = \\sin(p\\,\\theta_i)'
    >>> component_as_argument(r"PE_{2i+1}(p) = \cos p")
    'PE(p, 2i+1)  = \\cos p'
    >>> component_as_argument(r"\sin(x)_{2i} + f_q(x) + g_{1}(t) + h(t)_k + S_{i+1}(h_{i+1} - h_i)")
    '\\sin(x)_{2i} + f_q(x) + g_{1}(t) + h(t)_k + S_{i+1}(h_{i+1} - h_i)'
    """
    out = body
    for match in reversed(list(_CALL_THEN_SCRIPT.finditer(body))):
        if match.group("name") in FUNCTIONS or (close := _closing(body, match.end())) is None:
            continue
        if (script := _script(body, close + 1)) is not None:
            out = _with_argument(out, match.end(), body[match.end() + 1:close], script[2], script[1])
    source = out
    for match in reversed(list(_SCRIPT_THEN_CALL.finditer(source))):
        if match.group("name") in FUNCTIONS or (script := _script(source, match.end())) is None:
            continue
        end, sub = script[1], script[2]
        close = _closing(source, end)
        if close is not None and _NAMES_ONLY.match(source[end + 1:close]):
            out = _with_argument(out, match.end(), source[end + 1:close], sub, close + 1)
    return out


def _with_argument(text: str, start: int, args: str, sub: str, end: int) -> str:
    """``text`` with ``text[start:end]`` (a call and its subscript) replaced by ``(args, sub)``, padded to length."""
    call = f"({args}, {sub})"
    if len(call) > end - start:
        call = f"({args},{sub})"
    if len(call) > end - start:
        return text
    return text[:start] + call + " " * (end - start - len(call)) + text[end:]


def _closing(body: str, opening: int) -> int | None:
    """The index of the parenthesis that closes the one at ``opening``, on the same line; None if there is none."""
    if not body.startswith("(", opening):
        return None
    depth = 0
    for n in range(opening, len(body)):
        if body[n] == "\n":
            return None
        depth += (body[n] == "(") - (body[n] == ")")
        if depth == 0:
            return n
    return None


def _script(body: str, at: int) -> tuple[int, int, str] | None:
    """A subscript that is an index formula at ``at``: (its start, its end, its text); None where there is none."""
    if not body.startswith("_{", at):
        return None
    depth = 0
    for n in range(at + 1, len(body)):
        if body[n] == "\n":
            return None
        depth += (body[n] == "{") - (body[n] == "}")
        if depth == 0:
            sub = body[at + 2:n].strip()
            return (at, n + 1, sub) if _INDEX_FORMULA.match(sub) and "{" not in sub else None
    return None
