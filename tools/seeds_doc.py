"""``docs/seeds.md``: the five seed documents, claim by claim, from a verify run of ``derivations/seeds``.

The page opens with a summary table (per document: claims checked, proven, refuted, checked
only, unverifiable, and how many verdicts differ from the one the derivation expects), then lists
every claim of every document in order: locator, quote, verdict, the engine's reason with the
counterexample or values, and our explanation. A last section reads seeds 003 and 004 straight
from their LaTeX, display by display.

The verdicts come from the application layer (:func:`posenc_sym.app.verify.verify_derivations`
and :func:`posenc_sym.app.documents.verify_documents`), in the shape of ``verify --json``
(:func:`posenc_sym.report.report_document`). A tool of this repository, not of the package: the
wheel does not ship it. Regenerate with ``python tools/seeds_doc.py`` (``--check`` only compares);
``tests/test_seeds_doc.py`` keeps the committed page in sync.

>>> report = {"claims": [{"id": "seeds.doc9.a", "title": "x is x", "status": "proven",
...     "expected": "proven", "unexpected": False, "scope": "", "method": "exact",
...     "reason": "difference is 0", "counterexample": None, "lhs_value": None,
...     "rhs_value": None, "source": {"document": "9.txt", "quote": "x=x", "locator": "§1"},
...     "tags": ["form:standard"], "derivation": "seeds.doc9", "file": "d.py"}], "problems": []}
>>> print(render_summary(group_by_document(report["claims"])))
| document | claims checked | proven | refuted | checked only | unverifiable | not as expected |
|---|---:|---:|---:|---:|---:|---:|
| `9.txt` | 1 | 1 | 0 | 0 | 0 | 0 |
| **all** | 1 | 1 | 0 | 0 | 0 | 0 |
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, not installed

from posenc_sym.app.documents import verify_documents
from posenc_sym.app.verify import verify_derivations
from posenc_sym.documents.decide import DisplayResult
from posenc_sym.documents.rows import split_rows
from posenc_sym.report import report_document
from posenc_sym.runner import RunReport

__all__ = [
    "READ_DOCUMENTS",
    "SEED_DOCUMENTS",
    "generate",
    "group_by_document",
    "render",
    "render_claim",
    "render_summary",
    "section",
]

#: The five seed documents, in the order the page presents them.
SEED_DOCUMENTS: tuple[str, ...] = (
    "000_02f08a127fa96913.txt",
    "001_bb44b78ede21af39.txt",
    "002_0b9a95f29ab03777.txt",
    "003_750a8455e46b047a.txt",
    "004_e7604d37a81a762a.txt",
)

_COLUMNS = ("proven", "refuted", "checked", "unknown")
_FORMS = {"form:standard": "standard", "form:equivalent": "equivalent form", "form:different": "different"}
_REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = _REPO / "docs" / "seeds.md"
DEFAULT_SEEDS = _REPO / "derivations" / "seeds"
#: The seed documents themselves, beside the repository.
SEED_TEXTS = Path(os.environ.get("POSENC_SYM_SEEDS_DIR") or _REPO.parent / "shared" / "seeds")

Claims = list[Mapping[str, Any]]


def group_by_document(claims: Sequence[Mapping[str, Any]]) -> dict[str, Claims]:
    """Claims with a source, grouped by document: seed documents first in their order, then others.

    >>> group_by_document([{"source": {"document": "b"}}, {"source": None}, {"source": {"document": "a"}}])
    {'a': [{'source': {'document': 'a'}}], 'b': [{'source': {'document': 'b'}}]}
    """
    groups: dict[str, Claims] = {}
    for claim in claims:
        source = claim.get("source")
        if source:
            groups.setdefault(source["document"], []).append(claim)
    order = [doc for doc in SEED_DOCUMENTS if doc in groups] + sorted(set(groups) - set(SEED_DOCUMENTS))
    return {doc: groups[doc] for doc in order}


def _counts(claims: Sequence[Mapping[str, Any]]) -> list[int]:
    by_status = [sum(1 for c in claims if c["status"] == s) for s in _COLUMNS]
    return [len(claims), *by_status, sum(1 for c in claims if c["status"] != c["expected"])]


def render_summary(groups: Mapping[str, Claims]) -> str:
    """The summary table: one row per document and a total row."""
    lines = [
        "| document | claims checked | proven | refuted | checked only | unverifiable | not as expected |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    everything: Claims = []
    for doc, claims in groups.items():
        everything.extend(claims)
        lines.append(f"| `{doc}` | " + " | ".join(str(n) for n in _counts(claims)) + " |")
    lines.append("| **all** | " + " | ".join(str(n) for n in _counts(everything)) + " |")
    return "\n".join(lines)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _quote(text: str) -> str:
    """A quote as inline code, safe for Markdown (backticks in it get a longer fence).

    >>> _quote("a`b")
    '`` a`b ``'
    """
    text = _one_line(text)
    if "`" in text:
        return f"`` {text} ``"
    return f"`{text}`"


_LONG_DECIMAL = re.compile(r"(\d+\.\d{12})\d+")


def _shorten_decimals(text: str) -> str:
    """Cut the 50-digit decimals of a reason to 12 decimals, marking the cut with an ellipsis.

    >>> _shorten_decimals("lhs = 60611.477166261057260851089863894, rhs = 0.5")
    'lhs = 60611.477166261057…, rhs = 0.5'
    """
    return _LONG_DECIMAL.sub(r"\1…", text)


def _values(claim: Mapping[str, Any]) -> str:
    """Counterexample and side values, unless the engine's reason already states them."""
    if "lhs =" in (claim.get("reason") or ""):
        return ""
    parts = []
    if claim.get("counterexample"):
        assignment = ", ".join(f"{k} = {v}" for k, v in sorted(claim["counterexample"].items()))
        parts.append(f"counterexample {assignment}")
    if claim.get("lhs_value") is not None and claim.get("rhs_value") is not None:
        lhs, rhs = _short(claim["lhs_value"]), _short(claim["rhs_value"])
        parts.append(f"left side ≈ {lhs}, right side ≈ {rhs}")
    return "; ".join(parts)


