"""Al Cabohne's ``al_cabohne.shown`` observation segment (issue 10 "Observations and returns"): a
hand shown at the refill (RULES A "Turn" phase 5) is public, in order, until its cards leave it;
the cards drawn behind it stay hidden."""

from __future__ import annotations

import random

import numpy as np

import beanframe
from beanframe.beans.observation import hand_positions
from beanframe.testing.observation import observation_problems

from .helpers import bean, situation


def shown(game, player):
    rules = game.ruleset
    b = len(rules.config.params["beans"].cards)
    seg = rules.observation_layout.split(game.observation(player))["al_cabohne.shown"]
    return seg.reshape(game.players, hand_positions(rules.config), b)


def test_a_shown_hand_front_is_in_everyones_vector_until_it_leaves():
    # RULES A "Turn" phase 5: no hand card fits the empty boss: player 1 shows (fire, fire), then
    # draws blue and kidney behind it
    game = situation(at="refill", bosses=[["fire"], []], hands=[["fire", "fire"], ["broad"]], deck=["blue", "kidney"])
    for observer, seat in ((1, 1), (None, 0)):
        rows = shown(game, observer)[seat]
        assert [int(np.argmax(r)) for r in rows[:2]] == [bean("fire"), bean("fire")]
        assert not rows[2:].any()  # blue and kidney were drawn unseen
    assert not shown(game, 0).any()  # one's own hand is beans.hand
    for k in range(3):
        assert observation_problems(game, random.Random(k)) == []
    table = game.part("beans")
    card = table.hands[0].pop(0)  # phase 3 plants the front card, face up
    table.fields[0][1].append(card)
    game.emit("plant", 0, 1, card, "hand")
    rows = shown(game, 1)[1]
    assert int(np.argmax(rows[0])) == bean("fire") and not rows[1:].any()


def test_solo_has_no_shown_segment():
    assert "al_cabohne.shown" not in beanframe.compose(["al_cabohne"], 1).observation_layout
