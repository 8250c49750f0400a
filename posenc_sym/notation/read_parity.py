r"""Parity conditions of cases, as people write them: ``\text{if } i \text{ is even}``.

The sinusoidal encoding is most often written with its cases conditioned in words::

    PE(pos, i) = \begin{cases} \sin(pos/10000^{i/d}) & \text{if } i \text{ is even} \\
                               \cos(pos/10000^{(i-1)/d}) & \text{if } i \text{ is odd} \end{cases}

A condition cell that says only the parity of one name is read as that parity, ``i mod 2 = r``:
``i \text{ is even}``, ``i\ \text{even}``, ``\text{for even } i``, ``\text{when } i \text{ odd}``,
``i \bmod 2 = 0``, ``i \equiv 1 \pmod 2`` (also ``(\bmod 2)``, ``\mod 2``), and ``i = 2k``, ``i = 2k+1``
(``2k-1``) where k is a name nothing declares or defines: k then stands for (i - r)/2 in that case's
value. A name with a parity is an integer; a name read otherwise (declared real, the imaginary unit)
has none, and the cell is refused saying so. Any other cell in words (``i \text{ is small}``) is
refused by the caller, with the words it could not read (:func:`prose_of`).

>>> from .read_tokens import tokenize
>>> def shape(latex):
...     found = parity_words(tokenize(latex), 0)
...     return None if found is None else (found.parity, found.shift, found.witness is not None)
>>> [shape(c) for c in (r"\text{if } i \text{ is even}", r"i\ \text{odd}", r"\text{for even } i", r"i = 2k+1",
...                     r"i \equiv 1 \pmod{2}", r"i \bmod 2 = 0", r"i \text{ is small}", r"i < 2")]
[(0, 0, False), (1, 0, False), (0, 0, False), (1, 1, True), (1, 0, False), (0, 0, False), None, None]
>>> sorted(parity_names(r"f(i) = \begin{cases} 1 & i \text{ even} \\ 0 & \text{otherwise} \end{cases}"))
['i']
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from .read_cursor import Cursor, Term
from .read_tokens import Token, Unreadable, tokenize
from .vocabulary import FONTS, LATEX_GREEK, SPACING

__all__ = ["Parity", "parity_condition", "parity_names", "parity_words", "prose_of"]

_OPENERS = frozenset({"if", "for", "when", "whenever", "where"})
_PARITIES = {"even": 0, "odd": 1}
_MODULO = frozenset({"\\bmod", "\\mod"})


@dataclass(frozen=True)
class _Word:
    text: str
    prose: bool  # inside \text{…}
    start: int  # its first token
    end: int  # after its last token


@dataclass(frozen=True)
class Parity:
    """A parity condition found in a cell: the tokens of its name, the parity (0 even, 1 odd), and for
    ``i = 2k + r`` the tokens of k (the witness) and r (the shift)."""

    name: tuple[int, int]
    parity: int
    end: int  # the token after the cell
    witness: tuple[int, int] | None = None
    shift: int = 0


def _font_words(tokens: list[Token], at: int) -> tuple[list[_Word], int]:
    """The words inside ``\\text{…}`` whose '{' is at ``at``, and the index after its '}'."""
    words: list[_Word] = []
    depth, n = 1, at + 1
    while n < len(tokens) and depth:
        token = tokens[n]
        depth += (token.text == "{") - (token.text == "}")
        if depth and token.text not in ("{", "}"):
            if words and token.kind == "letter" and not token.space and tokens[n - 1].kind == "letter":
                last = words[-1]
                words[-1] = _Word(last.text + token.text, True, last.start, n + 1)
            else:
                words.append(_Word(token.text, True, n, n + 1))
        n += 1
    return words, n


def _cell(tokens: list[Token], start: int) -> tuple[list[_Word], int]:
    """The words of the cell from ``start`` to its end (``\\\\``, ``\\end`` or ``&`` outside braces)."""
    words: list[_Word] = []
    n, depth = start, 0
    while n < len(tokens):
        token = tokens[n]
        if depth == 0 and token.text in ("\\\\", "\\end", "&"):
            break
        if token.text in FONTS and n + 1 < len(tokens) and tokens[n + 1].text == "{":
            inner, n = _font_words(tokens, n + 1)
            words.extend(inner)
            continue
        depth += (token.text == "{") - (token.text == "}")
        if token.text in ("{", "}") or token.text in SPACING or token.text == "~":
            pass
        elif token.kind == "letter" and words and not words[-1].prose and not token.space and \
                tokens[n - 1].kind == "letter" and words[-1].end == n:
            last = words[-1]
            words[-1] = _Word(last.text + token.text, False, last.start, n + 1)
        else:
            words.append(_Word(LATEX_GREEK.get(token.text, token.text), False, n, n + 1))
        n += 1
    return words, n


def _is_name(word: _Word, tokens: list[Token]) -> bool:
    return not word.prose and ((word.text.isalpha() and tokens[word.start].kind == "letter")
                               or tokens[word.start].text in LATEX_GREEK)


def parity_words(tokens: list[Token], start: int) -> Parity | None:
    """The parity condition the cell at ``start`` states, or None if it states anything else."""
    words, end = _cell(tokens, start)
    while words and words[0].text.lower() in _OPENERS:
        words = words[1:]
    while words and words[-1].text in (",", ".", ";"):
        words = words[:-1]
    texts = [w.text.lower() if w.prose or w.text.isalpha() else w.text for w in words]
    if not words:
        return None
    first = words[0]
    if len(words) == 2 and texts[0] in _PARITIES and _is_name(words[1], tokens):  # for even i
        return Parity((words[1].start, words[1].end), _PARITIES[texts[0]], end)
    if not _is_name(first, tokens):
        return None
    name, rest = (first.start, first.end), texts[1:]
    if rest[:1] == ["is"]:
        rest = rest[1:]
    if len(rest) == 1 and rest[0] in _PARITIES:  # i is even, i odd
        return Parity(name, _PARITIES[rest[0]], end)
    if len(rest) == 4 and rest[0] in _MODULO and rest[1:3] == ["2", "="] and rest[3] in ("0", "1"):  # i \bmod 2 = 0
        return Parity(name, int(rest[3]), end)
    if rest[:1] == ["\\equiv"] and len(rest) > 1 and rest[1] in ("0", "1") and \
            rest[2:] in (["\\pmod", "2"], ["(", "\\bmod", "2", ")"], ["\\mod", "2"], ["(", "\\mod", "2", ")"]):
        return Parity(name, int(rest[1]), end)
    if rest[:2] == ["=", "2"] and len(rest) in (3, 5) and _is_name(words[3], tokens):  # i = 2k, i = 2k + 1
        shift = 0 if len(rest) == 3 else {"+": 1, "-": -1}.get(rest[3], 0) if rest[4] == "1" else 0
        if len(rest) == 5 and shift == 0:
            return None
        return Parity(name, shift % 2, end, (words[3].start, words[3].end), shift)
    return None


def prose_of(tokens: list[Token], start: int) -> str:
    """The words in ``\\text{…}`` of the cell at ``start`` after its opening word (if, for, when), or ''."""
    words = [w for w in _cell(tokens, start)[0] if w.prose]
    while words and words[0].text.lower() in _OPENERS:
        words = words[1:]
    return " ".join(w.text for w in words)


def parity_names(text: str) -> set[str]:
    """The names the cases of ``text`` condition on their parity (an integer, then)."""
    if "cases" not in text:
        return set()
    try:
        tokens = tokenize(text)
    except Unreadable:
        return set()
    found = set()
    for n, token in enumerate(tokens):
        if token.text == "&" and (parity := parity_words(tokens, n + 1)) is not None:
            found.add("".join(LATEX_GREEK.get(t.text, t.text) for t in tokens[parity.name[0]:parity.name[1]]))
    return found


def _read_name(p: Cursor, span: tuple[int, int]) -> Term | None:
    """The name at ``span`` read as the reader reads it, or None if it reads more or less than that."""
    p.index = span[0]
    try:
        value = p.atom()
    except Unreadable:
        return None
    return value if p.index == span[1] else None


def _is_free(p: Cursor, name: str) -> bool:
    """True if nothing declares or defines ``name`` (a convention may read it: it is still free to bind)."""
    free = getattr(p.scope, "is_free", None)
    return bool(free(name)) if free is not None else p.scope.lookup(name) is None


def parity_condition(p: Cursor) -> tuple[sympy.Basic, dict[sympy.Basic, sympy.Expr]] | None:
    """At a condition cell, the parity it states (``Eq(Mod(i, 2), r)``, kept as stated) and what its
    witness stands for in the case's value (``{k: i/2}`` for ``i = 2k``); the cursor after the cell. None
    (the cursor unmoved) if the cell states no parity. Unreadable if the name cannot have one."""
    start = p.index
    found = parity_words(p.tokens, start)
    if found is None:
        return None
    shown = "".join(t.text for t in p.tokens[found.name[0]:found.name[1]])
    name = _read_name(p, found.name)
    witness = None if found.witness is None else "".join(t.text for t in p.tokens[found.witness[0]:found.witness[1]])
    if witness is not None and not _is_free(p, LATEX_GREEK.get(witness, witness)):
        p.index = start
        return None  # i = 2k with a k of the text's: a relation, read as one
    k = None if found.witness is None else _read_name(p, found.witness)
    p.index = start
    pos = p.tokens[found.name[0]].pos
    if name is None:
        raise Unreadable(f"the cases are conditioned on the parity of '{shown}', which is not read as one name here; "
                         "condition them on the parity of a name the formula has (i even, i odd)", pos)
    if found.witness is not None and not isinstance(k, sympy.Symbol):
        return None
    if name is sympy.I:
        raise Unreadable(f"{shown} is read as the imaginary unit here, which has no parity; declare {shown} an "
                         f"integer (assume {shown} integer) to condition the cases on its parity", pos)
    if not (isinstance(name, sympy.Symbol) and name.is_integer):
        said = f"{shown} is declared real" if not _is_free(p, shown) and getattr(name, "is_real", False) else \
            f"{shown} is not an integer here"
        raise Unreadable(f"{said}, and a real number has no parity (even, odd); declare {shown} an integer "
                         f"(assume {shown} integer) to condition the cases on its parity", pos)
    p.index = found.end
    residue = sympy.Mod(name, 2, evaluate=False)
    p.stated.append(("==", residue, sympy.Integer(found.parity), pos, "a condition of the cases (a parity)"))
    condition = sympy.Eq(sympy.Mod(name, 2), found.parity)
    return condition, ({} if k is None else {k: (name - found.shift) / 2})
