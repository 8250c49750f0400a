"""One notation for the whole notes (issue 20, items 3 and 4).

Every rendered title, display (both sides, every step, every definition the claim uses), scope and
prose of the built-in catalogue is read back as LaTeX and held to the course's notation table
(``posenc_sym.notation.course``):

* no variant spelling of a table symbol appears in the course (``\\Delta_t`` beside ``\\Delta t``,
  ``D`` for a width beside ``d``, ``e_i`` beside ``E_i``, ``\\sum_j`` over the pairs beside ``\\sum_i``,
  ``\\sqrt[16]{8}`` beside ``8^{3/16}``, ``\\operatorname{Attention}`` beside ``\\mathrm{Attn}``);
* no claim calls a frequency θ in its title and ω in its display (or the other way round);
* every symbol of the table is printed, somewhere in the course, exactly as the table spells it (so
  the table the notes show at the front is not stale);
* no title, prose, scope or justification of the course writes math as text (``m·|i − j|``,
  ``QKᵀ/√d_k``, ``K = 3``): math goes between dollars.

The seed documents' claims (``derivations/seeds/``) quote each document in its own notation; they
are held to one spelling within each claim (title against display) only.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pytest

from posenc_sym.catalog import builtin_root, load_catalog
from posenc_sym.notation.course import COURSE_NOTATION, RIVALS, canonical, variant_patterns
from posenc_sym.proof.claim import Claim
from posenc_sym.render.inline import math_segments, safe_math
from posenc_sym.render.mathtex import claim_chain_latex, claim_definitions_latex, claim_sides_latex


@dataclass(frozen=True)
class Rendered:
    """One claim as the notes print it: its math, in canonical spelling, by where it stands."""

    claim: str
    seed: bool
    title: tuple[str, ...]  # the math segments of the title
    display: tuple[str, ...]  # sides, steps and the definitions the claim uses
    text: tuple[str, ...]  # the math segments of scope, prose and justifications

    @property
    def everything(self) -> tuple[str, ...]:
        return self.title + self.display + self.text


def _math_of(text: str) -> list[str]:
    return [canonical(safe_math(piece) or piece) for is_math, piece in math_segments(text) if is_math]


def _render(claim: Claim, seed: bool) -> Rendered:
    display = [*claim_sides_latex(claim), *claim_chain_latex(claim), *claim_definitions_latex(claim)]
    text = [m for t in (claim.scope, claim.prose, *(s.because for s in claim.steps)) for m in _math_of(t)]
    return Rendered(claim.id, seed, tuple(_math_of(claim.title)), tuple(canonical(d) for d in display), tuple(text))


@functools.lru_cache(maxsize=1)
def _catalogue() -> tuple[Rendered, ...]:
    catalogue = load_catalog([builtin_root()])
    return tuple(_render(claim, "seeds" in loaded.file) for claim, loaded in catalogue.claims)


def _course() -> tuple[Rendered, ...]:
    return tuple(r for r in _catalogue() if not r.seed)


@functools.lru_cache(maxsize=1)
def _derivation_texts() -> tuple[tuple[str, bool, str, str], ...]:
    """(owner, seed, kind, text) for every title, prose, scope and justification of the catalogue."""
    out: list[tuple[str, bool, str, str]] = []
    for loaded in load_catalog([builtin_root()]).derivations:
        seed = "seeds" in loaded.file
        derivation = loaded.derivation
        out += [(derivation.id, seed, "title", derivation.title), (derivation.id, seed, "prose", derivation.prose)]
        for c in derivation.claims:
            out += [(c.id, seed, "title", c.title), (c.id, seed, "prose", c.prose), (c.id, seed, "scope", c.scope)]
            out += [(c.id, seed, "justification", s.because) for s in c.steps]
    return tuple(out)


_VARIANTS = variant_patterns()


@pytest.mark.parametrize(("entry", "pattern"), _VARIANTS, ids=[p.pattern for _, p in _VARIANTS])
def test_no_variant_spelling_in_the_course(entry: object, pattern: re.Pattern[str]) -> None:
    found = [(r.claim, m.group(0)) for r in _course() for latex in r.everything for m in pattern.finditer(latex)]
    assert found == [], f"{pattern.pattern} (a variant of {getattr(entry, 'latex', 'any symbol')}): {found[:8]}"


def _rival_mixes(rendered: Rendered) -> list[str]:
    shown = " ".join(rendered.title + rendered.display)
    return [f"{a} and {b}" for a, b in RIVALS if a in shown and b in shown]


def test_no_course_claim_calls_one_frequency_two_names() -> None:
    mixed = {r.claim: _rival_mixes(r) for r in _course() if _rival_mixes(r)}
    assert mixed == {}


#: Seed claims that still spell a symbol one way in the title and another in the display: known, open.
#: Each entry must still fail, so a fixed claim is taken off this list. (Empty: the shift symbol is
#: named Δt and prints \Delta t as the titles write it; the sin-only figure's width is d.)
SEED_DRIFT: set[str] = set()


def test_the_seed_drift_list_names_seed_claims() -> None:
    assert {r.claim for r in _catalogue() if r.seed} >= SEED_DRIFT


def _title_and_display_disagree(rendered: Rendered) -> list[str]:
    """Variants in the display whose table spelling is in the title, or the other way round."""
    found = _rival_mixes(rendered)
    title, display = " ".join(rendered.title), " ".join(rendered.display)
    for entry, pattern in _VARIANTS:
        if entry is None:
            continue
        spelled = re.compile(rf"(?<![A-Za-z\\]){re.escape(canonical(entry.latex))}(?![A-Za-z_])")
        if (pattern.search(display) and spelled.search(title)) or (pattern.search(title) and spelled.search(display)):
            found.append(f"{entry.latex} against {pattern.pattern}")
    return found


@pytest.mark.parametrize("claim_id", sorted({r.claim for r in _catalogue() if r.seed}))
def test_each_seed_claim_spells_a_symbol_one_way(claim_id: str) -> None:
    rendered = next(r for r in _catalogue() if r.claim == claim_id)
    drift = _title_and_display_disagree(rendered)
    if claim_id in SEED_DRIFT:
        assert drift, f"{claim_id} no longer drifts: take it off SEED_DRIFT"
        pytest.xfail(f"{claim_id}: {drift} (known drift in the seed's written form, open)")
    assert drift == []


def _spellings(entry_latex: str) -> list[str]:
    """The symbols of one table row: "W_{q}, W_{k}, W_{v}" is three (a comma inside braces is not a separator)."""
    parts, depth, start = [], 0, 0
    for n, char in enumerate(entry_latex):
        depth += {"{": 1, "}": -1, "(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(entry_latex[start:n])
            start = n + 1
    return [canonical(p) for p in [*parts, entry_latex[start:]]]


@pytest.mark.parametrize("entry", COURSE_NOTATION, ids=[e.latex for e in COURSE_NOTATION])
def test_each_table_symbol_is_printed_as_the_table_spells_it(entry: object) -> None:
    shown = " ".join(latex for r in _catalogue() for latex in r.everything)
    missing = [s for s in _spellings(entry.latex) if s not in shown]  # type: ignore[attr-defined]
    assert missing == [], f"{entry.latex}: the course never prints {missing}"  # type: ignore[attr-defined]


#: Math written as text: a Greek letter, a math sign (·, ᵀ, √, ², ≤, ⌊, ‖, …), a minus sign or a
#: relation between letters and numbers (i − j, K = 3, m > 0), a norm or absolute-value bar, a
#: superscript or an indexed name (d_k). Outside $…$ each is set in the text font: the reader sees
#: "m·|i − j|" instead of m|i − j|.
MATH_AS_TEXT = re.compile(
    r"[\u0370-\u03ff·ᵀ√²³⁻⁰¹⁴-⁹₀-₉≤≥≠∞∑∏∈∉⌈⌉⌊⌋‖]"
    r"|\w\s*−\s*\w|(?<![\w-])−\w"
    r"|\|[^|]+\|"
    r"|\b[A-Za-z]\s*[=<>]\s*[\w(−-]"
    r"|\b[a-zA-Z]_\w|\^"
)


@pytest.mark.parametrize(("text", "found"), [
    ("m·|i − j|", True), ("QKᵀ/√d_k", True), ("with K = 3", True), ("slope m > 0", True), ("θ_i", True),
    ("$m |i - j|$ and $K = 3$", False), ("content–position", False), ("num_buckets", False),
    ("the 2×2 block", False), ("d/2 pairs", False),
])
def test_the_math_as_text_pattern(text: str, found: bool) -> None:
    outside = " ".join(piece for is_math, piece in math_segments(text) if not is_math)
    assert bool(MATH_AS_TEXT.search(outside)) is found


def test_course_prose_writes_math_between_dollars() -> None:
    offenders = []
    for owner, seed, kind, text in _derivation_texts():
        outside = " ".join(piece for is_math, piece in math_segments(text) if not is_math)
        found = MATH_AS_TEXT.findall(outside)
        if found and not seed:
            offenders.append(f"{owner} ({kind}): {found[:4]}")
    assert offenders == [], "\n".join(offenders)
