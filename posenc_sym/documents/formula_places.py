"""Places in a formula's tokens, as the survey of names needs them: where a group ends, and which tokens stand
where only a number can (an exponent, a subscript, a function's argument, beside an order relation).
"""

from __future__ import annotations

from ..notation.read_tokens import Token
from ..notation.vocabulary import FUNCTIONS, READ_RELATIONS

__all__ = ["group_end", "inside_exponent", "scalar_places"]


def group_end(tokens: list[Token], at: int) -> int:
    """The index after the group (braced, parenthesized, bracketed) or single token at ``at``."""
    closing = {"{": "}", "(": ")", "[": "]"}.get(tokens[at].text) if at < len(tokens) else None
    if closing is None:
        return at + 1
    depth = 0
    for n in range(at, len(tokens)):
        depth += (tokens[n].text == tokens[at].text) - (tokens[n].text == closing)
        if depth == 0:
            return n + 1
    return len(tokens)


_FRACTIONS = frozenset({"\\frac", "\\dfrac", "\\tfrac"})


def _a_name_alone(tokens: list[Token]) -> bool:
    """True if ``tokens`` are one lower-case name, with a subscript at most (``\\theta_d``, ``s``, ``\\lambda_{i}``)."""
    if not tokens or not ((tokens[0].kind == "letter" and tokens[0].text.islower()) or
                          (tokens[0].kind == "cmd" and tokens[0].text[1:2].islower() and tokens[0].text[1:].isalpha())):
        return False
    rest = tokens[1:]
    if not rest:
        return True
    return rest[0].text == "_" and group_end(rest, 1) == len(rest)

#: Order relations: what stands beside one is a number.
_ORDER = frozenset(t for t, op in READ_RELATIONS.items() if op in ("<", "<=", ">", ">="))


def scalar_places(tokens: list[Token], trigonometric: bool = False) -> list[bool]:
    """For each token, whether it stands where only a number can: in an exponent, a subscript, a denominator, or the
    argument of a function (sin, exp, ...); with ``trigonometric``, only in the argument of a function
    other than exp (where a capital letter is an angle, not a matrix's exponential)."""
    scalar = [False] * len(tokens)
    for n, token in enumerate(tokens):
        if token.text in _ORDER and not trigonometric:
            # r < \alpha: only numbers are ordered, so a name beside an order relation is one
            for m in (n - 1, n + 1):
                if 0 <= m < len(tokens) and tokens[m].kind in ("letter", "cmd"):
                    scalar[m] = True
            continue
        if token.text in ("^", "_") and n + 1 < len(tokens):
            if trigonometric:
                continue
            start, end = n + 1, group_end(tokens, n + 1)
        elif token.kind == "letter" and (n == 0 or tokens[n - 1].kind != "letter" or token.space):
            # plain-text functions: sin(x), cosB
            run_end = n
            while run_end < len(tokens) and tokens[run_end].kind == "letter" and (
                    run_end == n or not tokens[run_end].space):
                run_end += 1
            run = "".join(t.text for t in tokens[n:run_end])
            function = max((f for f in FUNCTIONS if run.startswith(f)), key=len, default="")
            if not function or (trigonometric and function == "exp"):
                continue
            start = n + len(function)
            end = group_end(tokens, run_end) if run_end < len(tokens) and tokens[run_end].text == "(" else run_end
        elif token.text in _FRACTIONS and not trigonometric and n + 1 < len(tokens) and tokens[n + 1].text == "{":
            # \frac{2\pi}{\theta_d}: nothing divides by a vector or a matrix, so a name alone in a denominator is a
            # number (a formula there, u^T \Lambda u or |q|, may hold vectors and matrices: left as it is)
            start = group_end(tokens, n + 1)
            end = group_end(tokens, start) if start < len(tokens) and tokens[start].text == "{" else start
            if not _a_name_alone(tokens[start + 1:end - 1]):
                continue
        elif token.kind == "cmd" and token.text[1:] in FUNCTIONS and n + 1 < len(tokens) and not (
                trigonometric and token.text == "\\exp"):
            start = n + 1
            if tokens[start].text in ("(", "{", "["):
                end = group_end(tokens, start)
            else:
                end = start
                while end < len(tokens) and tokens[end].text not in ("+", "-", "=", "<", ">", "&", "\\\\", ")"):
                    end += 1
        else:
            continue
        for m in range(start, min(end, len(tokens))):
            scalar[m] = True
    return scalar


def inside_exponent(tokens: list[Token], at: int) -> bool:
    """True if ``tokens[at]`` sits inside the braces of a superscript (``10000^{2i/d}``)."""
    depth = 0
    for back in range(at - 1, -1, -1):
        text = tokens[back].text
        if text == "}":
            depth += 1
        elif text == "{":
            if depth == 0:
                return back > 0 and tokens[back - 1].text == "^"
            depth -= 1
    return False
