r"""``_repr_latex_`` for Jupyter: a claim or derivation with the engine's verdict, as MathJax.

Jupyter shows LaTeX through MathJax, which has no text markup (no ``\section``), so the
display is one ``$$...$$`` block: the statement, the assumptions, the chain of steps with
numbered justifications, and the verdict in words. The claim is decided when it is shown
(once; verdicts are cached per claim), so the notebook never shows a verdict nobody computed.

>>> import sympy
>>> from posenc_sym import Claim
>>> x = sympy.Symbol("x", real=True)
>>> c = Claim("demo.square", "x^2 >= 0", x**2, 0, relation=">=")
>>> print(claim_display(c, None))
$$\begin{gathered}
\text{x^2 >= 0}\\
x^{2} \ge 0\\
\text{where } x\ \text{is real}\\
\text{Not decided: the proof engine is not available.}
\end{gathered}$$
"""

from __future__ import annotations

import functools

from ..errors import PosencSymError
from ..notation import value_latex
from ..proof import engine
from ..proof.assumptions import stated_assumptions
from ..proof.claim import Claim, Derivation
from ..proof.verdict import Verdict
from .inline import text_mathjax
from .mathtex import (
    claim_chain_latex,
    claim_definitions_latex,
    claim_sides_latex,
    math_latex,
    mathjax_text,
    relation_latex,
)

__all__ = ["claim_display", "claim_repr_latex", "derivation_repr_latex", "register"]


@functools.lru_cache(maxsize=256)
def _decide(claim: Claim) -> Verdict | str:
    """The engine's verdict, or the reason there is none (in words)."""
    try:
        verdict = engine.decide(claim)
    except PosencSymError as exc:
        return f"Not decided: {exc}"
    return verdict


def _verdict_words(claim: Claim, verdict: Verdict) -> str:
    method = f" ({verdict.method})" if verdict.method else ""
    words = {
        "proven": f"Proven symbolically{method}.",
        "refuted": f"Refuted{method}: counterexample below.",
        "checked": f"Numerically checked, not proven{method}.",
        "unknown": f"Unknown: neither proven nor refuted{method}.",
    }[verdict.status]
    if claim.expect != verdict.status:
        words += f" Not as expected: {claim.expect}."
    return words


def claim_display(claim: Claim, verdict: Verdict | str | None) -> str:
    """The ``$$...$$`` block for ``claim`` with ``verdict`` (or the reason it has none)."""
    left, right = claim_sides_latex(claim)
    rows = [text_mathjax(claim.title, mathjax_text), f"{left} {relation_latex(claim.relation)} {right}"]
    definitions = claim_definitions_latex(claim)
    if definitions:
        rows.append(r"\text{with } " + r",\ ".join(definitions))
    said = stated_assumptions(claim.symbols, claim.conditions)
    if said:
        rows.append(r"\text{where } " + r",\ ".join(
            (math_latex(s) + r"\ " + mathjax_text(w[len(str(s)):]))
            for s, w in zip(claim.symbols, said, strict=False)
        ) + "".join(r",\ " + math_latex(c) for c in claim.conditions))
    if claim.links:
        chain = [
            (left if n == 1 else "") + f" &{relation_latex(rel)} {end}"
            + r" && " + text_mathjax(f"({n}) {because}", mathjax_text)
            for n, ((_s, _e, rel, because), end) in enumerate(
                zip(claim.links, claim_chain_latex(claim), strict=True), start=1)
        ]
        rows.append("\\begin{aligned}\n" + " \\\\\n".join(chain) + "\n\\end{aligned}")
    if verdict is None:
        rows.append(mathjax_text("Not decided: the proof engine is not available."))
    elif isinstance(verdict, str):
        rows.append(mathjax_text(verdict))
    else:
        rows.append(mathjax_text(_verdict_words(claim, verdict)))
        if verdict.status == "refuted" and verdict.counterexample:
            point = verdict.counterexample.items()
            # Exact when short, else rounded to 6 significant digits: the exact point stays in the JSON.
            rows.append(r",\ ".join(f"{math_latex(s)} = {value_latex(v)}" for s, v in point))
    return "$$\\begin{gathered}\n" + "\\\\\n".join(rows) + "\n\\end{gathered}$$"


def register() -> None:
    """Give :class:`Claim` and :class:`Derivation` their Jupyter display (``_repr_latex_``).

    The proof layer knows nothing of rendering; the render layer attaches the display to it.
    ``from posenc_sym import Claim`` attaches a thin wrapper that imports this module only when a
    notebook first shows a claim; this function attaches the display directly.

    >>> register()
    >>> Claim._repr_latex_ is claim_repr_latex, Derivation._repr_latex_ is derivation_repr_latex
    (True, True)
    """
    # setattr: the proof layer's classes declare no such attribute, on purpose.
    setattr(Claim, "_repr_latex_", claim_repr_latex)  # noqa: B010
    setattr(Derivation, "_repr_latex_", derivation_repr_latex)  # noqa: B010


def claim_repr_latex(claim: Claim) -> str:
    """What ``Claim._repr_latex_`` returns: the claim, decided now (or from the cache)."""
    return claim_display(claim, _decide(claim))


def derivation_repr_latex(derivation: Derivation) -> str:
    """What ``Derivation._repr_latex_`` returns: its title, then each claim decided."""
    blocks = [claim_display(c, _decide(c))[2:-2] for c in derivation.claims]
    body = "\\\\\n".join([text_mathjax(derivation.title, mathjax_text), *blocks])
    return "$$\\begin{gathered}\n" + body + "\n\\end{gathered}$$"
