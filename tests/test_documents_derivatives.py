"""Derivatives as notes write them (issue 23 item 2): the near-miss table first, then real notes.

Each row is a small document and the verdict of each of its links, worked out by hand before the code
was run: a derivative is carried out only where its expression is differentiable by construction (a kink
|x| at 0, a jump of the floor, a pole of tan are held: never proven for every x); a derivative in a
variable the expression does not contain is 0; a slip (a sign, a factor 2) is refuted; a derivative of a
name the text does not define is not taken (the name may depend on the variable); the variable must be
one the row can vary (real, not an index); ``\\frac{d}{2}`` and ``\\frac{dx}{d}`` stay quotients.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from posenc_sym.documents.decide_document import check_document

P, R, U, D = "proven", "refuted", "unknown", "definition"

#: x and y declared real: the rows start at line 5.
XY = "```posenc\nassume x, y real\n```\n\n"


def _links(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = check_document(path)
    assert not report.problems
    return [(link.line, link.status) for display in report.displays for link in display.links]


@pytest.mark.parametrize(("text", "links"), [
    # the three shapes, and their slips: a factor (3x for 3x^2), a factor 2 of the chain rule, a sign
    (XY + "$$ \\frac{d}{dx} x^3 = 3x^2 $$\n", [(5, P)]),
    (XY + "$$ \\frac{d}{dx} x^3 = 3x $$\n", [(5, R)]),
    (XY + "$$ \\frac{d x^3}{d x} = 3x^2 $$\n", [(5, P)]),
    (XY + "$$ \\frac{d^2 x^3}{d x^2} = 6x $$\n", [(5, P)]),
    (XY + "$$ \\frac{\\mathrm{d}}{\\mathrm{d}x} x^3 = 3x^2 $$\n", [(5, P)]),
    ("$$ \\frac{d}{dt} \\sin(2t) = 2\\cos(2t) $$\n", [(1, P)]),
    # the ramp's derivative where it exists: 1 for x > 0, 0 for x < 0; at the kink x = 0 SymPy's Heaviside(0) = 1/2
    # is no value of the derivative, so x = 0 refutes nothing (it refuted the true cases before); a slip is refuted
    # away from the kink (x < 0: 0 ≠ 1)
    (XY + "$$ \\frac{d}{dx} \\max(0, x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases} $$\n",
     [(5, "checked"), (5, "condition")]),
    (XY + "$$ \\frac{d}{dx} \\max(0, x) = 1 $$\n", [(5, R)]),
    ("$$ \\frac{d}{dt} \\sin(2t) = \\cos(2t) $$\n", [(1, R)]),
    ("$$ \\frac{d}{dt} \\cos t = \\sin t $$\n", [(1, R)]),
    # partial derivatives, mixed: d²(x²y³)/dxdy = 6xy²; a slip in the power refuted
    (XY + "$$ \\frac{\\partial^2}{\\partial x \\partial y} x^2 y^3 = 6 x y^2 $$\n", [(5, P)]),
    (XY + "$$ \\frac{\\partial^2}{\\partial x \\partial y} x^2 y^3 = 6 x y^3 $$\n", [(5, R)]),
    # what is not differentiable everywhere: the kink of |x| at 0, the jumps of the floor, the poles of tan
    (XY + "$$ \\frac{d}{dx} |x| = \\frac{x}{|x|} $$\n", [(5, U)]),
    ("$$ \\frac{d}{dt} \\lfloor t \\rfloor = 0 $$\n", [(1, U)]),
    (XY + "$$ \\frac{d}{dx} \\tan x = \\frac{1}{\\cos^2 x} $$\n", [(5, U)]),
    # ... and where the text excludes the kink, it is carried out
    ("```posenc\nassume x positive\n```\n\n$$ \\frac{d}{dx} |x| = 1 $$\n", [(5, P)]),
    # a variable the expression does not contain: 0, true (y is declared, a constant)
    (XY + "$$ \\frac{d}{dx} y^2 = 0 $$\n", [(5, P)]),
    ("```posenc\nassume x real\n```\n\n$$ \\frac{d}{dt} x^2 = 0 $$\n", [(5, P)]),
    # a name the text does not define may depend on the variable: never proven, never refuted
    ("$$ \\frac{d}{dt} \\sin(\\omega t) = \\omega \\cos(\\omega t) $$\n", [(1, U)]),
    ("$$ \\frac{d}{dt} \\sin(\\omega t) = \\cos(\\omega t) $$\n", [(1, U)]),
    # what the operator applies to: the factor after it, + ends it; a product followed by + is refused
    (XY + "$$ \\frac{d}{dx} \\sin(x) + 1 = \\cos(x) + 1 $$\n", [(5, P)]),
    (XY + "$$ \\frac{d}{dx} x y = y $$\n", [(5, P)]),
    # d the width: \frac{d}{2} and \frac{d x}{d} stay quotients; \frac{d}{dt} is the derivative
    ("$$ \\frac{d}{2} + \\frac{d}{2} = d $$\n", [(1, P)]),
    (XY + "$$ \\frac{d x}{d} = x $$\n", [(5, P)]),
    ("$$ \\frac{d}{d t} \\frac{t}{d} = \\frac{1}{d} $$\n", [(1, P)]),
    # a definition's name is used by its definition
    ("$$ PE(t) = \\sin(t/2) $$\n\n$$ \\frac{d}{dt} PE(t) = \\frac{1}{2} \\cos(t/2) $$\n", [(1, D), (3, P)]),
    ("$$ PE(t) = \\sin(t/2) $$\n\n$$ \\frac{d}{dt} PE(t) = \\cos(t/2) $$\n", [(1, D), (3, R)]),
    (XY + "$$ g(x) = x^3 $$\n\n$$ \\frac{d g}{d x} = 3x^2 $$\n", [(5, D), (7, P)]),
    (XY + "$$ f(x, y) = x^2 y $$\n\n$$ \\frac{\\partial}{\\partial x} f(x, y) = 2 x y $$\n", [(5, D), (7, P)]),
    # primes: the derivative of a function the text has, of one argument ...
    (XY + "$$ g(x) = x^3 $$\n\n$$ g'(x) = 3x^2 $$\n\n$$ g''(x) = 6x $$\n", [(5, D), (7, P), (9, P)]),
    (XY + "$$ g(x) = x^3 $$\n\n$$ g'(x) = 3x $$\n", [(5, D), (7, R)]),
    # ... never where g' is a name of its own: of two arguments, a new vector, a prime on a non-function
    (XY + "$$ f(x) = x^2 $$\n\n$$ f'(x, y) = f(x y) $$\n", [(5, D), (7, D)]),
    (XY + "$$ x' = 2x $$\n\n$$ x' - x = x $$\n", [(5, D), (7, P)]),
])
def test_derivative_near_misses(tmp_path: Path, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links


@pytest.mark.parametrize(("text", "reason"), [
    # the variable must be one the row can vary: a name nothing declares, an integer index, a defined formula
    ("$$ \\frac{d}{dx} x^2 = 2x $$\n",
     "the derivative's variable x is not declared real: a derivative is taken in a real variable; declare it "
     "(assume x real)"),
    ("```posenc\nassume k integer\n```\n\n$$ \\frac{d}{dk} k^2 = 2k $$\n",
     "the derivative's variable k is an integer (an index): a derivative is taken in a real variable; declare it "
     "real (assume k real) if it varies continuously, or write \\frac{d}{d \\cdot k} for a quotient"),
    ("$$ \\theta_i = 10000^{-2i/d} $$\n\n$$ \\frac{d}{d\\theta_i} \\theta_i = 1 $$\n",
     "the derivative's variable \\theta is 10000**(-2*i/d) here, not a variable of its own: a derivative is "
     "taken in a name the row can vary; write it in such a name"),
    # what the operator applies to, where a reader may take it two ways, or where it applies to nothing
    (XY + "$$ \\frac{d}{dx} x y + y = 2y $$\n",
     "\\frac{d}{dx} before a product followed by + has two readings: the derivative of the product (x*y) alone, "
     "or of everything after it; parenthesize what it differentiates"),
    (XY + "$$ \\frac{d}{dx} = 1 $$\n", "\\frac{d}{dx} applies to nothing here; write what it differentiates after it"),
    # orders that differ above and below the bar; a d above and a \partial below
    (XY + "$$ \\frac{d^2 y}{d x} = 0 $$\n",
     "the orders of this derivative differ: 2 above, 1 below the fraction bar"),
    (XY + "$$ \\frac{d y}{\\partial x} = 0 $$\n",
     "a derivative's denominator is differentials, each before its variable (dx, \\partial x \\partial y), all d "
     "or all \\partial as in its numerator"),
    # a partial derivative of a function of two arguments written without them: which argument is x?
    (XY + "$$ f(x, y) = x^2 y $$\n\n$$ \\frac{\\partial f}{\\partial x} = 2 x y $$\n",
     "f is a function: write its arguments, \\frac{\\partial}{\\partial x} f(x, y), so that each variable is the "
     "argument it is"),
    # a prime on a function with no argument: a function, not a value
    (XY + "$$ g(x) = x^3 $$\n\n$$ g' + 1 = 3x^2 + 1 $$\n",
     "g' is the derivative of g, read at a variable: write g'(x), or name it"),
])
def test_derivatives_refused(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    display = check_document(path).displays[-1]
    assert (display.status, display.reason) == ("unknown", f"cannot be read: {reason}")


@pytest.mark.parametrize(("source", "text", "links"), [
    # clawdemy.org, "Trig derivatives from geometry" (cheatsheet), written there as d/dx( sin(x) ) = cos(x), typeset
    # here as a note would; its "why it matters for AI" is the sinusoidal encoding. A sign slip is refuted.
    ("clawdemy trig derivatives",
     "```posenc\nassume x real\n```\n\n$$ \\frac{d}{dx} \\sin(x) = \\cos(x) $$\n\n"
     "$$ \\frac{d}{dx} \\cos(x) = -\\sin(x) $$\n\n$$ \\frac{d^2}{dx^2} \\sin(x) = -\\sin(x) $$\n\n"
     "$$ \\frac{d}{dx} \\cos(x) = \\sin(x) $$\n",
     [(5, P), (7, P), (9, P), (11, R)]),
    # torchedup.dev, "backprop-rope": L = sum(RoPE(x, theta)) over one pair; its gradient dL/dx[2i] = cos + sin,
    # dL/dx[2i+1] = cos - sin (the transposed rotation on the all-ones upstream gradient); the sign swapped: refuted
    ("torchedup backprop-rope",
     "```posenc\nassume x_0, x_1, \\theta real\n```\n\n"
     "$$ L = x_0 \\cos\\theta - x_1 \\sin\\theta + x_0 \\sin\\theta + x_1 \\cos\\theta $$\n\n"
     "$$ \\frac{\\partial L}{\\partial x_0} = \\cos\\theta + \\sin\\theta $$\n\n"
     "$$ \\frac{\\partial L}{\\partial x_1} = \\cos\\theta - \\sin\\theta $$\n\n"
     "$$ \\frac{\\partial L}{\\partial x_1} = \\cos\\theta + \\sin\\theta $$\n",
     [(5, D), (7, P), (9, P), (11, R)]),
    # the sinusoidal encoding differentiated in its position (yueyiming2009.github.io, "rope-gradient", writes the
    # angle m θ_k with θ_k = base^{-2k/d}): d/dt sin(t θ_k) = θ_k cos(t θ_k), in the real position t
    ("rope-gradient angle",
     "$$ \\theta_k = 10000^{-2k/d} $$\n\n$$ \\frac{d}{dt} \\sin(t \\theta_k) = \\theta_k \\cos(t \\theta_k) $$\n\n"
     "$$ \\frac{d}{dt} \\cos(t \\theta_k) = \\theta_k \\sin(t \\theta_k) $$\n",
     [(1, D), (3, P), (5, R)]),
])
def test_derivatives_of_real_notes(tmp_path: Path, source: str, text: str, links: list[tuple[int, str]]) -> None:
    assert _links(tmp_path, text) == links, source


def test_a_dotted_name_of_the_text_is_its_derivative_never_a_new_name(tmp_path: Path) -> None:
    # after x = sin t, a false ẋ = -cos t (ẋ = cos t) was taken as ẋ's definition, and ẋ + cos t = 0 was proven
    # (it is 2 cos t, 2 at t = 0)
    text = "Let $x = \\sin t$. Then\n\n$$ \\dot x = -\\cos t $$\n\nso that\n\n$$ \\dot x + \\cos t = 0 $$\n"
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    statuses = [link.status for d in check_document(path).displays for link in d.links]
    assert "proven" not in statuses and "definition" not in statuses
