r"""Statements ``NAME = formula`` that look like definitions but are claims about what the text has.

``\lambda_1 = \lambda_2`` relates two unknowns, ``tk = …`` spells a product of t and k, ``\bar z = …``
states the conjugate of z, ``f'(x) = …`` the derivative of an applied f, ``\dot x = …`` Newton's derivative
of x, ``R_m (x_1, x_2) = …`` a product with a matrix the text defines, and "For $t = 3$, $$f(t) = 9$$"
what holds under the sentence's condition: each is decided as a claim, never taken as a new name
(:func:`a_claim`). :func:`by_components` says when a bold name given by its plain components
(``\mathbf{x} = (x_1, x_2)``) is a name of its own after all.
"""

from __future__ import annotations

import re
from dataclasses import replace

import sympy
from sympy.core.function import AppliedUndef

from ..notation.read import Term
from ..notation.read_runs import splits
from ..notation.vocabulary import BOLD, FUNCTIONS, UPRIGHT_FUNCTIONS, accent_of
from .declarations import symbol_name
from .name_forms import NameForm
from .scope import DocumentScope

__all__ = ["a_claim", "bold_beside_a_symbol", "by_components", "declared_symbol"]

#: A label that is a formula (``^{(i+k)}``), not a name's tag (``^{(1)}``, ``^{(i)}``, ``^{(K)}``).
_LABEL_FORMULA = re.compile(r"[-+*/]|\\cdot|\\times")


def a_claim(form: NameForm, head: str, rhs: Term | None, scope: DocumentScope) -> bool:
    """True when ``form = rhs`` (``head`` the name it would introduce) is a claim about names the text or
    the reader has, never a definition."""
    ctx = scope.ctx
    if form.head in FUNCTIONS or form.head in UPRIGHT_FUNCTIONS:
        return True  # \operatorname{Re}(e^{it}) = \cos t: a claim about a function the reader knows, decided
    if scope.stating_condition or (scope.under_clause and _restricted(form, head, scope)):
        return True  # "For $t = 3$, we get $$f(t) = 9$$": what holds under the sentence's condition, a claim
    if head in scope.refused:
        return True  # its definition was refused (a condition in words): never defined silently later
    if _LABEL_FORMULA.search(form.label):
        return True  # \vec{p}^{(i+k)} after \vec{p}^{(i)}: the labelled name at i + k, a claim, never a new name
    if form.arguments is not None and _a_defined_matrix(form, scope):
        return True  # R_m (x_1, x_2) = … of a matrix R_m the text defines: a product, a claim
    if declared_symbol(form, head, scope) or (head not in scope.text_defined and (
            head in ctx.values or head in ctx.indexed or head in ctx.functions)):
        return True
    if form.bare_label and (not getattr(rhs, "is_Matrix", False) or form.head in scope.text_defined
                            or ctx.lookup(form.head) is not None or ctx.is_indexed(form.head)):
        return True  # R^d_{Θ,m} names a matrix; x_i^n = …, R_m^n of a defined R_m: a power, a claim
    return (_mentions(rhs, form.head, plain=form.subscript is None) and not _by_plain_components(form, rhs)) \
        or _spells_a_product(form, scope) \
        or _conjugate(form, scope) or _derivative(form, scope) or _dotted(form, scope)


def declared_symbol(form: NameForm, head: str, scope: DocumentScope) -> bool:
    r"""True if the name ``form`` writes is a symbol a ``posenc`` block declares: ``\theta`` after ``assume \theta
    real``, ``\theta_i`` after ``assume \theta_i real``. A subscript the declaration does not write makes another
    name, as the reader reads it (``\theta_i`` beside a declared plain θ is the text's indexed family, which the
    text may define); a declared symbol before parentheses is a product, a claim."""
    symbols = scope.ctx.symbols
    if form.subscript is None or form.arguments is not None:
        return head in symbols
    return _subscripted_name(head, form.subscript) in symbols


