r"""Decimals say how close a value is: one unit of the last place written (a rounding is within half of it, a
truncation within one). Each gap below was computed with mpmath at 30 digits: cos(π/6) − 0.866 = 2.54·10⁻⁵ < 10⁻³;
cos(π/3) − 0.9 = −0.4, beyond 10⁻¹; 0.125^{0.8} − 0.209 = −0.0195, beyond 10⁻³; sin(π/6) − 0.6 = −0.1, one whole
unit of 10⁻¹ (0.6 rounds or truncates nothing within it of 0.5); √2 − 1.41 = 0.0042 < 10⁻².
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .document_links import links_of, report_of


@pytest.mark.parametrize(("row", "status"), [
    (r"\cos(\pi/6) \approx 0.866", "approximate"),
    (r"\sqrt{2} \approx 1.41", "approximate"),
    (r"\cos(\pi/3) \approx 0.9", "refuted"),
    (r"0.125^{0.8} \approx 0.209", "refuted"),
    (r"\begin{pmatrix} \cos(\pi/6) \\ \sin(\pi/6) \end{pmatrix} \approx \begin{pmatrix} 0.866 \\ 0.6 \end{pmatrix}",
     "refuted"),
    (r"\begin{pmatrix} \cos(\pi/6) \\ \sin(\pi/6) \end{pmatrix} \approx \begin{pmatrix} 0.866 \\ 0.5 \end{pmatrix}",
     "approximate"),
])
def test_an_approximate_value_is_refuted_beyond_its_last_digit(tmp_path: Path, row: str, status: str) -> None:
    [(_, found, _)] = links_of(tmp_path, f"$$ {row} $$\n")[0]
    assert found == status


@pytest.mark.parametrize(("row", "status"), [
    (r"\cos(\pi/6) = 0.866", "approximate"),  # false exactly, true to the digits written: both readings named
    (r"\cos(\pi/3) = 0.9", "refuted"),  # false either way
    (r"\sqrt{2} = 1.41", "approximate"),
    (r"\sqrt{2} = 1.43", "refuted"),  # 1.43 − √2 = 0.0158, beyond 10⁻²
    # a red team's near misses: exactly one unit of the last digit off is no rounding and no truncation (0.5 gives
    # 0.50, 0.1 gives 0.10); just short of one unit (cos 1 = 0.5403 for 0.55: 0.0097) is within the documented unit
    (r"\cos(\pi/3) = 0.49", "refuted"),
    (r"10000^{-0.25} = 0.11", "refuted"),
    (r"\cos(1) = 0.55", "approximate"),
])
def test_an_equality_with_decimals_names_both_readings(tmp_path: Path, row: str, status: str) -> None:
    [display] = report_of(tmp_path, f"$$ {row} $$\n").displays
    [link] = display.links
    assert link.status == status
    if status == "approximate":
        assert link.note.startswith("two readings: as an exact equality it fails")


# Gaps computed with mpmath at 30 digits (scratch, not the project's code): R(0.02)·(0.9, 0.4) =
# (0.891821…, 0.417919…), each within 10⁻⁴ of 0.8918 and 0.4179 (gaps 2.05·10⁻⁵, 1.88·10⁻⁵); 0.4679 is 0.05 off.
# 10000^{-1/2} / 8^{1/256} = 0.0099189…, and 0.01 / 8^{0.0039} = 0.0099189… + 1.29·10⁻⁷ (0.0039 rounds 1/256 =
# 0.00390625); 0.01 / 8^{0.0049} is 2.05·10⁻⁵ smaller: no exponent within 10⁻⁴ of 0.0049 gives it.
ROTATION = (r"R = \begin{pmatrix} \cos(0.02) & -\sin(0.02) \\ \sin(0.02) & \cos(0.02) \end{pmatrix}")


@pytest.mark.parametrize(("row", "status"), [
    # the result is rounded entry by entry; the data 0.9, 0.4 are exact (one digit inside a formula)
    (r"R \begin{pmatrix} 0.9 \\ 0.4 \end{pmatrix} = \begin{pmatrix} 0.8918 \\ 0.4179 \end{pmatrix}", "approximate"),
    # a slip in one entry: 0.4 ± 0.1 as data would hide it; read exact, it stays refuted
    (r"R \begin{pmatrix} 0.9 \\ 0.4 \end{pmatrix} = \begin{pmatrix} 0.8918 \\ 0.4679 \end{pmatrix}", "refuted"),
])
def test_a_matrix_rounded_entry_by_entry(tmp_path: Path, row: str, status: str) -> None:
    found = links_of(tmp_path, f"$$ {ROTATION} $$\n\n$$ {row} $$\n")[0]
    assert found[-1][1] == status


@pytest.mark.parametrize(("row", "status"), [
    # SymPy folds 0.01 / 8^{0.0039} into 2^{9883/10000}/200: the row is read again with its decimals kept
    (r"\frac{10000^{-64/128}}{(32768/4096)^{0.25/64}} = \frac{0.01}{8^{0.0039}}", "approximate"),
    (r"\frac{10000^{-64/128}}{(32768/4096)^{0.25/64}} = \frac{0.01}{8^{0.0049}}", "refuted"),
    # a whole side of one digit is a rounded value (√0.5 = 0.7071…), exact data it is not
    (r"\sqrt{0.5} = 0.7", "approximate"),
])
def test_decimals_folded_by_the_reading_are_found_again(tmp_path: Path, row: str, status: str) -> None:
    [(_, found, _)] = links_of(tmp_path, f"$$ {row} $$\n")[0]
    assert found == status
