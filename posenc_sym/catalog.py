"""The catalogue: find derivation files, load them, and say plainly what could not be loaded.

A derivation file is a Python file that defines a module-level ``DERIVATION`` (a
:class:`~posenc_sym.proof.claim.Derivation`). :func:`load_catalog` reads each file's source first
(``ast``): a file in a folder that never assigns ``DERIVATION`` is not imported at all (its
top-level code does not run) and is listed as skipped. It imports each derivation file by its
path (under a unique module name, without touching ``sys.path`` and without reading or writing
cached bytecode, so an edited file is always what runs), within a time and a memory budget, with
what it prints sent to stderr, and collects every problem it meets as a :class:`Problem` whose
message says the fix; the other files still load.

Loading renders nothing. Whether a claim's two sides would display identically (``r = r`` on a
page: the claim was evaluated away when it was built) is a question for whatever writes a page:
:func:`without_same_sides` asks it, and the notes writer calls it before deciding anything.

>>> catalog = load_catalog()            # no paths: the built-in derivations
>>> isinstance(catalog, Catalog), all(isinstance(c, Claim) for c, _ in catalog.claims)
(True, True)
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import hashlib
import re
import sys
import traceback
import types
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import PosencSymError
from .notation.write import renders_alike, to_latex
from .proof.budget import OutOfTime, memory_limit, time_limit
from .proof.claim import Claim, Derivation

__all__ = ["Catalog", "LoadedDerivation", "Problem", "builtin_root", "load_catalog", "same_sides", "without_same_sides"]

#: How built-in files are named in reports, wherever the package is installed.
BUILTIN_PREFIX = "derivations"

_MODULE_PREFIX = "posenc_sym._loaded"

#: The most one derivation file may take to import (its module-level code, building its claims):
#: the built-in ones take a fraction of a second; an endless loop must not hold up the run.
IMPORT_SECONDS = 60.0
#: The most memory one file's import may add to the process.
IMPORT_BYTES = 2 * 2**30


@dataclass(frozen=True)
class Problem:
    """Something that kept a file or a claim from being decided.

    ``file`` is the file (or path) as reports name it, ``claim`` the claim id or ``""``, and
    ``message`` one line that says what is wrong and how to fix it. ``internal`` marks a bug of
    posenc-sym met on the way (the proof engine failing), as opposed to bad input.

    >>> str(Problem("derivations/x.py", "", "path does not exist; pass ..."))
    'derivations/x.py: path does not exist; pass ...'
    >>> str(Problem("derivations/x.py", "demo.id", "symbol 'x' has no assumptions"))
    "derivations/x.py: claim 'demo.id': symbol 'x' has no assumptions"
    >>> str(Problem("derivations/x.py", "demo.id", "claim 'demo.id': symbol 'x' has no assumptions"))
    "derivations/x.py: claim 'demo.id': symbol 'x' has no assumptions"
    """

    file: str
    claim: str
    message: str
    internal: bool = False

    def __post_init__(self) -> None:
        # One line, always: the CLI prints one line per problem.
        object.__setattr__(self, "message", " ".join(self.message.split()))

    def __str__(self) -> str:
        where = [self.file] if self.file else []
        if self.claim and repr(self.claim) not in self.message:  # the engine's messages name the claim
            where.append(f"claim {self.claim!r}")
        return ": ".join([*where, self.message])


@dataclass(frozen=True)
class LoadedDerivation:
    """A derivation and the file it came from (``file`` as reports name it, ``path`` on disk)."""

    derivation: Derivation
    file: str
    path: Path | None = None


@dataclass(frozen=True)
class Catalog:
    """The loaded derivations, in file order, and the problems met while loading them."""

    derivations: tuple[LoadedDerivation, ...]
    problems: tuple[Problem, ...] = ()
    skipped: tuple[str, ...] = ()  # files in a folder that assign no DERIVATION: never imported

    @property
    def claims(self) -> tuple[tuple[Claim, LoadedDerivation], ...]:
        """Every claim with the derivation that holds it, in catalogue order."""
        return tuple((claim, loaded) for loaded in self.derivations for claim in loaded.derivation.claims)


def builtin_root() -> Path:
    """The folder of built-in derivations.

    Inside an installed wheel they ship as ``posenc_sym/_derivations``; in a source checkout
    (or an editable install) they are the top-level ``derivations/`` next to the package.

    >>> builtin_root().name in ("_derivations", "derivations")
    True
    """
    package = Path(__file__).resolve().parent
    shipped = package / "_derivations"
    if shipped.is_dir():
        return shipped
    return package.parent / BUILTIN_PREFIX


def load_catalog(paths: Iterable[str | Path] = ()) -> Catalog:
    """Load every derivation file under ``paths`` (files or folders); no paths: the built-in ones.

    Folders are searched recursively in sorted order; files named ``_*.py`` (helpers) and
    ``__init__.py`` are skipped, and so (listed in ``skipped``) are files whose source assigns no
    module-level ``DERIVATION``. A claim id defined twice is kept where it first appears.
    """
    paths = list(paths)
    if paths:
        found = [_files_under(Path(p), str(p)) for p in paths]
    else:
        found = [_files_under(builtin_root(), BUILTIN_PREFIX, builtin=True)]
    loaded: list[LoadedDerivation] = []
    problems: list[Problem] = []
    skipped: list[str] = []
    for files, path_problems, path_skipped in found:
        problems.extend(path_problems)
        skipped.extend(path_skipped)
        for path, name in files:
            result = _load_file(path, name)
            if isinstance(result, Problem):
                problems.append(result)
            else:
                loaded.append(result)
    unique, duplicates = _drop_duplicate_claims(loaded)
    return Catalog(tuple(unique), tuple(problems + duplicates), tuple(skipped))


_Found = tuple[list[tuple[Path, str]], list[Problem], list[str]]


def _files_under(path: Path, shown: str, builtin: bool = False) -> _Found:
    """The derivation files under ``path``, each with the name reports give it; the problems met;
    the files of a folder skipped because they assign no DERIVATION."""
    if not path.exists():
        if builtin:
            fix = "reinstall posenc-sym, or run from a checkout that has derivations/"
            return [], [Problem(shown, "", f"the built-in derivations are missing ({path}); {fix}")], []
        fix = "pass an existing derivation file (.py) or a folder of them"
        return [], [Problem(shown, "", f"path does not exist; {fix}")], []
    if path.is_file():
        if path.suffix != ".py":
            fix = "pass a derivation file (.py) or a folder of them"
            return [], [Problem(shown, "", f"is not a Python file; {fix}")], []
        return [(path, shown)], [], []
    candidates = sorted(
        (p for p in path.rglob("*.py") if _is_derivation_file(p.relative_to(path))),
        key=lambda p: p.relative_to(path).as_posix(),
    )
    files: list[tuple[Path, str]] = []
    skipped: list[str] = []
    for candidate in candidates:
        name = (Path(shown) / candidate.relative_to(path)).as_posix()
        # A file that cannot be read or parsed may be a derivation file: loading it reports why.
        if _assigns_derivation(candidate) is False:
            skipped.append(name)
        else:
            files.append((candidate, name))
    if not files:
        fix = "derivation files are *.py files (not _*.py) that define DERIVATION = Derivation(...)"
        none = f" ({len(skipped)} .py files assign none)" if skipped else ""
        return [], [Problem(shown, "", f"folder holds no derivation files{none}; {fix}")], skipped
    return files, [], skipped


def _assigns_derivation(path: Path) -> bool | None:
    """Whether the file's module-level code assigns ``DERIVATION`` (read, not run); None when the
    file cannot be read or parsed.

    Module level includes ``if``/``try``/``with``/``for`` blocks, not function or class bodies.
    """
    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except (OSError, SyntaxError, ValueError):
        return None
    return _binds_derivation(tree.body)


def _binds_derivation(body: list[ast.stmt]) -> bool:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom) and any(
                (alias.asname or alias.name) == "DERIVATION" for alias in node.names):
            return True
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        if any(isinstance(n, ast.Name) and n.id == "DERIVATION" for t in targets for n in ast.walk(t)):
            return True
        if any(isinstance(n, ast.NamedExpr) and n.target.id == "DERIVATION" for n in ast.walk(node)):
            return True
        inner = [getattr(node, name, []) for name in ("body", "orelse", "finalbody")]
        inner += [handler.body for handler in getattr(node, "handlers", [])]
        if any(_binds_derivation(block) for block in inner if isinstance(block, list)):
            return True
    return False


def _is_derivation_file(relative: Path) -> bool:
    if any(part.startswith((".", "__")) for part in relative.parts[:-1]):
        return False  # hidden folders, __pycache__
    return not relative.name.startswith("_")


def _module_name(path: Path) -> str:
    """A module name unique to the file's absolute path, so two ``rope.py`` never collide."""
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    stem = re.sub(r"\W", "_", path.stem)
    return f"{_MODULE_PREFIX}.{stem}_{digest}"


