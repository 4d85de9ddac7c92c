"""Issue 17: a sample of an information set knows no more than its player. The determinized game
kept the real full record, so ``InformationSet(game, 0).sample(rng).log`` read "player 2 draws
Blaue Bohne": a search bot reading it would have known the other player's hand."""

from __future__ import annotations

import random

import pytest

import beanframe
from beanframe.search.infoset import InformationSet


@pytest.mark.parametrize(("variants", "players"), [(["al_cabohne"], 2), (["al_cabohne", "prohibohn"], 2)])
def test_a_sample_holds_only_what_the_player_knows(variants, players):
    game = beanframe.new_game(variants, players, seed=11)
    rng = random.Random(2)
    while game.state.turn < 5:
        p = game.to_act
        game.apply(rng.choice(game.legal_actions(p)), p)
    names = set(game.part("beans").names)
    real_draws = [line for line in game.log if " draws " in line and not line.endswith("a card")]
    assert any(not line.startswith("player 1 ") for line in real_draws)  # others drew named cards
    sample = InformationSet(game, 0).sample(random.Random(5))
    for line in sample.log:
        if " draws " in line and not line.startswith("player 1 "):
            assert not any(name in line for name in names), line  # F.13: others' draws unnamed
    assert sample.log == game.log_for(0)
    assert sample.history_for(0) == game.history_for(0)
