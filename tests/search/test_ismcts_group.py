"""The search bot in a group decision (a Bohnanza trade): asked as a decider who is not the first
(an offer made to it, its own pass), it searches its own choices and answers a legal one (issue
27: on the table server it raised IllegalActionError and played a random move instead)."""

from __future__ import annotations

import random

import beanframe
from beanframe.agents import _ask, make_bot


def test_ismcts_answers_as_any_decider_of_a_trade():  # RULES C (trading: every player may trade)
    game = beanframe.new_game(["bohnanza"], 3, seed=4)
    bots = [make_bot(game.ruleset, "ismcts", p) for p in range(3)]
    for bot in bots:
        bot.seconds, bot.iterations = None, 30
    rng = random.Random(1)
    others_asked = 0
    for _ in range(120):
        if game.is_over:
            break
        deciders = game.deciders
        player = deciders[rng.randrange(len(deciders))]
        others_asked += player != game.to_act
        legal = game.legal_actions(player)
        action = _ask(bots[player], game, player, game.view(player), legal)
        assert action in legal
        game.apply(action, player)
    assert others_asked >= 10  # the trade's other deciders were asked, not just to_act
