"""Relative position encodings: Transformer-XL, Shaw et al., T5 buckets, DeBERTa.

Each changes the attention score of query i and key j so that position enters only through the
offset (or a function of it):

``Transformer-XL`` expands (W_q(E_i + U_i))ᵀ W_k(E_j + U_j) into four terms and replaces U_j by a
    sinusoid R_{i−j} of the offset, and U_iᵀ W_qᵀ by two learned vectors u, v.
``Shaw``            learns one vector per clipped offset clip(j − i, −K, K): 2K + 1 of them.
``T5``              adds a learned scalar per *bucket* of the offset: exact buckets for small offsets,
                    logarithmically wider ones up to ``max_distance``, one last bucket beyond.
``DeBERTa``         adds content-to-position and position-to-content terms with the relative distance
                    δ(i, j) clipped into 0..2k−1.
"""

from __future__ import annotations

import math
from fractions import Fraction

import sympy
from sympy.matrices import MatrixBase

from ..errors import PosencSymError
from .scheme import Scheme

__all__ = [
    "SCHEMES",
    "deberta_delta",
    "deberta_score_terms",
    "shaw_clip",
    "t5_bucket",
    "t5_bucket_float32",
    "t5_first_offsets",
    "xl_absolute_terms",
    "xl_relative_terms",
]


def _scalar(m: MatrixBase) -> sympy.Expr:
    return sympy.expand(m[0, 0])


def xl_absolute_terms(e_i: MatrixBase, u_i: MatrixBase, e_j: MatrixBase, u_j: MatrixBase,
                      w_q: MatrixBase, w_k: MatrixBase) -> tuple[sympy.Expr, ...]:
    """Transformer-XL's terms (a)–(d) of the absolute score (W_q(E_i+U_i))ᵀ W_k(E_j+U_j).

    (a) content–content, (b) content–position, (c) position–content, (d) position–position.

    >>> one = sympy.Matrix([[1]])
    >>> xl_absolute_terms(one, 2 * one, 3 * one, 4 * one, one, one)
    (3, 4, 6, 8)
    """
    a = _scalar(e_i.T * w_q.T * w_k * e_j)
    b = _scalar(e_i.T * w_q.T * w_k * u_j)
    c = _scalar(u_i.T * w_q.T * w_k * e_j)
    d = _scalar(u_i.T * w_q.T * w_k * u_j)
    return a, b, c, d


def xl_relative_terms(e_i: MatrixBase, e_j: MatrixBase, r_ij: MatrixBase, w_q: MatrixBase,
                      w_ke: MatrixBase, w_kr: MatrixBase, u: MatrixBase, v: MatrixBase
                      ) -> tuple[sympy.Expr, ...]:
    """Transformer-XL's relative score terms: U_j → R_{i−j}, U_iᵀW_qᵀ → uᵀ, vᵀ, W_k split in two.

    >>> one = sympy.Matrix([[1]])
    >>> xl_relative_terms(one, 2 * one, 3 * one, one, one, one, 5 * one, 7 * one)
    (2, 3, 10, 21)
    """
    a = _scalar(e_i.T * w_q.T * w_ke * e_j)
    b = _scalar(e_i.T * w_q.T * w_kr * r_ij)
    c = _scalar(u.T * w_ke * e_j)
    d = _scalar(v.T * w_kr * r_ij)
    return a, b, c, d


def shaw_clip(offset: sympy.Expr | int, k: sympy.Expr | int) -> sympy.Expr:
    """clip(j − i, −K, K): the index of the learned relative vector in Shaw et al. (2018).

    >>> [shaw_clip(o, 2) for o in range(-4, 5)]
    [-2, -2, -2, -1, 0, 1, 2, 2, 2]
    """
    return sympy.Max(-k, sympy.Min(k, offset))


def _validate_t5(num_buckets: int, max_distance: int, bidirectional: bool) -> int:
    per_side = num_buckets // 2 if bidirectional else num_buckets
    if per_side < 2 or (bidirectional and num_buckets % 2):
        raise PosencSymError(
            f"num_buckets={num_buckets} is too small or odd; pass an even count such as 32"
        )
    if max_distance <= per_side // 2:
        raise PosencSymError(
            f"max_distance={max_distance} must exceed max_exact={per_side // 2}; pass e.g. 128"
        )
    return per_side


def _large_bucket_exact(distance: int, per_side: int, max_distance: int) -> int:
    """max_exact + ⌊(per_side − max_exact)·log(n/max_exact)/log(max_distance/max_exact)⌋, exactly.

    With x = n/max_exact ≥ 1, y = max_distance/max_exact > 1, c = per_side − max_exact:
    k ≤ c·log x / log y  ⇔  y^k ≤ x^c, a comparison of rationals, so no rounding at all.
    """
    max_exact = per_side // 2
    x, y, c = Fraction(distance, max_exact), Fraction(max_distance, max_exact), per_side - max_exact
    target, k, power = x**c, 0, y
    while power <= target and k < per_side:  # the clamp below makes larger k irrelevant
        k, power = k + 1, power * y
    return min(max_exact + k, per_side - 1)


