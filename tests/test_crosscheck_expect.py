"""Expectations, known slips, exact names, and the data's own precision (issue 14).

Expected outcomes are derived, not tuned:

* caches from the accurate kernel (``posenc_sym.rope_cache``, within 0.5 + 2^-28 ulp in float32)
  match under every model, so any base they are built with must be *named* exactly: an estimate
  off by δ relative moves the angle t·ω by t·ω·δ, visible as soon as that passes an ulp;
* a bfloat16 rounding of a float32 cache is off by up to half a bfloat16 ulp, 2^16 float32 ulps:
  outside the float32 models, inside the bfloat16 one (``dtype=bfloat16``);
* float keys compare within K·u (:func:`posenc_sym.crosscheck.expect.float_tolerance`), so the
  tests probe at half and at twice that tolerance, computed here from its definition.
"""

from __future__ import annotations

import math

import numpy
import pytest

from posenc_sym import rope_cache, sinusoidal_table
from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal, check_xpos
from posenc_sym.errors import PosencSymError
from posenc_sym.testing import assert_rope_axes, assert_rope_cache, assert_sinusoidal, assert_xpos_cache

from .implementations import numpy_impls as impl


def _bfloat16(x: numpy.ndarray) -> numpy.ndarray:
    """float32 → bfloat16 (round to nearest, ties to even) → float32, as torch's .bfloat16().float()."""
    b = numpy.ascontiguousarray(x, dtype=numpy.float32).view(numpy.uint32)
    rounded = (b + numpy.uint32(0x7FFF) + ((b >> 16) & numpy.uint32(1))) & numpy.uint32(0xFFFF0000)
    return rounded.view(numpy.float32)


@pytest.mark.parametrize("base", [2000, 8000000, 256, 20000])
def test_a_short_base_is_named_exactly_and_measured_with(base: int) -> None:
    cos, sin = rope_cache(4096, 64, base=base, dtype=numpy.float32)  # Flux-2's RoPE uses base 2000
    for model in (None, ErrorModel()):
        result = check_rope(cos, sin, model=model)
        assert (result.verdict, result.convention_dict()["base"]) == ("matches", base), result.summary()
        assert result.max_ulp_error is not None and result.max_ulp_error <= 0.5 + 2.0**-28
    assert any(n.startswith(f"base {base:g} is not a common one; it is the shortest number") for n in result.notes)


def test_a_base_with_no_short_name_is_shown_as_an_estimate() -> None:
    table = sinusoidal_table(512, 64, base=12345.678)  # float64, accurate: 7+ digits are needed
    result = check_sinusoidal(table)
    found = result.convention_dict()["base"]
    assert found != pytest.approx(12345.7, rel=1e-9)  # not a 6-digit name: none reproduces the data
    assert any(n.startswith(f"base {found:.8g} is estimated from the frequencies") for n in result.notes)


def test_sinusoidal_short_base_in_float64() -> None:
    result = check_sinusoidal(sinusoidal_table(1024, 32, base=2000))
    assert (result.verdict, result.convention_dict()["base"]) == ("matches", 2000)


def test_bfloat16_values_saved_as_float32_are_named_and_checked_as_bfloat16() -> None:
    cos, sin = (_bfloat16(a) for a in rope_cache(1024, 64, dtype=numpy.float32))
    result = check_rope(cos, sin)
    assert result.verdict == "mismatch"
    assert result.notes[0] == (
        "the values are all bfloat16 numbers though stored as float32: the data carry bfloat16 precision "
        "(computed or rounded in bfloat16, then widened); to check them in that precision pass --expect "
        "dtype=bfloat16"
    )
    declared = check_rope(cos, sin, expect="dtype=bfloat16")
    assert (declared.verdict, declared.dtype, declared.error_model) == ("matches", "bfloat16", "native (angle:float32)")
    assert_rope_cache(cos, sin, dtype="bfloat16", base=10000)


def test_float32_values_saved_as_float64_are_named() -> None:
    table = impl.sinusoidal(2048, 32, angle_dtype=numpy.float32).astype(numpy.float64)
    result = check_sinusoidal(table)
    assert result.verdict == "mismatch"
    assert result.notes[0].startswith("the values are all float32 numbers though stored as float64")
    assert check_sinusoidal(table, expect={"dtype": "float32"}).verdict == "matches"


