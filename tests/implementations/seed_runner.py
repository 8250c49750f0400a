"""Run the code snippets of one seed document in this (separate) process and save what they make.

Usage: ``python seed_runner.py OUTDIR < snippets.json`` where the JSON is a list of snippet
sources, in document order. They run like notebook cells: one shared namespace, each cell's
exception recorded and the next cell still run. One JSON line per cell goes to stdout.

The snippets come from articles, so they use names the article imported elsewhere; the namespace
starts with that context (torch, nn, math, np, plt, Variable), and the report lists which of
them each cell used without importing. matplotlib is always replaced by a no-op stub (no
windows, no files); torch, when missing, by a stub whose nn.Module can be subclassed and whose
every other use raises "torch is not installed". After each cell, new 2-D float arrays/tensors in
the namespace and in instances of the cell's classes (built with d_model=64, max_len=256,
dropout=0) are saved as .npy files in OUTDIR for the checker.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import io
import json
import math
import sys
import types
from pathlib import Path
from typing import Any

import numpy

CONTEXT = ("torch", "nn", "math", "np", "plt", "Variable")
SIZES = {
    "d_model": 64,
    "embedding_dim": 64,
    "embed_dim": 64,
    "max_len": 256,
    "max_length": 256,
    "dropout": 0.0,
    "device": "cpu",
}


class _NoOp:
    def __getattr__(self, name: str) -> _NoOp:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> _NoOp:
        return self


def _noop_attribute(name: str) -> Any:
    if name.startswith("__"):  # introspection (inspect, torch) must see a plain module
        raise AttributeError(name)
    return _NoOp()


def _stub_matplotlib() -> Any:
    mpl = types.ModuleType("matplotlib")
    pyplot = types.ModuleType("matplotlib.pyplot")
    pyplot.__getattr__ = _noop_attribute  # type: ignore[method-assign]
    mpl.pyplot = pyplot  # type: ignore[attr-defined]
    sys.modules["matplotlib"], sys.modules["matplotlib.pyplot"] = mpl, pyplot
    return pyplot


def _torch_or_stub() -> tuple[Any, Any, Any, str]:
    try:
        import torch
        from torch import nn
        from torch.autograd import Variable

        return torch, nn, Variable, "torch"
    except ImportError:

        def missing(*args: Any, **kwargs: Any) -> Any:
            raise ModuleNotFoundError("torch is not installed (stubbed)")

        torch = types.ModuleType("torch")
        nn = types.ModuleType("torch.nn")
        nn.Module = type(
            "Module",
            (),
            {
                "__init__": lambda self, *a, **k: None,  # type: ignore[attr-defined]
                "register_buffer": lambda self, n, v: setattr(self, n, v),
            },
        )
        torch.__getattr__ = lambda name: missing  # type: ignore[method-assign]
        nn.__getattr__ = lambda name: missing  # type: ignore[method-assign]
        torch.nn = nn  # type: ignore[attr-defined]
        sys.modules["torch"], sys.modules["torch.nn"] = torch, nn
        return torch, nn, missing, "stub"


def _as_2d(value: Any) -> numpy.ndarray | None:
    torch = sys.modules.get("torch")
    tensor_type = getattr(torch, "Tensor", None) if torch is not None else None
    if isinstance(tensor_type, type) and isinstance(value, tensor_type):
        value = value.detach().cpu().numpy()
    if not isinstance(value, numpy.ndarray) or value.dtype.kind != "f":
        return None
    value = value.squeeze()
    return value if value.ndim == 2 and value.shape[0] >= 3 else None


def _unimported(source: str) -> list[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    bound = {
        a.asname or a.name.split(".")[0]
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    used |= {n.value.id for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}
    return sorted((used & set(CONTEXT)) - bound)


def _instantiate(cls: type) -> tuple[Any, str]:
    params = [p for name, p in inspect.signature(cls).parameters.items() if name != "self"]
    kwargs = {p.name: SIZES[p.name] for p in params if p.name in SIZES}
    missing = [
        p.name
        for p in params
        if p.name not in SIZES and p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    if missing:
        return None, f"class {cls.__name__} needs {missing}, which the runner does not supply"
    try:
        return cls(**kwargs), f"built {cls.__name__}({', '.join(f'{k}={v!r}' for k, v in kwargs.items())})"
    except Exception as exc:  # the snippet's code failed: record it
        return None, f"{cls.__name__}(...) raised {type(exc).__name__}: {exc}"


def _harvest(
    namespace: dict[str, Any], seen: dict[int, Any], cell: int, outdir: Path
) -> tuple[list[dict[str, Any]], list[str]]:
    found: list[tuple[str, Any]] = []
    notes: list[str] = []
    for name, value in list(namespace.items()):
        if name.startswith("__") or name in CONTEXT:
            continue
        if isinstance(value, type) and value.__module__ == f"cell{cell}":
            obj, note = _instantiate(value)
            notes.append(note)
            if obj is not None:
                members = dict(vars(obj))
                if hasattr(obj, "named_buffers"):
                    members.update(dict(obj.named_buffers()))
                found.extend((f"{value.__name__}().{k}", v) for k, v in members.items())
        else:
            found.append((name, value))
    saved = []
    for name, value in found:
        array = _as_2d(value)
        if array is None or id(value) in seen:
            continue
        seen[id(value)] = value  # keeping it alive keeps its id from being reused
        path = outdir / f"cell{cell}_{len(saved)}.npy"
        numpy.save(path, numpy.ascontiguousarray(array))
        saved.append({"name": name, "file": str(path), "shape": list(array.shape), "dtype": str(array.dtype)})
    return saved, notes


def main() -> None:
    outdir = Path(sys.argv[1])
    snippets = json.load(sys.stdin)
    torch, nn, variable, torch_kind = _torch_or_stub()
    plt = _stub_matplotlib()
    namespace: dict[str, Any] = {
        "__builtins__": builtins,
        "torch": torch,
        "nn": nn,
        "math": math,
        "np": numpy,
        "plt": plt,
        "Variable": variable,
    }
    seen: dict[int, Any] = {}
    for cell, source in enumerate(snippets):
        namespace["__name__"] = f"cell{cell}"
        record: dict[str, Any] = {"cell": cell, "torch": torch_kind, "context_used": _unimported(source)}
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # the snippets print; keep stdout for records
                exec(compile(source, f"<snippet {cell}>", "exec"), namespace)
            record["status"] = "ran"
        except BaseException as exc:
            record["status"] = "error"
            record["error"] = f"{type(exc).__name__}: {exc}".splitlines()[0]
        record["arrays"], record["notes"] = _harvest(namespace, seen, cell, outdir)
        print(json.dumps(record), flush=True)


if __name__ == "__main__":
    main()
