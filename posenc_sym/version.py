"""The version of posenc-sym: one place, read by the package, the CLI's ``--version`` and the build.

>>> VERSION.count(".") >= 1
True
"""

__all__ = ["VERSION"]

#: The release; pyproject.toml reads it from here (``[tool.hatch.version]``).
VERSION = "0.1.0"
