r"""Symbol names and their LaTeX, in both directions: one table, used by the writer and the reader.

A SymPy name is a *base* and optional subscript parts, joined by ``_``. The base prints as a Greek
letter (``omega`` -> ``\omega``, ``Theta`` -> ``\Theta``, ``varrho`` -> ``\varrho``: every letter of
the vocabulary), as itself when it is one letter (``t``), as an accented letter when it is one
letter or a Greek letter followed by an accent's name (``qhat`` -> ``\hat{q}``, ``omegatilde`` ->
``\tilde{\omega}``, SymPy's convention), and upright when it is a word (``pos`` -> ``\mathrm{pos}``,
``PE`` -> ``\mathrm{PE}``): a word set in italics reads as a product of letters. A subscript part
prints as a Greek letter, a letter, a number, an index such as ``2i`` or ``ij`` (one or two
letters), or a word of three letters or more in ``\text{...}`` (``model``). Several parts are
separated by commas. Subscripts are always braced, so the output is regular for the reader.

>>> name_latex("omega_i"), name_latex("pos"), name_latex("d_model"), name_latex("R_theta")
('\\omega_{i}', '\\mathrm{pos}', 'd_{\\text{model}}', 'R_{\\theta}')
>>> latex_name(r"d_{\text{model}}"), latex_name(r"\omega_{i}"), latex_name(r"\mathrm{pos}")
('d_model', 'omega_i', 'pos')

A name outside this grammar (``x%``, ``\input{f}``, ``a b``) is never copied into LaTeX:
:func:`name_latex` returns ``None`` and the writer prints it as escaped text.

>>> name_latex(r"\input{f}") is None, name_latex("x%") is None
(True, True)

``pi`` is reserved for the constant π, so a *symbol* named ``pi`` is the word ``\mathrm{pi}``;
``e`` and ``i`` as constants are written upright by the writer (``\mathrm{e}``, ``\mathrm{i}``),
so that the symbols ``e`` and ``i`` (the pair index) stay plain letters.
"""

from __future__ import annotations

import re

from .vocabulary import ACCENTS, CONSTANT_LETTERS, GREEK, LATEX_GREEK, accent_of

__all__ = ["is_plain_name", "latex_name", "name_latex", "split_name"]

_PART = r"[A-Za-z0-9]+"
_PLAIN = re.compile(rf"^[A-Za-z][A-Za-z0-9]*(?:_{_PART})*$")
_WORD = re.compile(r"^[A-Za-z]{3,}$")
# A subscript of one or two letters is a list of indices (ij, qc) in italics; a longer one a word.
_INDEX = re.compile(r"^[0-9]+[A-Za-z]?$|^[A-Za-z]{1,2}$")
# A step in one variable, Δ and one letter: read from ``\Delta t`` (notation.read_commands) and
# written back the same way, one symbol (not Δ·t, not Δ_t).
_SHIFT = re.compile(r"^Δ([A-Za-z])$")


def is_plain_name(name: str) -> bool:
    """True for the names this module can write (letters, digits, ``_``-separated parts).

    >>> is_plain_name("omega_i"), is_plain_name("x_"), is_plain_name("1x"), is_plain_name("a b")
    (True, False, False, False)
    """
    return bool(_PLAIN.match(name))


def split_name(name: str) -> tuple[str, tuple[str, ...]]:
    """A plain name as (base, subscript parts).

    >>> split_name("PE_t_2i")
    ('PE', ('t', '2i'))
    """
    base, *parts = name.split("_")
    return base, tuple(parts)


def base_latex(base: str) -> str:
    r"""The LaTeX of a name's base: Greek letter, single letter, or upright word (``\mathrm``).

    >>> base_latex("theta"), base_latex("T"), base_latex("PE"), base_latex("pi"), base_latex("x1")
    ('\\theta', 'T', '\\mathrm{PE}', '\\mathrm{pi}', '\\mathrm{x1}')
    >>> base_latex("qhat"), base_latex("omegabar")
    ('\\hat{q}', '\\bar{\\omega}')
    """
    if base in GREEK and base not in CONSTANT_LETTERS:
        return GREEK[base]
    if len(base) == 1:
        return base
    accented = accent_of(base)
    if accented is not None:
        letter, accent = accented
        return rf"\{accent}{{{GREEK.get(letter, letter)}}}"
    return rf"\mathrm{{{base}}}"


