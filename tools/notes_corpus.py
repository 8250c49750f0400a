"""Measure how much of a set of real notes ``posenc-sym verify`` reads and decides (issue 23).

    .venv/bin/python tools/notes_corpus.py tests/documents/real/MANIFEST.json
    .venv/bin/python tools/notes_corpus.py tests/documents/real/SEEDS.json --dir ../shared/seeds
    .venv/bin/python tools/notes_corpus.py /work/heldout/notes/MANIFEST.json --notation sinusoidal

A manifest lists documents and, for every display row (one relation between two expressions), its
line, the row as written and a judgement made by hand: ``definition``, ``true``, ``false``,
``not-math`` or ``ambiguous`` (see tests/documents/real/README.md). Each document is run through
``posenc-sym verify FILE --json`` in its own process, with a time limit, and its links
(one per relation) are matched to the manifest's rows by line (for a notebook, by cell and line in
the cell when the report names them), in order within a line; the written text is compared as a check.

Counted per document and in total:

- *read*: a manifest row that the report has a link for (whatever its status);
- *decided*: a read row whose status is ``proven``, ``refuted``, ``checked`` or ``definition``
  (the status issue 23 item 1 adds; any other new status is listed and counted as read only);
- *wrong*: ``proven`` or ``checked`` on a row judged false; ``refuted`` on a row judged true or a
  definition; ``definition`` on a row judged false (a false claim taken as a name), unless a finding at its
  line reports the conflict with the definition before it (a finding on a row judged true is wrong); any status but
  ``unknown``/``approximate`` on a row judged ambiguous; ``proven`` or ``refuted`` on a not-math row.

Then the totals and the figures the issue asks for (rows read, rows decided, documents at least half
read, the slowest document), every wrong verdict in full, and what stopped the reader, by the number
of manifest rows each reason left unread.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DECIDED = {"proven", "refuted", "checked", "definition"}
UNDECIDED = {"unknown", "approximate"}
_ENTRY = "import sys; from posenc_sym.cli import main; sys.exit(main(sys.argv[1:]))"
NOT_FOUND = "no display found at this line (not extracted as a display)"
JUDGEMENTS = {"definition", "true", "false", "not-math", "ambiguous"}
WRONG: dict[str, set[str]] = {
    "false": {"proven", "checked", "definition"},
    "true": {"refuted"},
    "definition": {"refuted"},
    "not-math": {"proven", "refuted"},
    "ambiguous": DECIDED,
}


@dataclass
class DocumentResult:
    """What one run of ``verify`` on one document came to, against its manifest rows."""

    file: str
    rows: int
    read: int = 0
    decided: int = 0
    seconds: float = 0.0  # the whole process, start-up included
    checking: float = 0.0  # the report's own seconds (reading and deciding)
    note: str = ""
    wrong: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    stops: Counter[str] = field(default_factory=Counter)
    new_statuses: Counter[str] = field(default_factory=Counter)


def run_verify(path: Path, notation: str | None, timeout: float) -> tuple[dict[str, Any] | None, float, str]:
    """The report of ``verify PATH --json`` (None when there is none), the seconds taken, and a note."""
    # The console script's entry point, run by this interpreter (so the clone's own code is measured).
    command = [sys.executable, "-c", _ENTRY, "verify", str(path), "--json"]
    if notation:
        command += ["--notation", notation]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT, check=False)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start, f"timed out after {timeout:g} s"
    seconds = time.perf_counter() - start
    try:
        return json.loads(done.stdout), seconds, ""
    except json.JSONDecodeError:
        lines = [line for line in (done.stderr or done.stdout).strip().splitlines() if line.strip()]
        return None, seconds, f"no report (exit {done.returncode}): {lines[-1] if lines else 'nothing printed'}"


def _where(item: dict[str, Any]) -> tuple[Any, ...]:
    """Where a link or a manifest row is: (cell, line in cell) when both say so, else the file line."""
    if item.get("cell") is not None and item.get("cell_line") is not None:
        return ("cell", item["cell"], item["cell_line"])
    return ("line", item["line"])


def _normal(text: str) -> str:
    text = re.sub(r"\\(?:left|right|,|;|!|quad|qquad)|[&\s]", "", text)
    return text.replace("\\\\", "")


def same_text(written: str, quote: str) -> bool:
    """True when the link's text and the manifest's quote share a stretch of at least 6 characters."""
    a, b = _normal(written), _normal(quote)
    if not a or not b:
        return False
    match = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size >= min(6, len(a), len(b))


def _links(report: dict[str, Any]) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """The report's links grouped by where they are, in report order."""
    grouped: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for claim in report.get("claims", []):
        found_at = {(f.get("cell"), f.get("line")) for f in claim.get("findings", [])}
        for link in claim.get("links", []):
            if claim.get("cell") is not None and link.get("cell") is None:
                link = {**link, "cell": claim["cell"]}
            if (link.get("cell"), link.get("line")) in found_at:
                link = {**link, "finding": True}
            grouped.setdefault(_where(link), []).append(link)
    return grouped


