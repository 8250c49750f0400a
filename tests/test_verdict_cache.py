"""The verdict cache: a proof or counterexample is reused only for the same statement and engine.

Each test works in its own cache folder. What must never happen: a verdict reused for another
statement (other assumptions, relation, step, or a user's class redefined), a timing-dependent
verdict (checked, unknown) kept, or a pickle read from a folder the user does not own.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import sympy

from posenc_sym.cli import main
from posenc_sym.proof import Claim, Step
from posenc_sym.proof.verdict import Verdict
from posenc_sym.proof.verdict_cache import CACHE_ENV, VerdictCache, cacheable, claim_key, default_cache

x = sympy.Symbol("x", real=True)
xp = sympy.Symbol("x", positive=True)


def _claim(lhs: Any, rhs: Any, relation: str = "==", **kw: Any) -> Claim:
    return Claim("demo.c", "demo", lhs, rhs, relation=relation, **kw)  # type: ignore[arg-type]


BASE = _claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1)


@pytest.mark.parametrize(("other", "why"), [
    (_claim(sympy.sin(xp) ** 2 + sympy.cos(xp) ** 2, 1), "the symbol's assumptions"),
    (_claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1, "<="), "the relation"),
    (_claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1, conditions=(x > 0,)), "a condition"),
    (_claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1, steps=(Step(1 - sympy.cos(x) ** 2 + sympy.cos(x) ** 2, "x"),)),
     "a step"),
    (_claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 2), "a side"),
])
def test_the_key_changes_with_everything_that_decides_the_verdict(other: Claim, why: str) -> None:
    assert claim_key(other) != claim_key(BASE), why


def test_the_key_ignores_id_title_and_prose() -> None:
    same = Claim("another.id", "another title", BASE.lhs, BASE.rhs, prose="words", scope="general x")
    assert claim_key(same) == claim_key(BASE)


def test_a_users_class_is_part_of_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """srepr names a Function subclass without its body: the file that defines it is in the key."""
    module = tmp_path / "posenc_cache_userfn.py"
    monkeypatch.syspath_prepend(str(tmp_path))

    def key_with(body: str) -> str | None:
        module.write_text("import sympy\n\nclass g(sympy.Function):\n    @classmethod\n"
                          f"    def eval(cls, a):\n        {body}\n", encoding="utf-8")
        sys.modules.pop("posenc_cache_userfn", None)
        cls = importlib.import_module("posenc_cache_userfn").g
        return claim_key(_claim(cls(x), x))

    try:
        first, second = key_with("return None"), key_with("return a")
    finally:
        sys.modules.pop("posenc_cache_userfn", None)
    assert first is not None and second is not None
    assert first != second


@pytest.mark.parametrize(("verdict", "kept"), [
    (Verdict("proven", method="m"), True),
    (Verdict("refuted", counterexample={x: sympy.Integer(1)}), True),
    (Verdict("checked", points_checked=24), False),
    (Verdict("unknown", reason="timed out after 60 s"), False),
    (Verdict("refuted", counterexample={}, links=(Verdict("refuted", counterexample={}), Verdict("unknown"))), False),
    (Verdict("proven", links=(Verdict("proven"), Verdict("proven"))), True),
])
def test_only_machine_independent_verdicts_are_kept(tmp_path: Path, verdict: Verdict, kept: bool) -> None:
    cache = VerdictCache(tmp_path)
    assert cacheable(verdict) is kept
    assert cache.put(BASE, verdict) is kept
    found = cache.get(BASE)
    assert (found == verdict) if kept else (found is None)


def test_a_refuted_verdict_comes_back_with_its_exact_counterexample(tmp_path: Path) -> None:
    cache = VerdictCache(tmp_path)
    verdict = Verdict("refuted", counterexample={x: sympy.Rational(7, 3)}, difference="0.1")
    cache.put(BASE, verdict)
    found = cache.get(BASE)
    assert found is not None and found.counterexample == {x: sympy.Rational(7, 3)}


def test_another_engine_option_is_another_entry(tmp_path: Path) -> None:
    VerdictCache(tmp_path, "dps=50").put(BASE, Verdict("proven"))
    assert VerdictCache(tmp_path, "dps=30").get(BASE) is None


def test_a_corrupt_entry_is_ignored(tmp_path: Path) -> None:
    cache = VerdictCache(tmp_path)
    cache.put(BASE, Verdict("proven"))
    (entry,) = tmp_path.rglob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert cache.get(BASE) is None


def test_a_folder_of_another_user_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = VerdictCache(tmp_path)
    cache.put(BASE, Verdict("proven"))
    monkeypatch.setattr(os, "getuid", lambda: os.stat(tmp_path).st_uid + 1)
    assert cache.get(BASE) is None


@pytest.mark.parametrize(("value", "expected"), [("", None), ("/some/where", Path("/some/where"))])
def test_the_environment_chooses_the_folder_or_turns_it_off(monkeypatch: pytest.MonkeyPatch, value: str,
                                                             expected: Path | None) -> None:
    monkeypatch.setenv(CACHE_ENV, value)
    cache = default_cache()
    assert (cache.directory if cache is not None else None) == expected


def _verify_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    main(["verify", *args, "--json", "--jobs", "1"])
    return json.loads(capsys.readouterr().out)


def test_a_second_run_reuses_proofs_and_counterexamples_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    derivation = tmp_path / "demo.py"
    derivation.write_text(
        "import sympy\nfrom posenc_sym import Claim, Derivation\nx = sympy.Symbol('x', real=True)\n"
        "DERIVATION = Derivation('demo', 'Demo', (\n"
        "    Claim('demo.sq', 'x^2 >= 0', x**2, 0, relation='>='),\n"
        "    Claim('demo.wrong', 'x^2 >= 1', x**2, 1, relation='>=', expect='refuted'),\n"
        "))\n", encoding="utf-8")
    first = _verify_json([str(derivation)], capsys)
    second = _verify_json([str(derivation)], capsys)
    fresh = _verify_json([str(derivation), "--no-cache"], capsys)
    assert [c["cached"] for c in first["claims"]] == [False, False]
    assert [c["cached"] for c in second["claims"]] == [True, True]
    assert [c["cached"] for c in fresh["claims"]] == [False, False]
    keep = ("id", "status", "counterexample", "method", "reason")
    for run in (second, fresh):
        assert [{k: c[k] for k in keep} for c in run["claims"]] == [{k: c[k] for k in keep} for c in first["claims"]]
    main(["verify", str(derivation), "--jobs", "1"])
    assert " cached  demo.sq" in capsys.readouterr().out
