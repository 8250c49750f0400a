r"""How a document uses its names, read off every formula it holds (displays and inline math).

The reader's conventions depend on the roles a name plays in the whole text, as a mathematician's
reading does: ``i`` is an index where the text indexes with it (``\omega_i``, ``PE_{(pos,2i)}``,
``\sum_{i=0}``) and the imaginary unit only where it never does; a name set in bold or transposed is a vector
or a matrix; a name written before parentheses
(``f(q, m)``) is a function; the width is ``d`` or ``d_model``, whichever the text writes.

>>> s = survey([r"PE_{(pos,2i)} = \sin(pos / 10000^{2i/d_{model}})", r"\mathbf{q}^\top W", r"f(\langle x, y \rangle)"])
>>> sorted(s.indices), sorted(s.vectors), sorted(s.applied), sorted(s.widths), sorted(s.exponent_widths)
(['i'], ['q'], ['f'], ['d_model'], ['d_model'])
>>> sorted(s.standalone)
['PE', 'W', 'd_model', 'f', 'i', 'pos', 'q', 'x', 'y']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..notation.read_parity import parity_names
from ..notation.read_tokens import Token, Unreadable, tokenize
from ..notation.vocabulary import (
    BIG_OPERATORS,
    BLACKBOARD_MEANINGS,
    BOLD,
    CAPTIONED,
    CONJUGATE_STARS,
    FONTS,
    FUNCTIONS,
    LATEX_GREEK,
    LETTER_FONTS,
    LETTER_STYLES,
)
from .formula_places import group_end, inside_exponent, scalar_places
from .survey_subscripts import read_subscript

if TYPE_CHECKING:
    from .described import Described

__all__ = ["WIDTH_NAMES", "Survey", "survey"]

#: The names a width is written with, as the reader names them (``d_{\text{model}}`` is d_model).
WIDTH_NAMES = ("d", "d_model")
_BOLD = BOLD | {"\\vec"}
_TRANSPOSES = (["^", "\\top"], ["^", "T"], ["^", "\\intercal"], ["^", "{", "\\top", "}"], ["^", "{", "T", "}"],
               ["^", "\\mathsf", "{", "T", "}"], ["^", "{", "\\mathsf", "{", "T", "}", "}"],
               ["^", "{", "\\intercal", "}"],
               *(p for bold in ("\\boldsymbol", "\\mathbf", "\\bm")  # RoFormer's ^{\boldsymbol{\top}}
                 for p in (["^", bold, "{", "\\top", "}"], ["^", "{", bold, "{", "\\top", "}", "}"])))


@dataclass
class Survey:
    """The roles of the names of one document (built by :func:`survey`)."""

    standalone: set[str] = field(default_factory=set)  # names written on their own (t, pos, \omega, d_model)
    indices: set[str] = field(default_factory=set)  # letters a subscript or a sum indexes with
    # ... of them, those that index on their own, not only inside a quotient or product (\lambda_d, not \omega_{d/2})
    plain_indices: set[str] = field(default_factory=set)
    pairs: set[str] = field(default_factory=set)  # letters a subscript doubles (PE_{(pos,2i)}): pair indices
    pairs_from_one: set[str] = field(default_factory=set)  # doubled less one (x_{2i-1}, x_{2i}): pairs from 1
    pairs_from_zero: set[str] = field(default_factory=set)  # doubled plus one (x_{2i+1}): pairs from 0
    vectors: set[str] = field(default_factory=set)  # bold or transposed
    applied: set[str] = field(default_factory=set)  # written before '(' (f(q, m), \varphi(m))
    applied_many: set[str] = field(default_factory=set)  # ... with two or more arguments somewhere (f(q, m))
    bare: set[str] = field(default_factory=set)  # written somewhere with no parenthesis after it (k_1 \cos x)
    scalars: set[str] = field(default_factory=set)  # in an exponent, a function's argument or a subscript: numbers
    angles: set[str] = field(default_factory=set)  # in the argument of sin, cos, … (not exp): numbers even if capital
    widths: set[str] = field(default_factory=set)  # the width names the text writes (d, d_model)
    exponent_widths: set[str] = field(default_factory=set)  # width names in an exponent (10000^{2i/d})
    sequences: set[str] = field(default_factory=set)  # names written with a subscript (\theta_i): indexed themselves
    #: names the text defines with an angle under them (R_\phi = …): the letters in their subscripts are angles
    angle_families: set[str] = field(default_factory=set)
    angled: set[str] = field(default_factory=set)  # letters under such a name (a, b of R_{a+b}): angles, real
    shifts: set[str] = field(default_factory=set)  # letters added to another in a subscript (i+\delta): indices
    summed: set[str] = field(default_factory=set)  # the bound index of a sum or product: an index inside it only
    ranged: set[str] = field(default_factory=set)  # given a range of integers (i = 0, 1, …, d/2 - 1)
    counted: set[str] = field(default_factory=set)  # counted in the prose (the $i$-th token): an index
    parities: set[str] = field(default_factory=set)  # the parity of a case (i \text{ is even}): an integer
    reals: set[str] = field(default_factory=set)  # given a real domain (t \in \mathbb{R}, "for every real $t$")
    ordered: set[str] = field(default_factory=set)  # i or j between numbers (0 < i < 1): never the imaginary unit
    settings: dict[str, list[str]] = field(default_factory=dict)  # name -> the values the text sets it to (x = 3)
    unbarred: set[str] = field(default_factory=set)  # names written with no bar over them (k, beside \bar{k})
    defined: set[str] = field(default_factory=set)  # the names the text defines somewhere (NAME = …)
    imaginary: list[str] = field(default_factory=list)  # what writes the text complex (\mathrm{i}, \mathbb{C}, \Re)
    digit_labelled: set[str] = field(default_factory=set)  # names written x^1 (q_m^1): their digits are labels
    #: name -> what the prose says it is, in words (:mod:`.described`: "Let $d$ be odd", "$e$ denotes the epochs")
    described: dict[str, list[Described]] = field(default_factory=dict)


def _base(tokens: list[Token], at: int) -> tuple[str | None, int]:
    """The name whose base starts at ``tokens[at]`` (a letter run, a Greek letter, a font or accent
    around one), and the index after it; (None, at) if none starts there."""
    token = tokens[at]
    if token.kind == "letter":
        end = at + 1
        while end < len(tokens) and tokens[end].kind == "letter" and not tokens[end].space:
            end += 1
        return "".join(t.text for t in tokens[at:end]), end
    if token.kind == "cmd" and token.text in LATEX_GREEK:
        return LATEX_GREEK[token.text], at + 1
    if token.kind == "cmd" and (token.text in FONTS or token.text in _BOLD or token.text in LETTER_STYLES) \
            and at + 1 < len(tokens):
        suffix = LETTER_STYLES.get(token.text, "")
        if tokens[at + 1].text != "{":
            inner, end = _base(tokens, at + 1)
            return (inner + suffix if inner else inner), end
        end, letters, depth = at + 2, [], 1
        while end < len(tokens) and depth:
            depth += (tokens[end].text == "{") - (tokens[end].text == "}")
            if tokens[end].kind in ("letter", "num"):
                letters.append(tokens[end].text)
            elif tokens[end].text in LATEX_GREEK:
                letters.append(LATEX_GREEK[tokens[end].text])
            elif tokens[end].text not in ("{", "}") and tokens[end].kind != "cmd":
                return None, at
            end += 1
        spelled = "".join(letters)
        if not spelled or (suffix == "bb" and spelled in BLACKBOARD_MEANINGS):
            return None, at  # ℝ, 𝔼: not a name
        if token.text in LETTER_FONTS and len(spelled) == 1:
            suffix = LETTER_FONTS[token.text]  # \mathsf{A}: another letter than A
        return spelled + suffix, end
    return None, at


def _without_captions(tokens: list[Token]) -> list[Token]:
    """``tokens`` without the captions of braces (``\\underbrace{x}_{R_i(k)}``): a caption names or describes
    the formula; the names in it are not the formula's (R_i is no function applied, i no index)."""
    kept: list[Token] = []
    at = 0
    while at < len(tokens):
        kept.append(tokens[at])
        if tokens[at].text in CAPTIONED and at + 1 < len(tokens) and tokens[at + 1].text == "{":
            end = group_end(tokens, at + 1)
            kept.extend(tokens[at + 1:end])
            if end < len(tokens) and tokens[end].text == CAPTIONED[tokens[at].text]:
                caption = group_end(tokens, end + 1)
                if caption < len(tokens) and tokens[end + 1].text in FONTS:
                    caption = group_end(tokens, end + 2)
                end = caption
            at = end
            continue
        at += 1
    return kept


