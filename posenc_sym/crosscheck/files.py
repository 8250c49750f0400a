"""Arrays from files: ``.npy`` and ``.npz`` (NumPy), ``.pt``/``.pth`` (torch), ``.safetensors``.

NumPy files are read with ``allow_pickle=False``; a header that declares more bytes than the file
holds (a truncated file, or a header claiming shape (10¹², 64)), or more than the memory
available, is refused before anything is allocated. Torch files are read with
``torch.load(weights_only=True)``, so no pickled code runs; torch and safetensors are optional
(``pip install torch``, ``pip install 'posenc-sym[safetensors]'``) and a file that needs one that
is missing says so. A file gives one array, a tuple of them, or a dict of them by name.

>>> read_file(Path("table.csv"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
posenc_sym.errors.PosencSymError: table.csv does not exist; pass a file (.npy, .npz, .pt, .pth, .safetensors) ...
"""

from __future__ import annotations

import importlib.util
import math
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import numpy

from ..errors import PosencSymError
from ..sizes import available_bytes

__all__ = ["FILE_KINDS", "read_file"]

#: The files a source may be, and what writes each.
FILE_KINDS = {
    ".npy": "numpy.save", ".npz": "numpy.savez", ".pt": "torch.save", ".pth": "torch.save",
    ".safetensors": "safetensors' save_file",
}


def read_file(path: Path) -> Any:
    """The array (or arrays, by name) of a file; its size is checked against what it holds and
    against the memory available before anything is allocated."""
    kinds = ", ".join(FILE_KINDS)
    if not path.exists():
        raise PosencSymError(f"{path} does not exist; pass a file ({kinds}) or a module:attribute path")
    if path.suffix not in FILE_KINDS:
        raise PosencSymError(f"{path} is not one of {kinds}; save the array with numpy.save "
                             "(or torch.save, or safetensors)")
    if path.is_dir():
        raise PosencSymError(f"{path} is a folder; pass the file that holds the array")
    if path.suffix in (".pt", ".pth"):
        return _load_torch(path)
    if path.suffix == ".safetensors":
        return _load_safetensors(path)
    _require_magic(path)
    _require_npy_sizes(path)
    try:
        loaded = numpy.load(path, allow_pickle=False)
    except ValueError as exc:
        if "pickle" in str(exc).lower():
            raise PosencSymError(
                f"{path} holds pickled objects, which are refused (loading them can run "
                "code); save a plain numeric array with numpy.save"
            ) from None
        raise PosencSymError(f"{path} cannot be read as a NumPy file ({exc})") from None
    except (OSError, EOFError, zipfile.BadZipFile) as exc:
        raise PosencSymError(f"{path} cannot be read as a NumPy file ({exc})") from None
    if isinstance(loaded, numpy.lib.npyio.NpzFile):
        with loaded:
            try:
                return {name: loaded[name] for name in loaded.files}
            except ValueError:
                raise PosencSymError(
                    f"{path} holds pickled objects, which are refused (loading them can "
                    "run code); save plain numeric arrays with numpy.savez"
                ) from None
    return loaded


def _npy_header(handle: IO[bytes]) -> tuple[tuple[int, ...], numpy.dtype] | None:
    """The shape and dtype an .npy stream's header declares (None if it cannot be read: NumPy's
    loader then says why)."""
    try:
        version = numpy.lib.format.read_magic(handle)
        reader = numpy.lib.format.read_array_header_1_0 if version == (1, 0) else \
            numpy.lib.format.read_array_header_2_0
        shape, _fortran, dtype = reader(handle, max_header_size=2**20)
    except (ValueError, OSError, EOFError, SyntaxError):
        return None
    return tuple(int(n) for n in shape), dtype


def _require_npy_sizes(path: Path) -> None:
    """An array is read only if the file holds the bytes its header declares, and they fit in memory.

    A header may claim any shape: (10¹², 64) would have NumPy allocate half a petabyte first."""
    needed = 0
    if path.suffix == ".npy":
        with path.open("rb") as handle:
            header = _npy_header(handle)
            if header is not None:
                needed += _declared_bytes(path, header, path.stat().st_size - handle.tell())
    else:
        try:
            with zipfile.ZipFile(path) as archive:
                for info in archive.infolist():
                    with archive.open(info) as handle:
                        header = _npy_header(handle)
                        if header is not None:
                            needed += _declared_bytes(path, header, info.file_size - handle.tell(),
                                                      info.filename.removesuffix(".npy"))
        except (zipfile.BadZipFile, OSError, EOFError) as exc:
            raise PosencSymError(f"{path} cannot be read as a NumPy file ({exc})") from None
    _require_memory(path, needed)


