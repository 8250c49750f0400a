"""posenc_sym.numerics: float formats, ulp, exact inputs, double-doubles and turns; and the rule that
it holds the package's only ulp and only sin/cos engine.

Expected values are computed independently of the code under test: numpy.finfo and numpy.spacing
for the IEEE formats, bit patterns for bfloat16, exact rational arithmetic (fractions, Python
ints) for the double-double and turn arithmetic, mpmath called directly for conversions. The
sin/cos kernel itself is held to its bound in test_tables.py, the libm reference in
test_crosscheck_reference.py.
"""

from __future__ import annotations

import ast
import importlib
import math
import pkgutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import mpmath
import numpy
import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st
from mpmath.libmp import normalize, round_down, round_nearest

import posenc_sym
from posenc_sym import numerics
from posenc_sym.errors import PosencSymError
from posenc_sym.numerics import (
    FORMATS,
    FloatFormat,
    accurate_sincos,
    add_turns,
    data_format,
    split_mpf,
    to_mpf,
    turn_words,
    turns,
    two_product,
    ulp,
    ulp_error,
)
from posenc_sym.numerics.turns import TurnWords

PACKAGE = Path(posenc_sym.__file__).parent
IEEE = {"float64": numpy.float64, "float32": numpy.float32, "float16": numpy.float16}

# ---------------------------------------------------------------------------------------------- formats


@pytest.mark.parametrize("name", sorted(IEEE))
def test_ieee_formats_agree_with_numpy_finfo(name: str) -> None:
    info = numpy.finfo(IEEE[name])
    assert (FORMATS[name].precision, FORMATS[name].emin) == (info.nmant + 1, info.minexp)


def test_bfloat16_is_the_upper_half_of_float32() -> None:
    # bfloat16 keeps float32's sign and 8 exponent bits and the top 7 of its 23 fraction bits
    info = numpy.finfo(numpy.float32)
    assert (FORMATS["bfloat16"].precision, FORMATS["bfloat16"].emin) == (info.nmant + 1 - 16, info.minexp)


@pytest.mark.parametrize("fmt", ["float32", numpy.float32, numpy.dtype("float32"), FORMATS["float32"]])
def test_a_format_is_named_by_string_dtype_or_itself(fmt: Any) -> None:
    assert data_format(fmt) is FORMATS["float32"]


NOT_A_FORMAT = "is not a floating-point format; pass float64, float32, float16 or bfloat16 data"


@pytest.mark.parametrize(("fmt", "message"), [
    ("int64", f"dtype int64 {NOT_A_FORMAT}"),
    (numpy.int32, f"dtype int32 {NOT_A_FORMAT}"),
    ("float8", f"dtype float8 {NOT_A_FORMAT}"),
    (None, f"dtype None {NOT_A_FORMAT}"),
    (numpy.complex128, f"dtype complex128 {NOT_A_FORMAT}"),
])
def test_an_unknown_format_is_refused_by_name(fmt: Any, message: str) -> None:
    for call in (lambda: data_format(fmt), lambda: ulp(1.0, fmt), lambda: ulp(numpy.ones(2), fmt)):
        with pytest.raises(PosencSymError) as info:
            call()
        assert str(info.value) == message


# -------------------------------------------------------------------------------------------------- ulp


