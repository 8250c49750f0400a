"""Symbolic definitions of the positional encodings, one module per scheme."""

from . import rope, sinusoidal

__all__ = ["rope", "sinusoidal"]
