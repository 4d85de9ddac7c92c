"""The core's own bot: ``random``, which any ruleset can play (it needs no view).

It lives in the core, not in :mod:`beanframe.agents`, because the core's built-in plugin registers
it and the core imports nothing above itself; ``beanframe.agents`` re-exports it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from beanframe.core.actions import Action


class RandomBot:
    """Picks a legal action uniformly at random (seeded: reproducible)."""

    uses_view = False

    def __init__(self, seed: int | None = None, ruleset: Any = None) -> None:
        self.rng = random.Random(seed)  # make_bot also passes the ruleset: not needed here

    def act(self, view: Any, legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(legal_actions)