def _short(value: str, digits: int = 15) -> str:
    """A decimal string cut to ``digits`` significant characters (the JSON carries 50).

    >>> _short("3.14159265358979323846264338327950288")
    '3.1415926535897…'
    """
    value = str(value)
    return value if len(value) <= digits + 1 else value[:digits] + "…"


def render_claim(number: int, claim: Mapping[str, Any], prose: str = "") -> str:
    """One claim as a numbered Markdown list item."""
    source = claim["source"]
    verdict = f"**{claim['status']}**"
    if claim["status"] != claim["expected"]:
        verdict += f" (expected {claim['expected']})"
    locator = _one_line(source.get("locator") or "—")
    head = f"{number}. {verdict} · {locator} · quote {_quote(source['quote'])}"
    what = f"   {_one_line(claim['title'])}"
    if claim.get("scope"):
        what += f" — scope: {_one_line(claim['scope'])}"
    forms = [_FORMS[tag] for tag in claim.get("tags", ()) if tag in _FORMS]
    if forms:
        what += f" — formula: {', '.join(forms)}"
    if "hypothesis" in claim.get("tags", ()):
        what += " — tests a reconstruction of a missing figure, not the text"
    method = f"{claim['method']}: " if claim.get("method") else ""
    reason = _shorten_decimals(_one_line(claim.get("reason") or "no reason given"))
    engine = f"   Verdict: {method}{reason}"
    values = _values(claim)
    if values:
        engine += f" ({values})"
    lines = [head, what, engine]
    if prose:
        lines.append(f"   Note: {_one_line(prose)}")
    return "  \n".join(lines)


def render(report: Mapping[str, Any], prose_by_id: Mapping[str, str] | None = None,
           titles: Mapping[str, str] | None = None) -> str:
    """The whole page from a ``verify --json`` document (plus optional prose and section titles)."""
    prose_by_id = prose_by_id or {}
    titles = titles or {}
    groups = group_by_document(report["claims"])
    out = [
        "# The seed documents, claim by claim",
        "",
        "<!-- Generated by `python tools/seeds_doc.py` from "
        "`posenc-sym verify derivations/seeds --json`; do not edit by hand. -->",
        "",
        "Every formula, printed number, code snippet and mathematical statement of the five seed "
        "documents, with the engine's verdict. *proven*: SymPy closed it symbolically under the "
        "stated assumptions; *refuted*: a concrete counterexample, evaluated with mpmath; *checked "
        "only*: numeric agreement, not a proof; *unverifiable*: the text does not contain what is "
        "needed (a missing figure, an empirical or historical statement). A refuted claim is a "
        "statement of the document that is false as written (or, where marked, a consequence of a "
        "reconstruction that does not fit the text); the note says what is true instead. Each "
        "encoding formula and code snippet has a claim marking it as the standard formula, an "
        "equivalent form, or a different one.",
        "",
        render_summary(groups),
    ]
    if report.get("problems"):
        out += ["", "Files that failed to load:", ""]
        out += [f"- `{p['file']}`: {_one_line(p['message'])}" for p in report["problems"]]
    for doc, claims in groups.items():
        out += ["", f"## {titles.get(doc, doc)}", ""]
        for number, claim in enumerate(claims, start=1):
            out.append(render_claim(number, claim, prose_by_id.get(claim["id"], "")))
    return "\n".join(out) + "\n"


