r"""The left side of a definition as written: a name, its subscript, its label, its arguments.

``w_k``, ``PE_{(pos, 2i)}``, ``\theta_m``, ``f(q, m)``, ``\mathbf{q}_m``, ``\tilde{\boldsymbol{q}}_m``,
``d_{model}``, ``\text{max\_seq}``, ``b'``, ``\lambda^{\prime}_d``, ``PE_t^{(i)}``, ``a^{(1)}_{i,j}``:
:func:`name_form` says which name such a side introduces and with what parameters, or None for
anything else (a product, a power, a number), which is then not a definition.

>>> name_form(r"PE_{(pos, 2i)}")
NameForm(head='PE', subscript=('pos', '2i'), arguments=None, label='', bare_label=False)
>>> name_form(r"\tilde{\boldsymbol{q}}_m"), name_form(r"f(\mathbf{x}_m, m)").arguments
(NameForm(head='qtilde', subscript=('m',), arguments=None, label='', bare_label=False), ('\\mathbf{x}_m', 'm'))
>>> name_form(r"d_{\text{model}}").head, name_form(r"\text{max\_seq}").head, name_form("b'").head
('d_model', 'max_seq', "b'")
>>> name_form(r"a^{(1)}_{i,j}"), name_form("x^2"), name_form("2 w")
(NameForm(head='a', subscript=('i', 'j'), arguments=None, label='1', bare_label=False), None, None)
>>> name_form(r"R^d_{\Theta,m}").name, name_form("x^d"), name_form("R_m^T")
('R^(d)', None, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..notation.read_labels import bare_label
from ..notation.read_tokens import Token, Unreadable, tokenize
from ..notation.vocabulary import (
    ACCENTS,
    BLACKBOARD_MEANINGS,
    FONTS,
    GREEK_ALIASES,
    LATEX_GREEK,
    LETTER_FONTS,
    LETTER_STYLES,
)

__all__ = ["NameForm", "name_form"]

_SIZER = re.compile(r"\\(?:right|bigr|Bigr|biggr|Biggr|big|Big|bigg|Bigg)\s*$")  # \left( pos, 2i \right)
_WRAPPERS = FONTS | {"\\vec", "\\mathbfit", "\\pmb"}
#: Letter styles that make another letter, as the reader names them (\\mathcal{R} is Rcal, \\mathbb{PE} PEbb).


@dataclass(frozen=True)
class NameForm:
    """A name as a definition's left side writes it.

    ``head`` is the reader's name (``PE``, ``theta``, ``d_model``, ``qtilde``, ``b'``); ``subscript``
    the LaTeX of each part of a subscript that holds parameters (``('pos', '2i')``), None for none;
    ``arguments`` those of ``f(q, m)``; ``label`` the text of a superscript label ``^{(1)}``.
    """

    head: str
    subscript: tuple[str, ...] | None
    arguments: tuple[str, ...] | None
    label: str
    #: The label is a bare letter (``R^d_{\\Theta,m}``, ``\\boldsymbol{R}^{K}_{i,j}``), which could also be a power:
    #: a definition only of a matrix (:mod:`.text_definitions`).
    bare_label: bool = False

    @property
    def name(self) -> str:
        """The name the definition introduces, as messages show it (``a^(1)`` for a label)."""
        return f"{self.head}^({self.label})" if self.label else self.head


class _Tokens:
    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text, self.tokens, self.at = text, tokens, 0

    def peek(self, ahead: int = 0) -> str | None:
        i = self.at + ahead
        return self.tokens[i].text if i < len(self.tokens) else None

    def group(self) -> tuple[int, int] | None:
        """The span (start, end offsets) of the braced group or single token at the cursor."""
        if self.at >= len(self.tokens):
            return None
        if self.tokens[self.at].text != "{":
            token = self.tokens[self.at]
            self.at += 1
            return token.pos, token.pos + len(token.text)
        depth, start = 0, self.at
        while self.at < len(self.tokens):
            depth += (self.tokens[self.at].text == "{") - (self.tokens[self.at].text == "}")
            self.at += 1
            if depth == 0:
                return self.tokens[start].pos + 1, self.tokens[self.at - 1].pos
        return None


#: A subscript that lists letters as a set: ``\\{q,k\\}``.
_ALTERNATIVES = re.compile(r"\\\{\s*[A-Za-z]\s*(?:,\s*[A-Za-z]\s*)+\\\}")


def _one_greek(text: str) -> bool:
    """True if ``text`` is one Greek letter (``\\phi``, ``{\\theta}``): a parameter, as ``R_\\phi`` is the
    rotation by φ, never a word (``model`` of ``d_{model}``)."""
    return text.strip("{} ") in LATEX_GREEK


def _letters(text: str, *, in_font: bool = False) -> str | None:
    """The name a wrapper's group spells (``max\\_seq``, ``\\omega``, ``q``), or None. ``in_font``: the group of a
    font command, where MathJax shows a bare '_' as it is (``\\text{corr_dim}``)."""
    try:
        tokens = tokenize(text)
    except Unreadable:
        return None
    parts: list[str] = []
    for token in tokens:
        if token.kind == "letter" and token.space and parts and parts[-1][-1:].isalpha():
            parts.append(" ")  # \\text{base new}: a name in words, as the reader spells it
        if token.kind in ("letter", "num"):
            parts.append(token.text)
        elif token.text == "\\_" or (in_font and token.text == "_" and parts and parts[-1][-1:].isalnum()):
            parts.append("_")
        elif token.text in LATEX_GREEK:
            parts.append(LATEX_GREEK[token.text])
        elif token.text in ("\\min", "\\max") and token is tokens[-1]:
            parts.append(token.text[1:])  # L_{\max}: a label, as the reader spells it (L_max)
        elif token.text in _WRAPPERS or token.text in ("{", "}"):
            continue
        else:
            return None
    name = "".join(parts)
    return name if name and not name[0].isdigit() else None


def _base(t: _Tokens) -> str | None:
    token = t.peek()
    if token is None:
        return None
    if token in LATEX_GREEK or token in GREEK_ALIASES:
        t.at += 1
        return LATEX_GREEK.get(token) or GREEK_ALIASES[token]
    if t.tokens[t.at].kind == "letter":
        start = t.at
        while t.at < len(t.tokens) and t.tokens[t.at].kind == "letter" and (t.at == start or not t.tokens[t.at].space):
            t.at += 1
            if t.peek() == "\\_" and t.at + 1 < len(t.tokens) and t.tokens[t.at + 1].kind == "letter":
                t.at += 1  # input\_embedding: letters joined by an escaped '_' are one name, as the reader reads them
        return "".join("_" if x.text == "\\_" else x.text for x in t.tokens[start:t.at])
    if token == "\\overline":
        token = "\\bar"  # \overline{K} names K̄, as \bar{K} does
    if token in _WRAPPERS or token in LETTER_STYLES or token[1:] in ACCENTS:
        t.at += 1
        span = t.group()
        if span is None:
            return None
        inner = _base_of(t.text[span[0]:span[1]], in_text=token in _TEXT_MODE)
        if inner is None or (token in ("\\mathbb", "\\Bbb") and inner in BLACKBOARD_MEANINGS):
            return None  # ℝ, 𝔼, 𝟙: not a name
        if token in LETTER_STYLES:
            return inner + LETTER_STYLES[token]
        if token in LETTER_FONTS and len(inner) == 1:
            return inner + LETTER_FONTS[token]
        return inner + token[1:] if token[1:] in ACCENTS and token != "\\vec" else inner
    return None


#: Commands whose group is text, not math: a '_' there is a character (``\\text{corr_dim}``), not a subscript.
_TEXT_MODE = frozenset({"\\text", "\\textrm", "\\textit", "\\textbf", "\\texttt", "\\mbox"})


def _base_of(text: str, *, in_text: bool = False) -> str | None:
    try:
        inner = _Tokens(text, tokenize(text))
    except Unreadable:
        return None
    base = _base(inner)
    if base is not None and inner.at == len(inner.tokens):
        return base
    return _letters(text, in_font=in_text)


def split_top_level(text: str, separators: str = ",") -> tuple[str, ...]:
    """``text`` split at the commas (or other ``separators``) outside every bracket.

    >>> split_top_level("u, f(a, b)"), split_top_level("u; t", ",;")
    (('u', 'f(a, b)'), ('u', 't'))
    """
    parts, depth, start = [], 0, 0
    for n, char in enumerate(text):
        depth += (char in "({[") - (char in ")}]")
        if char in separators and depth == 0:
            parts.append(text[start:n].strip())
            start = n + 1
    parts.append(text[start:].strip())
    return tuple(parts)


def _primes(t: _Tokens) -> str:
    primes = ""
    while True:
        if t.peek() == "'":
            t.at += 1
            primes += "'"
        elif t.peek() == "^" and (t.peek(1) == "\\prime" or (t.peek(1) == "{" and t.peek(2) == "\\prime"
                                                                and t.peek(3) == "}")):
            t.at += 2 if t.peek(1) == "\\prime" else 4
            primes += "'"
        else:
            return primes


#: A subscript inside the braces of a font or an accent (``\\mathbf{x_{out}}``, ``\\hat{q_m}``,
#: ``\\mathrm{head_i}``): the reader takes it for the name's, as in ``\\mathbf{x}_{out}``
#: (:func:`~posenc_sym.notation.read_commands.script_inside_braces`).
_SCRIPT_INSIDE = re.compile(r"(\\[A-Za-z]+\{\s*)([A-Za-z]+|\\[A-Za-z]+)\s*(_(?:\{[^{}]*\}|[A-Za-z0-9]))\s*('*)\s*\}")


def name_form(text: str) -> NameForm | None:
    """The name ``text`` writes, with its parameters, or None if it is not a name."""
    text = _SCRIPT_INSIDE.sub(r"\1\2}\4\3", text)  # \mathbf{k_n'}: \mathbf{k}'_n
    try:
        t = _Tokens(text, tokenize(text))
    except Unreadable:
        return None
    base = _base(t)
    if base is None:
        return None
    head, label = base + _primes(t), ""
    subscript: tuple[str, ...] | None = None
    bare_labelled = False
    word_of_greek = ""  # the subscript's Greek letter as the reader spells it (phi), where it is one alone
    for _ in range(2):
        if t.peek() == "_" and subscript is None:
            t.at += 1
            span = t.group()
            if span is None:
                return None
            inner = text[span[0]:span[1]].strip()
            word = _letters(inner)
            if (alternatives := _ALTERNATIVES.fullmatch(inner)) is not None:
                # f_{\{q,k\}}: RoFormer's "f_q or f_k", one name standing for either, as the reader spells it
                head = f"{head}_{'_or_'.join(re.findall('[A-Za-z]', alternatives.group()))}"
                subscript = ()
            elif word is not None and len(word) > 1 and not any(c.isdigit() for c in word) and not _one_greek(inner):
                head = f"{head}_{word}"  # a plain-text subscript names: d_{model}, \lambda_{max}
                subscript = ()
            else:
                unwrapped = inner[1:-1] if inner.startswith("(") and inner.endswith(")") else inner
                subscript = split_top_level(unwrapped)
                word_of_greek = word if word is not None and _one_greek(inner) else ""
            head += _primes(t)
        elif t.peek() == "^" and t.peek(1) == "{" and t.peek(2) == "(" and not label:
            t.at += 1
            span = t.group()
            if span is None:
                return None
            label = text[span[0]:span[1]].strip()[1:-1].strip()
        elif t.peek() == "^" and not label and (bare := bare_label(t.tokens, t.at + 1)) is not None:
            label, width = bare
            t.at += 1 + width
            bare_labelled = True
    if bare_labelled and subscript is None:
        return None  # x^d = …: a power, not a name with a label
    arguments = None
    if t.peek() == "(":
        open_at = t.tokens[t.at].pos
        depth = 0
        while t.at < len(t.tokens):
            depth += (t.peek() == "(") - (t.peek() == ")")
            t.at += 1
            if depth == 0:
                break
        if depth:
            return None
        inside = text[open_at + 1:t.tokens[t.at - 1].pos]
        arguments = tuple(_SIZER.sub("", a).strip() for a in split_top_level(inside, ",;"))
        if t.peek() == "_" and subscript is None:  # Attention(Q, K, V)_i: the function Attention_i
            t.at += 1
            span = t.group()
            word = _letters(text[span[0]:span[1]]) if span is not None else None
            if word is None:
                return None
            head = f"{head}_{word}"
    if t.at != len(t.tokens):
        return None
    if arguments is not None and subscript and len(subscript) == 1 and _one_greek(subscript[0]) and word_of_greek:
        # R_\phi(x, y): a function named by its angle, as before; only a name written alone is a family in φ
        head, subscript = f"{head}_{word_of_greek}", ()
    return NameForm(head, subscript or None, arguments, label, bare_labelled)
