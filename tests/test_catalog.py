"""The catalogue loader and the runner: what loads, what is reported, and how a run ends.

The runner's verdicts here come from a stand-in for the proof engine (``fake_decide``) so these
tests check the plumbing, not the engine's reach; the engine itself is tested in test_proof_*.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
import sympy

from posenc_sym import Claim, Derivation, Verdict, runner
from posenc_sym import catalog as catalog_module
from posenc_sym.catalog import Catalog, LoadedDerivation, Problem, builtin_root, load_catalog
from posenc_sym.proof.assumptions import require_assumptions
from posenc_sym.proof.numeric import NotEvaluable
from posenc_sym.runner import ClaimResult, run_catalog

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
    """Stand-in engine: refuses symbols without assumptions as the contract says decide does, then
    calls a claim proven when ``simplify`` closes the gap and refuted otherwise, at the point where
    every symbol is 1 (true for the false claims these tests use: sin 1 != cos 1, 1 != 2)."""
    require_assumptions(claim.symbols, f"claim {claim.id!r}")
    if sympy.simplify(claim.lhs - claim.rhs) == 0:
        return Verdict("proven", method="fake")
    return Verdict("refuted", method="fake", counterexample={s: sympy.Integer(1) for s in claim.symbols})


@pytest.fixture
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "_decide", fake_decide)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def ids(catalog: Catalog) -> list[str]:
    return [claim.id for claim, _ in catalog.claims]


# --- finding and loading files -------------------------------------------------------------------


def test_builtin_root_in_a_checkout_is_the_top_level_derivations_folder() -> None:
    assert builtin_root() == REPO / "derivations"


def test_folders_are_searched_recursively_in_sorted_order_skipping_helpers(tmp_path: Path) -> None:
    write(tmp_path, "b.py", GOOD.format(did="b"))
    write(tmp_path, "a.py", GOOD.format(did="a"))
    write(tmp_path, "sub/c.py", GOOD.format(did="c"))
    write(tmp_path, "_helper.py", "raise RuntimeError('helpers are not loaded')\n")
    write(tmp_path, "sub/__init__.py", "raise RuntimeError('packages are not imported')\n")
    write(tmp_path, "__pycache__/x.py", "raise RuntimeError('caches are not loaded')\n")
    catalog = load_catalog([tmp_path])
    assert catalog.problems == ()
    root = tmp_path.as_posix()
    assert [item.file for item in catalog.derivations] == [f"{root}/a.py", f"{root}/b.py", f"{root}/sub/c.py"]
    assert ids(catalog) == ["a.pythagoras", "a.swap", "b.pythagoras", "b.swap", "c.pythagoras", "c.swap"]


def test_files_are_named_as_the_user_spelled_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "topic/one.py", GOOD.format(did="one"))
    monkeypatch.chdir(tmp_path)
    catalog = load_catalog(["topic", "topic/one.py"])
    # The same file twice: the second definition of each claim id is a problem, not a second run.
    assert [item.file for item in catalog.derivations] == ["topic/one.py", "topic/one.py"]
    assert ids(catalog) == ["one.pythagoras", "one.swap"]
    assert catalog.problems == (
        Problem("topic/one.py", "one.pythagoras",
                "claim id is already defined in topic/one.py; give one of them another id"),
        Problem("topic/one.py", "one.swap",
                "claim id is already defined in topic/one.py; give one of them another id"),
    )


def test_two_files_with_the_same_name_in_different_folders_both_load(tmp_path: Path) -> None:
    write(tmp_path, "a/rope.py", GOOD.format(did="a"))
    write(tmp_path, "b/rope.py", GOOD.format(did="b"))
    assert ids(load_catalog([tmp_path])) == ["a.pythagoras", "a.swap", "b.pythagoras", "b.swap"]


def test_loading_leaves_no_trace_on_sys_path_sys_modules_or_disk(tmp_path: Path) -> None:
    write(tmp_path, "one.py", GOOD.format(did="one"))
    path_before, modules_before = list(sys.path), set(sys.modules)
    load_catalog([tmp_path])
    assert sys.path == path_before
    assert {m for m in set(sys.modules) - modules_before if m.startswith("posenc_sym._loaded")} == set()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.py"]  # no __pycache__


def test_an_edited_file_is_read_again_not_taken_from_cached_bytecode(tmp_path: Path) -> None:
    # Same size, same second: exactly the edit a timestamp-based bytecode cache would miss.
    path = write(tmp_path, "one.py", GOOD.format(did="aaa"))
    assert ids(load_catalog([path]))[0] == "aaa.pythagoras"
    path.write_text(GOOD.format(did="bbb"))
    assert ids(load_catalog([path]))[0] == "bbb.pythagoras"


def test_a_file_using_postponed_annotations_and_dataclasses_loads(tmp_path: Path) -> None:
    write(tmp_path, "dc.py", """\
        from __future__ import annotations
        from dataclasses import dataclass
        import sympy
        from posenc_sym import Claim, Derivation

        @dataclass(frozen=True)
        class Setting:
            width: int

        x = sympy.Symbol("x", real=True)
        DERIVATION = Derivation("dc", "Dataclass", (Claim("dc.one", "x = x", x, x, same_sides_ok="a fixture"),))
        """)
    assert ids(load_catalog([tmp_path])) == ["dc.one"]


# --- bad input: one problem each, naming the file and the fix; the other files still load --------

BAD_FILES = [
    pytest.param(
        "import sympy\nx = (1,\n",
        "SyntaxError at line 2: '(' was never closed; fix the syntax of this file",
        id="syntax-error",
    ),
    pytest.param(
        "import sympy\nimport no_such_module_for_posenc\nDERIVATION = None\n",
        "failed to import: ModuleNotFoundError at line 2: No module named 'no_such_module_for_posenc'; "
        "fix this file so that it imports",
        id="import-error",
    ),
    pytest.param(
        "def helper():\n    return 1 / 0\n\nDERIVATION = helper()\n",  # the line that raised, not the call
        "failed to import: ZeroDivisionError at line 2: division by zero; fix this file so that it imports",
        id="raises-while-importing",
    ),
    pytest.param(
        "from posenc_sym.schemes.sinusoidal import validate_width\nDERIVATION = validate_width(7)\n",
        "failed to import: PosencSymError at line 2: d_model=7 is odd; the sinusoidal encoding pairs "
        "columns, so d_model must be even",
        id="odd-d",
    ),
    pytest.param(
        "from posenc_sym.schemes.sinusoidal import validate_width\nDERIVATION = validate_width(0)\n",
        "failed to import: PosencSymError at line 2: d_model=0 is not positive; pass a positive even int "
        "such as 512",
        id="non-positive-d",
    ),
    pytest.param(
        "import sys\nsys.exit(3)\nDERIVATION = None\n",
        "failed to import: SystemExit at line 2: 3; fix this file so that it imports",
        id="exits-while-importing",
    ),
    pytest.param(
        "import sympy\nif False:\n    DERIVATION = None\n",
        "defines no DERIVATION; add a module-level DERIVATION = Derivation(...), or name the file _*.py "
        "if it is a helper",
        id="no-derivation",
    ),
    pytest.param(
        "DERIVATION = ['not', 'a', 'derivation']\n",
        "DERIVATION is a list, not a posenc_sym.Derivation; set DERIVATION = Derivation(id, title, claims)",
        id="wrong-type",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_a_bad_file_is_one_problem_and_the_others_still_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    write(tmp_path, "a_good.py", GOOD.format(did="a"))
    write(tmp_path, "bad.py", text)
    write(tmp_path, "z_good.py", GOOD.format(did="z"))
    monkeypatch.chdir(tmp_path)
    catalog = load_catalog(["."])
    assert catalog.problems == (Problem("bad.py", "", message),)
    assert ids(catalog) == ["a.pythagoras", "a.swap", "z.pythagoras", "z.swap"]


BAD_PATHS = [
    pytest.param("missing.py", MISSING, id="missing-file"),
    pytest.param("missing_dir", MISSING, id="missing-folder"),
    pytest.param("notes.txt", "is not a Python file; pass a derivation file (.py) or a folder of them",
                 id="not-python"),
    pytest.param("empty", "folder holds no derivation files; derivation files are *.py files (not _*.py) "
                 "that define DERIVATION = Derivation(...)", id="empty-folder"),
]


@pytest.mark.parametrize(("name", "message"), BAD_PATHS)
def test_a_bad_path_is_one_problem_and_the_other_paths_still_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, message: str
) -> None:
    write(tmp_path, "good.py", GOOD.format(did="g"))
    write(tmp_path, "notes.txt", "not python\n")
    write(tmp_path, "empty/_helper.py", "X = 1\n")
    monkeypatch.chdir(tmp_path)
    catalog = load_catalog([name, "good.py"])
    assert catalog.problems == (Problem(name, "", message),)
    assert ids(catalog) == ["g.pythagoras", "g.swap"]


def test_missing_builtin_derivations_say_how_to_get_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalog_module, "builtin_root", lambda: tmp_path / "gone")
    assert load_catalog().problems == (Problem(
        "derivations", "",
        f"the built-in derivations are missing ({tmp_path / 'gone'}); reinstall posenc-sym, "
        "or run from a checkout that has derivations/",
    ),)


def test_duplicate_claim_ids_across_files_keep_the_first_and_report_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "a.py", GOOD.format(did="same"))
    write(tmp_path, "b.py", GOOD.format(did="same").replace("same.swap", "other.swap"))
    monkeypatch.chdir(tmp_path)
    catalog = load_catalog(["a.py", "b.py"])
    assert catalog.problems == (Problem(
        "b.py", "same.pythagoras", "claim id is already defined in a.py; give one of them another id"
    ),)
    assert ids(catalog) == ["same.pythagoras", "same.swap", "other.swap"]


def test_a_problem_message_is_always_one_line() -> None:
    assert Problem("f.py", "c", "first line\n  second line").message == "first line second line"


# --- the runner ----------------------------------------------------------------------------------

x = sympy.Symbol("x", real=True)
free = sympy.Symbol("free")  # no assumptions: the engine must refuse it
TRUE = Claim("t.true", "true", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1)
FALSE = Claim("t.false", "false", sympy.sin(x), sympy.cos(x))
DOC_ERROR = Claim("t.doc-error", "a document's error", sympy.sin(x), sympy.cos(x), expect="refuted")
WRONGLY_EXPECTED = Claim("t.wrongly-expected", "expected false, is true", x + x, 2 * x, expect="refuted")
FREE = Claim("t.free", "unassumed symbol", free, free + 1)


def catalog_of(*claims: Claim) -> Catalog:
    return Catalog((LoadedDerivation(Derivation("t", "T", claims), "t.py"),))


@pytest.mark.parametrize(
    ("claims", "unexpected", "exit_status"),
    [
        pytest.param((TRUE,), [False], 0, id="proven"),
        pytest.param((TRUE, DOC_ERROR), [False, False], 0, id="expected-refuted-keeps-exit-0"),
        pytest.param((TRUE, FALSE), [False, True], 1, id="unexpected-refutation"),
        pytest.param((WRONGLY_EXPECTED,), [True], 1, id="expected-refuted-but-proven"),
    ],
)
@pytest.mark.usefixtures("fake_engine")
def test_unexpected_verdicts_and_exit_status(
    claims: tuple[Claim, ...], unexpected: list[bool], exit_status: int
) -> None:
    report = run_catalog(catalog_of(*claims))
    assert [r.unexpected for r in report.results] == unexpected
    assert report.exit_status == exit_status


@pytest.mark.parametrize(
    ("status", "expect", "unexpected"),
    [
        # Expectations are exact (issue 19): every verdict but the expected one is reported.
        ("proven", "proven", False), ("checked", "proven", True), ("unknown", "proven", True),
        ("refuted", "proven", True), ("refuted", "checked", True), ("refuted", "refuted", False),
        ("proven", "refuted", True), ("checked", "refuted", True), ("unknown", "refuted", True),
        ("proven", "checked", True), ("checked", "checked", False), ("unknown", "checked", True),
        ("proven", "unknown", True), ("unknown", "unknown", False),
    ],
)
def test_unexpected_is_any_verdict_but_the_expected_one(status: str, expect: str, unexpected: bool) -> None:
    claim = Claim("t.c", "c", x, x, expect=expect)  # type: ignore[arg-type]
    verdict = Verdict(status, counterexample={} if status == "refuted" else None)  # type: ignore[arg-type]
    assert ClaimResult(claim, verdict, "t.py", Derivation("t", "T", (claim,)), 0.0).unexpected is unexpected


@pytest.mark.usefixtures("fake_engine")
def test_a_claim_the_engine_refuses_is_a_problem_and_the_others_are_still_decided() -> None:
    heard: list[str] = []
    report = run_catalog(
        catalog_of(TRUE, FREE, DOC_ERROR),
        on_result=lambda r: heard.append(r.claim.id),
        on_problem=lambda p: heard.append(f"problem {p.claim}"),
    )
    assert heard == ["t.true", "problem t.free", "t.doc-error"]
    assert [r.claim.id for r in report.results] == ["t.true", "t.doc-error"]
    assert report.problems == (Problem(
        "t.py", "t.free",
        "claim 't.free': symbol 'free' has no assumptions; declare its domain, "
        "e.g. Symbol('free', real=True)",
    ),)
    assert report.exit_status == 2


@pytest.mark.parametrize(("error", "shown"), [
    (RecursionError("maximum recursion depth exceeded"), "RecursionError: maximum recursion depth exceeded"),
    # An engine signal is control flow inside the engine: one that escapes it is the engine's bug,
    # never the user's problem (it is deliberately not a PosencSymError).
    (NotEvaluable("cannot evaluate Foo node foo(x)"), "NotEvaluable: cannot evaluate Foo node foo(x)"),
])
def test_an_engine_crash_is_a_problem_naming_the_claim(
        monkeypatch: pytest.MonkeyPatch, error: Exception, shown: str) -> None:
    def crash(claim: Claim) -> Verdict:
        if claim.id == "t.false":
            raise error
        return fake_decide(claim)

    monkeypatch.setattr(runner, "_decide", crash)
    report = run_catalog(catalog_of(FALSE, TRUE))
    assert [r.claim.id for r in report.results] == ["t.true"]
    assert report.problems == (Problem(
        "t.py", "t.false",
        f"the proof engine failed with {shown}; this is a bug in posenc-sym, please report it with this claim",
        internal=True,
    ),)
    assert report.exit_status == 3  # posenc-sym's own failure, not bad input


def test_load_problems_carry_into_the_report_and_times_are_recorded(fake_engine: None) -> None:
    problem = Problem("gone.py", "", MISSING)
    catalog = Catalog(catalog_of(TRUE, DOC_ERROR).derivations, (problem,))
    report = run_catalog(catalog)
    assert report.problems == (problem,)
    assert report.exit_status == 2
    assert all(r.seconds >= 0 for r in report.results)
    assert report.seconds >= sum(r.seconds for r in report.results)


def test_forked_workers_give_the_same_report_as_one_process() -> None:
    catalog = load_catalog([REPO / "derivations" / "sinusoidal_geometry.py",
                            REPO / "derivations" / "sinusoidal_rotation_group.py"])
    one = run_catalog(catalog, jobs=1)
    two = run_catalog(catalog, jobs=2)
    assert len(one.results) >= 16  # enough claims that the run really forks
    assert [(r.claim.id, r.verdict.status, r.verdict.method, r.verdict.counterexample_strings())
            for r in one.results] == [
        (r.claim.id, r.verdict.status, r.verdict.method, r.verdict.counterexample_strings())
        for r in two.results]
