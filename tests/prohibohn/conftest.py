"""After every scenario test, the plugins' invariants must hold for every game it started."""

from __future__ import annotations

import pytest

from .helpers import CREATED, problems


@pytest.fixture(autouse=True)
def _invariants_hold_after_each_scenario():
    CREATED.clear()
    yield
    found = {i: problems(g) for i, g in enumerate(CREATED)}
    CREATED.clear()
    bad = {i: p for i, p in found.items() if p}
    assert not bad, f"invariants broken after the scenario: {bad}"
