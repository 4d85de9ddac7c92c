"""The trade part's observation segments (issue 8 "Missing"): face-up trade cards, set-aside
cards, open offers in public terms, who drafts, offers left; nothing the observer cannot see."""

from __future__ import annotations

import random

import pytest

from beanframe.testing.observation import observation_problems

from .helpers import bean, play, situation
from .test_conformance import mid_trade


def segments(game, player):
    return game.ruleset.observation_layout.split(game.observation(player))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_trade_observation_is_unchanged_when_unseen_cards_are_redealt(players, seed):
    # RULES C "Trade": offers are public in beans, hand positions are the maker's (issue 8)
    game = mid_trade(players, seed)
    assert observation_problems(game, random.Random(seed)) == []


def test_open_offer_and_caps_show_in_public_terms():
    # RULES C "Trade": everyone sees which beans an offer gives and asks
    game = situation(4, at="trade", hands=[["red", "blue"], ["fire"], [], []], deck=["green", "broad"])
    play(game, "give h2", f"ask c{bean('fire') + 1}", "send p2", by=0)
    layout = game.ruleset.observation_layout
    assert {"trade.face_up", "trade.received", "trade.offers", "trade.drafting", "trade.offers_left", "trade.draft"} <= {
        s.name for s in layout
    }
    b = len(game.ruleset.config.params["beans"].cards)
    width = 1 + 2 * 4 + 2 * b
    for p in (None, 0, 1, 2, 3):
        offer = segments(game, p)["trade.offers"][:width]
        assert offer[0] == 1.0
        assert offer[1 + 2 * 4 + bean("blue")] == 1.0  # the bean given, not its hand position
        assert offer[1 + 2 * 4 + b + bean("fire")] == 1.0
    # seats are relative: for player 2 the maker (player 1) sits 3 seats on, the addressee is itself
    mine = segments(game, 1)["trade.offers"][:width]
    assert mine[1 + 3] == 1.0 and mine[1 + 4 + 0] == 1.0
    assert segments(game, 0)["trade.offers_left"][0] == 2.0  # one of 3 offers used
    assert segments(game, 1)["trade.offers_left"][3] == 2.0


def test_a_draft_is_seen_by_its_maker_only():
    game = situation(3, at="trade", hands=[["red"], ["fire", "blue"], []], deck=["green", "broad"])
    play(game, "give h1", by=1)
    assert segments(game, 1)["trade.draft"][bean("fire")] == 1.0
    for p in (None, 0, 2):
        assert not segments(game, p)["trade.draft"].any()
    assert segments(game, 0)["trade.drafting"][1] == 1.0  # that player 2 drafts is public
