"""Every command the docs show with its output runs, and prints what the page shows.

An example is a ```` ```text ```` block whose lines starting with ``$ posenc-sym`` are commands; the
lines after a command, up to the next one, are its output as the page shows it:

- ``...`` alone stands for any lines left out, and a line ending in ``...`` for a line that starts so;
- a line indented deeper than the line above it continues that line (the page wraps a long line);
- seconds (``0.65s``, ``4.45 s in all``) are not compared;
- ``# exit N`` after a command is its exit status (0 when not given).

The files an example reads are the page's blocks marked ``<!-- example: NAME -->``, or, for the
README's ``check`` examples, made here by the code the page names (Hugging Face Llama's rotary
cache in torch float32; a table with the doubled exponent). A test also holds the pages to this:
every ``$ posenc-sym`` line of the docs is in an example that runs.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy
import pytest

from posenc_sym.cli import main

from .conftest import require_module

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]


@dataclass(frozen=True)
class Example:
    page: str
    command: str
    status: int
    shown: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.page}: $ {self.command}"


def _examples(page: str) -> list[Example]:
    text = (ROOT / page).read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"^```text\n(.*?)^```$", text, re.S | re.M):
        command, shown = None, []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command is not None:
                    while shown and not shown[-1].strip():
                        shown.pop()
                    exit_status = re.search(r"\bexit (\d+)", command.partition("#")[2])
                    found.append(Example(page, command, int(exit_status.group(1)) if exit_status else 0,
                                         tuple(shown)))
                command, shown = line[2:], []
            elif command is not None:
                shown.append(line)
    return [e for e in found if e.command.startswith("posenc-sym ")]


EXAMPLES = [example for page in PAGES for example in _examples(page)]


def _files(page: str) -> dict[str, str]:
    """The blocks of ``page`` marked ``<!-- example: NAME -->``: the files its examples read."""
    text = (ROOT / page).read_text(encoding="utf-8")
    pattern = re.compile(r"<!-- example: (\S+) -->\n(`{3,})\w*\n(.*?)^\2$", re.S | re.M)
    return {name: body for name, _fence, body in pattern.findall(text)}


def _readme_files(folder: Path) -> None:
    """The README's check examples: Hugging Face Llama's rotary cache computed as its code does, in
    torch float32 (inv_freq = 1/base^(2i/d), the angles t·inv_freq, cos and sin of cat(freqs, freqs)),
    and a sinusoidal table with the doubled exponent, 10000^(2j/d) with j the pair's first column."""
    torch = require_module("torch", "torch is not installed (pip install torch==2.13.0)")
    dim, base, n = 128, 10000.0, 4096
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    freqs = torch.outer(torch.arange(n, dtype=torch.int64).float(), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    numpy.savez(folder / "llama_cache.npz", cos=emb.cos().numpy(), sin=emb.sin().numpy())
    d, rows = 64, 512
    j = numpy.arange(0, d, 2, dtype=numpy.float32)
    angle = numpy.arange(rows, dtype=numpy.float32)[:, None] / numpy.float32(10000) ** (numpy.float32(2) * j / d)
    table = numpy.empty((rows, d), dtype=numpy.float32)
    table[:, 0::2], table[:, 1::2] = numpy.sin(angle), numpy.cos(angle)
    numpy.save(folder / "table.npy", table)


SETUP: dict[str, Callable[[Path], None]] = {"README.md": _readme_files}

_SECONDS = re.compile(r"\b\d+\.\d+ ?s\b")


def _normal(line: str) -> str:
    return _SECONDS.sub("T s", line).rstrip()


def _consumed(shown: tuple[str, ...], first: int, got: str) -> int:
    """How many shown lines from ``first`` on the printed line ``got`` accounts for (0: none):
    one, or several when the page wrapped ``got`` (each continuation indented, joined by a space)."""
    got = _normal(got)
    joined = ""
    for count, line in enumerate(shown[first:], start=1):
        if line.strip() in ("", "..."):
            return 0
        piece = _normal(line)
        joined = piece if count == 1 else f"{joined} {piece.strip()}"
        if joined.endswith("...") and got.startswith(joined[:-3]):
            return count
        if got == joined:
            return count
        if not got.startswith(joined):
            return 0
    return 0


def _matches(shown: tuple[str, ...], printed: list[str]) -> str | None:
    """None when ``printed`` has the ``shown`` lines in order (``...`` skipping any lines); else
    the first line shown that was not printed."""
    index = at = 0
    skipping = False
    while index < len(shown):
        line = shown[index]
        if line.strip() == "...":
            skipping, index = True, index + 1
            continue
        while at < len(printed) and not _consumed(shown, index, printed[at]):
            if not skipping:
                return line
            at += 1
        if at == len(printed):
            return line
        index += _consumed(shown, index, printed[at])
        at += 1
        skipping = False
    return None


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_the_example_prints_what_the_page_shows(example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for name, body in _files(example.page).items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    (tmp_path / "derivations").symlink_to(ROOT / "derivations")
    SETUP.get(example.page, lambda folder: None)(tmp_path)
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(example.command, comments=True)[1:]
    status = main(argv)
    printed = capsys.readouterr().out.splitlines()
    assert status == example.status, f"{example}: exit {status}"
    missing = _matches(example.shown, printed)
    assert missing is None, f"{example}: the page shows {missing!r}, which the command does not print:\n" + \
        "\n".join(printed)


def test_every_command_the_docs_show_is_run() -> None:
    shown = [(page, line) for page in PAGES for line in (ROOT / page).read_text(encoding="utf-8").splitlines()
             if line.startswith("$ posenc-sym")]
    run = {(e.page, f"$ {e.command}") for e in EXAMPLES}
    assert shown and all(item in run for item in shown), sorted(set(shown) - run)


@pytest.mark.parametrize(("shown", "printed", "missing"), [
    (("a", "...", "c"), ["a", "b", "c"], None),
    (("a", "c"), ["a", "b", "c"], "c"),  # a line left out must be marked
    (("a", "b..."), ["a", "b and more"], None),
    (("a", "  note: one", "        two"), ["a", "  note: one two"], None),  # wrapped on the page
    (("a", "  c"), ["a b"], "a"),  # an indented line continues the one above only if it completes it
    (("done 1.50 s in all",), ["done 0.20 s in all"], None),
    (("x",), ["y"], "x"),
])
def test_the_comparison_can_fail(shown: tuple[str, ...], printed: list[str], missing: str | None) -> None:
    assert _matches(shown, printed) == missing


def test_no_merge_conflict_is_left_in_the_tree() -> None:
    """A conflict marker once reached docs/writing-derivations.md: every text file of the tree is held to none."""
    root = Path(__file__).resolve().parent.parent
    marker = re.compile(r"^(?:<{7}|>{7}) |^={7}$", re.MULTILINE)
    skipped = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}
    found = [str(path.relative_to(root)) for path in sorted(root.rglob("*"))
             if path.suffix in (".py", ".md", ".tex", ".toml", ".json", ".txt", ".yml", ".yaml", ".cfg")
             and not skipped.intersection(path.relative_to(root).parts) and path.is_file()
             and marker.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert found == []
