"""Notation presets: the declarations a field's notes leave implicit, in the declaration language.

``--notation sinusoidal`` lets notes in the field's notation be checked as they are written: pos, t
and k real; i the pair index (0 <= i < d_model/2); d_model positive and even; ω, ω_i and w_k the
frequency 10000^{-2i/d_model}; PE_{(pos,2i)} and PE_{(pos,2i+1)} with base 10000. The lines are written
with the width ``d_{model}``; a document that writes ``d`` gets them with ``d`` (the checker substitutes
the width the text uses, and leaves out what the text defines itself or never writes: see
``posenc_sym.documents.presets``).

>>> [line for line in PRESETS["sinusoidal"] if line.startswith("let PE")]
['let PE_{(pos,2i)} = \\\\sin(pos \\\\cdot 10000^{-2i/d_{model}})', \
'let PE_{(pos,2i+1)} = \\\\cos(pos \\\\cdot 10000^{-2i/d_{model}})']
"""

from __future__ import annotations

__all__ = ["PRESETS", "PRESET_WIDTH"]

#: How the preset lines write the width; a document that writes another width gets its own.
PRESET_WIDTH = "d_{model}"

_SINUSOIDAL = (
    "assume pos, t, k real",
    "assume i integer",
    "assume d_{model} even positive",
    "assume 0 \\le i < d_{model}/2",
    "let \\omega = 10000^{-2i/d_{model}}",
    "let \\omega_i = 10000^{-2i/d_{model}}",
    "let w_k = 10000^{-2k/d_{model}}",
    "let PE_{(pos,2i)} = \\sin(pos \\cdot 10000^{-2i/d_{model}})",
    "let PE_{(pos,2i+1)} = \\cos(pos \\cdot 10000^{-2i/d_{model}})",
)

#: Preset name -> its declaration lines, applied before the document's own.
PRESETS: dict[str, tuple[str, ...]] = {"sinusoidal": _SINUSOIDAL}
