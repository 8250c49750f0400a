"""Runs of letters in a formula: a run is split into declared names only when exactly one split exists (``pos`` is
the symbol pos if declared; ``kt`` is k·t when k and t are declared and kt is not); anything else is
:class:`~.read_tokens.Unreadable`. Letters joined by escaped underscores (``input\\_embedding``) are one name.
"""

from __future__ import annotations

from .read_cursor import Cursor
from .read_guards import not_a_word
from .read_tokens import Token, Unreadable
from .vocabulary import FUNCTIONS, POSITION_WORDS

__all__ = ["split_run", "splits"]


def split_run(p: Cursor, first: Token) -> None:
    """Replace the letters ``first`` starts by the declared names they spell, or raise."""
    start = p.index - 1
    end = p.index
    while end < len(p.tokens) and p.tokens[end].kind == "letter" and not p.tokens[end].space:
        end += 1
    if _joined(p, start, end):
        return
    run = "".join(t.text for t in p.tokens[start:end])
    not_a_word(run, first.pos)
    words = p.scope.words() | frozenset(FUNCTIONS) | frozenset(p.bound) | frozenset(p.closed)
    found = splits(run, words)
    following = p.tokens[end] if end < len(p.tokens) else None
    open_reading = p.scope.undeclared(run) is not None
    if not found and open_reading:
        found = [_open_run(run, words)]
    if not found:
        if run == "e":
            hint = "write \\exp(…) or \\mathrm{e} for Euler's number, or assume e real for a symbol"
        elif following is not None and following.text == "(" and len(run) == 1:
            hint = f"assume {run} real for a product {run}·(…), or let {run}(x) = … for a function"
        elif len(run) == 1:
            hint = f"assume {run} real"
        else:
            hint = f"assume {run} real, or write a product with spaces"
        raise Unreadable(f"'{run}' is not declared; declare it ({hint})", first.pos)
    if len(found) > 1 and [run] in found and (run in FUNCTIONS or run in POSITION_WORDS):
        # cos θ + i sin θ: the function the letters spell, never c·o·s beside names c, o, s; and pos, the position
        # every note on encodings writes, never p·o·s beside an o and an s of the text
        found = [[run]]
    declared = getattr(p.scope, "declared_split", None)
    if len(found) > 1 and [run] in found and declared is not None:
        # qke beside declared q and k: the author's names beat a run only seen (never dim beside conventional d, i, m)
        by_author = [f for f in found if f != [run] and declared(run, f)]
        found = by_author if len(by_author) == 1 else found
    if len(found) > 1:
        readings = " or ".join("·".join(s) for s in found[:2])
        raise Unreadable(f"'{run}' reads as {readings}; separate the names with spaces or declare one", first.pos)
    names = [w for w in found[0] if w not in FUNCTIONS]
    if len(names) > 1 and open_reading:
        shown = " ".join(found[0]) if len(names) < len(found[0]) else "·".join(names)  # r cos A, never r·A
        p.scope.note("juxtaposition", f"read {run} as {shown} (letters side by side multiply)")
    if len(names) > 1 and not open_reading:
        # tk may be the product t·k or a name nobody declared: the reader does not guess.
        spaced = " ".join(found[0])
        raise Unreadable(f"'{run}' is not a declared name; write '{spaced}' for a product, or declare {run}",
                         first.pos)
    tokens: list[Token] = []
    offset = first.pos
    for word in found[0]:
        tokens.append(Token("word", word, offset, first.space and not tokens, first.wide and not tokens))
        offset += len(word)
    p.tokens[start:end] = tokens
    p.index = start


def _joined(p: Cursor, start: int, end: int) -> bool:
    """``input\\_embedding``, ``step{\\_}num``: letters joined by escaped underscores are one name, as
    plain-text notes write a program's variable; the run is replaced by it. False if there is no ``\\_``."""
    texts = [t.text for t in p.tokens]
    parts, at = ["".join(texts[start:end])], end
    while True:
        width = 1 if texts[at:at + 1] == ["\\_"] else 3 if texts[at:at + 3] == ["{", "\\_", "}"] else 0
        if not width or at + width >= len(texts) or p.tokens[at + width].kind != "letter":
            break
        stop = at + width + 1
        while stop < len(p.tokens) and p.tokens[stop].kind == "letter" and not p.tokens[stop].space:
            stop += 1
        parts.append("".join(texts[at + width:stop]))
        at = stop
    if len(parts) == 1:
        return False
    first = p.tokens[start]
    p.tokens[start:at] = [Token("word", "_".join(parts), first.pos, first.space, first.wide)]
    p.index = start
    return True


def _open_run(run: str, words: frozenset[str]) -> list[str]:
    """A run of letters that is not spelled by known names, as a document reads it: split at the
    functions it names when what is left between them is single letters (plain-text ``cosB``,
    ``sinAcosB``), else one name of its own (``dim``, ``lrate``).

    >>> _open_run("cosAcosB", frozenset()), _open_run("dim", frozenset()), _open_run("expx", frozenset())
    (['cos', 'A', 'cos', 'B'], ['dim'], ['exp', 'x'])
    """
    pieces: list[str] = []
    at = 0
    while at < len(run):
        function = max((f for f in FUNCTIONS if run.startswith(f, at)), key=len, default=None)
        if function is not None:
            pieces.append(function)
            at += len(function)
            continue
        if pieces and pieces[-1] not in FUNCTIONS:
            pieces[-1] += run[at]
        else:
            pieces.append(run[at])
        at += 1
    between = [piece for piece in pieces if piece not in FUNCTIONS]
    if len(pieces) == 1 or any(len(piece) > 1 and len(splits(piece, words)) != 1 for piece in between):
        return [run]
    spelled: list[str] = []
    for piece in pieces:
        spelled.extend([piece] if piece in FUNCTIONS or len(piece) == 1 else splits(piece, words)[0])
    return spelled


def splits(run: str, words: frozenset[str]) -> list[list[str]]:
    """Every way (at most two) to spell ``run`` as declared words.

    >>> splits("pos", frozenset({"p", "o", "s", "pos"}))
    [['p', 'o', 's'], ['pos']]
    >>> splits("kt", frozenset({"k", "t"}))
    [['k', 't']]
    """
    found: list[list[str]] = []

    def walk(at: int, sofar: list[str]) -> None:
        if len(found) > 1:
            return
        if at == len(run):
            found.append(sofar)
            return
        for stop in range(at + 1, len(run) + 1):
            if run[at:stop] in words:
                walk(stop, [*sofar, run[at:stop]])

    walk(0, [])
    return found
