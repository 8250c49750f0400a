"""The one LaTeX vocabulary (posenc_sym/notation/vocabulary.py): complete, shared, and read back.

Every case is generated from the vocabulary's own tables, so a letter, relation, function or accent
added there is tested here without editing this file. The tables are checked against lists kept by
others: Unicode's Greek block (``unicodedata``), SymPy's Greek names and how SymPy prints them, its
relation classes, its accent modifiers and its list of LaTeX operator functions. And the reader,
the writer, the escaper and the document report are shown to hold the vocabulary's objects, with
no copy of a table left anywhere else in the package.
"""

from __future__ import annotations

import ast
import importlib
import unicodedata
from pathlib import Path

import pytest
import sympy
from sympy.core.relational import Relational
from sympy.printing.latex import accepted_latex_functions, greek_letters_set, modifier_dict, tex_greek_dictionary

from posenc_sym.notation import vocabulary
from posenc_sym.notation.escape import escape_latex
from posenc_sym.notation.read import SimpleScope, from_latex, read_row
from posenc_sym.notation.read_tokens import tokenize
from posenc_sym.notation.vocabulary import (
    ACCENTS,
    BIG_OPERATORS,
    CONSTANT_LETTERS,
    FUNCTION_TABLE,
    FUNCTIONS,
    GREEK,
    GREEK_LETTERS,
    LATIN_LOOKALIKES,
    READ_RELATIONS,
    READ_UNICODE,
    RELATION_LATEX,
    RELATION_TABLE,
    SYMBOL_LETTERS,
    UNICODE_GREEK,
    Function,
    Letter,
    Relation,
)
from posenc_sym.notation.write import to_latex

X = sympy.Symbol("x", real=True)
Y = sympy.Symbol("y", real=True)
INDEX = sympy.Symbol("i", integer=True)
POSITIVE = sympy.Symbol("x", positive=True)


def _reads_back(name: str) -> tuple[str, sympy.Basic | str]:
    """The LaTeX the writer prints for the symbol ``name``, and what the reader reads it as."""
    symbol = sympy.Symbol(name, real=True)
    latex = to_latex(symbol)
    try:
        return latex, from_latex(latex, SimpleScope({name: symbol, "x": X, "i": INDEX}))
    except ValueError as exc:
        return latex, str(exc)


def _forms(letter: Letter) -> list[str]:
    """The names a letter appears in: alone, subscripted, as a subscript, under every accent."""
    name = letter.name
    return [name, f"{name}_i", f"x_{name}", f"x_i_{name}",
            *(f"{name}{accent}" for accent in ACCENTS), *(f"{name}{accent}_i" for accent in ACCENTS)]


@pytest.mark.parametrize("letter", GREEK_LETTERS, ids=lambda letter: letter.name)
def test_every_greek_letter_reads_back_alone_subscripted_in_a_subscript_and_accented(letter: Letter) -> None:
    failures = {}
    for name in _forms(letter):
        latex, read = _reads_back(name)
        if read != sympy.Symbol(name, real=True):
            failures[name] = (latex, read)
    assert not failures
    if letter.name in SYMBOL_LETTERS:
        assert to_latex(sympy.Symbol(letter.name)) == letter.command


@pytest.mark.parametrize("accent", ACCENTS)
@pytest.mark.parametrize("base", ["q", "W"])
def test_every_accent_reads_back_on_a_latin_letter(accent: str, base: str) -> None:
    name = base + accent
    latex, read = _reads_back(name)
    assert latex == f"\\{accent}{{{base}}}"
    assert read == sympy.Symbol(name, real=True)


@pytest.mark.parametrize(("name", "latex"), [
    ("what", r"\hat{w}"),  # SymPy's convention too: a letter and an accent's name
    ("hat", r"\mathrm{hat}"),
    ("xhatbar", r"\mathrm{xhatbar}"),  # one accent on one letter; anything else is a word
    ("posdot", r"\mathrm{posdot}"),
    ("pihat", r"\hat{\pi}"),
])
def test_an_accent_goes_on_one_letter_only(name: str, latex: str) -> None:
    assert _reads_back(name) == (latex, sympy.Symbol(name, real=True))


@pytest.mark.parametrize("char", sorted(UNICODE_GREEK))
def test_every_unicode_greek_letter_is_read_and_escaped_as_its_command(char: str) -> None:
    name = UNICODE_GREEK[char]
    symbol = sympy.Symbol(name, real=True)
    expected = sympy.pi if name in CONSTANT_LETTERS else symbol
    assert from_latex(char, SimpleScope({name: symbol})) == expected
    assert escape_latex(char) == f"\\ensuremath{{{GREEK[name]}}}"


