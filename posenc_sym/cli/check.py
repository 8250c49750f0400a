"""``posenc-sym check SOURCE --scheme SCHEME [--json] [--strict | --model M] [--expect K=V,…]``.

SCHEME is one of the scheme registry's check kinds (:func:`posenc_sym.schemes.registry.check_kinds`):
sinusoidal, sinusoidal-2d, rope, rope-axes (multi-axis RoPE: Flux, Qwen2-VL, Pixtral), xpos or alibi
(slopes or a bias).

SOURCE is a ``.npy`` file (a (positions, dims) table, or an ALiBi slope vector), a ``.npz`` file
(a RoPE or xPos cache: arrays ``cos`` and ``sin``; a multi-axis RoPE cache: ``cos``, ``sin`` and
``ids``, optionally ``axes_dim``), or ``module:attribute`` naming an array or a callable
that returns one (called with ``--positions``/``--dim``/``--heads``; for a file or an array, sizes
given must agree with the data). Exit status: 0 matches, 1 mismatch, 2 unusable input (one line
on stderr, nothing on stdout).

With ``--function``, SOURCE is ``module:callable`` and the callable is driven, not read: a rotary
function ``fn(x, positions)`` (``--scheme rope --dim D``; ``--positions N``: the largest position
probed, default 2^20) or an ALiBi bias builder ``fn(q_len, k_len)`` (``--scheme alibi --heads H``)
(:mod:`posenc_sym.app.check_function`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import PosencSymError
from ..schemes.registry import check_kinds

__all__ = ["register", "run"]


def _scheme_help() -> str:
    return "which encoding SOURCE holds: " + ", ".join(f"{k.name} ({k.holds})" for k in check_kinds())


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help="identify an implementation's convention and measure its error",
        description=(
            "Identify the convention of a sinusoidal table (1-D, or 2-D over an image grid), RoPE cos/sin cache "
            "(single- or multi-axis, or with xPos amplitudes), ALiBi slope vector or ALiBi bias and measure it "
            "against the exact encoding. "
            "SOURCE: a .npy file, a .npz file with arrays 'cos' and 'sin' (rope, xpos) and 'ids' "
            "(rope-axes), or module:attribute naming an array or a callable (called with "
            "--positions/--dim/--heads). By default the data are judged in their own precision "
            "(a correct float32 implementation matches); --strict asks for every element within 1 ulp "
            "of the exact value; --expect names the convention meant. "
            "Exit status: 0 matches, 1 mismatch, 2 unusable input."
        ),
    )
    parser.add_argument("source", metavar="SOURCE", help=".npy, .npz, or module:attribute")
    parser.add_argument("--scheme", choices=[k.name for k in check_kinds()], required=True,
                        help=_scheme_help())
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--positions", type=int, help="number of positions to ask a callable for")
    parser.add_argument("--dim", type=int, help="width (d_model or rotary_dim) to ask a callable for")
    parser.add_argument("--heads", type=int, help="number of heads to ask a callable for")
    parser.add_argument(
        "--function",
        action="store_true",
        help="SOURCE is a function to drive, not data: a rotary fn(x, positions) returning x rotated "
        "(--scheme rope --dim D; --positions N: the largest position probed, default 2^20), or an ALiBi "
        "builder fn(q_len, k_len) returning the bias (--scheme alibi --heads H)",
    )
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


def run(args: argparse.Namespace) -> int:
    # Imported here, not at the top: building the parser must not import what other subcommands use.
    if args.function:
        from ..app.check_function import check_function_source as check
    else:
        from ..app.check import check_source as check

    result = check(args.source, args.scheme, _sizes(args), args.model, args.expect)
    if args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        print(result.summary())
    return 0 if result.matches else 1