def _tolerance(base: float, unit_roundoff: float) -> float:
    return (3 * abs(math.log(base)) + 4) * unit_roundoff  # K·u of precision.py, written out again


@pytest.mark.parametrize(("multiple", "verdict"), [(0.5, "matches"), (2.0, "mismatch")])
def test_float_keys_compare_within_the_models_relative_tolerance(multiple: float, verdict: str) -> None:
    cos, sin = rope_cache(256, 32, dtype=numpy.float32)
    want = 10000 * (1 + multiple * _tolerance(10000, 2.0**-24))  # native model: float32 angles
    assert check_rope(cos, sin, expect={"base": want}).verdict == verdict


@pytest.mark.parametrize(
    ("expect", "verdict", "note"),
    [
        ({"factor": 4}, "matches", None),
        ({"scaling_params.factor": 4, "scaling": "linear"}, "matches", None),
        ({"factor": 2}, "mismatch", "expected scaling_params.factor=2, found scaling_params.factor=4"),
        ({"scaling": "none"}, "mismatch", "expected scaling='none', found scaling='linear'"),
        ({"alpha": 8}, "mismatch", "expected alpha=8, found alpha=None"),
        ({"pairing": "adjacent"}, "mismatch", "expected pairing='adjacent', found pairing='halves'"),
        ({"start": 1}, "mismatch", "expected start=1, found start=0"),
    ],
)
def test_nested_and_top_level_keys(expect: dict, verdict: str, note: str | None) -> None:
    cos, sin = impl.rope_cache(512, 64, scaling="linear", factor=4.0)
    result = check_rope(cos, sin, expect=expect)
    assert result.verdict == verdict, result.summary()
    assert result.as_json()["expected"] == expect
    if note is not None:
        assert result.notes[0] == note


def test_rope_doubled_exponent_is_a_slip() -> None:
    cos, sin = impl.rope_cache(512, 64, base=1e8)
    result = check_rope(cos, sin)
    assert result.verdict == "mismatch"
    assert result.notes[0].startswith("known slip: the frequencies are (10000²)^(−2i/d)")
    # the note names the key that carries the slip (base 10^8, or 10000 over a denominator of 32)
    suggestion = result.notes[0].rpartition("pass --expect ")[2]
    assert suggestion in ("base=100000000", "exponent_denominator=32")
    assert check_rope(cos, sin, expect=suggestion).verdict == "matches"
    # what the engineer wrote (rope_theta = 10^8) accepts it too, whichever key the note names
    assert check_rope(cos, sin, expect="base=100000000").verdict == "matches"
    assert check_rope(cos, sin, expect="base=10000").verdict == "mismatch"


def test_assertion_helpers_name_the_difference() -> None:
    cos, sin = rope_cache(64, 16, dtype=numpy.float32)
    with pytest.raises(AssertionError) as info:
        assert_rope_cache(cos, sin, base=500000)
    described = ", ".join(f"{k}={v}" for k, v in check_rope(cos, sin).convention)  # all keys found
    assert described.startswith("pairing=halves, base=10000, scaling=none, scaling_params={}, start=0")
    assert str(info.value) == f"rope convention differs: expected base=500000, found base=10000 (found: {described})"
    with pytest.raises(PosencSymError, match=r"^'bass' is not a sinusoidal convention key; use one of: base, "):
        assert_sinusoidal(sinusoidal_table(16, 4), bass=10000)


def test_float32_slopes_powered_in_float32_match_by_default() -> None:
    n = 12
    slopes = numpy.array([2.0 ** (-8 * (h + 1) / 16) for h in range(0, 2 * 8, 2)][: n - 8], dtype=numpy.float32)
    slopes = numpy.concatenate([numpy.float32(2.0) ** (-numpy.arange(1, 9, dtype=numpy.float32)), slopes])
    result = check_alibi(slopes)
    assert (result.verdict, result.error_model) == ("matches", "native (angle:float32)")


def test_a_nonzero_value_at_an_exact_zero_is_reported_in_absolute_terms() -> None:
    table = sinusoidal_table(64, 16)
    table[0, 0] = 1e-31  # sin(0·ω) is exactly 0; an ulp there is the smallest subnormal
    result = check_sinusoidal(table)
    assert result.verdict == "mismatch"
    assert result.worst is not None and result.worst.describe() == (
        "[0, 0] (position 0, column 0): 1e-31 where the exact value is 0, 1e-31 off"
    )
    assert result.max_ulp_error is not None and result.max_ulp_error < 1.0  # the other elements: exact


