r"""Claims and derivations as LaTeX (or Markdown), built from their SymPy objects.

Nothing here is typed by hand: the statement is the notation layer's LaTeX of the claim's sides,
the assumptions are those the engine decided under
(:func:`~posenc_sym.proof.assumptions.stated_assumptions`), the chain is the claim's steps, and
the verdict is the one the engine returned (:mod:`.verdict_text`). Text a derivation's author
wrote (titles, prose, justifications, quotes) is escaped, except its safe ``$...$`` math.

>>> import sympy
>>> from posenc_sym import Claim, Verdict
>>> x = sympy.Symbol("x", real=True)
>>> c = Claim("demo.pythagoras", "Pythagoras", sympy.sin(x)**2 + sympy.cos(x)**2, 1)
>>> print(render_claim(c, Verdict("proven", method="trigsimp")))
\par\vskip 0pt plus 6\baselineskip\penalty-200\vskip 0pt plus -6\baselineskip
\subsection[{Pythagoras}]{Pythagoras\quad\posencproven{}}\label{claim:demo.pythagoras}
<BLANKLINE>
\begin{equation*}
\sin^{2}(x) + \cos^{2}(x) = 1
\end{equation*}
<BLANKLINE>
\noindent\textbf{Assumptions.} $x$ is real.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import sympy
from sympy.core.function import AppliedUndef

from ..notation.escape import has_cjk, is_latex_safe
from ..proof.claim import Claim, Derivation, Source, explicit, is_matrix
from ..proof.verdict import Verdict
from .assumptions import assumptions_words, plural
from .blocks import break_display
from .columns import transposed_columns
from .grid import render_grid
from .layout import fits, line_width, split_top
from .markup import LATEX, ChainRow, Flavour
from .mathtex import claim_chain_latex, claim_definitions_latex, claim_sides_latex, math_latex, relation_latex
from .options import DEFAULT_OPTIONS, Options, claim_label
from .quoted_math import quoted_formula
from .typeset import capitalized, tidy_parens
from .verdict_text import badge, link_mark, status_of, verdict_text
from .verdicts import short_value

__all__ = ["DEFAULT_OPTIONS", "QUOTE_PLACEHOLDER", "Options", "claim_label", "plural", "render_claim",
           "render_derivation", "verdict_text"]

#: What pdfLaTeX notes print instead of a quote they cannot typeset; with CJK text the notes are
#: compiled by XeLaTeX and the quote is shown (see :func:`posenc_sym.render.document.needs_cjk`).
QUOTE_PLACEHOLDER = "(quote in the source document)"


def derivation_label(derivation: Derivation) -> str:
    return f"derivation:{derivation.id}"


def _assumptions(claim: Claim, fl: Flavour) -> str:
    """The assumptions in words (:mod:`.assumptions`), or "" when the claim has none."""
    parts = assumptions_words(claim, fl)
    if not parts:
        return ""
    said = "; ".join(parts) + "."
    return said[:1].upper() + said[1:]  # "The entries of ..." ($...$ and \\ensuremath stay as they are)


def _source(source: Source, fl: Flavour, options: Options) -> str:
    """Where the claim is quoted from: "the document" in its own section, else the document's
    title (never its hashed file name); a user's file with no title by its name."""
    if source.document == options.own_source:
        where = "The document"
    elif options.source_title(source.document):
        where = fl.emph(fl.line(options.source_title(source.document)))
    else:
        where = fl.code(source.document)
    if source.locator:
        where += f", {fl.literal(source.locator)}"
    if (formula := quoted_formula(source.quote)) is not None:  # the formula the document shows, not its source
        opening, closing = ("``", "''") if fl.name == "latex" else ("“", "”")
        return f"{where}: {opening}{fl.inline(tidy_parens(formula))}{closing}."
    if fl.name == "latex" and not fl.cjk and not is_latex_safe(source.quote):
        return f"{where}: {fl.literal(QUOTE_PLACEHOLDER)}."
    return f"{where}: {fl.quotation(source.quote)}."