def _subscripted_name(head: str, subscript: tuple[str, ...]) -> str:
    """The symbol name ``head`` with a plain-text ``subscript`` is declared as (``theta_i``, ``x_i_j``)."""
    parts = []
    for part in subscript:
        try:
            parts.append(symbol_name(part))
        except ValueError:
            return ""  # a formula (2i + 1): no declared symbol is spelled so
    return "_".join((head, *parts))


_BOLD_SIDE = re.compile(r"\s*(?:" + "|".join(re.escape(c) for c in sorted(BOLD | {"\\vec"})) + r")(?![A-Za-z])")


def _mentions(rhs: Term | None, head: str, *, plain: bool = True) -> bool:
    """True if ``rhs`` names ``head`` (``\\lambda_2`` names lambda; ``input_embedding`` does not name input). For a
    left side with a subscript (``plain`` False), the plain name is another object: ``q_m = R_m q`` defines the
    rotated q_m from q, while ``x_{n+1} = x_n / 2`` (a recurrence) and ``\\lambda_1 = \\lambda_2`` name it."""
    if rhs is None:
        return False
    if plain:
        return head in _named(rhs)
    entries = list(rhs) if isinstance(rhs, sympy.MatrixBase) else [rhs]
    return any(str(a.base.label) == head for e in entries for a in getattr(e, "atoms", lambda *_: ())(sympy.Indexed)) \
        or any(f.func.__name__ == head for e in entries for f in getattr(e, "atoms", lambda *_: ())(AppliedUndef))


def _named(term: Term) -> set[str]:
    """The names a formula uses as values: not a letter that only labels a subscript (the q of W_q)."""
    if isinstance(term, sympy.MatrixBase):
        return set().union(*(_named(e) for e in term)) if term else set()
    if isinstance(term, sympy.Indexed):
        return {str(term.base.label)}
    if isinstance(term, sympy.Symbol):
        return {term.name}
    names = {term.func.__name__} if isinstance(term, AppliedUndef) else set()
    for arg in getattr(term, "args", ()):
        names |= _named(arg)
    return names


def _spells_a_product(form: NameForm, scope: DocumentScope) -> bool:
    """True for a run of letters that spells names the text has (``tk`` with t and k): a product."""
    if not form.head.isalpha() or len(form.head) < 2 or not form.head.isascii():
        return False
    found = splits(form.head, scope.words() - {form.head})
    return len(found) == 1 and len(found[0]) > 1


def _conjugate(form: NameForm, scope: DocumentScope) -> bool:
    """True for ``\\bar{z}`` where the scope reads the bar as the conjugate of z: a claim about it, no new name."""
    root = form.head
    while root.endswith("bar") and len(root) > 3:  # \overline{\bar{k}}: kbarbar, the conjugate twice
        root = root[:-3]
    accented = accent_of(root + "bar")
    return root != form.head and accented is not None and scope.bar(accented[0]) == "conjugate"


def _derivative(form: NameForm, scope: DocumentScope) -> bool:
    """True for ``f'(x) = …`` where the text applies f: the derivative of f stated, or a new name f′? The
    row is left to the reader, which refuses it with both named; never a definition taken silently."""
    base = form.head.rstrip("'")
    # f'(x, m) of two or more arguments is a function of its own (position interpolation's): a prime writes
    # the derivative of a function of one variable only
    return form.arguments is not None and len(form.arguments) < 2 and base != form.head and (
        scope.ctx.is_function(base) or base in scope.roles.applied)


def _restricted(form: NameForm, head: str, scope: DocumentScope) -> bool:
    """True where a sentence's condition restricts what the display says of ``form``: the name is defined already
    ("For $d = 2$, we have $$\\omega_i = 10000^{-i}$$" restates ω for one case), or the condition bounds one of its
    parameters other than by listing them ("For $t = 3$, $$f(t) = 9$$"; but "for $t \\in \\{q, k, v\\}$,
    $$f_t(x) = …$$" defines each f_t)."""
    if head in scope.text_defined or scope.ctx.lookup(head) is not None:
        return True
    parameters = set(re.findall(r"[A-Za-z]+", " ".join((*(form.subscript or ()), *(form.arguments or ())))))
    for formula in scope.under_clause:
        if re.match(r"^\s*[A-Za-z]+\s*\\in\s*\\\{", formula):
            continue  # the condition lists the instances the definition gives
        if parameters & set(re.findall(r"[A-Za-z]+", re.sub(r"\\[A-Za-z]+", " ", formula))):
            return True
    return False


