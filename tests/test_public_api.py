"""The front door: ``posenc_sym.__all__`` lists exactly the public names, and each imports."""

from __future__ import annotations

import types

import posenc_sym


def test_all_lists_exactly_the_public_names() -> None:
    for name in posenc_sym.__all__:  # the public names are imported on first use (PEP 562)
        getattr(posenc_sym, name)
    public = {name for name, value in vars(posenc_sym).items()
              if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert set(posenc_sym.__all__) - {"__version__"} == public


def test_every_listed_name_resolves() -> None:
    for name in posenc_sym.__all__:
        assert getattr(posenc_sym, name) is not None, name
