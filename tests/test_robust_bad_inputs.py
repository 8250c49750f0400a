"""Bad input, across every subcommand and the Python API: one clear line, the right exit status,
nothing on stdout, nothing written (issue 22).

Each row is an input a user may give and the whole message it gets. The CLI rows run
``posenc-sym`` in-process from a folder holding the files of ``tests/robust_inputs.py``; after
each, stdout is empty, stderr is exactly the one line, and the folder holds what it held before
(a file whose top-level code would write ``RAN`` must not have run). The issue's 22 failures are
rows here or tests of their own (tests/test_robust_*.py); the rest are refusals of the same kinds
on inputs the issue did not try.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy
import pytest

import posenc_sym
from posenc_sym import catalog
from posenc_sym.cli import main
from posenc_sym.errors import PosencSymError

from .conftest import require_module
from .robust_inputs import make_inputs

FILE_KINDS = ".npy, .npz, .pt, .pth, .safetensors"
CODEGEN = ("rope_cache_adjacent, rope_cache_halves, rope_rotate_adjacent, rope_rotate_halves, shift_matrix, "
           "shift_table, sinusoidal_interleaved, sinusoidal_split")
NOT_FINITE = "expected base={} is not a finite number; give the number the convention has, or leave base out"
MISSING_PY = "path does not exist; pass an existing derivation file (.py) or a folder of them"
NO_DERIVATION = ("defines no DERIVATION; add a module-level DERIVATION = Derivation(...), or name the file _*.py "
                 "if it is a helper")
ONE_OF = "give exactly one of -o FILE.tex (a whole document) or --fragments DIR"

CLI: list[Any] = [
    # --- verify: derivation files and folders
    ("verify missing.py", f"posenc-sym verify: error: missing.py: {MISSING_PY}"),
    ("verify data.csv", "posenc-sym verify: error: data.csv: is not a Python file; pass a derivation file (.py) "
                        "or a folder of them"),
    ("verify empty", "posenc-sym verify: error: empty: folder holds no derivation files; derivation files are *.py "
                     "files (not _*.py) that define DERIVATION = Derivation(...)"),
    # issue: verify DIR imported every .py (a file was written, a print reached stdout)
    ("verify helpers", "posenc-sym verify: error: helpers: folder holds no derivation files (1 .py files assign "
                       "none); derivation files are *.py files (not _*.py) that define DERIVATION = Derivation(...)"),
    ("verify trace.py", f"posenc-sym verify: error: trace.py: {NO_DERIVATION}"),
    # issue: a file with `while True: pass` hung the run forever (the budget is shortened to 1 s here)
    ("verify loop.py", "posenc-sym verify: error: loop.py: did not finish importing in 1 s (it was at line 2); a "
                       "derivation file only builds its claims: move long computations out of module level"),
    ("verify --jobs 0", "posenc-sym verify: error: argument --jobs: 0 is not positive; pass --jobs 1 or more "
                        "(see posenc-sym verify --help)"),
    ("verify --jobs x", "posenc-sym verify: error: argument --jobs: 'x' is not a whole number; pass e.g. --jobs 2 "
                        "(see posenc-sym verify --help)"),
    ("verify --bogus", "posenc-sym: error: unrecognized arguments: --bogus (see posenc-sym --help)"),
    ("verify good.py --notation sinusoidal", "posenc-sym verify: error: --notation and --annotate apply to "
                                             "documents (.md, .markdown, .txt, .tex, .ipynb, .qmd, .rmd); pass a document"),
    # --- verify: documents
    ("verify notes.md good.py", "posenc-sym verify: error: good.py: pass documents (.md, .tex) and derivation "
                                "files in separate runs"),
    ("verify missing.md", "posenc-sym verify: error: missing.md: no such document; pass an existing .md, "
                          ".markdown, .txt, .tex, .ipynb, .qmd, .rmd file"),
    ("verify notes.md --annotate notes.md", "posenc-sym verify: error: --annotate notes.md is the document itself; "
                                            "pass another path, e.g. notes.checked.md"),
    ("verify notes.md --annotate out.tex", "posenc-sym verify: error: --annotate out.tex: the annotated copy is "
                                           "Markdown, like the document; give it a .md name, e.g. notes.checked.md"),
    ("verify notes.md --annotate folder.md", "posenc-sym verify: error: --annotate folder.md is a folder; give a "
                                             "file name, e.g. folder.md/notes.md"),
    ("verify notes.md notes.md --annotate out.md", "posenc-sym verify: error: --annotate out.md writes one "
                                                   "document; pass exactly one"),
    # --- latex, markdown: output names (issue: latex -o out.md, markdown -o out.tex wrote the wrong format)
    ("latex good.py -o out.md", "posenc-sym latex: error: -o out.md: latex writes LaTeX; give it a .tex name, "
                                "e.g. out.tex"),
    ("latex good.py -o out.markdown --pdf", "posenc-sym latex: error: -o out.markdown: latex writes LaTeX; give it "
                                            "a .tex name, e.g. out.tex"),
    ("markdown good.py -o out.tex", "posenc-sym markdown: error: -o out.tex: markdown writes Markdown; give it a "
                                    ".md name, e.g. out.md"),
    ("markdown good.py -o notes", "posenc-sym markdown: error: -o notes: markdown writes Markdown; give it a .md "
                                  "name, e.g. notes.md"),
    ("latex good.py -o folder.tex", "posenc-sym latex: error: -o folder.tex is a folder; give a file name, e.g. "
                                    "folder.tex/notes.tex"),
    ("markdown good.py -o folder.md", "posenc-sym markdown: error: -o folder.md is a folder; give a file name, "
                                      "e.g. folder.md/notes.md"),
    ("latex good.py --fragments afile", "posenc-sym latex: error: --fragments afile is a file; give a folder (it "
                                        "is created if missing)"),
    ("latex good.py", f"posenc-sym latex: error: {ONE_OF}"),
    ("latex good.py -o x.tex --fragments d", f"posenc-sym latex: error: {ONE_OF}"),
    ("latex good.py --fragments d --pdf", "posenc-sym latex: error: --pdf compiles a whole document; use it with "
                                          "-o FILE.tex, not --fragments"),
    ("latex missing.py -o out.tex", f"posenc-sym latex: error: missing.py: {MISSING_PY}; fix it and run again "
                                    "(nothing was written)"),
    ("latex trace.py -o out.tex", f"posenc-sym latex: error: trace.py: {NO_DERIVATION}; fix it and run again "
                                  "(nothing was written)"),
    ("markdown good.py", "posenc-sym markdown: error: the following arguments are required: -o/--output (see "
                         "posenc-sym markdown --help)"),
    ("latex good.py -o x.tex --heading-level bogus", "posenc-sym latex: error: argument --heading-level: invalid "
     "choice: 'bogus' (choose from 'section', 'subsection', 'subsubsection', 'none') (see posenc-sym latex --help)"),
    # --- codegen
    ("codegen", f"posenc-sym codegen: error: no NAME given; use one of: {CODEGEN}"),
    ("codegen bogus", f"posenc-sym codegen: error: codegen name 'bogus' is unknown; use one of: {CODEGEN}"),
    # --- check: files (issue: a .npy header claiming shape (10^12, 64) was a _ArrayMemoryError traceback)
    ("check lying.npy --scheme sinusoidal", "posenc-sym check: error: lying.npy: its header declares shape "
     "(1000000000000, 64) of float64 (512,000,000,000,000 bytes), but the file holds only 128 bytes of data; the "
     "file is truncated or its header is wrong: save the array again"),
    ("check truncated.npy --scheme sinusoidal", "posenc-sym check: error: truncated.npy: its header declares shape "
     "(16, 8) of float64 (1,024 bytes), but the file holds only 448 bytes of data; the file is truncated or its "
     "header is wrong: save the array again"),
    ("check missing.npy --scheme sinusoidal", f"posenc-sym check: error: missing.npy does not exist; pass a file "
                                              f"({FILE_KINDS}) or a module:attribute path"),
    ("check data.csv --scheme sinusoidal", f"posenc-sym check: error: data.csv is not one of {FILE_KINDS}; save the "
                                           "array with numpy.save (or torch.save, or safetensors)"),
    ("check folder.npy --scheme sinusoidal", "posenc-sym check: error: folder.npy is a folder; pass the file that "
                                             "holds the array"),
    ("check text.npy --scheme sinusoidal", "posenc-sym check: error: text.npy is not a NumPy .npy file (it starts "
                                           "with b'not nu', not b'\\x93NUMPY'); save the array with numpy.save"),
    ("check objects.npy --scheme sinusoidal", "posenc-sym check: error: objects.npy holds pickled objects, which are "
                                              "refused (loading them can run code); save a plain numeric array with "
                                              "numpy.save"),
    ("check ints.npy --scheme sinusoidal", "posenc-sym check: error: table has integer dtype int64; an encoding "
                                           "holds real values, so pass the floats the implementation produced"),
    ("check nan.npy --scheme sinusoidal", "posenc-sym check: error: table holds NaN or infinity (first at index "
                                          "(0, 1)); an encoding is finite everywhere, so fix the implementation "
                                          "before checking it"),
    ("check cache.npz --scheme sinusoidal", "posenc-sym check: error: the sinusoidal source holds arrays ['cos', "
                                            "'sin']; pass a file with one array (a .npy, or a .pt or .safetensors "
                                            "holding one tensor)"),
    ("check onlycos.npz --scheme rope", "posenc-sym check: error: the RoPE source has arrays ['cos'] but no sin; save "
                                        "them with numpy.savez(path, cos=cos, sin=sin) (or as tensors named cos and "
                                        "sin)"),
    ("check table.npy --scheme rope", "posenc-sym check: error: a RoPE source must give two arrays, cos and sin: a "
                                      ".npz (or .pt, .safetensors) with arrays 'cos' and 'sin', or a callable "
                                      "returning (cos, sin)"),
    # --- check: --expect values (issue: --expect base=nan was a mismatch, not a usage error)
    ("check table.npy --scheme sinusoidal --expect base=nan", f"posenc-sym check: error: {NOT_FINITE.format('nan')}"),
    ("check table.npy --scheme sinusoidal --expect base=inf", f"posenc-sym check: error: {NOT_FINITE.format('inf')}"),
    ("check table.npy --scheme sinusoidal --expect base=-1e999",
     f"posenc-sym check: error: {NOT_FINITE.format('-inf')}"),
    ("check table.npy --scheme sinusoidal --expect base", "posenc-sym check: error: --expect item 'base' has no '=' "
     "or an empty side; write KEY=VALUE[,KEY=VALUE...], e.g. --expect base=10000,pairing=halves"),
    ("check table.npy --scheme sinusoidal --expect bogus=1", "posenc-sym check: error: 'bogus' is not a sinusoidal "
     "convention key; use one of: base, d_model, exponent_denominator, layout, odd_width, order, position_scale, "
     "position_step, scale, scale_form, start, zero_rows"),
    ("check table.npy --scheme sinusoidal --expect base=1,base=2", "posenc-sym check: error: --expect names base "
                                                                   "twice (1 and 2); give each key once"),
    # --- check: sizes and callables (issue: alibi without --heads suggested --positions 128 --dim 64)
    ("check robust_mod:slopes --scheme alibi", "posenc-sym check: error: robust_mod:slopes is callable; give the "
                                               "sizes to call it with, e.g. --heads 12"),
    ("check robust_mod:make --scheme sinusoidal", "posenc-sym check: error: robust_mod:make is callable; give the "
                                                  "sizes to call it with, e.g. --positions 128 --dim 64"),
    ("check robust_mod:slopes --scheme alibi --positions 8", "posenc-sym check: error: --positions does not apply to "
                                                             "--scheme alibi (it takes --heads); drop --positions"),
    ("check table.npy --scheme sinusoidal --positions 0", "posenc-sym check: error: --positions=0 is not positive; "
                                                          "pass a positive size"),
    ("check table.npy --scheme sinusoidal --dim 9", "posenc-sym check: error: --dim 9 does not match the data, which "
                                                    "have 8 (dim, shape (16, 8)); drop --dim or fix it"),
    ("check slopes.npy --scheme alibi --heads 12", "posenc-sym check: error: --heads 12 does not match the data, "
                                                   "which have 8 (slopes, shape (8,)); drop --heads or fix it"),
    ("check nomodule_xyz:thing --scheme rope", "posenc-sym check: error: cannot import module 'nomodule_xyz' "
     "(ModuleNotFoundError: No module named 'nomodule_xyz'); check the name and that it is on PYTHONPATH"),
    ("check robust_mod --scheme rope", f"posenc-sym check: error: 'robust_mod' is neither an existing file nor "
                                       f"module:attribute; pass a file ({FILE_KINDS}) or e.g. "
                                       "mypkg.encoding:make_table"),
    # --- check: models and schemes
    ("check table.npy --scheme sinusoidal --model angle:float8", "posenc-sym check: error: error model "
     "'angle:float8' is unknown; use 'native', 'faithful' or 'angle:' followed by float64, float32, float16 or "
     "bfloat16"),
    ("check table.npy --scheme sinusoidal --strict --model faithful", "posenc-sym check: error: argument --model: "
     "not allowed with argument --strict (see posenc-sym check --help)"),
    ("check table.npy --scheme bogus", "posenc-sym check: error: argument --scheme: invalid choice: 'bogus' (choose "
     "from 'sinusoidal', 'sinusoidal-2d', 'rope', 'rope-axes', 'xpos', 'alibi') (see posenc-sym check --help)"),
    ("check junk.safetensors --scheme rope", "posenc-sym check: error: junk.safetensors cannot be read as a "
     "safetensors file (Error while deserializing header: header too large); save the tensors with safetensors' "
     "save_file"),
]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_inputs(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalog, "IMPORT_SECONDS", 1.0)
    return tmp_path


def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if "__pycache__" not in p.parts)


@pytest.mark.parametrize(("command", "message"), CLI, ids=[c for c, _ in CLI])
def test_bad_input_is_one_line_exit_2_nothing_on_stdout_nothing_written(
        folder: Path, capsys: pytest.CaptureFixture[str], command: str, message: str) -> None:
    if command.startswith("check junk.safetensors"):
        require_module("safetensors", "safetensors is not installed (pip install 'posenc-sym[safetensors]')")
    before = _listing(folder)
    try:
        status = main(shlex.split(command))
    except SystemExit as exc:  # argparse's own errors
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert (status, out, err) == (2, "", message + "\n")
    assert _listing(folder) == before


def test_the_table_has_the_rows_the_brief_asks_for() -> None:
    """At least the issue's failures and as many again (44 in all), over every subcommand."""
    assert len(CLI) + len(API) >= 44
    assert {c.split()[0] for c, _ in CLI} == {"verify", "latex", "markdown", "codegen", "check"}


