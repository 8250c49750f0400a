"""Measure the lecture notes of the built-in catalogue (issue 12's closing figures, issue 20's).

    .venv/bin/python tools/notes_metrics.py [OUTDIR]
    .venv/bin/python tools/notes_metrics.py --displays [NOTES.tex]
    .venv/bin/python tools/notes_metrics.py --voice NOTES.tex

Decides the catalogue, writes OUTDIR/notes.tex (default: a temporary folder), compiles it the
way ``posenc-sym latex --pdf`` does, and prints: pages, compile time, passes, overfull boxes
(count and largest), displays whose two sides print identically, scaled formulas, placeholders,
and whether the fragments compile in a lecturer's article (geometry + hyperref) and in beamer.

It also prints the size of the displays (:func:`display_metrics`, issue 20): how many displays have
more than 16 terms, how many matrix-entry symbols and monomials they hold (W_{k,0,0}…), and how many
claim ids the main text shows. ``--displays`` prints only those, for a notes.tex already written (or
the catalogue's, rendered without compiling).

Then the voice counters (:func:`voice_metrics`: ids, hashed names, machine phrases, bare-number
refutations, matrix entries in assumptions, spaced parentheses, figure references, colour map,
quote runs). ``--voice NOTES.tex`` prints only those, for a notes.tex already written.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from posenc_sym.app.notes import decide_notes
from posenc_sym.notation.escape import has_cjk
from posenc_sym.render.document import latex_document, latex_fragments, tex_engine
from posenc_sym.render.latex import Options, undecidable
from posenc_sym.render.layout import BEAMER_WIDTH
from posenc_sym.render.mathtex import claim_sides_latex
from posenc_sym.render.tex import _RERUN, compile_latex, overfull_boxes

LECTURER = ("\\documentclass[12pt]{article}\n\\usepackage[margin=3cm,a5paper]{geometry}\n"
            "\\usepackage[colorlinks]{hyperref}\n\\input{preamble.tex}\n\\begin{document}\nBODY\n\\end{document}\n")
BEAMER = "\\documentclass{beamer}\n\\input{preamble.tex}\n\\begin{document}\nBODY\n\\end{document}\n"


def identical_sides(notes: object) -> list[str]:
    """Claims whose two sides print the same (``r = r``), not counting the undecidable stand-ins."""
    same = []
    for section in notes.sections:  # type: ignore[attr-defined]
        for claim in section.derivation.claims:
            left, right = claim_sides_latex(claim)  # as displayed (written form when there is one)
            if not undecidable(claim) and left == right:
                same.append(claim.id)
    return same


def fragments_compile(notes: object) -> dict[str, str]:
    """Compile every non-CJK fragment in a lecturer's article, and 40 claims in beamer frames."""
    out = {}
    files = latex_fragments(notes)  # type: ignore[arg-type]
    names = [n for n in files if n != "preamble.tex" and not has_cjk(files[n])]
    body = "\n".join(f"\\input{{{n}}}" for n in names)
    result = compile_latex(LECTURER.replace("BODY", body), files, jobname="lecture")
    out["article+geometry+hyperref"] = "ok" if result.ok else f"FAILED: {result.problems[:1]}"
    out["article fragments"] = str(len(names))
    # Every non-CJK claim in a frame of its own, broken to a frame's line (--line beamer).
    beamer_files = latex_fragments(notes, Options(level=-1, width=BEAMER_WIDTH))  # type: ignore[arg-type]
    claims = [n for n in names if n.startswith("claims/")]
    frames = "\n".join(f"\\begin{{frame}}[allowframebreaks]\\input{{{n}}}\\end{{frame}}" for n in claims)
    result = compile_latex(BEAMER.replace("BODY", frames), beamer_files, jobname="slides")
    wide = [w for w in overfull_boxes(result.log) if w > 10]
    out[f"beamer ({len(claims)} claims)"] = ("ok" if result.ok else f"FAILED: {result.problems[:1]}") + (
        f"; lines over 10pt too wide: {len(wide)}, largest {max(wide, default=0):.1f}pt")
    return out


# --- issue 20: the size of the displays ---------------------------------------------------------

