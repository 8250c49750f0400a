"""The definitions an inline formula of the prose makes ("denoting $\\omega_j = 1/10000^{2j/d}$", "Let $d = 768$"),
the values it binds, and an example's values it gives (:mod:`.examples`): read before the displays that follow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy

from ..notation.read import Term, Unreadable, from_latex, read_row
from .claims import an_index
from .examples import ExampleValues
from .inline import Inline
from .name_forms import NameForm, name_form
from .places import place_of
from .prose import AN_EXAMPLE, BINDS, CONTINUES, INTRODUCES, bound_beside, condition_in
from .prose_values import bind_convention, said_in_passing
from .scope import DocumentScope
from .statements import interval_of, range_of, statements
from .survey import survey
from .text_definitions import declared_with_subscript, define_from_text

__all__ = ["Sentence", "apart", "inline_definitions"]


#: A number as the prose writes one: "$d = 128$", "$b = 10000$", "$s = 0.5$".
_NUMBER = re.compile(r"\s*-?\d+(?:\.\d+)?\s*")


def _an_example(form: NameForm, value: Term, scope: DocumentScope, examples: ExampleValues, line: int) -> None:
    """``$d = 128$`` of a plain name declared or read by a convention, in words that bind nothing: an example's
    value."""
    plain = form.subscript is None and form.arguments is None and not form.label
    if not (plain and getattr(value, "is_number", False)):
        return
    if (symbol := scope.plain_symbol(form.name)) is not None:
        examples.give(symbol, value, line, form.name)


def _defining_tuple(rhs: str, scope: DocumentScope) -> Term | None:
    """``$\\vec{a} = (a_1, a_2)$``: a tuple that defines a name is the column vector of its entries, as in a display;
    None for anything that is not read so."""
    try:
        read = read_row("= " + rhs, scope, defines=True)
    except (Unreadable, ArithmeticError, TypeError, ValueError):
        return None
    value = read.links[0][1] if len(read.links) == 1 else None
    return value if isinstance(value, sympy.MatrixBase) else None


def inline_definitions(item: Inline, scope: DocumentScope, sentence: Sentence, examples: ExampleValues) -> None:
    """The definitions an inline formula of the prose makes ("denoting $\\omega_j = 1/10000^{2j/d}$").

    One its sentence puts a condition on ("if $t > 0$", "otherwise", "for positive $t$", "For $t > 0$ let") is
    refused, and so is a second definition of a name in one sentence ("and $f(t) = 0$ otherwise"): a
    function by cases in words is not read, never read as its first case."""
    scope.line = item.line
    found = range_of(item.text)
    if found is None and (interval := interval_of(item.text)) is not None and an_index(interval[0], scope):
        found = interval  # "$i \in [1, 2, \ldots, d/2]$" of an index: its range
    if found is not None:  # "for $i = 1, 2, \ldots, d/2$": a range, in any sentence
        scope.note(f"range:{found[0]}:{item.line}", f"{scope.add_range(*found)} (in the text)", "definition")
        return
    introduced = bool(INTRODUCES.search(item.before)) or item.glossary or (item.offset < sentence.end and bool(
        CONTINUES.search(item.before)))
    if introduced:
        sentence.end = max(sentence.end, item.offset + len(item.text) + len(item.after) + 2)
    for piece in statements(item.text):
        for part in (one for both in _comma_parts(piece.text) for one in _one_value(both)):
            lhs, equals, rhs = part.partition("=")
            if not equals or re.search(r"[<>!]|\\(?:le|ge|ne|leq|geq|neq)(?![A-Za-z])", lhs) or "=" in rhs:
                continue
            form = name_form(lhs)
            if form is None:
                continue
            form = declared_with_subscript(form, scope) or form  # d_k of assume d_k …: the declared name
            shown = " ".join(lhs.split())
            condition = condition_in(item.after) or condition_in(item.opening) or \
                bound_beside(item.after, [a.strip() for a in form.arguments or ()])
            again = sentence.defined.get(form.name, -1) >= item.offset and not all(
                apart(_parts(form), earlier) for earlier in sentence.forms.get(form.name, ()))
            variable = form.subscript is None and form.arguments is None and _NUMBER.fullmatch(rhs) is not None and (
                form.name in scope.ctx.symbols or scope.rules.applies(form.name))
            if (condition or again) and (introduced or again or form.name in scope.text_defined) and not variable:
                why = (f"the sentence puts a condition on it ('{condition}'), and a definition that holds only "
                       "there is not read" if condition else "the sentence defines it a second time")
                scope.note(f"refused:{form.name}:{item.line}", scope.refuse(form.name, shown, why), "definition")
                sentence.defined[form.name] = sentence.end
                continue
            try:
                value: Term | None = from_latex(rhs, scope)
            except (Unreadable, ArithmeticError, TypeError, ValueError):
                value = _defining_tuple(rhs, scope)
            if not introduced:
                said_in_passing(form, f"{shown} = {' '.join(rhs.split())}", value, scope, item.line)
                if value is not None:  # "For instance $d = 768$": an example's value
                    _an_example(form, value, scope, examples, place_of(item.cell, item.line).line)
                continue
            if value is None:
                continue
            # "Let $b = 500000$ and $d = 128$": the list a binding word opens binds every formula of it
            binds = (bool(BINDS.search(item.before)) or (item.offset < sentence.binding and bool(
                CONTINUES.search(item.before)))) and not AN_EXAMPLE.search(item.opening) \
                and not AN_EXAMPLE.search(re.split(r"[.;。]\s|\n\n", item.after)[0])  # "…, as an illustration."
            if binds:
                sentence.binding = max(sentence.binding, item.offset + len(item.text) + len(item.after) + 2)
            outcome = define_from_text(form, shown, value, scope, inline=True, binds=binds)
            if outcome is None and not binds:
                _an_example(form, value, scope, examples, place_of(item.cell, item.line).line)
            if outcome is not None and outcome.role in ("definition", "condition"):
                bind_convention(form, value, scope, binds=binds)
                if binds and outcome.role == "definition" and getattr(value, "is_number", False) and \
                        scope.rules.applies(form.name) and form.subscript is None and form.arguments is None:
                    scope.bound_names[form.name] = item.line  # Let $d = 2$ of the width: until "In general"
                if outcome.role == "definition":
                    sentence.defined[form.name] = sentence.end
                    sentence.forms.setdefault(form.name, []).append(_parts(form))
                written = f"{shown} = {' '.join(rhs.split())}"
                if outcome.role != "definition":
                    note = f"reads {written} as {outcome.note}"
                elif outcome.note.startswith(f"defines {shown}"):  # defines f(x) = x^3 again, differently …
                    note = outcome.note.replace(f"defines {shown}", f"defines {written}", 1)
                else:
                    note = f"{outcome.note} = {' '.join(rhs.split())}"
                scope.note(f"text:{written}:{item.line}", f"{note} (in the text)", outcome.role)
    surveyed = survey([item.text])
    scope.seen |= surveyed.standalone
    scope.seen_applied |= surveyed.applied


@dataclass
class Sentence:
    """The sentence of the prose definitions being read: where it ends, and the names it defined."""

    end: int = -1
    defined: dict[str, int] = field(default_factory=dict)  # name -> the end of the sentence that defines it
    forms: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)  # name -> the parameters it was defined at
    binding: int = -1  # the end of the list of formulas a binding word opened ("Let $b = 2$ and $d = 4$")


def _parts(form: NameForm) -> tuple[str, ...]:
    """The written parameters of a definition's left side, spaces removed (``('j', '1')`` for ``r_{j,1}``)."""
    return tuple("".join(part.split()) for part in (*(form.subscript or ()), *(form.arguments or ())))


