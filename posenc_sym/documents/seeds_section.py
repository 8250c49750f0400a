"""The section of ``docs/seeds.md`` on reading seeds 003 and 004 straight from their LaTeX.

``posenc_sym.report.seeds_doc`` appends :func:`section` to the page, so it is regenerated (and
kept in sync by tests/test_seeds_doc.py) with the rest.
"""

from __future__ import annotations

from pathlib import Path

from .decide import DisplayResult
from .decide_document import check_document
from .rows import split_rows

__all__ = ["READ_DOCUMENTS", "section"]

#: The seeds read as they are (the others hold no display math: 000 to 002 write formulas in code and prose).
READ_DOCUMENTS = ("003_750a8455e46b047a.txt", "004_e7604d37a81a762a.txt")

_INTRO = (
    "`posenc-sym verify SEED --notation sinusoidal` reads each display of a seed document from its "
    "LaTeX, with the preset's declarations (pos, t, k real; i the pair index; d and d_{model} even; ω, "
    "ω_i, w_k the frequency; PE with base 10000), and decides every row. A row the reader cannot read "
    "unambiguously is *unknown* with the reason; nothing is guessed. Seed 004 is Markdown with `$$` "
    "displays. Seed 003 is a copy of a web page rendered by KaTeX: each display line holds the glyphs "
    "spaced out, the LaTeX source, and the glyphs again; the reader takes the source "
    "(`posenc_sym/documents/katex.py`)."
)

_COMPARISON = {
    "004_e7604d37a81a762a.txt": (
        "Compared with the hand-made claims (`derivations/seeds/doc004_unit3_position_encoding.py`): the "
        "five displays are the standard formula, its ω form, the shifted encoding, the angle-addition "
        "step and the shift result, and every one of their ten rows is proven, as the hand-made claims "
        "`formula.standard`, `omega`, `shift.sin` and `shift.cos` are. The first display proves "
        "trivially under the preset, because the preset *defines* PE by that formula: it checks that the "
        "note's formula is the standard one, which is what `formula.standard` states. The hand-made file "
        "also holds what no display says: the inline `$\\sin(A+B) = …$` formulas (inline math is not a "
        "display), the prose claims (every dimension is a sinusoid, the coefficients do not depend on pos, "
        "PE(pos+k) is linear in PE(pos)) and the linked code (unknown)."
    ),
    "003_750a8455e46b047a.txt": (
        "Compared with the hand-made claims (`derivations/seeds/doc003_transformer_pe_explained.py`, 45 "
        "claims): only one display is proven straight from the text, the frequency w_k. The other "
        "displays are unknown for reasons a reader can act on: vectors written with an ellipsis "
        "(`[sin(w_0t), …, sin(w_{d-1}t)]`), the block matrix T_Δt shown by its pattern, PE_t used as a "
        "whole vector while the preset defines its entries, the row vector [x, y] whose x and y the page "
        "never declares, and a piecewise `\\left\\{\\begin{matrix}` definition. Line 220 has an unbalanced "
        "parenthesis in its source (`\\cos((t + \\bigtriangleup t)`), which the reader reports instead of "
        "repairing. The "
        "hand-made claims state these formulas entry by entry or per block, which is how they are "
        "decided there; reading them from the page would need the notes to be written that way. Formulas "
        "inside a sentence (such as lines 162, 165 and 246) are inline, and are not read, as `$…$` is not."
    ),
}


def _row(result: DisplayResult) -> str:
    written = " \\\\ ".join(" ".join(row.text.split()) for row in split_rows(result.read.display.body))
    written = written if len(written) <= 70 else written[:67] + "..."
    written = written.replace("|", "\\|").replace("`", "'")
    rows = ", ".join(f"{link.line}: {link.status}" for link in result.links) or "—"
    why = result.read.unreadable or ("" if result.status == "proven" else result.reason)
    why = " ".join(why.split()).replace("|", "\\|").replace("`", "'")
    return f"| {result.line} | {result.status} | `{written}` | {rows} | {why} |"


def section(seeds: Path) -> str:
    """The Markdown section for the seed documents in folder ``seeds``."""
    out = ["", "## Read straight from the LaTeX", "", _INTRO]
    for name in READ_DOCUMENTS:
        report = check_document(seeds / name, notation="sinusoidal", name=name)
        statuses = [d.status for d in report.displays]
        counts = ", ".join(f"{statuses.count(s)} {s}" for s in ("proven", "refuted", "checked", "unknown"))
        out += ["", f"### `{name}`: {len(statuses)} displays ({counts})", "",
                "| line | verdict | display as written | rows | why not proven |", "|---:|---|---|---|---|"]
        out += [_row(d) for d in report.displays]
        out += ["", _COMPARISON[name]]
    return "\n".join(out) + "\n"
