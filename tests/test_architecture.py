"""The package's layers, read from its imports (docs/architecture.md says the same in prose).

Every import between posenc_sym modules is read from the source with ``ast`` (imports inside
functions included, since a lazy import is still a dependency) and held to four rules:

1. no import circle between modules;
2. a unit imports only units of a lower layer (two units of one layer never import each other);
3. the package never imports itself through ``importlib`` (only the user's files and modules,
   and the CLI's subcommand modules, are loaded that way);
4. no private name (``_kernel``, ``_GREEK``) is imported from another unit.

The rules were written with the twenty violations the package had then listed as known; the
redesign of issue 18 removed every one, so there is no list of exceptions any more.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "posenc_sym"

#: Units from the bottom layer up. A unit is a subpackage or a top-level module of posenc_sym
#: ("<root>" is posenc_sym/__init__.py). Units on one line form one layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "version"),
    ("numerics", "sizes"),
    ("notation",),
    ("schemes",),
    ("proof",),
    ("reference", "codegen", "accuracy"),
    ("tables",),
    ("crosscheck",),
    ("catalog",),
    ("runner",),
    ("report", "render", "documents"),
    ("app",),
    ("cli", "testing", "strategies"),
    ("<root>", "__main__"),
)

#: Modules allowed to call importlib.import_module, and why.
IMPORTLIB_ALLOWED = {
    "posenc_sym.cli": "the subcommand modules, by name",
    "posenc_sym.catalog": "the user's derivation files",
    "posenc_sym.crosscheck.load": "the user's module:attribute",
}

@dataclass(frozen=True)
class Module:
    name: str
    path: Path

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"

    @property
    def unit(self) -> str:
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else "<root>"


def _modules() -> dict[str, Module]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = Module(".".join(parts), path)
    return found


MODULES = _modules()


def _resolve(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    if not module.is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _unit_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


@dataclass(frozen=True)
class Import:
    source: str
    target: str  # a module of the package
    names: tuple[str, ...]  # names taken from it ('from x import a, b'), empty for 'import x'


def _calls_import_module(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id == "import_module")


def _imports(module: Module) -> list[Import]:
    out = []
    for node in ast.walk(ast.parse(module.path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            if not target.startswith("posenc_sym"):
                continue
            plain = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:  # 'from . import rope' imports the module posenc_sym.x.rope
                    out.append(Import(module.name, sub, ()))
                else:
                    plain.append(alias.name)
            if plain or target not in MODULES:
                out.append(Import(module.name, target, tuple(plain)))
        elif isinstance(node, ast.Import):
            out += [Import(module.name, a.name, ()) for a in node.names if a.name.startswith("posenc_sym")]
        elif (isinstance(node, ast.Call) and _calls_import_module(node) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and node.args[0].value.startswith("posenc_sym")):
            # importlib.import_module("posenc_sym.x") hides a dependency; it still counts as one
            out.append(Import(module.name, node.args[0].value, ()))
    return [i for i in out if i.target != module.name]


IMPORTS = [i for m in MODULES.values() for i in _imports(m)]


def _rank() -> dict[str, int]:
    return {unit: n for n, layer in enumerate(LAYERS) for unit in layer}


def _circles(imports: list[Import]) -> list[tuple[str, ...]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for imp in imports:
        if imp.target in MODULES or imp.target in {i.source for i in imports}:
            edges[imp.source].add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(tuple(sorted(component)))

    for v in sorted(set(MODULES) | set(edges)):
        if v not in index:
            visit(v)
    return found


def _violations(imports: list[Import] = IMPORTS) -> set[tuple[str, str]]:
    rank = _rank()
    out = {("circle", " <-> ".join(c)) for c in _circles(imports)}
    for imp in imports:
        src, dst = _unit_of(imp.source), _unit_of(imp.target)
        if src != dst and rank[dst] >= rank[src]:
            out.add(("layer", f"{imp.source} -> {imp.target}"))
        if src != dst and (any(p.startswith("_") for p in imp.target.split(".")[1:])
                           or any(n.startswith("_") for n in imp.names)):
            out.add(("private", f"{imp.source} -> {imp.target}"))
    for module in MODULES.values():
        if module.name in IMPORTLIB_ALLOWED:
            continue
        for node in ast.walk(ast.parse(module.path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                out.add(("importlib", module.name))
            if isinstance(node, ast.Name) and node.id == "import_module":
                out.add(("importlib", module.name))
    return out


def test_every_unit_has_a_layer() -> None:
    rank = _rank()
    missing = sorted({m.unit for m in MODULES.values()} - set(rank))
    assert not missing, f"add these units to LAYERS (and docs/architecture.md): {missing}"


def test_layers_name_no_unit_twice() -> None:
    units = [u for layer in LAYERS for u in layer]
    assert len(units) == len(set(units))


@pytest.mark.parametrize("rule", ["circle", "layer", "importlib", "private"])
def test_no_violation(rule: str) -> None:
    found = sorted(detail for kind, detail in _violations() if kind == rule)
    assert not found, f"{rule} violations: {found}"


def test_the_reader_sees_a_planted_circle_and_upward_import(tmp_path: Path) -> None:
    """The rules can fail: the same reading of a small fake tree finds what was planted."""
    fake = Module("posenc_sym.proof.fake", tmp_path / "fake.py")
    fake.path.write_text("from ..cli import main\nfrom ..tables._kernel import x\n", encoding="utf-8")
    imports = _imports(fake)
    targets = {(i.target, i.names) for i in imports}
    assert ("posenc_sym.cli", ("main",)) in targets
    assert ("posenc_sym.tables._kernel", ("x",)) in targets
    back = Import("posenc_sym.cli", "posenc_sym.proof.fake", ())
    found = _violations([*IMPORTS, *imports, back])
    assert ("layer", "posenc_sym.proof.fake -> posenc_sym.cli") in found
    assert ("private", "posenc_sym.proof.fake -> posenc_sym.tables._kernel") in found
    assert any(kind == "circle" and "posenc_sym.proof.fake" in detail for kind, detail in found)
