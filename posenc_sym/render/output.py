"""Writing generated files atomically: all of them appear, or none does.

Each file is first written to a temporary file in its own folder, then renamed over the
target (a rename within one file system is atomic). If anything fails before the renames,
the temporary files are removed and no target is touched.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_files({folder / "a.tex": "x", folder / "sub" / "b.tex": b"y"})
>>> sorted(p.name for p in folder.rglob("*") if p.is_file())
['a.tex', 'b.tex']
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import PosencSymError

__all__ = ["write_files"]


def write_files(files: Mapping[Path, str | bytes]) -> None:
    """Write every file (text as UTF-8), creating folders; on any error, write none."""
    staged: list[tuple[Path, Path]] = []
    try:
        for target, content in files.items():
            target = Path(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_dir():
                raise PosencSymError(f"output {str(target)!r} is a folder; give a file name")
            fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            staged.append((Path(temp_name), target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
    except OSError as exc:
        _discard(staged)
        raise PosencSymError(f"cannot write {exc.filename or 'the output'}: {exc.strerror}; "
                             "choose a folder you can write to") from None
    except BaseException:
        _discard(staged)
        raise
    mode = 0o666 & ~_umask()  # mkstemp makes 0600 files; notes are ordinary files
    for temp, target in staged:
        os.chmod(temp, mode)
        os.replace(temp, target)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _discard(staged: list[tuple[Path, Path]]) -> None:
    for temp, _target in staged:
        temp.unlink(missing_ok=True)
