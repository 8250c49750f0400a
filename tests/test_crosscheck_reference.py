"""The reference meets its derived bound against mpmath, and the library sin/cos assumption holds."""

from __future__ import annotations

import mpmath
import numpy
from hypothesis import given
from hypothesis import strategies as st

from posenc_sym.numerics import reference_error_bound, sincos_from_frequencies, split_frequencies
from posenc_sym.strategies import dims, positions


@given(positions(), dims(max_dim=1024), st.sampled_from([10000, 500000]), st.data())
def test_reference_within_bound(t: int, d: int, base: int, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, d // 2 - 1))
    with mpmath.workdps(60):
        omega = mpmath.mpf(base) ** (-mpmath.mpf(2 * i) / d)
        exact_s, exact_c = mpmath.sin(t * omega), mpmath.cos(t * omega)
    hi, lo = split_frequencies([omega])
    s, c = sincos_from_frequencies(numpy.array([float(t)]), hi, lo)
    angle = float(t) * hi[0]
    for got, exact in ((s[0, 0], exact_s), (c[0, 0], exact_c)):
        bound = float(reference_error_bound(numpy.array([float(exact)]), angle)[0])
        assert abs(mpmath.mpf(float(got)) - exact) <= bound


@given(st.one_of(st.floats(0, 10), st.floats(0, 2.0**31)))
def test_library_sin_cos_within_two_ulp(x: float) -> None:
    # the assumption step 3 of the reference's derivation rests on
    for f, g in ((numpy.sin, mpmath.sin), (numpy.cos, mpmath.cos)):
        got = float(f(x))
        with mpmath.workdps(60):
            exact = g(mpmath.mpf(x))
        assert abs(mpmath.mpf(got) - exact) <= 2 * numpy.spacing(abs(float(exact)))
