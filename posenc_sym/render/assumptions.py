r"""A claim's assumptions in a reader's words: symbols grouped, matrices named, never their entries.

The engine's words (:func:`~posenc_sym.proof.assumptions.stated_assumptions`) say one thing per
symbol. A reader wants "$k$ and $t$ are real", and for a matrix of symbolic entries
(``W_q_0_0``, ``W_q_0_1``, …: :func:`posenc_sym.schemes.attention.symbol_matrix`) "the entries
of $W_q$ are real", not eighteen entry names; a matrix symbol of any size (a ``MatrixSymbol``) is
said by its shape ("a real column of $d$ numbers"). The matrix is named as the statement names it
(``X`` for the entries ``x_r_c``, when a notation value ``X`` holds them).

>>> import sympy
>>> from posenc_sym import Claim
>>> k, t = sympy.symbols("k t", real=True)
>>> w = sympy.ImmutableMatrix(2, 2, lambda r, c: sympy.Symbol(f"W_q_{r}_{c}", real=True))
>>> c = Claim("demo.entries", "demo", (w * sympy.Matrix([k, t]))[0] + 1, (w * sympy.Matrix([k, t]))[0] + 1,
...           same_sides_ok="a fixture")
>>> from posenc_sym.render.markup import MARKDOWN
>>> assumptions_words(c, MARKDOWN)
['the entries of $W_{q}$ are real', '$k$ and $t$ are real']
"""

from __future__ import annotations

import re

import sympy
from sympy.matrices import MatrixBase

from ..proof.assumptions import stated_assumptions
from ..proof.claim import Claim
from .markup import Flavour
from .mathtex import math_latex

__all__ = ["assumptions_words", "plural"]

#: A symbolic matrix entry: ``name_row_col`` (schemes.attention.symbol_matrix).
_ENTRY = re.compile(r"^(?P<base>.+?)_(?P<row>\d+)_(?P<col>\d+)$")


def plural(said: str) -> str:
    """ "is real" -> "are real"; "is a positive even integer" -> "are positive even integers".

    >>> plural("is a positive real"), plural("is real"), plural("is an integer"), plural("is a real matrix")
    ('are positive reals', 'are real', 'are integers', 'are real matrices')
    """
    for article in ("is a ", "is an "):
        if said.startswith(article):
            noun = said[len(article):]
            return "are " + (noun[:-2] + "ices" if noun.endswith("matrix") else noun + "s")
    return "are " + said[3:] if said.startswith("is ") else said


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _matrix_names(claim: Claim) -> dict[str, str]:
    """The name a notation value gives the matrix of each entry base (``x`` -> ``X``)."""
    names: dict[str, str] = {}
    notation = claim.notation
    for definition in notation.definitions if notation is not None else ():
        body = definition.body
        if definition.form != "value" or not isinstance(body, MatrixBase):
            continue
        bases = {m["base"] for s in body.free_symbols if (m := _ENTRY.match(str(s)))}
        if len(bases) == 1 and all(_ENTRY.match(str(s)) for s in body.free_symbols):
            names.setdefault(bases.pop(), math_latex(sympy.Symbol(definition.name)))
    return names


def _matrix_symbols(claim: Claim) -> list[sympy.MatrixSymbol]:
    found: set[sympy.MatrixSymbol] = set()
    for term in (claim.lhs, claim.rhs, *(s.expr for s in claim.steps)):
        found |= {a for a in getattr(term, "free_symbols", set()) if isinstance(a, sympy.MatrixSymbol)}
    return sorted(found, key=str)


