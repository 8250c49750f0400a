r"""Definitions from the text: ``w_k = \frac{1}{10000^{2k/d}}`` introduces w_k, and every later row uses it.

A statement ``NAME = formula`` (``NAME`` also ``NAME_{…}``, ``NAME(args)``, ``NAME^{(i)}``: see
:mod:`.name_forms`) is a definition when

- ``NAME`` is not declared (a ``posenc`` block's names are the author's variables: ``k = 2k - 8`` about a
  declared k is a claim, decided; but ``k = 8``, a number or a single name, sets a value for an example or a
  case, a condition, stated, never decided, and ``Let $k = 8$`` binds the declared k from there on, where
  the declaration allows the value: see :func:`_declared_value`; ``\theta_i`` beside a declared plain θ is
  another name, the text's to define);
- the formula does not mention ``NAME`` (``\lambda_1 = \lambda_2`` is a relation between two
  unknowns, ``x = x^2`` an equation);
- and, for a plain name the text has already used, the formula is not a number or a single name and
  the name is not one the reader's conventions read (``k = 8`` after ``\lambda = k^{2/d}`` sets a value
  for an example, or a case; ``m = n`` substitutes): that is a *condition*, stated, never decided,
  and it changes nothing for later rows.

A name defined again is a definition again: the same formula is said to be the same; a different
one is a finding at its line (the later rows use the new one, as the text does). A definition whose
formula cannot be read still introduces its name; rows that use it are not decided.
"""

from __future__ import annotations

import re
from dataclasses import replace

import sympy

from ..notation.read import Term
from .again import same_formula, shown_different
from .arities import define_another_arity
from .defined_again import Outcome, against_before, differently, rounded
from .earlier_definitions import TextDefinition, captured, in_force, read_part, with_later_definitions
from .name_forms import NameForm
from .not_definitions import a_claim, bold_beside_a_symbol, by_components
from .prose import A_CONSEQUENCE, INTRODUCES
from .scope import DocumentScope, passing_key

__all__ = ["Outcome", "TextDefinition", "define_from_text"]


def _function_name(form: NameForm) -> str | None:
    """The name a definition introduces: a function with a subscript, ``f_q(x, m)``, is ``f_q`` (the reader
    calls it so; ``f_k(x, n)`` beside it is another function); None for a subscript that is not a name."""
    if form.arguments is None or form.subscript is None:
        return form.name
    if len(form.subscript) == 1 and re.fullmatch(r"[A-Za-z0-9]+", form.subscript[0]) and not form.label:
        return f"{form.head}_{form.subscript[0]}"
    return None


def declared_with_subscript(form: NameForm, scope: DocumentScope) -> NameForm | None:
    """``d_k`` of ``assume d_k even positive``: the declared symbol, a plain name (d_k = 64 is its value for an
    example, as d = 128 is d's), never the family d at k; None where the name is not so declared."""
    if not form.subscript or form.arguments is not None or form.label:
        return None
    joined = "_".join((form.head, *form.subscript))
    return NameForm(joined, None, None, "", False) if joined in scope.ctx.symbols else None


def _entries_defined(form: NameForm, head: str, scope: DocumentScope) -> bool:
    """True if the text defines the entries of the vector ``form`` names: by a label (``\\vec{p}_t^{(i)}``) or by more
    subscripts (``p_{t,2k}``, ``p_{t,2k+1}`` beside ``p_t``). A formula for the vector is then a claim about them."""
    if any(re.fullmatch(rf"{re.escape(head)}\^\([A-Za-z]\)", name) for name in scope.text_defined):
        return True  # its entries by an index letter (p^{(i)}); a^{(1)}, a^{(2)} are other names, not its entries
    known = scope.text_defined.get(head, {})
    written = len(form.subscript or ())
    # a plain name stays one of its own beside an indexed family (θ, an angle, beside the frequencies θ_i)
    return bool(known) and written > 0 and form.arguments is None and all(len(d.pattern) > written
                                                                         for d in known.values())


