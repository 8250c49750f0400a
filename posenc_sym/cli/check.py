"""``posenc-sym check SOURCE --scheme SCHEME [--json] [--strict | --model M] [--expect K=V,…]``.

SCHEME is sinusoidal, rope, rope-axes (multi-axis RoPE, Flux), xpos or alibi.

SOURCE is a ``.npy`` file (a (positions, dims) table, or an ALiBi slope vector), a ``.npz`` file
(a RoPE or xPos cache: arrays ``cos`` and ``sin``; a multi-axis RoPE cache: ``cos``, ``sin`` and
``ids``, optionally ``axes_dim``), or ``module:attribute`` naming an array or a callable
that returns one (called with ``--positions``/``--dim``/``--heads``; for a file or an array, sizes
given must agree with the data). Exit status: 0 matches, 1 mismatch, 2 unusable input (one line
on stderr, nothing on stdout).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

import numpy

from ..crosscheck import check_alibi, check_rope, check_rope_axes, check_sinusoidal, check_xpos, parse_error_model
from ..crosscheck.axes import axes_arrays
from ..crosscheck.expect import parse_expectations
from ..crosscheck.load import load_source_called
from ..crosscheck.result import CheckResult
from ..errors import PosencSymError

__all__ = ["register", "run"]

SCHEMES = ("sinusoidal", "rope", "rope-axes", "xpos", "alibi")
_CACHES = ("rope", "rope-axes", "xpos")  # schemes whose source is a cos/sin pair

_SCHEME_HELP = (
    "which encoding SOURCE holds: sinusoidal (a (positions, d_model) table), rope (a cos/sin cache), "
    "rope-axes (a multi-axis RoPE cache over a 2-D/3-D grid, as Flux's: a .npz with cos, sin, ids of "
    "shape (tokens, axes), optionally axes_dim; a callable returns (cos, sin, ids)), xpos (a RoPE "
    "cache whose pairs carry xPos amplitudes: cos·A and sin·A as the attention sees them), alibi "
    "(a slope vector)"
)


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help="identify an implementation's convention and measure its error",
        description=(
            "Identify the convention of a sinusoidal table, RoPE cos/sin cache (single- or multi-axis, "
            "or with xPos amplitudes) or ALiBi slope vector and measure it against the exact encoding. "
            "SOURCE: a .npy file, a .npz file with arrays 'cos' and 'sin' (rope, xpos) and 'ids' "
            "(rope-axes), or module:attribute naming an array or a callable (called with "
            "--positions/--dim/--heads). By default the data are judged in their own precision "
            "(a correct float32 implementation matches); --strict asks for every element within 1 ulp "
            "of the exact value; --expect names the convention meant. "
            "Exit status: 0 matches, 1 mismatch, 2 unusable input."
        ),
    )
    parser.add_argument("source", metavar="SOURCE", help=".npy, .npz, or module:attribute")
    parser.add_argument("--scheme", choices=SCHEMES, required=True, help=_SCHEME_HELP)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--positions", type=int, help="number of positions to ask a callable for")
    parser.add_argument("--dim", type=int, help="width (d_model or rotary_dim) to ask a callable for")
    parser.add_argument("--heads", type=int, help="number of heads to ask a callable for")
    strictness = parser.add_mutually_exclusive_group()
    strictness.add_argument(
        "--strict",
        action="store_const",
        const="faithful",
        dest="model",
        help="every element within 1 ulp of the exact value (the model 'faithful')",
    )
    strictness.add_argument(
        "--model",
        help="error model: 'native' (default: the data's own precision, angles formed in float32 for "
        "float32/float16/bfloat16 data and in float64 for float64 data), 'faithful' (= --strict) or "
        "'angle:FORMAT' (angles formed in FORMAT)",
    )
    parser.add_argument(
        "--expect",
        metavar="KEY=VALUE[,KEY=VALUE...]",
        help="the convention you meant, with the keys of the JSON convention (e.g. base=10000,"
        "pairing=halves, factor=8; scale_base=512 for xpos; axes_dim=16;56;56 for rope-axes, lists "
        "separated by ';'; or dtype=bfloat16 for data computed in bfloat16): a difference is a mismatch",
    )
    parser.set_defaults(model="native")  # after both options: --strict's own default would be None
    return parser


def _sizes(args: argparse.Namespace) -> dict[str, int]:
    sizes = {}
    for name in ("positions", "dim", "heads"):
        value = getattr(args, name)
        if value is not None:
            if value <= 0:
                raise PosencSymError(f"--{name}={value} is not positive; pass a positive size")
            sizes[name] = value
    return sizes


def _rope_arrays(obj: Any, scheme: str = "rope") -> tuple[Any, Any]:
    kind = {"rope": "RoPE", "xpos": "xPos"}[scheme]
    if isinstance(obj, Mapping):
        missing = [k for k in ("cos", "sin") if k not in obj]
        if missing:
            raise PosencSymError(
                f"the {kind} source has arrays {sorted(obj)} but no {' or '.join(missing)}; "
                "save them with numpy.savez(path, cos=cos, sin=sin)"
            )
        return obj["cos"], obj["sin"]
    if isinstance(obj, tuple | list) and len(obj) == 2:
        return obj[0], obj[1]
    raise PosencSymError(
        f"a {kind} source must give two arrays, cos and sin: a .npz with arrays 'cos' and "
        "'sin', or a callable returning (cos, sin)"
    )


def _single(obj: Any, scheme: str) -> Any:
    if isinstance(obj, Mapping):
        if len(obj) != 1:
            raise PosencSymError(f"the {scheme} source holds arrays {sorted(obj)}; pass a .npy file with one array")
        return next(iter(obj.values()))
    return obj


def _require_sizes(arrays: list[Any], scheme: str, sizes: Mapping[str, int]) -> None:
    """Sizes given for data that were not made from them must describe the data: a file of 8
    slopes checked with --heads 12 is a mistake to report, not an option to ignore."""
    shape = tuple(numpy.shape(arrays[0]))
    found: dict[str, tuple[int, ...]] = {}
    if scheme == "alibi":
        found["heads"] = (int(numpy.prod(shape)),)
    elif len(shape) == 2:
        found["positions"] = (shape[0],)
        # a compact RoPE cache holds one column per pair: its rotary width is twice its width
        found["dim"] = (shape[1], 2 * shape[1]) if scheme in _CACHES else (shape[1],)
    for name, value in sizes.items():
        if name not in found:
            raise PosencSymError(f"--{name} does not apply to a {scheme} source; drop it")
        if value not in found[name]:
            raise PosencSymError(
                f"--{name} {value} does not match the data, which have {found[name][0]} "
                f"({'slopes' if name == 'heads' else name}, shape {shape}); drop --{name} or fix it"
            )


def check_source(
    source: str,
    scheme: str,
    sizes: Mapping[str, int],
    model_text: str = "native",
    expect: Mapping[str, Any] | str | None = None,
) -> CheckResult:
    """Load ``source`` and run the check for ``scheme`` (the CLI's work, usable from Python)."""
    model = parse_error_model(model_text)
    wanted = parse_expectations(expect)
    obj, called = load_source_called(source, sizes)
    if scheme == "rope-axes":
        cos, sin, ids, axes_dim = axes_arrays(obj)
        if not called:
            _require_sizes([cos, sin], scheme, sizes)
        return check_rope_axes(cos, sin, ids, axes_dim=axes_dim, model=model, expect=wanted)
    if scheme == "xpos":
        cos, sin = _rope_arrays(obj, scheme)
        if not called:
            _require_sizes([cos, sin], scheme, sizes)
        return check_xpos(cos, sin, model=model, expect=wanted)
    if scheme == "rope":
        cos, sin = _rope_arrays(obj)
        if not called:
            _require_sizes([cos, sin], scheme, sizes)
        return check_rope(cos, sin, model=model, expect=wanted)
    single = _single(obj, scheme)
    if not called:
        _require_sizes([single], scheme, sizes)
    if scheme == "alibi":
        return check_alibi(single, model=model, expect=wanted)
    return check_sinusoidal(single, model=model, expect=wanted)


def run(args: argparse.Namespace) -> int:
    result = check_source(args.source, args.scheme, _sizes(args), args.model, args.expect)
    if args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        print(result.summary())
    return 0 if result.matches else 1