def apart(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """True when two definitions' parameters can name no common value, so one sentence may define both
    (``r_{j,1}`` and ``r_{j,2}``; ``PE_{(pos,2i)}`` and ``PE_{(pos,2i+1)}``): somewhere both write different
    integers, or one writes ``2i`` where the other writes ``2i+1``. Anything else could overlap.

    >>> apart(("j", "1"), ("j", "2")), apart(("pos", "2i"), ("pos", "2i+1")), apart(("j", "1"), ("j", "k"))
    (True, True, False)
    """
    if len(one) != len(other):
        return False
    for a, b in zip(one, other, strict=True):
        if re.fullmatch(r"-?\d+", a) and re.fullmatch(r"-?\d+", b) and int(a) != int(b):
            return True
        even, odd = sorted((a, b), key=len)
        if odd == even + "+1" and re.fullmatch(r"2[A-Za-z]\w*", even):
            return True
    return False


def _one_value(text: str) -> list[str]:
    """``d_k = d_v = 64`` as ``d_k = 64`` and ``d_v = 64``: names given one number together; any other text as it is.

    >>> _one_value("d_k = d_v = 64"), _one_value("a = b + 1 = 2"), _one_value("x = 3")
    (['d_k = 64', 'd_v = 64'], ['a = b + 1 = 2'], ['x = 3'])
    """
    members = [m.strip() for m in text.split("=")]
    if len(members) < 3 or _NUMBER.fullmatch(members[-1]) is None or \
            any(name_form(m) is None or "(" in m for m in members[:-1]):
        return [text]
    return [f"{m} = {members[-1]}" for m in members[:-1]]


def _comma_parts(text: str) -> list[str]:
    """``h_i = a, S_j = b`` as its two definitions (a comma at depth 0 before another '=')."""
    parts, depth, start = [], 0, 0
    for n, char in enumerate(text):
        depth += (char in "({[") - (char in ")}]")
        if char == "," and depth == 0 and "=" in text[n:]:
            parts.append(text[start:n])
            start = n + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if "=" in p]