def _stop_reason(report: dict[str, Any], line: int) -> str:
    """Why the row at ``line`` was not read: the reason of the unreadable display that holds it.

    A display holds the lines from its opening to its last body line (its ``written`` body, plus one
    for a closing delimiter on a line of its own); a row outside every display was not found as one.
    """
    for claim in report.get("claims", []):
        start = int(claim.get("line", 0))
        end = start + str(claim.get("written", "")).count("\n") + 2
        unreadable = claim.get("unreadable")
        if start <= line <= end and unreadable:
            # A row before the unreadable one has no link either: the display was given up as a whole.
            return str(unreadable.get("reason", ""))
        if start <= line <= end:
            return "read up to this row, but this row has no link of its own"
    problems = report.get("problems") or []
    if problems and not report.get("claims"):
        return f"the file was refused: {problems[0].get('message', '')}"
    return NOT_FOUND


def reason_kind(reason: str) -> str:
    """A reason with its particulars (quoted names, numbers) blanked, so equal causes count together.

    >>> reason_kind("'PE' is not declared; declare it (assume PE real, or write a product with spaces)")
    "'…' is not declared; declare it (assume … real, or write a product with spaces)"
    """
    reason = re.sub(r"'[^']*'", "'…'", reason)
    reason = re.sub(r"\(assume [^ )]+", "(assume …", reason)
    return re.sub(r"\d+", "N", reason)[:150]


def measure(document: dict[str, Any], folder: Path, notation: str | None, timeout: float) -> DocumentResult:
    """Run one document and compare its report with the manifest's rows."""
    rows = document["rows"]
    result = DocumentResult(document["file"], len(rows))
    report, result.seconds, result.note = run_verify(folder / document["file"], notation, timeout)
    if report is None:
        result.stops[result.note.split(": ", 1)[-1] if "no report" in result.note else result.note] += len(rows)
        return result
    result.checking = float(report.get("summary", {}).get("seconds", 0.0))
    problems = report.get("problems") or []
    if problems:
        result.note = f"{len(problems)} problem(s) reported: {problems[0].get('message', '')}"
    grouped = _links(report)
    at: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in rows:
        at.setdefault(_where(row), []).append(row)
    for where, here in at.items():
        paired = _paired(here, grouped.get(where, []))
        for row in here:
            link = paired.get(id(row))
            if link is None:
                result.stops[_stop_reason(report, row["line"])] += 1
            else:
                _score(result, row, link)
    return result


