"""Implementations written here, in the conventions real code uses, to test the checker against.

``numpy_impls`` needs only NumPy; ``torch_impls`` needs torch (its tests skip without it). Each
function documents the convention it follows and, for the deliberately broken ones, the bug.
"""
