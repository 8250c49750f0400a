"""The files the bad-input tables of tests/test_robust_*.py read: made fresh in a folder for each test."""

from __future__ import annotations

from pathlib import Path

import numpy

from posenc_sym.schemes.alibi import slopes as alibi_slopes
from posenc_sym.tables import rope_cache, sinusoidal_table

GOOD = '''\
import sympy
from posenc_sym import Claim, Derivation

x = sympy.Symbol("x", real=True)
DERIVATION = Derivation("good", "Good", (Claim("good.sq", "x^2 >= 0", x**2, 0, relation=">="),))
'''

#: A file with no DERIVATION whose top-level code would leave a trace if it ran.
TRACE = '''\
from pathlib import Path
Path("RAN").write_text("top-level code ran")
print("printed at import")
'''

LOOP = '''\
import sympy
while True: pass  # one line: wherever the time limit finds it, it is at line 2
DERIVATION = None
'''

MODULE = '''\
import numpy
from posenc_sym.schemes.alibi import slopes as _slopes
from posenc_sym.tables import sinusoidal_table


def make(positions, dim):
    return sinusoidal_table(positions, dim)


def slopes(heads):
    return numpy.array([float(s) for s in _slopes(heads)])
'''


def make_inputs(folder: Path) -> None:
    """Every input file of the tables, in ``folder``."""
    (folder / "good.py").write_text(GOOD, encoding="utf-8")
    (folder / "trace.py").write_text(TRACE, encoding="utf-8")
    (folder / "loop.py").write_text(LOOP, encoding="utf-8")
    (folder / "robust_mod.py").write_text(MODULE, encoding="utf-8")
    (folder / "helpers").mkdir()
    (folder / "helpers" / "trace.py").write_text(TRACE, encoding="utf-8")
    (folder / "empty").mkdir()
    (folder / "notes.md").write_text("# Notes\n\n```posenc\nassume x real\n```\n\n$$ x^2 \\ge 0 $$\n", encoding="utf-8")
    (folder / "data.csv").write_text("1,2\n", encoding="utf-8")
    (folder / "text.npy").write_text("not numpy\n", encoding="utf-8")
    (folder / "folder.npy").mkdir()
    (folder / "folder.tex").mkdir()
    (folder / "folder.md").mkdir()
    (folder / "afile").write_text("a file\n", encoding="utf-8")
    numpy.save(folder / "table.npy", sinusoidal_table(16, 8))
    numpy.save(folder / "ints.npy", numpy.arange(12).reshape(3, 4))
    numpy.save(folder / "nan.npy", numpy.array([[0.0, numpy.nan], [1.0, 0.5]]))
    numpy.save(folder / "slopes.npy", numpy.array([float(s) for s in alibi_slopes(8)]))
    cos, sin = rope_cache(16, 8)
    numpy.savez(folder / "cache.npz", cos=cos, sin=sin)
    numpy.savez(folder / "onlycos.npz", cos=cos)
    numpy.save(folder / "objects.npy", numpy.array([{"a": 1}], dtype=object), allow_pickle=True)
    # headers that declare more than the file holds
    with (folder / "lying.npy").open("wb") as handle:
        numpy.lib.format.write_array_header_1_0(handle, {"descr": "<f8", "fortran_order": False,
                                                         "shape": (10**12, 64)})
        handle.write(b"\0" * 128)
    data = (folder / "table.npy").read_bytes()
    (folder / "truncated.npy").write_bytes(data[: len(data) // 2])
    (folder / "junk.safetensors").write_bytes(b"\xff" * 64)