def t5_bucket(relative_position: int, bidirectional: bool = True, num_buckets: int = 32,
              max_distance: int = 128) -> int:
    """T5's relative-position bucket of ``relative_position`` = key − query, computed exactly.

    The T5 code takes the float log, multiplies, and truncates to int; here the floor is exact
    (see :func:`t5_bucket_float32` for the float reproduction and where they could differ).

    >>> [t5_bucket(n) for n in (-1, 0, 1, 8, 12, 16, 128, 1000)]
    [1, 0, 17, 24, 25, 26, 31, 31]
    >>> [t5_bucket(-n, bidirectional=False) for n in (1, 16, 19, 128)]
    [1, 16, 17, 31]
    """
    per_side = _validate_t5(num_buckets, max_distance, bidirectional)
    offset = 0
    if bidirectional:
        offset = per_side if relative_position > 0 else 0
        distance = abs(relative_position)
    else:
        distance = max(-relative_position, 0)
    if distance < per_side // 2:
        return offset + distance
    return offset + _large_bucket_exact(distance, per_side, max_distance)


def t5_bucket_float32(relative_position: int, bidirectional: bool = True, num_buckets: int = 32,
                      max_distance: int = 128) -> int:
    """The same bucket computed the way the T5 code does: float32 log, multiply, truncate.

    NumPy's float32 log stands in for TensorFlow's/PyTorch's; they may differ by an ulp.

    >>> t5_bucket_float32(91) == t5_bucket(91)
    True
    """
    import numpy as np  # here: the symbolic definitions load without NumPy

    per_side = _validate_t5(num_buckets, max_distance, bidirectional)
    max_exact = per_side // 2
    offset = per_side if bidirectional and relative_position > 0 else 0
    distance = abs(relative_position) if bidirectional else max(-relative_position, 0)
    if distance < max_exact:
        return offset + distance
    f32 = np.float32
    ratio = np.log(f32(distance) / f32(max_exact)) / f32(math.log(max_distance / max_exact))
    large = max_exact + int(ratio * f32(per_side - max_exact))
    return offset + min(large, per_side - 1)


def t5_first_offsets(bidirectional: bool = True, num_buckets: int = 32,
                     max_distance: int = 128) -> tuple[int, ...]:
    """The smallest distance that lands in each bucket of one side, in bucket order.

    For the logarithmic buckets these are ⌈max_exact·(max_distance/max_exact)^(k/(per_side −
    max_exact))⌉, k = 0, 1, …, the last bucket also taking every distance ≥ its first one.

    >>> t5_first_offsets()
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 23, 32, 46, 64, 91)
    """
    per_side = _validate_t5(num_buckets, max_distance, bidirectional)
    firsts: list[int] = []
    distance = 0
    while len(firsts) < per_side:
        # keys before the query (relative position −distance) fill buckets 0..per_side−1
        bucket = t5_bucket(-distance, bidirectional, num_buckets, max_distance)
        if bucket == len(firsts):
            firsts.append(distance)
        distance += 1
    return tuple(firsts)


def deberta_delta(i: sympy.Expr | int, j: sympy.Expr | int, k: sympy.Expr | int) -> sympy.Expr:
    """DeBERTa's relative distance δ(i, j): 0 if i−j ≤ −k, 2k−1 if i−j ≥ k, else i−j+k.

    >>> [deberta_delta(0, j, 2) for j in range(-3, 4)]
    [3, 3, 3, 2, 1, 0, 0]
    """
    return sympy.Max(0, sympy.Min(2 * k - 1, i - j + k))


def deberta_score_terms(h_i: MatrixBase, h_j: MatrixBase, p_ij: MatrixBase, p_ji: MatrixBase,
                        w_qc: MatrixBase, w_kc: MatrixBase, w_qr: MatrixBase, w_kr: MatrixBase
                        ) -> tuple[sympy.Expr, ...]:
    """(content→content, content→position, position→content) of DeBERTa's disentangled score.

    ``p_ij`` is the relative embedding row P_{δ(i,j)}, ``p_ji`` is P_{δ(j,i)}; vectors are columns.
    c2c = (W_qc H_i)ᵀ(W_kc H_j), c2p = (W_qc H_i)ᵀ(W_kr P_{δ(i,j)}), p2c = (W_kc H_j)ᵀ(W_qr P_{δ(j,i)}).

    >>> one = sympy.Matrix([[1]])
    >>> deberta_score_terms(2 * one, 3 * one, 5 * one, 7 * one, one, one, one, one)
    (6, 10, 21)
    """
    c2c = _scalar((w_qc * h_i).T * (w_kc * h_j))
    c2p = _scalar((w_qc * h_i).T * (w_kr * p_ij))
    p2c = _scalar((w_kc * h_j).T * (w_qr * p_ji))
    return c2c, c2p, p2c


#: The relative encodings (T5, Transformer-XL, Shaw): their derivation in the course.
SCHEMES: tuple[Scheme, ...] = (Scheme("relative", None, course=50, derivations=("relative",)),)
