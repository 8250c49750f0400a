"""posenc-sym: a proof-checking companion for the positional encodings of Transformers.

The public API is what ``__all__`` lists; everything else is internal.
"""

from .crosscheck import (
    CheckResult,
    check_alibi,
    check_alibi_function,
    check_rope,
    check_rotary_function,
    check_sinusoidal,
)
from .errors import PosencSymError
from .numerics import accurate_sincos, ulp, ulp_error
from .proof import STATUSES, Claim, Derivation, Source, Status, Step, Verdict, check_identity, decide
from .reference import rope_reference, sinusoidal_reference
from .render.jupyter import register as _register_display
from .tables import rope_cache, sinusoidal_table

# Jupyter shows a Claim or a Derivation through _repr_latex_, which the render layer attaches:
# the proof layer below it never imports a renderer (see posenc_sym.render.jupyter.register).
_register_display()

__version__ = "0.1.0"

__all__ = [
    "STATUSES",
    "CheckResult",
    "Claim",
    "Derivation",
    "PosencSymError",
    "Source",
    "Status",
    "Step",
    "Verdict",
    "__version__",
    "accurate_sincos",
    "check_alibi",
    "check_alibi_function",
    "check_identity",
    "check_rope",
    "check_rotary_function",
    "check_sinusoidal",
    "decide",
    "rope_cache",
    "rope_reference",
    "sinusoidal_reference",
    "sinusoidal_table",
    "ulp",
    "ulp_error",
]
