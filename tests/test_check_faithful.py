"""The strict error model of the checker (``--strict``, ``faithful``) means what it says: every
element within 1 ulp. (The default since issue 14 is the data's own precision, which allows the
rounding of float32 angles; these tests name the strict model explicitly.)

A correctly rounded table (``sinusoidal_table``, method "accurate": 0.5 + 2^-10 ulp, derived in
docs/numerics.md) matches; the same table with one element moved by a few ulps does not, and the
checker names that element. Without these a checker that allowed 10 ulps would pass the suite
(``tools/mutants.py``, mutant ``check-wide``).
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest

from posenc_sym import rope_cache, sinusoidal_table
from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal

STRICT = ErrorModel()  # faithful: --strict


def _moved(values: numpy.ndarray, row: int, column: int, ulps: int) -> numpy.ndarray:
    """A copy with values[row, column] moved ``ulps`` representable numbers away from zero."""
    out = values.copy()
    for _ in range(ulps):
        out[row, column] = numpy.nextafter(out[row, column], numpy.copysign(numpy.inf, out[row, column]))
    return out


# The checker grants its reference's own error as slack (crosscheck/measure.py): for float32 data
# at most 2^-50·|v|, below 2^-26 float32 ulp; for float64 data (the accurate kernel) at most
# 2^-52·|v| + 2^-100, under 2 ulps. So a float64 element is surely outside the model only beyond
# 1 + 2 + 0.51 ulps; 6 is well past that. Moved by k ulps from a value
# within 0.5 + 2^-10 ulp, an element is at least k − 0.51 ulps off (the spacing below |v| can be half
# the one above, which only makes the error larger in ulps of v). 9 ulps also lies inside a model
# widened tenfold: that is the case the mutant would let through.
SINUSOIDAL_CASES = [
    (numpy.float32, 0, "matches"), (numpy.float32, 2, "mismatch"), (numpy.float32, 3, "mismatch"),
    (numpy.float32, 9, "mismatch"), (numpy.float64, 0, "matches"), (numpy.float64, 6, "mismatch"),
    (numpy.float64, 9, "mismatch"),
]


@pytest.mark.parametrize(("dtype", "ulps", "verdict"), SINUSOIDAL_CASES)
def test_sinusoidal_table_off_by_a_few_ulps_is_a_mismatch(dtype: Any, ulps: int, verdict: str) -> None:
    table = sinusoidal_table(64, 16, dtype=dtype)
    result = check_sinusoidal(_moved(table, 37, 5, ulps), model=STRICT)
    assert result.verdict == verdict, result.summary()
    if verdict == "mismatch":
        assert "[37, 5]" in result.summary(), result.summary()


@pytest.mark.parametrize(("dtype", "ulps", "verdict"), [
    (numpy.float32, 0, "matches"), (numpy.float32, 2, "mismatch"), (numpy.float32, 9, "mismatch"),
    (numpy.float64, 0, "matches"), (numpy.float64, 9, "mismatch"),
])
def test_rope_cache_off_by_a_few_ulps_is_a_mismatch(dtype: Any, ulps: int, verdict: str) -> None:
    cos, sin = rope_cache(64, 16, dtype=dtype)
    result = check_rope(cos, _moved(sin, 41, 3, ulps), model=STRICT)
    assert result.verdict == verdict, result.summary()
    if verdict == "mismatch":
        assert "sin[41, 3]" in result.summary(), result.summary()


@pytest.mark.parametrize(("ulps", "verdict"), [(0, "matches"), (2, "mismatch"), (9, "mismatch")])
def test_alibi_slopes_off_by_a_few_ulps_are_a_mismatch(ulps: int, verdict: str) -> None:
    # 8 heads: the slopes 2^-1 … 2^-8 are exact in float32; a move of k >= 2 ulps is k ulps off
    # (moving away from zero keeps the spacing of the slope's own binade).
    slopes = (2.0 ** -numpy.arange(1, 9)).astype(numpy.float32)[None, :]
    result = check_alibi(_moved(slopes, 0, 3, ulps)[0], model=STRICT)
    assert result.verdict == verdict, result.summary()
