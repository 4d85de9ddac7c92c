"""Prohibohn's segments of the observation vector (issue 10 "Observations and returns"): coins
from sales are face up, by bean, for everyone; starting coins are a count; the razzia's frozen
1-buildings and the F.23 stops are public. Nothing of another player's face-down coins leaks."""

from __future__ import annotations

import random

from beanframe.testing.observation import observation_problems
from beanframe_plugins.prohibohn.cards import card_id

from .helpers import bean, new, part, play, table

DECK = ["fire", "kidney", "puff", "broad", "french", "runner", "blue"] * 2 + ["blue", "blue", "kidney", "fire"]


def seg(game, player):
    return game.ruleset.observation_layout.split(game.observation(player))


def test_coins_from_sales_by_bean_and_face_down_starting_coins_as_a_count():
    # RULES B "Set-up changes": two starting coins face down; "Coins keep their bean": sold ones face up
    game = new(deck=DECK)
    play(game, "coin h1", "coin h1", "coin h1", "coin h1")
    t = table(game)
    fire, blue = bean(game, "fire"), bean(game, "blue")
    for c in (fire, fire, blue):  # from sales: everyone saw them made (taken from the deck to keep the count)
        t.deck.remove(c)
        t.coins[1].append(c)
    b = len(game.ruleset.config.params["beans"].cards)
    for observer, seat in ((0, 1), (1, 0), (None, 1)):
        coins = seg(game, observer)["prohibohn.coins"].reshape(2, b + 1)
        assert coins[seat, 0] == 2  # player 2's face-down starting coins: a count only
        assert coins[seat, 1 + fire] == 2 and coins[seat, 1 + blue] == 1 and coins[seat, 1:].sum() == 3
    assert seg(game, 1)["prohibohn.own_coins"].sum() == 5  # the owner knows all five by bean
    for k in range(3):
        assert observation_problems(game, random.Random(k)) == []  # redealt starting coins never show


def test_the_razzias_frozen_buildings_and_the_stops_are_public():
    game = new(deck=DECK)
    p = part(game)
    casino = card_id("casino1")
    p.protected = [casino]
    p.stopped = 1
    s = seg(game, 1)
    assert [i for i, v in enumerate(s["prohibohn.protected"]) if v] == [casino]
    assert s["prohibohn.stopped"].tolist() == [1]
