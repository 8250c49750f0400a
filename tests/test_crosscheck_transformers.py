"""The checker on tables, caches and slopes built by transformers itself (no weights: from configs).

Optional: skipped cleanly where transformers is not installed (it is not a dependency of
posenc-sym). Run them in an environment that has it: ``pip install transformers`` beside the
project's torch, then ``python -m pytest tests/test_crosscheck_transformers.py``.

Every expectation is the configuration given to transformers (rope_theta, the rope_parameters
dict, alibi_bias_max, the head count), so the test asks "does the check name what the library was
told to compute?". Verdicts follow from the models (``posenc_sym/crosscheck/precision.py``): the
library forms its angles in float32, which the default (native) model admits and ``faithful``
(``--strict``) refuses beyond the first positions; tables and slopes formed in float64 and rounded
once are within 1 ulp, so they match under both.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest

from posenc_sym.crosscheck import ErrorModel, check_alibi, check_rope, check_sinusoidal

torch = pytest.importorskip("torch", reason="torch is not installed; transformers' code paths need it")
transformers = pytest.importorskip(
    "transformers", reason="transformers is not installed (optional: pip install transformers to run these)"
)

FAITHFUL = ErrorModel()  # the faithful model (--strict)
N = 512  # positions, the shape of issue 14's slow case (512 × 64)


def llama_cache(dtype: Any = None, **config: Any) -> tuple[Any, Any]:
    """``LlamaRotaryEmbedding(config).forward``: head_dim 64, positions 0 … N−1, cos/sin in ``dtype``."""
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding

    emb = LlamaRotaryEmbedding(config=LlamaConfig(hidden_size=512, num_attention_heads=8, **config))
    cos, sin = emb(torch.zeros(1, dtype=dtype or torch.float32), torch.arange(N)[None])
    return cos[0], sin[0]


def rope(kind: str, theta: float, **params: Any) -> dict[str, Any]:
    return {"rope_parameters": {"rope_type": kind, "rope_theta": theta, **params}}


PHI3_SHORT = [1.0 + 0.25 * i for i in range(32)]  # quarters: exact in float32, as the factors used are

# (name, config, expected convention keys: the configuration given)
ROPE_CASES = [
    ("default", {}, {"pairing": "halves", "base": 10000, "scaling": "none", "rotary_dim": 64}),
    ("Llama-3 base", rope("default", 500000.0), {"base": 500000, "scaling": "none"}),
    ("linear 4", rope("linear", 10000.0, factor=4.0), {"scaling": "linear", "factor": 4}),
    # dynamic NTK past its 256 positions: base·(2·512/256 − 1)^(64/62), i.e. NTK with alpha 3
    ("dynamic 2", {**rope("dynamic", 10000.0, factor=2.0), "max_position_embeddings": 256}, {"alpha": 3}),
    (
        "llama3",
        {
            **rope(
                "llama3",
                500000.0,
                factor=8.0,
                low_freq_factor=1.0,
                high_freq_factor=4.0,
                original_max_position_embeddings=8192,
            ),
            "max_position_embeddings": 131072,
        },
        {"scaling": "llama3", "factor": 8, "original_max_position_embeddings": 8192, "base": 500000},
    ),
    (
        "YaRN 4",
        {**rope("yarn", 10000.0, factor=4.0, original_max_position_embeddings=4096), "max_position_embeddings": 16384},
        {"scaling": "yarn", "factor": 4, "original_max_position_embeddings": 4096},
    ),
    (
        "DeepSeek-V3 YaRN (mscale)",
        {
            **rope(
                "yarn",
                10000.0,
                factor=40.0,
                original_max_position_embeddings=4096,
                mscale=1.0,
                mscale_all_dim=0.707,
                beta_fast=32,
                beta_slow=1,
            ),
            "max_position_embeddings": 163840,
        },
        {"scaling": "yarn", "factor": 40, "mscale": 1, "mscale_all_dim": 0.707},
    ),
    (
        "gpt-oss YaRN (no truncation)",
        {
            **rope(
                "yarn",
                150000.0,
                factor=32.0,
                original_max_position_embeddings=4096,
                beta_fast=32.0,
                beta_slow=1.0,
                truncate=False,
            ),
            "max_position_embeddings": 131072,
        },
        {"scaling": "yarn", "base": 150000, "factor": 32, "truncate": False},
    ),
    (
        "Phi-3 LongRoPE (short factors below the original context)",
        {
            **rope(
                "longrope",
                10000.0,
                short_factor=PHI3_SHORT,
                long_factor=[2 * f for f in PHI3_SHORT],
                original_max_position_embeddings=4096,
            ),
            "max_position_embeddings": 131072,
        },
        {"scaling": "longrope", "factors": PHI3_SHORT, "factor": 32, "original_max_position_embeddings": 4096},
    ),
]


@pytest.mark.parametrize(("name", "config", "expect"), ROPE_CASES, ids=[c[0] for c in ROPE_CASES])
def test_transformers_rope_matches_what_it_was_configured_with(
    name: str, config: dict[str, Any], expect: dict[str, Any]
) -> None:
    cos, sin = llama_cache(**config)
    result = check_rope(cos, sin, expect=expect)
    assert (result.verdict, result.error_model) == ("matches", "native (angle:float32)"), result.summary()
    # float32 angles at positions in the hundreds are far beyond 1 ulp near the zeros of sin/cos
    assert check_rope(cos, sin, model=FAITHFUL).verdict == "mismatch"


def test_a_rope_theta_of_1e8_is_the_doubled_exponent_unless_expected() -> None:
    cos, sin = llama_cache(**rope("default", 1e8))
    assert check_rope(cos, sin).verdict == "mismatch"
    assert check_rope(cos, sin).notes[0].startswith("known slip: the frequencies are (10000²)^(−2i/d)")
    assert check_rope(cos, sin, expect="base=100000000").verdict == "matches"
    assert check_rope(cos, sin, expect="base=10000").verdict == "mismatch"


@pytest.mark.parametrize(("dtype", "fmt"), [("bfloat16", "bfloat16"), ("float16", "float16")])
def test_half_precision_caches_match_in_their_own_precision(dtype: str, fmt: str) -> None:
    cos, sin = llama_cache(dtype=getattr(torch, dtype))
    result = check_rope(cos, sin, expect="base=10000")
    assert (result.verdict, result.dtype) == ("matches", fmt), result.summary()
    # widened to float32 and saved, a bfloat16 cache is a slip the check names
    if dtype == "bfloat16":
        widened = check_rope(cos.float().numpy(), sin.float().numpy())
        assert widened.verdict == "mismatch"
        assert widened.notes[0].startswith("the values are all bfloat16 numbers though stored as float32")
        assert check_rope(cos.float().numpy(), sin.float().numpy(), expect="dtype=bfloat16").verdict == "matches"


@pytest.mark.parametrize(
    ("config", "rotary_dim"),
    [("gpt_neox", 16), ("phi", 32)],
)
def test_partial_rotary_caches_name_their_rotary_width(config: str, rotary_dim: int) -> None:
    if config == "gpt_neox":
        from transformers import GPTNeoXConfig
        from transformers.models.gpt_neox.modeling_gpt_neox import GPTNeoXRotaryEmbedding

        emb: Any = GPTNeoXRotaryEmbedding(GPTNeoXConfig(hidden_size=512, num_attention_heads=8, rotary_pct=0.25))
    else:
        from transformers import PhiConfig
        from transformers.models.phi.modeling_phi import PhiRotaryEmbedding

        emb = PhiRotaryEmbedding(PhiConfig(hidden_size=640, num_attention_heads=8, partial_rotary_factor=0.4))
    cos, sin = emb(torch.zeros(1), torch.arange(N)[None])
    result = check_rope(cos[0], sin[0], expect={"rotary_dim": rotary_dim, "base": 10000, "pairing": "halves"})
    assert result.verdict == "matches", result.summary()


def test_sinusoidal_tables_of_distilbert_and_marian_are_correctly_rounded() -> None:
    from transformers.models.distilbert.modeling_distilbert import create_sinusoidal_embeddings
    from transformers.models.marian.modeling_marian import MarianSinusoidalPositionalEmbedding

    distil = torch.empty(N, 768)
    create_sinusoidal_embeddings(N, 768, distil)
    # the weight is filled when a model initialises it (create_weight); a bare module holds garbage
    marian = MarianSinusoidalPositionalEmbedding(N, 512).create_weight()
    for table, layout in ((distil, "interleaved"), (marian, "split")):
        # both compute in float64 (NumPy) and round once: within 1 ulp, so --strict agrees
        result = check_sinusoidal(table, model=FAITHFUL, expect={"layout": layout, "base": 10000, "start": 0})
        assert result.verdict == "matches", result.summary()


def test_relative_tables_of_funnel_and_xlnet_name_their_descending_positions() -> None:
    from transformers import FunnelConfig, XLNetConfig, XLNetModel
    from transformers.models.funnel.modeling_funnel import FunnelAttentionStructure

    config = FunnelConfig(
        d_model=64, n_head=2, d_head=32, attention_type="relative_shift", block_sizes=[1], separate_cls=False
    )
    structure = FunnelAttentionStructure(config).eval()  # eval: no dropout on the sin/cos embeddings
    funnel = structure.get_position_embeds(128, torch.float32, "cpu")[0][0]
    xlnet = XLNetModel(XLNetConfig(d_model=64, n_layer=1, n_head=2, d_inner=64, vocab_size=10)).eval()
    relative = xlnet.relative_positional_encoding(100, 150, bsz=None)[:, 0]
    # Funnel gathers positions 128 … −127 (relative_pos, stride 1); XLNet's pos_seq = arange(klen, −qlen, −1)
    for table, start in ((funnel, 128), (relative, 150)):
        result = check_sinusoidal(table, expect={"layout": "split", "start": start, "position_step": -1})
        assert result.verdict == "matches", result.summary()


@pytest.mark.parametrize(("heads", "rule"), [(8, "power-of-two"), (12, "interpolated"), (20, "interpolated")])
def test_bloom_alibi_slopes(heads: int, rule: str) -> None:
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor

    slopes = build_alibi_tensor(torch.ones(1, 2), heads, torch.float32)[:, 0, 1]  # slope·position 1
    result = check_alibi(slopes, expect={"heads": heads, "rule": rule, "max_bias": 8})
    assert result.verdict == "matches", result.summary()


@pytest.mark.parametrize(("heads", "max_bias", "rule"), [(12, 8, "interpolated"), (16, 16, "power-of-two")])
def test_mpt_alibi_slopes_name_their_maximum_bias(heads: int, max_bias: int, rule: str) -> None:
    from transformers.models.mpt.modeling_mpt import build_mpt_alibi_tensor

    bias = build_mpt_alibi_tensor(heads, 4, alibi_bias_max=max_bias).reshape(heads, -1)
    slopes = (bias[:, 1] - bias[:, 0]).numpy()  # slope·(position − (L − 1)): one step apart
    result = check_alibi(slopes, expect={"heads": heads, "max_bias": max_bias, "rule": rule})
    assert result.verdict == "matches", result.summary()
    assert check_alibi(slopes, expect={"max_bias": 8 if max_bias != 8 else 16}).verdict == "mismatch"


def test_numpy_and_torch_inputs_give_the_same_result() -> None:
    cos, sin = llama_cache()
    a, b = check_rope(cos, sin), check_rope(numpy.asarray(cos), numpy.asarray(sin))
    assert (a.verdict, a.convention_dict(), a.max_ulp_error) == (b.verdict, b.convention_dict(), b.max_ulp_error)