def named_documents(text: str, options: Options) -> str:
    """``text`` with each source document's file name replaced by its title, in quotes."""
    for document, title in options.sources:
        if document != options.own_source:
            text = text.replace(document, f"“{title}”")
    return text.replace(options.own_source, "this document") if options.own_source else text


def undecidable(claim: Claim) -> bool:
    """True when a side is an opaque stand-in (an undefined function of nothing): the text gives
    no mathematics to decide it with."""
    return any(isinstance(a, AppliedUndef) and not a.args
               for side in (claim.lhs, claim.rhs) if isinstance(side, sympy.Basic)
               for a in side.atoms(AppliedUndef))


def _chain(claim: Claim, verdict: Verdict | None, fl: Flavour) -> str:
    link_verdicts = verdict.links if verdict is not None else ()
    rows = []
    ends = claim_chain_latex(claim)  # each step as written, when it has a written form
    for n, (_start, _end, relation, because) in enumerate(claim.links):
        link = link_verdicts[n] if n < len(link_verdicts) else None
        rows.append(ChainRow(relation_latex(relation), ends[n], because, link_mark(link, fl)))
    return fl.chain(claim_sides_latex(claim)[0], rows)


def _entry_rows(name: str, a: str, rel: str, b: str) -> list[str] | None:
    """One entry's rows ``name: a = b``, broken where they are long; None if a piece cannot fit."""
    if fits(f"{a} {rel} {b}", line_width() - 8):
        return [rf"{name}\colon\quad & {a} {rel} {b}"]
    left, right = break_display(a, line_width() - 8), break_display(b, line_width() - 10)
    if not all(fits(x, line_width() - 8) for x in [*left, *right]):
        return None
    return [rf"{name}\colon\quad & {left[0]}", *(rf"& \quad {x}" for x in left[1:]),
            f"& {rel} {right[0]}", *(rf"& \quad {x}" for x in right[1:])]


def _entrywise(claim: Claim, fl: Flavour) -> str:
    """A matrix claim too wide for the line, stated entry by entry (zero on both sides left out).

    When even one entry is too long to break into lines (a softmax of sums, say), the page says
    so in words rather than print something no one can read; the claim's file holds it.
    """
    left, right = explicit(claim.lhs), explicit(claim.rhs)
    rows: list[str] = []
    zeros, longest = 0, 0
    rel = relation_latex(claim.relation)
    for r in range(left.shape[0]):
        for c in range(left.shape[1]):
            a, b = left[r, c], right[r, c]
            if a == 0 and b == 0:
                zeros += 1
                continue
            entry = _entry_rows(f"({r + 1}, {c + 1})", math_latex(a), rel, math_latex(b))
            longest = max(longest, len(math_latex(a)), len(math_latex(b)))
            if entry is None:
                rows = []
                break
            rows += entry
        else:
            continue
        break
    shape = f"{left.shape[0]}" + r"\times" + f"{left.shape[1]}"
    if not rows:
        return fl.text(f"The two sides are {fl.inline(shape)} matrices whose entries are too long to typeset "
                       f"readably (an entry runs to {longest} characters of LaTeX); the title states the "
                       "claim in words.")
    lead = (f"Entry by entry (a {fl.inline(shape)} matrix"
            + (f"; the other {zeros} entries are 0 on both sides" if zeros else "") + "):")
    # Markdown needs a blank line before $$: a display right after a text line is not one (arithmatex).
    return fl.text(lead) + ("\n" if fl.name == "latex" else "\n\n") + fl.rows_display(rows)


#: A number whose digits would not fit a third of the line is shown by its first and last digits.
LONG_NUMBER_DIGITS = 12


def _digits(n: int) -> str:
    text = str(abs(n))
    if len(text) <= LONG_NUMBER_DIGITS:
        return text
    return text[:5] + r"\ldots " + text[-5:]