@pytest.mark.parametrize(("value", "fmt", "expected"), [
    (1.0, numpy.float64, 2.0**-52), (0.999, numpy.float64, 2.0**-53), (0.0, numpy.float64, 2.0**-1074),
    (-0.0, "float64", 2.0**-1074), (5e-324, "float64", 2.0**-1074),
    (1.0, numpy.float32, 2.0**-23), (0.75, numpy.float32, 2.0**-24), (2.0**-140, numpy.float32, 2.0**-149),
    (mpmath.mpf(3) / 7, numpy.float64, 2.0**-54), (-5.0, numpy.float32, 2.0**-21),
    (1.0, "float16", 2.0**-10), (2.0**-20, "float16", 2.0**-24), (65504.0, "float16", 32.0),
    (1.0, "bfloat16", 2.0**-7), (3.0, "bfloat16", 2.0**-6), (2.0**-130, "bfloat16", 2.0**-133),
    # an integer is taken exactly: 2^60 − 1 lies below 2^60, though float(2^60 − 1) == 2^60
    (2**60 - 1, "float64", 2.0**7), (-(2**53) - 1, "float64", 2.0), (0, "float32", 2.0**-149),
    (-(mpmath.mpf(2) ** -1100), "float64", 2.0**-1074), (numpy.float32(0.1), "float32", 2.0**-27),
])
def test_ulp_table(value: Any, fmt: Any, expected: float) -> None:
    assert ulp(value, fmt) == expected


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, mpmath.inf, -mpmath.inf, mpmath.nan])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_value_without_finite_spacing_has_an_infinite_ulp(value: Any, fmt: str) -> None:
    assert ulp(value, fmt) == math.inf
    assert ulp(numpy.array([value], dtype=object), fmt).tolist() == [math.inf]
    assert ulp(numpy.array([float(value)]), fmt).tolist() == [math.inf]


@given(st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(sorted(FORMATS)))
@example(2.0**-1074, "float64")
@example(-(2.0**-126), "bfloat16")
def test_scalar_object_and_float_array_paths_agree(x: float, fmt: str) -> None:
    scalar = ulp(x, fmt)
    assert ulp(numpy.array([x]), fmt)[0] == scalar
    assert ulp(numpy.array([x], dtype=object), fmt)[0] == scalar
    assert ulp(numpy.array([mpmath.mpf(x)], dtype=object), fmt)[0] == scalar
    assert ulp([x, x], fmt).tolist() == [scalar, scalar]


def _below_max(x: Any) -> bool:
    # numpy.spacing at the largest finite number is inf (its upper neighbour overflows)
    return bool(abs(x) < numpy.finfo(type(x)).max)


@given(st.data(), st.sampled_from(sorted(IEEE)))
def test_ulp_of_a_format_number_is_numpy_spacing(data: st.DataObject, name: str) -> None:
    width = numpy.finfo(IEEE[name]).bits
    x = IEEE[name](data.draw(st.floats(width=width, allow_nan=False, allow_infinity=False).filter(
        lambda v: _below_max(IEEE[name](v)))))
    expected = float(numpy.spacing(abs(x)))
    assert ulp(x, name) == expected
    assert ulp(numpy.array([x]), name)[0] == expected


@given(st.integers(0, 0x7F7E), st.booleans())
@example(0, False)
@example(0x0080, True)  # the smallest normal
def test_ulp_of_a_bfloat16_number_is_the_gap_to_its_neighbour(bits: int, negative: bool) -> None:
    # bfloat16 numbers are float32 bit patterns with the low 16 bits zero; 0x7F7F is the largest
    # finite one, so bits + 1 is its upper neighbour (of the same sign as the magnitude grows)
    as_float = numpy.array([bits << 16, (bits + 1) << 16], dtype=numpy.uint32).view(numpy.float32).astype(numpy.float64)
    x = -as_float[0] if negative else as_float[0]
    assert ulp(float(x), "bfloat16") == as_float[1] - as_float[0]


@given(st.integers(1, 2**90), st.integers(-140, 126), st.sampled_from(["float64", "float32"]))
def test_ulp_of_an_exact_value_is_the_spacing_of_its_binade(man: int, binade: int, name: str) -> None:
    # v lies in [2^binade, 2^(binade+1)); truncated toward zero to the format's precision it stays
    # in that binade, where the format's spacing (numpy.spacing) is the ulp of every number
    with mpmath.workprec(200):  # v keeps all of man's bits
        v = mpmath.mpf(normalize(0, man, binade - man.bit_length() + 1, man.bit_length(), 200, round_nearest))
    p = FORMATS[name].precision
    truncated = IEEE[name](float(mpmath.mpf(normalize(*v._mpf_, p, round_down))))
    assert ulp(v, name) == float(numpy.spacing(truncated))