def _table() -> Any:
    return posenc_sym.sinusoidal_table(16, 8)


def _slopes() -> Any:
    return numpy.array([0.5, 0.25, 0.125, 0.0625])


API: list[Any] = [
    (lambda: posenc_sym.check_sinusoidal(_table(), model=3),
     "model=3 is not an error model; pass 'native', 'faithful', 'angle:FORMAT' (FORMAT one of float64, float32, "
     "float16, bfloat16) or an ErrorModel"),
    (lambda: posenc_sym.check_rope(*posenc_sym.rope_cache(8, 4), model="angle:float8"),
     "error model 'angle:float8' is unknown; use 'native', 'faithful' or 'angle:' followed by float64, float32, "
     "float16 or bfloat16"),
    (lambda: posenc_sym.check_alibi(_slopes(), expect={"max_bias": float("nan")}),
     "expected max_bias=nan is not a finite number; give the number the convention has, or leave max_bias out"),
    (lambda: posenc_sym.check_sinusoidal(_table(), expect="base=inf"), NOT_FINITE.format("inf")),
    (lambda: posenc_sym.check_sinusoidal([["a"]]),
     "table has dtype <U1, not numbers; pass a float array (float64, float32, float16 or bfloat16)"),
    (lambda: posenc_sym.sinusoidal_table(16, 7),
     "d_model=7 is odd; the sinusoidal encoding pairs columns, so d_model must be even"),
]


