"""Running pdfLaTeX on generated notes, safely, and reading its log for errors.

pdflatex runs with ``-no-shell-escape`` (generated notes never need to run programs),
``-halt-on-error`` and ``-interaction=nonstopmode`` in a scratch folder, twice so that the
table of contents and cross-references settle. The log is parsed: a line starting with ``!`` is
an error; ``Reference ... undefined`` and ``There were undefined references`` are undefined
references.

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

__all__ = ["PDFLATEX_COMMAND", "CompileResult", "compile_latex", "find_pdflatex", "problems_in_log"]

#: The flags every run uses; shell escape is off whatever the local texmf.cnf says.
PDFLATEX_COMMAND = ("-no-shell-escape", "-halt-on-error", "-interaction=nonstopmode", "-file-line-error")

#: The Debian packages that hold everything the notes use (measured: see docs/writing-derivations.md).
TEXLIVE_PACKAGES = "texlive-latex-base texlive-latex-recommended texlive-pictures"


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


def errors_in_log(log: str) -> tuple[str, ...]:
    """The error lines of a log (``! ...``, or ``file.tex:12: ...`` with -file-line-error)."""
    return tuple(line.strip() for line in log.splitlines() if _ERROR.match(line))


def problems_in_log(log: str) -> tuple[str, ...]:
    """Errors and undefined references in a log, in the order they appear."""
    return tuple(
        line.strip() for line in log.splitlines() if _ERROR.match(line) or _UNDEFINED.search(line)
    )


def _needs_rerun(sources: list[str], log: str) -> bool:
    """A second pass settles references and the table of contents; skip it when there are none.

    (LaTeX asks to "Rerun" after any first pass that writes labels, even with no \\ref to them.)
    """
    refers = any("\\ref{" in s or "\\tableofcontents" in s for s in sources)
    return refers or bool(_UNDEFINED.search(log))


def compile_latex(main: str, extra_files: dict[str, str] | None = None, *, runs: int = 2,
                  jobname: str = "notes") -> CompileResult:
    """Compile ``main`` (a whole document) with ``extra_files`` beside it; nothing is left behind.

    Runs pdflatex up to ``runs`` times: again only while references or contents need it.
    """
    exe = find_pdflatex()
    if exe is None:
        raise PosencSymError(
            "pdflatex is not installed; install TeX (on Debian: apt-get install "
            f"{TEXLIVE_PACKAGES}) or leave out --pdf"
        )
    with tempfile.TemporaryDirectory(prefix="posenc-sym-tex-") as scratch:
        folder = Path(scratch)
        (folder / f"{jobname}.tex").write_text(main, encoding="utf-8")
        for name, text in (extra_files or {}).items():
            (folder / name).write_text(text, encoding="utf-8")
        log = ""
        sources = [main, *(text for name, text in (extra_files or {}).items() if name in main)]
        for run in range(runs):
            if run and not _needs_rerun(sources, log):
                break
            subprocess.run(
                [exe, *PDFLATEX_COMMAND, f"{jobname}.tex"], cwd=folder, stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=600,
            )
            log_path = folder / f"{jobname}.log"
            log = log_path.read_text(encoding="latin-1") if log_path.exists() else "! no log written"
            if errors_in_log(log):
                break  # an error will not go away on a second run
        pdf_path = folder / f"{jobname}.pdf"
        pdf = pdf_path.read_bytes() if pdf_path.exists() else None
    problems = problems_in_log(log)
    if pdf is None and not problems:
        problems = ("pdflatex wrote no PDF",)
    return CompileResult(pdf, log, problems)