def _add_formula(result: Survey, text: str) -> None:
    try:
        tokens = _without_captions(tokenize(text))
    except Unreadable:
        return
    texts = [t.text for t in tokens]
    _exponent_indices(tokens, result)
    scalar = scalar_places(tokens)
    angle = scalar_places(tokens, trigonometric=True)
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if token.text in BIG_OPERATORS and texts[at + 1:at + 3] == ["_", "{"] and at + 3 < len(tokens):
            index = tokens[at + 3]
            name = index.text if index.kind == "letter" else LATEX_GREEK.get(index.text)
            if name:
                result.summed.add(name)  # bound by the sum: outside it, the name is not an index
            at += 3
            continue
        base, end = _base(tokens, at)
        if base is None:
            at += 1
            continue
        function = max((f for f in FUNCTIONS if base.startswith(f)), key=len, default="")
        if token.kind == "letter" and function and len(base) > len(function):
            for n in range(at + len(function), end):  # plain-text cosB: the letter B, a number
                result.standalone.add(tokens[n].text)
                if scalar[n]:
                    result.scalars.add(tokens[n].text)
                if angle[n]:
                    result.angles.add(tokens[n].text)
            at = end
            continue
        bold = token.text in _BOLD
        name = base
        while texts[end:end + 1] == ["'"] or texts[end:end + 2] == ["^", "\\prime"] or texts[end:end + 4] == [
                "^", "{", "\\prime", "}"]:
            end += 1 if texts[end] == "'" else 2 if texts[end + 1] == "\\prime" else 4  # b', λ^{\prime}_d
        if texts[end:end + 3] == ["^", "{", "("] and "_" in texts[end:end + 12]:
            end = group_end(tokens, end + 1)  # a^{(1)}_{i,j}: a label before the subscript
        if end < len(tokens) and texts[end] == "_":
            result.sequences.add(base)
            sub, end = read_subscript(tokens, end + 1)
            result.sequences.update(sub.sequences)
            if sub.plain:
                name = f"{base}_{sub.plain}"
            if base in result.angle_families:
                result.angled.update(sub.letters)  # R_{2\pi a} of R_\phi = …: a is an angle, real
            elif not (sub.words and not sub.letters):
                result.indices.update(sub.letters)
                if sub.shifted and len(sub.letters) > 1:
                    result.shifts.update(sub.letters)
                if not sub.scaled:
                    result.plain_indices.update(sub.letters)
                result.pairs.update(sub.doubled)
                result.pairs_from_one.update(sub.down)
                result.pairs_from_zero.update(sub.up)
        result.standalone.add(name)
        if not _barred(texts, at, end):
            result.unbarred.add(name)
        if scalar[at]:
            result.scalars.add(base)
        if angle[at]:
            result.angles.add(base)
        if name in WIDTH_NAMES:
            result.widths.add(name)
            if inside_exponent(tokens, at):
                result.exponent_widths.add(name)
        is_vector = bold or any(texts[end:end + len(p)] == p for p in _TRANSPOSES)
        if is_vector:
            result.vectors.add(base)
        end = _after_primes(texts, end)  # \phi_j''(s): the primes of a derivative, then its argument
        if end < len(tokens) and texts[end] == "(" and (_arguments(tokens, end) > 1 or not (bold or is_vector)) and \
                name != "i":  # e^{i(m-n)\theta}: i is the imaginary unit or an index, times (m - n), never a function
            # f(q, m) is a function; W_q(x + p), a matrix's name before one argument, is a product
            result.applied.add(name)
            if _arguments(tokens, end) > 1:
                result.applied_many.add(name)
            _doubled_arguments(tokens, end, result)
        elif any(texts[end:end + 3] == ["^", star, "("] or texts[end:end + 5] == ["^", "{", star, "}", "("]
                 for star in CONJUGATE_STARS):
            result.applied.add(name)  # f^*(k, n): the conjugate of f applied
            result.applied_many.add(name)
        elif end >= len(tokens) or texts[end] not in ("(", "\\left"):
            result.bare.add(name)
        at = end