@pytest.mark.parametrize(("call", "message"), API)
def test_bad_input_from_python_raises_one_error_with_the_fix(call: Callable[[], object], message: str) -> None:
    with pytest.raises(PosencSymError) as raised:
        call()
    assert str(raised.value) == message


@pytest.mark.parametrize("model", ["native", "faithful", "angle:float32", None])
@pytest.mark.parametrize("check", ["check_sinusoidal", "check_rope", "check_alibi"])
def test_every_check_function_takes_the_models_name(check: str, model: str | None) -> None:
    """Issue: check_sinusoidal(t, model="faithful") was an AttributeError, though the CLI and
    posenc_sym.testing take the name."""
    data = {"check_sinusoidal": (_table(),), "check_rope": posenc_sym.rope_cache(8, 4),
            "check_alibi": (_slopes(),)}[check]
    result = getattr(posenc_sym, check)(*data, model=model)
    by_object = getattr(posenc_sym, check)(*data, model=posenc_sym.crosscheck.parse_error_model(model or "native"))
    assert result.verdict == by_object.verdict == "matches"
    assert result.error_model == by_object.error_model


UNCLOSED = [
    pytest.param("$$\nx^2 \\ge 0\n", id="unclosed-dollars"),
    pytest.param("\\begin{align}\nx^2 &\\ge 0\n", id="unclosed-align"),
    pytest.param("", id="empty"),
]


