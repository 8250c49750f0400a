"""Find the code snippets in the seed documents (at test time; nothing is copied into the repo).

Three shapes of code occur in the seeds: Markdown fences (```python … ``` and bare ```), fences
whose text a web page collapsed onto one line, and unfenced code pasted between paragraphs
(a run of lines that starts with ``class``/``def``/``import``/``from``/``plt.`` or a notebook
prompt ``In [ ]:``, and ends at a line led by prose, i.e. a non-ASCII character, unless it is
indented under indented code, as a docstring's text is).
Notebook prompts are stripped; nothing else is changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .conftest import SEEDS_DIR

SEEDS = SEEDS_DIR  # the one seed-folder setting (POSENC_SYM_SEEDS_DIR, default ../shared/seeds)

_FENCE = re.compile(r"^```[\w-]*\s*$")
_INLINE_FENCE = re.compile(r"```python (.*?)```")
_PROMPT = re.compile(r"^In \[[^\]]*\]:\s?")
_START = re.compile(r"^(class \w|def \w|import \w|from [\w.]+ import|plt\.\w|In \[[^\]]*\]:)")


@dataclass(frozen=True)
class Snippet:
    document: str
    index: int
    line: int  # 1-based line where it starts
    kind: str  # "fenced", "one-line fence", "unfenced"
    source: str


def _is_code_line(line: str, previous: str) -> bool:
    """Blank, a comment, ASCII-led, or an indented line (a docstring's text) under an indented or
    block-opening line; an unindented line led by prose (non-ASCII) ends the code."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#") or stripped[0].isascii():
        return True
    return line[0].isspace() and (previous[:1].isspace() or previous.rstrip().endswith(":"))


def extract(path: Path) -> list[Snippet]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str, list[str]]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            found.append((i + 2, "fenced", lines[i + 1 : j]))
            i = j + 1
            continue
        for match in _INLINE_FENCE.finditer(line):
            found.append((i + 1, "one-line fence", [match.group(1)]))
        if _START.match(line):
            j, previous = i, ""
            while j < len(lines) and _is_code_line(lines[j], previous):
                previous = lines[j] if lines[j].strip() else previous
                j += 1
            found.append((i + 1, "unfenced", lines[i:j]))
            i = j
            continue
        i += 1
    snippets = []
    for n, (line_no, kind, body) in enumerate(found):
        text = "\n".join(_PROMPT.sub("", b) for b in body).strip("\n") + "\n"
        if text.strip():
            snippets.append(Snippet(path.name, n, line_no, kind, text))
    return snippets
