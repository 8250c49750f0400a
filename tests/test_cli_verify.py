"""``posenc-sym verify``: lines as claims are decided, the JSON document, exit codes, bad input.

Most tests call the CLI in-process with a stand-in engine (``fake_decide`` from test_catalog) so
they test the command, not the engine's reach; the ``real engine`` tests run the lead's
``posenc_sym.decide`` on claims whose truth is textbook (sin²+cos² = 1 holds, sin = cos does not),
and the slow test builds the wheel and runs the installed console script from another folder.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy

from posenc_sym import Claim, Verdict, runner
from posenc_sym.catalog import load_catalog
from posenc_sym.cli import main
from posenc_sym.proof.assumptions import require_assumptions

REPO = Path(__file__).resolve().parent.parent
MISSING = "path does not exist; pass an existing derivation file (.py) or a folder of them"

GOOD = """\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("{did}", "Demo", (
    Claim("{did}.pythagoras", "sin^2 + cos^2 = 1", sympy.sin(x)**2 + sympy.cos(x)**2, 1),
    Claim("{did}.swap", "sin = cos (a document's error)", sympy.sin(x), sympy.cos(x), expect="refuted"),
))
"""


def fake_decide(claim: Claim) -> Verdict:
    """Stand-in engine (as in test_catalog): refuses unassumed symbols as decide's contract says, then
    proven when ``simplify`` closes the gap, else refuted at the point where every symbol is 1
    (a true counterexample for the false claims used here: sin 1 != cos 1)."""
    require_assumptions(claim.symbols, f"claim {claim.id!r}")
    if sympy.simplify(claim.lhs - claim.rhs) == 0:
        return Verdict("proven", method="fake")
    return Verdict("refuted", method="fake", counterexample={s: sympy.Integer(1) for s in claim.symbols})

UNEXPECTED = """\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("wrong", "Wrong", (
    Claim("wrong.swap", "sin = cos, believed true", sympy.sin(x), sympy.cos(x)),
))
"""

FREE_SYMBOL = """\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y")
DERIVATION = Derivation("free", "Free", (
    Claim("free.ok", "x = x", x, x, same_sides_ok="a fixture"),
    Claim("free.y", "y + 0 = y", y + 0, y, same_sides_ok="a fixture"),
))
"""

ODD_D = """\
from posenc_sym.schemes.sinusoidal import validate_width

D = validate_width(7)
DERIVATION = None  # never reached
"""

BROKEN = "import sympy\nx = (1,\n"


@pytest.fixture
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "_decide", fake_decide)


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of derivation files, good and bad; the tests run from it."""
    for name, text in [
        ("good.py", GOOD.format(did="demo")),
        ("unexpected.py", UNEXPECTED),
        ("free_symbol.py", FREE_SYMBOL),
        ("odd_d.py", ODD_D),
        ("broken.py", BROKEN),
    ]:
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    status = main(["verify", *argv])
    out, err = capsys.readouterr()
    return status, _mask_seconds(out).splitlines(), err.splitlines()


def _mask_seconds(text: str) -> str:
    """Times vary from run to run; everything else in a line is compared whole."""
    return re.sub(r"\d+\.\d\d s\b", "T s", re.sub(r"\d+\.\d\ds\b", "T.TTs", text))


GOOD_LINES = [
    "proven    T.TTs  demo.pythagoras  sin^2 + cos^2 = 1",
    "refuted   T.TTs  demo.swap  sin = cos (a document's error)  [expected refuted]",
    "          counterexample: x = 1",
]


# --- what the terminal shows ---------------------------------------------------------------------


@pytest.mark.usefixtures("fake_engine", "files")
def test_lines_then_summary_and_an_expected_refutation_keeps_exit_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = verify(capsys, "good.py")
    assert out == [
        *GOOD_LINES,
        "2 claims: 1 proven, 1 refuted (1 expected), 0 checked, 0 unknown",
        "0 unexpected, 0 problems, T s in all: OK",
    ]
    assert (status, err) == (0, [])


@pytest.mark.usefixtures("fake_engine", "files")
def test_an_unexpected_refutation_is_marked_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = verify(capsys, "good.py", "unexpected.py")
    assert out == [
        *GOOD_LINES,
        "refuted   T.TTs  wrong.swap  sin = cos, believed true  [UNEXPECTED: expected proven]",
        "          counterexample: x = 1",
        "3 claims: 1 proven, 2 refuted (1 expected), 0 checked, 0 unknown",
        "1 unexpected, 0 problems, T s in all: FAILED (unexpected verdicts)",
    ]
    assert (status, err) == (1, [])


