"""A subscript as the survey of names reads it: the letters it indexes with, the words it spells, the pairs it
doubles (``2i``, ``2i+1``), the names it indexes inside it (θ_i in ``R_{m\\theta_i}``), and whether it scales or
shifts (``\\omega_{d/2}``, ``p_{i+\\delta}``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..notation.read_tokens import Token
from ..notation.vocabulary import FONTS, LATEX_GREEK

__all__ = ["Subscript", "read_subscript"]


@dataclass
class Subscript:
    letters: list[str] = field(default_factory=list)  # single letters in it (indices)
    words: list[str] = field(default_factory=list)  # runs of letters (model in d_{model})
    doubled: list[str] = field(default_factory=list)  # letters after a 2 (2i): pairs
    down: list[str] = field(default_factory=list)  # doubled letters less one (2i-1): pairs counted from 1
    up: list[str] = field(default_factory=list)  # doubled letters plus one (2i+1): pairs counted from 0
    sequences: list[str] = field(default_factory=list)  # names indexed inside it (\theta_i in R_{m\theta_i})
    plain: str | None = ""  # its text as a name's part, as the reader spells it (None: a formula)
    scaled: bool = False  # it divides or multiplies (\omega_{d/2}, x_{d \times 1}): its letters need not be indices
    shifted: bool = False  # it adds or subtracts (p_{i+\delta}): its letters shift an index, so they are indices


def read_subscript(tokens: list[Token], at: int) -> tuple[Subscript, int]:
    """The subscript starting at ``tokens[at]`` (after '_'), and the index after it."""
    found = Subscript()
    if at >= len(tokens):
        return found, at
    if tokens[at].text != "{":
        token = tokens[at]
        name = token.text if token.kind in ("letter", "num") else LATEX_GREEK.get(token.text)
        if token.kind != "num" and name:
            found.letters.append(name)
        found.plain = name
        return found, at + 1
    depth, end, parts = 1, at + 1, []
    while end < len(tokens) and depth:
        token = tokens[end]
        depth += (token.text == "{") - (token.text == "}")
        if token.kind == "letter":
            run_end = end + 1
            while run_end < len(tokens) and tokens[run_end].kind == "letter" and not tokens[run_end].space:
                run_end += 1
            run = "".join(t.text for t in tokens[end:run_end])
            (found.letters if len(run) == 1 else found.words).append(run)
            if len(run) == 1 and tokens[end - 1].text == "2":
                found.doubled.append(run)
                after = [t.text for t in tokens[run_end:run_end + 2]]
                if after in (["-", "1"], ["+", "1"]):
                    (found.down if after[0] == "-" else found.up).append(run)
            parts.append(run)
            end = run_end
            continue
        if token.text in LATEX_GREEK:
            indexed = end + 1 < len(tokens) and tokens[end + 1].text == "_"
            if indexed:
                found.sequences.append(LATEX_GREEK[token.text])
            elif tokens[end - 1].text in ("{", "+", "-", ",") and end + 1 < len(tokens) and \
                    tokens[end + 1].text in ("}", "+", "-", ","):
                found.letters.append(LATEX_GREEK[token.text])  # δ in p_{i+\delta}: a term of an index, an index
            # else θ in R_{m\theta}, R_{(n-m)\theta}: a factor, an angle, never an index by convention
            parts.append(LATEX_GREEK[token.text])
        elif token.kind == "num":
            parts.append(token.text)
        elif token.text in ("+", "-") and depth == 1:
            found.shifted = True
            found.plain = None
        elif token.text in ("/", "\\frac", "\\times", "\\cdot", "\\tfrac", "\\dfrac"):
            found.scaled = True
            found.plain = None
        elif token.text == ",":
            parts.append("_")
        elif depth and token.text not in FONTS and token.text not in ("{", "}"):  # d_{\text{model}}: braces inside
            found.plain = None
        end += 1
    if found.plain is not None:
        found.plain = "".join(parts)
    return found, end
