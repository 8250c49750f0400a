"""Multi-axis RoPE from diffusers and xPos from rotary-embedding-torch, as those libraries build them.

Optional, like ``test_crosscheck_transformers.py``: each test is skipped with a reason where its
library is not installed (neither is a dependency of posenc-sym, and CI installs neither). The
expectations are the arguments the library was given (Flux's axes_dim and theta; xPos's
scale_base 512 and its centre, len // 2), so the tests ask whether the check names them.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.crosscheck import ErrorModel, check_rope_axes, check_xpos

torch = pytest.importorskip("torch", reason="torch is not installed; the libraries below need it")


def flux_grid(height: int, width: int, text: int) -> object:
    """Flux's ids: ``text`` text tokens at (0, 0, 0), then image tokens at (0, row, column)."""
    image = torch.zeros(height, width, 3)
    image[..., 1] = torch.arange(height)[:, None]
    image[..., 2] = torch.arange(width)[None, :]
    return torch.cat([torch.zeros(text, 3), image.reshape(-1, 3)])


def test_diffusers_flux_pos_embed_is_named_and_correctly_rounded(tmp_path: Path) -> None:
    transformer_flux = pytest.importorskip(
        "diffusers.models.transformers.transformer_flux", reason="diffusers is not installed (optional)"
    )
    ids = flux_grid(16, 16, 8)
    cos, sin = transformer_flux.FluxPosEmbed(theta=10000, axes_dim=[16, 56, 56])(ids)
    expect = {"axes_dim": [16, 56, 56], "axes_theta": [10000, 10000, 10000], "pairing": "adjacent"}
    # FluxPosEmbed forms its angles in float64 and rounds once: within 1 ulp, so --strict agrees
    result = check_rope_axes(cos, sin, ids.numpy().astype(numpy.int64), model=ErrorModel(), expect=expect)
    assert result.verdict == "matches", result.summary()
    # the same through the CLI, from a .npz as an engineer would save it
    path = tmp_path / "flux.npz"
    numpy.savez(path, cos=cos.numpy(), sin=sin.numpy(), ids=ids.numpy().astype(numpy.int64))
    status = cli.main(["check", str(path), "--scheme", "rope-axes", "--expect", "axes_dim=16;56;56"])
    assert status == 0
    swapped = transformer_flux.FluxPosEmbed(theta=10000, axes_dim=[16, 56, 56])(ids[:, [0, 2, 1]])
    assert check_rope_axes(*swapped, ids.numpy().astype(numpy.int64)).verdict == "mismatch"


@pytest.mark.parametrize(("which", "sign"), [("q", 1), ("k", -1)])
def test_rotary_embedding_torch_xpos(which: str, sign: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rotary = pytest.importorskip("rotary_embedding_torch", reason="rotary-embedding-torch is not installed (optional)")
    n, dim = 512, 64
    rot = rotary.RotaryEmbedding(dim=dim, use_xpos=True)  # xpos_scale_base 512
    # a probe of ones on the even columns: the rotated (x1, x2) = (cos·A, sin·A) per pair
    probe = torch.zeros(1, 1, n, dim)
    probe[..., 0::2] = 1.0
    q, k = rot.rotate_queries_and_keys(probe, probe)
    out = (q if which == "q" else k)[0, 0]
    cos = torch.repeat_interleave(out[:, 0::2], 2, dim=-1).numpy()
    sin = torch.repeat_interleave(out[:, 1::2], 2, dim=-1).numpy()
    expect = {"scale_base": 512, "amplitude_centre": n // 2, "amplitude_sign": sign, "base": 10000}
    result = check_xpos(cos, sin, expect=expect)
    assert (result.verdict, result.error_model) == ("matches", "native (angle:float32)"), result.summary()
    path = tmp_path / "xpos.npz"
    numpy.savez(path, cos=cos, sin=sin)
    status = cli.main(["check", str(path), "--scheme", "xpos", "--json", "--expect", "scale_base=256"])
    doc = json.loads(capsys.readouterr().out)
    assert (status, doc["notes"][0]) == (1, "expected scale_base=256, found scale_base=512")