BAD_INPUT = [
    pytest.param(
        "missing.py", f"posenc-sym verify: error: missing.py: {MISSING}", id="missing-path",
    ),
    pytest.param(
        "broken.py",
        "posenc-sym verify: error: broken.py: SyntaxError at line 2: '(' was never closed; "
        "fix the syntax of this file",
        id="fails-to-import",
    ),
    pytest.param(
        "odd_d.py",
        "posenc-sym verify: error: odd_d.py: failed to import: PosencSymError at line 3: d_model=7 is odd; "
        "the sinusoidal encoding pairs columns, so d_model must be even",
        id="odd-d-at-import",
    ),
    pytest.param(
        "free_symbol.py",
        "posenc-sym verify: error: free_symbol.py: claim 'free.y': symbol 'y' has no "
        "assumptions; declare its domain, e.g. Symbol('y', real=True)",
        id="symbol-without-assumptions",
    ),
]


@pytest.mark.parametrize(("path", "line"), BAD_INPUT)
@pytest.mark.usefixtures("fake_engine", "files")
def test_bad_input_is_one_line_exit_2_and_the_rest_still_decided(
    capsys: pytest.CaptureFixture[str], path: str, line: str
) -> None:
    status, out, err = verify(capsys, path, "good.py")
    assert (status, err) == (2, [line])
    if path == "free_symbol.py":  # its other claim is still decided
        before, counts = ["proven    T.TTs  free.ok  x = x"], "3 claims: 2 proven"
    else:
        before, counts = [], "2 claims: 1 proven"
    assert out == [
        *before, *GOOD_LINES,
        f"{counts}, 1 refuted (1 expected), 0 checked, 0 unknown",
        "0 unexpected, 1 problems, T s in all: FAILED (problems above)",
    ]


@pytest.mark.usefixtures("fake_engine", "files")
def test_every_problem_at_once_each_on_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = verify(capsys, ".", "missing.py")
    assert status == 2
    assert err == [
        "posenc-sym verify: error: broken.py: SyntaxError at line 2: '(' was never closed; "
        "fix the syntax of this file",
        "posenc-sym verify: error: odd_d.py: failed to import: PosencSymError at line 3: d_model=7 is odd; "
        "the sinusoidal encoding pairs columns, so d_model must be even",
        f"posenc-sym verify: error: missing.py: {MISSING}",
        "posenc-sym verify: error: free_symbol.py: claim 'free.y': symbol 'y' has no "
        "assumptions; declare its domain, e.g. Symbol('y', real=True)",
    ]
    decided = [line.split()[2] for line in out if line[:1] != " " and "T.TTs" in line]
    assert decided == ["free.ok", "demo.pythagoras", "demo.swap", "wrong.swap"]


# --- the JSON document ---------------------------------------------------------------------------

CLAIM_KEYS = {
    "id", "title", "file", "derivation", "status", "expected", "unexpected", "scope", "assumptions",
    "counterexample", "seconds", "cached", "method", "reason", "lhs_value", "rhs_value", "difference", "source",
    "tags", "links",
}


@pytest.mark.usefixtures("fake_engine", "files")
def test_json_is_one_document_with_the_contracted_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["verify", "good.py", "free_symbol.py", "--json"])
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert status == 2
    assert set(doc) == {"claims", "problems", "skipped", "summary", "table"}
    assert all(set(claim) == CLAIM_KEYS for claim in doc["claims"])
    first, second = doc["claims"][0], doc["claims"][1]
    assert {k: v for k, v in first.items() if k != "seconds"} == {
        "id": "demo.pythagoras", "title": "sin^2 + cos^2 = 1", "file": "good.py", "derivation": "demo",
        "status": "proven", "expected": "proven", "unexpected": False, "scope": "",
        "assumptions": ["x is real"], "counterexample": None, "cached": False, "method": "fake", "reason": "",
        "lhs_value": None, "rhs_value": None, "difference": None, "source": None, "tags": [], "links": [],
    }
    assert isinstance(first["seconds"], float)
    assert (second["id"], second["status"], second["counterexample"]) == ("demo.swap", "refuted", {"x": "1"})
    assert doc["problems"] == [{
        "file": "free_symbol.py", "claim": "free.y",
        "message": "claim 'free.y': symbol 'y' has no assumptions; declare its domain, "
                   "e.g. Symbol('y', real=True)",
    }]
    summary = {k: v for k, v in doc["summary"].items() if k != "seconds"}
    assert summary == {
        "claims": 3, "proven": 2, "refuted": 1, "checked": 0, "unknown": 0, "expected_refuted": 1,
        "unexpected": 0, "problems": 1, "exit_status": 2,
    }
    # Not a terminal: stderr holds the problem line only, no progress.
    assert err.splitlines() == [
        "posenc-sym verify: error: free_symbol.py: claim 'free.y': symbol 'y' has no "
        "assumptions; declare its domain, e.g. Symbol('y', real=True)",
    ]


