"""A test derivation for the renderer: the angle-addition step behind T_k, per pair."""

import sympy

from posenc_sym import Claim, Derivation, Source, Step

t = sympy.Symbol("t", real=True)
k = sympy.Symbol("k", real=True)
w = sympy.Symbol("omega_i", positive=True)

SHIFT = Claim(
    "demo.shift.sin",
    "Shifting the sine of one pair by k",
    sympy.sin(w * (t + k)),
    sympy.sin(w * t) * sympy.cos(w * k) + sympy.cos(w * t) * sympy.sin(w * k),
    steps=(
        Step(sympy.sin(w * t + w * k), "distribute ω_i over t + k"),
        Step(sympy.sin(w * t) * sympy.cos(w * k) + sympy.cos(w * t) * sympy.sin(w * k),
             "angle addition: sin(x + y) = sin x cos y + cos x sin y"),
    ),
    scope="pair i, general d",
    prose="The first row of the block [[cos ω_i k, sin ω_i k], [−sin ω_i k, cos ω_i k]].",
    source=Source("003_750a8455e46b047a.txt", "位置编码", locator="section 3"),
)

NORM = Claim(
    "demo.norm.pair",
    "Each pair has unit norm",
    sympy.sin(w * t) ** 2 + sympy.cos(w * t) ** 2,
    1,
    scope="pair i, general d",
)

BOUND = Claim(
    "demo.bound.wrong",
    "A document's slip: sin is at most 1/2",
    sympy.sin(t),
    sympy.Rational(1, 2),
    relation="<=",
    expect="refuted",
    source=Source("001_bb44b78ede21af39.txt", "sin(t) <= 1/2"),
)

DERIVATION = Derivation(
    "demo.shift",
    "A relative shift is a rotation",
    (SHIFT, NORM, BOUND),
    prose="Each (sin, cos) pair turns by the angle ω_i k when the position moves by k.\n\n"
    "The map does not depend on t.",
)
