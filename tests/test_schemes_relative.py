"""Relative encodings: T5 buckets (exact vs the float32 code), Shaw clipping, DeBERTa δ."""

from __future__ import annotations

import itertools
import math

import pytest
import sympy

from posenc_sym.errors import PosencSymError
from posenc_sym.schemes.relative import (
    deberta_delta,
    shaw_clip,
    t5_bucket,
    t5_bucket_float32,
    t5_first_offsets,
)

SETTINGS = [(True, 32, 128), (False, 32, 128), (True, 64, 256), (False, 16, 64)]


@pytest.mark.parametrize(("bidirectional", "num_buckets", "max_distance"), SETTINGS)
def test_t5_exact_buckets_are_monotone_in_distance(bidirectional: bool, num_buckets: int,
                                                   max_distance: int) -> None:
    for sign in ((-1, 1) if bidirectional else (-1,)):
        buckets = [t5_bucket(sign * n, bidirectional, num_buckets, max_distance) for n in range(600)]
        assert all(a <= b for a, b in itertools.pairwise(buckets))
        assert max(buckets) < num_buckets


@pytest.mark.parametrize(("bidirectional", "num_buckets", "max_distance"), SETTINGS)
def test_t5_exact_matches_float64_formula_away_from_ties(bidirectional: bool, num_buckets: int,
                                                        max_distance: int) -> None:
    # An independent float64 evaluation of the same formula. float64 puts the value within ~1e-15
    # of the real one, so it can only truncate differently where the real value is an integer
    # (a tie); those distances (within 1e-9 of an integer) are skipped, all others must agree.
    per_side = num_buckets // 2 if bidirectional else num_buckets
    exact_max = per_side // 2
    for n in range(exact_max, 1000):
        v = math.log(n / exact_max) / math.log(max_distance / exact_max) * (per_side - exact_max)
        if abs(v - round(v)) < 1e-9:
            continue
        expected = min(exact_max + int(v), per_side - 1)
        assert t5_bucket(-n, bidirectional, num_buckets, max_distance) == expected


@pytest.mark.parametrize("bidirectional", [True, False])
def test_t5_float32_reproduction_agrees_for_the_usual_setting(bidirectional: bool) -> None:
    # Measured fact stated in derivations/relative.py: the only ties are n = 16, 32, 64 and
    # NumPy's float32 lands exactly on them, every other distance is >= 0.0155 from a boundary.
    wrong = [rel for rel in range(-2000, 2001)
             if t5_bucket_float32(rel, bidirectional) != t5_bucket(rel, bidirectional)]
    assert wrong == []


def test_t5_first_offsets_follow_the_closed_form() -> None:
    firsts = t5_first_offsets()
    assert firsts[:8] == tuple(range(8))
    assert firsts[8:] == tuple(math.ceil(8 * 2 ** (k / 2) - 1e-12) for k in range(8))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_buckets": 3}, "num_buckets=3 is too small or odd; pass an even count such as 32"),
        ({"max_distance": 8}, "max_distance=8 must exceed max_exact=8; pass e.g. 128"),
    ],
)
def test_t5_bad_settings(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(PosencSymError) as err:
        t5_bucket(5, **kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message


@pytest.mark.parametrize("k", [1, 2, 5])
def test_shaw_clip_range_and_shift(k: int) -> None:
    values = [shaw_clip(o, k) for o in range(-3 * k, 3 * k + 1)]
    assert set(values) == set(range(-k, k + 1))
    assert values == sorted(values)


@pytest.mark.parametrize("k", [1, 2, 4])
def test_deberta_delta_range(k: int) -> None:
    deltas = {int(deberta_delta(i, j, k)) for i in range(-6, 7) for j in range(-6, 7)}
    assert deltas == set(range(2 * k))
    i = sympy.Symbol("i", integer=True)
    assert deberta_delta(i + 3, i, k) == deberta_delta(3, 0, k)