def _declared_bytes(path: Path, header: tuple[tuple[int, ...], numpy.dtype], held: int, name: str = "") -> int:
    shape, dtype = header
    needed = math.prod(shape) * dtype.itemsize
    if needed > held and not dtype.hasobject:
        what = f"its array {name!r}" if name else "its header"
        raise PosencSymError(
            f"{path}: {what} declares shape {shape} of {dtype} ({needed:,} bytes), but the file holds only "
            f"{max(held, 0):,} bytes of data; the file is truncated or its header is wrong: save the array again"
        )
    return needed


def _require_memory(path: Path, needed: int) -> None:
    available = available_bytes()
    if needed > available:
        raise PosencSymError(
            f"{path} holds {needed:,} bytes of arrays ({needed / 2**30:.3g} GiB), more than the memory available "
            f"({available / 2**30:.3g} GiB); check a part of it (e.g. its first 4096 positions)"
        )


def _missing(module: str, install: str, path: Path) -> PosencSymError:
    return PosencSymError(f"{path}: reading a {path.suffix} file needs {module}, which is not installed; "
                          f"{install}, or save the arrays with numpy.save")


def _load_torch(path: Path) -> Any:
    """A tensor, a dict of tensors (a state dict) or a tuple of tensors saved with torch.save, read
    with ``weights_only=True``: no pickled code runs."""
    try:
        import torch
    except ImportError:
        raise _missing("torch", "pip install torch", path) from None
    try:
        obj = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises many kinds (UnpicklingError, RuntimeError, ...)
        if type(exc).__name__ == "UnpicklingError":  # torch's own advice (weights_only=False) would run the code
            raise PosencSymError(f"{path} holds pickled objects other than tensors, which are refused (loading them "
                                 "can run code); save tensors, a dict of tensors or a tuple of them with "
                                 "torch.save") from None
        first = " ".join(str(exc).split())[:200]
        raise PosencSymError(f"{path} cannot be read with torch.load(weights_only=True) ({type(exc).__name__}: "
                             f"{first}); save tensors, a dict of tensors or a tuple of them with torch.save") from None
    if isinstance(obj, Mapping):
        tensors = {str(k): v for k, v in obj.items() if isinstance(v, torch.Tensor)}
        if not tensors:
            raise PosencSymError(f"{path} holds a dict with no tensors (keys {sorted(map(str, obj))[:8]}); "
                                 "save the tensors themselves")
        return tensors
    if isinstance(obj, torch.Tensor) or (isinstance(obj, tuple | list) and all(
            isinstance(v, torch.Tensor) for v in obj)):
        return tuple(obj) if isinstance(obj, list) else obj
    raise PosencSymError(f"{path} holds a {type(obj).__name__}, not tensors; save a tensor, a dict of tensors "
                         "or a tuple of them with torch.save")


def _load_safetensors(path: Path) -> dict[str, Any]:
    """The tensors of a .safetensors file by name; bfloat16 ones need torch (NumPy has no bfloat16)."""
    try:
        from safetensors import safe_open
    except ImportError:
        raise _missing("safetensors", "pip install 'posenc-sym[safetensors]'", path) from None
    framework = "pt" if importlib.util.find_spec("torch") is not None else "numpy"
    try:
        with safe_open(str(path), framework=framework) as handle:
            names = list(handle.keys())
            _require_memory(path, sum(_slice_bytes(handle.get_slice(name)) for name in names))
            return {name: handle.get_tensor(name) for name in names}
    except PosencSymError:
        raise
    except TypeError as exc:  # NumPy: "data type 'bfloat16' not understood"
        raise PosencSymError(f"{path} holds tensors NumPy cannot hold ({exc}); install torch to read them "
                             "(pip install torch)") from None
    except Exception as exc:  # safetensors' SafetensorError (a bad header, a short file) and OSError
        first = " ".join(str(exc).split())[:200]
        raise PosencSymError(f"{path} cannot be read as a safetensors file ({first}); save the tensors with "
                             "safetensors' save_file") from None


#: Bytes per element of each safetensors dtype.
_SAFETENSORS_BYTES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1,
                      "BOOL": 1}


def _slice_bytes(tensor_slice: Any) -> int:
    return math.prod(tensor_slice.get_shape()) * _SAFETENSORS_BYTES.get(str(tensor_slice.get_dtype()), 8)


_MAGIC = {".npy": b"\x93NUMPY", ".npz": b"PK"}


def _require_magic(path: Path) -> None:
    """A file named .npy/.npz that does not start as one is named as such (NumPy's loader would
    fall back to unpickling it and blame pickling)."""
    magic = _MAGIC[path.suffix]
    try:
        with path.open("rb") as handle:
            head = handle.read(len(magic))
    except OSError as exc:
        raise PosencSymError(f"{path} cannot be read ({exc}); check the path and its permissions") from None
    if head != magic:
        saver = "numpy.save" if path.suffix == ".npy" else "numpy.savez"
        raise PosencSymError(
            f"{path} is not a NumPy {path.suffix} file (it starts with {head!r}, not {magic!r}); "
            f"save the array with {saver}"
        )
