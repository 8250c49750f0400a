"""posenc-sym: a proof-checking companion for the positional encodings of Transformers.

The public API is what ``__all__`` lists; everything else is internal.
"""

from .errors import PosencSymError
from .proof import STATUSES, Claim, Derivation, Source, Status, Step, Verdict, check_identity, decide

__version__ = "0.1.0"

__all__ = [
    "STATUSES",
    "Claim",
    "Derivation",
    "PosencSymError",
    "Source",
    "Status",
    "Step",
    "Verdict",
    "__version__",
    "check_identity",
    "decide",
]
