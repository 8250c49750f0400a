"""Check an implementation: read a table, cache or slope vector, and cross-check it.

The source is a ``.npy`` file (a table or a slope vector), a ``.npz`` file (a cache: ``cos`` and
``sin``, and ``ids`` for a multi-axis one), a ``.pt``/``.pth`` or ``.safetensors`` file (one
tensor, or tensors named as in a ``.npz``), or ``module:attribute`` naming an array or a callable
that returns one (called with the sizes given). What the scheme's data are, and so how the source
is read, comes from the scheme registry; the check itself from crosscheck's mapping
(:mod:`posenc_sym.crosscheck.checkers`).

>>> import numpy, pathlib, tempfile
>>> from posenc_sym.tables import sinusoidal_table
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "table.npy"); numpy.save(path, sinusoidal_table(16, 8))
...     result = check_source(str(path), "sinusoidal")
>>> result.verdict, result.convention_dict()["layout"]
('matches', 'interleaved')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy

from ..crosscheck import parse_error_model, parse_expectations
from ..crosscheck.axes import axes_arrays
from ..crosscheck.checkers import checker
from ..crosscheck.load import load_source_called
from ..crosscheck.result import CheckResult
from ..errors import PosencSymError
from ..schemes.registry import check_kind
from ..schemes.scheme import CheckKind

__all__ = ["SIZES", "check_source"]

#: The sizes a callable of each kind of data is asked for (``--positions``, ``--dim``, ``--heads``).
SIZES: dict[str, tuple[str, ...]] = {"slopes": ("heads",)}
_EXAMPLE = {"positions": 128, "dim": 64, "heads": 12}


def check_source(
    source: str,
    scheme: str,
    sizes: Mapping[str, int] | None = None,
    model_text: str = "native",
    expect: Mapping[str, Any] | str | None = None,
) -> CheckResult:
    """Load ``source`` and run the check of ``scheme`` on it.

    ``sizes`` (``positions``, ``dim``, ``heads``) are what a callable is asked for; given for data
    that were not made from them, they must describe the data. ``model_text`` is the error model
    (``native``, ``faithful``, ``angle:FORMAT``); ``expect`` the convention meant (``KEY=VALUE,...``
    or a mapping).
    """
    kind = check_kind(scheme)
    run = checker(scheme)
    sizes = dict(sizes or {})
    model = parse_error_model(model_text)
    wanted = parse_expectations(expect)
    names = SIZES.get(kind.data, ("positions", "dim"))
    for name in sizes:
        if name not in names:
            raise PosencSymError(f"--{name} does not apply to --scheme {kind.name} (it takes "
                                 f"{' and '.join('--' + n for n in names)}); drop --{name}")
    obj, called = load_source_called(source, sizes, example=" ".join(f"--{n} {_EXAMPLE[n]}" for n in names))
    arrays, options = _arrays(obj, kind)
    if not called:
        _require_sizes(arrays[0], kind, sizes)
    return run(*arrays, model=model, expect=wanted, **options)


def _arrays(obj: Any, kind: CheckKind) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The arrays the check of ``kind`` takes, from what the source gave, and its keyword options."""
    if kind.data == "axes":
        cos, sin, ids, axes_dim = axes_arrays(obj)
        return (cos, sin, ids), {"axes_dim": axes_dim}
    if kind.data == "cache":
        return _cos_sin(obj, kind.title), {}
    return (_single(obj, kind.name),), {}


def _cos_sin(obj: Any, title: str) -> tuple[Any, Any]:
    if isinstance(obj, Mapping):
        missing = [k for k in ("cos", "sin") if k not in obj]
        if missing:
            raise PosencSymError(
                f"the {title} source has arrays {sorted(obj)} but no {' or '.join(missing)}; "
                "save them with numpy.savez(path, cos=cos, sin=sin) (or as tensors named cos and sin)"
            )
        return obj["cos"], obj["sin"]
    if isinstance(obj, tuple | list) and len(obj) == 2:
        return obj[0], obj[1]
    raise PosencSymError(
        f"a {title} source must give two arrays, cos and sin: a .npz (or .pt, .safetensors) with arrays 'cos' "
        "and 'sin', or a callable returning (cos, sin)"
    )


def _single(obj: Any, scheme: str) -> Any:
    if isinstance(obj, Mapping):
        if len(obj) != 1:
            raise PosencSymError(f"the {scheme} source holds arrays {sorted(obj)}; pass a file with one array (a .npy, "
                                 "or a .pt or .safetensors holding one tensor)")
        return next(iter(obj.values()))
    return obj


def _require_sizes(data: Any, kind: CheckKind, sizes: Mapping[str, int]) -> None:
    """Sizes given for data that were not made from them must describe the data: a file of 8
    slopes checked with --heads 12 is a mistake to report, not an option to ignore."""
    shape = tuple(numpy.shape(data))
    found: dict[str, tuple[int, ...]] = {}
    if kind.data == "slopes" and sum(size > 1 for size in shape) > 1:  # an ALiBi bias: heads on its first axis
        heads = list(shape)
        while len(heads) > 3 and heads[0] == 1:
            heads.pop(0)
        found["heads"] = (heads[0],)
    elif kind.data == "slopes":
        found["heads"] = (int(numpy.prod(shape)),)
    elif len(shape) == 2:
        found["positions"] = (shape[0],)
        # a compact cache holds one column per pair: its rotary width is twice its width
        found["dim"] = (shape[1], 2 * shape[1]) if kind.data in ("cache", "axes") else (shape[1],)
    for name, value in sizes.items():
        if name not in found:
            raise PosencSymError(f"--{name} does not apply to this --scheme {kind.name} data; drop it")
        if value not in found[name]:
            raise PosencSymError(
                f"--{name} {value} does not match the data, which have {found[name][0]} "
                f"({'slopes' if name == 'heads' else name}, shape {shape}); drop --{name} or fix it"
            )
