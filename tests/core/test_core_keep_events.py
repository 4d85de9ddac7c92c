"""``game.keep_events = False`` (issue 28): a rollout nobody reads skips recording events, and
plays exactly the same game (listeners still run: Prohibohn's run-out and tax listeners)."""

from __future__ import annotations

import random

import pytest

import beanframe
from beanframe.core.position import write_position


def _play(game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("variants", "players"),
    [(["al_cabohne"], 2), (["al_cabohne"], 1), (["al_cabohne", "prohibohn"], 2), (["bohnanza"], 3)],
)
def test_a_game_without_events_reaches_the_same_states_and_results(variants, players):
    for seed in range(3):
        loud = beanframe.new_game(variants, players, seed=seed)
        quiet = loud.clone()
        quiet.keep_events = False
        before = loud.state.n_events
        _play(loud, seed)
        _play(quiet, seed)
        assert quiet.state.n_events == before < loud.state.n_events  # nothing new recorded
        assert quiet.actions == loud.actions
        assert write_position(quiet) == write_position(loud)
        assert quiet.result == loud.result


def test_a_clone_keeps_the_flag_and_a_new_game_records_events():
    game = beanframe.new_game(["al_cabohne"], 2, seed=4)
    assert game.keep_events is True and game.state.n_events > 0
    game.keep_events = False
    assert game.clone().keep_events is False
    n = game.state.n_events
    _play(game, 4)
    assert game.state.n_events == n
