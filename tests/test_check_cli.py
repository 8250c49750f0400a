"""``posenc-sym check``: exit status 0/1/2, JSON keys, and one-line errors for bad input."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.tables import rope_cache, sinusoidal_table

from .implementations import numpy_impls as impl


@pytest.fixture(autouse=True)
def _only_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # other subcommands land from other branches; this file tests check alone
    if importlib.util.find_spec("posenc_sym.cli.verify") is None:
        monkeypatch.setattr(cli, "COMMANDS", ("check",))
    # module:attribute sources below name tests.implementations, importable from the repo root
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {
        name: tmp_path / name
        for name in (
            "good.npy",
            "f32angles.npy",
            "rope.npz",
            "norope.npz",
            "alibi.npy",
            "nan.npy",
            "text.npy",
            "one_d.npy",
            "three_d.npy",
            "pickled.npy",
            "ints.npy",
        )
    }
    # accurate kernel: within 0.5 + 2^-28 ulp, so "matches" under the default faithful model
    numpy.save(paths["good.npy"], sinusoidal_table(256, 32, dtype=numpy.float32))
    numpy.save(paths["f32angles.npy"], impl.sinusoidal(4096, 32, angle_dtype=numpy.float32))
    cos, sin = rope_cache(512, 64, pairing="adjacent", dtype=numpy.float32)
    numpy.savez(paths["rope.npz"], cos=cos, sin=sin)
    numpy.savez(paths["norope.npz"], cos=cos)
    numpy.save(paths["alibi.npy"], impl.alibi(12).astype(numpy.float32))
    bad = impl.sinusoidal(16, 8)
    bad[3, 2] = numpy.nan
    numpy.save(paths["nan.npy"], bad)
    numpy.save(paths["text.npy"], numpy.array([["a", "b"], ["c", "d"]]))
    numpy.save(paths["one_d.npy"], numpy.zeros(5))
    numpy.save(paths["three_d.npy"], numpy.zeros((1, 5, 4)))
    numpy.save(paths["pickled.npy"], numpy.array([{"a": 1}], dtype=object), allow_pickle=True)
    numpy.save(paths["ints.npy"], numpy.zeros((4, 4), dtype=numpy.int64))
    return paths


@pytest.mark.parametrize(
    ("name", "scheme", "status"),
    [
        ("good.npy", "sinusoidal", 0),
        ("f32angles.npy", "sinusoidal", 1),
        ("rope.npz", "rope", 0),
        ("alibi.npy", "alibi", 0),
    ],
)
def test_exit_status_and_json_keys(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str, scheme: str, status: int
) -> None:
    code, out, err = run([str(files[name]), "--scheme", scheme, "--json"], capsys)
    assert (code, err) == (status, "")
    doc = json.loads(out)
    assert {"scheme", "verdict", "convention", "max_abs_error", "max_ulp_error", "worst", "notes"} <= set(doc)
    assert doc["verdict"] == ("matches" if status == 0 else "mismatch")
    required = {
        "sinusoidal": {"layout", "order", "base", "exponent_denominator", "start"},
        "rope": {"pairing", "base", "scaling"},
        "alibi": {"heads", "rule"},
    }[scheme]
    assert required <= set(doc["convention"])


def test_terminal_output_names_convention(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([str(files["rope.npz"]), "--scheme", "rope"], capsys)
    assert code == 0
    assert out.splitlines()[1].startswith("  convention: pairing=adjacent, base=10000, scaling=none")


def test_module_attribute_source(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        [
            "tests.implementations.numpy_impls:sinusoidal",
            "--scheme",
            "sinusoidal",
            "--positions",
            "64",
            "--dim",
            "16",
            "--model",
            "angle:float64",  # the implementation's float64 angles: the model that bounds its error
            "--json",
        ],
        capsys,
    )
    doc = json.loads(out)
    assert (code, doc["convention"]["d_model"], doc["error_model"]) == (0, 16, "angle:float64")


@pytest.mark.parametrize(
    ("name", "scheme", "message"),
    [
        (
            "nan.npy",
            "sinusoidal",
            "table holds NaN or infinity (first at index (3, 2)); an encoding is finite "
            "everywhere, so fix the implementation before checking it",
        ),
        (
            "text.npy",
            "sinusoidal",
            "table has dtype <U1, not numbers; pass a float array (float64, float32, float16 or bfloat16)",
        ),
        (
            "ints.npy",
            "sinusoidal",
            "table has integer dtype int64; an encoding holds real values, so pass the "
            "floats the implementation produced",
        ),
        (
            "one_d.npy",
            "sinusoidal",
            "the sinusoidal table has shape (5,) (1-D); expected 2-D (positions, dims): "
            "axis 0 runs over positions and axis 1 over dims",
        ),
        (
            "three_d.npy",
            "sinusoidal",
            "the sinusoidal table has shape (1, 5, 4) (3-D); expected 2-D (positions, "
            "dims): axis 0 runs over positions and axis 1 over dims",
        ),
        (
            "norope.npz",
            "rope",
            "the RoPE source has arrays ['cos'] but no sin; save them with numpy.savez(path, cos=cos, sin=sin)",
        ),
        (
            "good.npy",
            "rope",
            "a RoPE source must give two arrays, cos and sin: a .npz with arrays 'cos' and "
            "'sin', or a callable returning (cos, sin)",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str, scheme: str, message: str
) -> None:
    code, out, err = run([str(files[name]), "--scheme", scheme], capsys)
    assert (code, out, err) == (2, "", f"posenc-sym check: error: {message}\n")


def test_pickled_npy_is_refused(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([str(files["pickled.npy"]), "--scheme", "sinusoidal"], capsys)
    assert (code, out, err) == (
        2,
        "",
        f"posenc-sym check: error: {files['pickled.npy']} holds pickled "
        "objects, which are refused (loading them can run code); save a plain "
        "numeric array with numpy.save\n",
    )


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            "no_such_module_xyz:f",
            "cannot import module 'no_such_module_xyz' (ModuleNotFoundError: No module "
            "named 'no_such_module_xyz'); check the name and that it is on PYTHONPATH",
        ),
        (
            "tests.implementations.numpy_impls:nope",
            "module 'tests.implementations.numpy_impls' has no "
            "attribute 'nope'; name an array or a function that returns one",
        ),
        (
            "tests.implementations.numpy_impls:sinusoidal",
            "tests.implementations.numpy_impls:sinusoidal is "
            "callable; give the sizes to call it with, e.g. --positions 128 --dim 64",
        ),
        ("missing.npy", "missing.npy does not exist; pass a .npy or .npz file or a module:attribute path"),
    ],
)
def test_import_failures_are_one_line(capsys: pytest.CaptureFixture[str], source: str, message: str) -> None:
    code, out, err = run([source, "--scheme", "sinusoidal"], capsys)
    assert (code, out, err) == (2, "", f"posenc-sym check: error: {message}\n")