def test_ulp_error_of_a_correctly_rounded_value_is_at_most_half() -> None:
    with mpmath.workdps(50):
        exact = [mpmath.mpf(1) / 3, mpmath.sqrt(2), mpmath.pi]
    values64 = numpy.array([float(x) for x in exact])
    assert (ulp_error(values64, exact) <= 0.5).all()
    # One float32 step away from the rounded value is between 0.5 and 1.5 ulp.
    values32 = numpy.nextafter(values64.astype(numpy.float32), numpy.float32(10))
    errors = ulp_error(values32, exact)
    assert ((errors > 0.5) & (errors < 1.5)).all()
    # float16 data are measured in float16 ulps: 1/3 rounds to 1365/4096, 2^-12/3 below it, and
    # ulp(1/3) = 2^-12 in float16: a third of an ulp (float(1/12288)·2^12 is exactly float(1/3))
    assert ulp_error(numpy.array([1 / 3], dtype=numpy.float16), exact[:1]).tolist() == [1 / 3]


# ------------------------------------------------------------------------------------------ exact inputs


def _at(dps: int, make: Any) -> mpmath.mpf:
    with mpmath.workdps(dps):
        return make()


@pytest.mark.parametrize(("value", "dps", "expected"), [
    (7, 30, lambda: mpmath.mpf(7)),
    (numpy.int64(-7), 30, lambda: mpmath.mpf(-7)),
    (Fraction(1, 3), 30, lambda: mpmath.mpf(1) / 3),
    ("0.1", 30, lambda: mpmath.mpf("0.1")),
    (0.1, 30, lambda: mpmath.mpf(0.1)),  # the binary number 0.1000000000000000055511151231257827
    (numpy.float32(0.1), 30, lambda: mpmath.mpf(13421773) / 2**27),
    (sympy.Rational(1, 3), 30, lambda: mpmath.mpf(1) / 3),
    (sympy.pi, 40, lambda: +mpmath.pi),
    (sympy.sqrt(2) / 7, 40, lambda: mpmath.sqrt(2) / 7),
    (sympy.Integer(10000) ** sympy.Rational(-3, 8), 60, lambda: mpmath.mpf(10000) ** (-mpmath.mpf(3) / 8)),
])
def test_to_mpf_reads_every_exact_input(value: Any, dps: int, expected: Any) -> None:
    before = mpmath.mp.prec
    assert to_mpf(value, dps) == _at(dps, expected)
    assert mpmath.mp.prec == before


def test_to_mpf_refuses_a_free_symbol() -> None:
    with pytest.raises(TypeError) as info:
        to_mpf(sympy.Symbol("b"), 20)
    assert str(info.value) == "cannot create mpf from b"


# ---------------------------------------------------------------------------------------- double-double


def _nearest(x: Fraction, got: float) -> bool:
    """``got`` is a float64 nearest to x (ties to even), checked against both neighbours."""
    if not math.isfinite(got):
        return False
    here = abs(x - Fraction(got))
    for neighbour in (math.nextafter(got, -math.inf), math.nextafter(got, math.inf)):
        if math.isfinite(neighbour):
            there = abs(x - Fraction(neighbour))
            if there < here or (there == here and int(numpy.float64(got).view(numpy.int64)) & 1):
                return False  # a nearer neighbour, or a tie not broken to the even significand
    return True


@given(st.integers(1, 2**200), st.integers(-1300, 900), st.booleans())
@example(2**53 + 1, 0, False)  # a tie: 2^53 + 1 rounds to the even 2^53
@example(3, -1075, False)  # a tie among the subnormals: 1.5·2^-1074 rounds to the even 2^-1073
@example(1, -1074, True)
def test_split_mpf_is_two_correct_roundings(man: int, exp: int, negative: bool) -> None:
    raw = normalize(int(negative), man, exp, man.bit_length(), 400, round_nearest)
    w = Fraction(-man if negative else man) * Fraction(2) ** exp
    if abs(w) >= 2**1024 - 2**970:  # rounds to inf: test_split_mpf_out_of_range
        return
    hi, lo = split_mpf(raw)
    assert _nearest(w, hi)
    assert _nearest(w - Fraction(hi), lo)
    with mpmath.workprec(400):
        assert split_mpf(mpmath.mpf(raw)) == (hi, lo)