def _after_primes(texts: list[str], at: int) -> int:
    r"""Where the primes that start at ``texts[at]`` end (``''``, ``^\prime``, ``^{\prime\prime}``), if a
    parenthesis follows them; else ``at``."""
    end = at
    while end < len(texts) and texts[end] == "'":
        end += 1
    if end == at and texts[at:at + 2] == ["^", "\\prime"]:
        end = at + 2
    elif end == at and texts[at:at + 3] == ["^", "{", "\\prime"]:
        end = at + 2
        while end < len(texts) and texts[end] == "\\prime":
            end += 1
        end = end + 1 if end < len(texts) and texts[end] == "}" else at
    return end if end < len(texts) and texts[end] == "(" else at


def _doubled_arguments(tokens: list[Token], at: int, result: Survey) -> None:
    """``PE(pos, 2i)``, ``PE(pos, 2i+1)``: a letter an argument doubles is a pair index, as in a subscript
    (``PE_{(pos,2i)}``); ``2i-1`` counts the pairs from 1, ``2i+1`` from 0."""
    depth, end = 0, group_end(tokens, at)
    for n in range(at, end):
        depth += (tokens[n].text == "(") - (tokens[n].text == ")")
        letter = tokens[n + 1] if n + 1 < end else None
        if depth != 1 or tokens[n].text != "2" or letter is None or letter.kind != "letter" or letter.space or (
                n + 2 < end and tokens[n + 2].kind == "letter" and not tokens[n + 2].space):
            continue
        if tokens[n - 1].text not in ("(", ",") or tokens[n + 2].text not in (")", ",", "+", "-"):
            continue  # only an argument that is 2i, 2i+1 or 2i-1 (not 2i/d, not x^2 i)
        after = [t.text for t in tokens[n + 2:n + 4]]
        if after[:1] in (["+"], ["-"]) and (after != ["+", "1"] and after != ["-", "1"]):
            continue
        result.indices.add(letter.text)
        result.plain_indices.add(letter.text)
        result.pairs.add(letter.text)
        if after == ["-", "1"]:
            result.pairs_from_one.add(letter.text)
        elif after == ["+", "1"]:
            result.pairs_from_zero.add(letter.text)