def test_worst_element_is_the_one_nearest_the_models_bound() -> None:
    # float32 angles: elements near zeros of sin/cos are many ulps off, yet well inside the model;
    # the worst is the element with the largest error relative to the model's bound
    table = impl.sinusoidal(4096, 32, angle_dtype=numpy.float32)
    result = check_sinusoidal(table)
    assert result.worst is not None and result.max_ulp_error is not None
    assert result.worst.ulp_error < result.max_ulp_error


def test_a_wide_table_diagnosis_says_which_columns_it_read() -> None:
    wide = numpy.sin(numpy.arange(20.0)[:, None] * numpy.linspace(0.001, 1.0, 2001)[None, :])  # sin only
    result = check_sinusoidal(wide)
    assert any(n.startswith("1024 of the first 1024 of 2001 columns have no partner") for n in result.notes), (
        result.notes
    )


def test_sin_and_cos_columns_of_different_frequencies_are_named() -> None:
    # 10000^(2j/d) with j the column index for sin (even j) and cos (odd j) alike: each column has
    # its own frequency 10000^(−2j/d), ratio 10000^(−2/32) = 0.562341… from one column to the next
    t = numpy.arange(256.0)[:, None]
    j = numpy.arange(32)
    angles = t / 10000.0 ** (2 * j / 32)
    table = numpy.where(j % 2 == 0, numpy.sin(angles), numpy.cos(angles))
    result = check_sinusoidal(table)
    assert result.verdict == "mismatch"
    assert (
        "sin and cos columns run at different frequencies: every column j turns at its own ω_j ≈ "
        "1·0.562341^j, so no two columns are sin/cos of one angle; this is ω_j = b^(−2j/d) with b ≈ 10000 "
        "for every column, the exponent built from each column's own index j where the pair index belongs"
    ) in result.notes


@pytest.mark.parametrize(
    ("expect", "verdict"),
    [
        ("base=10000,exponent_denominator=d-2", "matches"),  # as identified
        ("base=1000000,exponent_denominator=d", "matches"),  # 10^6^(2i/6) = 10^4^(2i/4): the same numbers
        # a base alone is read with the denominator found and with the default d: 10^6 over d is
        # these numbers, so an engineer who wrote base 10^6 (and the default d) is right
        ("base=1000000", "matches"),
        ("base=100000", "mismatch"),  # over d−2 or d: other frequencies
        ("exponent_denominator=d", "mismatch"),  # with the base found: other frequencies
    ],
)
def test_base_and_denominator_that_trade_off_exactly_are_not_a_difference(expect: str, verdict: str) -> None:
    table = impl.sinusoidal(256, 6, denominator="d-2")  # d = 6: 10000^(−2i/4) = (10^6)^(−2i/6)
    assert check_sinusoidal(table, expect=expect).verdict == verdict


def test_expectations_on_data_no_convention_fits_are_not_an_error() -> None:
    # keys the unidentified convention does not list (scale) must not be refused: the mismatch
    # and the diagnosis say why nothing fits
    result = check_sinusoidal(impl.sin_only(300, 16), expect="scale=2,layout=split")
    assert (result.verdict, result.as_json()["expected"]) == ("mismatch", {"scale": 2, "layout": "split"})


def test_elements_the_model_cannot_constrain_are_named() -> None:
    # float32 angles at positions near 2^22: K·t·ω·2^-24 ≥ 2 for the fastest pairs, a bound that
    # spans [−1, 1], so those elements pass whatever they hold; the verdict must say so
    cos, sin = impl.rope_cache(64, 64, start=2**22, angle_dtype=numpy.float32)
    result = check_rope(cos, sin)
    note = next(n for n in result.notes if "are not checked by the native (angle:float32) model" in n)
    assert note.endswith(
        "model: its bound there spans the whole range of values, so any value would pass (the angles are "
        "too large for that precision); --strict checks them"
    )
    assert check_rope(cos, sin, model=ErrorModel()).verdict == "mismatch"
    small = check_rope(*impl.rope_cache(4096, 64, angle_dtype=numpy.float32))
    assert not any("are not checked" in n for n in small.notes)


