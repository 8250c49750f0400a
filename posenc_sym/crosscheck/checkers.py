"""Which check runs for each ``posenc-sym check --scheme``: one mapping from name to checker.

The names and the data each one reads come from the scheme registry
(:func:`posenc_sym.schemes.registry.check_kinds`); a new check convention is its registry entry
and one line in :data:`CHECKERS`. A checker takes the arrays of its data kind, then ``model`` and
``expect`` by keyword: ``table`` and ``slopes`` one array, ``cache`` (cos, sin), ``axes``
(cos, sin, ids) and ``axes_dim=``.

>>> checker("rope") is check_rope
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import PosencSymError
from ..schemes import registry
from .alibi_bias import check_alibi
from .axes import check_rope_axes
from .identify_rope import check_rope
from .identify_sinusoidal import check_sinusoidal
from .result import CheckResult
from .sinusoidal_2d import check_sinusoidal_2d
from .xpos import check_xpos

__all__ = ["CHECKERS", "Checker", "checker"]

#: A check: the arrays of its data kind, then ``model=`` and ``expect=`` (and ``axes_dim=``).
Checker = Callable[..., CheckResult]

#: The checker of every check kind in the registry, by name.
CHECKERS: dict[str, Checker] = {
    "sinusoidal": check_sinusoidal,
    "sinusoidal-2d": check_sinusoidal_2d,
    "rope": check_rope,
    "rope-axes": check_rope_axes,
    "xpos": check_xpos,
    "alibi": check_alibi,
}


def checker(name: str) -> Checker:
    """The checker of the check kind ``name`` (unknown names: the registry's error)."""
    kind = registry.check_kind(name)
    found = CHECKERS.get(kind.name)
    if found is None:
        raise PosencSymError(f"the scheme registry lists the check {name!r} but crosscheck has no checker for "
                             "it; add one to CHECKERS in posenc_sym/crosscheck/checkers.py")
    return found