def _exponent_indices(tokens: list[Token], result: Survey) -> None:
    """``10000^{2i/d}``, ``10000^{-2i/d_{model}}``: a letter doubled over the width in the exponent of a number
    is the pair index, 0 ≤ i < d/2, as the field writes the frequencies (Vaswani et al.); a text counting from 1
    writes ``2(i-1)/d``, which this does not read."""
    texts = [t.text for t in tokens]
    for n in range(len(tokens) - 4):
        if tokens[n].kind != "num" or texts[n + 1] != "^" or texts[n + 2] != "{":
            continue
        group = texts[n + 3:group_end(tokens, n + 2) - 1]
        start = 1 if group[:1] == ["-"] else 0
        if group[start:start + 1] != ["2"] or len(group) < start + 4 or group[start + 2] != "/":
            continue
        letter, width = tokens[n + 3 + start + 1], group[start + 3]
        if letter.kind == "letter" and not letter.space and width == "d" and (
                group[start + 4:start + 5] in ([], ["_"])) and letter.text != "d":
            result.indices.add(letter.text)
            result.pairs.add(letter.text)


def _barred(texts: list[str], at: int, end: int) -> bool:
    """True if the name at ``texts[at:end]`` is alone under a bar (``\\bar{k}``, ``\\bar k``, ``\\overline{k}``),
    not one name of a formula under it (the k of ``\\overline{k e^{i\\theta}}`` is written on its own)."""
    if at >= 1 and texts[at - 1] in _BARS:
        return True
    return at >= 2 and texts[at - 2] in _BARS and texts[at - 1] == "{" and texts[end:end + 1] == ["}"]


def _arguments(tokens: list[Token], at: int) -> int:
    """How many arguments the parenthesis at ``at`` holds (commas outside inner brackets, plus one)."""
    depth, count = 0, 1
    for token in tokens[at:group_end(tokens, at)]:
        depth += (token.text in ("(", "{", "[")) - (token.text in (")", "}", "]"))
        if token.text == "," and depth == 1:
            count += 1
    return count


_BARS = frozenset({"\\bar", "\\overline"})
#: What writes a text complex: the upright imaginary unit, the complex numbers, real and imaginary parts.
_IMAGINARY = re.compile(r"\\(?:mathrm|text|textrm|operatorname|rm)\s*\{\s*i\s*\}|\\mathbb\s*\{?\s*C(?![A-Za-z])"
                        r"|\\(?:Re|Im)(?![A-Za-z])|\\operatorname\s*\{\s*(?:Re|Im)\s*\}")


_RANGE = re.compile(r"^\s*(?:([A-Za-z])|\\([A-Za-z]+))\s*=\s*[^=,]+,[^=]*(?:\\[lc]?dots|\\cdots|\.\.\.|…|\\cdot\\cdot)")


