r"""A notation preset (``--notation sinusoidal``) applied to one document, following its text.

The preset declares what the field's notes leave implicit, but only what this document writes, the
way this document writes it (issue 23, "presets follow the text"):

- the width is the one the text writes (``d`` or ``d_{model}``), never a second one: a note in ``d``
  gets ω_i = 10000^{-2i/d}, not a d_model of its own beside d;
- a notation (ω, ω_i, w_k, PE) the text defines itself is the text's: the preset's is left out;
- a name the text never writes is not declared (``\omega_i`` for a text that writes ω alone), nor one
  the text says is real ("an arbitrary real angular frequency $\omega$") or sets, and ``i`` is declared
  the pair index only where the text doubles it (``PE_{(pos,2i)}``): in ``p_{i,2j}`` it is a position, and
  a position the text doubles (``p_{i,2t}``) is no real position: it numbers the pairs;
- a preset is the field's notation: a document that writes none of its notations (PE, ω, w_k) gets
  nothing from it (its k is the text's own, a scale factor, not the preset's shift).

>>> from .survey import survey
>>> roles = survey([r"PE_{(t,2i)} = \sin(t/10000^{2i/d})", r"\omega_i t"])
>>> print("\n".join(preset_lines("sinusoidal", roles, {"PE"}, "d")))
assume t real
assume i integer
assume d even positive
assume 0 \le i < d/2
let \omega_i = 10000^{-2i/d}
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import PosencSymError
from ..notation.presets import PRESET_WIDTH, PRESETS
from .declarations import symbol_name
from .name_forms import name_form
from .survey import Survey

__all__ = ["preset_lines"]



def _width_latex(width: str) -> str:
    return "d_{model}" if width == "d_model" else width


def preset_lines(notation: str, roles: Survey, defined: Iterable[str], width: str | None) -> tuple[str, ...]:
    """The lines of the preset ``notation`` that apply to a document with these ``roles``, the names
    its text ``defined`` and its ``width`` (None: the preset's own), in that width."""
    if notation not in PRESETS:
        raise PosencSymError(f"--notation {notation!r} is not a preset; use one of {', '.join(sorted(PRESETS))}")
    indexed = roles.sequences | roles.applied  # names the text writes with a subscript, or applies (PE(pos))
    if not any(n.startswith("PE") or n.partition("_")[0] == "omega" or n == "w_k" for n in roles.standalone):
        return ()  # not in the field's notation: its k, w and i are its own
    shown = _width_latex(width or "d_model")
    kept: list[str] = []
    declared: set[str] = set()
    for line in PRESETS[notation]:
        line = line.replace(PRESET_WIDTH, shown)
        keyword, _, rest = line.partition(" ")
        if keyword == "let":
            form = name_form(rest.partition("=")[0])
            if form is None:
                continue
            # \omega_i only where the text writes ω with a subscript; none for a name the text says is real
            # or sets ("an arbitrary real angular frequency $\omega$", "real weights $w_k$"): it is the text's own
            used = form.name in indexed if form.subscript else form.name in roles.standalone
            own = form.name in roles.reals or form.name in roles.settings
            # its parameters (pos, i of PE_{(pos,2i)}) must be names the kept lines declare: a text that writes
            # PE_{(t,2i)} is in a notation of its own, and the preset's PE would stop the run undeclared
            parameters = set(re.findall(r"(?<![\\A-Za-z])[A-Za-z]+", " ".join(form.subscript or ())))
            # ... and so must the letters of its formula (ω = 10000^{-2i/d} in a text with no index i: the run
            # would stop at an undeclared i)
            parameters |= set(re.findall(r"(?<![\\A-Za-z_{])[a-z](?![A-Za-z_])", rest.partition("=")[2]))
            if form.name not in defined and used and not own and parameters <= declared:
                kept.append(line)
            continue
        names = _assumed(rest)
        if names is None:  # a condition: 0 \le i < d/2
            if all(n in (shown, "d_model", "d") or _applies(n, roles) for n in re.findall(r"\b[a-z]\b", rest)):
                kept.append(line)
            continue
        chosen = [n for n in names if _applies(symbol_name(n), roles) or symbol_name(n) == (width or "d_model")]
        if chosen:
            kept.append(f"assume {', '.join(chosen)} {_domain(rest)}")
            declared.update(chosen)
    return tuple(kept)


def _assumed(rest: str) -> list[str] | None:
    """The names of ``assume NAMES DOMAIN`` (None for a condition such as ``0 \\le i < d/2``)."""
    if any(op in rest for op in ("<", ">", "\\le", "\\ge")):
        return None
    names = rest[:len(rest) - len(_domain(rest))].strip()
    return [n.strip() for n in names.split(",") if n.strip()]


def _domain(rest: str) -> str:
    for domain in ("even positive", "integer positive", "integer nonnegative", "real", "integer", "positive"):
        if rest.endswith(" " + domain):
            return domain
    return rest.split()[-1]


def _applies(name: str, roles: Survey) -> bool:
    """True if the text writes ``name`` in the preset's sense (``i`` only as a doubled pair index counted
    from 0: a text writing x_{2i-1} counts its pairs from 1, and the preset's 0 ≤ i < d/2 is not its)."""
    if name == "i":
        return "i" in roles.pairs and "i" not in roles.pairs_from_one
    return name in roles.standalone and name not in roles.pairs  # p_{i,2t}: t numbers pairs, no real position
