r"""What the text supposes of its declared names, and the refutations it holds back.

``Instead of a larger window $$L' > L$$, compress positions with $$s = \tfrac{L}{L'} < 1$$``: with L and L' declared,
``L' > L`` relates two free names (:func:`.first_written.relates_a_free_name`), which the text supposes from there on,
and ``L/L' < 1`` holds under it. A later claim refuted only at a point where such a supposition fails (L = L') is not
refuted: the text claims it under what it supposed. A refutation at a point where every supposition holds stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import sympy

from ..notation.vocabulary import RELATION_LATEX
from .decide import DisplayResult, LinkResult, display_result
from .links import latex_of

__all__ = ["Suppositions"]

_RELATIONS = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "==": sympy.Eq}


@dataclass
class Suppositions:
    """The relations the text supposes, in document order, with their lines and as written."""

    found: list[tuple[sympy.Basic, int, str]] = field(default_factory=list)

    def held_back(self, result: DisplayResult) -> DisplayResult:
        """``result`` with each claim refuted only where a supposition before it fails made unknown, said why; then
        the display's own suppositions taken in (they hold for the displays after it)."""
        links: list[LinkResult] = []
        for linked in result.links:
            failed = self._failing(linked) if linked.status == "refuted" and linked.link.role == "claim" else None
            if failed is None:
                links.append(linked)
                continue
            _, line, written = failed
            links.append(replace(linked, status="unknown", verdict=None, note=(
                f"refuted only where {written} fails, which the text supposes on line {line}: not refuted; declare "
                "it (assume …) to have the row decided under it")))
        for linked in result.links:
            link = linked.link
            if link.supposed and link.relation in _RELATIONS:
                relation = _RELATIONS[link.relation](link.lhs, link.rhs, evaluate=False)
                shown = RELATION_LATEX.get(link.relation, link.relation)
                written = f"{latex_of(link.lhs)} {shown} {latex_of(link.rhs)}"
                self.found.append((relation, link.line, written))
        return display_result(result.read, tuple(links), result.conventions)

    def _failing(self, linked: LinkResult) -> tuple[sympy.Basic, int, str] | None:
        """The first supposition that fails at the counterexample of ``linked``, if any."""
        point = linked.verdict.counterexample if linked.verdict is not None else None
        if not point:
            return None
        by_name = {getattr(symbol, "name", str(symbol)): value for symbol, value in point.items()}
        for supposed in self.found:
            names = supposed[0].free_symbols
            if not names or any(s.name not in by_name for s in names):
                continue
            if supposed[0].xreplace({s: by_name[s.name] for s in names}) is sympy.false:
                return supposed
        return None
