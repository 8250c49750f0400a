"""The scheme registry: one module in schemes/ and its derivation file make a new encoding.

A fake scheme, added by replacing ``registry.SCHEMES`` (and its checker in crosscheck's one
mapping), must appear everywhere the package lists encodings: the CLI's ``check --scheme`` choices
and help, the check's dispatch, the notes' course order, the property table, and crosscheck's
notes (the accurate call, the doubled-exponent slip, the expectations' width). Its place (course
35) puts it between RoPE (30) and ALiBi (40) in every one of those lists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy
import pytest
import sympy

from posenc_sym.app.check import check_source
from posenc_sym.catalog import load_catalog
from posenc_sym.cli import main
from posenc_sym.crosscheck import ErrorModel, checkers
from posenc_sym.crosscheck.common import precision_note
from posenc_sym.crosscheck.expect import conclude
from posenc_sym.crosscheck.result import CheckResult
from posenc_sym.crosscheck.slips import known_slips
from posenc_sym.errors import PosencSymError
from posenc_sym.proof.claim import Claim, Derivation
from posenc_sym.proof.verdict import Verdict
from posenc_sym.render.document import Notes, Section, markdown_document, ordered
from posenc_sym.report.table import build_table, table_lines
from posenc_sym.runner import ClaimResult
from posenc_sym.schemes import registry
from posenc_sym.schemes.scheme import CheckKind, Scheme

FAKE_ACCURATE = 'fake_table(..., method="accurate")'
FAKE = Scheme(
    "fake", "fake $f(t)$", course=35, derivations=("fake.derivation",),
    checks=(CheckKind("fake", "Fake", "a fake (positions, d_model) table", "table", width_key="d_model",
                      accurate=FAKE_ACCURATE),),
)


def fake_result(table: Any) -> CheckResult:
    rows, width = numpy.shape(table)
    return CheckResult("fake", "matches", (("rows", rows), ("d_model", width)), 0.0, 0.0, None,
                       ("checked by the fake checker",), "native", "float64", (rows, width))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The fake scheme registered, with a checker that records what it was given."""
    given: list[Any] = []

    def check_fake(table: Any, *, model: ErrorModel | None = None, expect: Any = None) -> CheckResult:
        given.append((numpy.asarray(table), model, expect))
        return fake_result(table)

    monkeypatch.setattr(registry, "SCHEMES", (*registry.SCHEMES, FAKE))
    monkeypatch.setitem(checkers.CHECKERS, "fake", check_fake)
    return given


@pytest.fixture
def table_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.npy"
    numpy.save(path, numpy.arange(12.0).reshape(4, 3))
    return path


def test_check_offers_the_fake_scheme_in_its_place(fake: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--scheme {sinusoidal,sinusoidal-2d,rope,rope-axes,xpos,fake,alibi}" in shown
    assert ("xpos (a RoPE cache whose pairs carry xPos amplitudes: cos·A and sin·A as the attention sees them), "
            "fake (a fake (positions, d_model) table), alibi (a slope vector, or a bias (heads, queries, keys) or "
            "(heads, 1, keys))") in shown


def test_check_dispatches_the_fake_scheme_to_its_checker(fake: list[Any], table_file: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(table_file), "--scheme", "fake", "--dim", "3", "--strict", "--expect", "rows=4"]) == 0
    assert capsys.readouterr().out == fake_result(numpy.zeros((4, 3))).summary() + "\n"
    (table, model, expect), = fake
    numpy.testing.assert_array_equal(table, numpy.arange(12.0).reshape(4, 3))
    assert (model.name, expect) == ("faithful", {"rows": 4})


def test_a_fake_table_is_held_to_the_sizes_of_a_table(fake: list[Any], table_file: Path) -> None:
    # data kind "table": --dim is the width itself (a cache would also accept twice it)
    with pytest.raises(PosencSymError) as caught:
        check_source(str(table_file), "fake", {"dim": 6})
    assert str(caught.value) == "--dim 6 does not match the data, which have 3 (dim, shape (4, 3)); drop --dim or fix it"
    assert fake == []


def test_the_course_places_the_fake_derivation(fake: list[Any]) -> None:
    course = registry.course()
    assert course[course.index("rope") + 1: course.index("alibi")] == ("fake.derivation",)
    sections = tuple(Section(Derivation(i, f"Title {i}", ()), f"{i}.py")
                     for i in ("alibi", "fake.derivation", "seeds.doc9", "zzz.unlisted", "rope", "premise"))
    body, appendix = ordered(Notes(sections))
    assert [s.derivation.id for s in body] == ["premise", "rope", "fake.derivation", "alibi", "zzz.unlisted"]
    assert [s.derivation.id for s in appendix] == ["seeds.doc9"]
    page = markdown_document(Notes(sections, table_left_out="no table here"))
    headings = [line for line in page.splitlines() if line.startswith(("## Title", "### Title"))]
    assert headings == ["## Title premise", "## Title rope", "## Title fake.derivation", "## Title alibi",
                        "## Title zzz.unlisted", "### Title seeds.doc9"]


