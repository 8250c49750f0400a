"""The proof engine: claims, derivation steps, verdicts, and how a claim is decided."""

from .claim import Claim, Derivation, Relation, Source, Step
from .engine import check_identity, decide
from .verdict import STATUSES, Status, Verdict

__all__ = [
    "STATUSES", "Claim", "Derivation", "Relation", "Source", "Status", "Step", "Verdict",
    "check_identity", "decide",
]
