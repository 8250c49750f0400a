"""Claims and derivations as LaTeX (or Markdown), built from their SymPy objects.

Nothing here is typed by hand: the statement is ``sympy.latex`` of the claim's sides, the
assumptions are those the engine decided under (:func:`~posenc_sym.proof.assumptions.stated_assumptions`),
the chain is the claim's steps, and the verdict is the one the engine returned. Text a derivation's
author wrote (titles, prose, justifications, quotes) is escaped.

>>> import sympy
>>> from posenc_sym import Claim, Verdict
>>> x = sympy.Symbol("x", real=True)
>>> c = Claim("demo.pythagoras", "sin^2 + cos^2 = 1", sympy.sin(x)**2 + sympy.cos(x)**2, 1)
>>> print(render_claim(c, Verdict("proven", method="trigsimp")))  # doctest: +NORMALIZE_WHITESPACE
\\subsection{sin\\textasciicircum{}2 + cos\\textasciicircum{}2 = 1}\\label{claim:demo.pythagoras}
\\noindent\\textbf{Claim \\texttt{demo.pythagoras}.}
\\begin{equation*}
\\posencfit{\\linewidth}{\\sin^{2}\\left(x\\right) + \\cos^{2}\\left(x\\right) = 1}
\\end{equation*}
\\noindent\\textbf{Assumptions.} $x$ is real.
<BLANKLINE>
\\noindent\\textbf{Verdict: proven} symbolically (method \\texttt{trigsimp}) for every value the assumptions
allow.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..notation import value_latex
from ..proof.assumptions import stated_assumptions
from ..proof.claim import Claim, Derivation, Source
from ..proof.verdict import Verdict
from .escape import is_latex_safe
from .markup import LATEX, ChainRow, Flavour
from .mathtex import (
    claim_chain_latex,
    claim_definitions_latex,
    claim_sides_latex,
    decimal_latex,
    math_latex,
    relation_latex,
)

__all__ = ["QUOTE_PLACEHOLDER", "render_claim", "render_derivation", "verdict_text"]

#: What the LaTeX notes print instead of a quote the small TeX set cannot typeset (Chinese).
QUOTE_PLACEHOLDER = "(quote in the source document)"


def claim_label(claim_id: str) -> str:
    """The LaTeX label of a claim's subsection (claim ids are label-safe: see Claim)."""
    return f"claim:{claim_id}"


def derivation_label(derivation: Derivation) -> str:
    return f"derivation:{derivation.id}"


def _assumptions(claim: Claim, fl: Flavour) -> str:
    """The engine's assumptions in words, each symbol and condition set as math."""
    symbols = claim.symbols
    words = stated_assumptions(symbols, claim.conditions)
    parts = []
    for sym, said in zip(symbols, words, strict=False):
        rest = said[len(str(sym)):]  # "t is real" -> " is real"
        parts.append(fl.inline(math_latex(sym)) + " " + fl.line(rest))
    parts += [fl.inline(math_latex(cond)) for cond in claim.conditions]
    return "; ".join(parts) + "." if parts else "none (the claim has no free symbols)."


def _source(source: Source, fl: Flavour) -> str:
    where = fl.code(source.document) + (f", {fl.line(source.locator)}" if source.locator else "")
    if fl.name == "latex" and not is_latex_safe(source.quote):
        return f"{where}: {fl.line(QUOTE_PLACEHOLDER)}."
    if fl.name == "latex":
        return f"{where}: ``{fl.line(source.quote)}''."
    return f"{where}: “{fl.line(source.quote)}”."


def _mark(verdict: Verdict | None) -> str:
    if verdict is None or verdict.status == "proven":
        return ""
    return {"refuted": "refuted", "checked": "checked, not proven", "unknown": "unknown"}[verdict.status]


def _chain(claim: Claim, verdict: Verdict | None, fl: Flavour) -> str:
    link_verdicts = verdict.links if verdict is not None else ()
    rows = []
    ends = claim_chain_latex(claim)
    for n, (_start, _end, relation, because) in enumerate(claim.links):
        link = link_verdicts[n] if n < len(link_verdicts) else None
        rows.append(ChainRow(relation_latex(relation), ends[n], because, _mark(link)))
    return fl.chain(claim_sides_latex(claim)[0], rows)


