r"""Products and sums written with an ellipsis: ``\lambda_1\lambda_2\cdots\lambda_m``, ``a_1 + \cdots + a_n``.

An ellipsis between terms of one indexed name, whose indices run by ones up to the last term's, is the
product (or sum) of that name over the indices: a_1 a_2 ⋯ a_m is ∏_{i=1}^{m} a_i. Only a name read as
written (an undefined one, kept as ``IndexedBase(a)[i]``) shows its index; anything else leaves the
terms unstated, and the reader says so (``t + \cdots + t``).

>>> import sympy
>>> a = sympy.IndexedBase("a")
>>> m = sympy.Symbol("m", integer=True)
>>> run([a[1], a[2]], a[m], "product", 0)
Product(a[j], (j, 1, m))
>>> run([a[1]], a[m], "sum", 0)
Sum(a[j], (j, 1, m))
"""

from __future__ import annotations

import itertools

import sympy

from .read_cursor import Term
from .read_tokens import Unreadable

__all__ = ["run"]

_FRESH = ("j", "k", "l", "r", "s")


def _one_index(term: Term) -> tuple[sympy.Basic, sympy.Expr] | None:
    if isinstance(term, sympy.Indexed) and len(term.indices) == 1:
        return term.base, term.indices[0]
    return None


def run(items: list[Term], last: Term, kind: str, pos: int, written: str = "\\cdots") -> Term:
    """``items`` (the factors or terms read before the ellipsis) and ``last`` (the one after it) as one
    product or sum where the trailing items and ``last`` are one indexed name with indices in steps of one;
    the leading items that are not part of it are kept. Refused otherwise."""
    unstated = Unreadable(f"an ellipsis ({written}) leaves terms unstated; state the claim per entry, per block, or "
                          "as a sum", pos)
    end = _one_index(last)
    if end is None:
        raise unstated
    base, stop = end
    count = 0
    while count < len(items) and (found := _one_index(items[-1 - count])) is not None and found[0] == base:
        count += 1
    if count == 0:
        raise unstated
    indices = [_one_index(item)[1] for item in items[len(items) - count:]]  # type: ignore[index]
    if any(sympy.simplify(b - a - 1) != 0 for a, b in itertools.pairwise(indices)):
        raise unstated
    used = {str(s) for s in (*[i for i in indices], stop) for s in getattr(s, "free_symbols", ())}
    name = next(n for n in (*_FRESH, "i") if n not in used)
    index = sympy.Symbol(name, integer=True)
    whole = (sympy.Product if kind == "product" else sympy.Sum)(base[index], (index, indices[0], stop))
    rest = items[:len(items) - count]
    if kind == "product":
        return sympy.Mul(*rest, whole) if rest else whole
    return sympy.Add(*rest, whole) if rest else whole
