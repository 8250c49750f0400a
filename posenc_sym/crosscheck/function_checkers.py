"""Which function check runs for ``posenc-sym check --function --scheme NAME``, and the size it needs.

A rotary function ``fn(x, positions)`` needs the width D of x (``--dim``); an ALiBi builder
``fn(q_len, k_len)`` the number of heads (``--heads``). Only these schemes have a function form.

>>> function_checker("rope").size
'dim'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import PosencSymError
from .function_alibi import check_alibi_function
from .function_rotary import check_rotary_function
from .result import CheckResult

__all__ = ["FUNCTION_CHECKERS", "FunctionChecker", "function_checker"]


@dataclass(frozen=True)
class FunctionChecker:
    """The check of one scheme's function form; ``size`` the keyword (and CLI option) it needs,
    ``call`` how the function is called (for messages)."""

    check: Callable[..., CheckResult]
    size: str
    call: str


FUNCTION_CHECKERS: dict[str, FunctionChecker] = {
    "rope": FunctionChecker(check_rotary_function, "dim", "fn(x, positions)"),
    "alibi": FunctionChecker(check_alibi_function, "heads", "fn(q_len, k_len)"),
}


def function_checker(scheme: str) -> FunctionChecker:
    """The function check of ``scheme``; a clear error for a scheme without one."""
    found = FUNCTION_CHECKERS.get(scheme)
    if found is None:
        raise PosencSymError(
            f"--function checks a rotary function (--scheme rope) or an ALiBi bias builder (--scheme alibi), "
            f"not --scheme {scheme}; drop --function to check {scheme} data"
        )
    return found
