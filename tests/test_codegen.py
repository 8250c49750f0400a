"""Generated NumPy code: golden text, executed against mpmath, the CLI.

Golden files live in tests/golden/codegen/NAME.txt. After an intended change to the generator,
rewrite them with ``POSENC_SYM_UPDATE_GOLDEN=1 pytest tests/test_codegen.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import numpy
import pytest
import sympy

from posenc_sym import cli
from posenc_sym.accuracy import direct_bound, rotation_bound
from posenc_sym.cli import codegen as codegen_cli
from posenc_sym.codegen import compile_unit, generated_source, names
from posenc_sym.numerics import abs_error
from posenc_sym.reference import rope_reference, sinusoidal_reference
from posenc_sym.schemes import sinusoidal

from .conftest import UPDATE_GOLDEN

GOLDEN = Path(__file__).parent / "golden" / "codegen"
UPDATE = UPDATE_GOLDEN  # only POSENC_SYM_UPDATE_GOLDEN=1 rewrites the goldens
ALL_NAMES = (
    "rope_cache_adjacent", "rope_cache_halves", "rope_rotate_adjacent", "rope_rotate_halves",
    "shift_matrix", "shift_table", "sinusoidal_interleaved", "sinusoidal_split",
)


def test_names_are_the_documented_ones() -> None:
    assert names() == ALL_NAMES


@pytest.mark.parametrize("name", ALL_NAMES)
def test_generated_source_matches_golden(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = generated_source(name)
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with POSENC_SYM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ALL_NAMES)
def test_generated_source_compiles_standalone(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(compile(generated_source(name), name, "exec"), namespace)
    assert callable(namespace[name])


def _within(values: numpy.ndarray, exact: numpy.ndarray, bounds: numpy.ndarray) -> None:
    errors = abs_error(values, exact)
    worst = numpy.unravel_index(numpy.argmax(errors / bounds), errors.shape)
    assert (errors <= bounds).all(), (worst, errors[worst], bounds[worst])


@pytest.mark.parametrize("layout", ["interleaved", "split"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32])
def test_generated_table_is_within_the_direct_bound(layout: str, dtype: type) -> None:
    positions, d_model = [0, 1, 1000, 10**6], 8
    table = compile_unit(f"sinusoidal_{layout}")(positions, d_model, 10000, dtype)
    assert table.dtype == dtype
    exact = sinusoidal_reference(positions, d_model, layout=layout)
    pair = [c // 2 if layout == "interleaved" else c % (d_model // 2) for c in range(d_model)]
    bounds = numpy.array([[direct_bound(t, pair[c], d_model, 10000, exact[r, c], dtype)
                           for c in range(d_model)] for r, t in enumerate(positions)])
    _within(table, exact, bounds)


@pytest.mark.parametrize("pairing", ["adjacent", "halves"])
def test_generated_rope_cache_is_within_the_direct_bound(pairing: str) -> None:
    positions, dim = [0, 5, 131071], 8
    cos, sin = compile_unit(f"rope_cache_{pairing}")(positions, dim)
    exact_cos, exact_sin = rope_reference(positions, dim, pairing=pairing)
    pair = [c // 2 if pairing == "adjacent" else c % (dim // 2) for c in range(dim)]
    for values, exact in ((cos, exact_cos), (sin, exact_sin)):
        bounds = numpy.array([[direct_bound(t, pair[c], dim, 10000, exact[r, c], numpy.float64)
                               for c in range(dim)] for r, t in enumerate(positions)])
        _within(values, exact, bounds)


@pytest.mark.parametrize("pairing", ["adjacent", "halves"])
def test_generated_rotation_matches_the_rotation_matrix(pairing: str) -> None:
    # Independent path: the dense R_m from schemes.rope, evaluated by SymPy, times x.
    from posenc_sym.schemes import rope
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal((2, 3, 4))
    positions = [0, 7, 1000]
    rotated = compile_unit(f"rope_rotate_{pairing}")(x, positions)
    u, dim = 2.0**-53, 4
    for r, m in enumerate(positions):
        matrix = numpy.array(rope.rotation_matrix(sympy.Integer(m), dim, 10000, pairing).evalf(30), dtype=float)
        expected = x[:, r, :] @ matrix.T
        for c in range(dim):
            # Output c is x_c·cos θ̂ ∓ x_partner·sin θ̂: NumPy's cos/sin of the float angle are within
            # accuracy.direct_bound (docs/numerics.md, "direct"; |exact| <= 1) of the exact values, the
            # two products and the sum round once each (<= 2u·(|x_c| + |x_partner|)). The expected
            # side: entries rounded from 30 digits (0.5 ulp) and a 4-term dot product (γ_4 <= 4u·Σ).
            # (1 + 4u) covers the second-order terms.
            angle_error = direct_bound(m, rope.pair_of_column(c, dim, pairing), dim, 10000, 1.0, numpy.float64)
            weight = numpy.abs(x[:, r, c]) + numpy.abs(x[:, r, rope.partner(c, dim, pairing)])
            bound = weight * (angle_error + 2 * u + 0.5 * u + 4 * u) * (1 + 4 * u)
            assert (numpy.abs(rotated[:, r, c] - expected[:, c]) <= bound).all(), (m, c)


@pytest.mark.parametrize("k", [1, 3, 100])
def test_shift_matrix_and_table_map_row_t_to_row_t_plus_k(k: int) -> None:
    d_model, positions = 8, numpy.arange(5)
    exact_later = sinusoidal_reference(positions + k, d_model)
    rows = numpy.array(sinusoidal_reference(positions, d_model), dtype=float)  # correctly rounded rows
    shifted = compile_unit("shift_table")(rows, k)
    by_matrix = rows @ compile_unit("shift_matrix")(k, d_model).T
    # Rows carry 0.5 ulp <= 2^-54; the rotation entries come from NumPy sin/cos of k·ω (direct bound
    # at position k); the rotation itself follows rotation_bound.
    rotation_error = max(direct_bound(k, p, d_model, 10000, 1.0, numpy.float64) for p in range(d_model // 2))
    bound = rotation_bound(2.0**-54, rotation_error) + 2.0**-54
    for values in (shifted, by_matrix):
        _within(values, exact_later, numpy.full(values.shape, bound))


def test_shift_kernel_is_the_complex_product_used_by_the_fast_method() -> None:
    s, c_sym = sympy.symbols("S C", real=True)
    w = sinusoidal.frequency(sinusoidal.i)
    block = sinusoidal.rotation_block(sinusoidal.k, w) * sympy.Matrix([s, c_sym])
    conj_w = sympy.cos(sinusoidal.k * w) - sympy.I * sympy.sin(sinusoidal.k * w)
    product = sympy.expand(conj_w * (s + sympy.I * c_sym))
    assert sympy.expand(block[0] - sympy.re(product)) == 0
    assert sympy.expand(block[1] - sympy.im(product)) == 0


def _run_cli(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    # Only our subcommand is registered here, so the test does not depend on the others landing.
    monkeypatch.setattr(cli, "COMMANDS", ("codegen",))
    return cli.main(argv)


def test_cli_prints_the_golden_source(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert _run_cli(["codegen", "shift_table"], monkeypatch) == 0
    assert capsys.readouterr().out == (GOLDEN / "shift_table.txt").read_text(encoding="utf-8")


def test_cli_lists_every_name(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run_cli(["codegen", "--list"], monkeypatch) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert tuple(listed) == ALL_NAMES


@pytest.mark.parametrize(("argv", "message"), [
    (["codegen", "nope"], "posenc-sym codegen: error: codegen name 'nope' is unknown; use one of: "
                          + ", ".join(ALL_NAMES) + "\n"),
    (["codegen"], "posenc-sym codegen: error: no NAME given; use one of: " + ", ".join(ALL_NAMES) + "\n"),
])
def test_cli_bad_name_is_one_line_and_exit_2(argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert _run_cli(argv, monkeypatch) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", message)


def test_cli_module_is_registered() -> None:
    assert "codegen" in cli.COMMANDS
    assert codegen_cli.run.__doc__
