"""Conventions of vision and multimodal code (issue 21, item 2): Qwen2-VL's M-RoPE, Pixtral's 2-D
RoPE, multi-axis caches in halves layout, 2-D sin-cos tables (MAE, diffusers, timm), scaled
positions (PixArt, tensor2tensor) and scaled amplitudes (x-transformers).

Each convention is checked on a re-implementation written from the library's code
(``tests/implementations/vision_impls.py``) and, where the library is installed, on the library's
own output; the expected convention is what the library was told (its config or arguments).
Verdicts follow from the models: code forming its angles in float32 is within the native model
(angle:float32), code computing in float64 and storing float32 within 1 ulp.
"""

from __future__ import annotations

import functools
import json
import types
from pathlib import Path
from typing import Any

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.crosscheck import check_rope_axes, check_sinusoidal, check_sinusoidal_2d
from posenc_sym.testing import assert_rope_axes, assert_sinusoidal, assert_sinusoidal_2d

from .implementations import numpy_impls as impl
from .implementations import vision_impls as vision

QWEN_IDS = vision.qwen2_vl_position_ids(5, (1, 16, 12), 7)
QWEN = {
    "pairing": "halves", "axes_dim": [32, 48, 48], "axes_theta": [1000000] * 3,
    "axes_exponent_denominator": [128] * 3, "axes_ladder_start": [0, 16, 40], "axes_ladder_step": [1, 1, 1],
    "ladder": "shared",
}
PIXTRAL_IDS = vision.pixtral_ids(24, 32)
PIXTRAL = {
    "pairing": "halves", "axes_dim": [32, 32], "axes_theta": [10000] * 2, "axes_exponent_denominator": [64, 64],
    "axes_ladder_start": [0, 1], "axes_ladder_step": [2, 2], "ladder": "shared",
}


# --- multi-axis RoPE: Qwen2-VL, Pixtral, Flux in halves layout -----------------------------------


def test_qwen2_vl_mrope_sections_are_named() -> None:
    result = assert_rope_axes(*vision.qwen2_vl_rotary(QWEN_IDS), QWEN_IDS, **QWEN)
    assert result.error_model == "native (angle:float32)"
    assert (
        "the axes share one frequency ladder θ^(−2k/128) with θ = 1000000: axis 0 k = 0 … 15, axis 1 k = 16 … 39, "
        "axis 2 k = 40 … 63 (consecutive sections [16, 24, 24], as Qwen2-VL's M-RoPE mrope_section)"
    ) in result.notes


def test_qwen2_vl_sections_restarting_the_ladder_are_another_convention() -> None:
    cos, sin = vision.qwen2_vl_sections_restarting(QWEN_IDS)
    result = check_rope_axes(cos, sin, QWEN_IDS, expect={"axes_ladder_start": "0;16;40"})
    assert result.verdict == "mismatch"
    assert result.notes[0] == "expected axes_ladder_start='0;16;40', found axes_ladder_start=[0, 0, 0]"


def test_pixtral_deals_the_ladder_out_to_h_and_w() -> None:
    result = assert_rope_axes(*vision.pixtral_rotary(PIXTRAL_IDS), PIXTRAL_IDS, **PIXTRAL)
    assert (
        "the axes share one frequency ladder θ^(−2k/64) with θ = 10000: axis 0 every second k from 0, axis 1 every "
        "second k from 1 (dealt out in turn, as Pixtral's 2-D RoPE gives the h axis the even k and the w axis the "
        "odd k)"
    ) in result.notes


def test_pixtral_with_w_on_the_even_frequencies_is_not_pixtral() -> None:
    cos, sin = vision.pixtral_rotary(PIXTRAL_IDS, w_on="even")
    result = check_rope_axes(cos, sin, PIXTRAL_IDS, expect={"axes_ladder_start": "0;1"})
    assert result.verdict == "mismatch"
    assert result.notes[0] == "expected axes_ladder_start='0;1', found axes_ladder_start=[0, 0]"


def test_a_flux_cache_in_halves_layout_is_read_as_halves() -> None:
    ids = impl.flux_ids(16, 16, text=8)
    cos, sin = impl.flux_pos_embed(ids)
    halves = [numpy.concatenate([x[:, 0::2], x[:, 0::2]], 1) for x in (cos, sin)]
    assert_rope_axes(*halves, ids, model="faithful", pairing="halves", axes_dim=[16, 56, 56],
                     axes_theta=[10000] * 3, ladder="per-axis")


