"""Displays the text sets up to solve, not claims: "we need $$\\frac{n}{\\beta} = \\frac{nk}{\\lambda\\beta}$$, which
gives $\\lambda = k$", "需要满足：$$…$$ 可以解得 $\\lambda = k$".

A requirement ("we need", "must satisfy", "需要满足") before a display, or a solution ("which gives", "solving for
λ", "解得") right after it, makes the display an equation whose unknown the text is about to find, often a name it
gave another value before (λ = k² a paragraph earlier). Such a display is not claimed for the values in force, so a
refutation of it is held back (unknown, said why); a proof stands.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .decide import DisplayResult, LinkResult, display_result
from .extract import Display

__all__ = ["equation_words", "held_back", "words_after"]

#: The end of a lead-in that asks for what the display states: "we need:", "it must satisfy", "需要满足：".
_REQUIRED = re.compile(r"(?:\b(?:we\s+need|one\s+needs|(?:needs?|has|have)\s+to\s+(?:satisfy|hold|be)|must\s+"
                       r"(?:satisfy|hold|have|be)|requires?(?:\s+that)?|it\s+is\s+required\s+that|should\s+satisfy)"
                       r"|需要满足|需满足|须满足|应满足|要满足|必须满足|要求)\W*$", re.IGNORECASE)
#: The start of the words after a display that solve it: "which gives $\lambda = k$", "solving for λ", "解得".
_SOLVED = re.compile(r"^\W*(?:(?:which|this|that|it)\s+(?:gives|yields)|solv\w*|we\s+(?:get|obtain|find)\s+\$"
                     r"|(?:由此|从而|可以|可)?解得|求得|解出)", re.IGNORECASE)


def words_after(text: str, display: Display) -> str:
    """The first line of prose right after ``display`` (across no blank line), or ""."""
    lines = text.splitlines()
    after = lines[display.end_line:display.end_line + 1] if display.cell is None else []
    return " ".join(after).strip()


def equation_words(lead_in: str, after: str) -> str | None:
    """The words that make a display an equation to solve (see the module docstring), or None.

    >>> equation_words("To enlarge the range $k$ times we need:", ""), equation_words("", "可以解得 $\\\\lambda=k$ 。")
    ('we need:', '可以解得')
    >>> equation_words("Then", "where $k$ is the ratio"), equation_words("We find", "so the claim holds")
    (None, None)
    """
    if (found := _REQUIRED.search(lead_in)) is not None:
        return found.group(0).strip()
    if (found := _SOLVED.search(after)) is not None:
        return found.group(0).strip(" $")
    return None


def held_back(result: DisplayResult, words: str | None) -> DisplayResult:
    """``result`` with each refuted claim made unknown where ``words`` make the display an equation to solve."""
    if words is None or not any(linked.status == "refuted" for linked in result.links):
        return result
    links: list[LinkResult] = []
    for linked in result.links:
        names = set().union(*(getattr(side, "free_symbols", set()) for side in (linked.link.lhs, linked.link.rhs)))
        if linked.status == "refuted" and linked.link.role == "claim" and names:  # 2 + 2 = 5 has nothing to solve
            linked = replace(linked, status="unknown", verdict=None, note=(
                f"an equation the text sets up to solve ('{words}'), not a claim for the values in force: not "
                "refuted; state what solving it gives as a row of its own"))
        links.append(linked)
    return display_result(result.read, tuple(links), result.conventions)
