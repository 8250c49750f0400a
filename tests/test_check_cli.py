"""``posenc-sym check``: exit status 0/1/2, JSON keys, and one-line errors for bad input."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.crosscheck import check_sinusoidal
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
            "wrong.npy",
            "plain_text.npy",
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
    numpy.save(paths["three_d.npy"], numpy.zeros((2, 5, 4)))  # (1, 5, 4) would be squeezed
    numpy.save(paths["pickled.npy"], numpy.array([{"a": 1}], dtype=object), allow_pickle=True)
    numpy.save(paths["ints.npy"], numpy.zeros((4, 4), dtype=numpy.int64))
    numpy.save(paths["wrong.npy"], impl.wrong_exponent(256, 64))  # 10000^(2j/d), j the column
    paths["plain_text.npy"].write_text("0.0 1.0\n1.0 0.0\n")
    return paths


@pytest.mark.parametrize(
    ("name", "scheme", "status"),
    [
        ("good.npy", "sinusoidal", 0),
        ("f32angles.npy", "sinusoidal", 0),  # correct in its own (float32) precision
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
            "the sinusoidal table has shape (2, 5, 4) (3-D); expected 2-D (positions, "
            "dims): axis 0 runs over positions and axis 1 over dims",
        ),
        (
            "norope.npz",
            "rope",
            "the RoPE source has arrays ['cos'] but no sin; save them with numpy.savez(path, cos=cos, sin=sin) "
            "(or as tensors named cos and sin)",
        ),
        (
            "good.npy",
            "rope",
            "a RoPE source must give two arrays, cos and sin: a .npz (or .pt, .safetensors) with arrays 'cos' "
            "and 'sin', or a callable returning (cos, sin)",
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
        ("missing.npy", "missing.npy does not exist; pass a file (.npy, .npz, .pt, .pth, .safetensors) or a "
                        "module:attribute path"),
    ],
)
def test_import_failures_are_one_line(capsys: pytest.CaptureFixture[str], source: str, message: str) -> None:
    code, out, err = run([source, "--scheme", "sinusoidal"], capsys)
    assert (code, out, err) == (2, "", f"posenc-sym check: error: {message}\n")


# The three usual answers (README): a float32 table from float32 angles matches in its own
# precision; --strict asks for the last ulp; --expect base=10000 catches a doubled exponent.
@pytest.mark.parametrize(
    ("name", "options", "status", "first_note"),
    [
        ("f32angles.npy", [], 0, None),
        ("f32angles.npy", ["--strict"], 1, None),
        ("f32angles.npy", ["--model", "angle:float32"], 0, None),
        (
            "wrong.npy",
            [],
            1,
            "known slip: the frequencies are (10000²)^(−2i/d) = 10000^(−4i/d), the common base 10000 "
            "with the exponent doubled, as when the column index 2i is used where the pair index i "
            "belongs; if that is what you meant, pass --expect base=100000000",
        ),
        ("wrong.npy", ["--expect", "base=10000"], 1, "expected base=10000, found base=100000000"),
        ("wrong.npy", ["--expect", "base=1e8,layout=interleaved"], 0, None),
        ("good.npy", ["--expect", "layout=split"], 1, "expected layout='split', found layout='interleaved'"),
        ("good.npy", ["--expect", "exponent_denominator=d,start=0,order=sin-first"], 0, None),
    ],
)
def test_default_strict_and_expect(
    files: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    name: str,
    options: list[str],
    status: int,
    first_note: str | None,
) -> None:
    code, out, err = run([str(files[name]), "--scheme", "sinusoidal", "--json", *options], capsys)
    doc = json.loads(out)
    assert (code, err, doc["verdict"]) == (status, "", "matches" if status == 0 else "mismatch")
    if first_note is not None:
        assert doc["notes"][0] == first_note
    if "--strict" in options:
        assert doc["error_model"] == "faithful"
    elif not options or options[0] == "--expect":
        assert doc["error_model"].startswith("native (angle:")


def test_default_states_the_precision_and_how_to_get_the_last_bit(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([str(files["f32angles.npy"]), "--scheme", "sinusoidal"], capsys)
    assert code == 0
    assert out.startswith("sinusoidal: matches (native (angle:float32) model, float32 data, shape 4096×32)\n")
    note = next(line for line in out.splitlines() if "correct in its own precision" in line)
    assert note.endswith(
        "all within what forming the angles t·ω in float32 and rounding explains (they grow with the "
        "position); every element within 1 ulp takes exact angles, e.g. posenc_sym.sinusoidal_table(..., "
        "method=\"accurate\"); --strict (model 'faithful') asks for that last bit"
    )


@pytest.mark.parametrize(
    ("name", "scheme", "options", "message"),
    [
        (
            "good.npy",
            "sinusoidal",
            ["--expect", "bass=10000"],
            "'bass' is not a sinusoidal convention key; use one of: {keys}",  # the keys of the table's convention
        ),
        (
            "good.npy",
            "sinusoidal",
            ["--expect", "base"],
            "--expect item 'base' has no '=' or an empty side; write KEY=VALUE[,KEY=VALUE...], e.g. "
            "--expect base=10000,pairing=halves",
        ),
        (
            "good.npy",
            "sinusoidal",
            ["--expect", "base=ten"],
            "expected base='ten', but base is a number (found 10000); pass a number",
        ),
        (
            "good.npy",
            "sinusoidal",
            ["--expect", "start=0,start=1"],
            "--expect names start twice (0 and 1); give each key once",
        ),
        (
            "rope.npz",
            "rope",
            ["--expect", "scaling_params=8"],
            "scaling_params holds several values ({}); expect them one by one, e.g. scaling_params.NAME=VALUE",
        ),
        (
            "alibi.npy",
            "alibi",
            ["--heads", "8"],
            "--heads 8 does not match the data, which have 12 (slopes, shape (12,)); drop --heads or fix it",
        ),
        (
            "good.npy",
            "sinusoidal",
            ["--dim", "64"],
            "--dim 64 does not match the data, which have 32 (dim, shape (256, 32)); drop --dim or fix it",
        ),
        ("good.npy", "sinusoidal", ["--heads", "8"],
         "--heads does not apply to --scheme sinusoidal (it takes --positions and --dim); drop --heads"),
        (
            "good.npy",
            "sinusoidal",
            ["--expect", "dtype=float16"],
            "table holds values that are not float16 numbers (first at index (1, 0): 0.8414709568023682); drop "
            "dtype=float16 or pass the float16 data",
        ),
    ],
)
def test_bad_options_are_one_line_exit_2(
    files: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    name: str,
    scheme: str,
    options: list[str],
    message: str,
) -> None:
    if "{keys}" in message:  # whatever keys the convention has (other branches add some)
        found = check_sinusoidal(numpy.load(files[name])).convention_dict()
        message = message.format(keys=", ".join(sorted(found)))
    code, out, err = run([str(files[name]), "--scheme", scheme, *options], capsys)
    assert (code, out, err) == (2, "", f"posenc-sym check: error: {message}\n")


def test_text_file_named_npy_is_named_as_such(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([str(files["plain_text.npy"]), "--scheme", "sinusoidal"], capsys)
    assert (code, out, err) == (
        2,
        "",
        f"posenc-sym check: error: {files['plain_text.npy']} is not a NumPy .npy file (it starts with "
        "b'0.0 1.', not b'\\x93NUMPY'); save the array with numpy.save\n",
    )


def test_module_in_the_current_folder_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "my_encoding_here.py").write_text(
        "from posenc_sym.tables import sinusoidal_table\nTABLE = sinusoidal_table(64, 16)\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [p for p in __import__("sys").path if p not in ("", str(tmp_path))])
    code, out, err = run(["my_encoding_here:TABLE", "--scheme", "sinusoidal", "--json"], capsys)
    assert (code, err, json.loads(out)["convention"]["d_model"]) == (0, "", 16)


def test_a_reader_that_leaves_early_is_no_traceback(files: dict[str, Path]) -> None:
    # the reader closes the pipe before the check prints (as `| head -0` would): the writer must
    # end quietly with 128 + SIGPIPE, not a BrokenPipeError traceback
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(
        [sys.executable, "-m", "posenc_sym.cli", "check", str(files["f32angles.npy"]), "--scheme", "sinusoidal"],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert (proc.wait(), err) == (141, "")


@pytest.fixture
def caches(tmp_path: Path) -> dict[str, Path]:
    """Multi-axis (Flux) and xPos caches written here (tests/implementations), right and broken."""
    ids = impl.flux_ids(8, 8, text=4)
    out = {name: tmp_path / name for name in ("flux.npz", "flux_swapped.npz", "flux_noids.npz", "xpos.npz")}
    cos, sin = impl.flux_pos_embed(ids, (8, 12, 12))
    numpy.savez(out["flux.npz"], cos=cos, sin=sin, ids=ids, axes_dim=numpy.array([8, 12, 12]))
    numpy.savez(out["flux_noids.npz"], cos=cos, sin=sin)
    swapped = impl.flux_pos_embed(ids[:, [0, 2, 1]], (8, 12, 12))
    numpy.savez(out["flux_swapped.npz"], cos=swapped[0], sin=swapped[1], ids=ids)
    cos, sin = impl.xpos_cache(256, 32)
    numpy.savez(out["xpos.npz"], cos=cos, sin=sin)
    return out


@pytest.mark.parametrize(
    ("name", "scheme", "options", "status", "first_note"),
    [
        ("flux.npz", "rope-axes", [], 0, None),
        ("flux.npz", "rope-axes", ["--expect", "axes_dim=8;12;12,axes_theta=10000;10000;10000"], 0, None),
        (
            "flux.npz",
            "rope-axes",
            ["--expect", "axes_dim=16;56;56"],
            1,
            "expected axes_dim='16;56;56', found axes_dim=[8, 12, 12]",
        ),
        (
            "flux.npz",
            "rope-axes",
            ["--expect", "pairing=compact"],
            1,
            "expected pairing='compact', found pairing='adjacent'",
        ),
        ("xpos.npz", "xpos", [], 0, None),
        ("xpos.npz", "xpos", ["--expect", "scale_base=512,amplitude_centre=128,base=10000"], 0, None),
        ("xpos.npz", "xpos", ["--expect", "scale_base=256"], 1, "expected scale_base=256, found scale_base=512"),
    ],
)
def test_multi_axis_and_xpos_schemes(
    caches: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    name: str,
    scheme: str,
    options: list[str],
    status: int,
    first_note: str | None,
) -> None:
    code, out, err = run([str(caches[name]), "--scheme", scheme, "--json", *options], capsys)
    doc = json.loads(out)
    assert (code, err, doc["scheme"], doc["verdict"]) == (status, "", scheme, "mismatch" if status else "matches")
    assert doc["error_model"].startswith("native (angle:float32")
    if first_note is not None:
        assert doc["notes"][0] == first_note


def test_multi_axis_rows_swapped_is_a_mismatch(caches: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # rows and columns exchanged: the same blocks and bases, but cos/sin at the wrong axis's ids
    code, out, _ = run([str(caches["flux_swapped.npz"]), "--scheme", "rope-axes", "--json"], capsys)
    assert (code, json.loads(out)["verdict"]) == (1, "mismatch")


@pytest.mark.parametrize(
    ("name", "scheme", "options", "message"),
    [
        (
            "flux_noids.npz",
            "rope-axes",
            [],
            "the multi-axis RoPE source has arrays ['cos', 'sin'] but no ids; "
            "save them with numpy.savez(path, cos=cos, sin=sin, ids=ids)",
        ),
        (
            "xpos.npz",
            "rope-axes",
            [],
            "the multi-axis RoPE source has arrays ['cos', 'sin'] but no ids; "
            "save them with numpy.savez(path, cos=cos, sin=sin, ids=ids)",
        ),
        (
            "xpos.npz",
            "xpos",
            ["--positions", "100"],
            "--positions 100 does not match the data, which have 256 "
            "(positions, shape (256, 32)); drop --positions or fix it",
        ),
    ],
)
def test_multi_axis_and_xpos_bad_input(
    caches: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    name: str,
    scheme: str,
    options: list[str],
    message: str,
) -> None:
    code, out, err = run([str(caches[name]), "--scheme", scheme, *options], capsys)
    assert (code, out, err) == (2, "", f"posenc-sym check: error: {message}\n")


def test_help_explains_the_schemes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for phrase in (
        "rope-axes (a multi-axis RoPE cache",
        "xpos (a RoPE cache whose pairs carry xPos amplitudes",
        "scale_base=512 for xpos; axes_dim=16;56;56 for",
    ):
        assert phrase in text
