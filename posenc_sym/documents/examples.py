"""An example's values the prose gives (``with $b = 500000$ and $d = 128$, compute``, ``For instance $d = 768$``):
they bind nothing, so a row after them is a claim for every value, but a row that is false in general and true at
the example's values may well be about the example. Its refutation is held back (unknown, the values named); a
proof stands, and a row false at the example's values too is refuted as before. The values hold until the next
heading or a lead-in that speaks in general again (:data:`~.prose.GENERAL`).

>>> import sympy
>>> d = sympy.Symbol("d", positive=True)
>>> examples = ExampleValues()
>>> examples.give(d, sympy.Integer(128), 7, "d")
>>> examples.hold(sympy.Integer(10000) ** (-126 / d), sympy.Integer(10000) ** sympy.Rational(-126, 128))
True
>>> examples.hold(d, sympy.Integer(64))
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import mpmath
import sympy

from ..proof.budget import time_limit
from .decide import DisplayResult, LinkResult, display_result
from .renumbered import witness
from .rounding import decimal_units

__all__ = ["ExampleValues", "width_in_words", "widths_in_text"]

#: A width said in words: "a 5-dimensional encoding", "of dimension 8", "5维", "维度为 8", "8次元", "8차원".
_WIDTH_IN_WORDS = re.compile(
    r"(?<![0-9A-Za-z_.])(\d+)\s*-?\s*(?:dimensional|dims?\b|dimensions\b|维|次元|차원)"
    r"|\b(?:dimension(?:ality)?|width)\s+(?:of\s+|is\s+|=\s*)?(\d+)(?![\d.])"
    r"|维度?\s*(?:为|是|=|：|:)\s*(\d+)(?![\d.])", re.IGNORECASE)


def width_in_words(words: str) -> int | None:
    """The width the words before a display give in words (an example's, as "with $d = 5$" gives one), or None; two
    different widths give none.

    >>> width_in_words("Example: a 5-dimensional encoding, position 1:"), width_in_words("假设维度为 6，")
    (5, 6)
    >>> width_in_words("假设我们有一个长度为5的序列，使用5维的位置编码。"), width_in_words("8차원 벡터")
    (5, 8)
    >>> width_in_words("in 2 dimensions or 3 dimensions"), width_in_words("for 10000 tokens") is None
    (None, True)
    """
    found = set(widths_in_text(words))
    return found.pop() if len(found) == 1 and min(found) > 0 else None


def widths_in_text(text: str) -> list[int]:
    """Every width the text gives in words, in order ("a 5-dimensional encoding", "使用5维"): a setting of the
    width, as ``$d = 5$`` is, which the convention of an even width must fit.

    >>> widths_in_text("Take a 5-dimensional encoding. Later, 512 dimensions.")
    [5, 512]
    """
    return [int(next(g for g in m.groups() if g)) for m in _WIDTH_IN_WORDS.finditer(text)]


#: Digits to which a row is evaluated at the example's values, and how close to 0 its two sides must come there.
_DIGITS = 50
_CLOSE = mpmath.mpf(10) ** -40


@dataclass
class ExampleValues:
    """The values the prose gave for an example, by symbol, with the line and the name as written."""

    values: dict[sympy.Symbol, tuple[sympy.Expr, int, str]] = field(default_factory=dict)
    since: int = 0  # the line of the latest value given: a heading after it ends them

    def give(self, symbol: sympy.Symbol, value: sympy.Expr, line: int, shown: str) -> None:
        self.values[symbol] = (value, line, shown)
        self.since = max(self.since, line)

    def restated(self, heading: str) -> bool:
        """True if ``heading`` gives every example value again (``#### Encoding by hand (d=4)`` after ``Let's say
        $d_{model} = 4$``: the name as written, or its first letter): the example goes on under it.

        >>> examples = ExampleValues()
        >>> examples.give(sympy.Symbol("d_model"), sympy.Integer(4), 3, "d_model")
        >>> examples.restated("## By hand (d=4)"), examples.restated("## By hand (d=8)"), examples.restated("# Next")
        (True, False, False)
        """
        if not self.values:
            return False
        plain = heading.replace("{", "").replace("}", "").replace("\\text", "").replace("$", "")
        for value, _, shown in self.values.values():
            names = {shown, shown.replace("_", ""), shown.split("_")[0]}
            if not any(re.search(rf"(?<![A-Za-z]){re.escape(n)}\s*=\s*{re.escape(sympy.sstr(value))}(?![\d.])", plain)
                       for n in names):
                return False
        return True

    def clear(self, before: int | None = None) -> None:
        """Forget the values (those given before line ``before`` only, where it is given)."""
        self.values = {s: v for s, v in self.values.items() if before is not None and v[1] >= before}

    def hold(self, lhs: sympy.Basic, rhs: sympy.Basic, written: str = "") -> bool:
        """True if ``lhs = rhs`` holds at the example's values (every entry, for matrices), as far as 50 digits
        show; a width left free may take a number the row itself writes (128 in ``500000^{-126/128}``, as
        :func:`~.renumbered.witness` finds it). False where a name is left free otherwise, or the sides differ."""
        at = {s: v for s, (v, _, _) in self.values.items()}
        try:
            difference = sympy.Matrix(lhs - rhs) if isinstance(lhs, sympy.MatrixBase) else sympy.Matrix([lhs - rhs])
            entries = [sympy.sympify(e).xreplace(at) for e in difference]
            if len(entries) == 1 and len(entries[0].free_symbols) == 1:
                return witness(entries[0], (), [int(n) for n in re.findall(r"\d+", written)]) is not None
            if any(e.free_symbols for e in entries):
                return False
            # (0.87758, 0.47943) for R(0.5)q at q = (1, 0): to the digits written, half a unit of the last one off
            close = max(_CLOSE, _half_unit(written))
            return all(abs(mpmath.mpmathify(sympy.N(e, _DIGITS))) <= close for e in entries)
        except (TypeError, ValueError, ArithmeticError, sympy.SympifyError):
            return False

    def _unnamed(self, lhs: sympy.Basic, rhs: sympy.Basic) -> str | None:
        """The names left once the example's values are in, where one side is a number (q_2 k_1 - q_1 k_2 = 0 - 1
        after q = (1, 0) and a k = (0, 1) not read): a value computed at an example, not a claim for every k; None
        where no name is left or neither side is a number."""
        if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
            return None
        at = {s: v for s, (v, _, _) in self.values.items()}
        left = set().union(*(getattr(side, "free_symbols", set()) for side in (lhs, rhs))) - set(at)
        numeric = any(not getattr(side, "free_symbols", {None}) for side in (lhs, rhs))
        if not (left and numeric and _solvable(sympy.sympify(lhs - rhs).xreplace(at), left)):
            return None
        return ", ".join(sorted(map(str, left)))

    def held_back(self, result: DisplayResult) -> DisplayResult:
        """``result`` with each refuted claim that holds at the example's values made unknown, said why."""
        if not self.values:
            return result
        found: list[LinkResult] = []
        for linked in result.links:
            link = linked.link
            held = getattr(link.lhs, "free_symbols", set()) | getattr(link.rhs, "free_symbols", set())
            if not (linked.status == "refuted" and link.role == "claim" and held & set(self.values) and
                    link.relation == "=="):
                found.append(linked)
                continue
            given = ", ".join(f"{shown} = {sympy.sstr(value)}" for value, _, shown in self.values.values())
            lines = ", ".join(map(str, sorted({line for _, line, _ in self.values.values()})))
            if self.hold(link.lhs, link.rhs, link.source):
                note = (f"false for other values, but it holds at the example's values the text gives on line "
                        f"{lines} ({given}), which the row may be about: not refuted; write the values into the row, "
                        "or bind them (Let $… = …$)")
                found.append(replace(linked, status="unknown", verdict=None, note=note))
            elif (left := self._unnamed(link.lhs, link.rhs)) is not None:
                note = (f"a value computed at the example the text gives on line {lines} ({given}), but also at "
                        f"{left}, whose example values the text does not give in a form read: not refuted; "
                        "bind them (Let $… = …$)")
                found.append(replace(linked, status="unknown", verdict=None, note=note))
            else:
                found.append(linked)
        return display_result(result.read, tuple(found), result.conventions)


