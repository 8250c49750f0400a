"""One ALiBi bias reader (``crosscheck/bias_form.py``) for arrays and for the function check: the
biases a builder returns at the function check's sizes, read as arrays.

A few queries over many keys (decoding with a cache), one query over 2^16 keys, bfloat16 rows where
m·j and m·(j + 1) round to one number, masks of −10⁴ and a constant added to each row (what softmax
ignores) are each read as the form they are, and every element is still measured: an element
planted beyond the bound of a row with a constant is a mismatch, within it a match.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest

from posenc_sym.crosscheck import check_alibi
from posenc_sym.crosscheck.load import Declared
from posenc_sym.crosscheck.precision import angle_constant
from posenc_sym.numerics import ulp

from .implementations import bias_impls as bias


def _bfloat16(x: numpy.ndarray) -> Declared:
    """x rounded to nearest bfloat16 (ties to even), held in float32."""
    bits = x.astype(numpy.float32).view(numpy.uint32)
    bits = (bits + numpy.uint32(0x7FFF) + ((bits >> 16) & 1)) & numpy.uint32(0xFFFF0000)
    return Declared(bits.view(numpy.float32), "bfloat16")


def _with_constant(b: numpy.ndarray) -> numpy.ndarray:
    """b plus 0.1 + 0.25·i on row i, in float32: the same bias to softmax."""
    return (b + (numpy.float32(0.1) + numpy.float32(0.25) * numpy.arange(b.shape[1], dtype=numpy.float32))[:, None]
            ).astype(numpy.float32)


CASES = [
    ("symmetric, 3 queries over 300 keys", lambda: bias.x_transformers_alibi(8, 8, 3, 300),
     {"form": "symmetric", "row_offset": "query", "rule": "power-of-two"}),
    ("BLOOM's m·j over 2^16 keys, float32", lambda: bias.bloom_alibi(12, 1 << 16),
     {"form": "linear", "row_offset": 0, "rule": "interpolated"}),
    ("BLOOM's m·j over 2^16 keys, bfloat16", lambda: _bfloat16(bias.bloom_alibi(8, 1 << 16)),
     {"form": "linear", "row_offset": 0, "rule": "power-of-two"}),
    ("causal, masked with -1e4", lambda: bias.causal_alibi(8, 64, mask=-1e4), {"form": "causal", "row_offset": "query"}),
    ("symmetric, a constant on each row", lambda: _with_constant(bias.x_transformers_alibi(12, 12, 16, 16)),
     {"form": "symmetric", "rule": "interpolated"}),
]


@pytest.mark.parametrize(("name", "build", "expected"), CASES, ids=[c[0] for c in CASES])
def test_biases_a_builder_returns_are_read_as_their_form(name: str, build: Any, expected: dict[str, Any]) -> None:
    result = check_alibi(build())
    assert result.verdict == "matches", result.summary()
    found = result.convention_dict()
    assert {k: found[k] for k in expected} == expected


def _bound_with_constant(x: float, c: float, m: float, distance: int, k: int) -> float:
    """The bound of alibi_bias.py for a float32 element at |Δ| = distance of the k-th slope m, on a
    row whose constant c was subtracted: ulp(m·Δ) + |Δ|·(ulp(m) + K·k·m·u) + (ulp(x) + ulp(c))/2 +
    2^-52·(|m·Δ| + |Δ|·m)."""
    u = 2.0**-24
    rounding = float(ulp(m * distance, "float32")) + distance * float(ulp(m, "float32"))
    constant = (float(ulp(abs(x), "float32")) + float(ulp(abs(c), "float32"))) / 2
    return rounding + distance * angle_constant(2.0) * k * m * u + constant + 2.0**-52 * 2 * m * distance


@pytest.mark.parametrize(("factor", "verdict"), [(0.5, "matches"), (3.0, "mismatch"), (-3.0, "mismatch")])
def test_an_element_beyond_the_bound_of_a_row_with_a_constant_is_a_mismatch(factor: float, verdict: str) -> None:
    b = _with_constant(bias.x_transformers_alibi(8, 8, 8, 8))
    h, row, key = 0, 5, 2  # head 0: m = 1/2, the first slope; Δ = −3
    c, x = float(b[h, row, row]), float(b[h, row, key])
    b[h, row, key] = numpy.float32(x + factor * _bound_with_constant(x, c, 0.5, 3, 1))
    result = check_alibi(b)
    assert result.verdict == verdict, result.summary()
    if verdict == "mismatch":
        assert result.notes[-1].startswith(f"1 element(s) outside the native (angle:float32) error model; first: "
                                           f"head {h}[{row}, {key}]")
