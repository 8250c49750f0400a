"""posenc-sym: a proof-checking companion for the positional encodings of Transformers.

The public API is what ``__all__`` lists; everything else is internal. Each public name is
imported when it is first used (PEP 562), so ``posenc-sym verify`` does not pay for NumPy-heavy
cross-checks, and ``import posenc_sym`` stays cheap.

>>> import posenc_sym
>>> posenc_sym.ulp(1.0, "float32") == 2.0 ** -23
True
"""

import typing as _typing

from .errors import PosencSymError
from .version import VERSION as _VERSION

if _typing.TYPE_CHECKING:
    from .crosscheck import (
        CheckResult,
        check_alibi,
        check_alibi_function,
        check_rope,
        check_rotary_function,
        check_sinusoidal,
    )
    from .numerics import accurate_sincos, ulp, ulp_error
    from .proof import STATUSES, Claim, Derivation, Source, Status, Step, Verdict, check_identity, decide
    from .reference import rope_reference, sinusoidal_reference
    from .tables import rope_cache, sinusoidal_table

__version__ = _VERSION

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


def _crosscheck() -> dict[str, _typing.Any]:
    from . import crosscheck

    names = ("CheckResult", "check_alibi", "check_alibi_function", "check_rope", "check_rotary_function",
             "check_sinusoidal")
    return {n: getattr(crosscheck, n) for n in names}


def _numerics() -> dict[str, _typing.Any]:
    from . import numerics

    return {n: getattr(numerics, n) for n in ("accurate_sincos", "ulp", "ulp_error")}


def _claim_repr_latex(claim: _typing.Any) -> str:
    from .render.jupyter import claim_repr_latex

    return claim_repr_latex(claim)


def _derivation_repr_latex(derivation: _typing.Any) -> str:
    from .render.jupyter import derivation_repr_latex

    return derivation_repr_latex(derivation)


def _proof() -> dict[str, _typing.Any]:
    from . import proof

    # Jupyter shows a Claim or a Derivation through _repr_latex_, which the render layer writes:
    # the proof layer below it never imports a renderer, and the renderer is imported only when a
    # notebook first shows one (posenc_sym.render.jupyter.register attaches it eagerly instead).
    setattr(proof.Claim, "_repr_latex_", _claim_repr_latex)  # noqa: B010
    setattr(proof.Derivation, "_repr_latex_", _derivation_repr_latex)  # noqa: B010
    names = ("STATUSES", "Claim", "Derivation", "Source", "Status", "Step", "Verdict", "check_identity", "decide")
    return {n: getattr(proof, n) for n in names}


def _reference() -> dict[str, _typing.Any]:
    from . import reference

    return {n: getattr(reference, n) for n in ("rope_reference", "sinusoidal_reference")}


def _tables() -> dict[str, _typing.Any]:
    from . import tables

    return {n: getattr(tables, n) for n in ("rope_cache", "sinusoidal_table")}


_WHERE = {
    "CheckResult": _crosscheck, "check_alibi": _crosscheck, "check_alibi_function": _crosscheck,
    "check_rope": _crosscheck, "check_rotary_function": _crosscheck, "check_sinusoidal": _crosscheck,
    "accurate_sincos": _numerics, "ulp": _numerics, "ulp_error": _numerics,
    "STATUSES": _proof, "Claim": _proof, "Derivation": _proof, "Source": _proof, "Status": _proof,
    "Step": _proof, "Verdict": _proof, "check_identity": _proof, "decide": _proof,
    "rope_reference": _reference, "sinusoidal_reference": _reference,
    "rope_cache": _tables, "sinusoidal_table": _tables,
}


def __getattr__(name: str) -> _typing.Any:
    loader = _WHERE.get(name)
    if loader is None:
        raise AttributeError(f"module 'posenc_sym' has no attribute {name!r}")
    found = loader()
    globals().update(found)  # later lookups find the name directly
    return found[name]


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
