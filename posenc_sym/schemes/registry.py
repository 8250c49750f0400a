"""Every encoding the package knows, in one place: the scheme modules' ``SCHEMES``, in course order.

A new encoding is one module in ``schemes/`` that declares its ``SCHEMES`` (:mod:`.scheme`), one
line here, and its derivation file; the CLI's ``check --scheme``, the notes' course order, the
property table and the cross-check's notes find it through the functions below, which read
:data:`SCHEMES` when they are called (a test can add a scheme by replacing it).

>>> [s.name for s in schemes()][5:9]
['learned', 'sinusoidal', 'rope', 'alibi']
>>> [k.name for k in check_kinds()]
['sinusoidal', 'sinusoidal-2d', 'rope', 'rope-axes', 'xpos', 'alibi']
>>> course()[:3]
('premise', 'naive_encodings', 'sinusoidal.shift')
"""

from __future__ import annotations

from ..errors import PosencSymError
from . import alibi, interpolation, learned, naive, relative, rope, sinusoidal
from .scheme import CheckKind, Scheme

__all__ = ["CLOSING", "OPENING", "SCHEMES", "check_kind", "check_kinds", "course", "find_check", "schemes",
           "table_rows"]

#: Every scheme, from each scheme module.
SCHEMES: tuple[Scheme, ...] = (
    *naive.SCHEMES,
    *learned.SCHEMES,
    *sinusoidal.SCHEMES,
    *rope.SCHEMES,
    *alibi.SCHEMES,
    *relative.SCHEMES,
    *interpolation.SCHEMES,
)

#: Derivations about attention and every encoding rather than one: the course opens with why
#: attention needs positions at all and closes with the encodings compared.
OPENING: tuple[str, ...] = ("premise",)
CLOSING: tuple[str, ...] = ("encoding_properties",)


def schemes() -> tuple[Scheme, ...]:
    """The schemes in course order (the registry's order among schemes with the same place).

    Two schemes with one name, or two check kinds with one name, are a bug in the registry.
    """
    listed = SCHEMES
    for kind, names in (("scheme", [s.name for s in listed]),
                        ("check", [k.name for s in listed for k in s.checks])):
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise PosencSymError(f"the scheme registry names the {kind} {', '.join(twice)} twice; "
                                 "give each entry its own name")
    return tuple(sorted(listed, key=lambda s: s.course))


def course() -> tuple[str, ...]:
    """The ids of the built-in derivations in the order the notes teach them."""
    ids = [*OPENING, *(d for s in schemes() for d in s.derivations), *CLOSING]
    return tuple(dict.fromkeys(ids))


def table_rows() -> tuple[tuple[str, str], ...]:
    """The property table's rows: (the key of its tags, its label), for every scheme with a label."""
    return tuple((s.name, s.label) for s in schemes() if s.label is not None)


def check_kinds() -> tuple[CheckKind, ...]:
    """The data ``posenc-sym check`` accepts, in the order ``--help`` lists them."""
    return tuple(k for s in schemes() for k in s.checks)


def find_check(name: str) -> CheckKind | None:
    """The check kind called ``name``, or None."""
    return next((k for k in check_kinds() if k.name == name), None)


def check_kind(name: str) -> CheckKind:
    """The check kind called ``name``; an unknown name is an error that lists the known ones.

    >>> check_kind("rope").data
    'cache'
    >>> check_kind("t5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: no check for scheme 't5'; use one of: sinusoidal, sinusoidal-2d, rope, ..., alibi
    """
    found = find_check(name)
    if found is None:
        known = ", ".join(k.name for k in check_kinds())
        raise PosencSymError(f"no check for scheme {name!r}; use one of: {known}")
    return found