#: Unicode's names of the 24 classical letters, and digamma (which LaTeX has as \digamma).
_UNICODE_LETTERS = {n.upper(): n for n in greek_letters_set} | {"LAMDA": "lambda", "DIGAMMA": "digamma"}
# Words of a Unicode name that say which form of a letter it is, not which letter.
_FORM_WORDS = {"GREEK", "SMALL", "CAPITAL", "LETTER", "LUNATE", "FINAL", "SYMBOL"}


def _unicode_math_letters() -> dict[str, str]:
    """Characters of the Greek and Coptic block that are a classical letter in one of its forms,
    by their Unicode names alone: character -> the letter (archaic letters, Coptic, letters with
    tonos or dialytika, and the reversed or dotted sigmas are no letter of mathematics)."""
    found = {}
    for code in range(0x370, 0x400):
        char = chr(code)
        words = unicodedata.name(char, "").split()
        rest = [w for w in words if w not in _FORM_WORDS]
        if words[:1] == ["GREEK"] and len(rest) == 1 and rest[0] in _UNICODE_LETTERS:
            found[char] = _UNICODE_LETTERS[rest[0]]
    return found


def test_the_independent_list_of_unicode_letters_is_the_expected_size() -> None:
    # 24 capitals + 25 small letters (final sigma) + the symbol forms ϐ ϑ ϕ ϖ ϰ ϱ ϲ ϴ ϵ Ϲ + digamma Ϝ ϝ
    assert len(_unicode_math_letters()) == 24 + 25 + 10 + 2


@pytest.mark.parametrize(("char", "letter"), sorted(_unicode_math_letters().items()))
def test_every_greek_letter_of_unicode_is_in_the_vocabulary(char: str, letter: str) -> None:
    if char in LATIN_LOOKALIKES:
        assert LATIN_LOOKALIKES[char].isupper() == char.isupper()
        assert (letter.capitalize() if char.isupper() else letter) not in GREEK  # no command of its own
        return
    name = UNICODE_GREEK[char]
    assert name.removeprefix("var").lower() == letter
    assert name[:1].isupper() == char.isupper() or name.startswith("var")


@pytest.mark.parametrize("name", sorted({*greek_letters_set, *(n.capitalize() for n in greek_letters_set),
                                         *(n for n in tex_greek_dictionary if n.startswith("var"))}))
def test_sympys_greek_names_are_the_vocabularys(name: str) -> None:
    """Where SymPy prints a Greek name as a command, the vocabulary has that command; where it prints
    a Latin letter (Alpha, omicron), the vocabulary has no command and the writer prints a word."""
    printed = sympy.latex(sympy.Symbol(name))
    if printed == f"\\{name}":
        assert GREEK[name] == printed
    else:
        assert name not in GREEK
        assert printed in (f"\\mathrm{{{LATIN_LOOKALIKES[c]}}}" for c, n in _unicode_math_letters().items()
                           if n == name.lower() and c in LATIN_LOOKALIKES) or printed == "o"


# --- relations --------------------------------------------------------------------------------------

@pytest.mark.parametrize("relation", RELATION_TABLE, ids=lambda r: r.op)
def test_every_relation_is_read_in_every_spelling(relation: Relation) -> None:
    for spelling in relation.spellings:
        row = read_row(f"x {spelling} y", SimpleScope({"x": X, "y": Y}))
        assert [(op, side) for op, side, _ in row.links] == [(relation.op, Y)]
    assert relation.latex == relation.spellings[0] == RELATION_LATEX[relation.op]


@pytest.mark.parametrize("relation", [r for r in RELATION_TABLE if r.sympy_class is not None], ids=lambda r: r.op)
def test_every_sympy_relation_prints_as_the_vocabulary_says_and_reads_back(relation: Relation) -> None:
    assert relation.sympy_class is not None
    expr = relation.sympy_class(X, Y, evaluate=False)
    latex = to_latex(expr)
    assert latex == f"x {relation.latex} y"
    row = read_row(latex, SimpleScope({"x": X, "y": Y}))
    assert row.first == X and [(op, side) for op, side, _ in row.links] == [(expr.rel_op, Y)]


def test_every_relation_sympy_has_is_in_the_vocabulary() -> None:
    classes = {c for c in Relational.ValidRelationOperator.values() if isinstance(c, type)}
    assert classes == {r.sympy_class for r in RELATION_TABLE if r.sympy_class is not None}
    assert {c.rel_op for c in classes} | {"~"} == set(RELATION_LATEX)  # ~ is approximately: not decided exactly


