"""Budgets that nest: time for a whole claim, one sample point, one symbolic transform; memory for a claim.

Every phase of the engine runs under a limit, so that one pathological expression (a sum of
x^(j + 90000) expanded at a point, a ``simplify`` that never returns) costs at most its
budget and the run goes on. Limits nest: an inner limit never outlives an outer one, and
when the outer one runs out it is the outer one that fires.

Two kinds of limit, because they are caught at different places:

* a *soft* limit (:func:`time_limit`) raises ``TimeoutError``, an ``Exception``: a strategy
  or a sample point that runs out of time simply did not succeed, and the code around it
  (``except Exception: continue``) carries on;
* a *hard* limit (``hard=True``) raises :class:`OutOfTime`, a ``BaseException``, which no
  ``except Exception`` on the way can swallow: the claim's own budget ends the claim.

SIGALRM drives the limits, so they apply on the main thread only (a worker process of the
runner runs its tasks on its main thread); elsewhere a limit is a no-op.

Memory is bounded the same way (:func:`memory_limit`): the block may add so many bytes to the
process's address space, past which an allocation fails with ``MemoryError`` (RLIMIT_AS, on
Linux), which the claim's budget turns into an ``unknown`` verdict. Exact numbers too large to
build are refused before they are built (:mod:`posenc_sym.sizes`); this is the backstop for what
that estimate does not foresee (an ``expand`` of a high power, a closed form SymPy builds).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..sizes import process_bytes

try:
    import resource
except ImportError:  # pragma: no cover - not on a POSIX system
    resource = None  # type: ignore[assignment]

__all__ = ["OutOfTime", "memory_limit", "time_limit"]


class OutOfTime(BaseException):
    """A hard budget ran out; ``seconds`` is the budget.

    A ``BaseException``, not an error: it must unwind through every ``except Exception`` of the
    strategies to the claim's own budget (see :mod:`posenc_sym.errors`).
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"timed out after {seconds:g} s")
        self.seconds = seconds


class _SoftOutOfTime(TimeoutError):
    pass


@dataclass(eq=False)
class _Limit:
    deadline: float
    seconds: float
    hard: bool
    fired: bool = field(default=False)


_ACTIVE: list[_Limit] = []  # outermost first

#: How soon an expired limit fires again while its block is still running.
REFIRE_SECONDS = 0.05


def _arm() -> None:
    if not _ACTIVE:
        signal.setitimer(signal.ITIMER_REAL, 0)
        return
    earliest = min(limit.deadline for limit in _ACTIVE)
    signal.setitimer(signal.ITIMER_REAL, max(earliest - time.monotonic(), 1e-4))


def _alarm(signum: int, frame: object) -> None:
    now = time.monotonic()
    expired = [limit for limit in _ACTIVE if limit.deadline <= now + 1e-4]
    if not expired:
        _arm()  # a stray alarm of a limit that already ended, or one that fired a little early
        return
    outer = expired[0]  # the outermost expired limit unwinds everything inside it
    outer.fired = True
    # The exception may never reach the block: raised inside a gc callback or a __del__ it is
    # "ignored" (hypothesis registers gc callbacks, and a runaway allocation collects often),
    # and an ``except Exception`` inside a soft block swallows it. Fire again until the block
    # has ended (its exit re-arms the timer): a swallowed limit let trigsimp grow to 14.5 GB.
    signal.setitimer(signal.ITIMER_REAL, REFIRE_SECONDS)
    if outer.hard:
        raise OutOfTime(outer.seconds)
    raise _SoftOutOfTime


@contextmanager
def time_limit(seconds: float, *, hard: bool = False) -> Iterator[None]:
    """Abort the block after ``seconds``: ``TimeoutError`` (soft) or :class:`OutOfTime` (hard).

    >>> with time_limit(5):
    ...     sum(range(10))
    45
    >>> try:
    ...     with time_limit(0.05):
    ...         while True:
    ...             pass
    ... except TimeoutError as exc:
    ...     print(exc)
    gave up after 0.05 s
    """
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return
    limit = _Limit(time.monotonic() + seconds, seconds, hard)
    if signal.getsignal(signal.SIGALRM) is not _alarm:
        # Installed for good: restoring the default action (terminate) while an alarm is
        # still pending would kill the process; with no limit active the handler does nothing.
        signal.signal(signal.SIGALRM, _alarm)
    _ACTIVE.append(limit)
    _arm()
    try:
        yield
    except _SoftOutOfTime:
        if limit.fired:
            raise TimeoutError(f"gave up after {seconds:g} s") from None
        raise  # an outer soft limit fired: let it reach its own block
    finally:
        # An alarm landing half-way through this cleanup would leave a stale deadline behind.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        try:
            _ACTIVE.remove(limit)
            _arm()
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})


@contextmanager
def memory_limit(extra: int) -> Iterator[None]:
    """Let the block grow the process's address space by at most ``extra`` bytes.

    Past it an allocation raises ``MemoryError``. Limits nest: an inner one never loosens an
    outer one (nor a ``ulimit -v`` the process was started under), and each restores what was in
    force when it ends. Where the process's size cannot be read, or without RLIMIT_AS, it is a no-op.

    >>> with memory_limit(2**30):
    ...     len(bytearray(2**20))
    1048576
    >>> try:
    ...     with memory_limit(2**26):
    ...         _ = bytearray(2**30)
    ... except MemoryError:
    ...     print("refused")
    refused
    """
    now = process_bytes()
    if resource is None or now is None or extra <= 0:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = now + extra
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= limit:
        yield  # what is in force already is tighter
        return
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
