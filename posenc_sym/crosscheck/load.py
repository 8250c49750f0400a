"""Turn what a user hands us into validated float arrays, with errors that say what to fix.

Accepted: anything ``numpy.asarray`` accepts (lists, NumPy arrays, torch tensors — bfloat16 ones
are widened to float32 and remembered as bfloat16), the files of :mod:`.files` (``.npy``,
``.npz``, ``.pt``/``.pth``, ``.safetensors``), and ``module:attribute`` import paths naming an
array or a callable that returns one (called with the sizes the user gave).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy

from ..errors import PosencSymError
from ..numerics import FORMATS
from .files import FILE_KINDS, read_file

__all__ = [
    "Declared",
    "as_float_array",
    "cache_halves",
    "declared",
    "load_callable",
    "load_source",
    "load_source_called",
    "narrower_format",
    "require_ndim",
    "squeeze_singletons",
    "torch_to_numpy",
]


def torch_to_numpy(obj: Any) -> tuple[numpy.ndarray, str] | None:
    """A torch tensor's values and its format name; None for anything that is not a tensor."""
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(obj, torch.Tensor):
        return None
    tensor = obj.detach().cpu()
    name = str(tensor.dtype).removeprefix("torch.")
    if name == "bfloat16":  # NumPy has no bfloat16: widen exactly to float32
        return tensor.float().numpy(), "bfloat16"
    return tensor.numpy(), name


@dataclass(frozen=True)
class Declared:
    """Values stored in a wider dtype than the format they were computed in (``dtype=bfloat16``)."""

    values: Any
    format: str


def declared(obj: Any, expect: Mapping[str, Any]) -> Any:
    """``obj`` marked with the format ``expect["dtype"]`` names, if it names one.

    >>> declared([1.0], {"dtype": "bfloat16"}).format
    'bfloat16'
    """
    name = expect.get("dtype")
    if name is None:
        return obj
    if name not in FORMATS:
        raise PosencSymError(f"expected dtype={name!r} is not a format; use float64, float32, float16 or bfloat16")
    return Declared(obj, str(name))


def _narrow(array: numpy.ndarray, name: str, what: str, declared_name: str) -> tuple[numpy.ndarray, str]:
    """Check that ``array`` (stored as ``name``) holds only numbers of the declared format."""
    if FORMATS[declared_name].precision > FORMATS[name].precision:
        raise PosencSymError(
            f"{what} is stored as {name}, which cannot hold {declared_name} values; drop dtype={declared_name}"
        )
    fits = _fits(numpy.asarray(array), declared_name)
    if not fits.all():
        index = tuple(int(i) for i in numpy.argwhere(~fits)[0])
        raise PosencSymError(
            f"{what} holds values that are not {declared_name} numbers (first at index {index}: "
            f"{float(numpy.asarray(array)[index])!r}); drop dtype={declared_name} or pass the {declared_name} data"
        )
    return array, declared_name


def _fits(array: numpy.ndarray, name: str) -> numpy.ndarray:
    """Which elements are exactly numbers of format ``name`` (the rest of the grid test is exact:
    a number is in a format iff rounding it there changes nothing)."""
    x32 = array.astype(numpy.float32)
    in32 = x32.astype(array.dtype) == array
    if name == "float32":
        return in32
    if name == "float16":
        with numpy.errstate(over="ignore"):
            return in32 & (x32.astype(numpy.float16).astype(numpy.float32) == x32)
    if name == "bfloat16":  # bfloat16 is float32 with the low 16 significand bits zero
        return in32 & ((x32.view(numpy.uint32) & numpy.uint32(0xFFFF)) == 0)
    return numpy.ones(array.shape, dtype=bool)


def narrower_format(arrays: list[numpy.ndarray], name: str) -> str | None:
    """The narrowest format, narrower than ``name``, whose numbers are all the values, if any.

    >>> narrower_format([numpy.array([0.1, 0.7], dtype=numpy.float32).astype(numpy.float64)], "float64")
    'float32'
    """
    for candidate in ("bfloat16", "float16", "float32"):
        if FORMATS[candidate].precision < FORMATS[name].precision and all(
            bool(_fits(a, candidate).all()) for a in arrays
        ):
            return candidate
    return None


