"""Names in a formula: subscripts, declared symbols, notations and functions (runs of letters are
:mod:`.read_runs`'s).

A name with a plain subscript (``d_{\\text{model}}``,
``x_{i,j}``, ``R_{\\theta}``) is the symbol of that name (``d_model``, ``x_i_j``, ``R_theta``), as
:mod:`.names` spells it; a notation with subscript parameters (``\\omega_{i+1}``) is applied to
them. A new naming convention goes here.
"""

from __future__ import annotations

import sympy
from sympy.matrices import ImmutableMatrix, MatrixBase

from .read_calls import call_arguments
from .read_cursor import Cursor, Term
from .read_derivatives import differentiate, variable_of
from .read_elements import element, no_bracket_after_matrix
from .read_guards import not_captured, one_character, shown_name
from .read_labels import label_after_subscript, labelled
from .read_numerals import numeral_ahead
from .read_tokens import Token, Unreadable, comma_superscript_into_subscript, prime_first, subscript_first
from .vocabulary import CONJUGATE_STARS, FONTS, LATEX_GREEK, SYMBOL_LETTERS

__all__ = ["bold_name", "call", "greek_name", "name", "single", "subscripted_call"]


def greek_name(token: Token | None) -> str | None:
    """The symbol name a Greek command stands for (``\\varrho`` -> ``varrho``), or None (``\\pi`` is π)."""
    if token is None or token.kind != "cmd":
        return None
    letter = LATEX_GREEK.get(token.text)
    return letter if letter in SYMBOL_LETTERS else None


def single(p: Cursor) -> Term:
    """A one-token script (``x^2``, ``x^t``, ``x^\\pi``): never a run of letters."""
    token = p.peek()
    if token is not None and token.kind == "letter":
        p.next()
        return name(p, token.text, token.pos, subscript_allowed=False)
    return p.atom()


def name(p: Cursor, base: str, pos: int, *, subscript_allowed: bool = True, shown: str | None = None) -> Term:
    """The symbol, notation or declared function ``base`` names, with its subscript; ``shown`` is
    how a message writes it (``\\hat{q}`` for ``qhat``; a Greek letter by its command by default).

    A name nothing declares is offered to the scope (:meth:`~.read_cursor.Scope.undeclared`),
    which may read it (a document's own reading of its names) or refuse it."""
    shown = shown or shown_name(base)
    if (derivative := _derivative_by_primes(p, base, pos)) is not None:
        return derivative
    if subscript_allowed and _star_before(p, "_"):
        return conjugate_of(name(p, base, pos, shown=shown))
    # a one-letter script (the m of x_m^{(1)}) takes no label: the label after it belongs to the subscripted name
    if subscript_allowed:
        prime_first(p.tokens, p.index)  # \theta_0' is \theta'_0, as the text's \theta_i' is \theta'_i
    base = labelled(p, _primed(p, base, pos)) if subscript_allowed else _primed(p, base, pos)
    if subscript_allowed:
        subscript_first(p.tokens, p.index)  # \sigma^{2}_{j}: σ_j squared, as TeX sets it
        comma_superscript_into_subscript(p.tokens, p.index)  # R_d^{\Theta,m}: one more index, never a power
    if subscript_allowed and p.peek() is not None and p.peek().text == "_":  # type: ignore[union-attr]
        p.next()
        if (after := label_after_subscript(p, base)) is not None:  # R_{\Theta,m}^d, the text's R^d
            value = _subscripted(p, after[0], pos)
            p.index += after[1]
            return value
        return _subscripted(p, labelled(p, _primed(p, base, pos)), pos)
    if base in p.bound:
        return p.bound[base]
    if base in p.closed:
        # \sum_{i=0}^{2} i + i: the second i is the outer one by precedence, but was likely meant
        # inside the sum; the reader does not choose.
        raise Unreadable(f"'{shown}' is the index of a sum or product earlier in this row, and here it is "
                         "outside it; parenthesize the body, \\sum_{...}^{...} (...), or rename the index", pos)
    if p.scope.is_function(base) and (_at_parenthesis(p) or p.scope.undeclared(base) is None):
        return call(p, base, pos)
    if p.scope.is_function(base) and _star_before(p, "("):
        return sympy.conjugate(call(p, base, pos))
    value = p.scope.lookup(base)
    if value is None and (value := p.scope.undeclared(base)) is not None:
        return element(p, value, shown, pos)
    if value is None:
        if _at_parenthesis(p):
            hint = f"assume {shown} real for a product {shown}·(…), or let {shown}(x) = … for a function"
        else:
            hint = f"e.g. assume {shown} real"
        raise Unreadable(f"'{shown}' is not declared; declare it ({hint})", pos)
    not_captured(p, base, value, pos)
    no_bracket_after_matrix(p, value, shown, pos)
    return value