def side_latex(side: object) -> tuple[str, str]:
    r"""A side of a claim as math, and a note when a long exact number was shortened for the eye.

    A 170-digit fraction runs 2,000pt off the page; it is shown by its first and last five digits
    over its value to 6 digits, and the note says so.

    >>> side_latex(sympy.Rational(10**20 + 1, 3))[0]
    '\\underbrace{\\frac{10000\\ldots 00001}{3}}_{\\approx 3.33333 \\times 10^{19}}'
    """
    if isinstance(side, sympy.Rational) and max(len(str(abs(side.p))), len(str(side.q))) > LONG_NUMBER_DIGITS:
        sign = "-" if side < 0 else ""
        body = _digits(side.p) if side.q == 1 else rf"\frac{{{_digits(side.p)}}}{{{_digits(side.q)}}}"
        note = (f"an exact {'integer' if side.q == 1 else 'fraction'} of {len(str(abs(side.p)))}"
                + ("" if side.q == 1 else f" over {len(str(side.q))}") + " digits, shown by its first and "
                "last five digits and its value to 6 significant digits")
        value = short_value(abs(side))
        return rf"{sign}\underbrace{{{body}}}_{{{value if value.startswith(chr(92)) else '= ' + value}}}", note
    return math_latex(side), ""


def statement(claim: Claim, fl: Flavour) -> str:
    """The claim's display: on one line, broken into rows, or (a wide matrix) entry by entry."""
    # The sides as their author wrote them (the notation layer); a long exact number shortened.
    (lhs, lnote), (rhs, rnote) = side_latex(claim.lhs), side_latex(claim.rhs)
    if claim.written is not None or not (lnote or rnote):
        (lhs, rhs), lnote, rnote = claim_sides_latex(claim), "", ""
    rel = relation_latex(claim.relation)
    notes = [f"{side}: {note}" for side, note in (("left", lnote), ("right", rnote)) if note]
    if notes:
        note = fl.small(fl.text("The " + "; the ".join(notes) + "."))
        return _statement(claim, fl, lhs, rel, rhs) + "\n" + (f"\\noindent{note}\\par" if fl.name == "latex"
                                                              else "\n" + note)
    return _statement(claim, fl, lhs, rel, rhs)


def _statement(claim: Claim, fl: Flavour, lhs: str, rel: str, rhs: str) -> str:
    rows = transposed_columns(claim)
    if rows is not None and fits(f"{rows[0]} {rel} {rows[1]}"):
        return fl.statement(rows[0], rel, rows[1])
    if rows is not None and fits(rows[0], line_width() - 2) and fits(rows[1], line_width() - 4):
        return fl.rows_display([f"&{rows[0]}", f"&{rel} {rows[1]}"])
    if is_matrix(claim.lhs) and not fits(f"{lhs} {rel} {rhs}"):
        if fits(lhs, line_width() - 2) and fits(rhs, line_width() - 4):
            return fl.rows_display([f"&{lhs}", f"&{rel} {rhs}"])
        return _entrywise(claim, fl)
    return fl.statement(lhs, rel, rhs)


#: Layout units a matrix column gains with 2pt column gaps instead of 10pt (the wide matrices'
#: \arraycolsep below): 6pt a side.
_NARROWED = 12.0 / 7.04
#: A matrix set under its name may use the estimate's margin of safety (a unit is 5.84pt at the
#: median, 7.04pt at most: layout.LINE_WIDTH): measured, the 8 × 8 rotations fit an article's line.
_UNDER_NAME = 1.1


def _columns(matrix: str) -> int:
    """The number of columns of the first row of a ``bmatrix`` body."""
    return len(split_top(split_top(matrix, r"\\")[0], "&")) if matrix.strip() else 0


_DESCRIBED = re.compile(r"(?P<name>.+?) \\text\{ \((?P<words>[A-Za-z0-9 ,.;:'-]+)\)\}")


def _described(definition: str) -> tuple[str, str] | None:
    r"""The name and the words of a definition given in words (``\hat{y}_{r} \text{ (row r of ...)}``).

    >>> _described(r"\hat{y}_{r} \text{ (row r of the toy attention)}")
    ('\\hat{y}_{r}', 'row r of the toy attention')
    >>> _described(r"\omega_{i} = b^{- \frac{2 i}{d}}") is None
    True
    """
    match = _DESCRIBED.fullmatch(definition)
    return (match["name"], match["words"]) if match else None


