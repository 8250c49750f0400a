"""The errors of posenc-sym: one root for the bad input it judges, and the engine's own signals.

Bad input that posenc-sym judges (an argument out of range, a claim that cannot be decided, a
notation that cannot be applied, a display that cannot be read, a declaration that cannot be
applied, a path that does not exist) raises a :class:`PosencSymError`, a ``ValueError`` whose
message names the offending value and the fix, so that the CLI prints it as one line and exits 2::

    ValueError
    └── PosencSymError       posenc_sym.errors               bad input; the message says the fix
        ├── NotationError    posenc_sym.notation.patterns    a notation defined or applied ambiguously
        ├── Unreadable       posenc_sym.notation.read_tokens a display the reader will not guess at
        ├── DeclarationError posenc_sym.documents.declarations  an ``assume``/``let`` line of a document
        ├── ExpansionError   posenc_sym.documents.macros     a document's macro that cannot be expanded
        ├── DocumentError    posenc_sym.documents.extract    a document not readable as written, and where
        ├── MarkdownError    posenc_sym.documents.markdown   a Markdown math block never closed
        └── NotebookError    posenc_sym.documents.notebook   a file that is not a Jupyter notebook

A value object built with wrong arguments (``Claim``, ``Step``, ``Derivation`` in a derivation
file) raises the built-in ``ValueError`` or ``TypeError`` from its constructor, as Python's own
types do; the catalogue reports it with the file and the line.

The engine's signals are no one's error: the proof engine raises and catches them itself, as
control flow, and none of them ever reaches a user::

    Exception
    └── EngineSignal         posenc_sym.errors               the root of the engine's signals
        ├── NotEvaluable     posenc_sym.proof.numeric        no number at this sample point: skip it
        │   └── IllFormedRange                               a sum whose range is not integral there
        └── OutsideTheRules  posenc_sym.proof.matrix_algebra a matrix expression no rule of matrix algebra covers
    BaseException
    └── OutOfTime            posenc_sym.proof.budget         a claim's own time budget ran out

``OutOfTime`` is a ``BaseException`` on purpose: the engine's strategies end in ``except
Exception`` (SymPy failing inside a strategy proves nothing, and the next one is tried), and
the claim's budget must unwind through all of them to the one place that turns it into an
``unknown`` verdict. A soft limit of the same module (one strategy or one sample point running
out of time) is a ``TimeoutError``, which those handlers are meant to catch. A signal that escapes
the engine is a bug in posenc-sym, and the runner reports it as one.
"""

from __future__ import annotations

__all__ = ["EngineSignal", "PosencSymError"]


class PosencSymError(ValueError):
    """Bad input: the message names the value and says how to fix it.

    >>> raise PosencSymError("d_model=7 is odd; the encoding pairs columns, so d_model must be even")
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: d_model=7 is odd; the encoding pairs columns, so d_model must be even
    """


class EngineSignal(Exception):
    """Control flow inside the proof engine (a sample point to skip), never an error of the user.

    Deliberately not a :class:`PosencSymError`: the runner turns a ``PosencSymError`` into a
    problem of the user's claim, and a signal that escaped the engine is the engine's bug.

    >>> issubclass(EngineSignal, PosencSymError), issubclass(EngineSignal, ValueError)
    (False, False)
    """