def as_float_array(obj: Any, what: str, *, masks: bool = False) -> tuple[numpy.ndarray, str]:
    """``obj`` as a float array and the name of its format; a clear error otherwise.

    ``masks`` admits −infinity (an attention mask in a bias); NaN and +infinity are refused always.

    >>> as_float_array([[0.0, 1.0]], "table")[1]
    'float64'
    >>> as_float_array([["a"]], "table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: table has dtype <U1, not numbers; pass a float array (float64, ...)
    >>> as_float_array([[0.0, float("nan")]], "table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: table holds NaN or infinity (first at index (0, 1)); ...
    """
    if isinstance(obj, Declared):
        array, name = as_float_array(obj.values, what, masks=masks)
        return _narrow(array, name, what, obj.format)
    converted = torch_to_numpy(obj)
    if converted is None:
        try:
            array = numpy.asarray(obj)
        except (TypeError, ValueError) as exc:
            raise PosencSymError(f"{what} cannot be read as an array ({exc}); pass a numeric array") from None
        name = str(array.dtype)
    else:
        array, name = converted
    if array.dtype.kind in "iub":
        raise PosencSymError(
            f"{what} has integer dtype {array.dtype}; an encoding holds real values, "
            "so pass the floats the implementation produced"
        )
    if array.dtype.kind != "f" or name not in FORMATS:
        raise PosencSymError(
            f"{what} has dtype {array.dtype}, not numbers; pass a float array (float64, float32, float16 or bfloat16)"
        )
    finite = numpy.isfinite(array)
    if masks:
        finite |= numpy.isneginf(array)
    if not finite.all():
        index = tuple(int(i) for i in numpy.argwhere(~finite)[0])
        raise PosencSymError(
            f"{what} holds NaN or infinity (first at index {index}); an encoding is finite "
            "everywhere, so fix the implementation before checking it"
        )
    return array, name


def require_ndim(array: numpy.ndarray, ndim: int, what: str, axes: str) -> numpy.ndarray:
    """Check the number of axes, naming what each axis should be.

    >>> require_ndim(numpy.zeros(3), 2, "table", "(positions, dims)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: table has shape (3,) (1-D); expected 2-D (positions, dims): ...
    """
    if array.ndim == ndim and all(array.shape):
        return array
    names = axes.strip("()").split(", ")
    meaning = " and ".join(f"axis {i} {'runs over' if i == 0 else 'over'} {n}" for i, n in enumerate(names))
    if array.ndim == ndim:
        raise PosencSymError(
            f"{what} has shape {array.shape}, which is empty; expected a non-empty {ndim}-D {axes} array"
        )
    raise PosencSymError(f"{what} has shape {array.shape} ({array.ndim}-D); expected {ndim}-D {axes}: {meaning}")


def squeeze_singletons(array: numpy.ndarray, ndim: int, what: str, notes: list[str] | None) -> numpy.ndarray:
    """``array`` without its axes of size 1 when that leaves exactly ``ndim`` axes (a (L, 1, D)
    buffer, as PyTorch's tutorial registers ``pe``, or a (1, L, D) one), saying so in ``notes``;
    otherwise ``array`` unchanged (its shape is then refused, with the fix, by :func:`require_ndim`).

    >>> found = []
    >>> squeeze_singletons(numpy.zeros((4, 1, 6)), 2, "the table", found).shape, found
    ((4, 6), ['the table has shape (4, 1, 6): its axis 1 has size 1 and is dropped, read as (4, 6)'])
    """
    if array.ndim <= ndim:
        return array
    single = [i for i, size in enumerate(array.shape) if size == 1]
    if array.ndim - len(single) != ndim:
        return array
    squeezed = array.reshape([size for size in array.shape if size != 1])
    if notes is not None:
        which = f"axis {single[0]} has" if len(single) == 1 else f"axes {single} have"
        notes.append(f"{what} has shape {array.shape}: its {which} size 1 and is dropped, read as {squeezed.shape}")
    return squeezed


