"""Symbolic definitions of the positional encodings, one module per scheme."""

from . import sinusoidal

__all__ = ["sinusoidal"]