#: A display with more terms than this (its sides and steps together; each nonzero cell of a matrix
#: is a term) is too long to read, unless the claim is about the expansion.
MAX_TERMS = 16
_DISPLAY = re.compile(r"\\begin\{(equation\*|align\*)\}(.*?)\\end\{\1\}", re.S)
_JUSTIFICATION = re.compile(r"&&\\text\{.*?$", re.M)
_TEXT = re.compile(r"\\text(?:bf)?\{(?:[^{}]|\{[^{}]*\})*\}")
_RELATION = re.compile(r"\\(?:le|ge|lt|gt|ne)(?![A-Za-z])|[=<>]")
#: A matrix entry: a name with two numeric indices (W_{q,0,1}, a_{2,3}, x_{0,0}).
ENTRY = re.compile(r"[A-Za-z]+_\{(?:[A-Za-z]+,)*\d+,\d+\}")
_MATRIX = re.compile(r"\\begin\{bmatrix\}(.*?)\\end\{bmatrix\}", re.S)


def _top_level(text: str, separators: re.Pattern[str]) -> list[str]:
    """``text`` split at the separators that stand outside every brace and \\left … \\right pair."""
    pieces, depth, start, n = [], 0, 0, 0
    while n < len(text):
        if text.startswith("\\left", n) and not text[n + 5:n + 6].isalpha():
            depth, n = depth + 1, n + 5
            continue
        if text.startswith("\\right", n) and not text[n + 6:n + 7].isalpha():
            depth, n = depth - 1, n + 6
            continue
        if text.startswith("\\begin", n):
            depth += 1
        elif text.startswith("\\end", n):
            depth -= 1
        char = text[n]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth == 0:
            found = separators.match(text, n)
            if found and found.end() > n:
                pieces.append(text[start:n])
                start = n = found.end()
                continue
        n += 1
    pieces.append(text[start:])
    return pieces


_SIGN = re.compile(r"[+-]")


def summands(expression: str) -> list[str]:
    """The top-level terms of one side, each matrix's nonzero cells counted as terms of their own.

    >>> len(summands(r"a + b \\left(c + d\\right) - e"))
    3
    >>> len(summands(r"\\begin{bmatrix}x + y & 0\\\\0 & z\\end{bmatrix}"))
    3
    """
    cells: list[str] = []
    for matrix in _MATRIX.finditer(expression):
        cells += [c for row in matrix.group(1).split("\\\\") for c in row.split("&")
                  if c.strip() not in ("", "0", "\\ddots", "\\vdots", "\\cdots")]
    outer = _MATRIX.sub("M", expression)
    terms = [t for t in _top_level(outer, _SIGN) if t.replace("M", "").strip()]  # a product of matrices: its cells
    for cell in cells:
        terms += [t for t in _top_level(cell, _SIGN) if t.strip()]
    return terms


def _without(command: str, text: str) -> str:
    """``text`` without every ``command{…}`` (braces balanced): a justification set above a row."""
    out, n = [], 0
    while (found := text.find(command + "{", n)) >= 0:
        out.append(text[n:found])
        depth, n = 0, found + len(command)
        while n < len(text):
            depth += {"{": 1, "}": -1}.get(text[n], 0)
            n += 1
            if depth == 0:
                break
    return "".join(out) + text[n:]


def display_rows(display: str) -> list[list[str]]:
    """The sides on each row of one display, justifications and alignment removed."""
    body = _JUSTIFICATION.sub("", _without("\\intertext", display))
    body = _TEXT.sub("", body).replace("\\qquad", " ").replace("\\quad", " ")
    body = " ".join(_top_level(body, re.compile("&")))  # alignment marks; a matrix keeps its cells
    rows = _top_level(body, re.compile(r"\\\\"))  # the display's rows (a matrix's rows stay inside it)
    return [[side for side in _top_level(row, _RELATION) if side.strip()] for row in rows]


def display_sides(display: str) -> list[str]:
    """Each side and step of one display, justifications and alignment removed."""
    return [side for row in display_rows(display) for side in row]