def _load_file(path: Path, shown: str) -> LoadedDerivation | Problem:
    """Import one file by path and take its DERIVATION, or say why not (a file whose source does
    not assign DERIVATION is not imported)."""
    if _assigns_derivation(path) is False:
        return _no_derivation(shown)
    try:
        # What the file prints is not the report: stdout carries the report (or the JSON) alone.
        with contextlib.redirect_stdout(sys.stderr), memory_limit(IMPORT_BYTES), \
                time_limit(IMPORT_SECONDS, hard=True):
            module = _import_path(path)
    except OutOfTime as exc:
        line = _line_in(exc, path)
        at = f" (it was at line {line})" if line else ""
        return Problem(shown, "", f"did not finish importing in {IMPORT_SECONDS:g} s{at}; a derivation file "
                       "only builds its claims: move long computations out of module level")
    except MemoryError as exc:
        line = _line_in(exc, path)
        at = f" at line {line}" if line else ""
        return Problem(shown, "", f"ran out of memory while importing{at} (more than {IMPORT_BYTES / 2**30:g} GiB); "
                       "a derivation file only builds its claims: build smaller numbers")
    except SyntaxError as exc:
        return Problem(shown, "", f"SyntaxError at line {exc.lineno}: {exc.msg}; fix the syntax of this file")
    except (Exception, SystemExit) as exc:  # any failure of the file's own code is reported, not raised
        line = _line_in(exc, path)
        at = f" at line {line}" if line else ""
        # A PosencSymError already says the fix; anything else gets the generic one.
        fix = "" if isinstance(exc, PosencSymError) else "; fix this file so that it imports"
        return Problem(shown, "", f"failed to import: {type(exc).__name__}{at}: {exc}{fix}")
    derivation = getattr(module, "DERIVATION", None)
    if derivation is None:
        return _no_derivation(shown)
    if not isinstance(derivation, Derivation):
        return Problem(
            shown, "",
            f"DERIVATION is a {type(derivation).__name__}, not a posenc_sym.Derivation; "
            "set DERIVATION = Derivation(id, title, claims)",
        )
    return LoadedDerivation(derivation, shown, path.resolve())


