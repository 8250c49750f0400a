r"""The one LaTeX vocabulary of posenc-sym: every word the writer prints, the reader reads and the
text escaper maps a character to.

The writer (:mod:`.write`, :mod:`.names`, :mod:`.matrices`), the reader (``read_*``), the text
escaper (:mod:`.escape`) and the document report take their words from here, and nothing else
keeps a copy: a letter added here is printed, read back, escaped and tested (the tests generate
their cases from these tables).

Where a new word goes:

- a Greek letter or variant: :data:`GREEK_LETTERS` (its name, which is its command, and the Unicode
  characters that write it);
- a relation: :data:`RELATION_TABLE` (the claim's operator, the LaTeX the writer prints, every
  spelling the reader accepts, the SymPy class); one the tool does not decide:
  :data:`UNDECIDED_RELATIONS`;
- a function: :data:`FUNCTION_TABLE` (the SymPy function, the LaTeX operator, the names a note may
  spell it with);
- an accent: :data:`ACCENTS` (a name ending in the accent's word, ``qhat``, prints as ``\hat{q}``);
- a Unicode character of math: :data:`UNICODE_MATH` (the escaper sets it in ``\ensuremath``; the
  reader reads those in :data:`READ_UNICODE`).

How a word is *read* (its grammar) lives in the reader's modules; see :mod:`.read`.

>>> GREEK["varrho"], LATEX_GREEK["\\Upsilon"], RELATION_LATEX["<="], READ_RELATIONS["\\leqslant"]
('\\varrho', 'Upsilon', '\\le', '<=')
>>> UNICODE_GREEK["ς"], FUNCTION_LATEX["log"], accent_of("omegahat")
('varsigma', '\\ln', ('omega', 'hat'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import sympy

__all__ = [
    "ACCENTS",
    "ACCENT_ALIASES",
    "BIG_OPERATORS",
    "BLACKBOARD_MEANINGS",
    "BOLD",
    "CAPTIONED",
    "CONSTANTS",
    "CONSTANT_LETTERS",
    "DELIMITERS",
    "ELLIPSES",
    "FONTS",
    "FRACTIONS",
    "FUNCTIONS",
    "FUNCTION_LATEX",
    "FUNCTION_TABLE",
    "GREEK",
    "GREEK_ALIASES",
    "GREEK_LETTERS",
    "LATEX_GREEK",
    "LATIN_LOOKALIKES",
    "LETTER_STYLES",
    "MATRICES",
    "MULTIPLY",
    "NOT_READ_OPERATORS",
    "POSITION_WORDS",
    "PROSE_WORDS",
    "READ_RELATIONS",
    "READ_UNICODE",
    "RELATION_LATEX",
    "RELATION_TABLE",
    "SIZERS",
    "SPACING",
    "SYMBOL_LETTERS",
    "UNDECIDED_RELATIONS",
    "UNICODE_GREEK",
    "UNICODE_MATH",
    "UPRIGHT",
    "UPRIGHT_FUNCTIONS",
    "UPRIGHT_FUNCTION_TABLE",
    "WIDE",
    "Function",
    "Letter",
    "Relation",
    "accent_of",
]


@dataclass(frozen=True)
class Letter:
    """A Greek letter or variant: its SymPy name is its command's (``omega``, ``\\omega``); ``chars``
    are the Unicode characters that write it, the one typed most often first."""

    name: str
    chars: tuple[str, ...] = ()

    @property
    def command(self) -> str:
        return "\\" + self.name


def _letters(names: str, chars: str) -> tuple[Letter, ...]:
    return tuple(Letter(n, (c,)) for n, c in zip(names.split(), chars, strict=True))


#: Every Greek letter and variant the writer prints (a symbol named ``varrho`` is ``\varrho``).
#: ``omicron`` and the capitals that look Latin (Alpha, Beta, …) have no command: they are the Latin
#: letters (:data:`LATIN_LOOKALIKES`), so a symbol of that name stays a word.
GREEK_LETTERS: tuple[Letter, ...] = (
    *_letters("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau "
              "upsilon phi chi psi omega", "αβγδεζηθικλμνξπρστυφχψω"),
    *_letters("Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega", "ΓΔΘΛΞΠΣΥΦΨΩ"),
    Letter("varepsilon"), Letter("vartheta", ("ϑ",)), Letter("varpi", ("ϖ",)), Letter("varrho", ("ϱ",)),
    Letter("varsigma", ("ς",)), Letter("varphi"), Letter("varkappa", ("ϰ",)), Letter("digamma", ("ϝ",)),
    *(Letter(f"var{n}") for n in ["Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi",
                                  "Omega"]),
)
# Second spellings of a letter (the symbol forms of Unicode's Greek block): read and escaped, never printed.
_ALTERNATES = {"ϐ": "beta", "ϵ": "epsilon", "ϕ": "phi", "ϲ": "sigma", "ϴ": "Theta", "ϒ": "Upsilon", "Ϲ": "Sigma"}

#: Greek name -> command (``"omega"`` -> ``"\\omega"``), for every letter of :data:`GREEK_LETTERS`.
GREEK: Mapping[str, str] = MappingProxyType({letter.name: letter.command for letter in GREEK_LETTERS})
#: Command -> Greek name, the reverse of :data:`GREEK`.
LATEX_GREEK: Mapping[str, str] = MappingProxyType({letter.command: letter.name for letter in GREEK_LETTERS})
#: Greek letters that are constants: ``\\pi`` is π, so a symbol named ``pi`` prints as the word ``\\mathrm{pi}``.
CONSTANT_LETTERS = frozenset({"pi"})
#: The Greek letters a symbol is named by, and read back as (every letter but the constants).
SYMBOL_LETTERS = frozenset(GREEK) - CONSTANT_LETTERS
#: Other commands a note writes a letter with (seed 003 writes Δt as ``\bigtriangleup t``; ``\ell``, the
#: script l, names a layer or a length: a name of its own, ``ell``, never the product e·l·l).
GREEK_ALIASES: Mapping[str, str] = MappingProxyType({"\\bigtriangleup": "Delta", "\\triangle": "Delta",
                                                     "\\ell": "ell"})
#: Unicode Greek character -> letter name. The second spellings come first, so that a reverse table
#: built from it (name -> character) ends on the character typed most often.
UNICODE_GREEK: Mapping[str, str] = MappingProxyType({
    **_ALTERNATES, **{c: letter.name for letter in GREEK_LETTERS for c in letter.chars}})
#: Greek capitals (and omicron) that are drawn as Latin letters and have no command of their own.
LATIN_LOOKALIKES: Mapping[str, str] = MappingProxyType(dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΧοϜ", "ABEZHIKMNOPTXoF", strict=True)))


@dataclass(frozen=True)
class Relation:
    """A claim's relation: ``op`` as claims spell it, ``latex`` as the writer prints it, every
    ``spellings`` the reader accepts, and the SymPy class (None: approximately, not decided exactly)."""

    op: str
    latex: str
    spellings: tuple[str, ...]
    sympy_class: type[sympy.core.relational.Relational] | None


RELATION_TABLE: tuple[Relation, ...] = (
    Relation("==", "=", ("=",), sympy.Eq),
    Relation("!=", "\\neq", ("\\neq", "\\ne"), sympy.Ne),
    Relation("<", "<", ("<", "\\lt", "\\ngeq", "\\ngeqslant"), sympy.Lt),
    Relation("<=", "\\le", ("\\le", "\\leq", "\\leqslant", "\\ngtr"), sympy.Le),  # not greater: ≤, of reals
    Relation(">", ">", (">", "\\gt", "\\nleq", "\\nleqslant"), sympy.Gt),
    Relation(">=", "\\ge", ("\\ge", "\\geq", "\\geqslant", "\\nless"), sympy.Ge),
    Relation("~", "\\approx", ("\\approx", "\\simeq"), None),
)
#: A claim's relation -> its LaTeX (``"<="`` -> ``"\\le"``); one spelling each, in every output.
RELATION_LATEX: Mapping[str, str] = MappingProxyType({r.op: r.latex for r in RELATION_TABLE})
#: Every relation spelling the reader accepts -> the claim's relation.
READ_RELATIONS: Mapping[str, str] = MappingProxyType({s: r.op for r in RELATION_TABLE for s in r.spellings})
#: Relations that are claims but that the tool does not decide: a display holding one is unknown.
UNDECIDED_RELATIONS = frozenset({"\\equiv", "\\sim", "\\cong", "\\propto", "\\doteq",
                                 "\\triangleq", "\\coloneqq", "\\eqqcolon", "\\ll", "\\gg", "\\lesssim",
                                 "\\gtrsim", "\\prec", "\\succ", "\\preceq", "\\succeq", "\\asymp", "\\mid",
                                 "\\nmid", "\\lll", "\\ggg", "\\vdash", "\\perp", "\\parallel", "\\subset",
                                 "\\supset", "\\subseteq", "\\supseteq", "\\notin", "\\approxeq", "\\nsim",
                                 "\\ncong", "\\models", "\\sqsubset", "\\sqsubseteq", "\\bowtie"})


@dataclass(frozen=True)
class Function:
    """A function with a LaTeX operator of its own: ``sympy_name`` is the SymPy class's name, ``latex``
    what the writer prints, ``spellings`` the names the reader accepts (``\\ln``, ``\\log``, the
    letters ``sin``); ``many`` takes a parenthesized list of arguments (``\\max(a, b)``)."""

    sympy_name: str
    latex: str
    spellings: tuple[str, ...]
    many: bool = False
    #: Where it is undefined: at the zeros of this SymPy function of its argument (``cos`` for tan),
    #: or of the argument itself (``arg``: log 0); "" where it is defined everywhere.
    poles: str = ""

    @property
    def apply(self) -> Callable[..., Any]:
        return getattr(sympy, self.sympy_name)

    def pole(self, argument: sympy.Expr) -> sympy.Expr | None:
        """What must not be zero for the function to be defined at ``argument`` (None: nothing)."""
        if not self.poles:
            return None
        return argument if self.poles == "arg" else getattr(sympy, self.poles)(argument)


_POLES = {"tan": "cos", "sec": "cos", "cot": "sin", "csc": "sin", "coth": "sinh"}
FUNCTION_TABLE: tuple[Function, ...] = (
    *(Function(n, "\\" + n, (n,), poles=_POLES.get(n, "")) for n in [
        "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "exp"]),
    *(Function(f"a{n}", f"\\arc{n}", (f"arc{n}",)) for n in ("sin", "cos", "tan")),
    Function("log", "\\ln", ("ln", "log"), poles="arg"),  # the natural logarithm, as the field's papers write it
    Function("Max", "\\max", ("max",), many=True),
    Function("Min", "\\min", ("min",), many=True),
)
#: Functions written only upright (``\\Re``, ``\\operatorname{Re}``, ``\\text{Re}``), never as letters: ``Re``
#: in italics is R·e. The real and imaginary parts of a complex number, and its argument.
UPRIGHT_FUNCTION_TABLE: tuple[Function, ...] = (
    Function("re", "\\operatorname{Re}", ("Re", "re")),
    Function("im", "\\operatorname{Im}", ("Im", "im")),
    Function("arg", "\\operatorname{arg}", ("arg",)),
)
#: A name the reader reads as a function only after ``\\`` or in ``\\operatorname{}``, ``\\mathrm{}``, ``\\text{}``.
UPRIGHT_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {s: f for f in UPRIGHT_FUNCTION_TABLE for s in f.spellings})
#: SymPy function name -> the operator the writer prints (``"log"`` -> ``"\\ln"``).
FUNCTION_LATEX: Mapping[str, str] = MappingProxyType({f.sympy_name: f.latex for f in FUNCTION_TABLE})
#: A name the reader reads as a function (after ``\``, in ``\operatorname{}``, or as letters) -> it.
FUNCTIONS: Mapping[str, Function] = MappingProxyType({s: f for f in FUNCTION_TABLE for s in f.spellings})

#: Math accents: a symbol whose name ends in one (``qhat``, ``omegatilde``) and whose base is one
#: letter or a Greek letter prints as ``\hat{q}``, ``\tilde{\omega}`` (SymPy's own naming convention).
ACCENTS = ("hat", "bar", "tilde", "dot", "ddot", "dddot", "ddddot", "check", "breve", "acute", "grave", "vec",
           "mathring")
_ACCENTS_LONGEST_FIRST = sorted(ACCENTS, key=len, reverse=True)
#: Wide accents, read as the accent they widen (``\widetilde{W}`` names W̃, as ``\tilde{W}`` does).
ACCENT_ALIASES: Mapping[str, str] = MappingProxyType({"\\widetilde": "\\tilde", "\\widehat": "\\hat",
                                                       "\\overrightarrow": "\\vec"})


def accent_of(name: str) -> tuple[str, str] | None:
    """``(base, accent)`` for a name that is an accented letter, else None.

    >>> accent_of("qhat"), accent_of("xddot"), accent_of("what"), accent_of("hat"), accent_of("pos")
    (('q', 'hat'), ('x', 'ddot'), ('w', 'hat'), None, None)
    """
    for accent in _ACCENTS_LONGEST_FIRST:
        base = name[: -len(accent)]
        if name.endswith(accent) and ((len(base) == 1 and base.isalpha() and base.isascii()) or base in GREEK):
            return base, accent
    return None


#: Big operators and the SymPy classes they build.
BIG_OPERATORS: Mapping[str, type[sympy.Expr]] = MappingProxyType({"\\sum": sympy.Sum, "\\prod": sympy.Product})
#: Constants written upright, so that the symbols e and i stay letters.
CONSTANTS: Mapping[str, sympy.Expr] = MappingProxyType({"e": sympy.E, "i": sympy.I})
#: The stars a superscript writes for the complex conjugate (``z^*``, ``z^\\ast``, ``x^\\star_n``).
CONJUGATE_STARS = ("*", "\\ast", "\\star")
#: Font commands around a name (``\mathrm{PE}``, ``\text{model}``).
FONTS = frozenset({"\\mathrm", "\\text", "\\operatorname", "\\mathit", "\\textrm", "\\mathsf", "\\mathtt", "\\mathbf",
                   "\\boldsymbol", "\\bm", "\\rm", "\\mathbfit", "\\pmb", "\\textit", "\\textbf", "\\bold"})
#: Bold fonts: around a formula (``\\mathbf{\\Theta_m Q_m}``) each factor is bold, the formula is read as it is.
BOLD = frozenset({"\\mathbf", "\\boldsymbol", "\\bm", "\\pmb", "\\mathbfit", "\\bold", "\\textbf"})  # \bold: MathJax's
#: Upright fonts: ``\\mathrm{e}`` and ``\\text{i}`` are the constants, an italic e or i a letter.
UPRIGHT = frozenset({"\\mathrm", "\\text", "\\textrm", "\\operatorname", "\\rm"})
#: Blackboard letters with a meaning of their own (number sets, the expectation, an indicator, a probability):
#: never a name; any other ``\\mathbb{PE}`` is a name of its own (PEbb).
BLACKBOARD_MEANINGS: Mapping[str, str] = MappingProxyType({
    "R": "the real numbers", "C": "the complex numbers", "Z": "the integers", "N": "the natural numbers",
    "Q": "the rationals", "E": "the expectation", "1": "an indicator", "I": "an indicator or the identity",
    "P": "a probability"})

#: Fonts that make another letter of a single letter (\\mathsf{A} is not A), and spell an upright word of a
#: longer one (\\mathsf{softmax}, \\mathtt{dim}).
LETTER_FONTS: Mapping[str, str] = MappingProxyType({"\\mathsf": "sf", "\\mathtt": "tt"})

#: Letter styles that make another letter: ``\\mathcal{R}`` is not R (its name is Rcal), ``\\mathbb{PE}`` is PEbb
#: (but for the letters of :data:`BLACKBOARD_MEANINGS`).
LETTER_STYLES: Mapping[str, str] = MappingProxyType({"\\mathcal": "cal", "\\mathscr": "scr", "\\mathfrak": "frak",
                                                     "\\mathbb": "bb", "\\Bbb": "bb"})
FRACTIONS = frozenset({"\\frac", "\\dfrac", "\\tfrac"})
MULTIPLY = frozenset({"*", "\\cdot", "\\times"})
#: Braces over or under a formula, and the script their caption takes: ``\\underbrace{a + a}_{\\text{twice}}`` is
#: a + a (the caption is words or a name for it, never part of the formula; the writer never prints one).
CAPTIONED: Mapping[str, str] = MappingProxyType({"\\underbrace": "_", "\\overbrace": "^",
                                                 "\\underbracket": "_", "\\overbracket": "^"})
#: Matrix environments (the writer prints ``bmatrix``).
MATRICES = frozenset({"pmatrix", "bmatrix", "Bmatrix", "matrix", "smallmatrix"})
#: Ellipses: they leave terms unstated (the writer prints them only in an elided large matrix).
ELLIPSES = frozenset({"\\cdots", "\\ldots", "\\dots", "\\vdots", "\\ddots"})

#: Words of prose a formula may hold in a font command (``\\text{ if }``, ``\\mathrm{for}``): never a name.
PROSE_WORDS = frozenset({"if", "for", "when", "whenever", "otherwise", "and", "or", "where", "with", "else", "then",
                         "since", "unless", "all", "each", "every", "any", "st", "iff", "provided", "given", "because",
                         "hence", "thus", "so", "therefore", "assuming", "as", "on", "in", "at", "over", "whereas",
                         "but", "except", "only", "while"})

#: Operators real notes write that the reader does not read, each with what it is, so a refusal names
#: it (``\partial``, ``\nabla``: derivatives; ``\odot``: the elementwise product of two vectors).
NOT_READ_OPERATORS: Mapping[str, str] = MappingProxyType({
    "\\partial": "a partial derivative", "\\nabla": "a gradient", "\\odot": "the elementwise (Hadamard) product",
    "\\otimes": "a tensor (Kronecker) product", "\\oplus": "a direct sum or concatenation",
    "\\oint": "a contour integral", "\\iint": "a double integral", "\\iiint": "a triple integral",
})

#: Names of several letters that notes on positional encodings write for a position: a run spelling one is that
#: name where it may also split into letters the text uses (p·o·s).
POSITION_WORDS = frozenset({"pos"})

#: Commands that only move ink; they never change what a formula means.
SPACING = frozenset({
    "\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad", "\\displaystyle", "\\textstyle",
    "\\enspace", "\\thinspace", "\\medspace", "\\thickspace", "\\negthinspace", "\\negmedspace",
    "\\negthickspace", "\\>", "\\space",
    "\\nonumber", "\\notag", "\\limits", "\\nolimits", "\\middle", "\\scriptstyle", "\\scriptscriptstyle",
    "\\tiny", "\\scriptsize", "\\footnotesize", "\\small", "\\normalsize", "\\large", "\\Large", "\\LARGE",
    "\\huge", "\\Huge",
    "\\hline", "\\hdashline",  # a rule between an array's rows: layout, no mathematics
    "\\checkmark", "\\blacksquare", "\\square", "\\qed", "\\Box",  # a tick or an end of proof beside a row
})
#: Spaces that set formulas apart (``x = 1 \\qquad y = 2``); never read as a product.
WIDE = frozenset({"\\quad", "\\qquad"})
#: Sizing prefixes of delimiters: ``\left(`` and ``\bigl(`` are both just ``(``.
SIZERS = frozenset({
    "\\left", "\\right", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr", "\\biggl", "\\biggr", "\\Biggl",
    "\\Biggr", "\\big", "\\Big", "\\bigg", "\\Bigg",
})
#: Delimiter commands and the delimiter they are.
DELIMITERS: Mapping[str, str] = MappingProxyType({
    "\\{": "\\{", "\\}": "\\}", "\\lbrace": "\\{", "\\rbrace": "\\}",
    "\\lvert": "|", "\\rvert": "|", "\\vert": "|", "\\lbrack": "[", "\\rbrack": "]",
    "\\langle": "\\langle", "\\rangle": "\\rangle", "\\|": "\\Vert", "\\Vert": "\\Vert", "\\lVert": "\\Vert",
    "\\rVert": "\\Vert"})

#: Unicode characters of math other than Greek letters, and the LaTeX they mean (set in math mode).
UNICODE_MATH: Mapping[str, str] = MappingProxyType({
    "−": "-", "±": r"\pm", "×": r"\times", "·": r"\cdot", "÷": r"\div", "≤": r"\le", "≥": r"\ge",
    "≠": r"\ne", "≈": r"\approx", "≡": r"\equiv", "∞": r"\infty", "∑": r"\sum", "∏": r"\prod",
    "√": r"\surd", "‖": r"\|", "∈": r"\in", "∉": r"\notin", "→": r"\to", "←": r"\leftarrow",
    "↦": r"\mapsto", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow", "∀": r"\forall",
    "∃": r"\exists", "∂": r"\partial", "∇": r"\nabla", "∘": r"\circ", "⊤": r"\top",
    "ᵀ": r"^{\mathsf{T}}", "²": "^{2}", "³": "^{3}", "¹": "^{1}", "⁰": "^{0}", "⁻": "^{-}",
    "ⁿ": "^{n}", "₀": "_{0}", "₁": "_{1}", "₂": "_{2}", "₃": "_{3}", "ᵢ": "_{i}", "ₖ": "_{k}",
    "ℝ": r"\mathbb{R}", "ℤ": r"\mathbb{Z}", "ℕ": r"\mathbb{N}", "⌊": r"\lfloor", "⌋": r"\rfloor",
    "⌈": r"\lceil", "⌉": r"\rceil", "∣": r"\mid", "⟨": r"\langle", "⟩": r"\rangle",
    "≪": r"\ll", "≫": r"\gg", "∝": r"\propto", "∅": r"\emptyset", "∧": r"\wedge", "∨": r"\vee",
    "′": "'", "″": "''", "⁺": "^{+}", "₊": "_{+}", "₋": "_{-}", "ⱼ": "_{j}", "ₙ": "_{n}", "ₘ": "_{m}",
    "ₜ": "_{t}", "ₚ": "_{p}", "ᵏ": "^{k}", "ⁱ": "^{i}", "ᵈ": "^{d}", "ᵗ": "^{t}",
    "∫": r"\int", "⊕": r"\oplus", "⊗": r"\otimes", "⊙": r"\odot", "≔": ":=", "↔": r"\leftrightarrow",
    "⋯": r"\cdots", "⋮": r"\vdots", "∼": r"\sim", "≃": r"\simeq", "⊂": r"\subset", "⊆": r"\subseteq",
    "⋅": r"\cdot", "∩": r"\cap", "∪": r"\cup", "ℓ": r"\ell", "ħ": r"\hbar",
    **{chr(0x2070 + n): f"^{{{n}}}" for n in (4, 5, 6, 7, 8, 9)},
    **{chr(0x2080 + n): f"_{{{n}}}" for n in range(4, 10)},
})
#: Unicode a note may type directly in a formula, and the LaTeX the reader reads it as (one meaning
#: each; anything else stays unreadable): every Greek letter, and the operators and relations below.
READ_UNICODE: Mapping[str, str] = MappingProxyType({
    **{c: UNICODE_MATH[c] for c in "−·⋅×≤≥≠≈∞∑∏⋯⟨⟩‖⊤⌊⌋⌈⌉ℓ√"},
    # read as their commands, so a refusal names them: ≡ and ∼ are not decided, ∂ ∇ ⊙ ⊗ ⊕ ∫ not read
    **{c: UNICODE_MATH[c] for c in "≡∼∂∇⊙⊗⊕∫"},
    # superscripts and subscripts (x², ωᵢ, Aᵀ): a run of them is one script, 10⁻²ⁱ is 10^{-2i}
    **{c: latex for c, latex in UNICODE_MATH.items() if latex.startswith(("^{", "_{"))},
    "…": r"\ldots",  # the escaper sets it in text as \ldots{}; in a formula it is the ellipsis
    # a prime typed as such, or as the right quote a word processor puts for ' (b’): in a formula, a prime
    "′": "'", "’": "'",
    **{c: GREEK[name] for c, name in UNICODE_GREEK.items()},
})
