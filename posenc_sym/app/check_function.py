"""Check a function: a rotary ``fn(x, positions)`` or an ALiBi builder ``fn(q_len, k_len)``.

``posenc-sym check MODULE:CALLABLE --function --scheme rope --dim D`` (or ``--scheme alibi
--heads H``) without the printing: import the callable, hold the sizes to what the scheme's
function check needs (:mod:`posenc_sym.crosscheck.function_checkers`), run it.

>>> check_function_source("numpy:negative", "rope", {"heads": 4})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
posenc_sym.errors.PosencSymError: --heads does not apply to fn(x, positions) (--scheme rope --function); drop it
>>> check_function_source("numpy:negative", "rope", {"dim": 4})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
posenc_sym.errors.PosencSymError: calling fn(x, positions) ...UFuncTypeError: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..crosscheck import parse_error_model, parse_expectations
from ..crosscheck.function_checkers import function_checker
from ..crosscheck.load import load_callable
from ..crosscheck.result import CheckResult
from ..errors import PosencSymError

__all__ = ["check_function_source"]


def check_function_source(
    source: str,
    scheme: str,
    sizes: Mapping[str, int] | None = None,
    model_text: str = "native",
    expect: Mapping[str, Any] | str | None = None,
) -> CheckResult:
    """Import ``source`` (module:callable) and run the function check of ``scheme`` on it.

    ``sizes``: ``dim`` (rope) or ``heads`` (alibi), required; ``positions``, for rope, the
    largest position probed (default 2^20)."""
    found = function_checker(scheme)
    sizes = dict(sizes or {})
    allowed = {found.size, "positions"} if scheme == "rope" else {found.size}
    extra = sorted(set(sizes) - allowed)
    if extra:
        raise PosencSymError(f"--{extra[0]} does not apply to {found.call} (--scheme {scheme} --function); drop it")
    if found.size not in sizes:
        raise PosencSymError(f"--scheme {scheme} --function needs --{found.size}: the {_meaning[found.size]}")
    model = parse_error_model(model_text)
    wanted = parse_expectations(expect)
    fn = load_callable(source)
    options: dict[str, Any] = {found.size: sizes[found.size]}
    if "positions" in sizes:
        options["max_position"] = sizes["positions"]
    return found.check(fn, model=model, expect=wanted, **options)


_meaning = {"dim": "width D of the x it rotates", "heads": "number of heads of the bias it builds"}
