"""Numeric generators built from the proven expressions: sinusoidal tables and RoPE caches.

Three methods, each with a derived error bound (see :mod:`posenc_sym.accuracy` and
``docs/numerics.md``):

``"direct"``    the lambdified formula ``sin(b**(-2*i/d)*t)`` evaluated in the output dtype. Its
                error grows with the angle t·ω (:func:`posenc_sym.accuracy.direct_bound`).
``"accurate"``  the sin/cos engine of :mod:`posenc_sym.numerics`: exact angle reduction in 128-bit
                fixed point, then a table-driven sin/cos with an error-free leading term: within
                0.5 + 2^−10 ulp in float64 for every position below 2^32 (for results of
                magnitude >= 2^−60); float32 is the float64 result rounded once more
                (0.5 + 2^−28 ulp).
``"fast"``      the proven shift T_k applied blockwise to accurate rows: absolute error at most
                (2√2·(0.5 + 2^−10) + 2)·2^−53·(1 + 2^−51) in float64, independent of the position.

For sin/cos of t·ω at any exact frequencies (the d−2 exponent, scaled RoPE) see
:func:`posenc_sym.numerics.accurate_sincos`.

>>> table = sinusoidal_table(3, 4)
>>> [float(x) for x in table[1]]
[0.8414709848078965, 0.5403023058681398, 0.009999833334166664, 0.9999500004166653]
"""

from __future__ import annotations

from .rope_cache import rope_cache
from .sinusoidal_table import sinusoidal_table

__all__ = ["rope_cache", "sinusoidal_table"]