def bold_name(p: Cursor, base: str) -> str:
    """The name a bold ``base`` at the cursor stands for: ``base`` itself, unless it is a notation and the scope
    reads the bold one with this subscript as a name of its own (:meth:`~.read_cursor.Scope.bold`)."""
    own = base + "vec"
    if p.scope.is_indexed(own) or p.scope.lookup(own) is not None:
        return own  # the text defines the bold name by its plain components (r_j = [r_{j,1}, …, r_{j,d}])
    following = p.peek()
    if following is None or following.text != "_" or not p.scope.is_indexed(base):
        return base
    start = p.index
    p.next()
    try:
        args = _subscript_args(p)
    except Unreadable:  # a subscript that is no formula: the notation's own reading says why
        return base
    finally:
        p.index = start
    return p.scope.bold(base, args) or base


def _primed(p: Cursor, base: str, pos: int) -> str:
    """``b'``, ``b^{\\prime}``: a name of its own (b′), where the scope reads one; a prime on a declared
    function (``f'(x)``) may be its derivative, which is not read."""
    texts = [t.text for t in p.tokens[p.index:p.index + 4]]
    if texts[:1] == ["'"]:
        width = 1
    elif texts[:2] == ["^", "\\prime"]:
        width = 2
    elif texts[:4] == ["^", "{", "\\prime", "}"]:
        width = 4
    elif texts[:3] == ["^", "{", "\\prime"]:  # b^{\prime 2d/D}: b′ to the power 2d/D
        p.tokens[p.index:p.index + 3] = [Token("sym", "'", p.tokens[p.index].pos), p.tokens[p.index],
                                         p.tokens[p.index + 1]]
        width = 1
    else:
        return base
    primed = base + "'"
    if p.scope.is_function(base) and not p.scope.is_function(primed) and _arguments_after(p, width) < 2:
        raise Unreadable(f"{shown_name(base)}' is the derivative of {shown_name(base)}, read at a variable: write "
                         f"{shown_name(base)}'(x), or name it", pos)
    if p.scope.lookup(primed) is None and p.scope.undeclared(primed) is None:
        count, all_width = _primes_ahead(p)
        if count > 1 and p.scope.lookup(base + "'" * count) is not None:  # j'' declared, j' not
            p.index += all_width
            return base + "'" * count
        return base  # the scope reads no such name: the prime is refused where it stands
    p.index += width
    p.scope.note("prime", "read a primed name (b′) as a name of its own, not a derivative")
    return _primed(p, primed, pos)


def _derivative_by_primes(p: Cursor, base: str, pos: int) -> Term | None:
    """``g'(x)``, ``g''(x)``: the derivative of a function the text has, of one argument, where no ``g'`` of
    its own exists (``f'(x, m)`` of two or more arguments is a function of its own: see :func:`_primed`)."""
    count, width = _primes_ahead(p)
    primed = base + "'"
    if not count or not p.scope.is_function(base) or p.scope.is_function(primed) or _arguments_after(p, width) != 1:
        return None
    p.index += width
    start = p.peek(1)
    args = call_arguments(p, base)
    shown = shown_name(base)
    point = args[0]
    if isinstance(point, sympy.Symbol):
        variable = variable_of(point, start.pos if start is not None else pos, sympy.sstr(point))
    else:  # a''(\xi_1), g'(2t): the derivative in g's own argument, taken at that point
        variable = sympy.Dummy("x", real=True)
    try:
        value = p.scope.call(base, (variable,))
    except ValueError as exc:
        raise Unreadable(str(exc), pos) from None
    p.scope.note(f"prime:{base}", f"read {shown}' as the derivative of {shown}" + (f", {shown}'' the second" if
                                                                                  count > 1 else ""))
    derivative = differentiate(value, [(variable, count)], pos)
    return derivative if variable is point else sympy.Subs(derivative, variable, point).doit()