def _half_unit(written: str) -> mpmath.mpf:
    """Half a unit of the last digit of the most precise decimal ``written`` holds (5e-6 for 0.87758), or 0.

    >>> float(_half_unit("R(0.5)q = (0.87758, 0.47943)")), float(_half_unit("m = 2"))
    (5e-06, 0.0)
    """
    units = decimal_units(written).values()
    return mpmath.mpf(min(units).p) / (2 * min(units).q) if units else mpmath.mpf(0)


def _solvable(difference: sympy.Expr, names: set[sympy.Basic]) -> bool:
    """True if ``difference`` is 0 at some value of one of ``names`` that its domain allows (k_2 = 1 in -k_2 + 1;
    not d = 128·126/125 for an even d), as far as SymPy solves it within a second."""
    try:
        with time_limit(1.0):
            for name in sorted(names, key=str):
                for solution in sympy.solve(difference, name):
                    if solution.free_symbols or _admissible(name, solution):
                        return True
    except Exception:  # SymPy failing, or taking long: not shown solvable
        return False
    return False


def _admissible(name: sympy.Basic, value: sympy.Expr) -> bool:
    """True if ``value`` is a value ``name``'s domain allows (integer, even, positive, real, as declared)."""
    checks = (("is_integer", "is_integer"), ("is_even", "is_even"), ("is_odd", "is_odd"),
              ("is_positive", "is_positive"), ("is_nonnegative", "is_nonnegative"), ("is_real", "is_real"))
    return all(getattr(value, fact) is True for required, fact in checks if getattr(name, required, None) is True)
