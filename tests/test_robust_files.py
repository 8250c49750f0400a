"""`posenc-sym check` reads the files Hugging Face users hold tensors in (issue 22, item 5): .pt/.pth
written by torch.save (read with weights_only=True), .safetensors written by the safetensors library
(tensors named cos and sin, or the only tensor), bfloat16 included. The files are written by those
libraries, not by posenc-sym."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from posenc_sym.cli import main
from posenc_sym.tables import rope_cache, sinusoidal_table

from .conftest import require_module

torch = require_module("torch", "torch is not installed (pip install torch==2.13.0)")


def _cache(dtype: object = None) -> tuple[object, object]:
    cos, sin = (torch.tensor(a) for a in rope_cache(64, 16, dtype="float32"))
    return (cos.to(dtype), sin.to(dtype)) if dtype is not None else (cos, sin)


def _write(folder: Path, name: str) -> None:
    cos, sin = _cache()
    if name == "state.pt":
        torch.save({"cos": cos, "sin": sin}, folder / name)
    elif name == "pair.pth":
        torch.save((cos, sin), folder / name)
    elif name == "table.pt":
        torch.save(torch.tensor(sinusoidal_table(32, 8)), folder / name)
    else:
        save_file = require_module("safetensors.torch", "safetensors is not installed (pip install "
                                   "'posenc-sym[safetensors]')").save_file
        if name == "cache.safetensors":
            save_file({"cos": cos, "sin": sin}, str(folder / name))
        elif name == "bf16.safetensors":
            bcos, bsin = _cache(torch.bfloat16)
            save_file({"cos": bcos, "sin": bsin}, str(folder / name))
        elif name == "table.safetensors":
            save_file({"pe": torch.tensor(sinusoidal_table(32, 8))}, str(folder / name))


@pytest.mark.parametrize(("name", "scheme", "first"), [
    ("state.pt", "rope", "rope: matches (native (angle:float32) model, float32 data, shape 64×16)"),
    ("pair.pth", "rope", "rope: matches (native (angle:float32) model, float32 data, shape 64×16)"),
    ("table.pt", "sinusoidal", "sinusoidal: matches (native (angle:float64) model, float64 data, shape 32×8)"),
    ("cache.safetensors", "rope", "rope: matches (native (angle:float32) model, float32 data, shape 64×16)"),
    ("bf16.safetensors", "rope", "rope: matches (native (angle:float32) model, bfloat16 data, shape 64×16)"),
    ("table.safetensors", "sinusoidal", "sinusoidal: matches (native (angle:float64) model, float64 data, shape 32×8)"),
])
def test_torch_and_safetensors_files_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                                 scheme: str, first: str) -> None:
    _write(tmp_path, name)
    status = main(["check", str(tmp_path / name), "--scheme", scheme])
    out, err = capsys.readouterr()
    assert (status, err, out.splitlines()[0]) == (0, "", first)


class _Trap:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch PWNED",))


def test_a_pickle_that_would_run_code_is_refused_and_does_not_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    torch.save({"cos": _Trap()}, tmp_path / "trap.pt")
    status = main(["check", "trap.pt", "--scheme", "rope"])
    assert (status, *capsys.readouterr()) == (2, "", (
        "posenc-sym check: error: trap.pt holds pickled objects other than tensors, which are refused (loading them "
        "can run code); save tensors, a dict of tensors or a tuple of them with torch.save\n"))
    assert not (tmp_path / "PWNED").exists()


def test_a_dict_without_tensors_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    torch.save({"step": 3, "lr": 0.1}, tmp_path / "optim.pt")
    assert main(["check", str(tmp_path / "optim.pt"), "--scheme", "rope"]) == 2
    assert capsys.readouterr().err == (
        f"posenc-sym check: error: {tmp_path / 'optim.pt'} holds a dict with no tensors (keys ['lr', 'step']); save "
        "the tensors themselves\n")