def _where(definitions: list[str], fl: Flavour) -> str:
    """The definitions a statement uses: inline when short, else one aligned display row each."""
    # A matrix inline would push the lines of the paragraph apart: matrices are displayed.
    short = [d for d in definitions if fits(d, 0.45 * line_width()) and "matrix}" not in d]
    # A long description in words is prose: in a display its \text{...} could not break.
    described = {d: words for d in definitions if d not in short and (words := _described(d)) is not None}
    long = [d for d in definitions if d not in short and d not in described]
    said = [fl.inline(d) for d in short]
    said += [f"{fl.inline(name)} is {fl.text(words)}" for name, words in described.values()]
    text = fl.paragraph("Where.", "; ".join(said) + ("." if said else ""))
    if not long:
        return text + ("\\par" if fl.name == "latex" else "")
    lines: list[str] = []
    for d in long:  # side by side while they fit the line (three column vectors, say)
        if lines and fits(lines[-1] + r" \qquad " + d):
            lines[-1] += r" \qquad " + d
        else:
            lines.append(d)
    rows = []
    for line in lines:
        name, eq, value = line.partition(r" = \begin{bmatrix}")
        if fits(line):
            rows.append(f"&{line}")
        elif eq and fits(r"\qquad \begin{bmatrix}" + value, _UNDER_NAME * line_width() + _NARROWED * _columns(value)):
            # A wide matrix (R_halves(m), 8 × 8) starts under its name: the name's width would
            # otherwise push it past the margin.
            rows += [f"&{name} =", f"&\\qquad \\begin{{bmatrix}}{value}"]
        else:  # still too wide: diag(...) of its blocks, or its columns in groups
            broken = break_display(line)
            rows += [f"&{broken[0]}", *(rf"&\qquad {x}" for x in broken[1:])]
    display = fl.rows_display(rows)
    if fl.name == "latex" and not all(fits(line) for line in lines):
        # A wide matrix (8 × 8) gets narrower gaps between its columns: spacing, not scaling.
        display = "{\\setlength{\\arraycolsep}{2pt}\n" + display + "}"
    return text + ("\n" if fl.name == "latex" else "\n\n") + display


def _lead(claim: Claim, fl: Flavour, options: Options) -> str:
    """The small line under the heading: the claim's scope (and its id with ``--ids``)."""
    parts = []
    if options.ids:
        parts.append(fl.code(claim.id))
    if claim.scope:
        parts.append(fl.emph(fl.line(named_documents(claim.scope, options))))
    if not parts:
        return ""
    if fl.name == "latex":
        return "\\noindent" + fl.small(" --- ".join(parts)) + "\\par"
    return fl.small(" — ".join(parts))


def _numbers_only(claim: Claim) -> bool:
    """True when both displayed sides are bare numbers ("8 = 1"): a statement only in words says more."""
    return all(isinstance(side, sympy.Number) for side in claim.display_sides)


def _in_words_only(claim: Claim, verdict: Verdict | None) -> bool:
    """A refuted claim whose sides are bare numbers and whose counterexample is in words: the page
    shows the statement as the document made it (the title) and the words, not "8 = 1"."""
    return bool(claim.refutation) and status_of(verdict) == "refuted" and _numbers_only(claim)


#: A conditional page break: no effect where 6 lines remain on the page, a break where fewer do.
KEEP_WITH_NEXT = r"\par\vskip 0pt plus 6\baselineskip\penalty-200\vskip 0pt plus -6\baselineskip" + "\n"


