"""Running pdfLaTeX (or XeLaTeX, for Chinese) on generated notes, safely, and reading its log.

The engine runs with ``-no-shell-escape`` (generated notes never need to run programs),
``-halt-on-error`` and ``-interaction=nonstopmode`` in a scratch folder, again and again until
the table of contents and cross-references are stable (no "Rerun" in the log). The log is
parsed: a line starting with ``!`` is an error; ``Reference ... undefined`` and ``There were
undefined references`` are undefined references.

>>> problems_in_log("! Undefined control sequence.\\nLaTeX Warning: Reference `fig:x' on page 2 undefined.")
('! Undefined control sequence.', "LaTeX Warning: Reference `fig:x' on page 2 undefined.")
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import PosencSymError

__all__ = ["PDFLATEX_COMMAND", "CompileResult", "compile_latex", "find_engine", "find_pdflatex",
           "first_error", "overfull_boxes", "overfull_vboxes", "problems_in_log"]

#: The flags every run uses; shell escape is off whatever the local texmf.cnf says.
PDFLATEX_COMMAND = ("-no-shell-escape", "-halt-on-error", "-interaction=nonstopmode", "-file-line-error")

#: The Debian packages that hold everything the notes use (measured: see docs/writing-derivations.md).
TEXLIVE_PACKAGES = "texlive-latex-base texlive-latex-recommended texlive-pictures"
#: Added for notes that quote Chinese (compiled with XeLaTeX, xeCJK and a Noto CJK font).
XELATEX_PACKAGES = " texlive-xetex texlive-lang-chinese fonts-noto-cjk"
#: For fragments that quote Chinese under pdfLaTeX (CJKutf8 and the Arphic gbsn font).
CJKUTF8_PACKAGES = " latex-cjk-chinese latex-cjk-chinese-arphic-gbsn00lp"


@dataclass(frozen=True)
class CompileResult:
    """What one compilation produced: the PDF bytes (None on failure), the log, and its problems."""

    pdf: bytes | None
    log: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.pdf is not None and not self.problems


def find_pdflatex() -> str | None:
    """The path of pdflatex, or None when no TeX is installed."""
    return shutil.which("pdflatex")


_ERROR = re.compile(r"^(! |\S+\.tex:\d+: )")  # "! Undefined ...", not a box dump starting "!"
_UNDEFINED = re.compile(r"(Reference|Citation) .* undefined|There were undefined references")


_OVERFULL = re.compile(r"^Overfull \\hbox \((\d+(?:\.\d+)?)pt too wide\)", re.M)


def overfull_boxes(log: str) -> list[float]:
    """The widths (pt) by which each overfull horizontal box of a log is too wide.

    >>> overfull_boxes("Overfull \\\\hbox (12.5pt too wide) in paragraph at lines 3--4")
    [12.5]
    """
    return [float(w) for w in _OVERFULL.findall(log)]


_OVERFULL_V = re.compile(r"^Overfull \\vbox \((\d+(?:\.\d+)?)pt too high\)", re.M)


def overfull_vboxes(log: str) -> list[float]:
    """The heights (pt) by which each overfull vertical box of a log (a beamer frame) is too high.

    >>> overfull_vboxes("Overfull \\\\vbox (138.9pt too high) detected at line 34")
    [138.9]
    """
    return [float(h) for h in _OVERFULL_V.findall(log)]


def errors_in_log(log: str) -> tuple[str, ...]:
    """The error lines of a log (``! ...``, or ``file.tex:12: ...`` with -file-line-error)."""
    return tuple(line.strip() for line in log.splitlines() if _ERROR.match(line))


def problems_in_log(log: str) -> tuple[str, ...]:
    """Errors and undefined references in a log, in the order they appear."""
    return tuple(
        line.strip() for line in log.splitlines() if _ERROR.match(line) or _UNDEFINED.search(line)
    )


_RERUN = re.compile(r"Rerun to get|Label\(s\) may have changed|Rerun LaTeX|undefined references")


def _needs_rerun(sources: list[str], log: str, run: int) -> bool:
    """Another pass is needed while the log asks for one (labels, contents, outlines changed).

    The first pass of a document with contents or references always writes the .aux/.toc the
    next pass reads, so a second pass is forced then; later passes only when the log says so.
    """
    if run == 1:
        refers = any("\\ref{" in s or "\\tableofcontents" in s for s in sources)
        return refers or bool(_RERUN.search(log))
    return bool(_RERUN.search(log))


def first_error(log: str) -> str:
    """The first error of a log as "file line N: message" (``-file-line-error`` form), or ""."""
    for line in log.splitlines():
        match = re.match(r"^(?:\./)?(\S+\.tex):(\d+): (.*)$", line)
        if match:
            return f"{match.group(1)} line {match.group(2)}: {match.group(3).strip()}"
        if line.startswith("! "):
            return line[2:].strip()
    return ""


def find_engine(engine: str = "pdflatex") -> str | None:
    """The path of ``engine`` (pdflatex or xelatex), or None when it is not installed."""
    return find_pdflatex() if engine == "pdflatex" else shutil.which(engine)


def compile_latex(main: str, extra_files: dict[str, str] | None = None, *, runs: int = 5,
                  jobname: str = "notes", engine: str = "pdflatex") -> CompileResult:
    """Compile ``main`` (a whole document) with ``extra_files`` beside it; nothing is left behind.

    Runs ``engine`` (pdflatex, or xelatex for Chinese) until the references are stable (no
    "Rerun" in the log), at most ``runs`` times; an error stops at once.
    """
    exe = find_engine(engine)
    if exe is None:
        raise PosencSymError(
            f"{engine} is not installed; install TeX (on Debian: apt-get install "
            f"{TEXLIVE_PACKAGES}{XELATEX_PACKAGES if engine == 'xelatex' else ''}) or leave out --pdf"
        )
    with tempfile.TemporaryDirectory(prefix="posenc-sym-tex-") as scratch:
        folder = Path(scratch)
        (folder / f"{jobname}.tex").write_text(main, encoding="utf-8")
        for name, text in (extra_files or {}).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
        log = ""
        sources = [main, *(text for name, text in (extra_files or {}).items() if name in main)]
        for run in range(runs):
            if run and not _needs_rerun(sources, log, run):
                break
            subprocess.run(
                [exe, *PDFLATEX_COMMAND, f"{jobname}.tex"], cwd=folder, stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=900,
            )
            log_path = folder / f"{jobname}.log"
            log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() \
                else "! no log written"
            if errors_in_log(log):
                break  # an error will not go away on another run
        pdf_path = folder / f"{jobname}.pdf"
        pdf = pdf_path.read_bytes() if pdf_path.exists() and not errors_in_log(log) else None
    problems = problems_in_log(log)
    if pdf is None and not problems:
        problems = (f"{engine} wrote no PDF",)
    return CompileResult(pdf, log, problems)