def display_metrics(document: str, claim_ids: list[str]) -> dict[str, object]:
    """Displays over MAX_TERMS terms (all its sides and steps together), matrix-entry symbols and
    monomials (a term with an entry symbol and another factor), claim ids in the main text."""
    main_text = document.split("\\appendix", 1)[0]
    long_displays, entries, monomials, displays, long_rows = [], 0, 0, 0, 0
    for where, text in (("main", main_text), ("appendix", document[len(main_text):])):
        for found in _DISPLAY.finditer(text):
            displays += 1
            sides = display_sides(found.group(2))
            terms = sum(len(summands(side)) for side in sides)  # the whole display: every side and step
            # A derivation set as one aligned display counts above as one; what a reader must take in
            # at once is a row, so rows over the limit are counted too.
            widest = max((sum(len(summands(side)) for side in row) for row in display_rows(found.group(2))),
                         default=0)
            if widest > MAX_TERMS:
                long_rows += 1
            if terms > MAX_TERMS:
                label = document.rfind("\\label{claim:", 0, found.start() + (0 if where == "main" else len(main_text)))
                name = document[label + 13:document.find("}", label)] if label >= 0 else "?"
                long_displays.append((where, name, terms))
            entries += len(ENTRY.findall(found.group(2)))
            monomials += sum(1 for side in sides for term in summands(side) if ENTRY.search(term)
                             and len([f for f in _top_level(term.strip(), re.compile(r"\s+")) if f.strip()]) > 1)
    # Labels and references are not seen on the page: only the ids a reader sees are counted.
    seen = re.sub(r"\\(?:label|ref)\{[^{}]*\}|\\hyperref\[[^\]]*\]", "", main_text)
    flat = seen.replace("\\allowbreak{}", "").replace("\\_", "_")
    ids_in_main = sum(len(re.findall(rf"(?<![\w.-]){re.escape(i)}(?![\w.-])", flat)) for i in claim_ids)
    return {"displays": displays, "over_terms": long_displays, "rows_over_terms": long_rows,
            "entry_symbols": entries,
            "entry_monomials": monomials, "claim_ids_in_main_text": ids_in_main}


def print_display_metrics(document: str, claim_ids: list[str]) -> None:
    found = display_metrics(document, claim_ids)
    over = found["over_terms"]
    assert isinstance(over, list)
    print(f"displays: {found['displays']}; over {MAX_TERMS} terms: {len(over)} "
          f"{[f'{n} ({t})' for _, n, t in over]}")
    print(f"displays with a row over {MAX_TERMS} terms: {found['rows_over_terms']}")
    print(f"matrix-entry symbols in displays: {found['entry_symbols']}; entry monomials: {found['entry_monomials']}")
    print(f"claim ids in the main text: {found['claim_ids_in_main_text']}")


def main(outdir: Path) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    notes = decide_notes().notes
    document = latex_document(notes)
    (outdir / "notes.tex").write_text(document, encoding="utf-8")
    engine = tex_engine(notes)
    start = time.perf_counter()
    result = compile_latex(document, engine=engine)
    seconds = time.perf_counter() - start
    if result.pdf is not None:
        (outdir / "notes.pdf").write_bytes(result.pdf)
    (outdir / "notes.log").write_text(result.log, encoding="utf-8")
    info = subprocess.run(["pdfinfo", str(outdir / "notes.pdf")], capture_output=True, text=True, check=False)
    pages = re.search(r"Pages:\s+(\d+)", info.stdout)
    widths = overfull_boxes(result.log)
    print(f"engine: {engine}; compiled: {'ok' if result.ok else result.problems[:1]}")
    print(f"pages: {pages.group(1) if pages else '?'}; compile time: {seconds:.1f} s (all passes)")
    print(f"overfull boxes: {len(widths)}; over 10pt: {sum(w > 10 for w in widths)}; "
          f"largest: {max(widths, default=0):.1f}pt")
    print(f"'Rerun' left in the log: {bool(_RERUN.search(result.log))}; hyperref warnings: "
          f"{result.log.count('Package hyperref Warning')}")
    same = identical_sides(notes)
    print(f"displays with identical sides: {len(same)} {same[:5]}")
    print(f"formulas scaled: {len(re.findall(r'resizebox|scalebox|posencfit', document))}")
    print(f"placeholders: {document.count('[non-Latin text]') + document.count('(quote in the source document)')}")
    print(f"textasciicircum: {document.count('textasciicircum')}")
    for name, verdict in fragments_compile(notes).items():
        print(f"fragments, {name}: {verdict}")
    print_display_metrics(document, _claim_ids(notes))
    print_voice_metrics(document, _claim_ids(notes))