@pytest.mark.usefixtures("fake_engine")
def test_json_stdout_stays_one_document_when_a_file_prints(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (files / "chatty.py").write_text('print("hello from a derivation file")\n' + GOOD.format(did="chatty"))
    status = main(["verify", "chatty.py", "--json"])
    out, err = capsys.readouterr()
    assert [c["id"] for c in json.loads(out)["claims"]] == ["chatty.pythagoras", "chatty.swap"]
    assert (status, err) == (0, "hello from a derivation file\n")


@pytest.mark.usefixtures("fake_engine", "files")
def test_json_progress_goes_to_stderr_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status = main(["verify", "good.py", "--json"])
    out, err = capsys.readouterr()
    assert [c["id"] for c in json.loads(out)["claims"]] == ["demo.pythagoras", "demo.swap"]
    assert _mask_seconds(err).splitlines() == GOOD_LINES
    assert status == 0


def test_json_source_and_links_come_from_the_claim_and_its_verdict(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (files / "sourced.py").write_text(textwrap.dedent("""\
        import sympy
        from posenc_sym import Claim, Derivation, Source, Step

        x = sympy.Symbol("x", real=True)
        DERIVATION = Derivation("src", "Sourced", (
            Claim("src.double", "x + x = 2x", written=(sympy.Add(x, x, evaluate=False), 2 * x),
                      steps=(Step(2 * x, "collect like terms"),),
                  scope="scalar", tags=("t:1",),
                  source=Source("003_750a8455e46b047a.txt", "quote", "sec. 2")),
        ))
        """))

    def decide_with_links(claim: object) -> object:
        from posenc_sym import Verdict

        link = Verdict("proven", method="expand", reason="difference is 0")
        return Verdict("proven", method="chain", reason="every step proven", links=(link,))

    monkeypatch.setattr(runner, "_decide", decide_with_links)
    main(["verify", "sourced.py", "--json"])
    claim = json.loads(capsys.readouterr().out)["claims"][0]
    assert (claim["scope"], claim["tags"]) == ("scalar", ["t:1"])
    assert claim["source"] == {"document": "003_750a8455e46b047a.txt", "quote": "quote", "locator": "sec. 2"}
    assert claim["links"] == [
        {"step": 1, "because": "collect like terms", "status": "proven", "method": "expand",
         "reason": "difference is 0", "counterexample": None}
    ]


# --- help and the console entry point ------------------------------------------------------------


def test_help_explains_verdicts_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["verify", "--help"])
    text = capsys.readouterr().out
    assert stop.value.code == 0
    for needle in ("proven ", "refuted ", "checked ", "unknown ", "exit status:", "  0  ", "  1  ", "  2  "):
        assert needle in text


def test_usage_error_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["verify", "--no-such-option"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "posenc-sym: error: unrecognized arguments: --no-such-option (see posenc-sym --help)"
    )


def test_the_module_entry_point_prints_no_traceback(files: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "posenc_sym.cli", "verify", "broken.py", "missing.py"],
        capture_output=True, text=True, cwd=files, check=False,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        "posenc-sym verify: error: broken.py: SyntaxError at line 2: '(' was never closed; "
        "fix the syntax of this file",
        f"posenc-sym verify: error: missing.py: {MISSING}",
    ]


# --- the real engine -----------------------------------------------------------------------------

