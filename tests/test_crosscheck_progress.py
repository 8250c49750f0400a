"""Progress goes to a terminal only, and only once a check has run for a second."""

from __future__ import annotations

import io

import pytest

from posenc_sym.crosscheck import progress as progress_module
from posenc_sym.crosscheck.progress import Progress


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("tty", "elapsed", "shown"), [(True, 1.5, True), (True, 0.5, False), (False, 5.0, False)])
def test_progress_only_on_a_terminal_after_a_second(
    monkeypatch: pytest.MonkeyPatch, tty: bool, elapsed: float, shown: bool
) -> None:
    clock = iter([100.0, 100.0 + elapsed, 100.0 + elapsed])
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: next(clock))
    stream = FakeTTY() if tty else io.StringIO()
    p = Progress(4, "checking", stream=stream)
    p.advance(1)
    assert ("checking:  25%" in stream.getvalue()) is shown
