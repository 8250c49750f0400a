"""Module-level functions for ``posenc-sym check MODULE:CALLABLE --function`` in the CLI tests."""

from __future__ import annotations

from . import alibi_functions, rotary_functions

rope = rotary_functions.make()
rope_sign = rotary_functions.make(sign=-1.0)
rope_offset = rotary_functions.make(offset=1)
alibi = alibi_functions.make(12)
alibi_reversed = alibi_functions.make(12, reverse=True)
not_callable = 3.0
