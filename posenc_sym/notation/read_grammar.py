"""The grammar of :mod:`.read`: expressions, terms, factors and scripts, over the tokens of one formula.

::

    expression := ['+'|'-'] term (('+'|'-') term)*
    term       := factor ((['*'|'\\cdot'|'\\times'|'/']) factor)*      juxtaposition multiplies
    factor     := atom ('^' script)*                                 '^\\top', '^T' transpose
    atom       := number | name ['_' script] | function | '\\frac' | '\\sqrt' | '\\sum' | '\\prod'
                | '(' expression ')' | '{' expression '}' | '|' expression '|' | matrix environment

The layers of the reader, each importing only those before it: the vocabulary
(:mod:`.vocabulary`), the tokens (:mod:`.read_tokens`), the state (:mod:`.read_cursor`), the guards
(:mod:`.read_guards`), names (:mod:`.read_names`), accents and bars (:mod:`.read_accents`), commands
(:mod:`.read_commands`), atoms (:mod:`.read_atoms`), this grammar, and the entry points (:mod:`.read`). A
change of precedence or of what a term is goes here; a new atom or command in its own module.
"""

from __future__ import annotations

import sympy
from sympy.core.function import AppliedUndef
from sympy.matrices import ImmutableMatrix

from ..sizes import power_too_large
from .read_atoms import atom
from .read_cases import evaluation_bar
from .read_components import component
from .read_cursor import Cursor, Scope, Term, is_matrix
from .read_elementwise import ELEMENTWISE, Pending, combine_pending, elementwise
from .read_ellipsis import run
from .read_guards import no_index_i_in_exponent, no_unbraced_exponent_before_a_name
from .read_names import single, subscripted_call
from .read_tokens import Token, Unreadable
from .read_tuples import OpenTuples, add_tuples, multiply_tuple, tuple_vector, vector_meant
from .vocabulary import CONJUGATE_STARS, ELLIPSES, MULTIPLY, READ_RELATIONS

__all__ = ["Parser"]


def _not_two_complex_names(left: Term, right: Term, pos: int) -> None:
    """Refuse ``x_m \\cdot x_n`` of two names declared complex: notes write it for the product of the complex
    numbers and for the dot product of the plane vectors they stand for (Re(x_m conj(x_n))); the two differ."""
    if all(isinstance(side, sympy.Symbol) and side.is_complex and side.is_real is not True for side in (left, right)):
        raise Unreadable("\\cdot between two complex numbers is their product to some and the dot product of the "
                         "vectors they stand for (Re of one times the other's conjugate) to others; write the product "
                         "without \\cdot, or the dot product as \\Re[a \\bar{b}]", pos)