@pytest.mark.parametrize(("raw", "expected"), [
    ((0, 1, 5000, 1), (math.inf, -math.inf)), ((1, 1, 5000, 1), (-math.inf, math.inf)), ((0, 0, 0, 0), (0.0, 0.0)),
])
def test_split_mpf_out_of_range(raw: tuple[int, int, int, int], expected: tuple[float, float]) -> None:
    assert split_mpf(raw) == expected


floats_for_products = st.one_of(st.just(0.0), st.floats(2.0**-400, 2.0**400), st.floats(-(2.0**400), -(2.0**-400)))


@given(floats_for_products, floats_for_products)
@example(0.1, 3.0)
@example(1.0 + 2.0**-52, 1.0 - 2.0**-53)
def test_two_product_is_exact(a: float, b: float) -> None:
    p, e = two_product(numpy.array([a]), numpy.array([b]))
    assert Fraction(float(p[0])) + Fraction(float(e[0])) == Fraction(a) * Fraction(b)


# ------------------------------------------------------------------------------------------------ turns


def _words(g: int) -> TurnWords:
    mask = (1 << 64) - 1
    return TurnWords(*(numpy.array([(g >> s) & mask], dtype=numpy.uint64) for s in (128, 64, 0)))


def _as_int(u: Any, v: Any) -> int:
    return (int(u) << 64) | int(v)


@given(st.integers(0, 2**32 - 1), st.integers(0, 2**192 - 1))
@example(2**32 - 1, 2**192 - 1)
def test_turns_are_the_exact_product_truncated_to_128_bits(t: int, g: int) -> None:
    u, v = turns(numpy.array([t]), _words(g))
    assert _as_int(u[0, 0], v[0, 0]) == ((t * g) >> 64) % 2**128


@given(st.integers(0, 2**31 - 1), st.integers(0, 2**31), st.integers(0, 2**192 - 1))
def test_added_turns_lose_at_most_one_unit_of_2_to_the_minus_128(t1: int, t2: int, g: int) -> None:
    # floor(a) + floor(b) is floor(a + b) or one less: the one dropped tail of each call
    words = _words(g)
    u, v = add_turns(turns(numpy.array([t1]), words), turns(numpy.array([t2]), words))
    exact = ((t1 + t2) * g >> 64) % 2**128
    assert (exact - _as_int(u[0, 0], v[0, 0])) % 2**128 in (0, 1)


@pytest.mark.parametrize("frequency", [1, Fraction(1, 3), "0.001", sympy.pi / 7, 10000 ** sympy.Rational(-5, 16)])
def test_turn_words_are_the_leading_192_bits_of_the_turn_fraction(frequency: Any) -> None:
    # computed again at 600 bits: the same floor unless g·2^192 were within 2^-128 of an integer
    with mpmath.workprec(600):
        g = to_mpf(frequency, 180) / (2 * mpmath.pi)
        expected = int(mpmath.floor((g - mpmath.floor(g)) * mpmath.mpf(2) ** 192))
    words = turn_words([frequency])
    assert (int(words.w0[0]) << 128) | (int(words.w1[0]) << 64) | int(words.w2[0]) == expected


def test_turns_refuse_positions_out_of_range() -> None:
    with pytest.raises(PosencSymError) as info:
        turns(numpy.array([-1, 5]), turn_words([1]))
    assert str(info.value) == "positions span -1..5; the accurate kernel takes integers in 0..2**32-1"


# --------------------------------------------------------------------------------------- sin/cos kernel


@given(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=8),
       st.lists(st.fractions(Fraction(1, 10**6), 1000), min_size=1, max_size=4))