def render_claim(claim: Claim, verdict: Verdict | None, fl: Flavour = LATEX, level: int = 2,
                 options: Options = DEFAULT_OPTIONS, given: frozenset[str] = frozenset()) -> str:
    """One claim: heading with its verdict's badge, statement, assumptions, prose, source, chain of
    steps, and what the badge cannot say (a counterexample, a numeric check's warning). ``given``: the
    definitions an earlier claim of the section has stated (its "Where"), not stated again."""
    status = "unknown" if undecidable(claim) else status_of(verdict)
    parts = [fl.heading(level, capitalized(claim.title), claim_label(claim.id), badge(status, fl))]
    if fl.name == "latex" and level >= 1:
        # A claim's heading is not left at the foot of a page with only its first line: break before it
        # when fewer than KEEP lines remain (plain TeX glue, so a lecturer's own preamble needs nothing).
        parts[0] = KEEP_WITH_NEXT + parts[0]
    lead = _lead(claim, fl, options)
    if lead:
        parts.append(lead)
    if undecidable(claim):
        why = claim.prose.strip() or "it depends on something the text does not give"
        parts.append(fl.paragraph("Cannot be decided from the text:", fl.text(named_documents(why, options))))
        if claim.source is not None:
            parts.append(fl.ragged(fl.paragraph("Source.", _source(claim.source, fl, options))))
        return "\n\n".join(parts)
    if not _in_words_only(claim, verdict):
        parts.append(statement(claim, fl))
        definitions = [d for d in claim_definitions_latex(claim) if d not in given]
        if definitions:  # the notation the statement uses that the section has not given yet
            parts.append(_where(definitions, fl))
    assumptions = _assumptions(claim, fl)
    if assumptions:
        parts.append(fl.paragraph("Assumptions.", assumptions))
    if claim.prose.strip():
        parts.append(fl.text(named_documents(claim.prose, options)))
    if claim.source is not None:
        parts.append(fl.ragged(fl.paragraph("Source.", _source(claim.source, fl, options))))
    if claim.steps:
        # The lead and the chain in one paragraph: a display opening a paragraph of its own
        # leaves an empty line above it.
        parts.append(fl.paragraph("Derivation.", "") + ("\n" if fl.name == "latex" else "\n\n")
                     + _chain(claim, verdict, fl))
    said = verdict_text(claim, verdict, fl, ids=options.ids)
    if said:
        parts.append(said)
    return "\n\n".join(parts)


_ENTRY = re.compile(r"^(?P<prefix>.+)\.r(?P<row>\d+)c(?P<col>\d+)$")


def _grid_groups(claims: tuple[Claim, ...]) -> list[tuple[Claim, ...]]:
    """Claims in order, with each run of printed-table entries (``prefix.r0c0``...) as one group."""
    groups: list[tuple[Claim, ...]] = []
    for claim in claims:
        match = _ENTRY.match(claim.id)
        if match and groups and len(groups[-1]) and (m := _ENTRY.match(groups[-1][0].id)) \
                and m.group("prefix") == match.group("prefix"):
            groups[-1] = (*groups[-1], claim)
        else:
            groups.append((claim,))
    return groups


def render_derivation(derivation: Derivation, verdicts: Mapping[str, Verdict], fl: Flavour = LATEX,
                      options: Options = DEFAULT_OPTIONS) -> str:
    """A derivation as a section: its prose, then each claim with the verdict found for it; a claim's
    "Where" gives only the definitions no earlier claim of the section gave (a fragment, one claim
    alone, gives all of them)."""
    parts = [fl.heading(options.level, derivation.title, derivation_label(derivation))]
    given: frozenset[str] = frozenset()  # a section states each definition once, where first used
    if derivation.prose.strip():
        parts.append(fl.text(named_documents(derivation.prose, options)))
    for group in _grid_groups(derivation.claims):
        shown = [c for c in group if options.refuted or status_of(verdicts.get(c.id)) != "refuted"]
        if len(group) >= 4 and _ENTRY.match(group[0].id):
            parts.append(render_grid(tuple(shown), verdicts, fl, options))
            continue
        for claim in shown:
            parts.append(render_claim(claim, verdicts.get(claim.id), fl, options.level + 1, options, given))
            if not _in_words_only(claim, verdicts.get(claim.id)) and not undecidable(claim):
                given |= frozenset(claim_definitions_latex(claim))
    return "\n\n".join(parts) + "\n"


def needs_cjk(derivations: list[Derivation]) -> bool:
    """True if any text of these derivations holds CJK (the notes then need XeLaTeX)."""
    for derivation in derivations:
        texts = [derivation.title, derivation.prose]
        for claim in derivation.claims:
            texts += [claim.title, claim.prose, claim.scope, *(s.because for s in claim.steps)]
            if claim.source is not None:
                texts += [claim.source.quote, claim.source.locator]
        if any(has_cjk(t) for t in texts):
            return True
    return False