@pytest.mark.parametrize("char", sorted(c for c, latex in READ_UNICODE.items() if latex in READ_RELATIONS))
def test_a_unicode_relation_is_read_as_its_command(char: str) -> None:
    row = read_row(f"x {char} y", SimpleScope({"x": X, "y": Y}))
    assert [op for op, _, _ in row.links] == [READ_RELATIONS[READ_UNICODE[char]]]


@pytest.mark.parametrize("char", sorted(c for c in READ_UNICODE if c not in UNICODE_GREEK))
def test_a_unicode_character_of_math_is_read_as_the_latex_the_escaper_sets_it_in(char: str) -> None:
    """Reader and escaper share one table: what a typed ≤, ⊤ or ² reads as is what the escaper writes for it
    (``…`` is the one character the escaper sets in text, as ``\\ldots{}``; ``’`` is a closing quote in text,
    read as a prime only inside a formula, where a word processor typed it for ``'``)."""
    spelled = READ_UNICODE[char]
    assert char in ("…", "’") or spelled == vocabulary.UNICODE_MATH[char]
    typed = [t.text for t in tokenize(f"x {char} y")]
    assert typed == [t.text for t in tokenize(f"x {spelled} y")]


@pytest.mark.parametrize(("typed", "written"), [
    ("x²³", "x^{23}"), ("10⁻²", "10^{-2}"), ("ωᵢ₊₁", "\\omega_{i+1}"), ("Aᵀ", "A^{\\mathsf{T}}"), ("x² y₀", "x^{2} y_{0}"),
])
def test_a_run_of_typed_scripts_is_one_script(typed: str, written: str) -> None:
    assert [t.text for t in tokenize(typed)] == [t.text for t in tokenize(written)]


# --- functions, big operators ---------------------------------------------------------------------

def _applied(function: Function) -> sympy.Expr:
    return function.apply(POSITIVE, Y) if function.many else function.apply(POSITIVE)  # type: ignore[no-any-return]


@pytest.mark.parametrize("function", FUNCTION_TABLE, ids=lambda f: f.sympy_name)
def test_every_function_prints_its_operator_and_reads_back(function: Function) -> None:
    expr = _applied(function)
    latex = to_latex(expr)
    assert latex.startswith(function.latex) or expr.func is sympy.exp
    assert from_latex(latex, SimpleScope({"x": POSITIVE, "y": Y})) == expr
    args = "x, y" if function.many else "x"
    for spelling in function.spellings:
        assert from_latex(f"\\{spelling}({args})", SimpleScope({"x": POSITIVE, "y": Y})) == expr


#: SymPy's LaTeX operator functions that are not functions of this vocabulary, and why.
_NOT_FUNCTIONS = {
    "sqrt": "a root, read by \\sqrt", "frac": "a fraction, read by \\frac", "root": "a root, read by \\sqrt[n]",
    "re": "the real part: claims are over the reals", "im": "the imaginary part: claims are over the reals",
    "arg": "the argument of a complex number: claims are over the reals",
}


def test_every_operator_function_sympy_prints_is_in_the_vocabulary() -> None:
    assert set(accepted_latex_functions) - set(_NOT_FUNCTIONS) <= set(FUNCTIONS)


