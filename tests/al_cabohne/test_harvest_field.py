"""Harvest and sell, the third field (RULES A "Harvest and sell", "Third field"; F.8, F.19)."""

from __future__ import annotations

import pytest

from beanframe.beans import options
from beanframe.errors import IllegalActionError

from .helpers import (
    check,
    codes,
    coins,
    discard_top_first,
    events_since,
    fields,
    many,
    named,
    situation,
    table,
)

BOSSES = [["runner"], ["broad"]]


def _harvests(game):
    return sorted(c for c in codes(game) if c.startswith("harvest"))


# RULES A "Harvest and sell": a harvest sells the whole field; coins per the bean-o-meter, the rest
# face up on the discard. Rulebook examples: 5 Fava Bean -> 2 coins and 3 to the discard;
# 2 Blue Bean -> nothing, both to the discard
def test_harvest_puff_and_blue_examples():
    game = situation(at="play", fields=[[many("puff", 5), many("blue", 2)], [[], []]], hands=[["kidney"], ["fire"]], bosses=BOSSES)
    mark = len(game.events)
    game.apply("harvest f1")
    assert fields(game)[0] == [] and coins(game) == 2
    assert named(table(game).coins[0]) == ["puff", "puff"]
    assert discard_top_first(game)[:3] == ["puff"] * 3
    assert events_since(game, mark, "harvest")[0][4:] == (5, 2)  # 5 cards for 2 coins
    game.apply("harvest f2")  # the Kidney Bean must be planted: the 2 Blue Bean are sold
    assert coins(game) == 2 and discard_top_first(game)[:2] == ["blue", "blue"]
    assert fields(game)[0] == fields(game)[1] == []
    check(game)


# RULES A "Cards": a field bigger than the 4-coin size sells for 4
def test_harvest_past_the_four_coin_size():
    game = situation(at="play", fields=[[many("blue", 12), []], [[], []]], hands=[["kidney"], ["fire"]], bosses=BOSSES)
    game.apply("harvest f1")
    assert coins(game) == 4
    assert discard_top_first(game)[:8] == ["blue"] * 8


# F.19 / RULES A "Harvest and sell": a one-bean field may not be harvested while another holds more
def test_one_bean_field_protected():
    game = situation(at="play", fields=[[["fire"], many("blue", 2)], [[], []]], hands=[["fire"], ["kidney"]], bosses=BOSSES)
    assert _harvests(game) == ["harvest f2"]
    with pytest.raises(IllegalActionError):
        game.apply("harvest f1")


