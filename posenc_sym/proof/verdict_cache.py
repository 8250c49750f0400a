"""A persistent cache of certain verdicts: a claim decided once is not decided again unchanged.

Only a verdict that does not depend on the machine is kept: ``proven`` (a symbolic proof) and
``refuted`` (an exact counterexample), and only when every step of a chain is one of the two.
``checked`` and ``unknown`` depend on time limits and on how many points were reached, so they
are decided afresh every run.

A verdict is found again only for the same statement decided by the same engine: the key is a
SHA-256 over

- the claim as SymPy spells it (``srepr`` of both sides, the relation, the conditions and every
  step: the symbols' assumptions are part of that spelling), and the source file of every class
  in it that SymPy does not define (a user's own ``Function`` subclass), since ``srepr`` names such
  a class without its definition;
- the engine: the source of every module of posenc_sym, and the versions of SymPy, mpmath and
  Python;
- the options of the decision (precision, probe, time limit).

A claim the key cannot describe (a class whose source cannot be read) is not cached. The cache
lives in ``$POSENC_SYM_CACHE_DIR`` (default ``$XDG_CACHE_HOME/posenc-sym``, else
``~/.cache/posenc-sym``), one file a verdict, written atomically; it is read only from a folder
the user owns. An empty ``POSENC_SYM_CACHE_DIR`` turns it off; so does ``verify --no-cache``.

>>> import sympy, tempfile
>>> from .claim import Claim
>>> from .verdict import Verdict
>>> x = sympy.Symbol("x", real=True)
>>> claim = Claim("demo.sq", "x^2 >= 0", x**2, 0, relation=">=")
>>> with tempfile.TemporaryDirectory() as tmp:
...     cache = VerdictCache(Path(tmp))
...     cache.get(claim) is None, cache.put(claim, Verdict("proven", method="demo")), cache.get(claim).method
(True, True, 'demo')
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import inspect
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import mpmath
import sympy

from .claim import Claim
from .verdict import Verdict

__all__ = ["CACHE_ENV", "VerdictCache", "cacheable", "claim_key", "default_cache", "engine_fingerprint"]

#: The environment variable naming the cache folder; set to the empty string to turn it off.
CACHE_ENV = "POSENC_SYM_CACHE_DIR"

_PACKAGE = Path(__file__).resolve().parents[1]
_CERTAIN = ("proven", "refuted")


@functools.cache
def engine_fingerprint() -> str:
    """SHA-256 of every posenc_sym source file and of the SymPy, mpmath and Python versions."""
    digest = hashlib.sha256()
    for part in (sympy.__version__, mpmath.__version__, sys.version):
        digest.update(part.encode() + b"\0")
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _foreign_sources(terms: Iterable[sympy.Basic]) -> list[str] | None:
    """The digests of the source files of classes in ``terms`` that SymPy does not define.

    None when one cannot be read: such a claim is not cached.
    """
    found: set[str] = set()
    for term in terms:
        for node in sympy.preorder_traversal(term):
            cls = type(node)
            module = cls.__module__ or ""
            if module.startswith(("sympy.", "builtins")) or module == "sympy":
                continue
            try:
                source = inspect.getsourcefile(cls)
            except TypeError:
                source = None
            if source is None or not os.path.exists(source):
                return None
            found.add(hashlib.sha256(Path(source).read_bytes()).hexdigest())
    return sorted(found)


def claim_key(claim: Claim, options: str = "") -> str | None:
    """The cache key of ``claim`` decided with ``options`` by this engine, or None if it has none.

    >>> x = sympy.Symbol("x", real=True)
    >>> a = claim_key(Claim("a", "t", x**2, 0, relation=">="))
    >>> a == claim_key(Claim("b", "another title", x**2, 0, relation=">="))  # ids and titles do not count
    True
    >>> a == claim_key(Claim("a", "t", x**2, 0, relation=">"))
    False
    >>> a == claim_key(Claim("a", "t", x**2, 0, relation=">="), "dps=30")
    False
    >>> y = sympy.Symbol("x", positive=True)  # the same name, other assumptions
    >>> a == claim_key(Claim("a", "t", y**2, 0, relation=">="))
    False
    """
    terms = [claim.lhs, claim.rhs, *claim.conditions, *(s.expr for s in claim.steps)]
    foreign = _foreign_sources(terms)
    if foreign is None:
        return None
    parts = [engine_fingerprint(), options, claim.relation, sympy.srepr(claim.lhs), sympy.srepr(claim.rhs),
             *(sympy.srepr(c) for c in claim.conditions),
             *(f"{s.relation} {sympy.srepr(s.expr)}" for s in claim.steps), *foreign]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def cacheable(verdict: Verdict) -> bool:
    """True for a verdict that does not depend on the machine: proven or refuted, every step too.

    >>> cacheable(Verdict("proven")), cacheable(Verdict("checked", points_checked=24))
    (True, False)
    >>> cacheable(Verdict("refuted", counterexample={}, links=(Verdict("unknown"),)))
    False
    """
    return verdict.status in _CERTAIN and all(cacheable(link) for link in verdict.links)


class VerdictCache:
    """Verdicts on disk under ``directory``: one pickle a claim key, in a folder per engine."""

    def __init__(self, directory: Path, options: str = "") -> None:
        self.directory = directory
        self.options = options

    def _path(self, key: str) -> Path:
        return self.directory / "verdicts" / engine_fingerprint()[:16] / key[:2] / f"{key}.pickle"

    def get(self, claim: Claim) -> Verdict | None:
        """The cached verdict of ``claim``, or None (not cached, unreadable, or not the user's folder)."""
        key = claim_key(claim, self.options)
        if key is None or not _owned(self.directory):
            return None
        try:
            verdict = pickle.loads(self._path(key).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
            return None
        return verdict if isinstance(verdict, Verdict) and cacheable(verdict) else None

    def put(self, claim: Claim, verdict: Verdict) -> bool:
        """Keep ``verdict`` if it is :func:`cacheable`; True when it was written."""
        key = claim_key(claim, self.options) if cacheable(verdict) else None
        if key is None:
            return False
        path = self._path(key)
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _owned(self.directory):
                return False
            with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".tmp") as out:
                out.write(pickle.dumps(verdict))
            os.replace(out.name, path)  # atomic: a reader sees the old file or the whole new one
        except OSError:
            with contextlib.suppress(OSError, UnboundLocalError):
                os.unlink(out.name)
            return False
        return True


def _owned(directory: Path) -> bool:
    """True if ``directory`` exists and belongs to this user (pickles are read only from there)."""
    try:
        return directory.stat().st_uid == os.getuid()
    except (OSError, AttributeError):
        return False


def default_cache(options: str = "") -> VerdictCache | None:
    """The cache ``$POSENC_SYM_CACHE_DIR`` names (the user's cache folder if unset); None when off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return VerdictCache(Path(chosen), options) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return VerdictCache(Path(base) / "posenc-sym", options)
