"""Hypothesis properties of the generators, against mpmath and against the proven shift T_k.

Positions range up to 2^31, widths are even up to 4096, bases and both dtypes vary. Columns are
sampled (the oracle costs ~50 µs an entry); bounds come from posenc_sym.accuracy, never tuned.
"""

from __future__ import annotations

from typing import Any

import numpy
from hypothesis import example, given
from hypothesis import strategies as st

from posenc_sym import sinusoidal_table
from posenc_sym.accuracy import direct_bound, fast_bound, rotation_bound
from posenc_sym.codegen import compile_unit
from posenc_sym.numerics import accurate_ulp_bound, unit_roundoff
from posenc_sym.reference import sinusoidal_reference

from .test_tables import assert_within_bound

positions = st.integers(0, 2**31 - 1)
widths = st.integers(1, 2048).map(lambda h: 2 * h)
bases = st.sampled_from([10000, 500000, 10, 2, 1000000])
dtypes = st.sampled_from([numpy.float64, numpy.float32])
methods = st.sampled_from(["accurate", "fast", "direct"])


@st.composite
def sampled_columns(draw: Any, width: int) -> list[int]:
    columns = draw(st.lists(st.integers(0, width - 1), min_size=1, max_size=6, unique=True))
    return sorted(columns)


@given(start=positions, width=widths, base=bases, dtype=dtypes, method=methods, data=st.data())
@example(start=2**31 - 2, width=4096, base=10000, dtype=numpy.float64, method="accurate", data=None)
@example(start=2**31 - 2, width=2, base=10000, dtype=numpy.float32, method="fast", data=None)
def test_generated_values_match_mpmath_within_the_method_bound(start: int, width: int, base: int, dtype: Any,
                                                                method: str, data: Any) -> None:
    n = min(2, 2**31 - start)
    columns = data.draw(sampled_columns(width)) if data is not None else [0, 1, width - 1]
    table = sinusoidal_table(n, width, base=base, start=start, dtype=dtype, method=method)[:, columns]
    rows = list(range(start, start + n))
    exact = sinusoidal_reference(rows, width, columns=columns, base=base)
    # Bounds of 2 or more cannot fail for values in [−1, 1]; assert_within_bound checks only the
    # others, and checks "direct" entries against the sin/cos of their own float angle as well.
    assert_within_bound(table, exact, method, dtype, rows, [c // 2 for c in columns],
                        [c % 2 == 1 for c in columns], width, base)


def _row_error(dtype: Any) -> float:
    """Absolute error of an accurate entry (|value| <= 1): bound in ulps × the largest ulp below 1."""
    return accurate_ulp_bound(dtype) * unit_roundoff(dtype)


@given(start=st.integers(0, 2**31 - 2**20 - 1), offset=st.integers(1, 2**20), width=st.integers(1, 256).map(
    lambda h: 2 * h), base=bases, dtype=dtypes)
@example(start=0, offset=1, width=2, base=10000, dtype=numpy.float64)
def test_shift_applied_to_row_t_gives_row_t_plus_k(start: int, offset: int, width: int, base: int,
                                                   dtype: Any) -> None:
    row = sinusoidal_table(1, width, base=base, start=start, dtype=dtype)
    later = sinusoidal_table(1, width, base=base, start=start + offset, dtype=dtype)
    shifted = compile_unit("shift_table")(row, offset, base)
    assert shifted.dtype == dtype
    # Rows from "accurate"; the generated T_k evaluates cos/sin(k·ω) directly in dtype, so its
    # entries carry direct_bound at position k; the rotation runs in dtype.
    rotation = max(direct_bound(offset, p, width, base, 1.0, dtype) for p in range(width // 2))
    bound = rotation_bound(_row_error(dtype), rotation, dtype) + _row_error(dtype)
    assert numpy.abs(shifted.astype(numpy.float64) - later.astype(numpy.float64)).max() <= bound


@given(start=positions, width=widths, base=bases)
def test_fast_rows_are_accurate_rows_rotated(start: int, width: int, base: int) -> None:
    n = min(3, 2**31 - start)
    fast = sinusoidal_table(n, width, base=base, start=start, method="fast")
    accurate = sinusoidal_table(n, width, base=base, start=start, method="accurate")
    # Both within their bounds of the same exact values: fast_bound + accurate's 0.5 ulp <= 2^-54·1.002.
    bound = fast_bound([0.5], numpy.float64)[0] + _row_error(numpy.float64)
    assert numpy.abs(fast - accurate).max() <= bound
