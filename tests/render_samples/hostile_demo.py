"""A test derivation whose text tries every LaTeX special character and an injection."""

import sympy

from posenc_sym import Claim, Derivation, Source, Step

HOSTILE = r"\input{/etc/passwd} 100% _x_ & #1 $5 ~a ^b \\ {braces} \write18{ls} | <> \" end"
x = sympy.Symbol("x", real=True)
odd = sympy.Symbol(r"y%\input{z}", real=True)

CLAIM = Claim(
    "hostile.claim",
    HOSTILE,
    x + odd,
    odd + x,
    steps=(Step(odd + x, HOSTILE),),
    scope=HOSTILE,
    prose=HOSTILE + "\n\n" + "ω ≤ π · ∞ − é ü ß “quoted” — done…",
    source=Source("bad_%_name&.txt", HOSTILE, locator=HOSTILE),
)

DERIVATION = Derivation("hostile", HOSTILE, (CLAIM,), prose=HOSTILE)
