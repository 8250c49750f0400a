"""Symbolic definitions of the positional encodings, one module per scheme."""

from . import alibi, rope, sinusoidal

__all__ = ["alibi", "rope", "sinusoidal"]