# F.19 exception (a): all own fields hold exactly one bean: any one may be harvested, for 0
def test_all_fields_one_bean_any_may_be_harvested():
    game = situation(at="play", fields=[[["fire"], ["blue"]], [[], []]], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert _harvests(game) == ["harvest f1", "harvest f2"]
    game.apply("harvest f2")
    assert coins(game) == 0 and discard_top_first(game)[0] == "blue"


# F.19 exception (b): one field holds one bean, all others are empty: it may be harvested
def test_single_bean_and_empty_fields():
    game = situation(at="play", fields=[[[], ["blue"]], [[], []]], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert _harvests(game) == ["harvest f2"]


# F.19 with three fields, literally: exception (a) needs every field to hold one bean, (b) the
# one-bean field to be the only non-empty one; fields 1, 1, 0 fit neither: no harvest at all
@pytest.mark.parametrize(
    ("own", "expected"),
    [
        ([["fire"], [], ["blue"]], []),  # F.19: the earlier reading offered both
        ([["fire"], ["kidney"], ["blue"]], ["harvest f1", "harvest f2", "harvest f3"]),
        ([["fire"], [], many("blue", 2)], ["harvest f3"]),
        ([[], [], ["blue"]], ["harvest f3"]),
        ([[], [], []], []),
    ],
)
def test_one_bean_rule_with_three_fields(own, expected):
    game = situation(at="play", fields=[own, [[], []]], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert _harvests(game) == expected


# RULES A "Harvest and sell": only on one's own turn: the opponent's fields are never harvestable
def test_no_harvest_on_the_opponents_turn():
    game = situation(at="play", fields=[[[], []], [many("fire", 6), []]], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert game.state.active == 0
    assert options.harvest_legal(game, 1) == ()
    assert _harvests(game) == []  # "harvest f1" would be player 1's own (empty) field
    with pytest.raises(IllegalActionError):
        game.apply("harvest f1")
    assert fields(game, 1)[0] == ["fire"] * 6


# RULES A "Harvest and sell": harvesting is allowed in phases 1, 2, 3 and 5 (and the refill)
@pytest.mark.parametrize("at", ["leftovers", "tax", "play", "plant", "refill"])
def test_harvest_offered_at_every_own_decision(at):
    game = situation(
        at=at,
        fields=[[many("fire", 4), many("kidney", 2)], [[], []]],
        hands=[["blue", "puff"], ["french"]],
        bosses=[["kidney"], [] if at == "refill" else ["broad"]],
        leftovers=[["runner"]] if at == "leftovers" else [],
        piles=[["puff"]] if at == "plant" else [],
    )
    assert game.phase.name == ("plant" if at == "refill" else at)
    assert _harvests(game) == ["harvest f1", "harvest f2"]


# RULES A "Harvest and sell": no harvest in phase 4: it has no decision at all; from the last
# decision before the flips (F.20's) the next decision is phase 5's
def test_no_decision_in_phase_4():
    game = situation(at="play", hands=[["kidney", "puff"], ["fire"]], deck=["blue", "blue", "french", "fire"], bosses=BOSSES)
    game.apply("plant f1")
    assert game.phase.name == "play"
    game.apply("pass")
    assert game.phase.name == "before_flip"  # F.20
    game.apply("done")
    assert game.phase.name == "plant"
    assert len(table(game).piles) == 2


# ------------------------------------------------------------------------------------------
# Third field
# ------------------------------------------------------------------------------------------


# RULES A "Third field": once per game, on the own turn, for 4 coins; the coins are set aside
def test_buy_the_third_field():
    game = situation(at="play", coins=[9, 4], fields=[[many("fire", 2), many("blue", 2)], [[], []]], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert "buy-field" in codes(game)
    assert options.buy_field_legal(game, 1) == ()  # not on the opponent's turn
    game.apply("buy-field")
    assert coins(game) == 5 and len(table(game).set_aside) == 4
    assert len(table(game).fields[0]) == 3
    assert "buy-field" not in codes(game)  # once per game, although 5 coins are left
    assert codes(game)[0] == "plant f3"
    game.apply("plant f3")
    assert fields(game) == [["fire", "fire"], ["blue", "blue"], ["kidney"]]
    check(game)


# RULES A "Third field": fewer than 4 coins: it cannot be bought
def test_third_field_needs_four_coins():
    game = situation(at="play", coins=[3, 0], hands=[["kidney"], ["puff"]], bosses=BOSSES)
    assert "buy-field" not in codes(game)


# RULES A "Third field" + "Deck and game end": the set-aside coins come back into the new deck at
# the reshuffle (F.17)
def test_third_field_coins_return_at_the_reshuffle():
    game = situation(
        at="play",
        coins=[4, 0],
        hands=[["kidney"], ["puff"]],
        deck=["blue", "fire"],
        deck_size=2,
        discard=["french", "broad"],
        surplus="treasury",
        bosses=BOSSES,
    )
    game.apply("buy-field")
    assert len(table(game).set_aside) == 4 and coins(game) == 0
    mark = len(game.events)
    game.apply("plant f1")  # the only hand card: phase 3 is over
    game.apply("done")  # F.20: nothing to harvest or buy before the flips; phase 4 follows
    # the 2nd flip took the deck's last card: a new deck of the discard + the 4 set-aside coins
    assert events_since(game, mark, "reshuffle") == [("reshuffle", 6)]
    t = table(game)
    assert t.run_outs == 1 and t.set_aside == [] and t.discard == []
    assert len(t.deck) + sum(len(p) for p in t.piles) + sum(len(f) for f in game.part("mafia").bosses) == 2 + 6 + 2
    check(game)


# F.8: the solo player starts with 3 fields; there is nothing to buy
def test_no_third_field_to_buy_solo():
    game = situation(1, at="play", coins=[10], hands=[["kidney"]], bosses=[["runner"], ["broad"], ["puff"]])
    assert len(table(game).fields[0]) == 3
    assert "buy-field" not in codes(game)
    assert options.buy_field_legal(game, 0) == ()
