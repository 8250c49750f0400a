"""Read a display into links: ``A &= B \\\\ &= C`` is the chain A = B, B = C, each with its line.

A row that starts with its own left side begins a new statement; a row that starts with a
relation continues the one above. A row may hold several statements (:mod:`.statements`). The
first link of a statement ``NAME = formula`` may be a definition of the text, or a condition
(:mod:`.text_definitions`); every other link is a claim. A statement that cannot be read is kept
with the reason and the line of the offending token, and the next statements are still read.

>>> import sympy
>>> from posenc_sym.documents.context import Context
>>> from posenc_sym.documents.extract import Display
>>> ctx = Context(); x = ctx.declare("x", {"real": True})
>>> read = read_display(Display("x^2 &= x x \\\\\\\\\\n&\\\\ge 0", 4, 4, False, 5), document_scope(ctx, []))
>>> [(link.line, link.relation, link.rhs) for link in read.links]
[(4, '==', x**2), (5, '>=', 0)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import sympy

from ..notation.read import Row, Term, Unreadable, from_latex, read_row
from ..notation.read_calls import NAMED_ARGUMENT, NamedArgument
from ..notation.vocabulary import (
    CONJUGATE_STARS,
    RELATION_LATEX,
    accent_of,
)
from .across_displays import Joined
from .alternatives import ALTERNATIVES
from .asides import ASIDE, aside_words
from .beside_definitions import restriction, where_first
from .chain_rows import ChainRows
from .definition_candidates import as_equals, defined_names, definition_candidate, reversed_candidate
from .extract import Display
from .first_written import as_the_text_means
from .links import ELLIPSIS, RELATION_TOKEN, Link, ReadDisplay, latex_of, mentions_relation, pieces, without_marks
from .matrix_sides import IDENTITY_NAMES, identity_of_size, scalar_if_one_by_one
from .name_forms import NameForm, name_form
from .renumbered import renumberings
from .rows import RowText, split_rows
from .scope import DocumentScope
from .scope_of_a_document import document_scope, set_values
from .stated_rows import StatedRows, an_index
from .statements import Piece, chain_members, implication_in, interval_of, range_of, set_by_equation, statements
from .survey import survey
from .text_definitions import define_from_text
from .undecided import MEANINGS, undecided_relation
from .vector_names import with_vector_names

__all__ = ["ELLIPSIS", "Link", "ReadDisplay", "an_index", "defined_names", "document_scope", "read_display",
           "set_values"]

_NOT_READ = sympy.Symbol("?")
#: Words before a display that quantify over functions ("Any periodic function can be represented as", 任意函数).
ANY_FUNCTION = re.compile(r"\b(?:any|every|each|all)\s+(?:[a-z-]+\s+){0,2}functions?\b"
                          r"|(?:任意|任何|所有)[^，。,.]{0,6}函数|任意[^、。,.]{0,6}関数", re.IGNORECASE)
_BOLD = re.compile(r"\\(?:textbf|mathbf|boldsymbol|bm|bf|vec)(?![A-Za-z])")


#: A name with a star for a superscript (``q_1^*``, ``x^{*}``, ``q^\\star_1``): its conjugate, or a name of its own.
_STAR_MARK = "|".join(re.escape(star) + ("(?![A-Za-z])" if star.startswith("\\") else "") for star in CONJUGATE_STARS)
_STAR = rf"\^\s*(?:{_STAR_MARK}|\{{\s*(?:{_STAR_MARK})\s*\}})"
_SUBSCRIPT = r"_\{?[A-Za-z0-9]+\}?"
_STARRED = re.compile(rf"[A-Za-z](?:(?:{_SUBSCRIPT})?\s*{_STAR}|\s*{_STAR}\s*{_SUBSCRIPT})")


@dataclass
class _Reading(StatedRows, ChainRows):
    display: Display
    scope: DocumentScope
    links: list[Link] = field(default_factory=list)
    findings: list[tuple[int, str]] = field(default_factory=list)
    unreadable: str = ""
    unreadable_line: int = 0
    previous: Term | None = None
    statement: int = -1
    blocked: bool = False  # the row above could not be read: a continuation of it has no left side
    others: list[str] = field(default_factory=list)  # the display's statements but the one being read
    implied: str = ""  # the arrow of implication the display joins statements by (statements.implication_in)
    #: The integer parameters of the definitions this display makes, and the name each is a parameter of.
    indices: dict[sympy.Symbol, str] = field(default_factory=dict)
    #: What must not vanish for the chain's first member to be defined (its divisors), for every link of the chain
    carried: tuple[sympy.Expr, ...] = ()

    def fail(self, reason: str, line: int) -> None:
        if not self.unreadable:
            self.unreadable, self.unreadable_line = reason, line
        self.previous, self.blocked = None, True

    def read(self, row: RowText, piece: Piece) -> None:
        words = aside_words(row.text, piece.offset) if self.previous is not None else None
        if words is None:
            self._read(row, piece)
            return
        # &\text{where } y = 1 \\ between two rows of a chain: an aside, and the chain goes on after it
        resume, first, failed = (self.previous, self.statement), len(self.links), self.unreadable
        self.previous = None
        self._read(row, piece)
        self.links[first:] = [replace(link, role="condition", note=f"{ASIDE} ({words} …): stated, not a claim")
                              if link.role == "claim" else replace(link, note=f"{ASIDE} ({words} …): {link.note}")
                              for link in self.links[first:]]
        if self.unreadable == failed:
            (self.previous, self.statement), self.blocked = resume, False

    def _read(self, row: RowText, piece: Piece) -> None:
        offset = row.offset + piece.offset
        self.scope.line = self.display.line_of(offset)
        text = piece.text
        if (found := range_of(text)) is not None or ((found := interval_of(text)) is not None and
                                                      an_index(found[0], self.scope)):
            self._range(row, piece, found)
            return
        if self._index_bound(row, piece) or self._membership(row, piece):
            return
        if (equation := set_by_equation(text)) is not None:  # Z = \{t^2 = 1\}: a set, named; it claims nothing
            reason = f"a set written by its equation, {equation}, which posenc-sym does not read"
            if not self._opaque_definition(row, piece, reason):
                self.fail(reason, self.scope.line)
            return
        if (members := chain_members(text)) is not None:
            self._chain(row, piece, members)
            return
        candidate = definition_candidate(text)
        if candidate is not None and self._derivative_of_a_function(text[:candidate[0]]):
            candidate = None  # \phi_j'(x) = 3x after \phi_j(x) = x^2: a claim about its derivative, not a new name
        if candidate is not None and _applied_on_both_sides(text, candidate):
            candidate = None  # f'(x, m) = f'(x, mL/L'): an equation the function must satisfy, no definition of it
        if candidate is not None and (form := name_form(text[:candidate[0]].replace("&", " "))) is not None and \
                form.label.isdigit() and form.arguments and self.scope.is_function(form.head):
            self.fail(f"{form.head}^{{({form.label})}}(…) of the function {form.head} is its derivative to some and a "
                      f"function of its own, labelled ({form.label}), to others; write the primes or another name",
                      self.scope.line)
            return
        if ALTERNATIVES.search(text):
            self.fail("alternatives joined by 'or' are not one formula, and posenc-sym does not choose between them; "
                      "state each as a row of its own", self.scope.line)
            return
        if candidate is None and self._reversed_definition(row, piece):
            return
        try:
            read = with_vector_names(lambda: read_row(text if candidate is None else as_equals(text, candidate),
                                                      self.scope, defines=candidate is not None), text, self.scope)
        except Unreadable as exc:
            if candidate is None and (undecided := undecided_relation(text, self.scope)) is not None:
                self._undecided(row, piece, undecided)
                return
            at = 0 if candidate is None else candidate[0]  # a definition's formula is read from its relation on
            if self._read_prefix(row, piece, Unreadable(exc.reason, at + exc.position)):
                return
            if not self._opaque_definition(row, piece, exc.reason) and mentions_relation(text):
                self.fail(exc.reason, self.display.line_of(offset + at + exc.position))
            self._read_suffix(row, piece, Unreadable(exc.reason, at + exc.position))
            return
        except (ArithmeticError, TypeError, ValueError, RecursionError, sympy.SympifyError) as exc:
            # SymPy refusing to build what was read (a shape, a division, its own endless recursion): say so, never
            # crash the run. A definition
            # (FFN(z) = max(0, z W_1 + b_1) W_2 + b_2) still introduces its name.
            if not self._opaque_definition(row, piece, f"SymPy cannot build its formula ({exc})"):
                self.fail(f"SymPy cannot build this row ({exc})", self.display.line_of(offset))
            return
        if candidate is not None:
            self._read_definition(row, piece, candidate, read)
            return
        if read.first is not None:
            self.previous, self.statement, self.blocked = read.first, self.statement + 1, False
            self.carried = read.nonzero
        elif self.previous is None:
            if not self.blocked:
                self.fail("this row continues a chain that has no first expression", self.scope.line)
            return
        first = len(self.links)
        self._links(row, piece, 0, read)
        starred = " ".join(without_marks(text.split("=", 1)[0]).split())
        if len(self.links) > first and "=" in text and _STARRED.fullmatch(starred) and \
                not self.links[first].lhs.has(sympy.conjugate):
            # q_1^* = q_1 cos(mθ) - …: a real q_1 is its own conjugate; the text may name a new value
            self.links[first] = replace(self.links[first], names_too=starred)

    def _derivative_of_a_function(self, lhs_text: str) -> bool:
        """True if ``lhs_text`` is a function the text has, primed and applied (``g_0'(x)``, ``\\phi_j'(x)``): its
        derivative, which the row makes a claim about."""
        form = name_form(lhs_text.replace("&", " "))
        if form is None or not form.head.endswith("'") or not form.arguments or len(form.arguments) != 1:
            return False
        plain = "_".join((form.head.rstrip("'"), *(form.subscript or ())))
        return self.scope.is_function(plain) or self.scope.is_function(form.head.rstrip("'"))

    def _undecided(self, row: RowText, piece: Piece, found: tuple[str, Term, Term, int]) -> None:
        """``A \\propto B``: read, and said to be a relation posenc-sym does not decide."""
        relation, lhs, rhs, at = found
        offset = row.offset + piece.offset + at
        self.statement += 1
        self.links.append(Link(self.display.line_of(offset), relation, lhs, rhs, self.statement,
                               " ".join(without_marks(piece.text).split()), row.note, role="undecided",
                               note=f"{relation} ({MEANINGS[relation]}) is a relation posenc-sym does not decide",
                               offset=offset))
        self.previous, self.blocked = None, True

    def _links(self, row: RowText, piece: Piece, at: int, read: Row, first: Link | None = None) -> None:
        """The links of a read row (``at``: where the part read starts in the statement), then what the
        row states inside its formulas (a condition of cases, an evaluation point) as conditions."""
        offset = row.offset + piece.offset + at
        text = piece.text[at:]
        positions = [position for _, _, position in read.links]
        for n, ((relation, right, position), written) in enumerate(zip(read.links, pieces(text, positions),
                                                                       strict=True)):
            if n == 0 and first is not None:
                self.links.append(first)
                self.previous = right
                continue
            assert self.previous is not None
            lhs, rhs = identity_of_size(*scalar_if_one_by_one(self.previous, right), self.scope)
            link = Link(self.display.line_of(offset + position), relation, lhs, rhs, self.statement, written,
                        row.note, nonzero=(*read.nonzero, *self.carried), offset=offset + position)
            if n == 0 and read.first is not None:  # [x; y] = [r cos A; …], d = h·k, s < 1 (:mod:`.first_written`)
                link = as_the_text_means(link, self.scope, self.display.body[:offset], implied=bool(self.implied))
            self.links.append(link)
            self.previous = right
        for relation, left, right, position, what in read.stated:
            named = what.startswith(NAMED_ARGUMENT)  # band(QE, \text{lo}=0): lo names an argument, not a relation
            written = latex_of(NamedArgument(str(left), right)) if named else \
                f"{latex_of(left)} {RELATION_LATEX.get(relation, relation)} {latex_of(right)}"
            self.links.append(Link(self.display.line_of(offset + position), relation, left, right, self.statement,
                                   written, role="argument" if named else "condition",
                                   note=f"{what}: passed by name, not a relation, not decided" if named
                                   else f"{what}: stated, not a claim", offset=offset + position))

    def _read_definition(self, row: RowText, piece: Piece, candidate: tuple[int, int], read: Row) -> None:
        """``NAME = formula …``: a definition of the text, or a claim about NAME (read then)."""
        text = piece.text
        at = candidate[0]
        lhs_text = text[:at]
        relation, rhs, _ = read.links[0]
        line = self.display.line_of(row.offset + piece.offset + at)
        written = pieces(text, [at + p for _, _, p in read.links])[0]
        link = Link(line, relation, sympy.Symbol(" ".join(without_marks(lhs_text).split())), rhs, self.statement + 1,
                    written,
                    row.note, nonzero=read.nonzero)
        defined = self._definition(link, lhs_text, rhs, text[at + candidate[1]:])
        if defined.role == "claim" and candidate[1] > 1:
            relation = text[at:at + candidate[1]]
            self.fail(f"{relation} defines a name; here its left side is one the text has (or declares), so it "
                      "is a claim posenc-sym does not decide: write = to have it checked", line)
            return
        if defined.role in ("claim", "restated", "rounded"):
            try:
                whole = read_row(text[:at] + as_equals(text, candidate), self.scope)
            except Unreadable as exc:
                self.fail(exc.reason, self.display.line_of(row.offset + piece.offset + exc.position))
                return
            except (ArithmeticError, TypeError, ValueError, sympy.SympifyError) as exc:
                self.fail(f"SymPy cannot build this row ({exc})", line)
                return
            self.previous, self.statement, self.blocked = whole.first, self.statement + 1, False
            self.carried = whole.nonzero
            first = len(self.links)
            self._links(row, piece, 0, whole)
            if defined.role == "restated" and len(self.links) > first:
                self.links[first] = replace(self.links[first], note=defined.note)
            elif defined.role == "rounded" and len(self.links) > first:  # c = 0.866 after c = \cos(\pi/6): ≈
                self.links[first] = replace(self.links[first], relation="~", role="claim", note=defined.note)
            elif len(self.links) > first and (form := name_form(lhs_text.replace("&", " "))) is not None:
                written = " ".join(without_marks(lhs_text).split())
                shifted = renumberings(form, written, self.scope)
                named = written if (accented := accent_of(form.head)) is not None and accented[1] == "bar" and \
                    f"bar:{accented[0]}" in self.scope.fired else ""
                self.links[first] = replace(self.links[first], renumbered=shifted, names_too=named)
            return
        self.statement += 1
        self.blocked = False
        first = len(self.links)
        self._links(row, piece, at, read, first=replace(defined, offset=row.offset + piece.offset + at))
        if defined.role == "definition" and len(read.links) > 1 and len(self.links) > first + 1:
            self._chained_name(text, at, read, first + 1)

    def _chained_name(self, text: str, at: int, read: Row, second: int) -> None:
        """``\\Theta = \\theta_i = 10000^{-2(i-1)/d}``: a name the text has not defined, between the defined name and a
        formula, is defined by that formula too (it was a claim about an undefined θ_i, and θ_i stayed undefined)."""
        positions = [at + position for _, _, position in read.links]
        relation = RELATION_TOKEN.match(text, positions[0])
        middle = text[relation.end() if relation else positions[0] + 1:positions[1]]
        form = name_form(middle.replace("&", " "))
        link = self.links[second]
        if form is None or link.relation != "==" or form.name in self.scope.text_defined:
            return  # a declared name stays a claim: define_from_text says so (θ_i beside a declared θ is the text's)
        self.links[second] = self._definition(link, middle, link.rhs, text[positions[1] + 1:])

    def _definition(self, link: Link, lhs_text: str, rhs: Term | None, rhs_text: str | None = None) -> Link:
        form = name_form(lhs_text.replace("&", " "))
        if form is None or self._matrix_of_entries(form, lhs_text) or \
                (form.arguments and ANY_FUNCTION.search(self.scope.words_before)):
            return link  # "Any periodic function can be written as": f(x) = … of every f, no definition of one
        self.scope.line = link.line
        outcome = define_from_text(form, " ".join(lhs_text.replace("&", " ").split()), rhs, self.scope,
                                   rhs_text=rhs_text)
        if outcome is None:
            return link
        if outcome.role in ("restated", "rounded"):
            return replace(link, role=outcome.role, note=outcome.note)
        if outcome.undecided:  # a definition again, as a claim about the old one not decided: unknown, said why
            lhs = outcome.written if outcome.written is not None else link.lhs
            return replace(link, role="again", note=outcome.note, lhs=lhs)
        if outcome.finding:
            self.findings.append((link.line, outcome.finding))
        lhs = outcome.written if outcome.written is not None else link.lhs
        restricted = restriction(self.others, lhs, self.scope) if outcome.role == "definition" else None
        if restricted is not None:  # f(t) = t^2, \quad t > 0: defined there only, so not read as f for every t
            note = self.scope.refuse(form.name, " ".join(lhs_text.replace("&", " ").split()),
                                     f"the display restricts it ({restricted}), and a definition that holds only "
                                     "there is not read")
            return replace(link, role="definition", note=note, lhs=lhs)
        if outcome.role == "definition" and isinstance(lhs, sympy.Indexed):
            shown = " ".join(without_marks(lhs_text).split())
            self.indices.update({s: shown for s in lhs.free_symbols if isinstance(s, sympy.Symbol) and s.is_integer})
        return replace(link, role=outcome.role, note=outcome.note, lhs=lhs)

    def _matrix_of_entries(self, form: NameForm, lhs_text: str) -> bool:
        """``\\textbf{A}' = …`` after ``A'_{(n,m)} = …``: the bold name is the matrix of the entries the text defines,
        and the row a claim about it, never a name introduced."""
        if form.subscript is not None or form.arguments is not None or not _BOLD.search(lhs_text):
            return False
        return any(d.variables for d in self.scope.text_defined.get(form.head, {}).values())

    def _reversed_definition(self, row: RowText, piece: Piece) -> bool:
        """``\\langle f(q, m), f(k, n) \\rangle = g(q, k, m - n)``: a formula named by a name the text writes
        here for the first time, on the right (it introduces g). Only a name nothing declares, defines,
        reads by a convention, and no earlier formula writes."""
        at = reversed_candidate(piece.text)
        if at is None or _applied_on_both_sides(piece.text, at):
            return False  # f'(x, m) = f'(x, mL/L'): an equation f' must satisfy, no name introduced on either side
        position, width = at
        rhs_text = piece.text[position + width:]
        form = name_form(rhs_text)
        scope = self.scope
        if piece.text.startswith("=:", position) and not self._introduces(form):
            self.fail("=: defines a name; here its right side is one the text has (or declares), so it is a claim "
                      "posenc-sym does not decide: write = to have it checked",
                      self.display.line_of(row.offset + piece.offset + position))
            return True
        if form is None or not self._introduces(form) or form.name in _CONSTANT_NAMES:
            return False  # ∫_0^1 2x dx = π: a claim about π, which no text defines
        try:
            body = from_latex(piece.text[:position], scope)
        except (Unreadable, ArithmeticError, TypeError, ValueError, sympy.SympifyError):
            return False
        line = self.display.line_of(row.offset + piece.offset + position)
        link = Link(line, "==", body, sympy.Symbol(" ".join(rhs_text.split())), self.statement + 1,
                    " ".join(without_marks(piece.text).split()), row.note,
                    offset=row.offset + piece.offset + position)
        scope.line = line
        outcome = define_from_text(form, " ".join(rhs_text.split()), body, scope)
        if outcome is None or outcome.role != "definition":
            return False
        self.statement += 1
        written = outcome.written if outcome.written is not None else link.rhs
        self.links.append(replace(link, rhs=written, role="definition", note=outcome.note))
        self.previous, self.blocked = None, True
        return True

    def _introduces(self, form: NameForm | None) -> bool:
        """True if ``form`` (the right side of ``… = NAME``) is a name the text writes here for the first time."""
        scope = self.scope
        if form is not None and form.name in IDENTITY_NAMES and not form.subscript and not form.arguments:
            return False  # R^\top R = I: the identity, compared (see identity_of_size), not a name introduced
        if form is None or form.name in scope.seen or form.head in scope.seen or scope.lookup(form.name) is not None \
                or scope.ctx.is_function(form.name) or scope.ctx.is_indexed(form.name):
            return False
        whole = "_".join((form.head, *(form.subscript or ())))  # \Theta_g of \Theta_g(q, k, m - n)
        if form.arguments is not None and (form.head in scope.seen_applied or whole in scope.seen_applied):
            return False  # … = w(m - n) after e^{i w(q, k, m - n)}: the text's w, written before, a claim about it
        if form.subscript and scope.lookup("_".join((form.head, *form.subscript))) is not None:
            return False  # z_1 declared (assume z_1 complex): the name the text has, not one introduced
        # R_{-\phi} after R_\phi = …: the text's R at -φ, a claim about it, not a name introduced
        return not (form.subscript and scope.ctx.is_indexed(form.head))

    def _opaque_definition(self, row: RowText, piece: Piece, reason: str) -> bool:
        """A definition whose formula cannot be read still introduces its name."""
        at = definition_candidate(piece.text)
        if at is None or self._derivative_of_a_function(piece.text[:at[0]]) or _applied_on_both_sides(piece.text, at):
            return False
        lhs_text = piece.text[:at[0]]
        line = self.display.line_of(row.offset + piece.offset + at[0])
        link = Link(line, "==", sympy.Symbol(" ".join(without_marks(lhs_text).split()) or "?"), _NOT_READ,
                    self.statement + 1,
                    " ".join(piece.text.replace("&", " ").split()), row.note, offset=row.offset + piece.offset + at[0])
        defined = self._definition(link, lhs_text, None)
        if defined.role == "claim":
            return False
        self.statement += 1
        self.links.append(replace(defined, note=f"{defined.note}: {reason}" if defined.role in ("definition", "again")
                                  else defined.note))
        self.previous, self.blocked = None, True
        return True

#: The constants a reversed definition never introduces: π (written \pi) is π, whatever formula stands beside it.
_CONSTANT_NAMES = frozenset({"pi", "\\pi"})


def _applied_on_both_sides(text: str, relation: tuple[int, int]) -> bool:
    """True if the left side of the candidate definition is a function applied (``\\text{f}'(x, m)``) and its right
    side applies the same function to as many arguments: a functional equation, never a definition (``f(q, m, j) =
    f(q, m) e^{ij}`` defines f of three arguments by f of two).

    ``relation``: where the relation is and its width, as :func:`.definition_candidates.definition_candidate` gives it.

    >>> _applied_on_both_sides(r"f'(x,m)=f'(x,2m)", (7, 1)), _applied_on_both_sides(r"f(x)=x^2", (4, 1))
    (True, False)
    >>> _applied_on_both_sides(r"f(q,m,j)=f(q,m)e^{j}", (8, 1))
    False
    """
    lhs, rhs = text[:relation[0]], text[relation[0] + relation[1]:]
    head = lhs.split("(", 1)[0].strip().lstrip("&").strip()
    if "(" not in lhs or not head:
        return False
    count = _arguments(lhs, lhs.index("(", len(lhs.split("(", 1)[0])))
    return any(_arguments(rhs, found.end() - 1) == count for found in re.finditer(re.escape(head) + r"\s*\(", rhs))


def _arguments(text: str, opening: int) -> int:
    """How many arguments the parentheses opening at ``opening`` hold (commas outside inner brackets, plus one)."""
    depth, count = 0, 1
    for char in text[opening:]:
        depth += (char in "([{") - (char in ")]}")
        count += char == "," and depth == 1
        if depth == 0:
            break
    return count


def read_display(display: Display, scope: DocumentScope, continued: Term | None = None,
                 joined: Joined | None = None, carried: tuple[sympy.Expr, ...] = (), across: str = "") -> ReadDisplay:
    """The links of ``display`` in ``scope`` (which the display's definitions extend); ``continued``: the last
    right side of the display just before, which a first row opening with a relation continues
    (``$$ q^T k = 0.16 + 0.34 $$`` then ``$$ = 0.50 $$``); ``joined``: how it takes part in a chain typeset one
    display per step (:mod:`.across_displays`); ``across``: the words between the two displays, if any ("Expanding:"),
    which the link continuing ``continued`` carries (:func:`.across_displays.connecting_words`)."""
    if display.problem:
        return ReadDisplay(display, unreadable=display.problem, unreadable_line=display.line)
    read_as = display
    if joined is not None and joined.open_at >= 0:  # $$A =$$ then $$= B$$: A here, the relation read with B
        read_as = replace(read_as, body=read_as.body[:joined.open_at] + " " * (len(read_as.body) - joined.open_at))
    if joined is not None and joined.opening is not None and continued is not None:
        read_as = replace(read_as, body=f"{joined.opening[0]} {read_as.body}")  # no newline: the lines stay
    reading = _Reading(read_as, scope, previous=continued, statement=-1 if continued is None else 0,
                       carried=carried if continued is not None else (), implied=implication_in(read_as.body))
    pieces = [(row, piece) for row in split_rows(read_as.body) for piece in where_first(statements(row.text))]
    for n, (row, piece) in enumerate(pieces):
        reading.others = [p.text for k, (_, p) in enumerate(pieces) if k != n]
        reading.read(row, piece)
    surveyed = survey([display.body])
    scope.seen |= surveyed.standalone
    scope.seen_applied |= surveyed.applied
    if joined is not None and joined.opening is not None and continued is not None and reading.links:
        reading.links[0] = replace(reading.links[0], line=joined.opening[1])  # where the relation was left open
    if across and continued is not None:
        reading.links = [replace(link, across=across) if link.lhs is continued and link.statement == 0 else link
                         for link in reading.links]
    if reading.implied:  # x + 1 = 3 \implies x = 2: each claimed under another, never alone
        reading.links = [replace(link, implied=reading.implied) for link in reading.links]
    links = sorted(reading.links, key=lambda link: link.offset)  # stated conditions where they stand
    return ReadDisplay(display, tuple(links), reading.unreadable, reading.unreadable_line,
                       scope.ctx.notation(leave_out=set(scope.text_defined)), tuple(reading.findings),
                       None if reading.blocked else reading.previous, reading.carried)
