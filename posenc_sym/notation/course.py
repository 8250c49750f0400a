r"""The notation of the built-in course: one spelling and one line of meaning for each symbol.

The notes print this table at the front, and every built-in derivation (``derivations/*.py``) writes
its symbols this way: ``tests/test_notation_course.py`` reads every rendered title and display of the
catalogue and checks each entry's spelling (a variant never appears; a claim does not call one thing
θ in its title and ω in its display). A symbol is written here exactly as the writer prints it
(:func:`~posenc_sym.notation.to_latex`), so the table, the titles and the displays agree.

>>> [e.latex for e in COURSE_NOTATION][:4]
['t', 'k', 'd', 'i']
>>> entry(r"\omega_{i}").meaning
'the angular frequency of pair $i$: $\\omega_i = b^{-2i/d}$'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["COURSE_NOTATION", "NEVER", "RIVALS", "TOPICS", "NotationEntry", "canonical", "entry", "variant_patterns"]

#: The parts of the course, in the order the notes take them (the table is grouped by them).
TOPICS = ("general", "attention", "sinusoidal", "rope", "alibi", "relative", "long context")


@dataclass(frozen=True)
class NotationEntry:
    r"""One symbol of the course.

    ``latex``     how every display prints it (math mode, as :func:`~posenc_sym.notation.to_latex` writes it);
    ``meaning``   one line, in words, with inline math between ``$…$``;
    ``topic``     the part of the course that uses it (one of :data:`TOPICS`);
    ``variants``  other spellings of the same thing that never appear in the course: regular expressions
                  over LaTeX in :func:`canonical` form (``\Delta_t`` beside ``\Delta t``).
    """

    latex: str
    meaning: str
    topic: str
    variants: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.topic not in TOPICS:
            raise ValueError(f"topic={self.topic!r} of {self.latex!r}; use one of {TOPICS}")
        for pattern in self.variants:
            re.compile(pattern)


COURSE_NOTATION: tuple[NotationEntry, ...] = (
    # general -------------------------------------------------------------------------------------
    NotationEntry("t", "a position in the sequence (a real number; an integer where a claim says so)", "general",
                  variants=(r"\\mathrm\{pos\}",)),
    NotationEntry("k", "an offset: position $t + k$ lies $k$ places after $t$", "general"),
    NotationEntry("d", "the model width $d_{\\mathrm{model}}$, a positive even integer: $d/2$ (sin, cos) pairs",
                  "general", variants=(r"(?<![\\A-Za-z{_^])D(?![A-Za-z])", r"d_\{\\(?:text|mathrm)\{model\}\}")),
    NotationEntry("i", "the index of a (sin, cos) pair, $0 \\le i < d/2$; sums $\\sum_i$ run over the pairs",
                  "general", variants=(r"\\sum_\{j=0\}\^\{(?:\\frac\{d\}\{2\}|d/2)-1\}",)),
    NotationEntry("b", "the base of the frequencies, $b > 1$ (10000 in the paper)", "general"),
    # attention -----------------------------------------------------------------------------------
    NotationEntry("X", "the input of self-attention, one token per row", "attention"),
    NotationEntry("P", "a permutation matrix: $PX$ is $X$ with its rows reordered", "attention"),
    NotationEntry(r"\mathrm{Attn}\left(X\right)",
                  "self-attention without positions, $\\mathrm{softmax}(XW_q(XW_k)^\\top/\\sqrt{d_k})XW_v$",
                  "attention", variants=(r"\\operatorname\{Attention\}",)),
    NotationEntry("W_{q}, W_{k}", "the query and key projections, matrices of any size", "attention"),
    # sinusoidal ----------------------------------------------------------------------------------
    NotationEntry(r"\omega_{i}", "the angular frequency of pair $i$: $\\omega_i = b^{-2i/d}$", "sinusoidal"),
    NotationEntry(r"\lambda_{i}", "the wavelength of pair $i$: $\\lambda_i = 2\\pi/\\omega_i$", "sinusoidal"),
    NotationEntry(r"\mathrm{PE}\left(t\right)", "the sinusoidal encoding of position $t$, a column of $d$ numbers",
                  "sinusoidal", variants=(r"\\mathrm\{PE\}_t(?![A-Za-z])", r"\\mathrm\{PE\}_\{t\+")),
    NotationEntry(r"\mathrm{PE}_{i}\left(t\right)",
                  "pair $i$ of $\\mathrm{PE}(t)$: $(\\sin \\omega_i t, \\cos \\omega_i t)$", "sinusoidal"),
    NotationEntry(r"\mathrm{PE}_{(t,2i)}", "entry $2i$ of $\\mathrm{PE}(t)$, $\\sin \\omega_i t$; "
                  "entry $2i + 1$ is $\\cos \\omega_i t$", "sinusoidal"),
    # The rows in words: a 2 × 2 matrix inline (smallmatrix) is cramped in a table row.
    NotationEntry(r"B\left(x\right)", "the $2 \\times 2$ rotation by the angle $x$, with rows "
                  "$(\\cos x, -\\sin x)$ and $(\\sin x, \\cos x)$", "sinusoidal"),
    NotationEntry("T_{k}", "the shift by $k$: $T_k = \\mathrm{diag}(B(-\\omega_0 k), \\ldots, B(-\\omega_{d/2-1} k))$, "
                  "so that $\\mathrm{PE}(t + k) = T_k \\mathrm{PE}(t)$", "sinusoidal"),
    NotationEntry(r"\Delta t", "a step in position, as the source documents write it", "sinusoidal",
                  variants=(r"\\Delta_t(?![A-Za-z])",)),
    # rope ----------------------------------------------------------------------------------------
    NotationEntry("m, n", "the positions of a query and a key", "rope"),
    NotationEntry("q, k", "a query and a key, columns of width $d$ (beside $t$, $k$ is an offset)", "rope"),
    NotationEntry(r"\theta_{i}", "RoPE's frequency of pair $i$, $\\theta_i = b^{-2i/d}$ (the numbers $\\omega_i$ "
                  "of the sinusoidal encoding)", "rope"),
    NotationEntry(r"\theta", "the column of frequencies $(\\theta_0, \\ldots, \\theta_{d/2-1})$; in a claim about "
                  "one pair, that pair's frequency", "rope"),
    NotationEntry(r"R\left(x\right)", "the rotation by a column of angles $x$: "
                  "$R(x) = \\mathrm{diag}(B(x_0), \\ldots, B(x_{d/2-1}))$; $R(m\\theta)$ rotates a query at $m$",
                  "rope"),
    # alibi ---------------------------------------------------------------------------------------
    NotationEntry("m_{h}", "the ALiBi slope of head $h$", "alibi"),
    NotationEntry(r"\mathrm{bias}\left(i, j\right)", "ALiBi's bias of query $i$ and key $j$: $-m_h|i - j|$", "alibi"),
    # relative ------------------------------------------------------------------------------------
    NotationEntry("i, j", "the positions of a query and a key (ALiBi and the relative encodings)", "relative"),
    NotationEntry("E_{i}", "the embedding of the token at position $i$, a column of any width", "relative",
                  variants=(r"(?<![A-Za-z\\])e_i(?![A-Za-z])",)),
    NotationEntry("U_{i}", "the absolute position vector added at position $i$", "relative",
                  variants=(r"(?<![A-Za-z\\])u_i(?![A-Za-z])",)),
    NotationEntry("R_{i - j}", "Transformer-XL's sinusoid of the offset: $R_{i-j} = \\mathrm{PE}(i - j)$", "relative"),
    NotationEntry("u, v", "Transformer-XL's learned vectors, in place of $U_i^\\top W_q^\\top$", "relative"),
    NotationEntry("H_{i}", "DeBERTa's content vector at position $i$", "relative",
                  variants=(r"(?<![A-Za-z\\])h_i(?![A-Za-z])",)),
    # long context --------------------------------------------------------------------------------
    NotationEntry("L, L'", "the trained context length and the longer target length", "long context"),
    NotationEntry("s", "the scale $L'/L$ of a context extension", "long context"),
)

#: Pairs of spellings one claim never mixes: ω_i is the sinusoidal encoding's frequency and θ_i RoPE's,
#: so a claim whose title says θ and whose display says ω has drifted.
RIVALS: tuple[tuple[str, str], ...] = ((r"\omega", r"\theta"),)

#: Spellings the course never prints, whatever the symbol: an n-th root of order 3 or more (the
#: writer prints powers, b^{1/4}, so that 8^{1/16} and 8^{3/16} stand side by side alike).
NEVER: tuple[str, ...] = (r"\\sqrt\[",)


_LEFT_RIGHT = re.compile(r"\\(?:left|right|big|Big|bigl|bigr|Bigl|Bigr)(?![A-Za-z])")
_ONE_TOKEN = re.compile(r"([_^])\{(\\[A-Za-z]+|[A-Za-z0-9])\}")


def canonical(latex: str) -> str:
    r"""``latex`` spelled one way, so that a title typed by hand and a display the writer printed compare:
    no ``\left``/``\right``, one-token subscripts and superscripts unbraced, no spaces (a key, not LaTeX).

    >>> canonical(r"\omega_{i} \left(t\right)"), canonical(r"\omega_i (t)"), canonical(r"R\left(m \theta\right)")
    ('\\omega_i(t)', '\\omega_i(t)', 'R(m\\theta)')
    """
    text = _LEFT_RIGHT.sub("", latex)
    text = _ONE_TOKEN.sub(r"\1\2", text)
    return re.sub(r"\s+", "", text)


def entry(latex: str) -> NotationEntry:
    """The entry whose symbol prints as ``latex``.

    >>> entry("T_{k}").topic
    'sinusoidal'
    """
    for found in COURSE_NOTATION:
        if found.latex == latex:
            return found
    raise KeyError(f"{latex!r} is not in the course notation")


def variant_patterns() -> tuple[tuple[NotationEntry | None, re.Pattern[str]], ...]:
    r"""Every spelling the course never prints, with the entry it is a variant of (None: any symbol).

    >>> any(p.search(canonical(r"\sqrt[4]{b}")) for _, p in variant_patterns())
    True
    """
    out: list[tuple[NotationEntry | None, re.Pattern[str]]] = [(None, re.compile(p)) for p in NEVER]
    out += [(e, re.compile(p)) for e in COURSE_NOTATION for p in e.variants]
    return tuple(out)