def verdict_text(claim: Claim, verdict: Verdict | None, fl: Flavour = LATEX) -> str:
    """The verdict in words (and math for a counterexample), never stronger than the engine's."""
    if verdict is None:
        return fl.paragraph("Verdict: not decided.", "Run the engine to decide this claim.")
    method = f" (method {fl.code(verdict.method)})" if verdict.method else ""
    reason = f" {fl.line(_sentence(verdict.reason))}" if verdict.reason.strip() else ""
    if verdict.status == "proven":
        body = f"symbolically{method} for every value the assumptions allow.{reason}"
        out = fl.paragraph("Verdict: proven", body)
    elif verdict.status == "refuted":
        # The engine's reason repeats the values the refutation already shows.
        shown = verdict.lhs_value is not None or verdict.rhs_value is not None
        out = fl.paragraph("Verdict: refuted.", _refutation(verdict, fl) + ("" if shown else reason))
    elif verdict.status == "checked":
        points = f" at {verdict.points_checked} points" if verdict.points_checked else ""
        body = f"the two sides agree numerically{points}{method}; this is evidence, not a proof.{reason}"
        out = fl.paragraph("Verdict: numerically checked, not proven:", body)
    else:
        out = fl.paragraph("Verdict: unknown:", f"neither proven nor refuted{method}.{reason}")
    if claim.expect != verdict.status:
        expected = "the derivation expected it to be " + fl.emph(claim.expect) + "."
        if claim.expect == "refuted" and verdict.status != "refuted":
            expected = "the derivation expected it to be refuted, but no counterexample was found."
        out += " " + fl.bold("Not as expected:") + " " + expected
    elif claim.expect == "refuted":
        out += (" The source states this claim; it is false, as the derivation expected."
                if claim.source is not None else " The derivation expected this claim to be false, and it is.")
    return out


def _sentence(words: str) -> str:
    """The engine's reason as a sentence: capital first letter, full stop at the end."""
    words = " ".join(words.split())
    return words[0].upper() + words[1:] + ("" if words[-1] in ".!?" else ".")


def _refutation(verdict: Verdict, fl: Flavour) -> str:
    point = verdict.counterexample or {}
    if point:
        assignments = r",\quad ".join(
            f"{math_latex(sym)} = {value_latex(value)}"  # exact when short, else rounded and marked ≈
            for sym, value in sorted(point.items(), key=lambda kv: str(kv[0]))
        )
        text = "counterexample " + fl.inline(assignments)
    else:
        text = "the claim has no free symbols and fails as stated"
    values = []
    for name, value in (("left side", verdict.lhs_value), ("right side", verdict.rhs_value),
                        ("difference", verdict.difference)):
        if value is not None:
            values.append(f"{name} {fl.inline(decimal_latex(value))}")
    if values:
        text += "; there, evaluated with mpmath: " + ", ".join(values)
    return text + "."


def render_claim(claim: Claim, verdict: Verdict | None, fl: Flavour = LATEX, level: int = 2) -> str:
    """One claim: heading, statement, assumptions, prose, source, chain of steps, verdict."""
    head = f"Claim {fl.code(claim.id)}" + (f" ({fl.line(claim.scope)})" if claim.scope else "")
    left, right = claim_sides_latex(claim)
    statement = f"{left} {relation_latex(claim.relation)} {right}"
    parts = [
        fl.heading(level, claim.title, claim_label(claim.id)),
        fl.paragraph(head + ".", "") if fl.name == "latex" else fl.emph(head),
        fl.display(statement),
    ]
    definitions = claim_definitions_latex(claim)
    if definitions:  # the notation the statement uses, so that it reads on its own
        parts.append(fl.paragraph("Where.", "; ".join(fl.inline(d) for d in definitions) + "."))
    parts.append(fl.paragraph("Assumptions.", _assumptions(claim, fl)))
    if claim.prose.strip():
        parts.append(fl.text(claim.prose))
    if claim.source is not None:
        parts.append(fl.paragraph("Source.", _source(claim.source, fl)))
    if claim.steps:
        parts.append(fl.paragraph("Derivation.", ""))
        parts.append(_chain(claim, verdict, fl))
    parts.append(verdict_text(claim, verdict, fl))
    return _join(parts) if fl.name == "latex" else "\n\n".join(parts)


def render_derivation(derivation: Derivation, verdicts: Mapping[str, Verdict], fl: Flavour = LATEX) -> str:
    """A derivation as a section: its prose, then each claim with the verdict found for it."""
    parts = [fl.heading(1, derivation.title, derivation_label(derivation))]
    if derivation.prose.strip():
        parts.append(fl.text(derivation.prose))
    parts += [render_claim(c, verdicts.get(c.id), fl) for c in derivation.claims]
    return "\n\n".join(parts) + "\n"


def _join(parts: list[str]) -> str:
    # A paragraph lead (\noindent\textbf{...}) and the display after it belong together.
    return "\n".join(parts[:4]) + ("\n\n" + "\n\n".join(parts[4:]) if parts[4:] else "")