def _primes_ahead(p: Cursor) -> tuple[int, int]:
    """How many primes follow (``'``, ``''``, ``^\\prime``, ``^{\\prime\\prime}``) and how many tokens they take."""
    texts = [t.text for t in p.tokens[p.index:p.index + 6]]
    quotes = next((n for n, text in enumerate(texts) if text != "'"), len(texts))
    if quotes:
        return quotes, quotes
    if texts[:2] == ["^", "\\prime"]:
        return 1, 2
    if texts[:2] == ["^", "{"]:
        inner = 0
        while 2 + inner < len(texts) and texts[2 + inner] == "\\prime":
            inner += 1
        if inner and texts[2 + inner:3 + inner] == ["}"]:
            return inner, inner + 3
    return 0, 0


def _arguments_after(p: Cursor, width: int) -> int:
    """How many arguments the parentheses after a prime of ``width`` tokens hold (0 for none): f′ of two or
    more (``f'(x, m) = f(x, mL/L')``, position interpolation's new function) cannot be a derivative written
    with a prime, which belongs to functions of one variable."""
    texts = [t.text for t in p.tokens[p.index + width:] if t.text not in ("\\left", "\\right")]
    if not texts or texts[0] != "(":
        return 0
    depth, count = 0, 1
    for text in texts:
        depth += (text in "([{") - (text in ")]}")
        count += text == "," and depth == 1
        if depth == 0:
            return count
    return 0


def subscripted_call(p: Cursor, value: Term, pos: int) -> Term:
    """``f(q, k)_i``: a subscript on an undefined function applied, read as the function ``f_i`` applied."""
    text = _subscript_text(p)
    if text is None:
        raise Unreadable("a subscript on this expression is not read; subscripts belong to names", pos)
    function = sympy.Function(f"{value.func.__name__}_{text}", commutative=value.is_commutative)
    return function(*value.args)


def _at_parenthesis(p: Cursor) -> bool:
    following = p.peek()
    return following is not None and following.text == "("


def _star_before(p: Cursor, following: str) -> bool:
    """Consume a conjugating star after '^' (``*``, ``\\ast``, ``\\star``, braced or not) when ``following`` comes
    next: ``(`` for ``f^*(k, n)`` (the conjugate of f applied), ``_`` for ``x^\\star_n`` (the conjugate of x_n, the
    star written before the subscript); the token ``following`` itself is left."""
    texts = [t.text for t in p.tokens[p.index:p.index + 5]]
    for star in CONJUGATE_STARS:
        for mark in (["^", star, following], ["^", "{", star, "}", following]):
            if texts[:len(mark)] == mark:
                p.index += len(mark) - 1
                return True
    return False


def conjugate_of(value: Term) -> Term:
    """The complex conjugate of a value read, entrywise for a matrix."""
    return ImmutableMatrix(value.conjugate()) if isinstance(value, MatrixBase) else sympy.conjugate(value)