@pytest.mark.parametrize("command", sorted(BIG_OPERATORS))
def test_every_big_operator_reads_back(command: str) -> None:
    j = sympy.Symbol("j", integer=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    expr = BIG_OPERATORS[command](j**2 + X, (j, 0, n - 1))
    latex = to_latex(expr)
    assert latex.startswith(command)
    assert from_latex(latex, SimpleScope({"x": X, "n": n})) == expr


def test_the_accents_are_sympys() -> None:
    """SymPy's name modifiers that it prints as an accent command are exactly the vocabulary's."""
    assert set(ACCENTS) == {m for m, f in modifier_dict.items() if f("x") == f"\\{m}{{x}}"}


# --- one vocabulary ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("module", "name", "table"), [
    ("posenc_sym.notation.names", "GREEK", "GREEK"),
    ("posenc_sym.notation.names", "LATEX_GREEK", "LATEX_GREEK"),
    ("posenc_sym.notation.write", "FUNCTION_LATEX", "FUNCTION_LATEX"),
    ("posenc_sym.notation.write", "RELATION_LATEX", "RELATION_LATEX"),
    ("posenc_sym.notation.read", "READ_RELATIONS", "READ_RELATIONS"),
    ("posenc_sym.notation.read_cursor", "READ_RELATIONS", "READ_RELATIONS"),
    ("posenc_sym.notation.read_tokens", "READ_UNICODE", "READ_UNICODE"),
    ("posenc_sym.notation.read_names", "SYMBOL_LETTERS", "SYMBOL_LETTERS"),
    ("posenc_sym.notation.read_commands", "FUNCTIONS", "FUNCTIONS"),
    ("posenc_sym.notation.read_accents", "GREEK", "GREEK"),
    ("posenc_sym.notation.escape", "UNICODE_GREEK", "UNICODE_GREEK"),
    ("posenc_sym.notation.escape", "UNICODE_MATH", "UNICODE_MATH"),
    ("posenc_sym.documents.report", "RELATION_LATEX", "RELATION_LATEX"),
    ("posenc_sym.documents.annotate", "RELATION_LATEX", "RELATION_LATEX"),
    ("posenc_sym.documents.links", "UNDECIDED_RELATIONS", "UNDECIDED_RELATIONS"),
    ("posenc_sym.documents.declarations", "SYMBOL_LETTERS", "SYMBOL_LETTERS"),
    ("posenc_sym.render.inline", "_GREEK", "UNICODE_GREEK"),
    ("posenc_sym.render.markup", "_GREEK", "UNICODE_GREEK"),
])
def test_reader_writer_escaper_and_report_hold_the_vocabularys_objects(module: str, name: str, table: str) -> None:
    assert getattr(importlib.import_module(module), name) is getattr(vocabulary, table)


_PACKAGE = Path(vocabulary.__file__).resolve().parent.parent
#: Modules that still keep a list of LaTeX words of their own, and why they may (none in notation/).
_OWN_LISTS = {
    ("render/inline.py", "greek"): "the safe-math whitelist of text's $...$ segments (names beyond the vocabulary)",
    ("render/inline.py", "relations"): "the safe-math whitelist of text's $...$ segments",
    ("render/inline.py", "functions"): "the safe-math whitelist of text's $...$ segments",
    ("render/layout.py", "functions"): "glyph widths of words, to estimate a formula's width",
    ("render/layout.py", "relations"): "glyph widths of binary operators, to estimate a formula's width",
    ("render/markup.py", "unicode"): "plain-text spellings of symbols in PDF bookmarks, not LaTeX",
}


def _word_lists(root: Path = _PACKAGE) -> set[tuple[str, str]]:
    """(module, kind) for every literal collection under ``root`` outside the vocabulary holding
    three or more words of one kind of the vocabulary: a copy of one of its tables."""
    kinds = {
        "greek": set(GREEK),
        "relations": {s.lstrip("\\") for r in RELATION_TABLE for s in r.spellings if s.startswith("\\")},
        "functions": set(FUNCTIONS),
        "unicode": set(UNICODE_GREEK) | set(vocabulary.UNICODE_MATH),
    }
    found = set()
    for path in sorted(root.rglob("*.py")):
        if path.name == "vocabulary.py" and path.parent.name == "notation":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                elements = [*node.keys, *node.values]
            elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
                elements = list(node.elts)
            else:
                continue
            words = {e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            for kind, table in kinds.items():
                spelled = words if kind == "unicode" else {w.lstrip("\\") for w in words}
                if len(spelled & table) >= 3:
                    found.add((path.relative_to(root).as_posix(), kind))
    return found


def test_no_module_keeps_its_own_copy_of_the_vocabulary() -> None:
    assert _word_lists() == set(_OWN_LISTS)


@pytest.mark.parametrize(("source", "kind"), [
    ('RELATIONS = {"=": "==", "\\\\le": "<=", "\\\\ge": ">=", "\\\\neq": "!="}', "relations"),
    ('LETTERS = ["alpha", "varrho", "Omega"]', "greek"),
    ('OPERATORS = {"sin": 1, "cos": 2, "coth": 3}', "functions"),
    ('ESCAPES = {"α": "alpha", "≤": "le", "ω": "omega"}', "unicode"),
])
def test_the_copy_finder_finds_a_planted_copy(tmp_path: Path, source: str, kind: str) -> None:
    (tmp_path / "planted.py").write_text(source + "\n", encoding="utf-8")
    (tmp_path / "two_words.py").write_text('PAIR = ("alpha", "beta")\n', encoding="utf-8")
    assert _word_lists(tmp_path) == {("planted.py", kind)}
