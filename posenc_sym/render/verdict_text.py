r"""A verdict in a teacher's words: the badge beside the claim's title, and below it only what the
badge cannot say (a counterexample, the warning that a check is not a proof).

Never stronger than the engine's verdict: the proven badge only for ``status == "proven"``, and a
numerically checked claim says it is evidence, not a proof.

>>> import sympy
>>> from posenc_sym import Claim, Verdict
>>> from posenc_sym.render.markup import MARKDOWN
>>> t = sympy.Symbol("t", real=True)
>>> c = Claim("demo.half", "sin is at most 1/2", sympy.sin(t), sympy.Rational(1, 2), relation="<=",
...           expect="refuted")
>>> v = Verdict("refuted", counterexample={t: sympy.pi / 2}, lhs_value="1.0", rhs_value="0.5",
...             difference="0.5")
>>> print(verdict_text(c, v, MARKDOWN))
**Counterexample.** At $t = \frac{\pi}{2}$ the left side is $1$, the right side $0.5$.
>>> print(verdict_text(Claim("demo.row", "row 8 is indented by 8 spaces", sympy.Integer(8), sympy.Integer(1),
...                          expect="refuted", refutation="row 8 is indented by {rhs} space, not {lhs}."),
...                    Verdict("refuted", counterexample={}, lhs_value="8", rhs_value="1"), MARKDOWN))
**Counterexample.** Row 8 is indented by $1$ space, not $8$.
"""

from __future__ import annotations

from ..proof.claim import Claim
from ..proof.verdict import Verdict
from .markup import LATEX, Flavour
from .mathtex import math_latex
from .verdicts import BADGES, method_words, short_decimal, short_value

__all__ = ["badge", "link_mark", "method_line", "status_of", "verdict_text"]

_NAMES = {"proven": "Proven", "refuted": "Refuted", "checked": "Checked numerically", "unknown": "Not decided"}


def badge(status: str, fl: Flavour = LATEX) -> str:
    """The status's badge: a macro of the notes' preamble in LaTeX, the sign in Markdown."""
    macro, sign = BADGES[status]
    return macro + "{}" if fl.name == "latex" else sign


def link_mark(link: Verdict | None, fl: Flavour) -> str:
    """What a chain row carries when its step is not proven: the badge and the status."""
    if link is None or link.status == "proven":
        return ""
    word = {"refuted": "this step is false", "checked": "checked numerically only",
            "unknown": "not decided"}[link.status]
    return fl.bold(f"{badge(link.status, fl)} {word}")


def status_of(verdict: Verdict | None) -> str:
    """The status a claim's badge shows ("unknown" when nothing was decided)."""
    return verdict.status if verdict is not None else "unknown"


def method_line(verdict: Verdict | None, fl: Flavour) -> str:
    """How the engine decided the claim, in words (for ``--ids`` and the appendix), or ""."""
    if verdict is None or not verdict.method:
        return ""
    return fl.line(method_words(verdict.method)[:1].upper() + method_words(verdict.method)[1:]) + "."


def _why_not(verdict: Verdict) -> str:
    if "floating-point" in verdict.reason:
        return "it holds decimal numbers, which SymPy rounds, so it is never proven"
    return "no symbolic method closed the gap"


def _equals(value: str) -> str:
    return value if value.startswith("\\approx") else f"= {value}"


def _values(verdict: Verdict, fl: Flavour) -> dict[str, str]:
    """The engine's values of the two sides, rounded for the eye, as inline math."""
    return {side: fl.inline(short_decimal(value)) if value is not None else "?"
            for side, value in (("lhs", verdict.lhs_value), ("rhs", verdict.rhs_value))}


def _refutation(claim: Claim, verdict: Verdict, fl: Flavour) -> str:
    """The counterexample: the claim's own words when it has them, else the point and the values."""
    if claim.refutation:
        # The words are the author's; the numbers in them are the engine's (Claim.refutation).
        words = claim.refutation.format(**_values(verdict, fl))
        return fl.text(words[:1].upper() + words[1:] if not words.startswith("$") else words)
    point = sorted((verdict.counterexample or {}).items(), key=lambda kv: str(kv[0]))
    where = ", ".join(f"{math_latex(s)} {_equals(short_value(v))}" for s, v in point)
    values = _values(verdict, fl)
    if verdict.lhs_value is None or verdict.rhs_value is None:
        sides = "the claim fails"
    elif verdict.entry is not None:  # a matrix claim fails at one entry: the two values are that entry's
        row, column = verdict.entry
        sides = (f"the two sides differ in row {row}, column {column} (counted from 0): "
                 f"{values['lhs']} on the left, {values['rhs']} on the right")
    else:
        sides = f"the left side is {values['lhs']}, the right side {values['rhs']}"
    text = f"At {fl.inline(where)} {sides}" if where else sides[:1].upper() + sides[1:]
    return text + "."


def verdict_text(claim: Claim, verdict: Verdict | None, fl: Flavour = LATEX, *, ids: bool = False) -> str:
    """What the main text says of the verdict beyond its badge, never stronger than the engine's.

    A proven claim needs nothing (its badge says it, and the notes say once what a badge means);
    a refuted one gets its counterexample, a checked one the warning that it is not proven.
    ``ids`` adds how the engine decided it.
    """
    if verdict is None:
        return fl.paragraph("Not decided.", "Run the engine to decide this claim.")
    out = ""
    if verdict.status == "refuted":
        out = fl.paragraph("Counterexample.", _refutation(claim, verdict, fl))
    elif verdict.status == "checked":
        points = f" at {verdict.points_checked} points" if verdict.points_checked else ""
        out = fl.paragraph("Checked numerically, not proven.", f"The two sides agree{points} (mpmath, high "
                           f"precision); this is evidence, not a proof: {_why_not(verdict)}.")
    elif verdict.status == "unknown":
        points = f" ({verdict.points_checked} points could be evaluated)" if verdict.points_checked else ""
        out = fl.paragraph("Not decided.", f"Neither proven nor refuted{points}.")
    weak = [n for n, v in enumerate(verdict.links, start=1) if not v.is_proven]
    if weak:
        steps = ", ".join(str(n) for n in weak)
        plural = len(weak) > 1
        out += (" " if out else "") + (f"In the derivation, step{'s' if plural else ''} {steps} "
                                       f"{'are' if plural else 'is'} not proven (marked above).")
    if claim.expect != verdict.status:
        expected = "the derivation expected it to be " + fl.emph(claim.expect) + "."
        if claim.expect == "refuted":
            expected = "the derivation expected it to be refuted, but no counterexample was found."
        out += (" " if out else "") + fl.bold("Not as expected:") + " " + expected
    if ids and method_line(verdict, fl):
        how = fl.small(f"{_NAMES[verdict.status]}: {method_line(verdict, fl)}")
        out = f"{out}\n\n{how}" if out else how
    return out