def _no_derivation(shown: str) -> Problem:
    return Problem(shown, "", "defines no DERIVATION; add a module-level DERIVATION = Derivation(...), "
                   "or name the file _*.py if it is a helper")


def _import_path(path: Path) -> types.ModuleType:
    """Execute a file as a fresh module; compiled from source every time (no ``__pycache__``)."""
    source = path.read_bytes()
    code = compile(source, str(path), "exec", dont_inherit=True)
    name = _module_name(path)
    module = types.ModuleType(name)
    module.__file__ = str(path)
    # Registered while it runs so dataclasses and typing can find the module by name.
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules.pop(name, None)
    return module


def _line_in(exc: BaseException, path: Path) -> int | None:
    """The last line of ``path`` the traceback passed through (where the file went wrong)."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if Path(frame.filename) == path:
            line = frame.lineno
    return line


def _drop_duplicate_claims(loaded: list[LoadedDerivation]) -> tuple[list[LoadedDerivation], list[Problem]]:
    """Keep each claim id where it first appears; report every later definition."""
    first_file: dict[str, str] = {}
    problems: list[Problem] = []
    out: list[LoadedDerivation] = []
    for item in loaded:
        kept = []
        for claim in item.derivation.claims:
            if claim.id in first_file:
                problems.append(Problem(
                    item.file, claim.id,
                    f"claim id is already defined in {first_file[claim.id]}; give one of them another id",
                ))
                continue
            first_file[claim.id] = item.file
            kept.append(claim)
        if len(kept) != len(item.derivation.claims):
            trimmed = dataclasses.replace(item.derivation, claims=tuple(kept))
            item = dataclasses.replace(item, derivation=trimmed)
        out.append(item)
    return out, problems


def same_sides(claim: Claim) -> str | None:
    """Why ``claim`` may not be shown, if its two sides display identically; None if they differ.

    A page that shows ``r = r`` has lost what was claimed (SymPy evaluated it away when the claim
    was built): the author's written form must be kept, or the sameness marked as intended.
    """
    if claim.same_sides_ok:
        return None
    left, right = claim.display_sides
    as_is = claim.written is None  # a written form is shown as written, without shorthands
    if not renders_alike(left, right, claim.notation, shorthands=as_is):
        return None
    shown = to_latex(left, claim.notation, shorthands=as_is)
    short = shown if len(shown) <= 60 else shown[:57] + "..."
    return (f"both sides display as {short}; keep the form its author wrote (written=(lhs, rhs), see "
            "docs/writing-derivations.md) or give same_sides_ok='why the sides are meant to look alike'")


def without_same_sides(catalog: Catalog) -> Catalog:
    """``catalog`` without the claims whose two sides display identically, each reported as a problem.

    For every writer of pages (the notes): it renders both sides of every claim, which costs
    more than loading them, so :func:`load_catalog` leaves it to them.

    >>> c = without_same_sides(Catalog(()))
    >>> c.derivations, c.problems
    ((), ())
    """
    problems: list[Problem] = []
    out: list[LoadedDerivation] = []
    for item in catalog.derivations:
        kept = []
        for claim in item.derivation.claims:
            why = same_sides(claim)
            if why is None:
                kept.append(claim)
            else:
                problems.append(Problem(item.file, claim.id, why))
        if len(kept) != len(item.derivation.claims):
            item = dataclasses.replace(item, derivation=dataclasses.replace(item.derivation, claims=tuple(kept)))
        out.append(item)
    return Catalog(tuple(out), catalog.problems + tuple(problems))
