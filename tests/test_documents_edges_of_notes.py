"""Rows of real notes at the edges of what is read (issue 23): each must end in a verdict or a reason, never a crash.

Each expected verdict was worked out by hand before the code ran.
"""

from __future__ import annotations

from pathlib import Path

from .document_links import links_of

D = "definition"
BAM = ("```posenc\nassume i, j, h integer nonnegative\nassume \\mu_h real\n{extra}```\n\n"
       "$$\nB_{{i,j}}^{{(h)}} = -(|j - \\alpha_h i - \\mu_h| + 1)^{{2}}\n$$\n")


def test_an_absolute_value_of_a_name_that_may_be_a_vector_is_refused_with_both_readings(tmp_path: Path) -> None:
    # α_h undeclared is read as a name that may be a vector: |…| is then a norm or an absolute value. SymPy's Abs of
    # such a sum recursed without end (an internal error on a real .tex appendix); the row defines B all the same
    (row,), _ = links_of(tmp_path, BAM.format(extra=""))
    assert row[:2] == (7, D)
    assert "|…| of \\alpha_{h}, which may be a number (an absolute value) or a vector (a norm)" in row[2]
    assert "assume \\alpha_{h} real" in row[2]
    # declared, as the message says, it is read
    (row,), _ = links_of(tmp_path, BAM.format(extra="assume \\alpha_{h} real\n"))
    assert row == (8, D, "defines B_{i,j}^{(h)}")