@pytest.mark.parametrize("text", UNCLOSED)
def test_an_unclosed_display_or_an_empty_document_is_bad_input(
        folder: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    (folder / "broken.md").write_text(text, encoding="utf-8")
    status = main(["verify", "broken.md"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.startswith("posenc-sym verify: error: ") and err.count("\n") == 1


def test_an_error_the_reader_raises_reaches_the_user_as_bad_input(
        folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """What the CLI does with an error the document reader raises: one line on stderr, exit 2."""
    from posenc_sym.app import documents

    def refuse(path: object, shown: object = None) -> object:
        raise PosencSymError("notes.md:7: this display is never closed; add $$")

    monkeypatch.setattr(documents, "load_document", refuse)
    status = main(["verify", "notes.md"])
    assert (status, *capsys.readouterr()) == (
        2, "", "posenc-sym verify: error: notes.md:7: this display is never closed; add $$\n")


@pytest.mark.parametrize(("name", "module", "install"), [
    ("junk.safetensors", "safetensors", "pip install 'posenc-sym[safetensors]'"),
    ("cache.pt", "torch", "pip install torch"),
])
def test_a_missing_optional_dependency_is_named_with_its_install(
        folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str, module: str, install: str) -> None:
    (folder / "cache.pt").write_bytes(b"PK\x03\x04")
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if it were not installed
    status = main(["check", name, "--scheme", "rope"])
    assert (status, *capsys.readouterr()) == (2, "", (
        f"posenc-sym check: error: {name}: reading a {Path(name).suffix} file needs {module}, which is not "
        f"installed; {install}, or save the arrays with numpy.save\n"))