def _prose_and_titles(report: RunReport) -> tuple[dict[str, str], dict[str, str]]:
    """Claim prose and per-document section titles, from the derivations the run decided."""
    prose: dict[str, str] = {}
    titles: dict[str, str] = {}
    for result in report.results:
        prose[result.claim.id] = result.claim.prose
        if result.claim.source is not None:
            titles.setdefault(result.claim.source.document, result.derivation.title)
    return prose, titles


def generate(paths: Sequence[str | Path] = (DEFAULT_SEEDS,)) -> str:
    """The page for the derivations under ``paths`` (default: ``derivations/seeds``)."""
    report = verify_derivations(paths).report
    prose, titles = _prose_and_titles(report)
    page = render(report_document(report), prose, titles)
    if tuple(paths) == (DEFAULT_SEEDS,) and SEED_TEXTS.is_dir():
        page += section(SEED_TEXTS)  # issue 13: seeds 003 and 004 read from their LaTeX
    return page


#: The seeds read as they are (the others hold no display math: 000 to 002 write formulas in code and prose).
READ_DOCUMENTS = ("003_750a8455e46b047a.txt", "004_e7604d37a81a762a.txt")

_INTRO = (
    "`posenc-sym verify SEED --notation sinusoidal` reads each display of a seed document from its "
    "LaTeX as it is written: the definitions its text makes (a display `NAME = …`, or an inline formula "
    "after a word such as 定义 that introduces one), the conventions every reader of the field assumes "
    "(each printed once), and the preset's declarations where the text writes its notation without "
    "defining it (pos, t, k real; i the pair index; the width the text writes; ω, ω_i, w_k the "
    "frequency; PE with base 10000). It decides every other row. A row the reader cannot read "
    "unambiguously is *unknown* with the reason; nothing is guessed. Seed 004 is Markdown with `$$` "
    "displays. Seed 003 is a copy of a web page rendered by KaTeX: each display line holds the glyphs "
    "spaced out, the LaTeX source, and the glyphs again; the reader takes the source "
    "(`posenc_sym/documents/katex.py`)."
)

_COMPARISON = {
    "004_e7604d37a81a762a.txt": (
        "Compared with the hand-made claims (`derivations/seeds/doc004_unit3_position_encoding.py`): the "
        "five displays are the standard formula, its ω form, the shifted encoding, the angle-addition "
        "step and the shift result. The first is the note's own definition of PE, so the preset's PE is "
        "left out (the preset follows the text); ω is defined in the sentence before the second display "
        "(\"首先定义 $\\omega = …$\", *first define*). Every one of the eight rows after the definition is "
        "proven from it, as the hand-made claims `formula.standard`, `omega`, `shift.sin` and "
        "`shift.cos` are. The hand-made file also holds what no display says: the inline "
        "`$\\sin(A+B) = …$` formulas (inline math is read only for the definitions it makes), the prose "
        "claims (every dimension is a sinusoid, the coefficients do not depend on pos, PE(pos+k) is linear "
        "in PE(pos)) and the linked code (unknown)."
    ),
    "003_750a8455e46b047a.txt": (
        "Compared with the hand-made claims (`derivations/seeds/doc003_transformer_pe_explained.py`, 45 "
        "claims): the page's definitions are read as definitions (the input, PE_t three times, the "
        "piecewise PE_t^{(i)}, the frequency w_k and the range of i), and the rotation of the row vector "
        "[x, y] is proven whatever x, y and the angle B are. The formulas of the vectors written with an "
        "ellipsis (`[sin(w_0t), …, sin(w_{d-1}t)]`) and of the piecewise definition (its conditions hold "
        "Chinese text) are not read, so nothing that uses them is decided; T_Δt is never defined (line "
        "218); the block matrix of line 225 is shown by its pattern, with dots. Line 220 has an "
        "unbalanced parenthesis in its source (`\\cos((t + \\bigtriangleup t)`), which the reader reports "
        "instead of repairing. The hand-made claims state these formulas entry by entry or per block, "
        "which is how they are decided there."
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
    """The section on reading seeds 003 and 004 straight from their LaTeX (documents in folder ``seeds``)."""
    out = ["", "## Read straight from the LaTeX", "", _INTRO]
    for name in READ_DOCUMENTS:
        (report,) = verify_documents([seeds / name], notation="sinusoidal")
        statuses = [d.status for d in report.displays]
        counts = ", ".join(f"{statuses.count(s)} {s}" for s in ("proven", "refuted", "checked", "unknown",
                                                                 "definition", "condition") if statuses.count(s)
                           or s in ("proven", "refuted", "checked", "unknown"))
        out += ["", f"### `{name}`: {len(statuses)} displays ({counts})", "",
                "| line | verdict | display as written | rows | why not proven |", "|---:|---|---|---|---|"]
        out += [_row(d) for d in report.displays]
        out += ["", _COMPARISON[name]]
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/seeds_doc.py",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if the page is stale")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is stale; run python tools/seeds_doc.py", file=sys.stderr)
            return 1
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