def _is_value(rhs: Term | None) -> bool:
    return rhs is None or isinstance(rhs, sympy.Symbol) or bool(getattr(rhs, "is_number", False))


def define_from_text(form: NameForm, shown: str, rhs: Term | None, scope: DocumentScope, *,
                     inline: bool = False, binds: bool = False, rhs_text: str | None = None) -> Outcome | None:
    """Apply ``shown = rhs`` (``form`` its left side, ``rhs`` None when it could not be read) as a
    definition of the text if it is one (see the module docstring); None when it is a claim.

    ``rhs_text``: the formula as written, which says whether a number is written in decimals (0.2, not
    ``\\frac{1}{5}``); without it, a number whose denominator has a factor 5 is taken for one. A role ``rounded``
    says the statement gives a name defined by an exact formula its value in decimals (``c = 0.866`` after ``c =
    \\cos(\\pi/6)``): a claim that the value rounds to that, never a definition.

    ``binds``: the prose binds the name (``Let $d = 512$``), which then holds from here on even for a
    variable of the notes. A name whose definition was refused (:meth:`.scope.DocumentScope.refuse`) is
    never defined again. A role ``restated`` says the statement gives a defined name the formula it already has (``β =
    10000^{2/d}`` again, ``PE_{(pos,2i)} = \\sin(\\omega pos)`` after ω was defined): a claim, checked."""
    form = by_components(form, shown, rhs) or bold_beside_a_symbol(form, shown, rhs, scope) or \
        declared_with_subscript(form, scope) or form
    head = _function_name(form)
    if head is not None and (value := _declared_value(form, head, shown, rhs, scope, inline=inline,
                                                      binds=binds)) is not None:
        return value if value.role else None
    if head is None or a_claim(form, head, rhs, scope):
        return None
    if not inline and head not in scope.text_defined and A_CONSEQUENCE.search(scope.lead_in) and \
            not INTRODUCES.search(scope.lead_in):
        return None  # "so the score splits into four terms:" Ã_{ij} = …: a claim about the score, not a new name
    if not form.label and _entries_defined(form, head, scope):
        return None  # \vec{p}_t = [sin(ω_1 t), …] after its entries \vec{p}_t^{(i)} = …: the same vector, a claim
    if form.subscript and "i" in (part.strip() for part in form.subscript) and scope.unit_by_words():
        # θ'_i = … after "Here $i$ is the imaginary unit": a subscript indexes, the words say otherwise
        note = scope.refuse(head, shown, "its subscript i has two readings here: an index (a subscript indexes) or "
                            "the imaginary unit (the text says so)", fix="write the index with another letter, or "
                            "declare it: assume i integer")
        return Outcome("definition", note)
    if (key := passing_key(shown)) in scope.said_in_prose and rhs is not None and (
            (said := scope.said_in_prose[key]) is None or not same_formula(said, rhs, {})):
        return None  # 复数$z = a + bi$ … $$ z = r(\cos\theta + i\sin\theta) $$: a claim about the z the prose has
    if (case := _set_for_a_case(form, head, shown, rhs, scope, inline=inline, binds=binds)) is not None:
        return case if case.role else None
    if form.arguments is not None and rhs is not None and rounded(rhs, rhs_text) and head not in scope.text_defined:
        return None  # RoPE(q) = [-0.4161, 0.9093, …]: a worked example's value at q, rounded, not a function
    known = scope.text_defined.get(head, {})
    capturing = captured(form, scope, known, rhs)
    found = _pattern(form, scope, known)
    if found is None:
        return None
    pattern, params, args = found
    old = known.get(pattern)
    if old is None and args is not None and _instance_of_unread(known, args):
        return None  # a_3 = 4 after a_k = \int_0^k 2\,dx (not read): a claim about a_k at k = 3, not decided
    if old is not None and old.body is not None and rhs is not None:
        old = replace(old, body=with_later_definitions(old.body, scope))
        outcome = against_before(old, shown, rhs, rhs_text, params, args, scope, inline=inline, binds=binds)
        if outcome is None or outcome.role != "definition":
            return outcome
        if outcome.refuse:
            scope.refuse(head, shown, f"defined again at line {scope.line} in another numbering than line {old.line}")
            return outcome
    else:
        outcome = None
    if old is not None and old.body is None and rhs is not None:
        return None  # a second form of a name whose first form was not read: a claim about it, not decided
    if rhs is None and old is not None:
        # defined again in a form not read: the rows after it are not decided, by the old form or as definitions
        scope.refuse(head, shown, "defined again in a form that is not read")
        return Outcome("definition", f"defines {shown} again, in a form that cannot be read (line {old.line} defines "
                                     "it too), so rows that use it from here on are not decided", undecided=True)
    if capturing is not None:  # M_i = … after M_k = [[cos ω_i k, …]]: M given a new meaning, used from here on
        outcome = differently(shown, capturing.line, f" ({capturing.shown} there, whose formula uses {shown}'s "
                                                      "subscript for something else)")
    registered = _register(form, head, args, params, rhs, scope)
    variables = args if args is not None else params
    if old is None and rhs is not None and (earlier := in_force(known, variables)) is not None and \
            shown_different(earlier.body, rhs, dict(zip(earlier.variables, variables, strict=True))):
        # PE_{(pos, 2i)} = … after PE(pos, i) = \begin{cases}…: the same name in another form, shown different there
        outcome = differently(shown, earlier.line, f" ({earlier.shown} there)")
    known.pop(pattern, None)  # the latest definition last: the one in force (lines restart in each notebook cell)
    before = (*old.earlier, old) if old is not None else ()
    known[pattern] = TextDefinition(head, shown, scope.line, pattern, params, rhs, variables, before)
    scope.text_defined[head] = known
    written = _written(form, args, params)
    if outcome is not None:
        return replace(outcome, written=written)
    return Outcome("definition", _defines(shown, registered, rhs, old), written=written)