def test_ids_that_skip_values_are_measured_at_their_own_positions() -> None:
    # Qwen2-VL's temporal ids jump from the image's 5 to 13: no id 6 … 12 on axis 0
    assert sorted(set(QWEN_IDS[:, 0]))[:8] == [0, 1, 2, 3, 4, 5, 13, 14]
    cos, sin = vision.qwen2_vl_rotary(QWEN_IDS)
    cos = cos.copy()
    cos[-1, 0] = cos[-1, 64] = cos[-1, 0] + 1e-3  # the last token (id 19 on axis 0), far outside the model
    result = check_rope_axes(cos, sin, QWEN_IDS)
    assert result.verdict == "mismatch"
    assert result.worst is not None and (result.worst.row, result.worst.position) == (QWEN_IDS.shape[0] - 1, 19)


def test_transformers_qwen2_vl_and_pixtral() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed")
    qwen = pytest.importorskip("transformers.models.qwen2_vl.modeling_qwen2_vl",
                               reason="transformers is not installed (optional)")
    pixtral = pytest.importorskip("transformers.models.pixtral.modeling_pixtral", reason="transformers (optional)")
    from transformers import PixtralVisionConfig, Qwen2VLTextConfig

    # get_rope_index needs only the config's spatial_merge_size and get_vision_position_ids
    owner = types.SimpleNamespace(config=types.SimpleNamespace(vision_config=types.SimpleNamespace(spatial_merge_size=2)))
    owner.get_vision_position_ids = functools.partial(qwen.Qwen2VLModel.get_vision_position_ids, owner)
    types_ = torch.zeros(1, 5 + 48 + 7, dtype=torch.int)
    types_[0, 5:53] = 1
    position_ids, _ = qwen.Qwen2VLModel.get_rope_index(owner, torch.zeros_like(types_).long(), types_,
                                                        image_grid_thw=torch.tensor([[1, 16, 12]]))
    ids = position_ids[:, 0].T.numpy()
    assert numpy.array_equal(ids, QWEN_IDS)  # the re-implementation's ids are the library's
    config = Qwen2VLTextConfig(rope_parameters={"rope_type": "default", "rope_theta": 1e6,
                                                "mrope_section": [16, 24, 24]})
    cos, sin = qwen.Qwen2VLRotaryEmbedding(config)(torch.zeros(1), position_ids)
    assert_rope_axes(cos[0], sin[0], ids, **QWEN)
    hh, ww = torch.meshgrid(torch.arange(24), torch.arange(32), indexing="ij")
    pid = torch.stack([hh.flatten(), ww.flatten()], -1)
    cos, sin = pixtral.PixtralVisionRotaryEmbedding(PixtralVisionConfig())(torch.zeros(1), pid)
    assert_rope_axes(cos, sin, pid.numpy(), **PIXTRAL)


# --- 2-D sin-cos tables --------------------------------------------------------------------------

MAE = {"grid": [14, 14], "extra_rows": 1, "axis_blocks": ["w", "h"], "layout": "split", "order": "sin-first",
       "base": 10000, "exponent_denominator": "d", "position_scale": 1, "d_axis": [128, 128]}


def test_mae_with_a_cls_token_in_its_float32_buffer() -> None:
    buffer = vision.mae_2d_sincos(256, 14, cls_token=True)[None]  # MAE's pos_embed: (1, 1 + 14·14, 256)
    result = assert_sinusoidal_2d(buffer, model="faithful", **MAE)
    assert result.notes[:3] == (
        "the table has shape (1, 197, 256): its axis 0 has size 1 and is dropped, read as (197, 256)",
        "rows 1 … 196 are the tokens of a 14×14 grid in row-major order (row 1 + i·14 + j holds grid row i, h, "
        "and column j, w)",
        "row 0 is all zero: a cls token (MAE's cls_token=True), checked to be exactly 0",
    )


@pytest.mark.parametrize(
    ("interleave", "blocks", "layout"),
    [(False, ["h", "w", "h", "w"], "split"), (True, ["h", "w"], "split")],
)
def test_timm_build_sincos2d_pos_embed(interleave: bool, blocks: list[str], layout: str) -> None:
    table = vision.timm_sincos2d((12, 16), 128, interleave_sin_cos=interleave)
    assert_sinusoidal_2d(table, grid=[12, 16], axis_blocks=blocks, layout=layout, base=10000, d_axis=[64, 64])


def test_pixart_positions_scaled_by_half() -> None:
    table = vision.diffusers_2d_sincos(64, 32, base_size=32, interpolation_scale=2.0)
    assert_sinusoidal_2d(table, model="faithful", grid=[32, 32], position_scale=0.5, axis_blocks=["w", "h"])


def test_the_1d_check_points_at_the_2d_one() -> None:
    result = check_sinusoidal(vision.mae_2d_sincos(64, 8))
    assert result.verdict == "mismatch"
    assert ("the rows look like the tokens of a 8×8 grid, each coordinate in its own columns: check it with "
            "--scheme sinusoidal-2d (check_sinusoidal_2d)") in result.notes