def test_float32_results_are_the_float64_results_rounded_once(positions: list[int], freqs: list[Fraction]) -> None:
    # the kernel's last addition writes into the float32 output: one rounding of the float64 sum
    s64, c64 = accurate_sincos(positions, freqs, numpy.float64)
    s32, c32 = accurate_sincos(positions, freqs, numpy.float32)
    assert numpy.array_equal(s32, s64.astype(numpy.float32)) and numpy.array_equal(c32, c64.astype(numpy.float32))


# ------------------------------------------------------------------------ one ulp, one sin/cos engine

#: Functions whose call computes a sine or cosine numerically (SymPy's build expressions: not listed).
NUMERIC_TRIG = {"sin", "cos", "sinpi", "cospi", "cos_sin", "sincos"}
NUMERIC_MODULES = {"numpy", "np", "math", "mpmath", "torch"}


def _trouble(source: str, exported: set[str]) -> list[str]:
    """Top-level definitions of a name numerics exports, and numeric sin/cos calls, in ``source``."""
    tree = ast.parse(source)
    found = []
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        found += [f"defines {n}" for n in names if n in exported]
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in NUMERIC_TRIG
                and isinstance(node.func.value, ast.Name) and node.func.value.id in NUMERIC_MODULES):
            found.append(f"calls {node.func.value.id}.{node.func.attr} (line {node.lineno})")
    return found


def test_the_reader_finds_a_planted_ulp_and_a_planted_sine() -> None:
    planted = "import numpy\n\ndef ulp(x, f):\n    return x\n\nMAX_POSITION = 3\ny = numpy.sin(2.0)\n"
    assert _trouble(planted, set(numerics.__all__)) == ["defines ulp", "defines MAX_POSITION",
                                                        "calls numpy.sin (line 7)"]


def _sources(*units: str) -> list[Path]:
    return [p for unit in units for p in sorted((PACKAGE / unit).rglob("*.py"))]


@pytest.mark.parametrize("path", _sources("tables", "crosscheck"), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_tables_and_crosscheck_have_no_ulp_or_sin_cos_of_their_own(path: Path) -> None:
    assert _trouble(path.read_text(encoding="utf-8"), set(numerics.__all__)) == []


def test_nothing_outside_numerics_defines_what_numerics_exports() -> None:
    exported = set(numerics.__all__)
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if PACKAGE / "numerics" not in path.parents:
            defines = [t for t in _trouble(path.read_text(encoding="utf-8"), exported) if t.startswith("defines")]
            if defines:
                offenders[str(path.relative_to(PACKAGE))] = defines
    assert offenders == {}


def _modules_of(package: str) -> list[Any]:
    root = importlib.import_module(package)
    return [root] + [importlib.import_module(m.name) for m in pkgutil.walk_packages(root.__path__, package + ".")]


def test_every_ulp_and_engine_name_in_the_package_is_the_numerics_object() -> None:
    modules = [posenc_sym, *_modules_of("posenc_sym.tables"), *_modules_of("posenc_sym.crosscheck"),
               importlib.import_module("posenc_sym.accuracy"), importlib.import_module("posenc_sym.reference")]
    seen = 0
    for module in modules:
        for name in numerics.__all__:
            if hasattr(module, name):
                seen += 1
                assert getattr(module, name) is getattr(numerics, name), f"{module.__name__}.{name}"
    assert seen >= 10  # the rule is exercised: these modules do use the engine and the ulp
    assert posenc_sym.ulp is numerics.ulp and posenc_sym.ulp_error is numerics.ulp_error


def test_format_facts_are_kept_once() -> None:
    # FloatFormat is a frozen value; every format the crosscheck names comes from FORMATS
    assert all(isinstance(f, FloatFormat) and f.name == name for name, f in FORMATS.items())
    precision = importlib.import_module("posenc_sym.crosscheck.precision")
    assert precision.data_format is data_format and precision.FORMATS is FORMATS