def _subscripted(p: Cursor, base: str, pos: int) -> Term:
    """``base`` with the subscript that follows (its ``_`` already taken): a notation applied to its
    parameters, a name whose subscript is plain text (``d_{model}``), or what the scope makes of it."""
    if (sliced := _slice(p, base)) is not None:
        return sliced
    if (own := _declared_whole(p, base)) is not None:
        return own  # u_1 declared (assume u_1 real) beside the text's u_s = […]: the declared name, never u at s = 1
    extreme = [t.text for t in p.tokens[p.index:p.index + 3]] in (["{", "\\min", "}"], ["{", "\\max", "}"])
    if p.scope.is_indexed(base) and not extreme:  # p_{\min} beside p_{k,2i}: a label, the least p, no index
        start = p.index
        args = _subscript_args(p)
        try:
            return p.scope.apply(base, args)
        except ValueError as exc:
            if (own := p.scope.bold(base, args, written_bold=False)) is not None:
                p.index = start  # p_i beside p_{i,2t}, p_{i,2t+1}: the vector p_i, a name of its own
                return _subscripted(p, own, pos)
            raise Unreadable(str(exc), pos) from None
    start = p.index
    text = _subscript_text(p)
    if text is None:  # a formula (\lambda_{m+1}): the scope may read the name at its values
        p.index = start
        args = _subscript_args(p)
        if _at_parenthesis(p) and p.scope.is_function(base) and (p.scope.is_indexed(base) or
                                                                  p.scope.lookup(base) is not None):
            # PE_{2i+1}(0) where the text defines PE: the function at a subscript, never the name PE_{2i+1} times (0)
            raise Unreadable(f"{base}_{{…}}(…) applies a function at a subscript that is a formula, which the text "
                             f"does not define there; define it ({base}_{{…}}(x) = …) or write the subscript as a name",
                             pos)
        value = p.scope.undeclared(base, args)
        if value is None:
            raise Unreadable(f"'{base}_{{...}}' is not declared; declare it (assume, or let {base}_i = ...)", pos)
        return value
    full = f"{base}_{text}"
    if (derivative := _derivative_by_primes(p, full, pos)) is not None:  # \phi_j''(s): primes after the subscript
        return derivative
    if p.scope.is_function(full) and (_at_parenthesis(p) or p.scope.undeclared(full) is None):
        return call(p, full, pos)
    value = p.scope.lookup(full)
    if value is None and all(len(part) == 1 or part.isdigit() for part in text.split("_")):
        # x_i, a_{i,j}, x_1: an index the scope may read at its values (the index of a sum being read
        # is the sum's own), where nothing names the whole
        end = p.index
        p.index = start
        value = p.scope.undeclared(base, _subscript_args(p))
        if value is None:
            p.index = end
    if value is None:
        value = p.scope.undeclared(full)
    if value is None:
        written = f"{base}_{{{text.replace('_', ',')}}}"
        raise Unreadable(f"'{written}' is not declared; declare it (assume, or let {base}_i = ...)", pos)
    no_bracket_after_matrix(p, value, shown_name(base), pos)
    return value if p.scope.lookup(full) is not None else element(p, value, shown_name(base), pos)


def _declared_whole(p: Cursor, base: str) -> Term | None:
    """The symbol a one-character subscript names with ``base`` where the scope has it as a whole (``u_1``), taken
    from the cursor; None otherwise (the cursor unmoved)."""
    tokens = p.tokens
    if p.index >= len(tokens) or tokens[p.index].kind not in ("letter", "num") or len(tokens[p.index].text) != 1:
        return None
    if p.index + 1 < len(tokens) and tokens[p.index + 1].text in ("_", "'"):
        return None
    value = p.scope.lookup(f"{base}_{tokens[p.index].text}")
    if not isinstance(value, sympy.Symbol) or not p.scope.is_indexed(base):
        return None
    p.index += 1
    return value


def _slice(p: Cursor, base: str) -> Term | None:
    """``q_{:d/2}``, ``p_{k,:}``: a slice of ``base`` as a program writes it (its first half, its row k), read as a
    name of its own (``q[:d/2]``): a row with it is decided only where it holds whatever that part is. None if the
    subscript at the cursor is no slice (``q_{[2i:2i+1]}`` is read by its entries, see :func:`_subscript_args`)."""
    tokens = p.tokens
    if p.index >= len(tokens) or tokens[p.index].text != "{" or \
            (p.index + 1 < len(tokens) and tokens[p.index + 1].text == "["):
        return None
    depth, colon, end = 0, False, p.index
    for end in range(p.index, len(tokens)):
        depth += (tokens[end].text == "{") - (tokens[end].text == "}")
        colon = colon or (depth == 1 and tokens[end].text == ":")
        if depth == 0:
            break
    if not colon or depth:
        return None
    written = "".join(t.text for t in tokens[p.index + 1:end])
    p.index = end + 1
    return p.scope.undeclared(f"{base}[{written}]")


