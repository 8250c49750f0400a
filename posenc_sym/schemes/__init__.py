"""Symbolic definitions of the positional encodings, one module per scheme."""

from . import alibi, attention, interpolation, learned, naive, relative, rope, sinusoidal

__all__ = ["alibi", "attention", "interpolation", "learned", "naive", "relative", "rope", "sinusoidal"]
