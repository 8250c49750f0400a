"""``posenc-sym check SOURCE --scheme sinusoidal|rope|alibi [--json]``.

SOURCE is a ``.npy`` file (a (positions, dims) table, or an ALiBi slope vector), a ``.npz`` file
(a RoPE cache: arrays ``cos`` and ``sin``), or ``module:attribute`` naming an array or a callable
that returns one (called with ``--positions``/``--dim``/``--heads``). Exit status: 0 matches,
1 mismatch, 2 unusable input (one line on stderr, nothing on stdout).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from ..crosscheck import check_alibi, check_rope, check_sinusoidal, load_source, parse_error_model
from ..crosscheck.result import CheckResult
from ..errors import PosencSymError

__all__ = ["register", "run"]

SCHEMES = ("sinusoidal", "rope", "alibi")


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help="identify an implementation's convention and measure its error",
        description=(
            "Identify the convention of a sinusoidal table, RoPE cos/sin cache or ALiBi slope vector "
            "and measure it against the exact encoding. SOURCE: a .npy file, a .npz file with arrays "
            "'cos' and 'sin' (RoPE), or module:attribute naming an array or a callable (called with "
            "--positions/--dim/--heads). Exit status: 0 matches, 1 mismatch, 2 unusable input."
        ),
    )
    parser.add_argument("source", metavar="SOURCE", help=".npy, .npz, or module:attribute")
    parser.add_argument("--scheme", choices=SCHEMES, required=True, help="which encoding SOURCE holds")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--positions", type=int, help="number of positions to ask a callable for")
    parser.add_argument("--dim", type=int, help="width (d_model or rotary_dim) to ask a callable for")
    parser.add_argument("--heads", type=int, help="number of heads to ask a callable for")
    parser.add_argument(
        "--model",
        default="faithful",
        help="error model: 'faithful' (default: every element within 1 ulp of the exact "
        "value) or 'angle:float32' etc. (angles formed in that format)",
    )
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


def _rope_arrays(obj: Any) -> tuple[Any, Any]:
    if isinstance(obj, Mapping):
        missing = [k for k in ("cos", "sin") if k not in obj]
        if missing:
            raise PosencSymError(
                f"the RoPE source has arrays {sorted(obj)} but no {' or '.join(missing)}; "
                "save them with numpy.savez(path, cos=cos, sin=sin)"
            )
        return obj["cos"], obj["sin"]
    if isinstance(obj, tuple | list) and len(obj) == 2:
        return obj[0], obj[1]
    raise PosencSymError(
        "a RoPE source must give two arrays, cos and sin: a .npz with arrays 'cos' and "
        "'sin', or a callable returning (cos, sin)"
    )


def _single(obj: Any, scheme: str) -> Any:
    if isinstance(obj, Mapping):
        if len(obj) != 1:
            raise PosencSymError(
                f"the {scheme} source holds arrays {sorted(obj)}; pass a .npy file with one array"
            )
        return next(iter(obj.values()))
    return obj


def check_source(
    source: str, scheme: str, sizes: Mapping[str, int], model_text: str = "faithful"
) -> CheckResult:
    """Load ``source`` and run the check for ``scheme`` (the CLI's work, usable from Python)."""
    model = parse_error_model(model_text)
    obj = load_source(source, sizes)
    if scheme == "rope":
        cos, sin = _rope_arrays(obj)
        return check_rope(cos, sin, model=model)
    if scheme == "alibi":
        return check_alibi(_single(obj, scheme), model=model)
    return check_sinusoidal(_single(obj, scheme), model=model)


def run(args: argparse.Namespace) -> int:
    result = check_source(args.source, args.scheme, _sizes(args), args.model)
    if args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        print(result.summary())
    return 0 if result.matches else 1
