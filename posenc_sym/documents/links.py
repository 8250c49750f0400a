"""A relation as the reader has it (:class:`Link`, one per relation of a row; :class:`ReadDisplay`, a
display's), and how the written text of each is cut out of its row."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy

from ..notation.definitions import Notation
from ..notation.read import Term
from ..notation.vocabulary import READ_RELATIONS, READ_UNICODE, UNDECIDED_RELATIONS
from ..notation.write import to_latex
from .extract import Display
from .renumbered import Renumbering

__all__ = ["ELLIPSIS", "RELATION_TOKEN", "Link", "ReadDisplay", "latex_of", "mentions_relation", "pieces",
           "without_marks"]

#: What a link shows for an ellipsis member of a chain (``a \\ge \\cdots \\ge b``).
ELLIPSIS = sympy.Symbol("…")

RELATION_TOKEN = re.compile(r"\\[A-Za-z]+|[=<>]")


@dataclass(frozen=True)
class Link:
    """``lhs relation rhs`` as read; ``statement`` numbers the chains of a display from 0.

    ``role`` is ``claim`` (decided), ``definition`` or ``condition`` (stated by the text, not decided:
    ``note`` says what it defines or sets) or ``ellipsis`` (a link to a member ``\\cdots``: its terms are
    unstated). ``nonzero`` is what must not vanish for the row to be defined (its divisors).
    """

    line: int
    relation: str  # ==, <, <=, >, >=, != or ~ (approximately)
    lhs: Term
    rhs: Term
    statement: int
    source: str  # the row as written
    because: str = ""  # the row's justification in words, if it gives one
    role: str = "claim"
    note: str = ""
    nonzero: tuple[sympy.Expr, ...] = ()
    offset: int = field(default=0, compare=False)  # where its relation is in the display's body
    #: Its left side, a defined name at an integer index, read with the index shifted (:mod:`.renumbered`).
    renumbered: tuple[Renumbering, ...] = field(default=(), compare=False)
    #: Its left side, read as a conjugate (``\\bar{z}``), that a reading as a name of its own would define.
    names_too: str = field(default="", compare=False)
    #: The words it continues the display above across ("Expanding the numerator:"), which may name a part of it.
    across: str = field(default="", compare=False)
    #: The arrow (``\\Rightarrow``, ``\\iff``) its display joins statements by: it may hold only under another.
    implied: str = field(default="", compare=False)
    #: It relates or bounds a declared name nothing gives a value (L' > L, s < 1): what the text supposes from here on.
    supposed: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class ReadDisplay:
    """A display and what the reader made of it: links, or the reason a part could not be read."""

    display: Display
    links: tuple[Link, ...] = ()
    unreadable: str = ""
    unreadable_line: int = 0
    notation: Notation | None = None  # the declarations in force, for writing the reading back
    findings: tuple[tuple[int, str], ...] = ()  # (line, message): a definition that conflicts with one before
    #: The last right side of its chain, which a display right after it that opens with a relation continues.
    last: Term | None = field(default=None, compare=False)
    #: What must not vanish for its chain's first member to be defined, which a display continuing it carries on.
    carried: tuple[sympy.Expr, ...] = field(default=(), compare=False)

    @property
    def has_relation(self) -> bool:
        return bool(self.links) or bool(self.unreadable)


def pieces(text: str, positions: list[int]) -> list[str]:
    """The written text of each link of a row: ``a < b \\le c`` gives ``a < b`` and ``b \\le c``.

    >>> print(pieces(r"a < b \\le c", [2, 6]))
    ['a < b', 'b \\\\le c']
    """
    pieces = []
    for n in range(len(positions)):
        start = 0
        if n > 0:
            before = RELATION_TOKEN.match(text, positions[n - 1])
            start = before.end() if before else positions[n - 1]
        end = positions[n + 1] if n + 1 < len(positions) else len(text)
        pieces.append(" ".join(without_marks(text[start:end]).split()))
    return pieces


def without_marks(text: str) -> str:
    """``text`` without its alignment marks ``&``; those of a matrix inside it are its columns, kept.

    >>> print(without_marks(r"a &= \\begin{pmatrix} 1 & 0 \\end{pmatrix}"))
    a  = \\begin{pmatrix} 1 & 0 \\end{pmatrix}
    """
    out, depth = [], 0
    for n, char in enumerate(text):
        depth += text.startswith("\\begin", n) - text.startswith("\\end", n)
        out.append(" " if char == "&" and depth == 0 else char)
    return "".join(out)


def latex_of(term: Term) -> str:
    try:
        return str(to_latex(term))
    except Exception:  # the writer failing must not lose the row
        return sympy.sstr(term)


def mentions_relation(text: str) -> bool:
    """True if ``text`` states a relation, one that is decided or one that is not (``\\equiv``)."""
    decided = (*READ_RELATIONS, *(c for c, latex in READ_UNICODE.items() if latex in READ_RELATIONS))
    if any(op in text for op in decided):
        return True
    typed = (c for c, latex in READ_UNICODE.items() if latex in UNDECIDED_RELATIONS)  # ≡, ∼
    return any(c in text for c in typed) or any(re.search(re.escape(op) + r"(?![A-Za-z])", text)
                                                for op in UNDECIDED_RELATIONS)