def _moved(values: numpy.ndarray, row: int, column: int, ulps: int) -> numpy.ndarray:
    out = values.copy()
    for _ in range(ulps):
        out[row, column] = numpy.nextafter(out[row, column], numpy.copysign(numpy.inf, out[row, column]))
    return out


@pytest.mark.parametrize(("extra", "verdict"), [(-1, "matches"), (2, "mismatch")])
def test_the_native_model_still_catches_an_element_beyond_its_bound(extra: int, verdict: str) -> None:
    # element [37, 5] of a correctly rounded float32 table (within 0.5 + 2^-28 ulp): pair 2, so
    # θ = 37·10000^(−4/16); the native float32 bound is ulp(v) + K·θ·2^-24, K = 3·ln 10000 + 4.
    # Moved by k ulps the element is within k + 0.5 ulp (plus 2^-28) and at least k − 0.5 off.
    table = sinusoidal_table(64, 16, dtype=numpy.float32)
    v = float(table[37, 5])
    unit = float(numpy.spacing(numpy.float32(abs(v))))  # ulp in v's binade
    allowed = 1 + (3 * math.log(10000) + 4) * 37 * 10000 ** (-4 / 16) * 2.0**-24 / unit
    ulps = int(allowed) + extra if extra < 0 else math.ceil(allowed) + extra
    result = check_sinusoidal(_moved(table, 37, 5, ulps))
    assert result.verdict == verdict, result.summary()


@pytest.mark.parametrize("factor", [1.25, 2.7])
def test_a_linear_factor_off_the_halves_is_named_exactly(factor: float) -> None:
    # before: factor 1.25000000000137 at base 9999.9999990581, both estimates
    cos, sin = impl.rope_cache(2048, 64, scaling="linear", factor=factor)
    found = check_rope(cos, sin).convention_dict()
    assert (found["scaling"], found["scaling_params"], found["base"]) == ("linear", {"factor": factor}, 10000)


def _xpos(base: float, n: int = 128, dim: int = 16) -> tuple[numpy.ndarray, numpy.ndarray]:
    """torchscale's xPos amplitudes on a RoPE cache of ``base`` (adjacent pairs), float64."""
    t, p = numpy.arange(n, dtype=numpy.float64)[:, None], numpy.arange(dim // 2)
    amp = ((2 * p + 0.4 * dim) / (1.4 * dim)) ** ((t - n // 2) / 512)
    angle = t * base ** (-2.0 * p / dim)
    return numpy.repeat(numpy.cos(angle) * amp, 2, 1), numpy.repeat(numpy.sin(angle) * amp, 2, 1)


@pytest.mark.parametrize(
    ("base", "expect", "verdict"),
    [(10000.0, None, "matches"), (1e8, None, "mismatch"), (1e8, "base=100000000", "matches")],
)
def test_xpos_doubled_exponent_is_a_slip_unless_expected(base: float, expect: str | None, verdict: str) -> None:
    result = check_xpos(*_xpos(base), expect=expect)
    assert result.verdict == verdict
    if verdict == "mismatch":
        assert result.notes[0].startswith("known slip: the frequencies are (10000²)^(−2i/d)")


def test_assertion_helpers_for_multi_axis_and_xpos() -> None:
    ids = impl.flux_ids(6, 6, text=2)
    cos, sin = impl.flux_pos_embed(ids, (8, 12, 12))
    assert assert_rope_axes(cos, sin, ids, axes_dim=[8, 12, 12], pairing="adjacent").verdict == "matches"
    with pytest.raises(
        AssertionError,
        match=r"^rope-axes convention differs: expected axes_dim=\[8, 8, 16\], found axes_dim=\[8, 12, 12\] ",
    ):
        assert_rope_axes(cos, sin, ids, axes_dim=[8, 8, 16])
    # blocks forced on the check: the wrong widths are measured, and the data do not meet the model
    with pytest.raises(AssertionError, match=r"^rope-axes data do not meet the native \(angle:float32\) error model"):
        assert_rope_axes(cos, sin, ids, blocks=(8, 8, 16))
    cos, sin = impl.xpos_cache(256, 32)
    assert assert_xpos_cache(cos, sin, scale_base=512, amplitude_centre=128).verdict == "matches"
    with pytest.raises(
        AssertionError, match=r"^xpos convention differs: expected amplitude_sign=-1, found amplitude_sign=1 "
    ):
        assert_xpos_cache(cos, sin, amplitude_sign=-1)
