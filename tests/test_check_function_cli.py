"""``posenc-sym check MODULE:CALLABLE --function``: exit status 0/1/2, the JSON, one-line errors."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy
import pytest

import posenc_sym.cli as cli
from posenc_sym.crosscheck.function_positions import IDENTIFY, default_offsets, plan_positions

MODULE = "tests.implementations.cli_functions"


@pytest.fixture(autouse=True)
def _importable(monkeypatch: pytest.MonkeyPatch) -> None:
    if importlib.util.find_spec("posenc_sym.cli.verify") is None:
        monkeypatch.setattr(cli, "COMMANDS", ("check",))
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("name", "options", "status", "bugs"), [
    ("rope", ["--scheme", "rope", "--dim", "32"], 0, []),
    ("rope_sign", ["--scheme", "rope", "--dim", "32"], 1, ["rotation-sign"]),
    ("rope_offset", ["--scheme", "rope", "--dim", "32", "--positions", "4096"], 1, ["position-offset"]),
    ("alibi", ["--scheme", "alibi", "--heads", "12"], 0, []),
    ("alibi_reversed", ["--scheme", "alibi", "--heads", "12"], 1, ["reversed-slopes"]),
])
def test_exit_status_and_json(name: str, options: list[str], status: int, bugs: list[str],
                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([f"{MODULE}:{name}", "--function", *options, "--json"], capsys)
    assert (code, err) == (status, "")
    document = json.loads(out)
    assert set(document) == {"scheme", "verdict", "convention", "max_abs_error", "max_ulp_error", "worst", "notes",
                             "error_model", "dtype", "shape", "growth", "function"}
    assert document["verdict"] == ("matches" if status == 0 else "mismatch")
    assert document["function"]["bugs"] == bugs


def test_terminal_output_names_the_convention_and_the_bug(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([f"{MODULE}:rope_sign", "--function", "--scheme", "rope", "--dim", "32"], capsys)
    lines = out.splitlines()
    assert code == 1
    # the shape is (positions probed, D): the default plan's positions
    probed = numpy.unique(numpy.concatenate([IDENTIFY, *plan_positions(default_offsets())])).size
    assert lines[0] == f"rope: mismatch (native (angle:float32) model, float32 data, shape {probed}×32)"
    assert lines[1].startswith("  convention: pairing=halves, base=10000, scaling=none")
    assert "  note: rotation sign reversed: every pair turns by −θ·t, not θ·t" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["rope", "--scheme", "rope"], "--scheme rope --function needs --dim: the width D of the x it rotates"),
    (["alibi", "--scheme", "alibi"], "--scheme alibi --function needs --heads: the number of heads of the bias it builds"),
    (["rope", "--scheme", "rope", "--dim", "32", "--heads", "4"],
     "--heads does not apply to fn(x, positions) (--scheme rope --function); drop it"),
    (["alibi", "--scheme", "alibi", "--heads", "12", "--positions", "8"],
     "--positions does not apply to fn(q_len, k_len) (--scheme alibi --function); drop it"),
    (["rope", "--scheme", "sinusoidal", "--dim", "32"],
     "--function checks a rotary function (--scheme rope) or an ALiBi bias builder (--scheme alibi), not --scheme "
     "sinusoidal; drop --function to check sinusoidal data"),
    (["not_callable", "--scheme", "rope", "--dim", "32"],
     f"{MODULE}:not_callable is a float, not a function; --function checks a callable (drop --function to check an "
     "array)"),
    (["nothing", "--scheme", "rope", "--dim", "32"],
     f"module {MODULE!r} has no attribute 'nothing'; name an array or a function that returns one"),
    (["rope", "--scheme", "rope", "--dim", "32", "--positions", "100"],
     "max_position=100 is below 255, the end of the identification block (positions 16 … 255); pass at least 255"),
])
def test_bad_input_is_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([f"{MODULE}:{argv[0]}", "--function", *argv[1:]], capsys)
    assert (code, out) == (2, "")
    assert err == f"posenc-sym check: error: {message}\n"


def test_a_path_without_colon_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rope.py", "--function", "--scheme", "rope", "--dim", "8"], capsys)
    assert (code, out) == (2, "")
    assert err == "posenc-sym check: error: 'rope.py' is not module:attribute; --function needs e.g. mypkg.rotary:apply_rope\n"
