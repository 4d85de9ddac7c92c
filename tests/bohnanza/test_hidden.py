"""Hidden information in trading: private hand positions and determinization that keeps what
offers revealed (issue 8 "Private records")."""

from __future__ import annotations

import random
from collections import Counter

from .helpers import CARDS, bean, play, problems, situation, table, trade

HANDS = [["soy", "red", "fire"], ["blue", "green", "garden", "broad", "red"], ["fire"], ["broad"]]


def offered_game():
    game = situation(at="trade", hands=HANDS, deck=["blackeyed", "green"])
    play(game, "give h2", "give h4", "want-face u1", "send p1", by=1)  # Green Bean and Stink Bean
    return game


def test_determinization_keeps_the_beans_an_offer_named_in_its_makers_hand():
    game = offered_game()
    for seed in range(20):
        copy = game.determinize(0, random.Random(seed))
        o = trade(copy).offers[0]
        hand = table(copy).hands[1]
        assert [hand[h] for h in o.hand] == [bean("green"), bean("broad")]
        assert not problems(copy)
        assert copy.view(0) == game.view(0)  # the observer cannot tell the copy from the game


def test_determinization_does_not_reveal_where_the_offered_cards_sit():
    game = offered_game()
    where = Counter(trade(game.determinize(0, random.Random(s))).offers[0].hand for s in range(60))
    assert len(where) > 5  # the true positions (h2, h4) are not kept


def test_the_makers_own_determinization_keeps_their_hand():
    game = offered_game()
    copy = game.determinize(1, random.Random(3))
    assert table(copy).hands[1] == table(game).hands[1]
    assert trade(copy).offers[0] == trade(game).offers[0]


def test_other_hands_are_redealt_around_the_offer():
    game = offered_game()
    seen = {tuple(table(game.determinize(0, random.Random(s))).hands[1]) for s in range(30)}
    assert len(seen) > 1
    for hand in seen:
        assert len(hand) == 5 and Counter(hand)[bean("green")] >= 1 and Counter(hand)[bean("broad")] >= 1
    assert CARDS.total == 104
