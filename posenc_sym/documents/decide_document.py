"""Check a document: apply its declarations in order, read and decide each display after them.

>>> import pathlib, tempfile
>>> text = "```posenc\\nassume x real\\n```\\n\\n$$\\\\sin^2 x + \\\\cos^2 x = 1$$\\n"
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "notes.md"); _ = path.write_text(text)
...     report = check_document(path)
>>> [(r.line, r.status) for r in report.displays], report.exit_status
([(5, 'proven')], 0)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import sympy

from ..errors import PosencSymError
from ..notation.presets import PRESETS
from ..notation.read import Term
from .across_displays import connecting_words, joined_displays
from .claims import ReadDisplay, defined_names, document_scope, read_display
from .context import Context
from .decide import DisplayResult, decide_display
from .declarations import DeclarationError, apply_declaration
from .described import code_span_units, descriptions
from .equations_to_solve import equation_words, words_after
from .equations_to_solve import held_back as equations_held_back
from .examples import ExampleValues, width_in_words, widths_in_text
from .extract import Declaration, Display, Kind
from .inline import Inline, inline_formulas
from .leading import as_stated, clause_names, document_clauses, stated_relations, under_leading
from .notebook import markdown_by_file_line, notebook_cells
from .places import Cell, Place, place_of
from .presets import preset_lines
from .prose import (
    GENERAL,
    counted_names,
    real_name,
    real_names,
)
from .prose_definitions import Sentence, inline_definitions
from .prose_values import unbind_freed
from .scope import DocumentScope
from .sections import IndexSections, complex_form_in_i, heading_lines, unit_display, unit_display_in_j, unit_term_in_i
from .source import Document, Format, load_document
from .suppositions import Suppositions

__all__ = ["DocumentProblem", "DocumentReport", "check_document", "preset_context"]


@dataclass(frozen=True)
class DocumentProblem:
    """A bad declaration (or an unreadable file): one line, with file:line (and its cell in a notebook)."""

    file: str
    line: int
    message: str
    place: Place | None = None  # where line is in a notebook

    def __str__(self) -> str:
        where = self.place or (Place(self.line) if self.line else None)
        return f"{self.file}:{where}: {self.message}" if where else f"{self.file}: {self.message}"


@dataclass(frozen=True)
class DocumentReport:
    """Every display of one document with its verdict, in document order, and the problems met."""

    file: str
    displays: tuple[DisplayResult, ...]
    problems: tuple[DocumentProblem, ...]
    seconds: float
    text: str
    kind: Kind
    file_format: Format | None = None  # None: the format of ``kind`` (Markdown or LaTeX)

    @property
    def exit_status(self) -> int:
        """2 for a bad declaration, else 1 for an unexpected verdict or a finding (a name defined again
        differently: the text contradicts itself, and the run must not end OK), else 0."""
        if self.problems:
            return 2
        return 1 if any(d.unexpected or d.read.findings for d in self.displays) else 0


def preset_context(notation: str | None) -> Context:
    """A context with all the declarations of a ``--notation`` preset (empty for None), as written;
    a document gets only what follows its text (:func:`.presets.preset_lines`)."""
    ctx = Context()
    if notation is None:
        return ctx
    if notation not in PRESETS:
        raise PosencSymError(f"--notation {notation!r} is not a preset; use one of {', '.join(sorted(PRESETS))}")
    for line in PRESETS[notation]:
        apply_declaration(line, ctx)
    return ctx


def check_document(path: Path, *, notation: str | None = None, name: str | None = None,
                   on_display: Callable[[DisplayResult], object] | None = None) -> DocumentReport:
    """Check the document at ``path``; ``on_display`` hears of each display as it is decided."""
    start = time.perf_counter()
    document = load_document(path, name)
    if notation is not None and notation not in PRESETS:
        raise PosencSymError(f"--notation {notation!r} is not a preset; use one of {', '.join(sorted(PRESETS))}")
    ctx = Context()
    problems: list[DocumentProblem] = []
    results: list[DisplayResult] = []
    inlines = _inlines(document)
    clauses = document_clauses(document, inlines)
    formulas = [i.body for i in document.items if isinstance(i, Display)] + [f.text for f in inlines]
    # a block's let is the text's notation too: let \omega_i = 10000^{-2i/d} makes the rows' i a pair index
    formulas += [i.text.strip()[4:] for i in document.items if isinstance(i, Declaration)
                 and i.text.strip().startswith("let ")]
    headings = [] if document.format == "notebook" else heading_lines(document.text, document.kind)
    lines = document.text.splitlines()
    scope = document_scope(ctx, formulas, reals={real_name(f.text) for f in inlines if real_names(f.before, f.text)},
                           counted=counted_names(document.text), described=sorted([*descriptions(inlines, headings),
                                                   *code_span_units(document.text)], key=lambda w: w.line))
    for said in widths_in_text(document.text):  # "a 5-dimensional encoding": a setting of the width, as $d = 5$ is
        for width in scope.roles.widths:
            scope.roles.settings.setdefault(width, []).append(str(said))
    sentence = Sentence()
    supposed = Suppositions()  # "a larger window $$L' > L$$": later rows not refuted where it fails
    examples = ExampleValues()  # "with $b = 500000$ and $d = 128$, compute": a refutation held back where they hold
    scope.example_values = lambda: {symbol: value for symbol, (value, _, _) in examples.values.items()}
    scope.give_example = examples.give
    if notation is not None:
        applied = preset_lines(notation, scope.roles, defined_names(formulas), scope.rules.width)
        for line in applied:
            apply_declaration(line, ctx)
        scope.line = 1
        scope.note("preset", f"--notation {notation} declares, as this text writes it: " + ("; ".join(applied) or
                   "nothing (the text writes none of its notations, or defines them itself)"))
    # The preset's names are the field's conventions, not the author's declarations (see decide_link).
    conventional = frozenset(ctx.symbols)
    scope.conventional = conventional
    ordered = _where_first(sorted([*document.items, *inlines], key=_order))
    displays = [i for i in document.items if isinstance(i, Display)]
    section_text = markdown_by_file_line(document.text) if document.format == "notebook" else document.text
    sections = None if section_text is None else IndexSections(
        section_text, "markdown" if document.format == "notebook" else document.kind,
        [(_file_line(d), d.body) for d in displays] + [(_file_line(f), f.text) for f in inlines],
        [_file_line(d) for d in displays])
    before: tuple[Display, ReadDisplay] | None = None
    cell_sources = {c.index: c.source for c in notebook_cells(document.text)} if document.format == "notebook" else {}
    joined = {id(displays[n]): how for n, how in joined_displays(displays, document.text).items()}
    for item in ordered:
        scope.cell = item.cell
        if sections is not None and not isinstance(item, Declaration):
            # Only a formula that writes a complex number with i (e^{im\theta}, x + iy, \cos t + i\sin t) reads i as
            # the imaginary unit where the section does not index with i; elsewhere i has two readings: none chosen.
            written = item.body if isinstance(item, Display) else item.text
            unindexed = None if sections.indexes_i_by(_file_line(item)) else sections.heading(_file_line(item))
            complex_form = complex_form_in_i(written)
            scope.imaginary_section = unindexed if complex_form else None
            scope.unindexed_section = unindexed if scope.imaginary_section is None else None
            unit = unit_display(written)
            scope.imaginary_display = _file_line(item) if unit else None
            scope.j_complex_display = unit_display_in_j(written)
            scope.complex_beside_index = unindexed is None and unit_term_in_i(written) and not unit
        if isinstance(item, Declaration):
            try:
                apply_declaration(item.text, ctx)
            except DeclarationError as exc:
                place = place_of(item.cell, item.line)
                problems.append(DocumentProblem(document.file, place.line, str(exc), place))
            continue
        if isinstance(item, Inline):
            inline_definitions(item, scope, sentence, examples)
            unbind_freed(item, scope)
            continue
        ctx.bound_conditions.clear()
        leading = clauses.leading.get((item.cell.index if item.cell else -1, item.line))
        scope.under_clause = leading.formulas if leading is not None else ()  # "For $t = 3$, $$f(t) = 9$$": a claim
        clause = clauses.stated.get((item.line, item.body.strip()))
        scope.stating_condition = clause is not None
        scope.in_prose = _in_prose(item, lines)
        scope.lead_in, lead_in_line = _lead_in(document.text, item, before[0] if before else None)
        scope.words_before = scope.lead_in if item.cell is None else \
            _lead_in(cell_sources.get(item.cell.index, ""), replace(item, cell=None), None)[0]
        if GENERAL.search(scope.lead_in):  # "In general, for every width," after "Let $d = 4$": bound no more
            ctx.bound.clear()
            scope.bound_conventions.clear()
            scope.release_bound_names()
            examples.clear(before=lead_in_line)
        if any(examples.since < heading <= item.line and not examples.restated(lines[heading - 1])
               for heading in headings):
            examples.clear()  # an example's values end with its section, unless its heading restates them
        _width_said(scope, examples, lead_in_line)
        prior = _continued(before, item, document.text)
        read = read_display(item, scope, prior[0].last if prior else None, joined.get(id(item)),
                            prior[0].carried if prior else (), across=prior[1] if prior else "")
        lead_in_words, scope.lead_in = scope.lead_in, ""
        before = (item, read)
        if not read.has_relation:
            continue  # a display with no relation states nothing to check
        # A notation bound outside what can be shown in range holds only where it is defined.
        conditions = (*ctx.conditions, *ctx.bound_conditions, *scope.conditions())
        declared = frozenset(s for name, s in ctx.symbols.items() if name not in conventional)
        scope.line = item.line
        stated = stated_relations(leading, scope) if leading else None
        bound, conditions = _at_bound_values(read, (*conditions, *(stated or ())), ctx, scope.bound_conventions)
        result = decide_display(bound, conditions, f"doc.d{item.line}", scope.take_recent(), declared)
        if leading is not None:
            result = under_leading(result, leading, stated, None if stated else clause_names(leading, scope))
        if clause is not None:
            result = as_stated(result, clause)
        result = supposed.held_back(examples.held_back(result))
        result = equations_held_back(result, equation_words(lead_in_words, words_after(document.text, item)))
        results.append(result)
        if on_display is not None:
            on_display(result)
    return DocumentReport(document.file, tuple(results), tuple(problems), time.perf_counter() - start,
                          document.text, document.kind, document.format)


def _width_said(scope: DocumentScope, examples: ExampleValues, line: int) -> None:
    """"Example: a 5-dimensional encoding" before a display gives the width an example's value, as "with $d = 5$"
    would: a refutation is held back where the row holds at it. The width is the one the conventions read, or else
    each name of a width the text writes (d, d_model): all are the width the words give."""
    said = width_in_words(scope.lead_in)
    if said is None:
        return
    for width in [scope.rules.width] if scope.rules.width is not None else sorted(scope.roles.widths):
        if (symbol := scope.plain_symbol(width)) is not None:
            examples.give(symbol, sympy.Integer(said), line, width)


def _in_prose(display: Display, lines: list[str]) -> bool:
    """True if ``display`` is ``$$…$$`` inside a line of words (GitBook and Typora pages write inline math so)."""
    if display.cell is not None or display.line != display.end_line or display.line > len(lines):
        return False
    line = lines[display.line - 1]
    opening, closing = line.find("$$"), line.rfind("$$")
    return opening >= 0 and closing > opening and bool(line[:opening].strip() or line[closing + 2:].strip(" .,;:"))


def _lead_in(text: str, display: Display, previous: Display | None) -> tuple[str, int]:
    """The paragraph of prose just before ``display`` (across at most one blank line, never past the display before
    it): "The tangent points are where", "For the ablation we redefine the encoding as"; and its first line (the
    display's own where there is none), where a sentence speaks of the values it gives itself ("With $b = 10000$ and
    $d$ any even width": its "any" ends only the values given before it)."""
    if display.cell is not None:
        return "", display.line
    first = previous.end_line if previous is not None and previous.cell is None else 0
    start = max(first, display.line - 8)
    lines = text.splitlines()[start:display.line - 1]
    while lines and not lines[-1].strip():
        lines.pop()
    paragraph: list[str] = []
    while lines and lines[-1].strip():
        paragraph.insert(0, lines.pop())
    return " ".join(" ".join(paragraph).split()), start + len(lines) + 1


def _at_bound_values(read: ReadDisplay, conditions: tuple[sympy.Basic, ...],
                     ctx: Context, bound: dict[sympy.Symbol, Term] | None = None) -> tuple[ReadDisplay,
                                                                                           tuple[sympy.Basic, ...]]:
    """The display and its conditions with each declared symbol the text binds (``Let $d = 768$``) at its value,
    also where a declaration made before the binding brings it in (``let \\omega_i = 10000^{-2i/d}``); and so each
    convention's symbol in ``bound``."""
    binding = {**ctx.binding(), **(bound or {})}
    if not binding:
        return read, conditions

    def at(term: Term) -> Term:
        return term.xreplace(binding) if isinstance(term, (sympy.Basic, sympy.MatrixBase)) else term

    links = tuple(replace(link, lhs=at(link.lhs), rhs=at(link.rhs), nonzero=tuple(at(n) for n in link.nonzero))
                  for link in read.links)
    return replace(read, links=links), tuple(c for c in (at(c) for c in conditions) if c is not sympy.true)


def _inlines(document: Document) -> list[Inline]:
    """The document's inline formulas; in a notebook, those of each Markdown cell, with the cell."""
    if document.format != "notebook":
        return inline_formulas(document.text, document.kind)
    return [Inline(f.text, f.line, f.offset, f.before, Cell(cell.index, cell.file_lines))
            for cell in notebook_cells(document.text) if cell.kind == "markdown"
            for f in inline_formulas(cell.source, "markdown")]


#: Prose that opens right after a display and names what its formulas are: "$$ … $$ where $\\omega = 2$".
_EXPLAINS = re.compile(r"(?:\$\$|\\\]|\\end\{[^{}]*\})\s*[,.;]?\s*(?:where|here|with)\s*$", re.IGNORECASE)


def _where_first(items: list[Declaration | Display | Inline]) -> list[Declaration | Display | Inline]:
    """``items`` with the definitions of a "where" sentence right after a display read before it: they
    say what the display's names are (``$$ \\cos(\\omega\\pi) = 1 $$ where $\\omega = 2$``), so the display is
    read with them, never with an earlier value of the name."""
    ordered = list(items)
    n = 1
    while n < len(ordered):
        item, before = ordered[n], ordered[n - 1]
        if isinstance(item, Inline) and isinstance(before, Display) and _EXPLAINS.search(item.before):
            end = item.offset + len(item.text) + len(item.after) + 2
            moved = [item]
            while n + len(moved) < len(ordered) and isinstance(ordered[n + len(moved)], Inline) and \
                    ordered[n + len(moved)].offset < end:  # type: ignore[union-attr]
                moved.append(ordered[n + len(moved)])  # type: ignore[arg-type]
            ordered[n - 1:n + len(moved)] = [*moved, before]
            n += len(moved)
        n += 1
    return ordered


def _order(item: Declaration | Display | Inline) -> tuple[int, int, int]:
    """Document order: by cell (in a notebook) and line; on a line, declarations first, then the text's
    inline formulas, then a display."""
    rank = 0 if isinstance(item, Declaration) else 1 if isinstance(item, Inline) else 2
    return (item.cell.index if item.cell else -1, item.line, rank)


def _file_line(item: Display | Inline) -> int:
    """The line of the file that holds ``item`` (in a notebook, its cell's line placed in the .ipynb)."""
    return place_of(item.cell, item.line).line


def _continued(before: tuple[Display, ReadDisplay] | None, display: Display,
               text: str) -> tuple[ReadDisplay, str] | None:
    """The reading of the display ``before`` (its last right side, and what its chain needs defined), where
    ``display`` follows it with only blank lines between (in a Markdown or LaTeX file; a notebook's cells are not
    joined), or a few words that introduce it ("Expanding:"), which come second: a display that opens with a
    relation continues its chain."""
    if before is None or display.cell is not None or before[0].cell is not None or before[1].last is None:
        return None
    between = text.splitlines()[before[0].end_line:display.line - 1]
    if all(not line.strip() for line in between):
        return before[1], ""
    words = connecting_words(between)
    return None if words is None else (before[1], words)
