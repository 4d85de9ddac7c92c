"""Al Cabohne bots."""

from __future__ import annotations

import random


class GreedyBot:
    """Placeholder until the heuristic bot lands: prefers non-harvest actions."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, view, legal_actions):
        return legal_actions[0]
