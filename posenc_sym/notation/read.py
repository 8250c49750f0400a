"""Read a LaTeX formula into SymPy, over declared symbols and notations, or say why not.

A handwritten recursive-descent reader (see docs/checking-your-own-notes.md for why not SymPy's
``parse_latex``). It never guesses: a name that is not declared, a run of letters that splits into
declared names in more than one way, a macro it does not know, an ellipsis, all raise
:class:`Unreadable` with the offset of the offending token.

Conventions it applies (and the annotation shows, so a misreading can be spotted):

- juxtaposition is multiplication; ``\\sin \\omega t`` is ``sin(ω t)`` (an argument without
  parentheses runs to the next ``+``, ``-``, relation or function); ``\\sin^2 x`` is ``sin(x)^2``;
- ``\\log`` is the natural logarithm (as in the field's papers), ``\\log_b x`` the base-b one;
- a decimal such as ``10000.0`` is the exact number it writes;
- a declared symbol followed by ``(`` is a product; only a declared function is applied.

Where a new construct goes: a LaTeX word (a letter, relation, function, accent) in
:mod:`.vocabulary`; how a command is read in :mod:`.read_commands`; a naming convention (runs of
letters, subscripts) in :mod:`.read_names`; precedence in :mod:`.read_grammar`; a refusal of an
ambiguous writing in :mod:`.read_guards`. What the reader assumes of a document (definitions from
the text, conventions) belongs to the document's scope (``posenc_sym.documents``), not here.

>>> import sympy
>>> x = sympy.Symbol("x", real=True)
>>> from_latex(r"\\frac{\\sin^2 x}{2} + \\left(\\cos x\\right)^{2}", SimpleScope({"x": x}))
sin(x)**2/2 + cos(x)**2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from .read_cases import space_stated
from .read_cursor import Scope, Term
from .read_elementwise import settle
from .read_grammar import Parser
from .read_tokens import Token, Unreadable, tokenize
from .read_tuples import settle_tuples
from .vocabulary import READ_RELATIONS

__all__ = ["BAR_OVER_A_FORMULA", "Row", "Scope", "SimpleScope", "Term", "Unreadable", "from_latex", "read_row"]


#: Why a bar over a formula is refused where nothing says the text is complex.
BAR_OVER_A_FORMULA = ("a bar over a formula (\\overline{…}) is its complex conjugate in a complex text, and a mean "
                      "or a closure elsewhere; this text writes no imaginary unit (\\mathrm{i}, \\mathbb{C}), so "
                      "neither is read: declare a name complex (assume z complex) for the conjugate, or name the "
                      "formula")


@dataclass(frozen=True)
class SimpleScope:
    """A scope of plain symbols only (for examples and tests).

    >>> SimpleScope({"t": sympy.Symbol("t", real=True)}).words()
    frozenset({'t'})
    """

    symbols: Mapping[str, Term] = field(default_factory=dict)

    def lookup(self, name: str) -> Term | None:
        return self.symbols.get(name)

    def words(self) -> frozenset[str]:
        return frozenset(n.split("_")[0] for n in self.symbols)

    def is_indexed(self, head: str) -> bool:
        return False

    def apply(self, head: str, args: tuple[sympy.Expr, ...]) -> Term:
        raise ValueError(f"{head} is not an indexed notation")

    def is_function(self, name: str) -> bool:
        return False

    def call(self, name: str, args: tuple[Term, ...]) -> Term:
        raise ValueError(f"{name} is not a declared function")

    def note(self, key: str, text: str) -> None:
        return None

    def undeclared(self, name: str, args: tuple[sympy.Expr, ...] | None = None) -> Term | None:
        return None

    def bold(self, head: str, args: tuple[sympy.Expr, ...], *, written_bold: bool = True) -> str | None:
        return None

    def digit_labels(self, base: str) -> bool:
        return False

    def bar(self, base: str | None) -> str:
        return "name" if base is not None else BAR_OVER_A_FORMULA


@dataclass(frozen=True)
class Row:
    """One row of a display: the expressions and the relations between them, with offsets.

    ``first`` is None for a continuation row (``&= B``), whose left side is the previous row's last.
    """

    first: Term | None
    links: tuple[tuple[str, Term, int], ...]  # (relation, right side, offset of the relation)
    position: int
    #: What must not be zero for the row to be defined: its divisors, the bases of its negative
    #: powers, the cosine under a tangent (SymPy may have cancelled them from the expressions).
    nonzero: tuple[sympy.Expr, ...] = ()
    #: Relations the row states inside a formula rather than claims: the conditions of cases, the point
    #: of an evaluation bar ``|_{x = a}``; (relation, left, right, offset, what it is).
    stated: tuple[tuple[str, Term, Term, int, str], ...] = ()


def from_latex(text: str, scope: Scope) -> Term:
    """The expression ``text`` writes; :class:`Unreadable` if it cannot be read unambiguously.

    >>> t = sympy.Symbol("t", real=True)
    >>> from_latex(r"\\sin \\pi t", SimpleScope({"t": t}))
    sin(pi*t)
    >>> try:
    ...     from_latex("pos", SimpleScope({"t": t}))
    ... except Unreadable as exc:
    ...     print(exc.reason, "at", exc.position)
    'pos' is not declared; declare it (assume pos real, or write a product with spaces) at 0
    """
    parser = Parser(tokenize(text), scope, len(text))
    value = parser.expression()
    space_stated(parser, value)
    parser.expect_end()
    settle(parser, [value], parser.pending)
    settle_tuples(parser, [], [value], parser.tuples)
    return value


def read_row(text: str, scope: Scope, *, defines: bool = False) -> Row:
    """A row ``A = B \\le C`` (or a continuation ``= B``), offsets relative to ``text``; ``defines``: a continuation
    whose left side is a name the row defines (``q = (q_0, q_1)`` read as ``= (q_0, q_1)``).

    >>> x = sympy.Symbol("x", real=True)
    >>> row = read_row(r"= x^2 \\ge 0", SimpleScope({"x": x}))
    >>> row.first, [(r, e) for r, e, _ in row.links]
    (None, [('==', x**2), ('>=', 0)])
    """
    parser = Parser(_without_alignment(tokenize(text)), scope, len(text))
    first = None if parser.at_relation() else parser.expression()
    links = []
    while parser.at_relation():
        token = parser.next()
        links.append((READ_RELATIONS[token.text], parser.expression(), token.pos))
    space_stated(parser, links[-1][1] if links else first)
    parser.expect_end()
    settle(parser, [first, *(side for _, side, _ in links)], parser.pending)
    relations = [relation for relation, _, _ in links]
    first, *sides = settle_tuples(parser, relations, [first, *(side for _, side, _ in links)], parser.tuples,
                                  defines=defines)
    links = [(relation, side, pos) for (relation, _, pos), side in zip(links, sides, strict=True)]
    return Row(first, tuple(links), 0, tuple(parser.nonzero), tuple(parser.stated))


def _without_alignment(tokens: list[Token]) -> list[Token]:
    """Drop the alignment marks ``&`` of an aligned row, keeping those inside a matrix.

    A mark beside a relation aligns (``a &= b &< c``, eqnarray's ``a &=& b``), and so does one that
    opens or ends the row. A mark between two expressions is a column break: two statements side by
    side (``a &= b & c &= d`` is not the chain a = b c = d), or the cells of an ``array`` (whose
    ``1 & 0`` is not the product 1·0).
    """
    kept, marks, depth = [], [], 0
    for token in tokens:
        depth += (token.text == "\\begin") - (token.text == "\\end")
        if token.text != "&" or depth > 0:
            kept.append(token)
        else:
            marks.append(len(kept))
    for mark in marks:
        inside = 0 < mark < len(kept)
        if inside and kept[mark].text not in READ_RELATIONS and kept[mark - 1].text not in READ_RELATIONS:
            raise Unreadable("'&' between two expressions is a column break: two statements side by side, or "
                             "the cells of an array; put each statement on its own row, or write the matrix as "
                             "a pmatrix", kept[mark].pos)
    return kept