def _dotted(form: NameForm, scope: DocumentScope) -> bool:
    r"""True for ``\dot x = …`` where the text has x: Newton's derivative of x stated, never a new name ẋ (after
    ``x = \sin t``, a false ``\dot x = -\cos t`` taken as a definition once proved ``\dot x + \cos t = 0``)."""
    accented = accent_of(form.head)
    return accented is not None and accented[1] in ("dot", "ddot", "dddot", "ddddot") and (
        accented[0] in scope.seen or accented[0] in scope.text_defined or scope.ctx.lookup(accented[0]) is not None)


def by_components(form: NameForm, shown: str, rhs: Term | None) -> NameForm | None:
    """``\\boldsymbol{r}_j = [r_{j,1}, …, r_{j,d}]``, ``\\mathbf{x} = (x_1, x_2, x_3)``: a bold name given by its plain
    components (the plain name with more subscripts than the bold one has) is a name of its own (r⃗), not an
    equation in r; the bold name then reads as it (:func:`~posenc_sym.notation.read_names.bold_name`)."""
    if rhs is None or form.arguments is not None or form.label or not _BOLD_SIDE.match(shown):
        return None
    written = len(form.subscript or ())
    uses = [a for a in getattr(rhs, "atoms", lambda *_: set())(sympy.Indexed) if str(a.base.label) == form.head]
    if not uses or any(len(a.indices) <= written for a in uses) or form.head in _named_plainly(rhs):
        return None
    return replace(form, head=form.head + "vec")


def bold_beside_a_symbol(form: NameForm, shown: str, rhs: Term | None, scope: DocumentScope) -> NameForm | None:
    r"""``\mathbf{p} = \begin{bmatrix} \sin t \\ \cos t \end{bmatrix}`` after ``assume p real``: a bold name set to
    a vector or a matrix cannot be the declared scalar p; it is a name of its own (p⃗), which the bold name then
    reads as (:func:`~posenc_sym.notation.read_names.bold_name`). None where this does not apply."""
    plain = form.subscript is None and form.arguments is None and not form.label
    if not (plain and isinstance(rhs, sympy.MatrixBase) and _BOLD_SIDE.match(shown)):
        return None
    return replace(form, head=form.head + "vec") if form.head in scope.ctx.symbols else None


def _a_defined_matrix(form: NameForm, scope: DocumentScope) -> bool:
    """True if the name before the parentheses (``R_m``, ``W``) is a matrix the text defines."""
    ctx = scope.ctx
    bodies = [p.body for p in ctx.indexed.get(form.head, [])] if form.subscript is not None else \
        [ctx.lookup(form.head)]
    return bool(bodies) and all(isinstance(b, sympy.MatrixBase) for b in bodies)


def _by_plain_components(form: NameForm, rhs: Term | None) -> bool:
    """``q = (q_0, q_1)``, ``x = [x_1, x_2]``: a plain name given as a written vector of its own components (the
    name with a subscript, never the name alone) is the vector, not an equation in q."""
    plain = form.subscript is None and form.arguments is None and not form.label
    return plain and isinstance(rhs, sympy.MatrixBase) and form.head not in _named_plainly(rhs)


def _named_plainly(term: Term) -> set[str]:
    """The names a formula uses as bare symbols (x, not x_k)."""
    if isinstance(term, sympy.MatrixBase):
        return set().union(*(_named_plainly(e) for e in term)) if term else set()
    if not isinstance(term, sympy.Basic):
        return set()
    bare = term.xreplace({a: sympy.Dummy() for a in term.atoms(sympy.Indexed)})  # x_k's label x is not x
    return {s.name for s in bare.free_symbols if isinstance(s, sympy.Symbol) and not isinstance(s, sympy.Dummy)}