def _subscript_text(p: Cursor) -> str | None:
    """The plain text of a subscript as a name's parts (``0``, ``model``, ``\\text{model}``,
    ``\\theta``; ``i,j`` is ``i_j``), or None if it is a formula."""
    if not p.take("{"):
        token = p.next()
        one_character(token)
        return token.text if token.kind in ("letter", "num") else greek_name(token)
    parts: list[str] = []
    depth = 1
    while depth:
        token = p.next()
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
        elif token.kind in ("letter", "num"):
            parts.append(token.text)
        elif token.text == ",":
            parts.append("_")  # the names table joins a name's parts with '_' (x_{i,j} is x_i_j)
        elif (letter := greek_name(token)) is not None:
            parts.append(letter)
        elif token.text in FONTS:
            continue
        elif token.text == "\\{" and (alternatives := _alternatives(p)) is not None:
            parts.append(alternatives)  # W_{\{q,k\}}: RoFormer's "W_q or W_k", one name standing for either
        elif token.kind == "other" and token.text.isalpha() and depth > 1:
            parts.append(token.text)  # m'_{\\text{插值}}: a label in the text's own language
        elif token.text in ("\\min", "\\max") and p.peek() is not None and p.peek().text == "}":  # type: ignore[union-attr]
            parts.append(token.text[1:])  # p_{\min}: a label, the least p
        else:
            return None
    return "".join(parts)


def _parenthesized_whole(p: Cursor) -> bool:
    """With the cursor on ``(`` just inside a subscript's brace: True if the parenthesis closes right before
    the brace does (``_{(pos, 2i)}``), False if more follows it (``_{(n-m)\\theta}``)."""
    depth = 0
    for token in p.tokens[p.index:]:
        depth += (token.text in ("(", "{")) - (token.text in (")", "}"))
        if depth == 0:
            following = p.tokens.index(token, p.index) + 1
            return following < len(p.tokens) and p.tokens[following].text == "}"
    return False


def _alternatives(p: Cursor) -> str | None:
    """After ``\\{`` in a subscript: the letters a set lists (``\\{q,k\\}``) as one label part (``q_or_k``),
    the cursor past ``\\}``; None (the cursor back) for anything but single letters between commas."""
    start, texts = p.index, []
    while (token := p.peek()) is not None and token.text != "\\}":
        texts.append(token.text if token.kind == "letter" or token.text == "," else "")
        p.next()
    letters = texts[::2]
    if token is None or len(letters) < 2 or not all(letters) or any(t != "," for t in texts[1::2]) \
            or len(texts) % 2 == 0:
        p.index = start
        return None
    p.next()
    return "_or_".join(letters)


def _subscript_args(p: Cursor) -> tuple[sympy.Expr, ...]:
    if not p.take("{"):
        one_character(p.peek())
        return (p.scalar(single(p), p.here(), "a subscript"),)
    if p.peek() is not None and p.peek().text == "[":  # type: ignore[union-attr]
        # q_{[2i:2i+1]}: the entries 2i to 2i+1 of q, as a slice
        p.next()
        first = p.scalar(p.expression(), p.here(), "a subscript")
        p.require(":")
        last = p.scalar(p.expression(), p.here(), "a subscript")
        p.require("]")
        p.require("}")
        return (first, last)
    parens = p.peek() is not None and p.peek().text == "(" and numeral_ahead(p, 1) is None  # type: ignore[union-attr]
    if parens and not _parenthesized_whole(p):
        parens = False  # R_{(n-m)\theta}: a parenthesized factor of one formula, not a list of indices
    if parens:
        p.next()
    args = [p.scalar(p.expression(), p.here(), "a subscript")]
    while p.take(","):
        args.append(p.scalar(p.expression(), p.here(), "a subscript"))
    if parens:
        p.require(")")
    p.require("}")
    return tuple(args)


def call(p: Cursor, function: str, pos: int) -> Term:
    """The declared function ``function`` applied to its parenthesized arguments."""
    args = call_arguments(p, function)
    try:
        return p.scope.call(function, tuple(args))
    except ValueError as exc:
        raise Unreadable(str(exc), pos) from None
