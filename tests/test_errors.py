"""The error hierarchy: one root for bad input, the engine's signals apart, and errors.py telling the truth.

Every exception class the package defines is found by reading its modules (``ast``), then
imported; each must sit where ``posenc_sym/errors.py`` says it sits, and errors.py must name
every one of them, so the hierarchy its docstring draws is the one the code has.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import posenc_sym
from posenc_sym import errors
from posenc_sym.documents.context import Context
from posenc_sym.documents.declarations import DeclarationError, apply_declaration
from posenc_sym.errors import EngineSignal, PosencSymError
from posenc_sym.notation.patterns import NotationError
from posenc_sym.notation.read_tokens import Unreadable
from posenc_sym.proof.budget import OutOfTime
from posenc_sym.proof.numeric import IllFormedRange, NotEvaluable

PACKAGE = Path(posenc_sym.__file__).parent

def _defined_exceptions() -> dict[str, type[BaseException]]:
    """Every exception class defined in the package, by its qualified name."""
    found: dict[str, type[BaseException]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.bases]
        if not classes:
            continue
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        module = importlib.import_module(".".join(parts))
        for name in classes:
            value = getattr(module, name, None)
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == module.__name__:
                found[f"{module.__name__}.{name}"] = value
    return found


DEFINED = _defined_exceptions()


def _documented() -> dict[str, tuple[str, str]]:
    """The classes errors.py draws: name -> (the parent drawn above it, the module named beside it)."""
    assert errors.__doc__ is not None
    drawn: dict[str, tuple[str, str]] = {}
    parents: list[tuple[int, str]] = []  # (column, name) of the classes above, outermost first
    for line in errors.__doc__.splitlines():
        match = re.match(r"^[ │]*(?:[└├]── )?(\w+)(?: +(posenc_sym[\w.]*))?", line)
        if match is None or not ("── " in line or match.group(1) in ("ValueError", "Exception", "BaseException")):
            continue
        name = match.group(1)
        column = match.start(1)  # a class is drawn one step to the right of its parent
        while parents and parents[-1][0] >= column:
            parents.pop()
        if parents:
            module = match.group(2) or drawn[parents[-1][1]][1]  # a child without a module shares its parent's
            drawn[name] = (parents[-1][1], module)
        parents.append((column, name))
    return drawn


DOCUMENTED = _documented()


def test_the_reader_of_the_drawing_sees_the_tree() -> None:
    """The parse above can fail: it finds the root, a leaf and the BaseException branch."""
    assert DOCUMENTED["PosencSymError"] == ("ValueError", "posenc_sym.errors")
    assert DOCUMENTED["IllFormedRange"] == ("NotEvaluable", "posenc_sym.proof.numeric")
    assert DOCUMENTED["OutOfTime"] == ("BaseException", "posenc_sym.proof.budget")


def test_errors_py_draws_every_public_exception_class_of_the_package() -> None:
    public = sorted(name.rsplit(".", 1)[1] for name in DEFINED if not name.rsplit(".", 1)[1].startswith("_"))
    assert public == sorted(DOCUMENTED)


@pytest.mark.parametrize("name", sorted(DOCUMENTED))
def test_each_class_sits_where_errors_py_draws_it(name: str) -> None:
    parent, module = DOCUMENTED[name]
    (cls,) = [c for qualified, c in DEFINED.items() if qualified.rsplit(".", 1)[1] == name]
    assert (cls.__module__, cls.__bases__[0].__name__) == (module, parent)
    assert len(cls.__bases__) == 1


@pytest.mark.parametrize(("cls", "is_user_error", "caught_by_except_exception"), [
    (PosencSymError, True, True),
    (DeclarationError, True, True),
    (NotationError, True, True),
    (Unreadable, True, True),
    (EngineSignal, False, True),
    (NotEvaluable, False, True),
    (IllFormedRange, False, True),
    # The claim's budget must unwind through every `except Exception` of the strategies.
    (OutOfTime, False, False),
])
def test_user_errors_share_one_root_and_the_engine_signals_stay_apart(
        cls: type[BaseException], is_user_error: bool, caught_by_except_exception: bool) -> None:
    assert issubclass(cls, PosencSymError) is is_user_error
    assert issubclass(cls, ValueError) is is_user_error  # a user error stays catchable as ValueError
    assert issubclass(cls, Exception) is caught_by_except_exception


def test_every_other_exception_class_is_a_private_one_of_the_budget() -> None:
    """Nothing outside the drawing but the soft limit, which the budget turns into TimeoutError."""
    private = sorted(name for name in DEFINED if name.rsplit(".", 1)[1].startswith("_"))
    assert private == ["posenc_sym.proof.budget._SoftOutOfTime"]
    assert issubclass(DEFINED[private[0]], TimeoutError)


@pytest.mark.parametrize(("line", "message"), [
    ("assume t realish",
     "cannot read the declaration 'assume t realish': the domain must be one of real, positive, nonnegative, "
     "integer, integer positive, integer nonnegative, even positive, complex"),
    ("suppose t real", "cannot read the declaration 'suppose t real': a declaration starts with 'assume' or 'let'"),
])
def test_a_bad_declaration_is_a_posenc_sym_error_with_its_whole_message(line: str, message: str) -> None:
    with pytest.raises(PosencSymError) as caught:
        apply_declaration(line, Context())
    assert type(caught.value) is DeclarationError
    assert str(caught.value) == message