def _claim_ids(notes: object) -> list[str]:
    return [c.id for section in notes.sections for c in section.derivation.claims]  # type: ignore[attr-defined]


def displays_only(path: Path | None) -> None:
    """The display counts of a notes.tex already written, or of the catalogue rendered without compiling."""
    notes = decide_notes().notes
    document = path.read_text(encoding="utf-8") if path is not None else latex_document(notes)
    print_display_metrics(document, _claim_ids(notes))


# --- issue 20, items 4-7: the teacher's voice and the typography (helper K's counters) --------------

_CHECKED = r"\section{How each statement was checked}"
_BARE = re.compile(r"\\begin\{equation\*\}\n-?[\d.]+ (?:=|\\le|<|>|\\ge) -?[\d.]+\n\\end\{equation\*\}")


def voice_metrics(document: str, claim_ids: list[str]) -> dict[str, int]:
    """Counters of the main text (up to the appendix "How each statement was checked", when there is
    one): claim ids, hashed file names, repeated machine phrases, refuted claims shown as a bare-number
    equation, assumption lines naming matrix entries, \\left( that sets "sin (x)", figures labelled
    and referenced, a rainbow colour map, runs of quotes."""
    main = document[:document.index(_CHECKED)] if _CHECKED in document else document
    plain = re.sub(r"\\(?:label|ref)\{[^{}]*\}|\\hyperref\[[^\]]*\]", "", main)
    plain = plain.replace("\\allowbreak{}", "").replace("\\_", "_")  # ids and names as typed
    assumptions = re.findall(r"\\textbf\{Assumptions\.\}(.*)", main)
    entry = re.compile(r"_\{[^{}]*\d+,\d+\}")
    claims = re.split(r"\n(?=\\(?:sub)*section|\\noindent\\textbf\{[^\n]*\\label\{claim:)", main)
    refuted = [c for c in claims if "\\posencrefuted{}" in c]  # the badge: in the heading, or (before) the verdict
    quotes = ("`" * 4, "'" * 4)
    return {
        "claim ids in the main text": sum(plain.count(cid) for cid in claim_ids),
        "hashed file names in the main text": len(re.findall(r"\d{3}_[0-9a-f]{16}", plain)),
        "'for every value the assumptions allow'": plain.count("for every value the assumptions allow"),
        "'JSON' in the main text": plain.count("JSON"),
        "refuted claims shown as a bare-number equation (8 = 1)": sum(1 for c in refuted if _BARE.search(c)),
        "assumption lines naming matrix entries": sum(1 for a in assumptions if entry.search(a)),
        "matrix entries named in assumptions": sum(len(entry.findall(a)) for a in assumptions),
        "\\left( without \\mathopen{} (sin (x))": len(re.findall(r"(?<!\\mathopen\{\})\\left\(", document)),
        "figures labelled": len(re.findall(r"\\label\{fig:", document)),
        "figures referenced": len(re.findall(r"\\ref\{fig:", document)),
        "rainbow colour maps": document.count("colormap/bluered") + document.count("colormap/jet"),
        "runs of four quotes": sum(document.count(q) for q in quotes),
    }


def print_voice_metrics(document: str, claim_ids: list[str]) -> None:
    for name, count in voice_metrics(document, claim_ids).items():
        print(f"voice: {name}: {count}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--displays"]:
        displays_only(Path(sys.argv[2]) if len(sys.argv) > 2 else None)
    elif sys.argv[1:2] == ["--voice"]:  # the voice counters of a notes.tex already written (before/after)
        from posenc_sym.catalog import load_catalog

        ids = [claim.id for claim, _ in load_catalog([]).claims]
        print_voice_metrics(Path(sys.argv[2]).read_text(encoding="utf-8"), ids)
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="notes-metrics-")))
