"""Where a command writes: one rule for every output path, checked before any work is done.

A file's name says its format: ``latex -o`` writes LaTeX (``.tex``), ``markdown -o`` Markdown
(``.md``, ``.markdown``), ``verify --annotate`` the document's own language. A name of another
format is refused, and so is a folder where a file is meant (or a file where a folder is).

>>> require_file(Path("notes.md"), "latex", option="-o", writes="latex writes {language}")
Traceback (most recent call last):
...
posenc_sym.errors.PosencSymError: -o notes.md: latex writes LaTeX; give it a .tex name, e.g. notes.tex
"""

from __future__ import annotations

from pathlib import Path

from ..errors import PosencSymError

__all__ = ["LANGUAGES", "require_file", "require_folder"]

#: Each language written, its name in messages and the suffixes its files take (the first is the usual one).
LANGUAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "latex": ("LaTeX", (".tex",)),
    "markdown": ("Markdown", (".md", ".markdown", ".txt")),
    "notebook": ("a Jupyter notebook", (".ipynb",)),
    "quarto": ("Quarto", (".qmd", ".rmd")),
}


def require_file(path: Path, language: str, *, option: str, writes: str, example: Path | None = None) -> Path:
    """``path`` if it names a file of ``language``; else an error naming ``option`` and the fix.

    ``writes`` says who writes what, with ``{language}`` for the language's name ("latex writes
    {language}"); ``example`` is the name to suggest (default: ``path`` with the usual suffix).
    """
    name, suffixes = LANGUAGES[language]
    if path.suffix.lower() not in suffixes:
        suggestion = example if example is not None else path.with_suffix(suffixes[0])
        raise PosencSymError(f"{option} {path}: {writes.format(language=name)}; give it a {suffixes[0]} name, "
                             f"e.g. {suggestion.name}")
    if path.is_dir():
        raise PosencSymError(f"{option} {path} is a folder; give a file name, e.g. {path / ('notes' + suffixes[0])}")
    return path


def require_folder(path: Path, *, option: str) -> Path:
    """``path`` if it is a folder or does not exist yet (it is created); a file there is an error.

    >>> require_folder(Path(__file__), option="--fragments")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: --fragments ...outputs.py is a file; give a folder (it is created if missing)
    """
    if path.exists() and not path.is_dir():
        raise PosencSymError(f"{option} {path} is a file; give a folder (it is created if missing)")
    return path