def _instance_of_unread(known: dict[tuple[str, ...], TextDefinition], args: tuple[sympy.Expr, ...]) -> bool:
    """True if ``args`` may be values of the parameters of a definition of the name whose formula was not read
    (``a_3`` of ``a_k``; never ``PE_{(pos, 2i+1)}`` of ``PE_{(pos, 2i)}`` for an integer i)."""
    for earlier in known.values():
        if earlier.body is not None or len(earlier.variables) != len(args):
            continue
        unknowns = sorted(set().union(*(v.free_symbols for v in earlier.variables)), key=str)
        wild = {u: sympy.Wild(f"w{n}") for n, u in enumerate(unknowns)}
        found: dict[sympy.Basic, sympy.Basic] | None = {}
        for written, value in zip(earlier.variables, args, strict=True):
            found = written.xreplace(wild).matches(value, found) if found is not None else None
        if found is not None and not any(u.is_integer and found.get(w, u).is_integer is False
                                         for u, w in wild.items()):
            return True
    return False


def _set_for_a_case(form: NameForm, head: str, shown: str, rhs: Term | None, scope: DocumentScope, *,
                    inline: bool, binds: bool) -> Outcome | None:
    """``d = \\|D\\|/2 - 1`` after ``\theta_d = …``, ``d = 512`` of a width the reader's conventions read: a plain
    name the text uses freely, set to a value for an example or a case; never defined (later rows keep it free).
    An Outcome with an empty role where the statement is then a claim (inline, not bound by the prose); None
    where this does not apply."""
    plain = form.subscript is None and form.arguments is None and not form.label
    used = head in scope.seen and (_is_value(rhs) or scope.rules.applies(head) or head in scope.roles.indices)
    variable = scope.rules.applies(head) and _is_value(rhs)  # d = 512: a width of one example, not of the notes
    if not (plain and head not in scope.text_defined and (used or variable) and not (inline and binds)):
        return None
    if inline:
        return Outcome("", "")
    written = "a formula" if rhs is None else sympy.sstr(rhs)
    _an_example(head, rhs, scope)
    why = f"{shown} is used before as a free name" if used else f"{shown} is a variable of the notes"
    return Outcome("definition", f"sets {shown} = {written} here, a value chosen for an example or a case "
                                 f"({why}): later rows keep {shown} free")


