r"""Breaking long formulas into lines, never shrinking them.

A display is measured by an estimate of its printed width (:func:`math_width`, in units of
about one math letter at 11pt, 5.5pt) and, when it is wider than the line, broken at its
top-level ``+``/``-`` (or, inside one pair of big parentheses, at theirs) into the rows of an
``align*`` (``aligned`` in Markdown). Nothing is scaled: a piece that cannot be broken (a wide
matrix, a long product) is stated on its own line, and the caller chooses another form
(per entry, per block) for matrices; see :mod:`posenc_sym.render.matrices`.

>>> math_width(r"\frac{a + b}{c}") < math_width("a + b + c")
True
>>> split_terms(r"a + \left(b - c\right) - d")
['a', '+ \\left(b - c\\right)', '- d']
>>> lines = break_sum(r"x_{1} + x_{2} + x_{3}", width=8)
>>> lines
['x_{1} + x_{2}', '+ x_{3}']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..errors import PosencSymError

__all__ = ["BEAMER_WIDTH", "LINE_WIDTH", "PT_PER_UNIT", "break_sum", "fits", "line_width", "math_width",
           "parse_line", "split_terms", "split_top", "with_line_width"]

#: The line of the notes (article, 11pt, letter paper, 2.5cm margins: 472pt) in width units.
#: Measured on 182 displays of the catalogue (each set by TeX in an \hbox and compared with
#: math_width): a unit is 5.84pt at the median and at most 7.04pt, so 66 units (at most 465pt)
#: fit the line whatever the formula.
LINE_WIDTH = 66.0

#: A beamer frame's line: 128mm paper less beamer's 1cm margins is 108mm (307pt) at the same
#: 11pt, 0.65 of the article's 472pt; 66 × 0.65 = 42.9, rounded down.
BEAMER_WIDTH = 42.0

#: Points (TeX's pt) per width unit, as the article's line sets them: 472pt for 66 units. A
#: width given in cm or pt is converted with it, so it keeps the article's margin of safety.
PT_PER_UNIT = 472.0 / LINE_WIDTH

#: TeX's units of length in pt.
_UNITS = {"pt": 1.0, "bp": 72.27 / 72, "in": 72.27, "cm": 72.27 / 2.54, "mm": 72.27 / 25.4}
_LINES = {"article": LINE_WIDTH, "beamer": BEAMER_WIDTH}


def parse_line(spec: str) -> float:
    """The width, in layout units, of ``--line SPEC``: ``article``, ``beamer`` or a length at 11pt.

    >>> parse_line("article"), parse_line("beamer"), round(parse_line("15cm"), 2)
    (66.0, 42.0, 59.68)
    >>> parse_line("15")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    posenc_sym.errors.PosencSymError: --line '15' is not a line: give article, beamer or a width with its unit ...
    """
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*(pt|bp|in|cm|mm)\s*", spec)
    if spec in _LINES:
        return _LINES[spec]
    if match is None:
        raise PosencSymError(f"--line {spec!r} is not a line: give article, beamer or a width with its unit "
                             "(15cm, 150mm, 6in, 426pt)")
    points = float(match.group(1)) * _UNITS[match.group(2)]
    if points < 11 * PT_PER_UNIT:
        raise PosencSymError(f"--line {spec} is {points:.0f}pt, too narrow to set a formula; give at least "
                             f"{11 * PT_PER_UNIT:.0f}pt (about {11 * PT_PER_UNIT / _UNITS['cm']:.1f}cm)")
    return points / PT_PER_UNIT


_WIDTH: ContextVar[float] = ContextVar("posenc_line_width", default=LINE_WIDTH)


def line_width() -> float:
    """The width lines are broken to now: :data:`LINE_WIDTH` unless :func:`with_line_width` says.

    >>> with with_line_width(BEAMER_WIDTH):
    ...     line_width()
    42.0
    >>> line_width()
    66.0
    """
    return _WIDTH.get()


@contextmanager
def with_line_width(width: float) -> Iterator[None]:
    """Break lines to ``width`` units inside the block (a beamer frame's line, say)."""
    if not width > 10:
        raise ValueError(f"line width {width!r} is too narrow to set a formula; give at least 10 units")
    token = _WIDTH.set(width)
    try:
        yield
    finally:
        _WIDTH.reset(token)

_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|[{}]|[^\\{}]")
_ZERO = {"left", "right", "mathopen", "mathclose", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
         "displaystyle", "mathrm", "mathbf", "mathsf", "mathit", "operatorname", "limits", "nolimits", "text",
         "textstyle", "scriptstyle", "mathcal", "mathbb", "boldsymbol", "hphantom", "mathstrut"}
_SPACES = {"quad": 2.0, "qquad": 4.0, ",": 0.3, ";": 0.5, ":": 0.4, "!": -0.3, " ": 0.5}
_WORDS = {"cos", "sin", "tan", "log", "ln", "exp", "max", "min", "lim", "det", "arg", "diag", "sup", "inf",
          "bmod", "mod"}
_BINARY = set("+-=<>") | {"le", "ge", "leq", "geq", "ne", "approx", "cdot", "times", "to", "equiv", "pm"}


def _group(tokens: list[str], start: int) -> tuple[list[str], int]:
    """The tokens of the braced group (or single token) at ``start``, and the index after it."""
    if start >= len(tokens):
        return [], start
    if tokens[start] != "{":
        return [tokens[start]], start + 1
    depth, n = 0, start
    while n < len(tokens):
        depth += {"{": 1, "}": -1}.get(tokens[n], 0)
        if depth == 0:
            return tokens[start + 1:n], n + 1
        n += 1
    return tokens[start + 1:], len(tokens)


def _width(tokens: list[str]) -> float:
    total, n = 0.0, 0
    while n < len(tokens):
        tok = tokens[n]
        n += 1
        if tok in ("{", "}", " ", "&"):
            continue
        if tok in ("^", "_"):
            group, n = _group(tokens, n)
            total += 0.7 * _width(group)
        elif tok in ("\\frac", "\\dfrac", "\\tfrac"):
            top, n = _group(tokens, n)
            bottom, n = _group(tokens, n)
            # Display-style fractions are set at full size (measured: see LINE_WIDTH).
            total += max(_width(top), _width(bottom)) + 0.6
        elif tok in ("\\begin", "\\end"):
            _, n = _group(tokens, n)
        elif tok == "\\text" or tok == "\\mathrm":
            group, n = _group(tokens, n)
            total += 0.85 * sum(1 for g in group if g not in "{}") if tok == "\\text" else _width(group)
        elif tok.startswith("\\"):
            name = tok[1:]
            if name in _ZERO or name in ("\\",):
                continue
            total += _SPACES.get(name, len(name) if name in _WORDS else (2.0 if name in _BINARY else 1.0))
        elif tok in _BINARY:
            total += 2.0
        elif tok in "(),;[]|.":
            total += 0.6
        elif tok.isupper():
            total += 1.4  # capitals are wider than lower-case letters and digits
        else:
            total += 1.0
    return total


def math_width(latex: str) -> float:
    r"""The estimated printed width of inline or display math, in units of about 5.5pt.

    A matrix is as wide as its widest row (entries separated by ``&``, rows by ``\\``).

    >>> math_width("x") , math_width(r"\cos{\left(x \right)}")
    (1.0, 5.2)
    """
    if "\\begin{" in latex and ("matrix}" in latex or "aligned}" in latex):
        return _matrix_width(latex)
    return round(_width(_TOKEN.findall(latex)), 6)


def _matrix_width(latex: str) -> float:
    # The text before the first environment, the environment (its widest row), and the rest.
    begin = latex.index("\\begin{")
    env = latex[begin + 7:latex.index("}", begin)]
    depth, n = 0, begin
    while n < len(latex):
        if latex.startswith("\\begin{" + env + "}", n):
            depth += 1
        elif latex.startswith("\\end{" + env + "}", n):
            depth -= 1
            if depth == 0:
                break
        n += 1
    inner = latex[begin + 8 + len(env):n]
    tail = latex[n + 6 + len(env):]
    # Each column is as wide as its widest entry, plus the space between columns (10pt).
    cells = [[math_width(c) for c in split_top(r, "&")] for r in split_top(inner, r"\\")]
    columns = max((len(r) for r in cells), default=0)
    width = sum(max((r[j] for r in cells if j < len(r)), default=0.0) + 1.8 for j in range(columns))
    return round(math_width(latex[:begin]) + width + 1.0 + math_width(tail), 6)


def fits(latex: str, width: float | None = None) -> bool:
    """True if the math is no wider than ``width`` units (default: the current line)."""
    return math_width(latex) <= (line_width() if width is None else width)


def _at(latex: str, n: int, command: str) -> bool:
    """True if ``command`` starts at ``n`` (``\\left`` but not ``\\leftarrow``)."""
    after = latex[n + len(command):n + len(command) + 1]
    return latex.startswith(command, n) and (command.endswith("{") or not after.isalpha())


def _depths(latex: str) -> list[int]:
    """The nesting depth (braces, parentheses, ``\\left``/``\\right``, environments) before each character.

    The delimiter after ``\\left``, ``\\right`` or a sized ``\\Bigl``/``\\Bigr`` belongs to that
    command; a plain ``(`` opens a group like a brace, so no line is broken inside ``\\sin(x + y)``.

    >>> _depths(r"a(b)c")
    [0, 0, 1, 0, 0]
    >>> split_terms(r"x + \\begin{bmatrix}a + b\\\\c\\end{bmatrix} - y")
    ['x', '+ \\\\begin{bmatrix}a + b\\\\\\\\c\\\\end{bmatrix}', '- y']
    """
    depths, depth, n = [], 0, 0
    while n < len(latex):
        env = _ENV.match(latex, n)
        if env:  # the whole \\begin{name} (or \\end{name}): its braces are not a group of their own
            depth -= 1 if env.group(1) == "end" else 0
            depths += [depth] * len(env.group(0))
            depth += 1 if env.group(1) == "begin" else 0
            n += len(env.group(0))
            continue
        if _at(latex, n, "\\left"):
            depths += [depth] * 5
            depth += 1
            n += 5
            n += _delimiter(latex, n, depths, depth)
            continue
        if _at(latex, n, "\\right"):
            depth -= 1
            depths += [depth] * 6
            n += 6
            n += _delimiter(latex, n, depths, depth)
            continue
        sized = _SIZED.match(latex, n)
        if sized:
            depths += [depth] * len(sized.group(0))
            n += len(sized.group(0))
            continue
        ch = latex[n]
        if ch == "\\" and n + 1 < len(latex):  # \{ and \} are not groups
            depths += [depth, depth]
            n += 2
            continue
        if ch in "})":
            depth -= 1
        depths.append(depth)
        if ch in "{(":
            depth += 1
        n += 1
    return depths


_ENV = re.compile(r"\\(begin|end)\{[A-Za-z*]+\}")


def _delimiter(latex: str, n: int, depths: list[int], depth: int) -> int:
    """The delimiter character after ``\\left``/``\\right`` at ``n``: recorded at ``depth``, its length."""
    if latex[n:n + 1] in ("(", ")", "[", "]", "|", "."):
        depths.append(depth)
        return 1
    return 0


#: A sized delimiter and its character (``\\Bigl(``): neither opens nor closes a group.
_SIZED = re.compile(r"\\(?:[bB]igg?[lr]?|middle)(?![A-Za-z])\\?[()\[\]|.{}]?")


def split_top(latex: str, sep: str) -> list[str]:
    """``latex`` cut at each ``sep`` outside braces, ``\\left``/``\\right`` pairs and environments."""
    depths = _depths(latex)
    parts, start, n = [], 0, 0
    while n < len(latex):
        if depths[n] == 0 and latex.startswith(sep, n):
            parts.append(latex[start:n].strip())
            start = n = n + len(sep)
            continue
        n += 1
    parts.append(latex[start:].strip())
    return [p for p in parts if p]


def split_terms(latex: str) -> list[str]:
    """The top-level terms of a sum, each after the first carrying its sign (``+ b``, ``- c``)."""
    depths = _depths(latex)
    cuts = [n for n in range(1, len(latex) - 1)
            if depths[n] == 0 and latex[n] in "+-" and latex[n - 1] == " " and latex[n + 1] == " "]
    pieces, start = [], 0
    for cut in cuts:
        pieces.append(latex[start:cut].strip())
        start = cut
    pieces.append(latex[start:].strip())
    return [p for p in pieces if p]


def _unwrap(latex: str) -> tuple[str, str, str] | None:
    r"""``pre``, inner, ``post`` when ``latex`` is ``pre\left(inner\right)post`` with a short pre/post."""
    # The prefix may hold a sum's limits and a derivative (\frac{\partial}{\partial t} \sum_{j=0}^{…}).
    match = re.match(r"^(.{0,90}?)\\left([(\[])(.*)\\right([)\]])(.{0,30})$", latex, re.S)
    if not match or _depths(match.group(3))[-1:] not in ([0], []):
        return None
    pre, opening, inner, closing, post = match.groups()
    if any(d < 0 for d in _depths(inner)):
        return None
    # A prefix that opens a group (``\frac{``, ``\sqrt{``) would leave the first row with an
    # unclosed brace and the last with a stray one: such a term stays whole.
    if _depths(pre + " ")[-1] != 0:
        return None
    return pre + r"\Bigl" + opening, inner, r"\Bigr" + closing + post


def break_sum(latex: str, width: float | None = None) -> list[str]:
    """``latex`` as lines no wider than ``width`` where it can be broken (at ``+``/``-``).

    A line that still does not fit is a single term that cannot be broken here; the caller
    states it on its own line (it may be a little wide) rather than scaling it.
    """
    width = line_width() if width is None else width
    if fits(latex, width):
        return [latex]
    terms = split_terms(latex)
    if len(terms) == 1:
        wrapped = _unwrap(latex)
        if wrapped is None:
            return [latex]
        pre, inner, post = wrapped
        inner_lines = break_sum(inner, width - 2)
        if len(inner_lines) == 1:
            return [latex]
        return [pre + inner_lines[0], *inner_lines[1:-1], inner_lines[-1] + post]
    lines: list[str] = []
    for term in terms:
        if lines and fits(lines[-1] + " " + term, width):
            lines[-1] += " " + term
        elif fits(term, width):
            lines.append(term)
        else:
            sign, body = (term[0] + " ", term[1:].strip()) if term[0] in "+-" else ("", term)
            parts = break_sum(body, width - 2)
            parts[0] = sign + parts[0]
            lines += parts
    return lines
