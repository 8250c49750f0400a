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
])
def test_an_equality_with_decimals_names_both_readings(tmp_path: Path, row: str, status: str) -> None:
    [display] = report_of(tmp_path, f"$$ {row} $$\n").displays
    [link] = display.links
    assert link.status == status
    if status == "approximate":
        assert link.note.startswith("two readings: as an exact equality it fails")