def test_the_property_table_has_a_fake_row(fake: list[Any]) -> None:
    t = sympy.Symbol("t", real=True)
    claim = Claim("fake.bounded", "bounded", sympy.sin(t) ** 2, 1 - sympy.cos(t) ** 2, tags=("table:fake:bounded",))
    result = ClaimResult(claim, Verdict("proven", method="stand-in"), "fake.py", Derivation("fake", "F", (claim,)), 0.0)
    table = build_table([result])
    keys = [key for key, _ in table.encodings]
    assert keys[keys.index("rope") + 1: keys.index("alibi")] == ["fake"]
    assert ("fake", "fake $f(t)$") in table.encodings
    assert table.cell("fake", "bounded").summary == "yes (proven, fake.bounded)"
    assert "  fake f(t) / bounded: yes (proven, fake.bounded)" in table_lines(table)


def test_crosscheck_notes_read_the_fake_scheme(fake: list[Any]) -> None:
    note = precision_note("fake", 1e-7, 2.0, ErrorModel("float32", native=True))
    assert f"every element within 1 ulp takes exact angles, e.g. {FAKE_ACCURATE};" in note
    doubled = {"base": 100000000, "exponent_denominator": "d", "d_model": 16}
    assert [key for key, _ in known_slips("fake", doubled)] == ["base"]
    # base 10000 over d = 4 is base 100 over d − 2 = 2: the same frequencies, read at d_model
    result = CheckResult("fake", "matches", (("base", 10000), ("exponent_denominator", "d"), ("d_model", 4)),
                         0.0, 0.0, None, (), "faithful", "float64", (8, 4))
    concluded = conclude(result, {"base": 100, "exponent_denominator": "d-2"}, None)
    assert concluded.verdict == "matches"
    assert concluded.notes[0].startswith("as expected (base=100, exponent_denominator='d-2'): the same frequencies")


@pytest.mark.parametrize(("width_key", "slips", "verdict"), [("d_model", ["base"], "matches"), (None, [], "mismatch")])
def test_the_width_key_decides_whether_the_frequencies_are_read(
    monkeypatch: pytest.MonkeyPatch, width_key: str | None, slips: list[str], verdict: str
) -> None:
    """The same convention, with and without a frequency ladder in the registry entry: the notes
    follow the entry, not the scheme's name."""
    kind = CheckKind("fake", "Fake", "a fake table", "table", width_key=width_key)
    monkeypatch.setattr(registry, "SCHEMES", (*registry.SCHEMES, Scheme("fake", None, 35, checks=(kind,))))
    doubled = {"base": 100000000, "exponent_denominator": "d", "d_model": 16}
    assert [key for key, _ in known_slips("fake", doubled)] == slips
    result = CheckResult("fake", "matches", (("base", 10000), ("exponent_denominator", "d"), ("d_model", 4)),
                         0.0, 0.0, None, (), "faithful", "float64", (8, 4))
    assert conclude(result, {"base": 100, "exponent_denominator": "d-2"}, None).verdict == verdict


def test_every_check_kind_has_one_checker() -> None:
    assert sorted(checkers.CHECKERS) == sorted(k.name for k in registry.check_kinds())


def test_the_course_lists_every_builtin_derivation_once() -> None:
    """Every derivation of the catalogue has its place (the seed documents' go to the appendix)."""
    builtin = [d.derivation.id for d in load_catalog().derivations if not d.derivation.id.startswith("seeds.")]
    course = registry.course()
    assert len(course) == len(set(course))
    assert sorted(course) == sorted(builtin)


@pytest.mark.parametrize(("extra", "call", "message"), [
    ((Scheme("rope", None, 99),), registry.schemes,
     "the scheme registry names the scheme rope twice; give each entry its own name"),
    ((Scheme("rope2", None, 99, checks=(CheckKind("xpos", "x", "x", "cache"),)),), registry.check_kinds,
     "the scheme registry names the check xpos twice; give each entry its own name"),
    ((), lambda: registry.check_kind("t5"),
     "no check for scheme 't5'; use one of: sinusoidal, sinusoidal-2d, rope, rope-axes, xpos, alibi"),
    ((Scheme("orphan", None, 99, checks=(CheckKind("orphan", "O", "o", "table"),)),),
     lambda: checkers.checker("orphan"),
     "the scheme registry lists the check 'orphan' but crosscheck has no checker for it; add one to "
     "CHECKERS in posenc_sym/crosscheck/checkers.py"),
])
def test_registry_mistakes_are_named(monkeypatch: pytest.MonkeyPatch, extra: tuple[Scheme, ...], call: Any,
                                     message: str) -> None:
    monkeypatch.setattr(registry, "SCHEMES", (*registry.SCHEMES, *extra))
    with pytest.raises(PosencSymError) as caught:
        call()
    assert str(caught.value) == message
