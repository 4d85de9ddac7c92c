"""Property tests: random games of 3-6 players, with and without riders, keep cards and markers,
replay identically from their seed and actions, and end."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe_plugins.bohnaparte.board import invariants

from .helpers import VARIANTS


def random_game(players, seed, riders):
    opts = {"bohnanza": {"offers_per_turn": 1}, "bohnaparte": {"deck_runs": 3, "riders": riders}}
    g = beanframe.new_game(VARIANTS, players, seed=seed, options=opts)
    rng = random.Random(seed)
    while not g.is_over:
        p = rng.choice(g.deciders)
        legal = g.legal_actions(p)
        attacks = [a for a in legal if a.name in ("attack", "ride")]
        g.apply(rng.choice(attacks if attacks and rng.random() < 0.5 else legal), p)
        assert not invariants(g), invariants(g)
    return g, opts


@settings(max_examples=4, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**16), st.booleans())
def test_random_games_keep_markers_and_replay(players, seed, riders):
    g, opts = random_game(players, seed, riders)
    cards = sum(len(z) for part in g.state.parts.values() if hasattr(part, "zones") for z in part.zones().values())
    assert cards == 104
    again = beanframe.new_game(VARIANTS, players, seed=seed, options=opts)
    for action, who in zip(g.actions, g.actors):
        again.apply(action, who)
    assert again.to_json() == g.to_json()
