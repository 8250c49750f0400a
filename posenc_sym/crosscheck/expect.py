"""What the user meant: expectations on the convention keys, compared with what the data show.

``--expect KEY=VALUE[,KEY=VALUE…]`` (or ``expect={"base": 10000}`` from Python) names values of
the keys of the JSON convention — whatever keys the scheme's convention has, including nested ones
(``scaling_params.factor=8``, or just ``factor=8`` when only one nested table has it) — and the
key ``dtype``: the format the values were computed in (``dtype=bfloat16`` checks a bfloat16 cache
saved as float32 in bfloat16's precision). A difference is a ``mismatch``; the note names the key,
the value expected and the value found.

How values compare:

* strings, integers, booleans and sequences: exactly (``none`` also matches a missing value);
* floats: relatively, within K·u with u the unit roundoff of the error model's angle format (the
  data's format under ``faithful``) and K = 3·|ln b| + 4 its constant (:mod:`.precision`). A float
  parameter enters the data as a factor on the frequencies or amplitudes — a base b moves ω = b^(−2i/d)
  by at most (2i/d)·r ≤ r relative when b moves by r, a scaling factor or an amplitude by r — and
  K·u is the relative error the model allows each frequency, so values closer than that are the
  same convention as far as the data can show.

Known slips (:func:`known_slips`) are mismatches unless the expectation names the slipped key.

>>> parse_expectations("base=10000,pairing=halves,factor=0.5")
{'base': 10000, 'pairing': 'halves', 'factor': 0.5}
>>> parse_expectations("base")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
posenc_sym.errors.PosencSymError: --expect item 'base' has no '=' or an empty side; write KEY=VALUE[,KEY=VALUE...], ...
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ..errors import PosencSymError
from ..numerics import data_format
from .load import as_float_array, narrower_format
from .precision import ErrorModel, angle_constant, native_model
from .result import CheckResult
from .slips import known_slips, ladder_width

__all__ = ["DTYPE_KEY", "conclude", "float_tolerance", "parse_expectations"]

#: The expectation key on the data's value format rather than on the convention.
DTYPE_KEY = "dtype"


def parse_expectations(expect: Mapping[str, Any] | str | None) -> dict[str, Any]:
    """``KEY=VALUE[,KEY=VALUE…]`` text (or a mapping, returned as a dict) as typed values.

    Numbers become int or float; anything else stays a string (``d-2``, ``halves``, ``none``).
    """
    if expect is None:
        return {}
    if isinstance(expect, Mapping):
        return {key: _finite(str(key), value) for key, value in expect.items()}
    out: dict[str, Any] = {}
    for item in (part.strip() for part in expect.split(",")):
        if not item:
            continue
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise PosencSymError(
                f"--expect item {item!r} has no '=' or an empty side; write KEY=VALUE[,KEY=VALUE...], "
                "e.g. --expect base=10000,pairing=halves"
            )
        if key in out:
            raise PosencSymError(f"--expect names {key} twice ({out[key]} and {value}); give each key once")
        out[key] = _finite(key, _typed(value))
    return out


def _finite(key: str, value: Any) -> Any:
    """A number expected must be one: NaN or an infinity is no convention's value (``base=nan``
    would only ever be a mismatch).

    >>> _finite("base", float("inf"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: expected base=inf is not a finite number; give the number the ...
    """
    numbers = value if isinstance(value, list | tuple) else [value]
    if any(isinstance(v, float) and not math.isfinite(v) for v in numbers):
        raise PosencSymError(f"expected {key}={value!r} is not a finite number; give the number the convention "
                             f"has, or leave {key} out")
    return value


def _typed(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def float_tolerance(model: ErrorModel, fmt_name: str, base: float) -> float:
    """Relative tolerance of float keys: K·u of the model (module docstring).

    >>> round(float_tolerance(ErrorModel("float32"), "float32", 10000.0) / 2.0**-24, 2)
    31.63
    """
    angle = model.angle_format or fmt_name
    return angle_constant(base) * data_format(angle).unit_roundoff


def _flatten(convention: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    for key, value in convention.items():
        yield key, value
        if isinstance(value, Mapping):
            for inner, v in value.items():
                yield f"{key}.{inner}", v


def _lookup(found: dict[str, Any], key: str, scheme: str) -> tuple[str, Any]:
    """The value of ``key``: top level, dotted path, or the one nested table that has it."""
    flat = dict(_flatten(found))
    if key in flat:
        return key, flat[key]
    nested = [k for k in flat if k.rpartition(".")[2] == key and "." in k]
    if len(nested) == 1:
        return nested[0], flat[nested[0]]
    if nested:
        raise PosencSymError(f"expected key {key!r} is ambiguous ({', '.join(nested)}); name one of them")
    if key in _nested_names(found):  # a parameter of another rule (factor when scaling=none)
        return key, None
    valid = sorted({*flat, *_nested_names(found)} - set(_dicts(found)))
    raise PosencSymError(f"{key!r} is not a {scheme} convention key; use one of: {', '.join(valid)}")


def _dicts(found: dict[str, Any]) -> list[str]:
    return [k for k, v in found.items() if isinstance(v, Mapping)]


def _nested_names(found: dict[str, Any]) -> set[str]:
    """Parameter names any rule of a nested table may have (e.g. every scaling rule's parameters)."""
    names: set[str] = set()
    for key in _dicts(found):
        names |= _KNOWN_PARAMETERS.get(key, set())
    return names


#: Parameters the nested tables can hold, so that expecting one the data's rule lacks is a
#: mismatch (found: none) rather than an unknown key. Extended as conventions gain parameters.
_KNOWN_PARAMETERS: dict[str, set[str]] = {
    "scaling_params": {
        "factor",
        "alpha",
        "low_freq_factor",
        "high_freq_factor",
        "original_max_position_embeddings",
        "beta_fast",
        "beta_slow",
        "mscale",
        "mscale_all_dim",
        "attention_factor",
        "truncate",
        "short_factor",
        "long_factor",
    },
}


def _same(found: Any, want: Any, rel: float, key: str) -> bool:
    if found is None or isinstance(found, str):
        if found is None:
            return want is None or str(want).lower() in ("none", "null")
        return str(want) == found
    if isinstance(found, bool) or isinstance(want, bool):
        return str(found).lower() == str(want).lower()
    if isinstance(found, int | float):
        if not isinstance(want, int | float):
            raise PosencSymError(f"expected {key}={want!r}, but {key} is a number (found {found!r}); pass a number")
        if isinstance(found, int) and isinstance(want, int):
            return found == want
        return abs(float(found) - float(want)) <= rel * abs(float(want))
    if isinstance(found, Mapping):
        if not isinstance(want, Mapping):
            raise PosencSymError(
                f"{key} holds several values ({dict(found)}); expect them one by one, e.g. {key}.NAME=VALUE"
            )
        return set(found) == set(want) and all(_same(found[k], want[k], rel, f"{key}.{k}") for k in found)
    if isinstance(found, tuple | list):
        items = want.replace(";", " ").split() if isinstance(want, str) else want
        items = [_typed(str(i)) for i in items] if isinstance(want, str) else list(items)
        return len(items) == len(found) and all(_same(f, w, rel, key) for f, w in zip(found, items, strict=True))
    return bool(found == want)


_RATE_KEYS = ("base", "exponent_denominator")


def _rate(base: Any, den: Any, width: Any) -> float | None:
    """ln(base)/den: the per-pair log-frequency step that base and denominator both set."""
    if not isinstance(base, int | float) or base <= 0 or not isinstance(width, int):
        return None
    even = width - width % 2
    value: Any = {None: even, "d": even, "d-2": even - 2}.get(den, den) if not isinstance(den, int | float) else den
    if not isinstance(value, int | float) or value <= 0:
        return None
    return math.log(base) / float(value)


def _same_frequencies(found: Mapping[str, Any], expect: Mapping[str, Any], rel: float, width: object) -> bool:
    """Whether the expected base/denominator differ from those found but name the same frequencies
    (b^(−2i/(d−2)) = (b^(d/(d−2)))^(−2i/d)): the data cannot tell them apart, so no mismatch.

    A base expected without a denominator is read with the denominator found and with the width's
    own (the convention's default): 10000 over 32 in a 64-wide rotation *is* 10⁸ over 64, so
    ``base=100000000`` names those frequencies as surely as ``exponent_denominator=32`` does."""
    if not any(k in expect for k in _RATE_KEYS) or all(
        expect.get(k) == found.get(k) for k in _RATE_KEYS if k in expect
    ) or not isinstance(width, int):
        return False  # no width: the scheme has no single frequency ladder (or the data no rate)
    have = _rate(found.get("base"), found.get("exponent_denominator"), width)
    dens = (
        [expect["exponent_denominator"]]
        if "exponent_denominator" in expect
        else list(dict.fromkeys([found.get("exponent_denominator"), None]))
    )
    wants = [_rate(expect.get("base", found.get("base")), den, width) for den in dens]
    # ω_i = exp(−2i·rate): a rate moved by Δ moves the last pair's frequency by about width·Δ relative
    return have is not None and any(w is not None and abs(have - w) * float(width) <= rel for w in wants)


def conclude(
    result: CheckResult,
    expect: Mapping[str, Any],
    model: ErrorModel | None,
    arrays: Sequence[Any] = (),
    recheck: Callable[[str], CheckResult] | None = None,
) -> CheckResult:
    """Compare ``expect`` with the convention found and turn known slips into mismatches.

    Differences and slips become the first notes; JSON gains ``"expected"`` (what was asked).
    ``arrays`` are the data: when they do not meet the model, a format narrower than their dtype
    that holds all of them is named (a bfloat16 cache saved as float32) — only when it explains
    the mismatch: ``recheck(FORMAT)``, the same check with the data declared as FORMAT, matches.
    Values that are numbers of every format (ALiBi's power-of-two slopes, 0, 1/2) say nothing
    about the precision they were computed in, and a mismatch they show is not that slip.
    """
    model = model if model is not None else native_model(result.dtype)
    found = result.convention_dict()
    base = found.get("base")
    rel = float_tolerance(model, result.dtype, float(base) if isinstance(base, int | float) and base > 0 else 2.0)
    identified = not all(v is None for v in found.values())  # else the mismatch says why already
    traded = identified and _same_frequencies(found, expect, rel, ladder_width(result.scheme, found))
    problems = _differences(result.scheme, found, expect, rel, traded) if identified else []
    if traded:
        named = ", ".join(f"{k}={expect[k]!r}" for k in _RATE_KEYS if k in expect)
        note = (
            f"as expected ({named}): the same frequencies as the base={found.get('base')!r}, "
            f"exponent_denominator={found.get('exponent_denominator')!r} named above (base and "
            "denominator trade off exactly)"
        )
        result = dataclasses.replace(result, notes=(*result.notes, note))
    for key, slip in known_slips(result.scheme, found):
        # expected frequencies (traded: the same numbers under the base or denominator named) are
        # no slip, whichever of the two rate keys carries it
        if key not in expect and key.rpartition(".")[2] not in expect and not (traded and key in _RATE_KEYS):
            problems.append(f"{slip}; if that is what you meant, pass --expect {key}={found[key]!r}")
    if not result.matches and DTYPE_KEY not in expect and arrays:
        problems.extend(_narrower_note(arrays, result.dtype, recheck))
    if not problems and not expect:
        return result
    extra = dict(result.extra)
    if expect:
        extra["expected"] = dict(expect)
    verdict = "mismatch" if problems else result.verdict
    return dataclasses.replace(result, verdict=verdict, notes=(*problems, *result.notes), extra=tuple(extra.items()))


def _differences(scheme: str, found: dict[str, Any], expect: Mapping[str, Any], rel: float, traded: bool) -> list[str]:
    """``expected KEY=VALUE, found KEY=VALUE`` for every expected key that differs."""
    out = []
    for key, want in expect.items():
        if key == DTYPE_KEY or (traded and key in _RATE_KEYS):
            continue  # dtype: applied when the data were read (:func:`.load.declared`)
        path, have = _lookup(found, key, scheme)
        if not _same(have, want, rel, path):
            out.append(f"expected {path}={want!r}, found {path}={have!r}")
    return out


def _narrower_note(arrays: Sequence[Any], dtype: str, recheck: Callable[[str], CheckResult] | None) -> list[str]:
    """The slip of values carrying less precision than their dtype, if every value says so and
    the data meet the model in that precision (``recheck``)."""
    narrow = narrower_format([as_float_array(a, "data")[0] for a in arrays], dtype)
    if narrow is None or (recheck is not None and not recheck(narrow).matches):
        return []
    return [
        f"the values are all {narrow} numbers though stored as {dtype}: the data carry {narrow} "
        f"precision (computed or rounded in {narrow}, then widened); to check them in that "
        f"precision pass --expect dtype={narrow}"
    ]