def _part_latex(part: str) -> str:
    if part in GREEK and part not in CONSTANT_LETTERS:
        return GREEK[part]
    if _INDEX.match(part) or part.isdigit():
        return part
    if _WORD.match(part):
        return rf"\text{{{part}}}"
    # Mixed letters and digits such as "x12a": an upright word keeps it one name.
    return rf"\mathrm{{{part}}}"


def name_latex(name: str) -> str | None:
    r"""The LaTeX of a plain symbol name, or None for a name that must be printed as text.

    >>> name_latex("T_k"), name_latex("x_i_j"), name_latex("lambda_1"), name_latex("w_2i")
    ('T_{k}', 'x_{i,j}', '\\lambda_{1}', 'w_{2i}')

    A shift ``Δt`` (the name the reader gives ``\Delta t``) prints as the documents write it:

    >>> name_latex("Δt")
    '\\Delta t'
    """
    shift = _SHIFT.match(name)
    if shift:
        return rf"\Delta {shift.group(1)}"
    if not is_plain_name(name):
        return None
    base, parts = split_name(name)
    out = base_latex(base)
    if parts:
        out += "_{" + ",".join(_part_latex(p) for p in parts) + "}"
    return out


_GREEK_CMD = re.compile(r"^\\([A-Za-z]+)$")
_WRAPPED = re.compile(r"^\\(?:mathrm|text|mathit|operatorname)\{([A-Za-z0-9]+)\}$")
_ACCENTED = re.compile(r"^\\([A-Za-z]+)\{(\\?[A-Za-z]+)\}$")
_SUBSCRIPTED = re.compile(
    r"^(?P<base>\\?[A-Za-z]+(?:\{\\?[A-Za-z0-9]+\})?|[A-Za-z])"
    r"_(?P<sub>\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|[A-Za-z0-9]|\\[A-Za-z]+)$"
)


def _atom_name(latex: str, subscript: bool = False) -> str | None:
    """The name for one base or subscript part as written (``\\omega``, ``\\text{model}``, ``i``).

    In a subscript a bare word reads as the word (``d_{model}``, as documents write it)."""
    latex = latex.strip()
    if re.fullmatch(r"[A-Za-z]{1,2}|[0-9]+[A-Za-z]?", latex) or (subscript and re.fullmatch(r"[A-Za-z]+", latex)):
        return latex
    match = _GREEK_CMD.match(latex)
    if match:
        return LATEX_GREEK.get(latex)
    match = _WRAPPED.match(latex)
    if match:
        return match.group(1)
    match = _ACCENTED.match(latex)
    if match and match.group(1) in ACCENTS:
        inner = match.group(2)
        letter = LATEX_GREEK.get(inner) if inner.startswith("\\") else inner
        name = f"{letter}{match.group(1)}"
        return name if letter is not None and accent_of(name) == (letter, match.group(1)) else None
    return None


def latex_name(latex: str) -> str | None:
    r"""The symbol name a LaTeX symbol stands for, or None if it is not a symbol written by this table.

    The reverse of :func:`name_latex`; braces around a one-character subscript are optional.

    >>> latex_name(r"R_\theta"), latex_name("x_{i,j}"), latex_name(r"\mathrm{PE}"), latex_name("2x")
    ('R_theta', 'x_i_j', 'PE', None)
    >>> latex_name("d_{model}"), latex_name(r"d_{\text{model}}"), latex_name(r"\hat{\omega}_{i}")
    ('d_model', 'd_model', 'omegahat_i')
    """
    latex = latex.strip()
    match = _SUBSCRIPTED.match(latex)
    if not match:
        name = _atom_name(latex)
        return name if name is not None and is_plain_name(name) else None
    base = _atom_name(match.group("base"))
    sub = match.group("sub")
    if sub.startswith("{"):
        sub = sub[1:-1]
    parts = [_atom_name(p, subscript=True) for p in sub.split(",")]
    if base is None or any(p is None for p in parts):
        return None
    name = "_".join([base, *(p for p in parts if p is not None)])
    return name if is_plain_name(name) else None
