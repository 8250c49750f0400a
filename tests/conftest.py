"""Shared test configuration: hypothesis profiles.

``ci`` is deterministic (``derandomize=True``) and is chosen automatically when the ``CI``
environment variable is set; ``dev`` (the local default) runs more examples. Pick one by hand
with ``HYPOTHESIS_PROFILE=ci pytest``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, max_examples=40, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=200, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))
