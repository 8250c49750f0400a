"""Exact names for the two scales a sinusoidal table can carry: its amplitude and its positions.

**Amplitude** (``scale``): code multiplies the table by 1, √d (scaled embeddings), d^(−1/2)
(x-transformers' ``ScaledSinusoidalEmbedding``: ``dim ** -0.5``) or 2^(±1/2). A short decimal of
such a number (0.0883883 for 128^(−1/2)) is not it: the table would be measured against a value
off by 5·10⁻⁸ relative, a float32 ulp, and hundreds of elements would fall outside a model they
meet. So the closed forms are tried first, with their names (``scale_form``), then eighths and
short decimals (:mod:`.names`).

**Positions** (``position_scale``): sin(s·t·ω_i) — positions scaled by s, or every frequency:
the same numbers. diffusers' ``get_2d_sincos_pos_embed`` divides the grid by grid_size/base_size
and by ``interpolation_scale`` (PixArt: 2, s = 1/2); tensor2tensor's ``get_timing_signal_1d``
multiplies its frequencies by ``min_timescale`` (s = 2 with ``min_timescale=2``). The estimate
is the frequency of pair 0 (b^0 = 1 times s); candidates are simple fractions p/q (q ≤ 64) and
short decimals near it, exact (:class:`fractions.Fraction`), scored against the data like bases.

>>> [form for _, form in amplitude_candidates(0.0883883, 128)][:3]
['d_model^(-1/2)', None, None]
>>> position_scale_candidates(0.50000001)[0]
Fraction(1, 2)
>>> position_scale_candidates(1.0 + 1e-9)
[Fraction(1, 1)]
"""

from __future__ import annotations

import math
from fractions import Fraction

from .names import short_values

__all__ = ["amplitude_candidates", "position_scale_candidates", "scale_notes", "scale_text", "snap_amplitude"]

#: A position scale within this relative distance of 1 is 1: pair 0 turns at 1 radian per row.
_UNIT = 1e-6


def amplitude_candidates(estimate: float, width: int) -> list[tuple[float, str | None]]:
    """(value, closed form or None) to try for an amplitude ``estimate`` of a ``width``-column table,
    closed forms first (module docstring)."""
    forms: list[tuple[float, str | None]] = [
        (1.0, None),
        (1.0 / math.sqrt(width), "d_model^(-1/2)"),
        (math.sqrt(width), "d_model^(1/2)"),
        (1.0 / math.sqrt(2.0), "2^(-1/2)"),
        (math.sqrt(2.0), "2^(1/2)"),
    ]
    # the forms in order, the one nearest the estimate first among those within 1 %: a 1-wide table
    # has d^(−1/2) = 1, whose name says nothing
    near = [(v, f) for v, f in forms if abs(v - estimate) <= 0.01 * v]
    near.sort(key=lambda c: abs(c[0] - estimate))
    named = [(v, f if width > 1 or f is None else None) for v, f in near]
    plain = [(round(estimate * 8) / 8, None), *((v, None) for v in short_values(estimate))]
    return [*named, *(c for c in plain if c[0] and c not in named)]


def position_scale_candidates(estimate: float) -> list[Fraction]:
    """Exact position scales near ``estimate`` (the frequency of pair 0), simplest first: 1 alone
    when the estimate is 1 to within 10^-6; else fractions p/q with q ≤ 64 within 10^-4 relative,
    then short decimals (module docstring)."""
    if not math.isfinite(estimate) or estimate <= 0:
        return []
    if abs(estimate - 1.0) <= _UNIT:
        return [Fraction(1)]
    out: list[Fraction] = []
    for q in range(1, 65):
        f = Fraction(round(estimate * q), q)
        if f > 0 and abs(float(f) - estimate) <= 1e-4 * estimate and f not in out:
            out.append(f)
    out.extend(Fraction(repr(v)) for v in short_values(estimate) if Fraction(repr(v)) not in out)
    return out


def scale_text(value: Fraction) -> str:
    """``1/2``, ``2``, ``0.6667``: how a position scale is written in a note.

    >>> scale_text(Fraction(1, 2)), scale_text(Fraction(2)), scale_text(Fraction("0.125"))
    ('1/2', '2', '1/8')
    """
    return str(value)


def snap_amplitude(estimate: float, width: int, floor: float) -> tuple[float, str | None]:
    """The amplitude an ``estimate`` names, and its closed form: 1, the closed forms, eighths or
    short numbers (:func:`amplitude_candidates`) within a few ulps of the data (8·``floor``)."""
    for candidate, form in amplitude_candidates(estimate, width):
        if abs(estimate - candidate) <= 8 * floor * candidate:
            return candidate, form
    return estimate, None


def scale_notes(
    scale: float, form: str | None, width: int, position_scale: Fraction, base: float, denominator: str
) -> list[str]:
    """What a named amplitude or a position scale is, and the code known to write it."""
    notes = []
    if form is not None:
        known = ", as x-transformers' ScaledSinusoidalEmbedding sets it" if form == "d_model^(-1/2)" else ""
        notes.append(
            f"scale {scale:.9g} = {form.replace('d_model', str(width))} exactly ({form}{known}); the data are "
            "measured against that number"
        )
    if position_scale == 1:
        return notes
    s = scale_text(position_scale)
    text = f"positions scaled by {s}: sin({s}·t·ω_i), the same numbers as every frequency times {s}"
    if denominator == "d-2" and position_scale > 1:
        text += (
            f" — tensor2tensor's get_timing_signal_1d with min_timescale={s} and max_timescale="
            f"{float(base * position_scale):g} (it multiplies its frequencies by min_timescale, so base "
            f"{base:g} = max_timescale/min_timescale)"
        )
    elif position_scale < 1:
        text += (
            " — positions divided as diffusers' get_2d_sincos_pos_embed divides its grid by grid_size/base_size "
            "and interpolation_scale (PixArt: interpolation_scale=2)"
        )
    return [*notes, text]
