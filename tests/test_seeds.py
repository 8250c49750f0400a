"""The seed derivations (``derivations/seeds/``): structure, sources and quotes.

Fast. Each file must define one derivation per seed document; every claim carries a source
whose quote is short and appears literally in the document (whitespace ignored,
``……`` marks an omission). The verdicts themselves are checked by ``test_seeds_verdicts``
below with the proof engine.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
import sympy

from posenc_sym import Claim, Derivation, decide

from .conftest import load_tool, require_seeds

SEED_DOCUMENTS: tuple[str, ...] = load_tool("seeds_doc").SEED_DOCUMENTS

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "derivations" / "seeds"
FILES = sorted(SEEDS.glob("doc*.py"))
FORM_TAGS = {"form:standard", "form:equivalent", "form:different"}
MAX_QUOTE = 80  # characters: quotes stay short, the project never copies the documents' prose


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_seed_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _derivation(path: Path) -> Derivation:
    derivation = _load(path).DERIVATION
    assert isinstance(derivation, Derivation)
    return derivation


def _claims() -> list[tuple[Path, Claim]]:
    return [(path, claim) for path in FILES for claim in _derivation(path).claims]


def test_one_file_per_document() -> None:
    numbers = [path.name[3:6] for path in FILES]
    assert numbers == [doc[:3] for doc in SEED_DOCUMENTS]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_derivation_names_its_document(path: Path) -> None:
    derivation = _derivation(path)
    number = path.name[3:6]
    document = next(doc for doc in SEED_DOCUMENTS if doc.startswith(number))
    assert derivation.id == f"seeds.doc{number}"
    assert derivation.title.startswith(document)
    assert derivation.prose.strip()
    for claim in derivation.claims:
        assert claim.id.startswith(f"{derivation.id}."), claim.id
        assert claim.source is not None and claim.source.document == document, claim.id


@pytest.mark.parametrize(("path", "claim"), _claims(), ids=lambda v: getattr(v, "id", ""))
def test_claim_is_sourced_and_explained(path: Path, claim: Claim) -> None:
    assert claim.source is not None
    quote = claim.source.quote
    assert quote.strip() and "\n" not in quote and len(quote) <= MAX_QUOTE, quote
    assert claim.source.locator.strip()
    assert claim.prose.strip() and claim.scope.strip() and claim.title.strip()
    assert len(FORM_TAGS.intersection(claim.tags)) <= 1
    # Floats would make a claim unprovable and hide digits; printed decimals are Rationals.
    terms = (claim.lhs, claim.rhs, *(s.expr for s in claim.steps))
    assert not any(term.atoms(sympy.Float) for term in terms), claim.id


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(("path", "claim"), _claims(), ids=lambda v: getattr(v, "id", ""))
def test_quote_is_in_the_document(path: Path, claim: Claim) -> None:
    # The documents (POSENC_SYM_SEEDS_DIR, default ../shared/seeds) are not part of the clone.
    docs_dir = require_seeds()
    assert claim.source is not None
    text = _squeeze((docs_dir / claim.source.document).read_text(encoding="utf-8"))
    for part in claim.source.quote.split("……"):
        assert _squeeze(part) in text, f"{claim.id}: {part!r} is not in {claim.source.document}"


@pytest.mark.parametrize(("path", "claim"), _claims(), ids=lambda v: getattr(v, "id", ""))
def test_seeds_verdicts(path: Path, claim: Claim) -> None:
    """Each seed claim decides exactly as its derivation expects (stricter than verify's 'unexpected')."""
    verdict = decide(claim)
    assert verdict.status == claim.expect, f"{claim.id}: {verdict.status} ({verdict.reason})"
    if verdict.status == "refuted":
        assert verdict.counterexample is not None
