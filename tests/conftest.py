"""Hypothesis profiles: "default" locally, "ci" when the environment variable CI is set."""

import os

from hypothesis import HealthCheck, settings

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# ci: fewer examples and no randomness between runs, so the suite stays short and repeatable
settings.register_profile("default", **_common)
settings.register_profile("ci", max_examples=20, derandomize=True, print_blob=True, **_common)
settings.load_profile("ci" if os.environ.get("CI") else "default")