class Parser(Cursor):
    """Recursive descent over the tokens of one formula."""

    def __init__(self, tokens: list[Token], scope: Scope, end: int) -> None:
        super().__init__(tokens, scope, end)
        self.pending = Pending()  # the ⊗ products read as elementwise, until the row shows they are (read_elementwise)
        self.tuples = OpenTuples()  # tuples (a, b) read as columns until a context makes them vectors (read_tuples)

    def atom(self) -> Term:
        return atom(self)

    def add(self, left: Term, right: Term, pos: int) -> Term:
        total = add_tuples(self, left, right, pos, self.tuples)
        if total is not None:
            return total
        total = super().add(left, right, pos)
        combine_pending(self, left, right, total, self.pending)
        return total

    def tuple_rest(self, opening: Token, first: Term) -> Term:
        return tuple_vector(self, opening, first, self.tuples)

    def vector_meant(self, value: Term) -> Term:
        return vector_meant(self, value, self.tuples)

    def written_tuple(self, value: Term) -> str | None:
        at = self.tuples.at(value)
        return None if at is None else self.tuples.written.get(at, "(a, b)")

    def negated(self, value: Term) -> Term:
        """``-value``; the negative of a tuple is a tuple, as written."""
        at = self.tuples.at(value)
        if at is None:
            return -value
        self.tuples.close(value)
        return self.tuples.hold(ImmutableMatrix(-value), at)

    def mul(self, left: Term, right: Term, pos: int) -> Term:
        product = multiply_tuple(self, left, right, pos, self.tuples)
        return product if product is not None else super().mul(left, right, pos)

    def expression(self) -> Term:
        negate = self.take("-")
        if not negate:
            self.take("+")
        value = self.term()
        if negate:
            value = self.negated(value)
        terms = [value]
        while (token := self.peek()) is not None and token.text in ("+", "-"):
            self.next()
            if token.text == "+" and self._at_ellipsis():
                ellipsis = self.next()
                if self._at_end_of_side():
                    # E_1 \cdot E_2 = a + b + \dots: terms left unstated, each … a name of its own (never the
                    # same as another …), so the row is never decided from what it does not say
                    value = self.add(value, sympy.Dummy("⋯"), token.pos)
                    terms.append(value)
                    continue
                self.require("+")
                value = run(terms, self.term(), "sum", ellipsis.pos, ellipsis.text)  # a_1 + a_2 + \cdots + a_n
                terms = [value]
                continue
            right = self.term() if token.text == "+" else self.negated(self.term())
            terms.append(right)
            value = self.add(value, right, token.pos)
        if self._at_evaluation_bar():
            bar = self.next()
            self.next()
            value = evaluation_bar(self, value, bar.pos)
        if (token := self.peek()) is not None and token.text in ("\\pm", "\\mp"):
            raise Unreadable(f"{token.text} states two formulas at once; write each on its own row", token.pos)
        return value

    def term(self) -> Term:
        value = self.factor()
        factors = [value]
        divided_at: int | None = None
        while (token := self.peek()) is not None:
            if self._at_ellipsis() and divided_at is None and not is_matrix(value) and self.peek(1) is not None \
                    and self.starts_factor(self.peek(1)):
                self.next()
                value = run(factors, self.factor(), "product", token.pos, token.text)  # λ_1 λ_2 ⋯ λ_m
                factors = [value]
            elif token.text in ELEMENTWISE:
                self.next()
                value = elementwise(self, value, factors, token, self.pending)  # x ⊙ y, RoFormer's x ⊗ cos mθ
                factors = [value]
            elif token.text in MULTIPLY or (token.text == "." and self.starts_factor(self.peek(1))
                                             and (self.peek(1) is None or self.peek(1).kind != "num")):  # type: ignore[union-attr]
                if token.text == ".":  # \omega_k . t, M.\begin{bmatrix}: a product written with a full stop
                    self.scope.note("period", "read '.' between two factors (\\omega_k . t) as a product, as \\cdot")
                self.next()
                if token.text == "\\cdot" and _is_column(value) and divided_at is None:
                    value = self._dot(value, token.pos)  # R_m q \cdot R_n k: (R_m q)·(R_n k)
                    factors = [value]
                    continue
                factor = self.factor()
                if token.text == "\\cdot":
                    _not_two_complex_names(value, factor, token.pos)
                factors.append(factor)
                if token.text == "\\cdot" and _is_row(value) and _is_row(factor) and value.shape == factor.shape:
                    # [a, b] \cdot [c, d]: no matrix product multiplies two rows; the dot product is what is meant
                    self.scope.note("dot rows", "read \\cdot between two rows of one length as their dot product")
                    value = (value * factor.T)[0, 0]
                    continue
                value = self.mul(value, factor, token.pos)
            elif token.text == "/":
                self.next()
                value, divided_at = self.divide(value, self.factor(), token.pos), token.pos
            elif self._at_evaluation_bar():
                break
            elif self.starts_factor(token):
                if token.kind == "num" and self._after_number():
                    # TeX ignores spaces in math: "2 3" is typeset 23, not 2·3.
                    raise Unreadable("two numbers side by side are typeset as one (2 3 shows as 23); write "
                                     "2 \\cdot 3 or 23", token.pos)
                if token.wide:
                    # x = 1 \qquad y = 2 is two statements, not the chain x = 1·y = 2.
                    raise Unreadable("a wide space (\\quad, \\qquad) sets two formulas apart; put each on its "
                                     "own row, or write the product without it", token.pos)
                if divided_at is not None:
                    # a/bc is a/(bc) to some readers and (a/b)c to others.
                    raise Unreadable("after '/', a product is ambiguous: write (a/b) c or a/(b c)", token.pos)
                factor = self.factor()
                factors.append(factor)
                value = self.mul(value, factor, token.pos)
            else:
                break
        return value

    def _dot(self, left: Term, pos: int) -> Term:
        """``\\cdot`` after a column vector: the dot product with the product written after it
        (``R_m q \\cdot R_n k``, its factors side by side binding first), or the product if that is no column."""
        right = self.term()
        if _is_column(right) and left.shape == right.shape:
            self.scope.note("dot", "read \\cdot between two column vectors as the dot product aᵀb")
            return (left.T * right)[0, 0]
        return self.mul(left, right, pos)

    def _at_end_of_side(self) -> bool:
        """True at the end of a side: the formula's end, a relation, a closing bracket, a row or cell end."""
        token = self.peek()
        return token is None or token.text in READ_RELATIONS or token.text in (")", "]", "}", "\\\\", "&", ",")

    def _at_ellipsis(self) -> bool:
        token = self.peek()
        return token is not None and token.text in ELLIPSES

    def _at_evaluation_bar(self) -> bool:
        """True before ``|_{x = a}`` (``\\big|_{…}``): the value of what precedes at x = a."""
        token, following = self.peek(), self.peek(1)
        return token is not None and token.text == "|" and following is not None and following.text == "_"

    def _after_number(self) -> bool:
        """True if the token before the current one is a number that is not a script (``x^2 3``)."""
        before = self.tokens[self.index - 1] if self.index > 0 else None
        script = self.tokens[self.index - 2].text in ("^", "_") if self.index > 1 else False
        return before is not None and before.kind == "num" and not script

    def factor(self) -> Term:
        value, powered = self.atom(), False
        while (token := self.peek()) is not None and token.text in ("^", "'", "!", "_"):
            if token.text == "'":
                raise Unreadable("a prime (') is not read; name the derivative or the new symbol", token.pos)
            if token.text == "!":
                raise Unreadable("a factorial is not read", token.pos)
            if token.text == "_" and isinstance(value, AppliedUndef):
                self.next()
                value = subscripted_call(self, value, token.pos)
                continue
            if token.text == "_":
                value = component(self, value, token.pos)  # (\mathbf{p}_i)_m, or unread
                continue
            if powered:
                # a^b^c: TeX refuses it ("double superscript"); a^(b^c) and (a^b)^c differ.
                raise Unreadable("a double superscript a^b^c is (a^b)^c to some and a^(b^c) to others; brace one",
                                 token.pos)
            self.next()
            value, powered = self.power(value, token.pos), True
        return value

    def power(self, base: Term, pos: int) -> Term:
        if self.transpose_follows(base):
            if self.tuples.at(base) is not None:
                return vector_meant(self, base, self.tuples)  # (a, b)^T: the row written, turned into a column
            if is_matrix(base):
                return ImmutableMatrix(base.T)
            return base if base.is_commutative else sympy.transpose(base)  # a vector's name: vᵀ
        if self.degrees_follow(base):
            return base * sympy.pi / 180  # 30^\circ: thirty degrees, an angle in radians as sin and cos take it
        conjugate = self.conjugate_follows()
        if conjugate is not None:
            if is_matrix(base):
                return ImmutableMatrix(base.conjugate() if conjugate == "*" else base.H)
            return sympy.conjugate(base) if conjugate == "*" else sympy.adjoint(base)
        start = self.index
        exponent = self.scalar(self.script(), pos, "a power")
        if base is sympy.E:
            no_index_i_in_exponent(self, start, exponent, pos)
            no_unbraced_exponent_before_a_name(self, start, pos)
        if is_matrix(base):
            raise Unreadable("a power of a matrix is not read; write the product", pos)
        huge = power_too_large(base, exponent)  # SymPy would build 2^{2^{32}} as it reads it
        if huge is not None:
            raise Unreadable(f"too large to evaluate: {huge}; state it for a symbol, or with smaller numbers", pos)
        if exponent.is_nonnegative is not True:
            self.must_not_vanish(base)  # x^{-1} is 1/x: undefined at x = 0
        return base**exponent

    def degrees_follow(self, base: Term) -> bool:
        """Consume ``\\circ`` (braced or not) after '^' over a number: degrees; True if it was there. Over anything
        else it stays unread (``f^\\circ``: a composition, an interior, a label)."""
        texts = [t.text for t in self.tokens[self.index:self.index + 3]]
        for candidate in (["\\circ"], ["{", "\\circ", "}"]):
            if texts[:len(candidate)] == candidate and isinstance(base, sympy.Number):
                self.index += len(candidate)
                return True
        return False

    def conjugate_follows(self) -> str | None:
        """Consume ``*`` (the complex conjugate, also ``\\ast`` and ``\\star``) or ``\\dagger`` (the conjugate
        transpose) after '^', braced or not; which one, or None."""
        texts = [t.text for t in self.tokens[self.index:self.index + 3]]
        for mark, kind in (*((star, "*") for star in CONJUGATE_STARS), ("\\dagger", "dagger")):
            for candidate in ([mark], ["{", mark, "}"]):
                if texts[:len(candidate)] == candidate:
                    self.index += len(candidate)
                    return kind
        return None

    def transpose_follows(self, base: Term) -> bool:
        """Consume ``\\top``, ``\\intercal``, ``T``, ``\\mathsf{T}`` or a bold ``\\boldsymbol{\\top}`` (as RoFormer's
        source writes it), braced or not, after '^'."""
        texts = [t.text for t in self.tokens[self.index:self.index + 6]]
        for pattern in (["\\top"], ["\\intercal"], ["T"], ["\\mathsf", "{", "T", "}"], ["\\mathrm", "{", "T", "}"],
                        *(["\\" + bold, "{", "\\top", "}"] for bold in ("boldsymbol", "mathbf", "bm"))):
            for candidate in (pattern, ["{", *pattern, "}"]):
                if texts[:len(candidate)] == candidate:
                    if pattern == ["T"] and not is_matrix(base) and self.scope.lookup("T") is not None:
                        return False  # a declared T after '^' on a scalar is a power
                    self.index += len(candidate)
                    return True
        return False

    def script(self, *, split_digits: bool = False) -> Term:
        """The argument of ``^``, ``_``, ``\\frac``: a braced group or one token (``x^2``, ``\\frac12``).

        TeX takes one character: ``\\frac12`` is 1/2 (an idiom, ``split_digits``), but ``x^23`` is
        typeset x²3 while its writer most likely meant x^{23}; the reader does not choose.
        """
        if self.take("{"):
            value = self.expression()
            self.require("}")
            return value
        token = self.peek()
        if token is not None and token.kind == "num" and len(token.text) > 1 and not split_digits:
            raise Unreadable(f"an unbraced script takes one character, so '{token.text}' is typeset as "
                             f"{token.text[0]} then {token.text[1:]}; write {{{token.text}}} or space the factor",
                             token.pos)
        if token is not None and token.kind == "num" and len(token.text) > 1:
            self.tokens[self.index] = Token("num", token.text[1:], token.pos + 1)
            return sympy.Integer(int(token.text[0])) if token.text[0] != "." else self._no_dot(token)
        return single(self)

    def _no_dot(self, token: Token) -> Term:
        raise Unreadable(f"cannot read the script '{token.text}'; brace it", token.pos)


def _is_row(value: Term) -> bool:
    """True for a row vector of more than one entry written out (a matrix of one row)."""
    return is_matrix(value) and value.shape[0] == 1 and value.shape[1] > 1


def _is_column(value: Term) -> bool:
    """True for a column vector of more than one entry written out (a matrix of one column)."""
    return is_matrix(value) and value.shape[1] == 1 and value.shape[0] > 1
