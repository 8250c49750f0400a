r"""The appendix "How each statement was checked": what the main text leaves out.

The main text shows a badge per statement (its meaning said once, in the introduction); the
machinery behind it is here, once per statement: the number of the statement (a ``\ref`` to
its heading), its claim id, and how the engine decided it, section by section with the file
that states the claims and, for a source document, the document's file.

>>> import sympy
>>> from posenc_sym import Claim, Derivation, Verdict
>>> x = sympy.Symbol("x", real=True)
>>> d = Derivation("demo", "Demo", (Claim("demo.one", "one", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1),))
>>> print(how_checked([(d, "derivations/demo.py", {"demo.one": Verdict("proven", method="trigsimp")}, "")]))
... # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
\section{How each statement was checked}\label{sec:checked}
<BLANKLINE>
Every statement of these notes is a claim that posenc-sym decided: ... (and, for a source document, its text).
<BLANKLINE>
\medskip\noindent\textbf{\ref{derivation:demo} Demo}\\*\posencfile{derivations/\allowbreak{}demo.\allowbreak{}py}\par
{\small
\noindent\hangindent=2em\ref{claim:demo.one}\quad \texttt{demo.one}: trigonometric simplification.\par
}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..proof.claim import Derivation
from ..proof.verdict import Verdict
from .markup import LATEX, Flavour
from .options import claim_label
from .verdicts import method_words

__all__ = ["INTRO", "how_checked", "section_title"]

#: One section of the notes: its derivation, its file, the verdicts, and its source document's file.
Part = tuple[Derivation, str, Mapping[str, Verdict], str]

INTRO = (
    "Every statement of these notes is a claim that posenc-sym decided: its id below is the name "
    "under which posenc-sym verify reports it, and the words say how the engine settled it. A "
    "proof is SymPy's, symbolic and under the assumptions stated with the claim; a counterexample "
    "is a point where the two sides differ, evaluated with mpmath at high precision; a numeric "
    "check compares the two sides at sampled points with mpmath and is never a proof. The files "
    "hold the claims (and, for a source document, its text). "
)

_ENTRY = re.compile(r"^(?P<prefix>.+)\.r\d+c\d+$")


def _how(verdict: Verdict | None) -> str:
    """How a verdict was reached, in words."""
    if verdict is None:
        return "not decided"
    method = method_words(verdict.method) if verdict.method else ""
    if verdict.status == "proven":
        return method or "proven"
    if verdict.status == "refuted":
        if not verdict.counterexample:  # nothing to search for: the two sides are numbers
            return "false: its two sides, evaluated with mpmath at high precision, differ"
        return "false: a counterexample found by " + (method or "a numeric search") + ", evaluated with mpmath"
    if verdict.status == "checked":
        points = f" at {verdict.points_checked} points" if verdict.points_checked else ""
        return f"checked numerically{points}, not proven"
    return "neither proven nor refuted"


def _rows(derivation: Derivation, verdicts: Mapping[str, Verdict]) -> list[tuple[str, str, str]]:
    """(label, id, how) per claim; a run of printed-table entries is one row."""
    rows: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for claim in derivation.claims:
        match = _ENTRY.match(claim.id)
        if match:
            prefix = match["prefix"]
            if prefix in seen:
                continue
            seen.add(prefix)
            entries = [c for c in derivation.claims if c.id.startswith(prefix + ".r")]
            ways = sorted({_how(verdicts.get(c.id)) for c in entries})
            rows.append((claim_label(prefix), prefix + ".r<row>c<column>",
                         f"{len(entries)} entries: " + "; ".join(ways)))
            continue
        rows.append((claim_label(claim.id), claim.id, _how(verdicts.get(claim.id))))
    return rows


def how_checked(parts: Sequence[Part], fl: Flavour = LATEX, level: int = 1) -> str:
    """The appendix: per section, its files and one line per claim (number, id, how decided)."""
    out = [fl.heading(level, "How each statement was checked", "sec:checked"), fl.text(INTRO).rstrip()]
    for derivation, file, verdicts, document in parts:
        files = [file] + ([document] if document else [])
        if fl.name == "latex":
            shown = r"\quad ".join(rf"\posencfile{{{fl.literal(f)}}}" for f in files)
            # The files on a line of their own: beside a long title they overran the line.
            head = (rf"\medskip\noindent\textbf{{\ref{{derivation:{derivation.id}}} {fl.line(_title(derivation))}}}"
                    rf"\\*{shown}\par")
            lines = [rf"\noindent\hangindent=2em\ref{{{label}}}\quad {fl.code(claim_id)}: {fl.line(how)}.\par"
                     for label, claim_id, how in _rows(derivation, verdicts)]
            out.append(head + "\n{\\small\n" + "\n".join(lines) + "\n}")
        else:
            head = f"**{fl.line(_title(derivation))}** ({', '.join(fl.code(f) for f in files)})"
            lines = [f"- {fl.code(claim_id)}: {fl.line(how)}." for _label, claim_id, how in _rows(derivation, verdicts)]
            out.append(head + "\n\n" + "\n".join(lines))
    return "\n\n".join(out)


def section_title(derivation: Derivation) -> tuple[str, str]:
    """A section's title in words and the file name it names, if any ("000_x.txt — Title").

    >>> section_title(Derivation("d", "000_x.txt — the notes", ()))
    ('The notes', '000_x.txt')
    """
    name, sep, words = derivation.title.partition(" — ")
    if sep and name.strip().endswith(".txt"):
        return words.strip()[:1].upper() + words.strip()[1:], name.strip()
    return derivation.title, ""


def _title(derivation: Derivation) -> str:
    return section_title(derivation)[0]
