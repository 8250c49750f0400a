"""A one-line progress indicator on stderr, shown only on a terminal and only after a second.

Checks that finish within a second print nothing; output that is not a terminal (a pipe, a CI
log, a test's captured stream) never sees it, so JSON on stdout stays clean.

>>> p = Progress(10, "checking", stream=None)
>>> p.advance(10); p.close()
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Counts work units; redraws ``label: 42%`` at most ten times a second once 1 s has passed."""

    def __init__(self, total: int, label: str, stream: TextIO | None = sys.stderr) -> None:
        self.total = max(total, 1)
        self.label = label
        self.done = 0
        self._stream = stream if stream is not None and _is_tty(stream) else None
        self._start = time.monotonic()
        self._last = 0.0
        self._shown = False

    def advance(self, units: int) -> None:
        self.done += units
        if self._stream is None:
            return
        now = time.monotonic()
        if now - self._start < 1.0 or now - self._last < 0.1:
            return
        self._last = now
        self._shown = True
        self._stream.write(f"\r{self.label}: {100 * self.done // self.total:3d}%")
        self._stream.flush()

    def close(self) -> None:
        if self._stream is not None and self._shown:
            self._stream.write("\r" + " " * (len(self.label) + 6) + "\r")
            self._stream.flush()


def _is_tty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