_REAL_DOMAIN = re.compile(r"(?<![\\A-Za-z_^])(?:([A-Za-z])|\\([A-Za-z]+))\s*\\in\s*"
                          # \mathbb{R}^{2 \times 2}, \mathbb{R}^d: a space of matrices or vectors, never the reals
                          r"(?:\\mathbb\s*\{?\s*R\b(?!\s*\}?\s*\^)|\\R\b(?!\s*\^)|\\mathbb\s*\{?\s*R_|\[|\(|"
                          r"\\left\s*[\[(]|\(-\\infty)")


#: A name (a letter, a Greek letter), its subscript if any, and a superscript 1: ``q_m^1``, ``x^{1}``.
_FIRST_POWER = re.compile(r"(?<![A-Za-z\\])([A-Za-z]|\\[A-Za-z]+)\s*(?:_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?\s*"
                          r"\^\s*(?:\{\s*1\s*\}|1(?![0-9.]))")


#: ``0 \le i < d/2``, ``1 < j \le n``: i or j between two order relations with a bound that is a name (the width, a
#: length), the range of an index (the imaginary unit is never ordered; a letter other than i, j there may be a real,
#: 0 < t < 1, and so may i or j between numbers: a weight 0 \le j \le 1).
_BOUNDED_INDEX = re.compile(r"(?:<|>|\\[lg]eq?(?:slant)?|\\[lg]t)(?![A-Za-z])\s*([ij])(?![A-Za-z_'])\s*"
                            r"(?:<|>|\\[lg]eq?(?:slant)?|\\[lg]t)(?![A-Za-z])\s*((?:\\[A-Za-z]+|[^\s,;$&\\])+)")
_COMMANDS = re.compile(r"\\[A-Za-z]+")


#: A name defined with one Greek letter under it, the angle of a rotation: ``\mathbf{R}_\phi = …``, ``R_{\theta} =``.
_ANGLE_FAMILY = re.compile(r"(?:\\(?:mathbf|boldsymbol|bm|mathrm)\s*\{\s*)?([A-Za-z])\s*\}?\s*_\s*(?:\{\s*)?(?:"
                           + "|".join(re.escape(g) for g in sorted(LATEX_GREEK, key=len, reverse=True))
                           + r")(?![A-Za-z])\s*\}?\s*=")


#: What makes the name a rotation by that angle: a matrix, or a cosine or sine, on the right (a_\nu = (-1)^\nu is none).
_ROTATION_BODY = re.compile(r"\\begin\s*\{[pbBvV]?matrix\}|\\cos|\\sin|\bcos\b|\bsin\b")


def survey(formulas: Iterable[str]) -> Survey:
    """The roles of the names in ``formulas`` (the LaTeX of every display and inline formula)."""
    result = Survey()
    intervals: set[str] = set()
    formulas = list(formulas)
    for text in formulas:
        result.angle_families.update(m.group(1) for m in _ANGLE_FAMILY.finditer(text)
                                     if _ROTATION_BODY.search(text, m.end()))
    for text in formulas:
        _add_formula(result, text)
        result.parities.update(parity_names(text))
        for line in re.split(r"\\\\|,\s*\\(?:mathrm|text)\{for\}", text):
            if (match := _RANGE.match(line.replace("&", " "))) is not None:  # i = 0, 1, …, d/2 - 1: an index
                ranged = match.group(1) or LATEX_GREEK.get("\\" + match.group(2), match.group(2))
                result.indices.add(ranged)
                result.plain_indices.add(ranged)
                result.ranged.add(ranged)
        for match in _BOUNDED_INDEX.finditer(text):
            if not re.search(r"[A-Za-z]", _COMMANDS.sub("", match.group(2))):
                result.ordered.add(match.group(1))  # bounded by numbers (0 < j < 1): a real as much as an index
                continue
            result.indices.add(match.group(1))
            result.ranged.add(match.group(1))
        result.imaginary.extend(" ".join(m.group().split()) for m in _IMAGINARY.finditer(text))
        for match in _FIRST_POWER.finditer(text):  # q_m^1: a label, the first of q_m's components
            result.digit_labelled.add(LATEX_GREEK.get(match.group(1), match.group(1)))
        for match in _REAL_DOMAIN.finditer(text):  # t \in \mathbb{R}, \theta \in [0, 2\pi): a real quantity
            name = match.group(1) or LATEX_GREEK.get("\\" + match.group(2), match.group(2))
            (intervals if match.group().rstrip().endswith(("[", "(")) else result.reals).add(name)
    for name in intervals:  # j \in [0, d/2-1] of an index the text doubles or subscripts: its range, not reals
        if name in result.indices and len(name) == 1 and name.isascii() and name not in "xyzt":
            result.ranged.add(name)
        else:
            result.reals.add(name)
    return result
