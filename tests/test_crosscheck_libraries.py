"""The checker on the code paths of real libraries, reproduced line for line in torch/NumPy.

Each function below repeats the arithmetic of a library's positional-encoding code (named with its
file) in the same dtypes, so the check sees exactly the numbers the library produces. Expected
verdicts follow from the models (``posenc_sym/crosscheck/precision.py``): code that forms its angles
in float32 is inside the native float32 model ("matches", exit 0) and outside ``faithful``
(``--strict``) once positions reach the thousands (angles rounded to spacings of 2^-12 rad and
more, far beyond a float32 ulp near the zeros of sin/cos); code that computes in float64 and
rounds to float32 is inside the native model for float32 data (ulp_32(v) + ulp_64(v) + K·t·ω·2^-53).
"""

from __future__ import annotations

import math

import numpy
import pytest

from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal

from .conftest import require_module

torch = require_module("torch", "torch is not installed (pip install torch==2.13.0); the library code paths need it")


def hf_llama_rope(n: int, dim: int, base: float = 10000.0, dtype: object = None) -> tuple[object, object]:
    """transformers/modeling_rope_utils.py ``_compute_default_rope_parameters`` and
    models/llama/modeling_llama.py ``LlamaRotaryEmbedding.forward`` (float32 math, then .to(dtype))."""
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    t = torch.arange(n).float()
    freqs = torch.outer(t, inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()
    return (cos, sin) if dtype is None else (cos.to(dtype), sin.to(dtype))


def torchtune_rope(n: int, dim: int, base: float = 10000.0) -> tuple[object, object]:
    """torchtune/modules/position_embeddings.py ``RotaryPositionalEmbeddings.build_rope_cache``:
    theta in float32, the cache as adjacent (cos, sin) pairs per frequency."""
    theta = 1.0 / (base ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    seq_idx = torch.arange(n, dtype=theta.dtype)
    idx_theta = torch.einsum("i, j -> ij", seq_idx, theta).float()
    cache = torch.stack([torch.cos(idx_theta), torch.sin(idx_theta)], dim=-1)
    cos = cache[..., 0].repeat_interleave(2, dim=-1)  # as applied: x[2p], x[2p+1] share θ_p
    sin = cache[..., 1].repeat_interleave(2, dim=-1)
    return cos, sin


def hf_distilbert_table(n: int, dim: int) -> object:
    """transformers/models/distilbert/modeling_distilbert.py ``create_sinusoidal_embeddings``:
    NumPy float64 ``pos / np.power(10000, 2 * (j // 2) / dim)``, copied into a float32 tensor."""
    position_enc = numpy.array([[pos / numpy.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n)])
    out = torch.empty(n, dim)
    out[:, 0::2] = torch.FloatTensor(numpy.sin(position_enc[:, 0::2]))
    out[:, 1::2] = torch.FloatTensor(numpy.cos(position_enc[:, 1::2]))
    return out


def hf_marian_table(n: int, dim: int) -> object:
    """transformers/models/marian/modeling_marian.py ``MarianSinusoidalPositionalEmbedding``: the
    same float64 angles, sines in the first half of the columns and cosines in the second."""
    position_enc = numpy.array([[pos / numpy.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n)])
    out = torch.empty(n, dim)
    sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
    out[:, 0:sentinel] = torch.FloatTensor(numpy.sin(position_enc[:, 0::2]))
    out[:, sentinel:] = torch.FloatTensor(numpy.cos(position_enc[:, 1::2]))
    return out


def mpt_alibi_slopes(n_heads: int, alibi_bias_max: int = 8) -> object:
    """llm-foundry/models/layers/attention.py ``gen_slopes`` (MPT): float32 powers of 2."""
    _n_heads = 2 ** math.ceil(math.log2(n_heads))
    m = torch.arange(1, _n_heads + 1, dtype=torch.float32)
    m = m.mul(alibi_bias_max / _n_heads)
    slopes = 1.0 / torch.pow(2, m)
    if _n_heads != n_heads:
        slopes = torch.concat([slopes[1::2], slopes[::2]])[:n_heads]
    return slopes


@pytest.mark.parametrize(
    ("make", "pairing"),
    [
        (lambda: hf_llama_rope(4096, 128), "halves"),
        (lambda: torchtune_rope(4096, 64), "adjacent"),
    ],
)
def test_float32_rope_caches_match_in_their_own_precision(make: object, pairing: str) -> None:
    cos, sin = make()  # type: ignore[operator]
    result = check_rope(cos, sin)
    assert (result.verdict, result.convention_dict()["pairing"], result.convention_dict()["base"]) == (
        "matches",
        pairing,
        10000,
    ), result.summary()
    strict = check_rope(cos, sin, model=ErrorModel())
    assert strict.verdict == "mismatch"
    assert strict.growth is not None and strict.growth.explained_by == "angle:float32"


def test_bfloat16_llama_cache_matches_in_bfloat16() -> None:
    cos, sin = hf_llama_rope(2048, 64, dtype=torch.bfloat16)
    result = check_rope(cos, sin)
    assert (result.verdict, result.dtype, result.error_model) == ("matches", "bfloat16", "native (angle:float32)")
    # the same values widened with .float() and saved: named as bfloat16 data unless expected
    widened = check_rope(cos.float(), sin.float())
    assert widened.verdict == "mismatch"
    assert widened.notes[0].startswith("the values are all bfloat16 numbers though stored as float32")
    assert check_rope(cos.float(), sin.float(), expect={"dtype": "bfloat16"}).verdict == "matches"


@pytest.mark.parametrize(("make", "layout"), [(hf_distilbert_table, "interleaved"), (hf_marian_table, "split")])
def test_float64_angles_rounded_to_float32_match(make: object, layout: str) -> None:
    table = make(512, 64)  # type: ignore[operator]
    result = check_sinusoidal(table, expect={"layout": layout, "base": 10000, "exponent_denominator": "d"})
    assert result.verdict == "matches", result.summary()


@pytest.mark.parametrize(("n", "rule"), [(8, "power-of-two"), (16, "power-of-two")])
def test_mpt_alibi_slopes_match(n: int, rule: str) -> None:
    result = check_alibi(mpt_alibi_slopes(n))
    assert (result.verdict, result.convention_dict()["rule"]) == ("matches", rule), result.summary()
