"""The fixed wrappers around the lambdified kernels: layout only, no formula.

Each wrapper calls the kernel printed above it in the generated text; the arithmetic of the
encoding lives in the kernel (generated from SymPy), never here.
"""

SINUSOIDAL_INTERLEAVED = '''
def sinusoidal_interleaved(positions, d_model, base=10000, dtype=numpy.float64):
    """Table (len(positions), d_model): column 2i = sin(t*w_i), column 2i+1 = cos(t*w_i)."""
    t = numpy.asarray(positions).astype(dtype)[:, None]
    i = numpy.arange(d_model // 2).astype(dtype)[None, :]
    sin_part, cos_part = _pe_pair(t, i, d_model, base)
    out = numpy.empty((t.shape[0], d_model), dtype=dtype)
    out[:, 0::2] = sin_part
    out[:, 1::2] = cos_part
    return out
'''

SINUSOIDAL_SPLIT = '''
def sinusoidal_split(positions, d_model, base=10000, dtype=numpy.float64):
    """Table (len(positions), d_model): columns i = sin(t*w_i), columns d/2 + i = cos(t*w_i)."""
    t = numpy.asarray(positions).astype(dtype)[:, None]
    i = numpy.arange(d_model // 2).astype(dtype)[None, :]
    sin_part, cos_part = _pe_pair(t, i, d_model, base)
    out = numpy.empty((t.shape[0], d_model), dtype=dtype)
    out[:, : d_model // 2] = sin_part
    out[:, d_model // 2 :] = cos_part
    return out
'''

SHIFT_MATRIX = '''
def shift_matrix(k, d_model, base=10000):
    """T_k (d_model, d_model): row_vector(t) @ T_k.T == row_vector(t + k), interleaved layout."""
    i = numpy.arange(d_model // 2, dtype=numpy.float64)
    a, b, c, d = (numpy.broadcast_to(x, i.shape) for x in _rotation_block(k, i, d_model, base))
    out = numpy.zeros((d_model, d_model))
    even = 2 * numpy.arange(d_model // 2)
    out[even, even], out[even, even + 1] = a, b
    out[even + 1, even], out[even + 1, even + 1] = c, d
    return out
'''

SHIFT_TABLE = '''
def shift_table(table, k, base=10000):
    """Apply T_k to every row of an interleaved table: row t becomes row t + k."""
    table = numpy.asarray(table)
    d_model = table.shape[-1]
    i = numpy.arange(d_model // 2).astype(table.dtype)
    sin_part, cos_part = _shift_pair(table[..., 0::2], table[..., 1::2], k, i, d_model, base)
    out = numpy.empty_like(table)
    out[..., 0::2] = sin_part
    out[..., 1::2] = cos_part
    return out
'''

_ROPE_CACHE = '''
def rope_cache_{pairing}(positions, dim, base=10000, dtype=numpy.float64):
    """(cos, sin) caches (len(positions), dim); column c uses the frequency of its pair."""
    m = numpy.asarray(positions).astype(dtype)[:, None]
    pair = {pair_of_column}
    cos_part, sin_part = _cos_sin(m, pair.astype(dtype)[None, :], dim, base)
    return cos_part.astype(dtype), sin_part.astype(dtype)
'''

ROPE_CACHE_ADJACENT = _ROPE_CACHE.format(pairing="adjacent", pair_of_column="numpy.arange(dim) // 2")
ROPE_CACHE_HALVES = _ROPE_CACHE.format(pairing="halves", pair_of_column="numpy.arange(dim) % (dim // 2)")

_ROPE_ROTATE = '''
def rope_rotate_{pairing}(x, positions, base=10000):
    """Rotate x (..., len(positions), dim) pair by pair by the angles m*theta_p of its positions."""
    x = numpy.asarray(x)
    dim = x.shape[-1]
    m = numpy.asarray(positions).astype(x.dtype)[:, None]
    p = numpy.arange(dim // 2).astype(x.dtype)[None, :]
    u, v = {columns}
    new_u, new_v = _rotate_pair(x[..., u], x[..., v], m, p, dim, base)
    out = numpy.empty_like(x)
    out[..., u] = new_u
    out[..., v] = new_v
    return out
'''

ROPE_ROTATE_ADJACENT = _ROPE_ROTATE.format(
    pairing="adjacent", columns="numpy.arange(0, dim, 2), numpy.arange(1, dim, 2)")
ROPE_ROTATE_HALVES = _ROPE_ROTATE.format(
    pairing="halves", columns="numpy.arange(dim // 2), numpy.arange(dim // 2, dim)")