def _an_example(head: str, rhs: Term | None, scope: DocumentScope) -> None:
    """A number a display sets a free name to, for an example or a case: an example's value, so that a later row
    true at it is not refuted, nor a definition at it called different (:mod:`.examples`)."""
    if rhs is None or not _is_value(rhs) or not getattr(rhs, "is_number", False):
        return
    if (symbol := scope.plain_symbol(head)) is not None:
        scope.give_example(symbol, rhs, scope.line, head)


def _declared_value(form: NameForm, head: str, shown: str, rhs: Term | None, scope: DocumentScope, *,
                    inline: bool, binds: bool) -> Outcome | None:
    """``d = 768`` of a declared plain d: never a claim for every d, but a value set for an example or a case
    (stated, not decided; later rows keep d as declared), or, where the prose binds it (``Let $d = 768$``), d's
    value from here on (:meth:`.context.Context.bind`). A value the declaration does not allow (``d = 7`` of an
    even d) is neither: in a display, a claim, decided (no allowed d is 7); in the prose, a binding refused, said.
    An Outcome with an empty role where the statement is then no definition; None where this does not apply."""
    ctx = scope.ctx
    plain = form.subscript is None and form.arguments is None and not form.label
    if not (plain and head in ctx.symbols and rhs is not None and _is_value(rhs)) or rhs == ctx.symbols[head] or (
            scope.stating_condition or scope.under_clause or (head in ctx.bound and not inline)):
        return None  # a display's d = 512 after "Let $d = 768$": a claim about the value the text bound
    written = sympy.sstr(rhs)
    if refusal := ctx.refusal(head, rhs):
        if not inline:
            return None
        scope.note(f"unbound:{head}:{scope.line}", f"{shown} = {written} is a value the declaration does not allow "
                   f"({refusal}): {shown} is not set to it, and later rows keep {shown} as declared", "definition")
        return Outcome("", "")
    if inline and binds:
        ctx.bind(head, rhs)
        return Outcome("definition", f"binds the declared {shown}")
    if inline:
        return Outcome("", "")
    if scope.in_prose:  # "먼저 $$m = 2,\ n = 5$$ 입니다": a display in a line of words sets an example's values
        _an_example(head, rhs, scope)
    return Outcome("condition", f"sets {shown} = {written} here, a value chosen for an example or a case ({shown} "
                                f"is declared, and its declaration allows it): stated, not decided; later rows keep "
                                f"{shown} as declared", written=ctx.symbols[head])


def _defines(shown: str, registered: str | bool, rhs: Term | None, old: TextDefinition | None) -> str:
    """The note of a first definition (or one again, where ``old`` is the one before)."""
    if registered is True:
        note = f"defines {shown}"
    elif rhs is None:
        note = f"defines {shown} (its formula cannot be read, so rows that use it are not decided)"
    else:
        note = f"defines {shown} (later rows cannot use it: {registered})"
    return note + (f", again (line {old.line} defines it too)" if old is not None else "")


def _written(form: NameForm, args: tuple[sympy.Expr, ...] | None, params: tuple[sympy.Expr, ...]) -> Term | None:
    """The defined name as the writer shows it: ``p_{i,2j}``, ``f(q, m)``, ``\\beta``."""
    try:
        if form.arguments is not None:
            return sympy.Function(form.name)(*params)
        if args is not None:
            return sympy.IndexedBase(form.name)[args]
        if form.subscript is None and not form.label:
            return sympy.Symbol(form.name)
    except (TypeError, ValueError):  # a name SymPy cannot hold: shown as written instead
        return None
    return None


