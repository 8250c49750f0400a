"""Measure the lecture notes of the built-in catalogue (issue 12's closing figures).

    /work/venv/bin/python tools/notes_metrics.py [OUTDIR]

Decides the catalogue, writes OUTDIR/notes.tex (default: a temporary folder), compiles it the
way ``posenc-sym latex --pdf`` does, and prints: pages, compile time, passes, overfull boxes
(count and largest), displays whose two sides print identically, scaled formulas, placeholders,
and whether the fragments compile in a lecturer's article (geometry + hyperref) and in beamer.
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


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="notes-metrics-")))
