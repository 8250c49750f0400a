"""Count the Greek letters and variants the writer prints that the reader reads back (issue 18).

For every Greek name the writer prints as a command, four symbols are written with ``to_latex`` and
read with ``from_latex``: the letter alone (``varrho``), subscripted (``varrho_i``), as a subscript
(``x_varrho``) and under an accent (``varrhohat``). A form counts when it reads back as the same
symbol. Run from a checkout (``PYTHONPATH=path/to/checkout`` to count another one):

    python tools/notation_readback.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import sympy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    from posenc_sym.notation.vocabulary import GREEK
except ImportError:  # a checkout from before the vocabulary: the writer's own table
    from posenc_sym.notation.names import GREEK  # type: ignore[attr-defined,no-redef]
from posenc_sym.notation.read import SimpleScope, from_latex
from posenc_sym.notation.write import to_latex

FORMS = {"alone": "{}", "subscripted": "{}_i", "as a subscript": "x_{}", "accented": "{}hat"}


def reads_back(name: str) -> bool:
    symbol = sympy.Symbol(name, real=True)
    scope = SimpleScope({name: symbol, "i": sympy.Symbol("i", real=True), "x": sympy.Symbol("x", real=True)})
    try:
        return bool(from_latex(to_latex(symbol), scope) == symbol)
    except ValueError:
        return False


def main() -> None:
    letters = sorted(GREEK)
    print(f"{len(letters)} Greek letters and variants printed by the writer")
    total = 0
    for form, pattern in FORMS.items():
        ok = [n for n in letters if reads_back(pattern.format(n))]
        total += len(ok)
        missing = ", ".join(sorted(set(letters) - set(ok))) or "none"
        print(f"  {form:<15} {len(ok):>3} of {len(letters)} read back; not: {missing}")
    print(f"  all forms       {total:>3} of {len(letters) * len(FORMS)}")


if __name__ == "__main__":
    main()
