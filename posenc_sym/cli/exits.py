"""The exit statuses of every ``posenc-sym`` command, and the lines each ``--help`` states them in.

>>> print(exit_help("a claim was refuted unexpectedly"))
exit status:
  0  everything as expected
  1  a claim was refuted unexpectedly
  2  bad input or a usage error: one line on stderr that names the value and the fix
  3  an internal error (a bug in posenc-sym): one line on stderr; --debug shows the traceback
"""

from __future__ import annotations

__all__ = ["EXIT_FAILED", "EXIT_INTERNAL", "EXIT_OK", "EXIT_USAGE", "exit_help"]

#: 0 all as expected; 1 the answer is no (a claim refuted, an implementation that does not
#: match); 2 bad input; 3 a bug in posenc-sym.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def exit_help(failed: str | None, ok: str = "everything as expected") -> str:
    """The ``exit status:`` block of a ``--help``; ``failed`` says when the command exits 1 (None: never)."""
    lines = ["exit status:", f"  0  {ok}"]
    if failed is not None:
        lines.append(f"  1  {failed}")
    lines += [
        "  2  bad input or a usage error: one line on stderr that names the value and the fix",
        "  3  an internal error (a bug in posenc-sym): one line on stderr; --debug shows the traceback",
    ]
    return "\n".join(lines)