def _pattern(form: NameForm, scope: DocumentScope, known: dict[tuple[str, ...], TextDefinition]) -> tuple[
        tuple[str, ...], tuple[sympy.Expr, ...], tuple[sympy.Expr, ...] | None] | None:
    """The definition's pattern (what "the same definition again" compares), its parameters, and the
    values of its subscript (None when it has none that later rows can match); None when the left
    side is not a definition but a claim: it applies a defined name (``PE_{(pos+k, 2i)}``) or a
    function at a point (``f(q, 0)``)."""
    if form.arguments is not None:
        params = tuple(read_part(a, scope) for a in form.arguments)
        if any(p is None or p.is_number for p in params) or len(set(params)) != len(params):
            return None  # f(q, 0) = q: the function at a point, a claim about it
        if not all(isinstance(p, (sympy.Symbol, sympy.Indexed)) for p in params):
            patterned = _by_pattern(form, params, scope, known)
            if patterned is not None:
                return patterned
            if known:
                return None  # f(q, m - n) with f defined: f applied, a claim
            return ("call", *form.arguments), params, None  # g(q, k, m - n) = …: introduces g, not read again
        return ("call",) * len(params), params, None
    if form.subscript is None:
        return (f"^({form.label})",) if form.label else (), (), None
    args = tuple(read_part(part, scope) for part in form.subscript)
    readable = all(a is not None for a in args)
    relation = scope.ctx.pattern_of(form.name, args) if readable else None
    if relation == "same":
        return tuple(sympy.srepr(a) for a in args), (), args
    if relation == "instance" or (known and not (readable and _is_pattern(args))):
        return None
    pattern = tuple(sympy.srepr(a) for a in args) if readable else tuple(form.subscript)
    return pattern, (), args if readable and _is_pattern(args) else None


def _by_pattern(form: NameForm, params: tuple[sympy.Expr, ...], scope: DocumentScope,
                known: dict[tuple[str, ...], TextDefinition]) -> tuple[
        tuple[str, ...], tuple[sympy.Expr, ...], tuple[sympy.Expr, ...]] | None:
    """``PE(pos, 2i) = …`` and ``PE(pos, 2i+1) = …``: a function defined by patterns of its arguments, each a
    parameter times a number plus a number, is an indexed notation written as a call (its pattern, no
    parameters of a function, its arguments); None when it is not one, or applies one (``PE(pos+k, 2i)``)."""
    if not _is_pattern(params) or any(p.is_number for p in params):
        return None
    ctx = scope.ctx
    if known and form.name not in ctx.called:
        return None
    relation = ctx.pattern_of(form.name, params) if form.name in ctx.indexed else None
    if relation == "instance":
        return None
    return ("call", *(sympy.srepr(a) for a in params)), (), params


def _is_pattern(args: tuple[sympy.Expr, ...]) -> bool:
    """True if each part of a subscript is a constant or c·p + e of one symbol p (``2i + 1``, ``m``)."""
    for arg in args:
        symbols = arg.free_symbols
        if len(symbols) > 1:
            return False
        if symbols:
            (p,) = symbols
            c = sympy.diff(arg, p)
            if c == 0 or c.free_symbols:
                return False
    return True


def _register(form: NameForm, head: str, args: tuple[sympy.Expr, ...] | None, params: tuple[sympy.Expr, ...],
              rhs: Term | None, scope: DocumentScope) -> str | bool:
    """Put the definition in the scope's context; True when later rows can use it, else why not."""
    ctx = scope.ctx
    if rhs is None:
        return "its formula cannot be read"
    try:
        if form.arguments is not None and args is not None:  # PE(pos, 2i): by the pattern of its arguments
            ctx.forget(head, args)
            ctx.define_indexed(head, args, rhs)
            ctx.called.add(head)
        elif form.arguments is not None:
            if not all(isinstance(p, (sympy.Symbol, sympy.Indexed)) for p in params):
                return "its arguments are not all names, so later rows do not use it"
            if define_another_arity(scope, head, params, rhs):  # f(q, m, i) = … beside f(q, m) = …
                return True
            ctx.forget(head)
            ctx.define_function(head, params, rhs)
        elif form.subscript is not None:
            if args is None:
                return "its subscript is not a pattern of parameters"
            ctx.forget(head, args)
            ctx.define_indexed(head, args, rhs, beside_symbol=True)
        else:
            ctx.forget(head)
            ctx.define_value(head, rhs)
    except ValueError as exc:
        return str(exc)
    return True
