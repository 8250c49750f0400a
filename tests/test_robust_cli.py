"""The command line at its edges (issue 22): exit statuses 0/1/2/3 in every --help, an internal error
as one line (the traceback behind --debug), --version, python -m posenc_sym, what verify DIR runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from posenc_sym import catalog
from posenc_sym.app import check as check_app
from posenc_sym.cli import COMMANDS, main
from posenc_sym.version import VERSION

from .robust_inputs import GOOD, LOOP, TRACE

ROOT = Path(__file__).resolve().parents[1]
EXIT_LINES = [
    "exit status:",
    "  2  bad input or a usage error: one line on stderr that names the value and the fix",
    "  3  an internal error (a bug in posenc-sym): one line on stderr; --debug shows the traceback",
]


@pytest.mark.parametrize("argv", [["--help"], *([c, "--help"] for c in COMMANDS)], ids=lambda a: " ".join(a))
def test_every_help_states_the_exit_statuses(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    out = capsys.readouterr().out
    assert done.value.code == 0
    lines = out.splitlines()
    assert all(line in lines for line in EXIT_LINES), out
    assert any(line.startswith("  0  ") for line in lines)
    assert ("  1  " in out) is (argv[0] != "codegen")  # codegen never answers "no"
    assert "--debug" in out


def _boom(*args: object, **kwargs: object) -> object:
    raise RuntimeError("a bug\nover two lines")


@pytest.mark.parametrize("debug", [False, True])
def test_an_internal_error_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, debug: bool) -> None:
    """Issue: any uncaught crash exited 1, the code of a refuted claim, with a traceback."""
    monkeypatch.setattr(check_app, "load_source_called", _boom)
    status = main(["check", str(tmp_path / "t.npy"), "--scheme", "rope", *(["--debug"] if debug else [])])
    out, err = capsys.readouterr()
    line = ("posenc-sym check: internal error: RuntimeError: a bug over two lines; this is a bug in posenc-sym, "
            "please report it with the command")
    assert (status, out) == (3, "")
    if debug:
        assert err.startswith("Traceback (most recent call last):") and "RuntimeError: a bug" in err
        assert err.endswith(line + "\n")
    else:
        assert err == line + "; run it again with --debug for the traceback\n"


def test_debug_may_come_before_the_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(check_app, "load_source_called", _boom)
    assert main(["--debug", "check", "x.npy", "--scheme", "rope"]) == 3
    assert "Traceback" in capsys.readouterr().err


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, cwd=cwd, timeout=600)


def test_version_and_python_dash_m(tmp_path: Path) -> None:
    """Issue: no --version; python -m posenc_sym failed."""
    for argv in (["-m", "posenc_sym", "--version"], ["-m", "posenc_sym.cli", "--version"]):
        done = _run(*argv, cwd=tmp_path)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"posenc-sym {VERSION}\n", "")
    (tmp_path / "good.py").write_text(GOOD, encoding="utf-8")
    done = _run("-m", "posenc_sym", "verify", "good.py", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.splitlines()[-1].endswith("s in all: OK")


def test_the_built_wheel_reads_its_version_from_the_package() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and 'path = "posenc_sym/version.py"' in text


def test_verify_dir_imports_only_derivation_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue: verify DIR imported every .py: top-level code ran (a file was written, a print reached
    stdout), and `while True: pass` hung the run. Files that assign no DERIVATION are listed as
    skipped, never run; a derivation file that does not finish importing is a problem."""
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a_good.py").write_text(GOOD.replace('"good', '"a'), encoding="utf-8")
    (tmp_path / "notes" / "plot.py").write_text(TRACE, encoding="utf-8")
    (tmp_path / "notes" / "slow.py").write_text(LOOP, encoding="utf-8")
    (tmp_path / "notes" / "talks.py").write_text(GOOD.replace('"good', '"t') + 'print("hello")\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(catalog, "IMPORT_SECONDS", 0.5)
    status = main(["verify", "notes", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert status == 2
    assert not (tmp_path / "RAN").exists()
    assert "skipped          notes/plot.py  (assigns no DERIVATION, not imported)" in out.splitlines()
    assert "hello" not in out and "hello" in err  # what a derivation file prints is not the report
    assert err.splitlines() == ["hello", (
        "posenc-sym verify: error: notes/slow.py: did not finish importing in 0.5 s (it was at line 2); a "
        "derivation file only builds its claims: move long computations out of module level")]
    assert [line.split()[2] for line in out.splitlines() if line.startswith("proven")] == ["a.sq", "t.sq"]


@pytest.mark.parametrize(("source", "assigns"), [
    ("DERIVATION = 1", True),
    ("DERIVATION: object = 1", True),
    ("from elsewhere import DERIVATION", True),
    ("from elsewhere import thing as DERIVATION", True),
    ("if True:\n    DERIVATION = 1", True),
    ("try:\n    pass\nexcept Exception:\n    DERIVATION = 1", True),
    ("a, DERIVATION = 1, 2", True),
    ("(DERIVATION := 1)", True),
    ("def f():\n    DERIVATION = 1", False),
    ("class C:\n    DERIVATION = 1", False),
    ("X = 'DERIVATION = 1'", False),
    ("print(DERIVATION)", False),
])
def test_what_counts_as_assigning_derivation(tmp_path: Path, source: str, assigns: bool) -> None:
    path = tmp_path / "f.py"
    path.write_text(source + "\n", encoding="utf-8")
    assert catalog._assigns_derivation(path) is assigns