def _paired(rows: list[dict[str, Any]], links: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The links of one place paired with its rows, in order. Where the place has fewer links than rows (a chain
    whose first members were not read), the links go, in their order, to the rows whose quotes their texts resemble
    most (the alignment of greatest total likeness), so that the verdict of ``b = c`` is never scored against the row
    ``a = b`` it did not read.

    >>> rows = [{"quote": "x y = <x, y*>"}, {"quote": "<x, y*> = (a+bi)(c-di)"},
    ...         {"quote": "(a+bi)(c-di) = ac - bd i^2"}, {"quote": "ac - bd i^2 = ac + bd"}]
    >>> links = [{"written": "(a+bi)(c-di) = ac - bd i^2"}, {"written": "ac - bd i^2 = ac + bd"}]
    >>> [rows.index(r) for r in rows if id(r) in _paired(rows, links)]
    [2, 3]
    """
    if len(links) >= len(rows):
        return {id(row): link for row, link in zip(rows, links, strict=False)}
    like = [[_likeness(str(link.get("written", "")), row["quote"]) for row in rows] for link in links]
    # best[n][k]: the greatest likeness of links n… paired with rows k…, each link a later row than the one before
    best = [[0.0] * (len(rows) + 1) for _ in range(len(links) + 1)]
    for n in range(len(links) - 1, -1, -1):
        best[n][len(rows)] = float("-inf")
        for k in range(len(rows) - 1, -1, -1):
            best[n][k] = max(like[n][k] + best[n + 1][k + 1], best[n][k + 1])
    paired: dict[int, dict[str, Any]] = {}
    k = 0
    for n, link in enumerate(links):
        while best[n][k] != like[n][k] + best[n + 1][k + 1]:
            k += 1
        paired[id(rows[k])] = link
        k += 1
    return paired


def _likeness(written: str, quote: str) -> float:
    """How much of the shorter of the two texts their longest common stretch covers (0 to 1)."""
    a, b = _normal(written), _normal(quote)
    if not a or not b:
        return 0.0
    match = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size / min(len(a), len(b))


def _score(result: DocumentResult, row: dict[str, Any], link: dict[str, Any]) -> None:
    status = str(link.get("status", ""))
    result.read += 1
    if status in DECIDED:
        result.decided += 1
    elif status not in UNDECIDED:
        result.new_statuses[status] += 1
    # a definition again with a finding (shown different from the one before) reports the conflict: right on a row
    # judged false, a false alarm on one judged true, a redefinition said on one judged a definition
    judged = {"false": "", "true": "refuted"}.get(row["judgement"], status) if status == "definition" and \
        link.get("finding") else status
    if judged in WRONG[row["judgement"]]:
        why = f" — {row['why']}" if row.get("why") else ""
        result.wrong.append(f"{result.file}:{row['line']}: {status} on a row judged {row['judgement']}: "
                            f"{row['written']}{why}")
    if not same_text(str(link.get("written", "")), row["quote"]):
        result.mismatches.append(f"{result.file}:{row['line']}: report has {link.get('written', '')!r}, "
                                 f"manifest quotes {row['quote']!r}")


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with one decimal, or ``-`` for an empty whole.

    >>> percent(3, 8), percent(0, 0)
    ('37.5 %', '-')
    """
    return f"{100 * part / whole:.1f} %" if whole else "-"


def print_table(results: list[DocumentResult]) -> None:
    print(f"{'document':<50} {'rows':>5} {'read':>5} {'decided':>8} {'wrong':>6} {'seconds':>8} {'checking':>9}  note")
    for r in results:
        print(f"{r.file[:50]:<50} {r.rows:>5} {r.read:>5} {r.decided:>8} {len(r.wrong):>6} {r.seconds:>8.1f} "
              f"{r.checking:>9.1f}  {r.note}")
    rows, read, decided = (sum(getattr(r, k) for r in results) for k in ("rows", "read", "decided"))
    wrong = sum(len(r.wrong) for r in results)
    print(f"{'total':<50} {rows:>5} {read:>5} {decided:>8} {wrong:>6} {sum(r.seconds for r in results):>8.1f} "
          f"{sum(r.checking for r in results):>9.1f}")
    half = sum(r.rows > 0 and 2 * r.read >= r.rows for r in results)
    slowest = max(results, key=lambda r: r.seconds, default=None)
    print(f"\nrows read: {read}/{rows} = {percent(read, rows)} (issue 23: at least 75 %)")
    print(f"rows decided: {decided}/{rows} = {percent(decided, rows)} (issue 23: at least 40 %, definitions count)")
    print(f"documents at least half read: {half}/{len(results)} (issue 23: every one)")
    if slowest is not None:
        print(f"slowest document: {slowest.seconds:.1f} s with start-up ({slowest.checking:.1f} s checking by its "
              f"report), {slowest.file} (issue 23: none over 5 s)")
    print(f"wrong verdicts: {wrong} (issue 23: none)")


def print_details(results: list[DocumentResult]) -> None:
    wrong = [w for r in results for w in r.wrong]
    if wrong:
        print("\nwrong verdicts:")
        print("\n".join(f"  {w}" for w in wrong))
    statuses: Counter[str] = sum((r.new_statuses for r in results), Counter())
    if statuses:
        print("\nstatuses this script does not know (counted as read, not decided): "
              + ", ".join(f"{s} ×{n}" for s, n in statuses.most_common()))
    stops: Counter[str] = sum((r.stops for r in results), Counter())
    if stops:
        kinds: Counter[str] = Counter()
        for reason, count in stops.items():
            kinds[reason_kind(reason)] += count
        print("\nwhat stopped the reader (manifest rows left unread), by kind of reason:")
        print("\n".join(f"  {count:>4}  {kind}" for kind, count in kinds.most_common()))
        print("\n... and by the reason as reported (the 15 most frequent):")
        print("\n".join(f"  {count:>4}  {reason[:150]}" for reason, count in stops.most_common(15)))
    mismatches = [m for r in results for m in r.mismatches]
    if mismatches:
        print(f"\nrows matched by line whose text differs from the manifest's quote ({len(mismatches)}):")
        print("\n".join(f"  {m}" for m in mismatches))


def load_manifest(path: Path) -> list[dict[str, Any]]:
    """The documents of a manifest, each row's judgement checked against the five the script knows."""
    documents: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["documents"]
    for document in documents:
        for row in document["rows"]:
            if row["judgement"] not in JUDGEMENTS:
                raise SystemExit(f"{path}: {document['file']}:{row['line']}: judgement {row['judgement']!r} is not "
                                 f"one of {', '.join(sorted(JUDGEMENTS))}")
    return documents


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("manifest", type=Path, help="a MANIFEST.json (or SEEDS.json)")
    parser.add_argument("--dir", type=Path, help="the folder of the documents (default: the manifest's folder)")
    parser.add_argument("--notation", help="pass --notation NAME to verify (e.g. sinusoidal)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per document (default 60)")
    args = parser.parse_args(argv)
    folder = (args.dir or args.manifest.parent).resolve()
    documents = load_manifest(args.manifest)
    flag = f" --notation {args.notation}" if args.notation else ""
    print(f"{args.manifest}: {len(documents)} documents in {folder}; verify FILE --json{flag}\n")
    results = [measure(d, folder, args.notation, args.timeout) for d in documents]
    print_table(results)
    print_details(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