def assumptions_words(claim: Claim, fl: Flavour) -> list[str]:
    """The claim's assumptions as phrases in ``fl``'s markup, entries grouped by their matrix."""
    symbols = claim.symbols
    words = stated_assumptions(symbols, claim.conditions)
    entries: dict[str, list[str]] = {}  # what is said -> matrix bases, in order
    groups: dict[str, list[str]] = {}  # what is said -> symbols
    by_base: dict[tuple[str, str], int] = {}
    for sym in symbols:
        match = _ENTRY.match(str(sym))
        if match:
            by_base[(match["base"], "")] = by_base.get((match["base"], ""), 0) + 1
    names = _matrix_names(claim)
    bounded = _said_by_bounds(claim.conditions)
    for sym, said in zip(symbols, words, strict=False):
        if isinstance(sym, sympy.MatrixSymbol):
            continue  # said below, with its size
        rest = said[len(str(sym)):].strip()  # "t is real" -> "is real"
        if rest in bounded.get(sym, ()):
            continue  # "b > 1" below says it: "b is a positive real; …; b > 1" said it twice
        match = _ENTRY.match(str(sym))
        if match and by_base[(match["base"], "")] > 1:
            name = fl.inline(names.get(match["base"]) or math_latex(sympy.Symbol(match["base"])))
            if name not in entries.setdefault(rest, []):
                entries[rest].append(name)
            continue
        groups.setdefault(rest, []).append(fl.inline(math_latex(sym)))
    parts = [f"the entries of {_listed(bases)} {fl.literal(plural(rest))}" for rest, bases in entries.items()]
    parts += _matrices_words(_matrix_symbols(claim), fl)
    for rest, names_ in groups.items():
        said = rest if len(names_) == 1 else plural(rest)
        parts.append(f"{_listed(names_)} {fl.literal(said)}")
    parts += [fl.inline(math_latex(cond)) for cond in claim.conditions]
    return parts


def _said_by_bounds(conditions: tuple[sympy.Basic, ...]) -> dict[sympy.Basic, set[str]]:
    """What the conditions already say of a real symbol they bound by a number: any bound says it
    is real; ``b > 1`` (``1 < b``, ``L \\ge 2``) that it is a positive real; ``t \\ge 0`` nonnegative.

    >>> b, t, x = sympy.symbols("b t x", real=True)
    >>> said = _said_by_bounds((b > 1, t >= 0, x > -1))
    >>> sorted(said[b]), sorted(said[t]), sorted(said[x])
    (['is a nonnegative real', 'is a positive real', 'is real'], ['is a nonnegative real', 'is real'], ['is real'])
    """
    said: dict[sympy.Basic, set[str]] = {}
    for cond in conditions:
        if not isinstance(cond, (sympy.StrictGreaterThan, sympy.GreaterThan, sympy.StrictLessThan,
                                 sympy.LessThan)):
            continue
        lower = isinstance(cond, (sympy.StrictGreaterThan, sympy.GreaterThan))
        for sym, other, is_lower in ((cond.lhs, cond.rhs, lower), (cond.rhs, cond.lhs, not lower)):
            if not (isinstance(sym, sympy.Symbol) and other.is_number and other.is_real):
                continue
            words = said.setdefault(sym, {"is real"})
            strict = isinstance(cond, (sympy.StrictGreaterThan, sympy.StrictLessThan))
            if is_lower and other >= 0:
                words.add("is a nonnegative real")
                if other > 0 or strict:
                    words.add("is a positive real")
    return said


def _matrices_words(matrices: list[sympy.MatrixSymbol], fl: Flavour) -> list[str]:
    r"""The matrix symbols by their shape, as the statement sizes them: "$q$ and $k$ are real columns
    of $d$ numbers", "$W_{q}$ is a real $d_{k} \times d$ matrix" (the sizes' own assumptions are said
    with the other symbols').

    >>> from posenc_sym.render.markup import MARKDOWN
    >>> d = sympy.Symbol("d", integer=True, positive=True)
    >>> _matrices_words([sympy.MatrixSymbol("k", d, 1), sympy.MatrixSymbol("q", d, 1),
    ...                  sympy.MatrixSymbol("A", 4, 4)], MARKDOWN)
    ['$k$ and $q$ are real columns of $d$ numbers', '$A$ is a real $4 \\times 4$ matrix']
    """
    shapes: dict[tuple[sympy.Expr, sympy.Expr], list[str]] = {}
    for m in matrices:
        shapes.setdefault(m.shape, []).append(fl.inline(math_latex(m)))
    parts = []
    for (rows, cols), names in shapes.items():
        one = len(names) == 1
        if cols == 1:
            what = f"{'a real column' if one else 'real columns'} of {fl.inline(math_latex(rows))} numbers"
        else:
            size = fl.inline(f"{math_latex(rows)} \\times {math_latex(cols)}")
            what = f"{'a real' if one else 'real'} {size} {'matrix' if one else 'matrices'}"
        parts.append(f"{_listed(names)} {'is' if one else 'are'} {what}")
    return parts