@pytest.mark.usefixtures("files")
def test_real_engine_expected_refutation_keeps_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = verify(capsys, "good.py", "--json")
    doc = json.loads("\n".join(out))
    assert [(c["id"], c["status"], c["unexpected"]) for c in doc["claims"]] == [
        ("demo.pythagoras", "proven", False), ("demo.swap", "refuted", False),
    ]
    assert (status, err) == (0, [])


@pytest.mark.usefixtures("files")
def test_real_engine_refuses_a_symbol_without_assumptions_and_decides_the_rest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = verify(capsys, "free_symbol.py", "unexpected.py")
    assert status == 2
    assert err == [
        "posenc-sym verify: error: free_symbol.py: claim 'free.y': symbol 'y' has no "
        "assumptions; declare its domain, e.g. Symbol('y', real=True)",
    ]
    assert [line.split()[:3] for line in out[:2]] == [
        ["proven", "T.TTs", "free.ok"], ["refuted", "T.TTs", "wrong.swap"],
    ]


# --- the installed package -----------------------------------------------------------------------


@pytest.mark.slow
def test_an_installed_wheel_finds_its_built_in_derivations_from_any_folder(tmp_path: Path) -> None:
    """Build the wheel, install it (without deps: this interpreter has them) into a folder of its own,
    and run its console script from an unrelated folder with that folder first on the path."""
    dist, site, elsewhere = tmp_path / "dist", tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(dist), str(REPO)], check=True, capture_output=True)
    (wheel,) = dist.glob("posenc_sym-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True,
                   capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run(
        [sys.executable, "-c", "import posenc_sym.catalog as c; print(c.__file__); print(c.builtin_root())"],
        capture_output=True, text=True, cwd=elsewhere, env=env, check=True,
    ).stdout.splitlines()
    assert where == [str(site / "posenc_sym" / "catalog.py"), str(site / "posenc_sym" / "_derivations")]
    run = subprocess.run(
        [str(site / "bin" / "posenc-sym"), "verify", "--json"],
        capture_output=True, text=True, cwd=elsewhere, env=env, check=False,
    )
    doc = json.loads(run.stdout)
    checkout_ids = [claim.id for claim, _ in load_catalog().claims]  # the same files, read from the checkout
    assert checkout_ids
    assert [c["id"] for c in doc["claims"]] == checkout_ids
    assert all(c["file"].startswith("derivations/") for c in doc["claims"])
    assert (doc["problems"], run.returncode) == ([], 0)


SLIPS = """\
import sympy
from posenc_sym import Claim, Derivation, Step

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("slips", "Slips", (
    Claim("slips.double", "sin 2x = 2 sin x cos x", sympy.sin(2 * x), 2 * sympy.sin(x) * sympy.cos(x),
          steps=(Step(sympy.sin(x + x), "2x = x + x"), Step(2 * sympy.sin(x), "a slip"),
                 Step(2 * sympy.sin(x) * sympy.cos(x), "another slip"))),
))
"""


def test_real_engine_lists_every_step_of_a_derivation_that_is_not_proven(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The conclusion is true; steps 2 and 3 are false and cancel. The claim is refuted at
    # step 2, and the terminal shows every step's verdict with each refuted step's counterexample.
    (files / "slips.py").write_text(SLIPS)
    status, out, _ = verify(capsys, "slips.py")
    lines = _mask_seconds("\n".join(out)).splitlines()
    assert status == 1
    assert lines[0].startswith("refuted ") and lines[0].endswith("[UNEXPECTED: expected proven]")
    steps = [line.strip() for line in lines if line.strip().startswith("step ")]
    assert steps == ["step 1: proven   2x = x + x", "step 2: refuted  a slip", "step 3: refuted  another slip"]
    assert sum(line.strip().startswith("counterexample: x = ") for line in lines) == 3  # claim, step 2, 3
    status, out, _ = verify(capsys, "slips.py", "--json")
    doc = json.loads("\n".join(out))["claims"][0]
    assert [(link["step"], link["status"]) for link in doc["links"]] == [
        (1, "proven"), (2, "refuted"), (3, "refuted")]
    assert doc["links"][0]["counterexample"] is None
    assert doc["counterexample"] == doc["links"][1]["counterexample"]
    assert doc["reason"].startswith("step 2 (a slip) is refuted: fails at x = ")
    assert doc["reason"].endswith("the conclusion itself holds (proven: SymPy reduced lhs - rhs to 0 by expand_trig)")
