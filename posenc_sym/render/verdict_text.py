r"""A verdict as a short paragraph: badge, status, the method in words, a one-line counterexample.

Never stronger than the engine's verdict: "proven" only for ``status == "proven"``, and a
numerically checked claim says it is evidence, not a proof.

>>> import sympy
>>> from posenc_sym import Claim, Verdict
>>> from posenc_sym.render.markup import MARKDOWN
>>> t = sympy.Symbol("t", real=True)
>>> c = Claim("demo.half", "sin is at most 1/2", sympy.sin(t), sympy.Rational(1, 2), relation="<=",
...           expect="refuted")
>>> v = Verdict("refuted", counterexample={t: sympy.pi / 2}, lhs_value="1.0", rhs_value="0.5",
...             difference="0.5")
>>> print(verdict_text(c, v, MARKDOWN))  # doctest: +NORMALIZE_WHITESPACE
**✗ Refuted:** at $t = \frac{\pi}{2}$ the left side is $1$, the right side $0.5$ (difference $0.5$).
The derivation expected this claim to be false, and it is.
"""

from __future__ import annotations

from ..proof.claim import Claim
from ..proof.verdict import Verdict
from .markup import LATEX, Flavour
from .mathtex import math_latex
from .verdicts import BADGES, method_words, short_decimal, short_value

__all__ = ["badge", "link_mark", "verdict_text"]

_NAMES = {"proven": "Proven", "refuted": "Refuted", "checked": "Checked numerically, not proven",
          "unknown": "Unknown"}


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


def _method(verdict: Verdict, fl: Flavour, methods: bool) -> str:
    return f" by {fl.line(method_words(verdict.method))}" if methods and verdict.method else ""


def _why_not(verdict: Verdict) -> str:
    if "floating-point" in verdict.reason:
        return "it holds decimal numbers, which SymPy rounds, so it is never proven"
    return "no symbolic method closed the gap"


def _equals(value: str) -> str:
    return value if value.startswith("\\approx") else f"= {value}"


def _refutation(verdict: Verdict, fl: Flavour) -> str:
    point = sorted((verdict.counterexample or {}).items(), key=lambda kv: str(kv[0]))
    where = ", ".join(f"{math_latex(s)} {_equals(short_value(v))}" for s, v in point)
    text = f"at {fl.inline(where)} " if where else "as stated (it has no free symbols), "
    values = []
    if verdict.lhs_value is not None:
        values.append(f"the left side is {fl.inline(short_decimal(verdict.lhs_value))}")
    if verdict.rhs_value is not None:
        values.append(f"the right side {fl.inline(short_decimal(verdict.rhs_value))}")
    text += ", ".join(values) if values else "the claim fails"
    if verdict.difference is not None:
        text += f" (difference {fl.inline(short_decimal(verdict.difference))})"
    return text + "."


def verdict_text(claim: Claim, verdict: Verdict | None, fl: Flavour = LATEX, *, methods: bool = True) -> str:
    """The verdict in words (and math for a counterexample), never stronger than the engine's."""
    if verdict is None:
        return fl.paragraph(f"{badge('unknown', fl)} Not decided.", "Run the engine to decide this claim.")
    lead = f"{badge(verdict.status, fl)} {_NAMES[verdict.status]}"
    if verdict.status == "proven":
        how = _method(verdict, fl, methods)
        out = (fl.paragraph(lead, f"{how.strip()}, for every value the assumptions allow.") if how
               else fl.paragraph(lead + ",", "for every value the assumptions allow."))
    elif verdict.status == "refuted":
        out = fl.paragraph(lead + ":", _refutation(verdict, fl))
    elif verdict.status == "checked":
        points = f" at {verdict.points_checked} points" if verdict.points_checked else ""
        out = fl.paragraph(lead + ":", f"the two sides agree{points} (mpmath, high precision); this is "
                           f"evidence, not a proof: {_why_not(verdict)}.")
    else:
        points = f" ({verdict.points_checked} points could be evaluated)" if verdict.points_checked else ""
        out = fl.paragraph(lead + ":", f"neither proven nor refuted{points}.")
    weak = [n for n, v in enumerate(verdict.links, start=1) if not v.is_proven]
    if weak:
        steps = ", ".join(str(n) for n in weak)
        out += f" In the derivation, step{'s' if len(weak) > 1 else ''} {steps} {'are' if len(weak) > 1 else 'is'} " \
               "not proven (marked above)."
    if claim.expect != verdict.status:
        expected = "the derivation expected it to be " + fl.emph(claim.expect) + "."
        if claim.expect == "refuted":
            expected = "the derivation expected it to be refuted, but no counterexample was found."
        out += " " + fl.bold("Not as expected:") + " " + expected
    elif claim.expect == "refuted":
        out += (" The source states this claim; it is false, as the derivation expected."
                if claim.source is not None else " The derivation expected this claim to be false, and it is.")
    return out