def cache_halves(
    cos: Any, sin: Any, axes: str, notes: list[str] | None = None
) -> tuple[numpy.ndarray, numpy.ndarray, str]:
    """The cos and sin halves of one cache as 2-D arrays of one format, and that format's name
    (axes of size 1 dropped, and said in ``notes``: :func:`squeeze_singletons`).

    >>> cache_halves(numpy.ones((2, 4)), numpy.zeros((2, 4), numpy.float32), "(positions, rotary_dim)")
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: cos is float64 (2, 4) but sin is float32 (2, 4); pass the two halves of one cache
    """
    c, c_fmt = as_float_array(cos, "the cos array")
    s, s_fmt = as_float_array(sin, "the sin array")
    c = require_ndim(squeeze_singletons(c, 2, "the cos array", notes), 2, "the cos array", axes)
    s = require_ndim(squeeze_singletons(s, 2, "the sin array", None), 2, "the sin array", axes)
    if c.shape != s.shape or c_fmt != s_fmt:
        raise PosencSymError(f"cos is {c_fmt} {c.shape} but sin is {s_fmt} {s.shape}; pass the two halves of one cache")
    return c, s, c_fmt


@contextmanager
def _current_folder_importable() -> Iterator[None]:
    """The current folder on sys.path while importing, as ``python -m`` has it (the console script
    does not), so ``mymodule:table`` finds ./mymodule.py."""
    here = os.getcwd()
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        yield
    finally:
        if added and here in sys.path:
            sys.path.remove(here)


def _import_object(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise PosencSymError(f"{spec!r} is not module:attribute; write e.g. mypkg.encoding:make_table")
    try:
        with _current_folder_importable():
            obj: Any = importlib.import_module(module_name)
    except Exception as exc:  # any failure while importing user code is that code's problem
        raise PosencSymError(
            f"cannot import module {module_name!r} ({type(exc).__name__}: {exc}); "
            "check the name and that it is on PYTHONPATH"
        ) from None
    for part in attribute.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise PosencSymError(
                f"module {module_name!r} has no attribute {attribute!r}; name an array or a function that returns one"
            ) from None
    return obj


def _call(obj: Any, sizes: Mapping[str, int], spec: str) -> Any:
    """Call with the sizes the callable accepts by name; a bare callable gets them positionally."""
    try:
        params = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        params = None
    try:
        if params is not None and any(p.kind == p.VAR_KEYWORD for p in params.values()):
            return obj(**sizes)
        if params is not None and all(name in params for name in sizes):
            return obj(**sizes)
        return obj(*sizes.values())
    except Exception as exc:  # the user's code raised: report it in one line
        raise PosencSymError(f"calling {spec} with {dict(sizes)} failed ({type(exc).__name__}: {exc})") from None


def load_source(source: str, sizes: Mapping[str, int]) -> Any:
    """A file's arrays (a dict for .npz) or what ``module:attribute`` yields.

    ``sizes`` (e.g. {"positions": 128, "dim": 64}) are passed to a callable; an attribute that is
    not callable is used as it is.
    """
    return load_source_called(source, sizes)[0]


def load_source_called(source: str, sizes: Mapping[str, int],
                       example: str = "--positions 128 --dim 64") -> tuple[Any, bool]:
    """:func:`load_source`, and whether ``sizes`` were used (a callable was called with them);
    ``example`` shows the sizes to give a callable called without any."""
    path = Path(source)
    if source.endswith(tuple(FILE_KINDS)) or path.exists():
        return read_file(path), False
    if ":" not in source:
        raise PosencSymError(
            f"{source!r} is neither an existing file nor module:attribute; "
            f"pass a file ({', '.join(FILE_KINDS)}) or e.g. mypkg.encoding:make_table"
        )
    obj = _import_object(source)
    if callable(obj) and torch_to_numpy(obj) is None and not hasattr(obj, "__array__"):
        if not sizes:
            raise PosencSymError(f"{source} is callable; give the sizes to call it with, e.g. {example}")
        return _call(obj, sizes, source), True
    return obj, False


def load_callable(source: str) -> Any:
    """The function ``module:attribute`` names, not called (``check --function`` drives it).

    >>> load_callable("math:floor")(2.5)
    2
    >>> load_callable("math:pi")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    posenc_sym.errors.PosencSymError: math:pi is a float, not a function; --function checks a callable ...
    """
    if ":" not in source:
        raise PosencSymError(f"{source!r} is not module:attribute; --function needs e.g. mypkg.rotary:apply_rope")
    obj = _import_object(source)
    if not callable(obj) or torch_to_numpy(obj) is not None:
        raise PosencSymError(
            f"{source} is a {type(obj).__name__}, not a function; --function checks a callable "
            "(drop --function to check an array)"
        )
    return obj