def test_a_2d_table_with_one_token_moved_is_a_mismatch_naming_it() -> None:
    table = vision.mae_2d_sincos(64, 8)
    table[19, 40] += 1e-5  # token (2, 3), an h column: far outside the model, within a 1e-3 of its range
    result = check_sinusoidal_2d(table)
    assert result.verdict == "mismatch"
    assert "token row 19 differs in the h columns from row 16, which has the same h" in result.notes


def test_diffusers_and_timm_themselves() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed")
    embeddings = pytest.importorskip("diffusers.models.embeddings", reason="diffusers is not installed (optional)")
    table = embeddings.get_2d_sincos_pos_embed(64, 32, base_size=32, interpolation_scale=2.0).float()
    assert numpy.array_equal(table.numpy(), vision.diffusers_2d_sincos(64, 32, 32, 2.0))
    assert_sinusoidal_2d(table, model="faithful", position_scale=0.5, axis_blocks=["w", "h"])
    cls = embeddings.get_2d_sincos_pos_embed(64, 8, cls_token=True, extra_tokens=1).float()
    assert_sinusoidal_2d(cls, extra_rows=1, grid=[8, 8])
    del torch


def test_timm_itself() -> None:
    sincos = pytest.importorskip("timm.layers.pos_embed_sincos",
                                 reason="timm is not importable here (optional; it needs torchvision)")
    table = sincos.build_sincos2d_pos_embed([12, 16], 128)
    assert_sinusoidal_2d(table, axis_blocks=["h", "w", "h", "w"], base=10000)


# --- scaled positions and amplitudes -------------------------------------------------------------


@pytest.mark.parametrize(
    ("minimum", "expected"),
    [
        (1.0, {"base": 10000, "exponent_denominator": "d-2", "position_scale": 1}),
        (2.0, {"base": 5000, "exponent_denominator": "d-2", "position_scale": 2}),
        (0.5, {"base": 20000, "exponent_denominator": "d-2", "position_scale": 0.5}),
    ],
)
def test_tensor2tensor_min_timescale(minimum: float, expected: dict[str, Any]) -> None:
    result = assert_sinusoidal(vision.t2t_timing_signal_1d(512, 64, min_timescale=minimum), layout="split",
                               **expected)
    if minimum == 2.0:
        assert (
            "positions scaled by 2: sin(2·t·ω_i), the same numbers as every frequency times 2 — tensor2tensor's "
            "get_timing_signal_1d with min_timescale=2 and max_timescale=10000 (it multiplies its frequencies by "
            "min_timescale, so base 5000 = max_timescale/min_timescale)"
        ) in result.notes


@pytest.mark.parametrize("dim", [128, 512])
def test_x_transformers_scaled_sinusoidal_scale_is_named_exactly(dim: int) -> None:
    result = assert_sinusoidal(vision.x_transformers_scaled_sinusoidal(1000, dim), layout="split",
                               scale_form="d_model^(-1/2)", scale=dim**-0.5)
    assert result.convention_dict()["scale"] == pytest.approx(dim**-0.5, rel=2.0**-52)


def test_x_transformers_itself() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed")
    xt = pytest.importorskip("x_transformers.x_transformers", reason="x-transformers is not installed (optional)")
    table = xt.ScaledSinusoidalEmbedding(128)(torch.zeros(1, 1000, 128)).detach()
    assert_sinusoidal(table, scale_form="d_model^(-1/2)", base=10000, layout="split")


def test_a_scale_with_no_closed_form_is_named_as_a_short_number() -> None:
    table = vision.x_transformers_scaled_sinusoidal(256, 128) / numpy.float32(128**-0.5) * numpy.float32(0.09)
    result = assert_sinusoidal(table.astype(numpy.float32), scale=0.09, scale_form=None)
    assert result.convention_dict()["scale"] == 0.09


def test_a_2d_table_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos_embed.npy"
    numpy.save(path, vision.mae_2d_sincos(64, 8, cls_token=True)[None])
    assert cli.main(["check", str(path), "--scheme", "sinusoidal-2d", "--json", "--expect", "extra_rows=1"]) == 0
    found = json.loads(capsys.readouterr().out)["convention"]
    assert (found["grid"], found["axis_blocks"], found["base"]) == ([8, 8], ["w", "h"], 10000)
    assert cli.main(["check", str(path), "--scheme", "sinusoidal-2d", "--expect", "axis_blocks=h;w"]) == 1
    assert "expected axis_blocks='h;w', found axis_blocks=['w', 'h']" in capsys.readouterr().out
