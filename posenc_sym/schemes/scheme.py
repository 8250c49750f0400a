"""What the rest of the package knows about an encoding: its :class:`Scheme` entry.

Each scheme module declares ``SCHEMES``, a tuple of entries (``naive.py`` holds five encodings,
most modules one), next to its mathematics; :mod:`.registry` lists the modules in one place.
Everything that used to keep its own list of encodings reads the registry instead: the CLI's
``check --scheme`` choices and help, the notes' course order, the property table's rows, and the
cross-check's notes (which scheme has one frequency ladder, how to get its data exact).

>>> sinusoidal = Scheme("sinusoidal", "sinusoidal", course=20, derivations=("sinusoidal.shift",),
...                     checks=(CheckKind("sinusoidal", "sinusoidal", "a (positions, d_model) table", "table",
...                                       width_key="d_model"),))
>>> [k.name for k in sinusoidal.checks], sinusoidal.checks[0].data
(['sinusoidal'], 'table')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DATA_KINDS", "CheckKind", "DataKind", "Scheme"]

#: The data ``posenc-sym check`` reads: a (positions, width) table, a cos/sin cache, a multi-axis
#: cache (cos, sin and the token ids), or a vector of per-head slopes.
DataKind = Literal["table", "cache", "axes", "slopes"]
DATA_KINDS: tuple[DataKind, ...] = ("table", "cache", "axes", "slopes")


@dataclass(frozen=True)
class CheckKind:
    """One kind of data ``posenc-sym check --scheme NAME`` accepts for a scheme.

    ``name`` is the ``--scheme`` value and the ``scheme`` of the check's result; ``title`` names
    the data in messages ("the RoPE source has arrays ..."); ``holds`` says what SOURCE holds, for
    ``--help``; ``data`` is how a source is read (:data:`DataKind`). ``width_key`` is the key of
    the convention that holds the width d in the frequencies ω_i = b^(−2i/d) (``d_model``,
    ``rotary_dim``), or None when the convention has no such single ladder; only a scheme with
    one can show the doubled-exponent slip. ``accurate`` names the call that computes the data
    to the last bit, for the note of a check that matches only in the data's own precision.
    """

    name: str
    title: str
    holds: str
    data: DataKind
    width_key: str | None = None
    accurate: str = ""


@dataclass(frozen=True)
class Scheme:
    """An encoding as the package lists it.

    ``name`` is the key of its property-table tags (``table:<name>:<property>``); ``label`` its row
    in that table (``$...$`` is math), None for a scheme that is not a row; ``course`` the place
    of its derivations in the notes (lower first; schemes with the same place keep the registry's
    order); ``derivations`` the ids of the derivation files that belong to it, in course order;
    ``checks`` the data ``posenc-sym check`` accepts for it.
    """

    name: str
    label: str | None
    course: int
    derivations: tuple[str, ...] = ()
    checks: tuple[CheckKind, ...] = ()
