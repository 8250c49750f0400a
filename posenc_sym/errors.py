"""The one error class of the library.

Every error raised on bad input is a :class:`PosencSymError` (a ``ValueError``), and its
message names the offending value and the fix, so the CLI can print it as one line.
"""

from __future__ import annotations

__all__ = ["PosencSymError"]


class PosencSymError(ValueError):
    """Bad input: the message names the value and says how to fix it.

    >>> raise PosencSymError("d_model=7 is odd; the encoding pairs columns, so d_model must be even")
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: d_model=7 is odd; the encoding pairs columns, so d_model must be even
    """
