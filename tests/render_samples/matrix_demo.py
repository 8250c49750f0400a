"""A test derivation for the renderer: a matrix claim, an unevaluated derivative, a condition."""

import sympy

from posenc_sym import Claim, Derivation
from posenc_sym.schemes.sinusoidal import b, d, frequency, i, k, pe_pair, rotation_block, t

w = frequency(i)

BLOCK = Claim(
    "demo.matrix.block",
    "T_k moves pair i from t to t + k",
    rotation_block(k, w) * pe_pair(t),
    pe_pair(t + k),
    conditions=(b > 1, i < d / 2),
    scope="pair i, general d",
)

FLAT = Claim(
    "demo.matrix.flat",
    "The block does not depend on t",
    sympy.Derivative(rotation_block(k, w)[0, 0], t),
    0,
    conditions=(b > 1,),
    scope="pair i, general d",
)

DERIVATION = Derivation("demo.matrix", "T_k, one block", (BLOCK, FLAT))
