"""Benchmark the function checks (issue 21: every function check under 30 s): time of each check,
and its ratio to a baseline taken in this run — one call of the function on as many tokens as the
check's probe sends it (rotary: every probed position times D basis vectors; ALiBi: every call
of the plan), i.e. the function's own cost on the probe's input.

Cases: NumPy and torch re-implementations (``tests/implementations``), and, where transformers
is installed, the library's own functions (Llama plain and llama3, GPT-NeoX partial rotary,
GPT-J, BLOOM's ALiBi), at head width 128 and 64 heads for ALiBi (the plan's largest call is 64
heads × 2^16 keys).

Run from the repository root: ``python -m benchmarks.bench_function_check``.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy

from posenc_sym import check_alibi_function, check_rotary_function
from posenc_sym.crosscheck.function_alibi import CALLS
from posenc_sym.crosscheck.function_positions import IDENTIFY, default_offsets, plan_positions
from tests.implementations import alibi_functions, rotary_functions

TARGET_SECONDS = 30.0
D = 128


def timed(fn: Callable[[], Any]) -> float:
    return timed_result(fn)[0]


def timed_result(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def rotary_baseline(fn: Any, torch_tensors: bool, max_position: int) -> float:
    positions = numpy.unique(numpy.concatenate([IDENTIFY, *plan_positions(default_offsets(max_position))]))
    tokens = numpy.repeat(positions, D).astype(numpy.int64)
    x = numpy.random.default_rng(0).standard_normal((tokens.size, D)).astype(numpy.float32)
    if torch_tensors:
        import torch

        x, tokens = torch.from_numpy(x), torch.from_numpy(tokens)
    fn(x[:D], tokens[:D])  # warm-up: first-call costs belong to neither side
    return timed(lambda: fn(x, tokens))


def alibi_baseline(fn: Any) -> float:
    fn(8, 8)  # warm-up
    return timed(lambda: [fn(q, k) for q, k in CALLS])


def rotary_cases() -> list[tuple[str, Any, bool, int]]:
    cases: list[tuple[str, Any, bool, int]] = [("NumPy rotate_half", rotary_functions.make(), False, 1 << 20)]
    if importlib.util.find_spec("torch") is not None:
        from tests.implementations import torch_functions

        faithful = torch_functions.llama(torch_functions.llama_inv_freq(D))
        cases.append(("torch Llama (faithful)", faithful, True, 1 << 20))
    if importlib.util.find_spec("transformers") is not None:
        from tests.implementations import transformers_functions as hf

        cases += [
            ("transformers Llama", hf.llama(D), True, 1 << 20),
            ("transformers Llama 3.1 (llama3)", hf.llama3(D), True, 1 << 20),
            ("transformers GPT-NeoX partial", hf.gpt_neox(D), True, 1 << 20),
            ("transformers GPT-J", hf.gptj(D), True, 4096),
        ]
    return cases


def alibi_cases() -> list[tuple[str, Any, int]]:
    cases: list[tuple[str, Any, int]] = [
        ("NumPy causal ALiBi, 64 heads", alibi_functions.make(64), 64),
        ("NumPy symmetric ALiBi, 64 heads", alibi_functions.make(64, form="symmetric"), 64),
    ]
    if importlib.util.find_spec("transformers") is not None:
        from tests.implementations import transformers_functions as hf

        cases.append(("transformers BLOOM build_alibi_tensor, 64 heads", hf.bloom_alibi(64), 64))
    return cases


def main() -> None:
    print(f"{'case':48s} {'check s':>8s} {'baseline s':>11s} {'ratio':>7s}  verdict")
    worst = 0.0
    for name, fn, torch_tensors, max_position in rotary_cases():
        base = rotary_baseline(fn, torch_tensors, max_position)
        seconds, result = timed_result(partial(check_rotary_function, fn, dim=D, max_position=max_position))
        worst = max(worst, seconds)
        print(f"{name:48s} {seconds:8.2f} {base:11.3f} {seconds / base:7.1f}  {result.verdict}")
    for name, fn, heads in alibi_cases():
        base = alibi_baseline(fn)
        seconds, result = timed_result(partial(check_alibi_function, fn, heads=heads))
        worst = max(worst, seconds)
        print(f"{name:48s} {seconds:8.2f} {base:11.3f} {seconds / base:7.1f}  {result.verdict}")
    print(f"slowest check {worst:.2f} s (target: under {TARGET_SECONDS:.0f} s)")


if __name__ == "__main__":
    main()
